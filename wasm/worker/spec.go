package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/loomlab/loomlab/sim/scenario"
)

// Spec is what the page asks the worker to run: the JSON object
// {"scenario", "case", "knobs": {name: value}, "seed"}. Knob values may be
// JSON strings, numbers or booleans; they reach the scenario as the text a
// --set flag would carry, so the scenario's own parser is the authority.
type Spec struct {
	Scenario string
	Case     string
	Knobs    map[string]string
	Seed     uint64
}

// ParseSpec decodes and checks the shape of a spec. Knob names and values
// are checked later by the scenario (scenario.Resolve).
func ParseSpec(text string) (Spec, error) {
	var raw struct {
		Scenario *string                    `json:"scenario"`
		Case     string                     `json:"case"`
		Knobs    map[string]json.RawMessage `json:"knobs"`
		Seed     json.RawMessage            `json:"seed"`
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return Spec{}, fmt.Errorf("spec: %v (expected {\"scenario\", \"case\", \"knobs\", \"seed\"})", err)
	}
	if raw.Scenario == nil || *raw.Scenario == "" {
		return Spec{}, fmt.Errorf("spec: scenario is missing")
	}
	sp := Spec{Scenario: *raw.Scenario, Case: raw.Case, Knobs: map[string]string{}, Seed: 1}
	for name, v := range raw.Knobs {
		t, err := knobText(v)
		if err != nil {
			return Spec{}, fmt.Errorf("%s: knob %s: %v", sp.Scenario, name, err)
		}
		sp.Knobs[name] = t
	}
	if len(raw.Seed) > 0 && string(raw.Seed) != "null" {
		s := strings.Trim(string(raw.Seed), `"`)
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return Spec{}, fmt.Errorf("seed %s: expected a non-negative integer", raw.Seed)
		}
		sp.Seed = n
	}
	return sp, nil
}

// knobText turns a JSON value into the text of a --set flag.
func knobText(v json.RawMessage) (string, error) {
	v = bytes.TrimSpace(v)
	switch {
	case len(v) == 0 || string(v) == "null":
		return "", fmt.Errorf("no value")
	case v[0] == '"':
		var s string
		err := json.Unmarshal(v, &s)
		return s, err
	case string(v) == "true" || string(v) == "false":
		return string(v), nil
	case v[0] == '-' || v[0] >= '0' && v[0] <= '9':
		// A JSON number, kept as written: 2048 stays "2048", 0.5 "0.5".
		return string(v), nil
	}
	return "", fmt.Errorf("value %s: expected a string, number or boolean", v)
}

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
	Scenario string                      `json:"scenario"`
	Checks   []scenario.Check            `json:"checks"`
	Results  map[string]*scenario.Result `json:"results"`
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
	return &Verification{Scenario: id, Checks: checks, Results: results}, nil
}
