package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The collections every collector shares (gc.go), driven by hand on
// tinySim: when an allocation collects, how a young collection ages, copies
// and promotes at each boundary, what a Full GC keeps, and the exact pause
// prices. tinySim: eden 16 MB, survivors 2 MB, old 80 MB, every rate 100 MB
// per ms per thread, 2 cores (2 GC threads for Parallel).

func TestAllocCollectsOnlyWhenEdenHasNoRoom(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	h := &s.heap
	h.edenUsed = h.edenCap - KB
	s.alloc(KB, CatRequest)
	assert.Equal(t, int64(0), s.stats.youngGCs, "exactly the room left: no collection")
	s.alloc(1, CatRequest)
	assert.Equal(t, int64(1), s.stats.youngGCs, "a byte more: a collection")

	h.edenUsed = h.edenCap - KB
	s.allocGarbage(KB)
	assert.Equal(t, int64(1), s.stats.youngGCs)
	assert.Equal(t, h.edenCap, h.edenUsed)
	s.allocGarbage(0)
	assert.Equal(t, int64(1), s.stats.youngGCs, "no bytes, no collection")
	s.allocGarbage(1)
	assert.Equal(t, int64(2), s.stats.youngGCs)
	assert.Equal(t, Bytes(1), h.edenUsed)
}

// After the young collection, a Full GC runs only if the allocation still
// does not fit; after the Full GC, OutOfMemoryError only if it still does
// not.
func TestCollectFullGCAndOOMBoundaries(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	h := &s.heap
	h.edenUsed = h.edenCap
	s.collect(h.edenCap)
	assert.Equal(t, int64(1), s.stats.youngGCs)
	assert.Equal(t, int64(0), s.stats.fullGCs, "an empty eden holds the whole eden")
	h.edenUsed = h.edenCap
	s.collect(h.edenCap + 1)
	assert.Equal(t, int64(1), s.stats.fullGCs, "one byte more than eden: a Full GC")
	assert.True(t, s.oom, "and still no room: out of memory")
	assert.Equal(t, "Java heap space", s.oomMessage)

	// A Full GC chosen by the promotion guarantee, after which the
	// allocation fits exactly: no OutOfMemoryError.
	s = tinySim(t, GCParallel, 25)
	h = &s.heap
	fillOld(s, h.oldCommitted-4*MB)
	setPromoAvg(h, 10*MB)
	h.edenUsed = h.edenCap
	s.collect(h.edenCap)
	assert.Equal(t, int64(1), s.stats.fullGCs)
	assert.False(t, s.oom)
}

// youngSim is a Parallel heap with its threshold at t, without the adaptive
// policy (the age table sets the next threshold).
func youngSim(t *testing.T, tenuring int) *Sim {
	s := tinySim(t, GCParallel, 25)
	s.cfg.Heap.Adaptive = false
	s.heap.tenuring = tenuring
	return s
}

func TestYoungGCFillsTheSurvivorSpaceExactly(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	a := h.newBlob(MB, CatRequest)
	b := h.newBlob(MB, CatRequest)
	_, failed := s.youngGC()
	require.False(t, failed)
	assert.Equal(t, SpaceSurvivor, h.blobs[a].sp)
	assert.Equal(t, SpaceSurvivor, h.blobs[b].sp, "two 1 MB objects fill the 2 MB survivor space")
	assert.Equal(t, 2*MB, h.survUsed)
	assert.Equal(t, uint8(1), h.blobs[a].age)
	assert.Equal(t, Bytes(0), s.stats.promoted)
	assert.Equal(t, int64(0), s.stats.survivorOverflows)
	assert.Equal(t, Bytes(0), h.edenUsed)
	assert.Equal(t, 1, h.youngCount)
	assert.Equal(t, int64(1), s.stats.youngGCs)
	assert.Equal(t, 2*MB, s.stats.survivorCopied)

	c := h.newBlob(MB, CatRequest)
	s.heap.tenuring = 7
	s.youngGC()
	assert.Equal(t, SpaceOld, h.blobs[c].sp, "no room left: promoted early")
	assert.Equal(t, int64(1), s.stats.survivorOverflows)
	assert.Equal(t, uint8(2), h.blobs[a].age)
}

// An object at the threshold is promoted, one below it copied; promoting
// it is not an overflow.
func TestYoungGCTenuresAtTheThreshold(t *testing.T) {
	s := youngSim(t, 1)
	h := &s.heap
	a := h.newBlob(MB, CatRequest)
	s.youngGC()
	assert.Equal(t, SpaceSurvivor, h.blobs[a].sp, "age 0, threshold 1: copied")
	assert.Equal(t, uint8(1), h.blobs[a].age)
	h.tenuring = 1
	s.youngGC()
	assert.Equal(t, SpaceOld, h.blobs[a].sp, "age 1, threshold 1: promoted")
	assert.Equal(t, int64(0), s.stats.survivorOverflows)
	assert.Equal(t, MB, s.stats.promoted)
}

// A promotion that fills the old gen to the byte succeeds; a byte more
// fails, and what is left stays in young.
func TestYoungGCPromotionFailureBoundary(t *testing.T) {
	for _, fits := range []bool{true, false} {
		s := youngSim(t, 7)
		h := &s.heap
		free := MB
		if !fits {
			free = MB - 1
		}
		fillOld(s, h.oldCommitted-free)
		h.survCap = 0
		a := h.newBlob(MB, CatRequest)
		_, failed := s.youngGC()
		assert.Equal(t, !fits, failed, "old free %v", free)
		if fits {
			assert.Equal(t, h.oldCommitted, h.oldUsed)
		} else {
			assert.Equal(t, SpaceEden, h.blobs[a].sp)
			assert.Equal(t, MB, h.survUsed, "left in young until the Full GC")
		}
	}
}

// A young pause: YoungFixed, plus copied and promoted bytes at CopyRate, plus
// the old gen's cards at CardRate, each rate times the GC threads.
func TestYoungPausePrice(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	s.cfg.Heap.YoungFixed = Millisecond
	h.survCap = MB
	h.newBlob(MB, CatRequest) // copied
	h.newBlob(MB, CatRequest) // promoted (no survivor room left)
	d, _ := s.youngGC()
	// 2 MB at 200 MB/ms = 10 µs; 1 MB of old cards at 200 MB/ms = 5 µs.
	assert.Equal(t, Millisecond+15*Microsecond, d)
}

// The pause's share of the time since the last young pause feeds the
// adaptive policy; a pause right after another adds no sample.
func TestMinorCostSample(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	h := &s.heap
	s.now = Time(9 * Millisecond)
	s.adaptAfterYoung(&youngResult{pause: Millisecond})
	assert.Equal(t, 1, h.minorCost.count)
	assert.InDelta(t, 0.1, h.minorCost.avg, 1e-12, "1 ms of pause in 10 ms")
	assert.Equal(t, Time(10*Millisecond), h.lastMinorEnd)
	s.now = Time(10 * Millisecond)
	s.adaptAfterYoung(&youngResult{pause: Millisecond})
	assert.Equal(t, 1, h.minorCost.count, "no time between the pauses: no sample")
}

// The age table: the threshold is the first age at which the survivors
// exceed TargetSurvivorRatio of the survivor space (strictly); none does:
// MaxTenuringThreshold.
func TestAgeTableThreshold(t *testing.T) {
	cfg := &HeapConfig{TargetSurvivorRatio: 50, MaxTenuring: 15}
	h := &heap{survCap: 2 * MB} // target 1 MB
	ages := [16]Bytes{1: MB, 2: 1}
	ageTableThreshold(h, cfg, &ages)
	assert.Equal(t, 2, h.tenuring, "1 MB is the target, not past it")
	ages = [16]Bytes{1: MB + 1}
	ageTableThreshold(h, cfg, &ages)
	assert.Equal(t, 1, h.tenuring)
	ages = [16]Bytes{15: KB}
	ageTableThreshold(h, cfg, &ages)
	assert.Equal(t, 15, h.tenuring, "nothing past the target")
	cfg.TargetSurvivorRatio = 25 // 512 KB
	ages = [16]Bytes{3: 600 * KB}
	ageTableThreshold(h, cfg, &ages)
	assert.Equal(t, 3, h.tenuring)
}

// Releasing a dead chunk's object frees its chunk slot, slot 0 included,
// and clears it.
func TestYoungGCReleasesDeadChunkSlots(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	ti := parkedThread(s, 0, 0)
	ci := s.newChunk(ti, 12, -1)
	require.Equal(t, int32(0), ci)
	s.dropChunk(ci)
	s.youngGC()
	assert.Equal(t, []int32{0}, s.chunkFree)
	c := s.chunks[0]
	assert.Equal(t, int32(-1), c.owner)
	assert.Equal(t, int32(-1), c.parent)
	assert.Equal(t, int32(-1), c.blob)
}

// Promotion raises the old gen's high-water mark, never lowers it.
func TestPromoteHighWaterMark(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	h := &s.heap
	fillOld(s, 3*MB)
	assert.Equal(t, 3*MB, h.oldHigh)
	h.oldUsed = MB
	fillOld(s, MB)
	assert.Equal(t, 3*MB, h.oldHigh)
	assert.Equal(t, 2*MB, h.oldUsed)
}

// A Full GC moves a live young object into the old gen when it fits to the
// byte, leaves dead wood (at most the garbage), and prices the pause.
func TestFullGCBoundariesAndPrice(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	h := &s.heap
	fillOld(s, h.oldMax-MB)
	a := h.newBlob(MB, CatRequest)
	s.fullGC(CauseAllocation)
	assert.Equal(t, SpaceOld, h.blobs[a].sp, "fits to the byte")
	assert.Equal(t, Bytes(0), h.edenUsed)

	s = tinySim(t, GCParallel, 25)
	h = &s.heap
	s.cfg.Heap.DeadWood = 7
	fillOld(s, 10*MB)
	g := h.newBlob(100*KB, CatApp)
	h.young = h.young[:len(h.young)-1]
	h.edenUsed -= 100 * KB
	s.promote(g)
	h.kill(g)
	s.cfg.Heap.FullFixed = 5 * Millisecond
	usedBefore := h.used()
	require.Equal(t, 10*MB+100*KB, usedBefore)
	d := s.fullGC(CauseAllocation)
	assert.Equal(t, 10*MB+100*KB, h.oldUsed, "the 100 KB of garbage stay as dead wood (7 % of 10 MB is more)")
	// 5 ms + 10 MB live at 200 MB/ms (50 µs) + 10.1 MB used at 200 MB/ms.
	want := 5*Millisecond + 50*Microsecond + bytesAt(usedBefore, 200*MB)
	assert.Equal(t, want, d)
	assert.Equal(t, 10*MB, s.stats.oldLiveAfterFull)
	assert.Equal(t, 10*MB, s.stats.oldLiveByCat[CatApp])
	assert.Equal(t, int64(1), s.stats.fullGCs)
}

// The live range after Full GCs: the smallest and largest live old bytes.
func TestFullGCLiveRange(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	h := &s.heap
	fillOld(s, 10*MB)
	s.fullGC(CauseAllocation)
	assert.Equal(t, 10*MB, s.stats.oldLiveAfterFullMin, "the first Full GC sets the minimum")
	assert.Equal(t, 10*MB, s.stats.oldLiveAfterFullMax)
	fillOld(s, 5*MB)
	s.fullGC(CauseAllocation)
	assert.Equal(t, 10*MB, s.stats.oldLiveAfterFullMin)
	assert.Equal(t, 15*MB, s.stats.oldLiveAfterFullMax)
	h.oldLive[CatApp] = 2 * MB
	s.fullGC(CauseAllocation)
	assert.Equal(t, 2*MB, s.stats.oldLiveAfterFullMin)
	assert.Equal(t, 15*MB, s.stats.oldLiveAfterFullMax)
}

// The Full GCs' share of time feeds the adaptive policy, as the young one's.
func TestMajorCostSample(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	s.cfg.Heap.FullFixed = Millisecond
	s.now = Time(9 * Millisecond)
	d := s.fullGC(CauseAllocation)
	require.Equal(t, Millisecond, d, "an empty heap: the fixed cost only")
	assert.InDelta(t, 0.1, s.heap.majorCost.avg, 1e-12)
	assert.Equal(t, Time(10*Millisecond), s.heap.lastMajorEnd)
	s.now = Time(10 * Millisecond)
	s.fullGC(CauseAllocation)
	assert.Equal(t, 1, s.heap.majorCost.count, "no time between: no sample")
}

// GC overhead limit: the fifth consecutive Full GC that finds the heap more
// than 98 % live is out of memory, not the fourth; a roomier one resets
// the count.
func TestGCOverheadLimit(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	h := &s.heap
	fillOld(s, h.oldMax)
	for i := 0; i < 19; i++ {
		h.newBlob(MB, CatRequest) // 80 + 19 = 99 MB of 100 live
	}
	for i := 1; i <= 4; i++ {
		s.fullGC(CauseAllocation)
		require.False(t, s.oom, "Full GC %d", i)
	}
	assert.Equal(t, h.oldMax, h.oldUsed, "the old gen is full")
	assert.Equal(t, 19*MB, h.edenUsed, "what does not fit stays in young")
	assert.Equal(t, 4, s.stats.fullGCsNearlyFull)
	s.fullGC(CauseAllocation)
	assert.True(t, s.oom)
	assert.Equal(t, "GC overhead limit exceeded", s.oomMessage)

	// Exactly 98 % live (80 + 18 MB of 100) is not past the limit.
	s = tinySim(t, GCParallel, 25)
	fillOld(s, s.heap.oldMax)
	for i := 0; i < 18; i++ {
		s.heap.newBlob(MB, CatRequest)
	}
	s.fullGC(CauseAllocation)
	assert.Equal(t, 0, s.stats.fullGCsNearlyFull, "exactly the limit is not past it")

	s = tinySim(t, GCParallel, 25)
	fillOld(s, 70*MB) // 70 % live
	s.stats.fullGCsNearlyFull = 3
	s.fullGC(CauseAllocation)
	assert.Equal(t, 0, s.stats.fullGCsNearlyFull)
}

func TestBytesAt(t *testing.T) {
	assert.Equal(t, 10*Microsecond, bytesAt(2*MB, 200*MB))
	assert.Equal(t, 2*Millisecond, bytesAt(2*MB, MB))
	assert.Equal(t, Duration(0), bytesAt(0, MB))
	assert.Equal(t, Duration(0), bytesAt(MB, 0), "no rate: no time, not a division by zero")
	assert.Equal(t, Duration(0), bytesAt(-1, MB))
}

// The collections' events carry their figures and belong to no thread.
func TestGCEventsCarryTheirFigures(t *testing.T) {
	s := youngSim(t, 7)
	for len(s.th) < 2 {
		parkedThread(s, 0, 0)
	}
	for i := range s.th {
		s.th[i].id = ThreadID(i + 1) // so that an event given a thread slot shows it
	}
	s.Record(16)
	s.heap.newBlob(MB, CatRequest)
	s.youngGC()
	s.fullGC(CauseErgonomics)
	s.outOfMemory("Java heap space")
	s.outOfMemory("again")
	events, dropped := s.DrainEvents(nil)
	require.Equal(t, int64(0), dropped)
	var kinds []EventKind
	for _, e := range events {
		kinds = append(kinds, e.Kind)
		assert.Zero(t, e.Thread, "%v belongs to no thread", e.Kind)
	}
	require.Equal(t, []EventKind{EvGCYoung, EvGCFull, EvOOM}, kinds)
	assert.Equal(t, int64(MB), events[0].A, "copied")
	assert.Equal(t, int64(0), events[0].B, "promoted")
	assert.Equal(t, int64(MB), events[1].A, "live")
	assert.Equal(t, int64(CauseErgonomics), events[1].B)
	assert.Equal(t, "Java heap space", s.oomMessage, "the first message stays")
}
