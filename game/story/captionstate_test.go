package story

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// Captions of hand-made states: each number the sentence says is set here
// by hand and written out, so a caption rule that reads the wrong field,
// or draws a line at the wrong count, fails.

// captionOf tells the caption of one state of a scenario with the knobs.
func captionOf(scenario string, knobs map[string]string, s *sim.Snapshot) string {
	tl := New(Setup{Scenario: scenario, Knobs: knobs, Models: []string{"haiku", "sonnet", "opus"}})
	if s.Time == 0 {
		s.Time = sim.Time(100 * sim.Millisecond)
	}
	return tl.Caption(s, nil)
}

// Tasks that compute on a pool: a pool smaller than the CPUs can use only
// its own size of them; one as large as the CPUs, or larger, is limited by
// the CPUs.
func TestPoolOfComputingTasksNamesItsLimit(t *testing.T) {
	pool := func(size string) string {
		return captionOf("request-load", map[string]string{"executor": "pool", "pool_size": size, "work": "cpu", "requests": "100"},
			&sim.Snapshot{Cores: 12, PlatformApp: 4})
	}
	contains(t, "pool of 4 on 12 CPUs", pool("4"), "the pool's 4 threads can use at most 4 of the 12 CPUs.")
	contains(t, "pool of 12 on 12 CPUs", pool("12"), "12 CPUs run at most 12 of the pool's threads at a time.")
	contains(t, "pool of 200 on 12 CPUs", pool("200"), "12 CPUs run at most 12 of the pool's threads at a time.")
}

// The pool's caption counts the busy threads as those not idle, and a
// queue as tasks waiting.
func TestPoolCaptionCountsTheBusyThreads(t *testing.T) {
	s := &sim.Snapshot{Cores: 12, PlatformApp: 200}
	s.PlatformParked[sim.ParkIdle] = 50
	c := captionOf("request-load", map[string]string{"executor": "pool", "pool_size": "200", "requests": "1000", "sleep_ms": "100"}, s)
	contains(t, "a pool with 50 idle", c, "150 of the pool's 200 threads are busy and no task waits for one; the 12 CPUs are idle.")
}

// Pinned virtual threads: as many tasks wait as carriers are pinned; the
// rest queue for a carrier.
func TestPinnedCaptionCountsPinnedAndQueued(t *testing.T) {
	// The caption counts the carriers started (one per entry of Carriers),
	// as the lanes and the OS threads do, not the pool's parallelism.
	s := &sim.Snapshot{Parallelism: 12, Pinned: 4, RunQueueLen: 100, RequestsDone: 30, Carriers: make([]sim.CarrierView, 12)}
	c := captionOf("request-load", map[string]string{"executor": "virtual-per-task", "requests": "1000"}, s)
	contains(t, "4 pinned, 100 queued", c, "4 of the 12 carriers are pinned", "so only 4 tasks wait at a time. 100 virtual threads wait for a free carrier; 30 of 1,000 done.")
}

// A thread per task: the time per start divides the time by the threads
// started so far (alive and finished), not by the batch.
func TestPerTaskCaptionDividesByTheStarted(t *testing.T) {
	s := &sim.Snapshot{PlatformApp: 200, RequestsDone: 50}
	c := captionOf("request-load", map[string]string{"executor": "platform-per-task", "requests": "1000"}, s)
	contains(t, "250 of 1,000 started in 100 ms", c, "main has started 250 of 1,000 in 100 ms, about 400 µs each.")
}

// The router on a platform pool counts the threads holding a request (not
// the idle ones); a router that settled on its first model says so.
func TestRouterCaptionCountsAndSettles(t *testing.T) {
	s := &sim.Snapshot{RouterSingle: -1, PlatformApp: 10}
	s.PlatformParked[sim.ParkIdle] = 3
	c := captionOf("llm-router", map[string]string{"executor": "platform", "pool_size": "10"}, s)
	contains(t, "7 of 10 busy", c, "Now 7 of the pool's 10 platform threads each hold a request for the whole race.")
	settled := captionOf("llm-router", map[string]string{"executor": "virtual"}, &sim.Snapshot{RouterSingle: 0, RouterRaces: 500})
	contains(t, "settled on model 0", settled, "The router now calls Haiku alone: no scope, nothing to cancel (500 races were decided in all).")
}

// All asleep: each thread's share is the threads' memory over their count.
func TestBasicsAsleepSharesTheMemory(t *testing.T) {
	s := &sim.Snapshot{ThreadMemory: 8 * sim.MB}
	s.PlatformParked[sim.ParkSleep] = 4
	c := captionOf("vt-basics", map[string]string{"threads": "4", "kind": "platform", "xss_kb": "1024"}, s)
	contains(t, "4 platform threads, 8 MB", c, "All 4 platform threads are asleep, holding 8 MB between them, about 2\u00a0MB each.")
}

// The old gen's sentence names a kind of data only when it is at least
// half of what the old gen holds: a third is not "of it".
func TestOldGenNamesAKindFromHalf(t *testing.T) {
	old := func(tl sim.Bytes) string {
		s := &sim.Snapshot{}
		s.Heap.OldCap, s.Heap.OldUsed = 100*sim.MB, 50*sim.MB
		s.Heap.OldLive[sim.CatThreadLocal] = tl
		return captionOf("sandbox", nil, s)
	}
	contains(t, "25 of 50 MB thread-local", old(25*sim.MB), "The old gen is 50 % full, 25 MB of it thread-local data; no Full GC yet.")
	contains(t, "20 of 50 MB thread-local", old(20*sim.MB), "The old gen is 50 % full; no Full GC yet.")
}
