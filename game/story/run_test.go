package story

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// run is a real run of a scenario told by a Teller the way the playground
// does it: the simulator advances in ticks of virtual time, and after each
// the teller reads the snapshot and the tick's events.
type run struct {
	t      *testing.T
	sm     *sim.Sim
	teller *Teller
	snap   sim.Snapshot
	events []sim.Event
	// moments in the order they were returned by Observe.
	seen []Moment
}

func newRun(t *testing.T, ref string, knobs map[string]string, seed uint64) *run {
	t.Helper()
	sc, cs, err := scenario.ParseRef(ref)
	if err != nil {
		t.Fatal(err)
	}
	sm, vals, err := sc.NewSim(cs, knobs, seed)
	if err != nil {
		t.Fatal(err)
	}
	sm.Record(1 << 16)
	text := map[string]string{}
	for _, n := range vals.Names() {
		text[n] = vals.Text(n)
	}
	var models []string
	for _, m := range sm.Config().Router.Models {
		models = append(models, m.Name)
	}
	r := &run{t: t, sm: sm, teller: New(Setup{Scenario: sc.ID, Knobs: text, Models: models})}
	r.observe()
	return r
}

func (r *run) observe() {
	r.events, _ = r.sm.DrainEvents(r.events[:0])
	r.sm.Fill(&r.snap)
	r.seen = append(r.seen, r.teller.Observe(&r.snap, r.events)...)
}

// to advances to virtual time ms in ticks of tick ms and returns the caption.
func (r *run) to(ms, tick float64) string {
	until := sim.Time(ms * float64(sim.Millisecond))
	for r.sm.Now() < until && !r.sm.Done() {
		next := min(r.sm.Now().Add(sim.Duration(tick*float64(sim.Millisecond))), until)
		r.sm.Advance(next, 1<<30)
		r.observe()
	}
	return r.teller.Caption(&r.snap, nil)
}

// has reports whether a moment of kind k was seen, and it.
func (r *run) has(k Kind) (Moment, bool) {
	for _, m := range r.seen {
		if m.Kind == k {
			return m, true
		}
	}
	return Moment{}, false
}

// momentsAt starts a teller of setup at time 0, observes s, and returns
// the moments of kind k it told over both observations (the start's too,
// where a moment with nothing to count would fire).
func momentsAt(setup Setup, s *sim.Snapshot, k Kind) []Moment {
	tl := New(setup)
	seen := tl.Observe(&sim.Snapshot{}, nil)
	var out []Moment
	for _, m := range append(seen, tl.Observe(s, nil)...) {
		if m.Kind == k {
			out = append(out, m)
		}
	}
	return out
}
