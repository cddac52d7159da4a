package story

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/sim"
)

// gcFacts is a state told by hand: a 100 MB old gen holding used bytes,
// garbage among them, at 1 s with 100 ms of pauses.
func gcFacts(used, garbage sim.Bytes) *facts {
	s := &sim.Snapshot{Time: sim.Time(sim.Second), GCPauseTotal: 100 * sim.Millisecond}
	s.Heap.OldCap, s.Heap.OldUsed, s.Heap.OldGarbage = 100*sim.MB, used, garbage
	s.Heap.OldLive[sim.CatApp] = used - garbage
	return &facts{s: s, t: New(Setup{})}
}

// The GC sentence names the pause under way and does not let the Full GCs
// before a young pause read as this pause; and what fills the old gen
// when one thing is most of it.
func TestGCSentenceNamesThePauseAndTheOldGensContents(t *testing.T) {
	f := gcFacts(80*sim.MB, 60*sim.MB)
	f.s.FullGCs = 5
	f.s.Paused = true
	young := gcSentence(f)
	contains(t, "young pause after 5 Full GCs", young, "A young GC (of eden and survivors only) has stopped every thread",
		"5 Full GCs (whole-heap collections) came before this young one", "10 % of the time")
	lacks(t, "young pause after 5 Full GCs", young, "so far")
	f.s.PauseFull = true
	contains(t, "a Full GC's pause", gcSentence(f), "A Full GC (of the whole heap) has stopped every thread", "5 Full GCs so far")
	f.s.Paused, f.s.PauseFull = false, false
	contains(t, "no pause, mostly garbage", gcSentence(f), "The old gen is 80 % full, most of it garbage; 5 Full GCs so far")
	contains(t, "no pause, mostly live", gcSentence(gcFacts(80*sim.MB, 10*sim.MB)), "The old gen is 80 % full, 70 MB of it application data; no Full GC yet")
	mixed := gcFacts(80*sim.MB, 30*sim.MB)
	mixed.s.Heap.OldLive[sim.CatApp], mixed.s.Heap.OldLive[sim.CatRequest] = 25*sim.MB, 25*sim.MB
	contains(t, "no part is most", gcSentence(mixed), "The old gen is 80 % full; no Full GC yet")
}

// Each cause of a Full GC is told as its own reason.
func TestFullGCReasonFollowsItsCause(t *testing.T) {
	for cause, want := range map[sim.GCCause]string{
		sim.CauseErgonomics:      "survivors might no longer fit",
		sim.CausePromotionFailed: "could not take what a young GC promoted",
		sim.CauseNoRoom:          "even after a young GC the allocation did not fit",
		sim.CauseAllocation:      "",
	} {
		got := fullGCWhy(cause)
		if want == "" && got != "" || !strings.Contains(got, want) {
			t.Errorf("%v: %q does not say %q", cause, got, want)
		}
	}
}

// The first-GC moment waits for a collection.
func TestFirstGCWaitsForACollection(t *testing.T) {
	tl := New(Setup{Scenario: "sandbox"})
	s := &sim.Snapshot{Cores: 2}
	tl.Observe(s, nil)
	s.Time = sim.Time(5 * sim.Millisecond)
	if got := tl.Observe(s, nil); len(got) != 0 {
		t.Errorf("moments with no GC yet: %v", got)
	}
	s.Time, s.YoungGCs = sim.Time(10*sim.Millisecond), 1
	if got := tl.Observe(s, nil); len(got) != 1 || got[0].Kind != FirstGC {
		t.Errorf("the first young GC: %v", got)
	}
}

// The first GC says where the live objects went: to the survivors, or, once
// the old gen holds anything (that GC's promotions or a later one's, read
// after a fast-forward), to the survivors or the old gen.
func TestFirstGCSaysWhereTheLiveObjectsWent(t *testing.T) {
	for _, c := range []struct {
		old  sim.Bytes
		want string
	}{{0, "copied to the survivors, and eden was emptied"}, {3 * sim.MB, "copied to the survivors or the old gen, and eden was emptied"}} {
		s := &sim.Snapshot{Cores: 2, Time: sim.Time(10 * sim.Millisecond), YoungGCs: 1}
		s.Heap.OldUsed, s.Heap.OldCap, s.Heap.EdenCap = c.old, 100*sim.MB, 64*sim.MB
		got := momentsAt(Setup{Scenario: "sandbox"}, s, FirstGC)
		if assert.Len(t, got, 1) {
			assert.Contains(t, got[0].Sentence, c.want)
		}
	}
}

// A tick long enough to hold the first Full GC's whole pause (a fast
// speed) still tells what stayed live and how much of the old gen that is.
func TestFirstFullGCAfterItsPauseSaysWhatStayedLive(t *testing.T) {
	r := newRun(t, "vt-pooling/1g-pool", nil, 1)
	r.to(2500, 2500)
	m, ok := r.has(FirstFullGC)
	if !ok || r.snap.PauseFull {
		t.Fatalf("no Full GC in the tick, or still in its pause (%v): the test's premise is gone", r.snap.PauseFull)
	}
	// Its time is the event's, inside the tick, not the tick's end.
	if m.At <= 0 || m.At >= r.snap.Time {
		t.Errorf("first Full GC at %v, not inside the tick ending at %v", m.At, r.snap.Time)
	}
	contains(t, "first Full GC after its pause", m.Sentence, "First Full GC at "+duration(sim.Duration(m.At))+", because", " stayed live. That is ", " % of the old gen, mostly the pooled threads' thread-local data")
}

// The lab's story tells the old gen passing half full too (its pooled
// workers' caches are what fill it, the lesson its first GC did not
// show), and, as vt-pooling's, only once the pause that promoted past
// half is over: in the middle of it, eden was drawn as the collector
// found it beside a heap "in use" that no longer counted it.
func TestOldGenHalfIsToldAfterThePause(t *testing.T) {
	for _, scenario := range []string{"gc-lab", "vt-pooling"} {
		half := func(paused bool) []Moment {
			s := &sim.Snapshot{Time: sim.Time(sim.Second), Paused: paused}
			s.Heap.OldCap, s.Heap.OldUsed = 171*sim.MB, 86*sim.MB
			s.Heap.OldLive[sim.CatThreadLocal] = 52 * sim.MB
			return momentsAt(Setup{Scenario: scenario}, s, OldGenHalf)
		}
		assert.Empty(t, half(true), "%s: not during the pause", scenario)
		if got := half(false); assert.Len(t, got, 1, scenario) {
			assert.Contains(t, got[0].Sentence, "the old gen passed half full: most of it thread-local data", scenario)
		}
	}
}
