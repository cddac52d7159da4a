package main

import (
	"fmt"
	"math"
	"time"

	"github.com/loomlab/loomlab/sim/scenario"
)

// Spec is what the page asks the worker to run: the same object the
// playground's load() takes (compare is ignored: a full run is one case).
type Spec = scenario.Spec

// ParseSpec decodes a spec (see scenario.ParseSpec).
func ParseSpec(text string) (Spec, error) { return scenario.ParseSpec(text) }

// runFull runs a spec to the end and returns the object `loomsim run
// --json` prints. progress gets the fraction done.
func runFull(sp Spec, progress func(float64)) (*scenario.Result, error) {
	s, err := scenario.Get(sp.Scenario)
	if err != nil {
		return nil, err
	}
	if sp.Case == "" {
		sp.Case = s.DefaultCase
	}
	start := time.Now()
	r, err := s.Run(sp.Case, sp.Knobs, sp.Seed, progress)
	if err != nil {
		return nil, err
	}
	r.WallSeconds = scenario.RoundWall(time.Since(start).Seconds())
	return r, nil
}

// Verification is the article-vs-model table of one scenario: the verdict
// on every figure and the full-length runs behind them.
type Verification struct {
	Scenario string           `json:"scenario"`
	Checks   []scenario.Check `json:"checks"`
	// Summary counts the verdicts by role, as `loomsim verify` ends.
	Summary string                      `json:"summary"`
	Results map[string]*scenario.Result `json:"results"`
}

// verifyCases lists the cases a scenario's figures need, in figure order.
func verifyCases(s *scenario.Scenario) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range s.Figures {
		for _, c := range []string{f.Case, f.Than} {
			if c != "" && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// verify runs every case of a scenario's figures (seed 1, full length, as
// `loomsim verify` does) and checks each figure. progress gets the
// fraction of the whole job done and the case being run.
func verify(id string, progress func(frac float64, caseID string)) (*Verification, error) {
	s, err := scenario.Get(id)
	if err != nil {
		return nil, err
	}
	cases := verifyCases(s)
	index := map[string]int{}
	for i, c := range cases {
		index[c] = i
	}
	v := &Verification{Scenario: id, Results: map[string]*scenario.Result{}}
	checks, err := s.Verify(func(c string) (*scenario.Result, error) {
		i := index[c]
		var p func(float64)
		if progress != nil {
			p = func(f float64) {
				if f < 0 {
					f = 0
				}
				progress((float64(i)+math.Min(f, 1))/float64(len(cases)), c)
			}
		}
		r, err := runFull(Spec{Scenario: id, Case: c, Seed: 1}, p)
		if err == nil {
			v.Results[c] = r
		}
		return r, err
	})
	if err != nil {
		return nil, err
	}
	if checks == nil {
		checks = []scenario.Check{}
	}
	v.Checks = checks
	v.Summary = scenario.SummarizeRoles(checks).String()
	return v, nil
}

// check judges a scenario's figures against results the caller ran (the
// page runs the cases in parallel workers, then asks one for the verdict).
// Every case the figures need must be there.
func check(id string, results map[string]*scenario.Result) (*Verification, error) {
	s, err := scenario.Get(id)
	if err != nil {
		return nil, err
	}
	checks, err := s.Verify(func(c string) (*scenario.Result, error) {
		r, ok := results[c]
		if !ok || r == nil {
			return nil, fmt.Errorf("%s: no result for case %s", id, c)
		}
		return r, nil
	})
	if err != nil {
		return nil, err
	}
	if checks == nil {
		checks = []scenario.Check{}
	}
	return &Verification{Scenario: id, Checks: checks, Summary: scenario.SummarizeRoles(checks).String(), Results: results}, nil
}

// checkSome judges the figures whose cases are all in results (the page
// asks after each of its runs, to fill the table in as they finish): one
// entry per figure, in figure order, nil where a case has not run yet.
func checkSome(id string, results map[string]*scenario.Result) ([]*scenario.Check, error) {
	s, err := scenario.Get(id)
	if err != nil {
		return nil, err
	}
	return s.CheckAvailable(results), nil
}
