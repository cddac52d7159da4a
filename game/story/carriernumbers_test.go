package story

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/sim"
)

// loom-carrier's captions, each figure from the state it describes: the
// loops' heap against their carriers' OS threads, the resident memory
// against the container, where the JVM itself is most of it, what runs
// and what is parked now. (Mutation testing found the captions checked
// for their words, not their figures or the edges between their forms:
// carrier.go at 63 %, TESTING.md "Stop 28".)
func TestCarrierCaptionFigures(t *testing.T) {
	caption := func(knobs map[string]string, s *sim.Snapshot) string {
		return New(Setup{Scenario: "loom-carrier", Knobs: knobs}).Caption(s, nil)
	}
	loom := map[string]string{"loom_carrier": "true", "container_mb": "256"}
	snap := func() *sim.Snapshot {
		s := &sim.Snapshot{Time: sim.Time(sim.Second), Events: 1, VirtualLive: 16, PlatformLive: 74,
			RSS: 220 * sim.MB, RSSJVM: 182 * sim.MB, RSSThreads: 25*sim.MB + 512*sim.KB}
		s.Carriers = make([]sim.CarrierView, 8)
		s.Heap.YoungLive[sim.CatThread] = 4 * sim.KB
		s.Heap.OldLive[sim.CatThreadLocal] = 2 * sim.KB
		s.Chunks.LiveBytes = 10 * sim.KB
		return s
	}
	assert.Equal(t, "16 virtual threads cost 16.0 KB of heap; their 8 carriers' OS threads cost 25.5 MB of RAM outside it. "+
		"Most of the container's 256 MB is the JVM itself.", caption(loom, snap()))

	// The JVM itself exactly half the container: not "most".
	s := snap()
	s.RSSJVM = 128 * sim.MB
	assert.Equal(t, "16 virtual threads cost 16.0 KB of heap; their 8 carriers' OS threads cost 25.5 MB of RAM outside it. "+
		"Resident memory is 220.0 MB of the container's 256 MB; 128.0 MB is the JVM itself.", caption(loom, s))
	// Exactly half the resident memory: not said.
	s.RSSJVM = 110 * sim.MB
	assert.Contains(t, caption(loom, s), "Resident memory is 220.0 MB of the container's 256 MB.")
	// No container: the resident memory alone.
	s = snap()
	assert.Contains(t, caption(map[string]string{"loom_carrier": "true"}, s), "Resident memory is 220.0 MB so far; 182.0 MB is the JVM itself.")
	// No resident memory: the OS threads.
	s.RSS = 0
	assert.Equal(t, "16 virtual threads cost 16.0 KB of heap; their 8 carriers' OS threads cost 25.5 MB of RAM outside it. Now the JVM has 74 OS threads.",
		caption(loom, s))

	// As many loops as carriers, and one more.
	s = snap()
	// (Without the loops' and the carriers' figures, the memory's
	// sentence gives the JVM itself's share in numbers.)
	const memory = " Resident memory is 220.0 MB of the container's 256 MB; 182.0 MB is the JVM itself."
	s.VirtualLive = 8
	assert.Equal(t, "With as many carriers as loops, running the loops as virtual threads saves no OS thread."+memory, caption(loom, s))
	s.VirtualLive = 9
	assert.Contains(t, caption(loom, s), "9 virtual threads cost")
	// The carriers' memory not known yet, or the loops' heap: the count.
	s.RSSThreads = 0
	assert.Equal(t, "9 loops run as virtual threads on 8 carriers: only the carriers are OS threads."+memory, caption(loom, s))
	s = snap()
	s.Heap = sim.HeapView{}
	s.Chunks.LiveBytes = 0
	assert.Equal(t, "16 loops run as virtual threads on 8 carriers: only the carriers are OS threads."+memory, caption(loom, s))

	// Platform loops.
	p := &sim.Snapshot{Time: sim.Time(sim.Second), Events: 1, PlatformApp: 16, PlatformLive: 82}
	assert.Equal(t, "16 Netty event loops each own a platform thread: an OS thread with its own stack and native memory. Now the JVM has 82 OS threads.",
		caption(map[string]string{"loom_carrier": "false"}, p))
}

// The run's end says what runs and what is parked as the panels do.
func TestCarrierFinishedNow(t *testing.T) {
	finished := func(knobs map[string]string, s *sim.Snapshot) string {
		s.Done = true
		return New(Setup{Scenario: "loom-carrier", Knobs: knobs}).Caption(s, nil)
	}
	s := &sim.Snapshot{Time: sim.Time(2 * sim.Second), Events: 1, VirtualLive: 16, PlatformLive: 74, RSS: 220 * sim.MB, Mounted: 1}
	s.Carriers = make([]sim.CarrierView, 8)
	s.ParkedCount[sim.ParkSleep] = 3
	s.ParkedCount[sim.ParkSocket] = 12
	got := finished(map[string]string{"loom_carrier": "true", "container_mb": "256"}, s)
	assert.Contains(t, got, "Now 1 loop runs on a carrier, 15 are parked "+sim.ParkSocket.Words()+"; the JVM has 74 OS threads; its resident memory is 220 MB of the container's 256 MB.")
	s.Mounted, s.ParkedCount = 0, [len(s.ParkedCount)]int{}
	s.ParkedCount[sim.ParkSleep] = 1
	got = finished(map[string]string{"loom_carrier": "true"}, s)
	assert.Contains(t, got, "Now no loop runs on a carrier, 1 is parked "+sim.ParkSleep.Words()+"; the JVM has 74 OS threads; its resident memory is 220 MB.",
		"no container: no limit")
	s.RSS = 0
	got = finished(map[string]string{"loom_carrier": "true"}, s)
	assert.Contains(t, got, "Now no loop runs on a carrier, 1 is parked "+sim.ParkSleep.Words()+"; the JVM has 74 OS threads.")
	// As many parked for two reasons: the first in the panel's order.
	s.ParkedCount[sim.ParkSleep], s.ParkedCount[sim.ParkSocket] = 2, 2
	first := sim.ParkSleep
	if sim.ParkSocket < sim.ParkSleep {
		first = sim.ParkSocket
	}
	got = finished(map[string]string{"loom_carrier": "true"}, s)
	assert.Contains(t, got, "4 are parked "+first.Words()+";")
	s.ParkedCount = [len(s.ParkedCount)]int{}
	s.ParkedCount[sim.ParkSleep] = 1
	s.ParkedCount = [len(s.ParkedCount)]int{}
	got = finished(map[string]string{"loom_carrier": "true"}, s)
	assert.Contains(t, got, "Now no loop runs on a carrier; the JVM has 74 OS threads.")
	s.Mounted = 2
	got = finished(map[string]string{"loom_carrier": "true"}, s)
	assert.Contains(t, got, "Now 2 loops run on a carrier; the JVM has 74 OS threads.")
}

// The first-requests moment comes with the first request done, with the
// resident memory where there is one.
func TestCarrierFirstRequestMoment(t *testing.T) {
	first := func(done int64, rss sim.Bytes) []Moment {
		s := &sim.Snapshot{Time: sim.Time(sim.Millisecond), VirtualLive: 16, RequestsDone: done, RSS: rss}
		return momentsAt(Setup{Scenario: "loom-carrier", Knobs: map[string]string{"loom_carrier": "true"}}, s, FirstRequest)
	}
	assert.Empty(t, first(0, 0), "no request done")
	got := first(1, 0)
	if assert.Len(t, got, 1, "the first request done") {
		assert.NotContains(t, got[0].Sentence, "resident memory", "none to say")
	}
	got = first(1, 226*sim.MB)
	if assert.Len(t, got, 1) {
		assert.Contains(t, got[0].Sentence, "The process's resident memory (RSS) is 226 MB.")
	}
}
