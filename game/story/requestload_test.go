package story

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// A batch that does not divide by the pool takes one more, partial,
// round: 1,000 tasks on 300 threads sleep in 4 rounds.
func TestPoolRoundsCountTheLastPartialRound(t *testing.T) {
	r := newRun(t, "request-load/pool-200", map[string]string{"requests": "1000", "pool_size": "300"}, 1)
	contains(t, "1,000 tasks on 300 threads", r.to(150, tick), "1,000 tasks take 4 rounds of just over 100 ms; round 2 is under way.")
}

// request-load's moments wait for what they name: the pool is full only
// when no pool thread is idle, and "many" waiting is a thousand.
func TestRequestLoadMomentsWaitForTheirThreshold(t *testing.T) {
	tell := func(executor string, s *sim.Snapshot) []Moment {
		tl := New(Setup{Scenario: "request-load", Knobs: map[string]string{"executor": executor, "pool_size": "200"}})
		tl.Observe(&sim.Snapshot{}, nil)
		s.Time = sim.Time(100 * sim.Millisecond)
		return tl.Observe(s, nil)
	}
	pool := &sim.Snapshot{TasksQueued: 500, PlatformApp: 200}
	pool.PlatformParked[sim.ParkIdle] = 1
	if got := tell("pool", pool); len(got) != 0 {
		t.Errorf("a pool thread idle: %v", got)
	}
	pool.PlatformParked[sim.ParkIdle] = 0
	if got := tell("pool", pool); len(got) != 1 || got[0].Kind != PoolFull {
		t.Errorf("every pool thread busy, tasks queued: %v", got)
	}
	virtual := &sim.Snapshot{}
	virtual.ParkedCount[sim.ParkSleep] = 999
	if got := tell("virtual-per-task", virtual); len(got) != 0 {
		t.Errorf("999 virtual threads waiting: %v", got)
	}
	virtual.ParkedCount[sim.ParkSleep] = 1000
	if got := tell("virtual-per-task", virtual); len(got) != 1 || got[0].Kind != ManyWaiting {
		t.Errorf("1,000 virtual threads waiting: %v", got)
	}
	platform := &sim.Snapshot{PlatformApp: 999}
	if got := tell("platform-per-task", platform); len(got) != 0 {
		t.Errorf("999 OS threads alive: %v", got)
	}
	platform.PlatformApp = 1000
	if got := tell("platform-per-task", platform); len(got) != 1 || got[0].Kind != ManyWaiting {
		t.Errorf("1,000 OS threads alive: %v", got)
	}
}

// A finished run's sentence gives the run's peaks, not the final state's
// (at the end nothing waits and few threads are left): a virtual thread
// per task has had every task waiting at once, a platform thread per task
// the most OS threads seen alive on the way.
func TestFinishedRunsTellTheirPeaks(t *testing.T) {
	virtual := newRun(t, "request-load/virtual-per-request", map[string]string{"requests": "2000"}, 1)
	contains(t, "virtual per task, done", virtual.to(5000, tick), "All 2,000 tasks finished after", "up to 2,000 waited at once on 11 carriers") // the carriers started: 11 of 12 (TestCarrierCountsAgree)
	platform := newRun(t, "request-load/platform-per-request", map[string]string{"requests": "2000"}, 1)
	peak, c := 0, ""
	for ms := tick; ms <= 5000 && !platform.snap.Done; ms += tick {
		c = platform.to(ms, tick)
		peak = max(peak, platform.snap.PlatformApp)
	}
	if !platform.snap.Done || peak < 100 {
		t.Fatalf("2,000 platform tasks: done %v, peak %d: the test's premise is gone", platform.snap.Done, peak)
	}
	contains(t, "platform per task, done", c, "Each had an OS thread of its own; at most "+counti(peak)+" were alive at once.")
}
