package story

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/sim"
)

// The vt-basics captions' numbers, each from the state it describes:
// the threads' memory and its share a thread (in KB under a KB a thread
// when the total is a MB or more), the time per start, the pinned
// carriers, what a platform thread reserves, and the run's end. (Mutation
// testing left these unchecked: the captions were tested for their words,
// not their figures; TESTING.md "Stop 28".)
func TestBasicsCaptionFigures(t *testing.T) {
	caption := func(knobs map[string]string, s *sim.Snapshot) string {
		tl := New(Setup{Scenario: "vt-basics", Knobs: knobs})
		return tl.Caption(s, nil)
	}
	virtual := map[string]string{"threads": "10000", "kind": "virtual"}
	asleep := func(n int, mem sim.Bytes) *sim.Snapshot {
		s := &sim.Snapshot{Time: sim.Time(300 * sim.Millisecond), Events: 1, VirtualLive: n, PlatformLive: 11, ThreadMemory: mem}
		s.ParkedCount[sim.ParkSleep] = n
		s.Heap.YoungLive[sim.CatChunk] = mem * 2 / 3
		s.Heap.YoungLive[sim.CatThread] = mem - mem*2/3
		return s
	}
	assert.Equal(t, "All 10,000 virtual threads sleep in 7.8\u00a0MB of heap, about 0.8\u00a0KB each, and 11 OS threads.",
		caption(virtual, asleep(10000, 8171520)))
	// Where the model prices a platform thread, what the same number would
	// reserve: 10,000 × 1.92 MB.
	priced := asleep(10000, 8171520)
	priced.PlatformThreadMemory = 2013266
	assert.Equal(t, "All 10,000 virtual threads sleep in 7.8\u00a0MB of heap, about 0.8\u00a0KB each, and 11 OS threads; "+
		"as platform threads they'd reserve 18.75\u00a0GB.", caption(virtual, priced))
	// A MB exactly in all, half a KB each: in KB.
	assert.Contains(t, caption(map[string]string{"threads": "2048", "kind": "virtual"}, asleep(2048, 1024*1024)), "about 0.5\u00a0KB each")
	// Under a MB in all: each in its own unit.
	assert.Contains(t, caption(map[string]string{"threads": "2048", "kind": "virtual"}, asleep(2048, 1024*1024-2048)), "about 511\u00a0B each")
	// One short of all asleep: still starting.
	notAll := asleep(10000, 8171520)
	notAll.ParkedCount[sim.ParkSleep] = 9999
	assert.Equal(t, "Main has started 10,000 of 10,000 virtual threads in 300 ms, about 30 µs each. "+
		"Each is a small heap object whose stack is frozen into a StackChunk while it waits; the JVM has only 11 OS threads.",
		caption(virtual, notAll))

	// Platform threads: the memory's parts named, a stack's reservation,
	// in the figures the virtual side's contrast bar draws for the same
	// threads (18.75 GB, 1.92 MB reserved each), which a compared pair
	// shows side by side.
	platform := map[string]string{"threads": "10000", "kind": "platform", "xss_kb": "1024"}
	p := &sim.Snapshot{Time: sim.Time(600 * sim.Millisecond), Events: 1, PlatformApp: 10000, PlatformLive: 10006, ThreadMemory: 10000 * 2013266}
	p.PlatformParked[sim.ParkSleep] = 10000
	p.Heap.YoungLive[sim.CatThread] = 1024 * 1024
	assert.Equal(t, "All 10,000 platform threads are asleep, holding 18.75\u00a0GB between them (OS stacks and native memory and Thread objects), 1.92\u00a0MB each. "+
		"Each is an OS thread with a 1 MB stack reserved and native memory besides.", caption(platform, p))
	p.Heap.YoungLive[sim.CatThread] = 0
	assert.Contains(t, caption(platform, p), "holding 18.75\u00a0GB between them, 1.92", "one part: not named")

	// Starting: the time per thread started.
	s := &sim.Snapshot{Time: sim.Time(100 * sim.Millisecond), Events: 1, PlatformApp: 400, RequestsDone: 100}
	assert.Equal(t, "Main has started 500 of 10,000 platform threads in 100 ms, about 200 µs each. "+
		"Each is an OS thread with a 1 MB stack reserved and native memory besides.", caption(platform, s))
	// Pinned carriers, in the print case.
	v := &sim.Snapshot{Time: sim.Time(50 * sim.Millisecond), Events: 1, VirtualLive: 40, Pinned: 3}
	v.Carriers = make([]sim.CarrierView, 4)
	assert.Equal(t, "Main has started 40 of 10,000 virtual threads in 50 ms, about 1.3 ms each; "+
		"each prints a line through the shared console, which takes one line at a time. "+
		"3 of the 4 carriers are pinned: a virtual thread blocked in println holds its carrier.",
		caption(map[string]string{"threads": "10000", "kind": "virtual", "print": "true"}, v))
	// None started yet, and no threads knob: no division by zero.
	assert.Equal(t, "Main has started 0 of 0 virtual threads in 1 ms, about 0 µs each. "+
		"Each is a small heap object whose stack is frozen into a StackChunk while it waits; the JVM has only 0 OS threads.",
		caption(map[string]string{"kind": "virtual"}, &sim.Snapshot{Time: sim.Time(sim.Millisecond), Events: 1}))
	// The end: the time per thread over all of them.
	done := &sim.Snapshot{Time: sim.Time(840 * sim.Millisecond), Events: 1, Done: true, PlatformLive: 11}
	assert.Equal(t, "All 10,000 virtual threads started and finished in 840 ms, about 84 µs each. "+
		"Each is a small heap object whose stack is frozen into a StackChunk while it waits; the JVM has only 11 OS threads.",
		caption(virtual, done))
}

// The threads' memory's parts are named from what the heap holds, young
// and old, and the part outside it only when there is one.
func TestBasicsMemoryParts(t *testing.T) {
	caption := func(kind string, s *sim.Snapshot) string {
		return New(Setup{Scenario: "vt-basics", Knobs: map[string]string{"threads": "100", "kind": kind}}).Caption(s, nil)
	}
	s := &sim.Snapshot{Time: sim.Time(300 * sim.Millisecond), Events: 1, PlatformLive: 11}
	s.ParkedCount[sim.ParkSleep] = 100
	s.Heap.YoungLive[sim.CatChunk] = 40 * sim.KB
	s.Heap.OldLive[sim.CatChunk] = 20 * sim.KB
	s.Heap.YoungLive[sim.CatThread] = 10 * sim.KB
	s.Heap.OldLive[sim.CatThread] = 10 * sim.KB
	// All of it in the heap, young and old: said as heap.
	s.ThreadMemory = 80 * sim.KB
	assert.Contains(t, caption("virtual", s), "sleep in 80\u00a0KB of heap,")
	// The same on platform threads: the heap's two parts, no part outside.
	assert.Contains(t, caption("platform", s), "holding 80 KB between them (StackChunks and Thread objects), about")
	// Thread-local data as a third part, all of it in the heap.
	s.Heap.YoungLive[sim.CatThreadLocal] = 20 * sim.KB
	s.ThreadMemory = 100 * sim.KB
	assert.Contains(t, caption("platform", s), "holding 100 KB between them (StackChunks, Thread objects and thread-local data), about")
	s.Heap.YoungLive[sim.CatThreadLocal] = 0
	// More than the heap holds: the rest is outside it.
	assert.Contains(t, caption("virtual", s), "holding 100 KB between them (OS stacks and native memory, StackChunks and Thread objects), about")
}

// The moments: all started when the last one has (none without a count
// of threads, where the time per thread would divide by zero), all
// asleep when every one is, not one fewer.
func TestBasicsMomentsAtTheirEdges(t *testing.T) {
	start := []sim.Event{{At: sim.Time(10 * sim.Millisecond), Kind: sim.EvThreadStart, Thread: 1, A: 1}}
	tl := New(Setup{Scenario: "vt-basics", Knobs: map[string]string{"kind": "virtual"}})
	assert.Empty(t, tl.Observe(&sim.Snapshot{}, nil), "no threads knob: no moment at the start")
	assert.Empty(t, tl.Observe(&sim.Snapshot{Time: sim.Time(10 * sim.Millisecond), VirtualLive: 1}, start), "no threads knob: no moment")

	asleep := func(n, sleeping int) []Moment {
		s := &sim.Snapshot{Time: sim.Time(sim.Millisecond)}
		s.ParkedCount[sim.ParkSleep] = sleeping
		return momentsAt(Setup{Scenario: "vt-basics", Knobs: map[string]string{"threads": strconv.Itoa(n), "kind": "virtual"}}, s, AllAsleep)
	}
	assert.Len(t, asleep(3, 3), 1, "all three asleep")
	assert.Empty(t, asleep(3, 2), "two of three asleep")
	assert.Empty(t, asleep(0, 0), "no threads")
}
