package sweep

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/loomlab/loomlab/sim/scenario"
)

// MaxSides bounds the sides of a sweep, as compare mode bounds the cases
// shown side by side: more lines per chart are hard to tell apart.
const MaxSides = scenario.MaxCompare

// Side is one line of every chart: the sweep's case with a few knob values
// of its own, or another case of the scenario.
type Side struct {
	// Label is the side as written ("pool=true", "case=1g-nopool").
	Label string `json:"label"`
	// Case is the case the side runs.
	Case string `json:"case"`
	// Set are the side's knob values, over the sweep's own.
	Set map[string]string `json:"set"`
}

// ParseSide reads a side written as "k=v[,k=v...]", where each k is a knob
// of s or "case" (another case of s). baseCase is the sweep's case, which
// a side that names none runs.
func ParseSide(s *scenario.Scenario, baseCase, text string) (Side, error) {
	sd := Side{Case: baseCase, Set: map[string]string{}}
	var labels []string
	for _, kv := range strings.Split(text, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return Side{}, fmt.Errorf("side %q: expected knob=value or case=CASE, several separated by commas (e.g. pool=true)", text)
		}
		if k == "case" {
			if _, err := s.Case(v); err != nil {
				return Side{}, fmt.Errorf("side %q: %v", text, err)
			}
			sd.Case = v
		} else {
			knob, ok := s.Knob(k)
			if !ok {
				return Side{}, fmt.Errorf("side %q: %s has no knob %q; knobs are %s", text, s.ID, k, strings.Join(knobNames(s), ", "))
			}
			if !knob.Accepts(v) {
				return Side{}, fmt.Errorf("side %q: knob %s=%q is not allowed: expected %s", text, k, v, knob.Allowed())
			}
			if _, dup := sd.Set[k]; dup {
				return Side{}, fmt.Errorf("side %q sets %s twice", text, k)
			}
			sd.Set[k] = v
		}
		labels = append(labels, k+"="+v)
	}
	sd.Label = strings.Join(labels, ",")
	return sd, nil
}

// Setup is a whole sweep: what `loomsim sweep` is asked, what the page's
// link carries, what the page's worker plans and collects.
type Setup struct {
	Scenario string `json:"scenario"`
	Case     string `json:"case"`
	Knob     Range  `json:"knob"`
	// Set are knob values every run takes (the page's other knobs, --set).
	Set     map[string]string `json:"set"`
	Sides   []Side            `json:"sides"`
	Metrics []string          `json:"metrics"`
	Seed    uint64            `json:"seed"`
}

// Request is a sweep as text, the way the command line and the page spell
// it; Parse checks it and makes a Setup.
type Request struct {
	// Ref is "SCENARIO" or "SCENARIO/CASE".
	Ref string `json:"ref"`
	// Knob is "KNOB=LO:HI:N[:log]" (or with ":" after the knob name).
	Knob    string            `json:"knob"`
	Set     map[string]string `json:"set"`
	Sides   []string          `json:"sides"`
	Metrics []string          `json:"metrics"`
	Seed    uint64            `json:"seed"`
}

// Parse checks a request and makes its setup. Every refusal is one line
// naming the value and what is allowed. Beyond each value on its own, it
// builds the configuration of every run (the ends of the range on every
// side), so a combination the simulator refuses is refused here, before
// anything runs.
func Parse(q Request) (*Setup, error) {
	s, caseID, err := scenario.ParseRef(q.Ref)
	if err != nil {
		return nil, err
	}
	r, err := ParseRange(s, q.Knob)
	if err != nil {
		return nil, err
	}
	st := &Setup{Scenario: s.ID, Case: caseID, Knob: r, Set: map[string]string{}, Seed: q.Seed}
	for _, k := range slices.Sorted(maps.Keys(q.Set)) {
		if k == r.Knob {
			return nil, fmt.Errorf("--set %s: the knob is swept, so its value comes from the range", k)
		}
		st.Set[k] = q.Set[k]
	}
	if _, err := s.Resolve(caseID, st.Set); err != nil {
		return nil, err
	}
	for _, text := range q.Sides {
		sd, err := ParseSide(s, caseID, text)
		if err != nil {
			return nil, err
		}
		if _, ok := sd.Set[r.Knob]; ok {
			return nil, fmt.Errorf("side %q sets %s, the knob swept; a side may set other knobs or case", text, r.Knob)
		}
		for _, o := range st.Sides {
			if o.Label == sd.Label {
				return nil, fmt.Errorf("side %q is given twice", text)
			}
		}
		st.Sides = append(st.Sides, sd)
	}
	if len(st.Sides) > MaxSides {
		return nil, fmt.Errorf("%d sides (--side): a sweep takes at most %d", len(st.Sides), MaxSides)
	}
	if len(st.Sides) == 0 {
		st.Sides = []Side{{Label: caseID, Case: caseID, Set: map[string]string{}}}
	}
	allowed := Metrics(s)
	if len(q.Metrics) == 0 {
		return nil, fmt.Errorf("a sweep needs at least one metric: %s reports %s", s.ID, strings.Join(allowed, ", "))
	}
	for _, m := range q.Metrics {
		if !slices.Contains(allowed, m) {
			return nil, fmt.Errorf("unknown metric %q: %s reports %s", m, s.ID, strings.Join(allowed, ", "))
		}
		if slices.Contains(st.Metrics, m) {
			return nil, fmt.Errorf("metric %s is given twice", m)
		}
		st.Metrics = append(st.Metrics, m)
	}
	p := r.Points()
	for _, sd := range st.Sides {
		for _, x := range []float64{p[0], p[len(p)-1]} {
			v, err := s.Resolve(sd.Case, st.set(sd, r.Text(x)))
			if err == nil {
				_, err = s.Config(v)
			}
			if err != nil {
				return nil, fmt.Errorf("side %s at %s=%s: %v", sd.Label, r.Knob, r.Text(x), err)
			}
		}
	}
	return st, nil
}

// Metrics lists the metrics of s a sweep can chart: the numeric ones of
// its report.
func Metrics(s *scenario.Scenario) []string {
	var out []string
	for _, m := range s.Metrics {
		if slices.Contains(scenario.MetricNames, m) {
			out = append(out, m)
		}
	}
	return out
}

// Run is one run of a sweep: a point on a side.
type Run struct {
	Point int           `json:"point"`
	Side  int           `json:"side"`
	Spec  scenario.Spec `json:"spec"`
}

// Runs lists every run of the sweep, point by point and, within a point,
// side by side; Collect takes the results in this order.
func (st *Setup) Runs() []Run {
	p := st.Knob.Points()
	out := make([]Run, 0, len(p)*len(st.Sides))
	for i, x := range p {
		for j, sd := range st.Sides {
			out = append(out, Run{Point: i, Side: j, Spec: scenario.Spec{Scenario: st.Scenario, Case: sd.Case,
				Knobs: st.set(sd, st.Knob.Text(x)), Seed: st.Seed}})
		}
	}
	return out
}

// set are the knob values of one run: the sweep's, the side's, the point.
func (st *Setup) set(sd Side, point string) map[string]string {
	m := make(map[string]string, len(st.Set)+len(sd.Set)+1)
	for k, v := range st.Set {
		m[k] = v
	}
	for k, v := range sd.Set {
		m[k] = v
	}
	m[st.Knob.Knob] = point
	return m
}

func knobNames(s *scenario.Scenario) []string {
	out := make([]string, len(s.Knobs))
	for i, k := range s.Knobs {
		out[i] = k.Name
	}
	return out
}
