package story

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// Moments of hand-made states: the condition a moment waits for and the
// numbers its sentence says, set here by hand.

// momentsOf observes one state of a scenario (after an empty one at t = 0,
// so nothing counts as old news) and returns its moments by kind, each's sentence without its time.
func momentsOf(scenario string, knobs map[string]string, s *sim.Snapshot, events ...sim.Event) map[Kind]string {
	tl := New(Setup{Scenario: scenario, Knobs: knobs})
	tl.Observe(&sim.Snapshot{RouterSingle: -1}, nil)
	if s.Time == 0 {
		s.Time = sim.Time(100 * sim.Millisecond)
	}
	said := map[Kind]string{}
	for _, m := range tl.Observe(s, events) {
		said[m.Kind] = m.Bare
	}
	return said
}

// A sandbox run's pool is full only when it has pool threads, none idle,
// and tasks queued: queued tasks with no platform thread started yet are
// not a full pool.
func TestGenericPoolFullNeedsPoolThreads(t *testing.T) {
	none := &sim.Snapshot{TasksQueued: 5}
	if said := momentsOf("sandbox", nil, none); said[PoolFull] != "" {
		t.Errorf("no pool thread yet: %q", said[PoolFull])
	}
	four := &sim.Snapshot{TasksQueued: 5, PlatformApp: 4}
	contains(t, "4 busy, 5 queued", momentsOf("sandbox", nil, four)[PoolFull], "Every pool thread is busy, so tasks queue: 5 wait for a thread.")
}

// The pinned moment names the thread and the carrier its event gives.
func TestPinnedMomentNamesTheCarrier(t *testing.T) {
	s := &sim.Snapshot{Pinned: 1}
	e := sim.Event{At: sim.Time(90 * sim.Millisecond), Kind: sim.EvPinned, Thread: 7, Carrier: 3}
	said := momentsOf("request-load", map[string]string{"executor": "virtual-per-task", "jdk": "21"}, s, e)
	contains(t, "pinned on carrier 3", said[CarrierPinned], "Virtual thread "+e.Thread.String()+" blocked while pinned and holds carrier worker-3:")
}
