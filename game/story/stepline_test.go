package story

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// The step line tells an event's facts from its fields: which kind of
// thread started, where a freeze went, which tier compiled, how many words
// were frozen. A line that got one of them wrong would still be a
// well-formed sentence, so each is checked for its own words.
func TestStepLinesTellTheEventsFields(t *testing.T) {
	at := sim.Time(5 * sim.Millisecond)
	for _, c := range []struct {
		e    sim.Event
		want string
	}{
		{sim.Event{At: at, Kind: sim.EvThreadStart, Thread: 42, A: 1}, "virtual thread #42 started."},
		{sim.Event{At: at, Kind: sim.EvThreadStart, Thread: 42, A: 0, B: int64(sim.RolePoolWorker)}, "platform thread #42 started (a pool thread)."},
		{sim.Event{At: at, Kind: sim.EvFreeze, Thread: 42, A: 120, B: 1}, "thread #42 froze 120 words of stack into its StackChunk."},
		{sim.Event{At: at, Kind: sim.EvFreeze, Thread: 42, A: 120, B: 2}, "thread #42 froze 120 words of stack into its promoted StackChunk (the reuse fix)."},
		{sim.Event{At: at, Kind: sim.EvFreeze, Thread: 42, A: 120, B: 3}, "thread #42 froze 120 words of stack into a new StackChunk in eden."},
		{sim.Event{At: at, Kind: sim.EvTier, A: 7, B: int64(sim.TierC2)}, "The JIT compiled method 7 at tier C2 (fully compiled)."},
		{sim.Event{At: at, Kind: sim.EvTier, A: 7, B: int64(sim.TierC1Full)}, "The JIT compiled method 7 at tier C1 (quickly compiled)."},
		{sim.Event{At: at, Kind: sim.EvUnmount, Thread: 42, A: int64(sim.ParkSleep), B: 1500}, "thread #42 parked (" + sim.ParkSleep.Words() + ") and left its carrier: 1,500 words of stack frozen into a StackChunk."},
	} {
		if got := Event(&c.e); got != c.want {
			t.Errorf("%v: %q, want %q", c.e.Kind, got, c.want)
		}
	}
}
