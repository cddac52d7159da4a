package story

import (
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// A moment is news once: a finished run observed again (the playground
// ticks on after the end) tells no second "finished", which would stack
// a callout per tick.
func TestAFinishedRunTellsItsEndOnce(t *testing.T) {
	r := newRun(t, "request-load/pool-200", map[string]string{"requests": "400"}, 1)
	r.to(2000, tick)
	if !r.snap.Done {
		t.Fatal("400 tasks not done by 2 s: the test's premise is gone")
	}
	if _, ok := r.has(Finished); !ok {
		t.Fatal("no finished moment")
	}
	for range 3 {
		if again := r.teller.Observe(&r.snap, nil); len(again) != 0 {
			t.Errorf("the same finished state observed again told %v", again)
		}
	}
}

// A moment whose sentence does not say when it happened is stamped with
// its time ("At 302 ms: all 200 pool threads ..."): a callout stays on
// screen while the clock moves on. Bare keeps the sentence without it, for
// a picture whose header shows that time.
func TestMomentsSayWhenTheyHappened(t *testing.T) {
	r := newRun(t, "request-load/pool-200", nil, 1)
	r.to(600, tick)
	m, ok := r.has(PoolFull)
	if !ok {
		t.Fatal("no pool-full moment")
	}
	if m.At <= 0 {
		t.Fatalf("pool-full at %v: the test's premise is a moment after t = 0", m.At)
	}
	want := "At " + duration(sim.Duration(m.At)) + ": "
	if !strings.HasPrefix(m.Sentence, want) {
		t.Errorf("pool-full says %q, not stamped %q", m.Sentence, want)
	}
	if m.Sentence != want+lowerFirst(m.Bare) || strings.HasPrefix(m.Bare, "At ") {
		t.Errorf("bare %q does not match the stamped sentence %q", m.Bare, m.Sentence)
	}
}
