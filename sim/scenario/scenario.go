// Package scenario turns the five articles (and a free sandbox) into
// simulator configurations: each scenario has typed knobs with defaults and
// ranges, named cases (the knob values an article's runs used), one profile
// of physical constants with derivations, and the article's figures with
// tolerances. Cases differ only in knob values; nothing here sets a result.
package scenario

import (
	"fmt"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// Scenario is one article's setup (or the sandbox).
type Scenario struct {
	ID    string
	Title string
	// Article credits the source: title, author or publisher, and where it
	// appeared.
	Article string
	// Summary says in the project's own words what the article measured
	// and what the scenario shows.
	Summary string
	Knobs   []Knob
	Cases   []Case
	// DefaultCase is the case used when none is named.
	DefaultCase string
	// Compare lists the cases the page shows side by side.
	Compare []string
	Figures []Figure
	Profile []Constant
	// Metrics lists the contract's metric names the scenario reports.
	Metrics []string
	// Notes are short "what you are seeing" texts for the page.
	Notes []string
	// Short are knob values that shrink any case to a run of well under a
	// second (tests, native/wasm agreement, quick previews).
	Short [][2]string
	build func(v *Values) (sim.Config, error)
}

// Case is a named set of knob values.
type Case struct {
	ID    string
	Title string
	Set   [][2]string // knob, value (in order)
}

// Constant is one profile constant with its derivation.
type Constant struct {
	Name       string
	Value      string
	Derivation string
	// Fits names the article's figures (Figure.Key) this constant was
	// fitted to; nil for a JVM fact, a setup detail or an estimate. Those
	// figures are Calibrated; every other one is a prediction (roles.go).
	Fits []string
}

// registry is every scenario, in the order the page's picker, the CLI's
// list and verify show them. A scenario exists only once it is listed
// here, so its place in the order is chosen when it is added.
var registry = []*Scenario{vtPooling, vtBasics, loomCarrier, llmRouter, requestLoad, gcLab}

// All returns every scenario in registry order.
func All() []*Scenario {
	return append([]*Scenario(nil), registry...)
}

// Get returns a scenario by ID.
func Get(id string) (*Scenario, error) {
	for _, s := range registry {
		if s.ID == id {
			return s, nil
		}
	}
	ids := make([]string, 0, len(registry))
	for _, s := range All() {
		ids = append(ids, s.ID)
	}
	return nil, fmt.Errorf("unknown scenario %q: expected one of %s", id, strings.Join(ids, ", "))
}

// ParseRef splits "scenario/case" and resolves both.
func ParseRef(ref string) (*Scenario, string, error) {
	id, cs, _ := strings.Cut(ref, "/")
	s, err := Get(id)
	if err != nil {
		return nil, "", err
	}
	if cs == "" {
		cs = s.DefaultCase
	}
	if _, err := s.Case(cs); err != nil {
		return nil, "", err
	}
	return s, cs, nil
}

// ShortSet returns the scenario's Short knob values as overrides.
func (s *Scenario) ShortSet() map[string]string {
	m := map[string]string{}
	for _, kv := range s.Short {
		m[kv[0]] = kv[1]
	}
	return m
}

// Case returns a case by ID.
func (s *Scenario) Case(id string) (*Case, error) {
	for i := range s.Cases {
		if s.Cases[i].ID == id {
			return &s.Cases[i], nil
		}
	}
	ids := make([]string, len(s.Cases))
	for i, c := range s.Cases {
		ids[i] = c.ID
	}
	return nil, fmt.Errorf("%s: unknown case %q: expected one of %s", s.ID, id, strings.Join(ids, ", "))
}

// Knob returns a knob by name.
func (s *Scenario) Knob(name string) (*Knob, bool) {
	for i := range s.Knobs {
		if s.Knobs[i].Name == name {
			return &s.Knobs[i], true
		}
	}
	return nil, false
}

// Resolve computes effective knob values: defaults, then the case's
// values, then the overrides (knob name to text). Every refusal names the
// knob and what it accepts.
func (s *Scenario) Resolve(caseID string, set map[string]string) (*Values, error) {
	v := &Values{knobs: s.Knobs, v: make(map[string]any, len(s.Knobs))}
	for i := range s.Knobs {
		k := &s.Knobs[i]
		x, ok := k.parse(k.Default)
		if !ok {
			panic(fmt.Sprintf("scenario %s: default %q of knob %s is not valid", s.ID, k.Default, k.Name))
		}
		v.v[k.Name] = x
	}
	if caseID == "" {
		caseID = s.DefaultCase
	}
	c, err := s.Case(caseID)
	if err != nil {
		return nil, err
	}
	apply := func(name, text string) error {
		k, ok := s.Knob(name)
		if !ok {
			names := make([]string, len(s.Knobs))
			for i, k := range s.Knobs {
				names[i] = k.Name
			}
			return &KnobError{Scenario: s.ID, Knob: name, Value: text,
				Reason: "no such knob; knobs are " + strings.Join(names, ", ")}
		}
		x, ok := k.parse(text)
		if !ok {
			return &KnobError{Scenario: s.ID, Knob: name, Value: text, Allowed: k.Allowed()}
		}
		v.v[name] = x
		return nil
	}
	for _, kv := range c.Set {
		if err := apply(kv[0], kv[1]); err != nil {
			panic(fmt.Sprintf("scenario %s case %s: %v", s.ID, c.ID, err))
		}
	}
	for _, name := range sortedKeys(set) {
		if err := apply(name, set[name]); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// Config builds the simulator configuration for resolved values.
func (s *Scenario) Config(v *Values) (sim.Config, error) {
	cfg, err := s.build(v)
	if err != nil {
		return cfg, err
	}
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("%s: %v", s.ID, err)
	}
	return cfg, nil
}

// NewSim resolves a case with overrides and builds a simulator.
func (s *Scenario) NewSim(caseID string, set map[string]string, seed uint64) (*sim.Sim, *Values, error) {
	v, err := s.Resolve(caseID, set)
	if err != nil {
		return nil, nil, err
	}
	cfg, err := s.Config(v)
	if err != nil {
		return nil, nil, err
	}
	sm, err := sim.New(cfg, seed)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", s.ID, err)
	}
	return sm, v, nil
}

// Result is what a full run reports: the object `loomsim run --json` prints
// (WallSeconds is filled in by the caller, which owns a clock).
type Result struct {
	Scenario   string         `json:"scenario"`
	Case       string         `json:"case"`
	Seed       uint64         `json:"seed"`
	Params     map[string]any `json:"params"`
	Metrics    map[string]any `json:"metrics"`
	Outcome    string         `json:"outcome"`
	SimSeconds float64        `json:"sim_seconds"`
	// PlannedSeconds is the virtual time the run was set to last (a warm-up
	// and a measurement window); absent for a run that lasts until its
	// workload is done. A run that stopped early has SimSeconds below it.
	PlannedSeconds float64 `json:"planned_seconds,omitempty"`
	WallSeconds    float64 `json:"wall_seconds"`
	Events         int64   `json:"events"`
	// DrewAtRandom says whether the run drew anything from its random
	// source (sim.DrewAtRandom): when not, another seed gives the same
	// numbers (SeedEffect).
	DrewAtRandom bool `json:"drew_at_random"`
}

// SeedEffect says what another seed would do to a run that drew at random
// or not, both ways: a reader of output that said it only where nothing
// was drawn took the line's absence for the tool's habit, not for "this
// run depends on its seed".
func SeedEffect(drew bool) string {
	if drew {
		return "drew at random, so another seed can give other numbers"
	}
	return "drew nothing at random, so another seed gives the same numbers"
}

// Run runs a case to the end. progress, if not nil, is called now and then
// with the fraction of the run done; it must not keep the simulator.
func (s *Scenario) Run(caseID string, set map[string]string, seed uint64, progress func(float64)) (*Result, error) {
	sm, v, err := s.NewSim(caseID, set, seed)
	if err != nil {
		return nil, err
	}
	loop := watchMainLoop(sm)
	if caseID == "" {
		caseID = s.DefaultCase
	}
	total := sm.Config().Run.Duration
	for !sm.Advance(sim.Never, 1<<18) {
		if progress != nil {
			if total > 0 {
				progress(float64(sm.Now()) / float64(total))
			} else {
				progress(-1)
			}
		}
	}
	if progress != nil {
		progress(1)
	}
	return s.result(caseID, seed, v, sm, loop), nil
}

// result reports a finished run; loop is the watch on its main thread
// (watchMainLoop), begun before the run.
func (s *Scenario) result(caseID string, seed uint64, v *Values, sm *sim.Sim, loop loopWatch) *Result {
	m := sm.Metrics()
	metrics := s.metricMap(&m)
	if _, wanted := metrics[loopMetric]; wanted {
		// A number only when main's loop ended: otherwise verify says the
		// metric is missing instead of reading a zero.
		delete(metrics, loopMetric)
		if d, ok := loop.loopEnd(sm); ok {
			metrics[loopMetric] = ms(d)
		}
	}
	unmeasured(metrics, &m, sm.Config().Run.MeasureFrom)
	r := &Result{Scenario: s.ID, Case: caseID, Seed: seed, Params: v.Map(),
		Metrics: metrics, SimSeconds: round(m.SimTime.Seconds(), 6), Events: m.Events, Outcome: "completed",
		PlannedSeconds: round(sm.Config().Run.Duration.Seconds(), 6), DrewAtRandom: sm.DrewAtRandom()}
	if m.OOM != "" {
		r.Outcome = "java.lang.OutOfMemoryError: " + m.OOM
	} else if m.StopReason == "event budget exhausted" {
		r.Outcome = "stopped: event budget exhausted"
	}
	return r
}
