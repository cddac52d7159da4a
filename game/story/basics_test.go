package story

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// The all-started moment takes its time from the last start of its tick,
// and divides it by the threads for the time per start.
func TestAllStartedAtTheLastStart(t *testing.T) {
	tl := New(Setup{Scenario: "vt-basics", Knobs: map[string]string{"threads": "3", "kind": "virtual"}})
	tl.Observe(&sim.Snapshot{}, nil)
	s := &sim.Snapshot{Time: sim.Time(40 * sim.Millisecond), VirtualLive: 3}
	var starts []sim.Event
	for i := int64(1); i <= 3; i++ {
		starts = append(starts, sim.Event{At: sim.Time(i * 10 * int64(sim.Millisecond)), Kind: sim.EvThreadStart, Thread: sim.ThreadID(i), A: 1})
	}
	got := tl.Observe(s, starts)
	if len(got) != 1 || got[0].Kind != AllStarted {
		t.Fatalf("three of three started: %v", got)
	}
	if got[0].At != starts[2].At {
		t.Errorf("told at %v, the last start was at %v", got[0].At, starts[2].At)
	}
	contains(t, "all started", got[0].Sentence, "Main has started all 3 virtual threads, in 30 ms: about 10 ms per thread.")
}
