package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tinySim builds a simulator whose heap the tests drive by hand.
func tinySim(t *testing.T, gc GCKind, jdk int) *Sim {
	t.Helper()
	cfg := Config{
		Machine: Machine{Cores: 2, Quantum: 4 * Millisecond},
		JVM:     JVM{JDK: jdk, MaxPoolSize: 256, ThawFastLimit: 500},
		Heap: HeapConfig{GC: gc, MaxBytes: 100 * MB, NewRatio: 4, SurvivorRatio: 8, MaxTenuring: 15,
			InitialTenuring: 7, TargetSurvivorRatio: 50, Adaptive: gc == GCParallel, MinSurvivorRatio: 3, FixedSurvivors: true,
			CopyRate: 100 * MB, CardRate: 100 * MB, MarkRate: 100 * MB, SweepRate: 100 * MB, ChunkHeader: 48,
			G1IHOP: 45, G1MarkRate: MB, G1MixedCopyRate: MB, G1OldLiveness: 30},
		Programs:  []Program{{Name: "p", Steps: []Step{{Kind: StepCPU, Dist: Const(1)}}}},
		Executors: []ExecutorConfig{{Kind: ExecVirtualPerTask}},
		Loads:     []LoadConfig{{Kind: LoadBatch, Count: 1}},
	}
	s, err := New(cfg, 1)
	require.NoError(t, err)
	return s
}

// fillOld puts n bytes of live data in the old generation.
func fillOld(s *Sim, n Bytes) {
	for n > 0 {
		size := min(n, MB)
		b := s.heap.newBlob(size, CatApp)
		s.heap.young = s.heap.young[:len(s.heap.young)-1]
		s.heap.edenUsed -= size
		s.promote(b)
		n -= size
	}
}

func TestParallelFullGCInsteadOfYoungWhenPromotionWouldNotFit(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	h := &s.heap
	// Old gen is 80 MB. Leave 5 MB free and teach the policy that young
	// collections promote ~10 MB.
	fillOld(s, h.oldMax-5*MB)
	for i := 0; i < 10; i++ {
		h.promoAvg.sample(float64(10 * MB))
	}
	h.edenUsed = h.edenCap
	s.collect(KB)
	assert.Equal(t, int64(0), s.stats.youngGCs, "the young collection is skipped")
	assert.Equal(t, int64(1), s.stats.fullGCs)
}

func TestPostScavengeFullGCRightAfterAYoungOne(t *testing.T) {
	for _, check := range []bool{true, false} {
		s := tinySim(t, GCParallel, 21)
		s.cfg.JVM.PostScavengeFullGC = check
		h := &s.heap
		// 20 MB free: more than young used (so the scavenge runs), less
		// than the padded promotion average.
		fillOld(s, h.oldMax-20*MB)
		for i := 0; i < 10; i++ {
			h.promoAvg.sample(float64(30 * MB))
		}
		h.promoAvg.count = 10
		// A young gen almost empty of live data: the scavenge promotes nothing.
		h.edenUsed = 10 * MB
		s.collect(h.edenCap)
		assert.Equal(t, int64(1), s.stats.youngGCs, "check %v", check)
		if check {
			assert.Equal(t, int64(1), s.stats.fullGCs, "21.0.3 and 17.0.11 check the padded average after the scavenge")
			assert.Equal(t, int64(1), s.stats.fullByCause[CauseErgonomics], "the check's Full GC is Ergonomics")
		} else {
			assert.Equal(t, int64(0), s.stats.fullGCs, "JDK-8319713 removed that check (JDK 22, 21.0.4, 17.0.12)")
		}
	}
}

func TestPromotionFailureLeadsToFullGC(t *testing.T) {
	s := tinySim(t, GCSerial, 25)
	h := &s.heap
	fillOld(s, h.oldMax-MB)
	// 3 MB of live young data, survivors of 1 MB: it must be promoted, and
	// only 1 MB fits.
	for i := 0; i < 3; i++ {
		s.heap.newBlob(MB, CatRequest)
	}
	h.survCap = MB / 2
	h.edenUsed = h.edenCap
	s.collect(KB)
	assert.Equal(t, int64(1), s.stats.fullGCs, "a promotion failure ends in a Full GC")
}

func TestSerialSkipsYoungWhenNeitherAverageNorYoungFits(t *testing.T) {
	s := tinySim(t, GCSerial, 25)
	h := &s.heap
	fillOld(s, h.oldMax-2*MB)
	for i := 0; i < 5; i++ {
		h.promoAvg.sample(float64(4 * MB))
	}
	h.edenUsed = h.edenCap
	promotedBefore := s.stats.promoted
	s.collect(KB)
	assert.Equal(t, int64(1), s.stats.youngGCs, "the skipped young collection is still logged and counted, as HotSpot's Serial does")
	assert.Equal(t, promotedBefore, s.stats.promoted, "but it copies and promotes nothing")
	assert.Equal(t, int64(1), s.stats.fullGCs)
}

// Parallel's Full GC marking transforms every chunk it marks (review item
// 1 of issue 12): also an old chunk no promotion had transformed, and a
// young one left in the young gen because the old gen had no room for it.
func TestParallelFullGCPutsEveryLiveChunkInGCMode(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	mk := func() int32 {
		s.th = append(s.th, thread{role: RoleTask, virtual: true, state: StateParked, task: -1, tail: -1})
		owner := int32(len(s.th) - 1)
		ci := s.newChunk(owner, 300, -1)
		s.chunks[ci].used = 298
		s.th[owner].tail = ci
		return ci
	}
	oldOne := mk()
	s.promote(s.chunks[oldOne].blob)
	s.chunks[oldOne].gcMode = false // as if it came to old another way
	fillOld(s, s.heap.oldMax-s.heap.oldUsed)
	youngOne := mk()
	s.fullGC(CauseAllocation)
	assert.True(t, s.chunks[oldOne].gcMode, "an old chunk is marked, so transformed")
	assert.False(t, s.chunks[youngOne].old, "no room in the old gen: it stays young")
	assert.True(t, s.chunks[youngOne].gcMode, "a young chunk is marked, so transformed")
}

// A program with FreshThreadState starts every task with empty per-thread
// state: what the previous task stored dies when it ends.
func TestFreshThreadStateDiesWithEachTask(t *testing.T) {
	for _, fresh := range []bool{false, true} {
		cfg := Config{
			Machine: Machine{Cores: 1, Quantum: 4 * Millisecond},
			JVM:     JVM{JDK: 21, MaxPoolSize: 256, ThawFastLimit: 500},
			Heap: HeapConfig{GC: GCSerial, MaxBytes: 64 * MB, NewRatio: 2, SurvivorRatio: 8, MaxTenuring: 15,
				TargetSurvivorRatio: 50, CopyRate: 100 * MB, CardRate: 100 * MB, MarkRate: 100 * MB, SweepRate: 100 * MB},
			Programs: []Program{{Name: "p", FreshThreadState: fresh, Steps: []Step{
				{Kind: StepThreadLocal, InitBytes: 100, Bytes: KB, Cap: 10 * KB, Sticky: 2 * KB}}}},
			Executors: []ExecutorConfig{{Kind: ExecPlatformPool, Size: 1}},
			Loads:     []LoadConfig{{Kind: LoadBatch, Count: 5}},
		}
		s, err := New(cfg, 1)
		require.NoError(t, err)
		for !s.Advance(Never, 1<<16) {
		}
		live := s.heap.live[CatThreadLocal]
		if fresh {
			assert.Equal(t, Bytes(0), live, "each task's state died when it ended")
			assert.Equal(t, Bytes(5*(100+KB+2*KB)), s.heap.allocated[CatThreadLocal], "every task initialised its state anew")
		} else {
			assert.Equal(t, Bytes(100+5*KB+2*KB), live, "the pooled thread keeps its state, cache and last sticky data")
		}
	}
}

func TestFullGCMovesYoungIntoOldAndTransformsChunks(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	s.th = append(s.th, thread{role: RoleTask, virtual: true, state: StateParked, task: -1, tail: -1})
	owner := int32(len(s.th) - 1)
	ci := s.newChunk(owner, 300, -1)
	s.chunks[ci].used = 298
	s.th[owner].tail = ci
	s.heap.edenUsed, s.heap.survUsed = s.heap.edenCap, s.heap.survCap/2 // the rest is garbage
	s.fullGC(CauseAllocation)
	c := &s.chunks[ci]
	assert.True(t, c.old, "Parallel's Full GC compacts young objects into the old gen")
	assert.True(t, c.gcMode, "a chunk moved into the old gen is transformed")
	assert.Zero(t, s.heap.edenUsed, "all that lived fitted in the old gen: eden is empty")
	assert.Zero(t, s.heap.survUsed, "and so is the survivor space")
	require.NoError(t, checkHeapFully(&s.heap, s.gc))
}

func TestOutOfMemoryWhenLiveSetDoesNotFit(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	fillOld(s, s.heap.oldMax)
	for i := 0; i < 30; i++ {
		s.heap.newBlob(MB, CatRequest)
	}
	s.collect(MB)
	assert.True(t, s.oom)
}

// Thaw: a small chunk is copied whole; a large one only its top frames
// (return barrier); a chunk the GC has seen is unlinked when emptied, a
// young one stays for reuse.
func TestThawRules(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	mk := func(used Words, gcMode, old bool) int32 {
		s.th = append(s.th, thread{virtual: true, role: RoleTask, state: StateParked, task: -1, tail: -1, topWords: 40})
		ti := int32(len(s.th) - 1)
		ci := s.newChunk(ti, used+2, -1)
		s.chunks[ci].used, s.chunks[ci].gcMode, s.chunks[ci].old = used, gcMode, old
		s.th[ti].tail, s.th[ti].resident = ci, used
		return ti
	}
	small := mk(286, false, false)
	assert.Equal(t, Words(286), s.thaw(small), "fast path: the whole chunk")
	assert.Equal(t, Words(0), s.th[small].resident)
	assert.GreaterOrEqual(t, s.th[small].tail, int32(0), "a young empty chunk stays for the next freeze")

	large := mk(1147, false, false)
	assert.Equal(t, Words(40), s.thaw(large), "slow path: the top frames only")
	assert.Equal(t, Words(1107), s.th[large].resident, "the rest waits behind a return barrier")
	assert.Equal(t, Words(1107), s.thawAll(large))

	seen := mk(286, true, true)
	s.thaw(seen)
	assert.Equal(t, int32(-1), s.th[seen].tail, "an emptied chunk the GC has seen is unlinked")
	require.NoError(t, checkHeapFully(&s.heap, s.gc))
}
