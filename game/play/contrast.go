package play

import (
	"math"
	"slices"

	"github.com/loomlab/loomlab/game/story"
	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// The contrast run: when the playground shows one case of a scenario whose
// article compares it with another (the scenario's Compare list), a second
// simulator of that other case runs beside it, with the same knobs and
// seed, at the same simulated time, so that the picture can draw the
// compared case's state as a small mark ("a thread per request: its old
// gen") from the live model rather than from words or a stored figure.
//
// It is kept cheap: no events are recorded, no story is told, no
// checkpoints are taken; it is only advanced (or, for an earlier time,
// rebuilt from the seed) when the shown time moved, and only its snapshot
// is read. In compare mode both cases are drawn whole, so there is none.

type contrast struct {
	caseID, title string
	name          string // view.Contrast.Name
	sm            *sim.Sim
	snap          sim.Snapshot
	filled        bool // snap is sm's state now
	// reached: sm has processed every event at or before at.
	reached bool
	at      sim.Time
	build   func() (*sim.Sim, error)
}

// contrastCase is the case a shown case is contrasted with: the far end of
// the scenario's Compare list (the list runs from the article's problem to
// its answer: the last case for any other, the first for the last). ""
// when the shown case is not in the list.
func contrastCase(sc *scenario.Scenario, shown string) string {
	i := slices.Index(sc.Compare, shown)
	switch {
	case i < 0 || len(sc.Compare) < 2:
		return ""
	case i == len(sc.Compare)-1:
		return sc.Compare[0]
	default:
		return sc.Compare[len(sc.Compare)-1]
	}
}

// newContrast returns the contrast run of spec, or nil when spec compares
// cases itself, its case has none, or its story draws none.
func newContrast(sc *scenario.Scenario, spec Spec) (*contrast, error) {
	if len(spec.Compare) > 0 {
		return nil, nil
	}
	other := contrastCase(sc, spec.Case)
	if other == "" || !story.DrawsContrast(sc.ID) {
		return nil, nil
	}
	c := &contrast{caseID: other}
	if k, err := sc.Case(other); err == nil && k != nil {
		c.title, c.name = k.Title, k.Title
		if shown, err := sc.Case(spec.Case); err == nil && shown != nil {
			c.name = view.DistinctPart(k.Title, shown.Title)
		}
	}
	c.build = func() (*sim.Sim, error) {
		sm, _, err := sc.NewSim(other, spec.Knobs, spec.Seed)
		return sm, err
	}
	sm, err := c.build()
	if err != nil {
		return nil, err
	}
	c.sm = sm
	return c, nil
}

// syncTo moves the contrast to time t (every event at or before it, like
// the shown sides), processing at most about maxEvents events; it reports
// whether t was reached. An earlier time rebuilds it from the seed: the
// run is deterministic, so the state is the one it had there.
func (c *contrast) syncTo(t sim.Time, maxEvents int) bool {
	if c == nil {
		return true
	}
	if c.reached && c.at == t {
		return true
	}
	if c.sm.Now() > t {
		sm, err := c.build()
		if err != nil {
			return false // cannot happen: the same spec built it once
		}
		c.sm = sm
	}
	c.filled, c.reached = false, false
	c.sm.Advance(t, maxEvents)
	if !c.sm.Done() && c.sm.Now() < t {
		return false
	}
	// A bounded advance may stop between two events of the instant t.
	c.sm.Advance(t, math.MaxInt32)
	c.at, c.reached = t, true
	return true
}

// input is what the view is handed: the contrast's state, only when it is
// at time t (or its run ended before t), else nil (a contrast that lags
// behind is not drawn rather than drawn at another moment).
func (c *contrast) input(t sim.Time) *view.Contrast {
	if c == nil || !c.reached || c.at != t {
		return nil
	}
	if !c.filled {
		c.sm.Fill(&c.snap)
		c.filled = true
	}
	return &view.Contrast{Case: c.caseID, Title: c.title, Name: c.name, Snap: &c.snap}
}
