package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/loomlab/loomlab/sweep"
)

// The page runs a sweep's points in its pool of workers, one runFull each;
// the sweep package says which runs there are (sweepPlan) and turns their
// results into the sweep's result (sweepCollect), so the points, the
// refusals and the numbers are those of `loomsim sweep`.

// parseSweepRequest decodes the page's sweep request (sweep.Request:
// {"ref", "knob", "set", "sides", "metrics", "seed"}) and checks it.
func parseSweepRequest(text string) (*sweep.Setup, error) {
	q := sweep.Request{Seed: 1}
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&q); err != nil {
		return nil, fmt.Errorf("bad sweep: %s (expected {\"ref\", \"knob\", \"set\", \"sides\", \"metrics\", \"seed\"})",
			strings.ReplaceAll(err.Error(), "\n", " "))
	}
	st, err := sweep.Parse(q)
	return st, sweep.ForThePage(err)
}

// SweepPlan is what sweepPlan answers: the checked setup, its points and
// the spec of every run, in the order sweepCollect takes their results.
type SweepPlan struct {
	Setup  *sweep.Setup    `json:"setup"`
	Points []any           `json:"points"`
	Runs   []scenario.Spec `json:"runs"`
	Labels []string        `json:"labels"` // "heap_mb=512 on pool=true", per run
}

func sweepPlan(requestJSON string) (*SweepPlan, error) {
	st, err := parseSweepRequest(requestJSON)
	if err != nil {
		return nil, err
	}
	p := st.Knob.Points()
	plan := &SweepPlan{Setup: st}
	for _, x := range p {
		plan.Points = append(plan.Points, st.Knob.Value(x))
	}
	for _, r := range st.Runs() {
		plan.Runs = append(plan.Runs, r.Spec)
		plan.Labels = append(plan.Labels, fmt.Sprintf("%s=%s on %s", st.Knob.Knob, st.Knob.Text(p[r.Point]), st.Sides[r.Side].Label))
	}
	return plan, nil
}

// SweepOutput is what sweepCollect answers: the sweep's result (what
// `loomsim sweep --json` prints) and its CSV (what --csv prints).
type SweepOutput struct {
	Sweep *sweep.Result `json:"sweep"`
	CSV   string        `json:"csv"`
}

func sweepCollect(requestJSON, resultsJSON string) (*SweepOutput, error) {
	st, results, err := sweepResults("sweepCollect", requestJSON, resultsJSON)
	if err != nil {
		return nil, err
	}
	res, err := sweep.Collect(st, results)
	if err != nil {
		return nil, err
	}
	var csv bytes.Buffer
	if err := res.WriteCSV(&csv); err != nil {
		return nil, err
	}
	return &SweepOutput{Sweep: res, CSV: csv.String()}, nil
}

// sweepCollectSome answers what the runs that have ended show (results in
// the plan's order, null for a run still to come): the sweep's result with
// those runs' cells empty, and no CSV. The page draws it while the sweep
// goes on.
func sweepCollectSome(requestJSON, resultsJSON string) (*SweepOutput, error) {
	st, results, err := sweepResults("sweepCollectSome", requestJSON, resultsJSON)
	if err != nil {
		return nil, err
	}
	res, err := sweep.CollectSome(st, results)
	if err != nil {
		return nil, err
	}
	return &SweepOutput{Sweep: res}, nil
}

// sweepResults decodes the arguments of sweepCollect and sweepCollectSome.
func sweepResults(name, requestJSON, resultsJSON string) (*sweep.Setup, []*scenario.Result, error) {
	st, err := parseSweepRequest(requestJSON)
	if err != nil {
		return nil, nil, err
	}
	var results []*scenario.Result
	if err := json.Unmarshal([]byte(resultsJSON), &results); err != nil {
		return nil, nil, fmt.Errorf("%s: results: %v", name, err)
	}
	return st, results, nil
}
