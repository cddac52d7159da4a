package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/loomlab/loomlab/sweep"
)

const shortSweep = `{"ref":"request-load/pool-200","knob":"pool_size:50:400:4","set":{"requests":"300"},
	"sides":["executor=pool","executor=virtual"],"metrics":["elapsed_ms"],"seed":4}`

// The page's way (plan, one runFull per run through JSON, collect) gives
// what sweep.Execute gives natively, the CLI's way.
func TestSweepPlanAndCollectMatchExecute(t *testing.T) {
	plan, err := sweepPlan(shortSweep)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Runs) != 8 || len(plan.Labels) != 8 || plan.Labels[1] != "pool_size=50 on executor=virtual" {
		t.Fatalf("plan: %d runs, labels %q", len(plan.Runs), plan.Labels)
	}
	var results []json.RawMessage
	for _, sp := range plan.Runs {
		b, _ := json.Marshal(sp)
		parsed, err := ParseSpec(string(b))
		if err != nil {
			t.Fatal(err)
		}
		r, err := runFull(parsed, nil)
		if err != nil {
			t.Fatal(err)
		}
		r.WallSeconds = 0
		j, _ := json.Marshal(r)
		results = append(results, j)
	}
	all, _ := json.Marshal(results)
	out, err := sweepCollect(shortSweep, string(all))
	if err != nil {
		t.Fatal(err)
	}
	native, err := sweep.Execute(plan.Setup, 2, func(r sweep.Run) (*scenario.Result, error) {
		s, _ := scenario.Get(r.Spec.Scenario)
		return s.Run(r.Spec.Case, r.Spec.Knobs, r.Spec.Seed, nil)
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(out.Sweep)
	want, _ := json.Marshal(native)
	if string(got) != string(want) {
		t.Errorf("collected in the worker:\n%s\nsweep.Execute:\n%s", got, want)
	}
	var csv bytes.Buffer
	_ = native.WriteCSV(&csv)
	if out.CSV != csv.String() || !strings.HasPrefix(out.CSV, "pool_size,elapsed_ms[executor=pool]") {
		t.Errorf("csv:\n%s\nwant:\n%s", out.CSV, csv.String())
	}

	// What the page draws while the runs go on: the first run's cell as in
	// the whole sweep, the others empty, and no CSV yet.
	sofar := make([]json.RawMessage, len(results))
	sofar[0] = results[0]
	for i := 1; i < len(sofar); i++ {
		sofar[i] = json.RawMessage("null")
	}
	some, _ := json.Marshal(sofar)
	partial, err := sweepCollectSome(shortSweep, string(some))
	if err != nil {
		t.Fatal(err)
	}
	if partial.CSV != "" {
		t.Errorf("a sweep under way has no CSV yet: %q", partial.CSV)
	}
	first := plan.Setup.Runs()[0]
	for j, sr := range partial.Sweep.Results {
		for m, vs := range sr.Values {
			for p, v := range vs {
				w := native.Results[j].Values[m][p]
				if j == first.Side && p == first.Point {
					if v == nil || w == nil || *v != *w {
						t.Errorf("the first run's %s: %v, the whole sweep's %v", m, v, w)
					}
				} else if v != nil {
					t.Errorf("side %d point %d %s: %v before its run ended", j, p, m, *v)
				}
			}
		}
	}
}

func TestSweepRequestRefusals(t *testing.T) {
	for _, c := range []struct{ req, want string }{
		{`{"ref":"request-load","knob":"pool_size:1:2:2","metrics":["elapsed_ms"],"extra":1}`, `unknown field "extra"`},
		{`{"ref":"request-load","knob":"pool_size:2:1:2","metrics":["elapsed_ms"]}`, "LO 2 must be below HI 1"},
		{`{"ref":"nope","knob":"x:1:2:2","metrics":["elapsed_ms"]}`, `unknown scenario "nope"`},
		{`[]`, "bad sweep"},
	} {
		_, err := sweepPlan(c.req)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("sweepPlan(%s) = %v, want %q", c.req, err, c.want)
		}
	}
	if _, err := sweepCollect(shortSweep, `[{}]`); err == nil || !strings.Contains(err.Error(), "1 results for 8 runs") {
		t.Errorf("sweepCollect with too few results: %v", err)
	}
}
