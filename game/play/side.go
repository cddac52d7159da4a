package play

import (
	"sort"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// eventCapacity is the room for observable events between two ticks. A
// tick that overflows it drops the oldest (the sim counts them); that only
// happens at speeds where no motion is drawn anyway.
const eventCapacity = 8192

// Side is one simulator of the playground and what is read from it.
type Side struct {
	Case  string
	Title string

	sm     *sim.Sim
	values *scenario.Values
	Snap   sim.Snapshot
	// Events are the observable events of the last tick (including any a
	// step produced since the tick before).
	Events  []sim.Event
	pending []sim.Event
	Dropped int64
	View    *view.Side

	virtual  bool
	scopes   bool
	requests int64
	lat      latencyAcc
}

func newSide(sc *scenario.Scenario, caseID string, knobs map[string]string, seed uint64) (*Side, error) {
	sm, vals, err := sc.NewSim(caseID, knobs, seed)
	if err != nil {
		return nil, err
	}
	c, _ := sc.Case(caseID)
	s := &Side{Case: caseID, sm: sm, values: vals, View: view.NewSide()}
	if c != nil {
		s.Title = c.Title
	}
	cfg := sm.Config()
	for _, e := range cfg.Executors {
		switch {
		case e.Kind == sim.ExecVirtualPerTask, e.Kind == sim.ExecVirtualPool, e.Kind == sim.ExecEventLoops && e.Virtual:
			s.virtual = true
		}
	}
	for _, p := range cfg.Programs {
		for _, st := range p.Steps {
			if st.Kind == sim.StepFork || st.Kind == sim.StepRace {
				s.scopes, s.virtual = true, true
			}
		}
	}
	for _, l := range cfg.Loads {
		if l.Kind == sim.LoadBatch {
			s.requests += int64(l.Count)
		} else if l.Kind == sim.LoadClosed && l.Total > 0 {
			s.requests += int64(l.Total)
		}
	}
	sm.Record(eventCapacity)
	sm.Fill(&s.Snap)
	return s, nil
}

// Input is what the view draws this side from.
func (s *Side) Input() view.SideInput {
	return view.SideInput{Case: s.Case, Title: s.Title, Snap: &s.Snap, Virtual: s.virtual,
		Requests: s.requests, Scopes: s.scopes}
}

// Sim returns the side's simulator (read-only use).
func (s *Side) Sim() *sim.Sim { return s.sm }

// collect moves recorded events into pending.
func (s *Side) collect() {
	var d int64
	s.pending, d = s.sm.DrainEvents(s.pending)
	s.Dropped += d
}

// refresh ends a tick: the pending events become this tick's, the snapshot
// is refilled and the view advances its animations.
func (s *Side) refresh(motion bool) {
	s.collect()
	s.Events, s.pending = s.pending, s.Events[:0]
	s.fill()
	s.View.Tick(&s.Snap, s.Events, motion)
}

// fill reads the simulator's state into Snap. Fill restarts the
// simulator's recent-latency window, so the summary is kept here.
func (s *Side) fill() {
	s.sm.Fill(&s.Snap)
	s.lat.add(s.Snap.RecentLatency)
}

// latencyAcc merges the per-tick latency summaries between two state()
// calls. Fill reports completions since the previous Fill (every tick), so
// exact quantiles over a longer window are not available; the merge takes
// count-weighted quantiles of the per-tick quantiles, which is exact when
// latencies are steady and close otherwise.
type latencyAcc struct {
	count int64
	parts []latencyPart
}

type latencyPart struct {
	n        int64
	p50, p95 sim.Duration
}

// maxParts bounds the kept summaries if state() is never called.
const maxParts = 1024

func (a *latencyAcc) add(l sim.LatencySummary) {
	if l.Count == 0 {
		return
	}
	a.count += l.Count
	if len(a.parts) == maxParts {
		// Merge pairs to halve the list; precision drops a little.
		k := 0
		for i := 0; i+1 < len(a.parts); i += 2 {
			x, y := a.parts[i], a.parts[i+1]
			a.parts[k] = latencyPart{n: x.n + y.n, p50: (x.p50*sim.Duration(x.n) + y.p50*sim.Duration(y.n)) / sim.Duration(x.n+y.n),
				p95: max(x.p95, y.p95)}
			k++
		}
		a.parts = a.parts[:k]
	}
	a.parts = append(a.parts, latencyPart{n: l.Count, p50: l.P50, p95: l.P95})
}

// take returns the merged summary and starts a new window.
func (a *latencyAcc) take() (n int64, p50, p95 sim.Duration) {
	n = a.count
	if n > 0 {
		p50 = weighted(a.parts, 0.5, func(p latencyPart) sim.Duration { return p.p50 })
		p95 = weighted(a.parts, 0.95, func(p latencyPart) sim.Duration { return p.p95 })
	}
	a.count = 0
	a.parts = a.parts[:0]
	return
}

func weighted(parts []latencyPart, q float64, v func(latencyPart) sim.Duration) sim.Duration {
	s := append([]latencyPart(nil), parts...)
	sort.Slice(s, func(i, j int) bool { return v(s[i]) < v(s[j]) })
	var total int64
	for _, p := range s {
		total += p.n
	}
	need := int64(q*float64(total) + 0.5)
	var acc int64
	for _, p := range s {
		acc += p.n
		if acc >= need {
			return v(p)
		}
	}
	return v(s[len(s)-1])
}
