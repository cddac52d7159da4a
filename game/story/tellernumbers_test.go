package story

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/sim"
)

// The teller's own sentences and bookkeeping: the run out of memory, the
// frame before anything ran, the work's unit, the CPUs' words, a model
// beyond the named ones, the time a moment is said at, the compared run
// in the caption's key, and the moments kept by Since. (Mutation testing
// found these unchecked in game/story: teller.go at 55 %, TESTING.md
// "Stop 28".)
func TestTellerSentences(t *testing.T) {
	// Out of memory: the caption and the moment say the error.
	tl := New(Setup{Scenario: "gc-lab"})
	tl.Observe(&sim.Snapshot{}, nil)
	oom := &sim.Snapshot{Time: sim.Time(sim.Second), Events: 1, OOM: "Java heap space"}
	oom.Heap.OldCap = 100 * sim.MB
	got := tl.Observe(oom, nil)
	if assert.NotEmpty(t, got) {
		assert.Equal(t, "At 1 s: out of memory: Java heap space. The live data no longer fits in the heap, so the run stops.", got[0].Sentence)
	}
	assert.True(t, strings.HasPrefix(tl.Caption(oom, nil), "The run ended with an OutOfMemoryError: Java heap space. The old gen"), tl.Caption(oom, nil))
	assert.NotContains(t, New(Setup{Scenario: "gc-lab"}).Caption(&sim.Snapshot{Time: 1, Events: 1}, nil), "OutOfMemoryError")

	// Nothing run yet, only at time 0 with no event.
	assert.Equal(t, "Nothing has run yet: press Play, or Tour to stop at each moment of the story.", New(Setup{Scenario: "gc-lab"}).Caption(&sim.Snapshot{}, nil))
	assert.NotContains(t, New(Setup{Scenario: "gc-lab"}).Caption(&sim.Snapshot{Events: 1}, nil), "Nothing has run yet")

	// The work's unit and its verb, as the header says them.
	done := func(unit string) string {
		s := &sim.Snapshot{Time: sim.Time(sim.Second), Events: 1, PlatformApp: 4, Cores: 2, RequestsDone: 7}
		return New(Setup{Scenario: "gc-lab", Unit: unit}).Caption(s, nil)
	}
	assert.Contains(t, done(""), "; 7 tasks done.")
	assert.Contains(t, done("requests"), "; 7 requests done.")
	assert.Contains(t, done("threads"), "; 7 threads finished.")

	// The CPUs' words.
	cpus := func(busy, cores int) string {
		s := &sim.Snapshot{Cores: cores, CoreThread: make([]sim.ThreadID, cores)}
		for i := 0; i < busy; i++ {
			s.CoreThread[i] = sim.ThreadID(i + 1)
		}
		return (&facts{s: s}).cpuSentence()
	}
	assert.Equal(t, "the 12 CPUs are idle", cpus(0, 12))
	assert.Equal(t, "1 of the 12 CPUs is busy", cpus(1, 12))
	assert.Equal(t, "5 of the 12 CPUs are busy", cpus(5, 12))
	assert.Equal(t, "all 12 CPUs are busy", cpus(12, 12))
	assert.Equal(t, "all 1 CPUs are busy", cpus(1, 1), "all of one: the all-busy words")

	// A model past the named ones is numbered from 1.
	f := &facts{models: []string{"haiku"}}
	assert.Equal(t, "Haiku", f.model(0))
	assert.Equal(t, "model 2", f.model(1))
}

// A moment is said with its time, unless at 0 or the sentence has it.
func TestMomentTimes(t *testing.T) {
	tl := New(Setup{Scenario: "gc-lab"})
	f := &facts{t: tl}
	f.moment(FirstGC, 0, "First at the start.")
	f.moment(FirstFullGC, sim.Time(300*sim.Millisecond), "First Full GC.")
	f.moment(PoolFull, sim.Time(300*sim.Millisecond), "Full at 300 ms already.")
	m := tl.Moments()
	if assert.Len(t, m, 3) {
		assert.Equal(t, "First at the start.", m[0].Sentence)
		assert.Equal(t, "At 300 ms: first Full GC.", m[1].Sentence)
		assert.Equal(t, "First Full GC.", m[1].Bare)
		assert.Equal(t, "Full at 300 ms already.", m[2].Sentence)
	}
	// Since keeps the moments up to its time, that time's included.
	n := tl.Since(sim.Time(300 * sim.Millisecond))
	assert.Len(t, n.Moments(), 3)
	n = tl.Since(sim.Time(300*sim.Millisecond) - 1)
	assert.Len(t, n.Moments(), 1)
}

// The caption is kept while its state is the same, and the compared
// run's time is part of that state: none beside it and one at time 0 or
// 1 are three captions' keys.
func TestCaptionKeyHasTheComparedRun(t *testing.T) {
	tl := New(Setup{Scenario: "vt-pooling", Knobs: map[string]string{"pool": "true"}})
	s := &sim.Snapshot{Time: sim.Time(sim.Second), Events: 1, VirtualLive: 10000, GCPauseTotal: 300 * sim.Millisecond, FullGCs: 4, FullPauseTotal: 100 * sim.Millisecond}
	alone := tl.Caption(s, nil)
	beside := tl.Caption(s, &sim.Snapshot{Time: 1, GCPauseTotal: 0})
	assert.NotEqual(t, alone, beside, "the compared run changes the caption")
	assert.Equal(t, alone, tl.Caption(s, nil), "and back")
	assert.Contains(t, tl.Caption(s, &sim.Snapshot{Time: 1}), "the per-request run")
}

// The finished request-load run says how many virtual threads waited at
// once at most: sleeping, platform sleeping and pinned, over the run.
func TestPeakWaiting(t *testing.T) {
	tl := New(Setup{Scenario: "request-load", Knobs: map[string]string{"executor": "virtual-per-task", "requests": "100"}})
	a := &sim.Snapshot{Time: 1, Events: 1, Pinned: 2}
	a.ParkedCount[sim.ParkSleep] = 5
	a.PlatformParked[sim.ParkSleep] = 3
	tl.Observe(a, nil)
	b := &sim.Snapshot{Time: 2, Events: 2, Done: true, Carriers: make([]sim.CarrierView, 4)}
	b.ParkedCount[sim.ParkSleep] = 9
	tl.Observe(b, nil)
	assert.Contains(t, tl.Caption(b, nil), "up to 10 waited at once on 4 carriers.")
}
