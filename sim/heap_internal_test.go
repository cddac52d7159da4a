package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The heap's own arithmetic and bookkeeping (heap.go): configuration limits
// at their edges, generation sizes, object slots, kills, and the adaptive
// averages' exact values.

func validHeapConfig() HeapConfig {
	return HeapConfig{GC: GCParallel, MaxBytes: 100 * MB, NewRatio: 4, SurvivorRatio: 8, MaxTenuring: 15,
		CopyRate: 1, MarkRate: 1, SweepRate: 1, CardRate: 1, G1MarkRate: 1, G1MixedCopyRate: 1}
}

func TestHeapConfigLimits(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(*HeapConfig)
		ok   bool
	}{
		{"valid", func(*HeapConfig) {}, true},
		{"no collector", func(h *HeapConfig) { h.GC = gcInvalid }, false},
		{"past the last collector", func(h *HeapConfig) { h.GC = gcKindCount }, false},
		{"the last collector", func(h *HeapConfig) { h.GC = gcKindCount - 1 }, true},
		{"4 MB heap", func(h *HeapConfig) { h.MaxBytes = 4 * MB }, true},
		{"a byte under 4 MB", func(h *HeapConfig) { h.MaxBytes = 4*MB - 1 }, false},
		{"new_ratio 1", func(h *HeapConfig) { h.NewRatio = 1 }, true},
		{"new_ratio 0", func(h *HeapConfig) { h.NewRatio = 0 }, false},
		{"survivor_ratio 1", func(h *HeapConfig) { h.SurvivorRatio = 1 }, true},
		{"survivor_ratio 0", func(h *HeapConfig) { h.SurvivorRatio = 0 }, false},
		{"tenuring 0", func(h *HeapConfig) { h.MaxTenuring = 0 }, true},
		{"tenuring -1", func(h *HeapConfig) { h.MaxTenuring = -1 }, false},
		{"tenuring 15", func(h *HeapConfig) { h.MaxTenuring = 15 }, true},
		{"tenuring 16", func(h *HeapConfig) { h.MaxTenuring = 16 }, false},
		{"copy rate 0", func(h *HeapConfig) { h.CopyRate = 0 }, false},
		{"mark rate 0", func(h *HeapConfig) { h.MarkRate = 0 }, false},
		{"sweep rate 0", func(h *HeapConfig) { h.SweepRate = 0 }, false},
		{"card rate 0", func(h *HeapConfig) { h.CardRate = 0 }, false},
	} {
		h := validHeapConfig()
		c.edit(&h)
		err := h.validate()
		if c.ok {
			assert.NoError(t, err, c.name)
		} else {
			assert.Error(t, err, c.name)
		}
	}
}

func TestNewHeapSizes(t *testing.T) {
	cfg := validHeapConfig()
	cfg.MinSurvivorRatio = 4
	h := newHeap(cfg, 21, parallelGC{})
	assert.Equal(t, 20*MB, h.youngCap, "100 MB / (NewRatio 4 + 1)")
	assert.Equal(t, 80*MB, h.oldMax)
	assert.Equal(t, 80*MB, h.oldCommitted)
	assert.Equal(t, 2*MB, h.survCap, "young / (SurvivorRatio 8 + 2)")
	assert.Equal(t, 16*MB, h.edenCap)
	assert.Equal(t, 5*MB, h.survMax, "young / MinSurvivorRatio")
	cfg.MinSurvivorRatio = 2
	assert.Equal(t, 20*MB/3, newHeap(cfg, 21, parallelGC{}).survMax, "MinSurvivorRatio is at least 3")
}

func TestClampBytes(t *testing.T) {
	assert.Equal(t, Bytes(5), clampBytes(5, 1, 10))
	assert.Equal(t, Bytes(1), clampBytes(0, 1, 10))
	assert.Equal(t, Bytes(10), clampBytes(11, 1, 10))
}

// Slots: a new object starts unlinked, in eden; a released slot is taken
// before the slice grows, and only once.
func TestHeapObjectSlots(t *testing.T) {
	h := newHeap(validHeapConfig(), 21, parallelGC{})
	a := h.newBlob(MB, CatRequest)
	b := h.newBlob(2*MB, CatApp)
	assert.Equal(t, int32(0), a)
	assert.Equal(t, int32(1), b)
	assert.Equal(t, int32(-1), h.blobs[a].ref)
	assert.Equal(t, SpaceEden, h.blobs[a].sp)
	assert.Equal(t, 3*MB, h.edenUsed)
	assert.Equal(t, 13*MB, h.edenFree())
	assert.Equal(t, MB, h.allocated[CatRequest])
	assert.Equal(t, 2*MB, h.live[CatApp])

	h.blobs[a].dead, h.blobs[a].age, h.blobs[a].ref = true, 3, 1 // what a used slot may carry
	h.release(a)
	h.free = append([]int32{9}, h.free...) // an older free slot below it
	c := h.record(KB, CatThread)
	assert.Equal(t, a, c, "the last released slot is reused")
	assert.Equal(t, blob{size: KB, cat: CatThread, sp: SpaceEden, ref: -1}, h.blobs[c],
		"a reused slot keeps nothing of its last object")
	assert.Equal(t, []int32{9}, h.free)
	assert.Len(t, h.blobs, 2)
	h.free = h.free[:0]
	d := h.record(KB, CatThread)
	assert.Equal(t, int32(2), d, "no free slot: the slice grows")
	assert.Len(t, h.blobs, 3)

	// An object belongs to the cohort open when it was allocated (the
	// first one holds counted bytes, so opening the next keeps it).
	assert.Equal(t, uint32(0), h.blobs[b].cohort)
	h.cohorts[0].young[shortRequest] = KB
	h.openCohort()
	require.Len(t, h.cohorts, 2)
	e := h.newBlob(KB, CatApp)
	assert.Equal(t, uint32(1), h.blobs[e].cohort, "allocated after a second cohort opened")
}

func TestHeapUsedAndGarbage(t *testing.T) {
	h := &heap{edenCap: 16 * MB, edenUsed: MB, survUsed: 2 * MB, oldUsed: 4 * MB}
	assert.Equal(t, 7*MB, h.used())
	h.garbage(3 * MB)
	assert.Equal(t, 4*MB, h.edenUsed)
	assert.Equal(t, 3*MB, h.allocated[CatGarbage])
	assert.Equal(t, 3*MB, h.freed[CatGarbage])
	assert.Equal(t, 12*MB, h.edenFree())
}

// A young object dies in place; an old one leaves its bytes as garbage and
// frees its record (a StackChunk's picture moves to the abandoned list:
// TestAbandonedChunk). A dead or free slot is not killed twice.
func TestHeapKill(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	h := &s.heap
	young := h.newBlob(MB, CatRequest)
	h.kill(young)
	assert.True(t, h.blobs[young].dead)
	assert.Equal(t, SpaceEden, h.blobs[young].sp, "collected by the next young GC")
	assert.Equal(t, Bytes(0), h.live[CatRequest])
	assert.Equal(t, MB, h.freed[CatRequest])
	h.kill(young)
	assert.Equal(t, MB, h.freed[CatRequest], "killed once")

	old := h.newBlob(MB, CatApp)
	h.young = h.young[:len(h.young)-1]
	s.promote(old)
	usedBefore := h.oldUsed
	h.kill(old)
	assert.Equal(t, Bytes(0), h.oldLive[CatApp])
	assert.Equal(t, usedBefore, h.oldUsed, "its bytes stay until compaction")
	assert.Equal(t, SpaceFree, h.blobs[old].sp, "its record is freed")
	freed := h.freed[CatApp]
	h.kill(old)
	assert.Equal(t, freed, h.freed[CatApp], "a free slot is not killed")
}

// A chunk that dies in the old generation frees its object and chunk slots
// at once; the picture still lists it, dead in old, until the Full GC.
func TestAbandonedChunk(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	s.th = append(s.th, thread{role: RoleTask, virtual: true, state: StateParked, task: -1, tail: -1})
	owner := int32(len(s.th) - 1)
	ci := s.newChunk(owner, 300, -1)
	b := s.chunks[ci].blob
	s.heap.young = s.heap.young[:len(s.heap.young)-1]
	s.promote(b)
	usedBefore := s.heap.oldUsed
	s.dropChunk(ci)
	assert.Equal(t, usedBefore, s.heap.oldUsed, "its bytes stay in old as garbage")
	assert.Equal(t, SpaceFree, s.heap.blobs[b].sp, "its object record is free")
	assert.Equal(t, []int32{ci}, s.chunkFree, "its chunk slot is free")
	require.Equal(t, 1, s.abandoned.n)
	var snap Snapshot
	s.fillChunks(&snap)
	assert.Equal(t, 1, snap.Chunks.OldDead)
	require.Len(t, snap.ChunkBlocks, 1)
	assert.Equal(t, ChunkView{ID: 1, Capacity: 300, Space: SpaceOld, GCMode: true, Dead: true, Tier: TierC2}, snap.ChunkBlocks[0],
		"promoted by Parallel, so in GC mode")
	require.NoError(t, checkHeapFully(&s.heap, s.gc))
	require.NoError(t, s.checkAbandoned())
	s.heap.oldUsed -= KB
	require.Error(t, s.checkAbandoned(), "its bytes must be in the old gen's garbage")
	s.heap.oldUsed += KB
	s.fullGC(CauseAllocation)
	assert.Equal(t, 0, s.abandoned.n, "the Full GC collects it")
	assert.Empty(t, s.abandoned.sample)
	s.fillChunks(&snap)
	assert.Equal(t, 0, snap.Chunks.OldDead)
}

// The abandoned chunks' sample stays even and bounded however many die: the
// i-th sampled is the (i·stride)-th abandoned.
func TestAbandonedSample(t *testing.T) {
	var a abandonedChunks
	n := 3*abandonedSample + 5
	for i := 0; i < n; i++ {
		a.add(abandonedChunk{id: ChunkID(i)}, 10)
	}
	assert.Equal(t, n, a.n)
	assert.Equal(t, Bytes(10*n), a.bytes)
	assert.Equal(t, 4, a.stride)
	assert.LessOrEqual(t, len(a.sample), abandonedSample)
	assert.Equal(t, (n+3)/4, len(a.sample))
	for i, c := range a.sample {
		require.Equal(t, ChunkID(i*a.stride), c.id)
	}
	a.reset()
	assert.Equal(t, 0, a.n)
	assert.Empty(t, a.sample)
}

// AdaptivePaddedAverage's exact values: the first sample weighs 100 %, the
// second 50 %, the third a third, and from the tenth on the weight itself.
func TestAvgPaddedValues(t *testing.T) {
	a := avgPadded{weight: 10, padding: 3}
	a.sample(100)
	assert.Equal(t, 100.0, a.avg)
	assert.Equal(t, 0.0, a.dev)
	assert.Equal(t, 100.0, a.padded())
	a.sample(200) // w 0.5: avg 150, deviation |200-150| weighed: 25
	assert.Equal(t, 150.0, a.avg)
	assert.Equal(t, 25.0, a.dev)
	assert.Equal(t, 225.0, a.padded())
	a.sample(0) // w 1/3: avg 100, deviation |0-100| = 100 weighed: 50
	assert.InDelta(t, 100.0, a.avg, 1e-9)
	assert.InDelta(t, 50.0, a.dev, 1e-9)
	assert.InDelta(t, 250.0, a.padded(), 1e-9)
	assert.Equal(t, 3, a.count)

	b := avgPadded{weight: 10, padding: 3}
	for i := 0; i < 10; i++ {
		b.sample(0)
	}
	b.sample(100) // the eleventh sample weighs 10 %
	assert.InDelta(t, 10.0, b.avg, 1e-9)
	assert.InDelta(t, 9.0, b.dev, 1e-9)
	assert.InDelta(t, 37.0, b.padded(), 1e-9)
}

func TestAvgWeightedValues(t *testing.T) {
	a := avgWeighted{weight: 25}
	a.sample(4)
	assert.Equal(t, 4.0, a.avg)
	a.sample(8)
	assert.Equal(t, 6.0, a.avg)
	a.sample(0)
	assert.InDelta(t, 4.0, a.avg, 1e-9)
	a.sample(4) // w 1/4, also the weight itself
	assert.InDelta(t, 4.0, a.avg, 1e-9)
	a.sample(8) // w 25 %: 4 * 0.75 + 8 * 0.25
	assert.InDelta(t, 5.0, a.avg, 1e-9)
	assert.Equal(t, 5, a.count)
}

func TestSampleWeight(t *testing.T) {
	assert.Equal(t, 1.0, sampleWeight(10, 1))
	assert.Equal(t, 0.5, sampleWeight(10, 2))
	assert.Equal(t, 0.1, sampleWeight(10, 10))
	assert.Equal(t, 0.1, sampleWeight(10, 11))
	assert.Equal(t, 0.25, sampleWeight(25, 2*2))
	require.Equal(t, 0.25, sampleWeight(25, 5))
}

// The generations are sized in SpaceAlign units, rounded down: with
// -XX:NewRatio=2 the young gen is a third of 100 MB (33.3 MB), 33 MB in
// 512 KB units; a survivor space is a tenth of that (3.3 MB), 3 MB; the
// survivors' limit is a third of young, 11 MB.
func TestGenerationSizesAligned(t *testing.T) {
	cfg := validHeapConfig()
	cfg.NewRatio, cfg.SpaceAlign = 2, 512*KB
	h := newHeap(cfg, 21, parallelGC{})
	assert.Equal(t, 33*MB, h.youngCap)
	assert.Equal(t, 67*MB, h.oldMax)
	assert.Equal(t, 3*MB, h.survCap)
	assert.Equal(t, 27*MB, h.edenCap)
	assert.Equal(t, 11*MB, h.survMax)
}

// InitialSurvivorRatio sizes the survivor spaces from 3 up; below 3 it is
// unset and SurvivorRatio+2 does.
func TestInitialSurvivorRatioFromThree(t *testing.T) {
	for _, c := range []struct {
		isr  int
		surv Bytes
	}{{3, 20 * MB / 3}, {2, 2 * MB}, {0, 2 * MB}, {8, 20 * MB / 8}} {
		cfg := validHeapConfig() // young 20 MB, SurvivorRatio 8
		cfg.InitialSurvivorRatio = c.isr
		h := newHeap(cfg, 21, parallelGC{})
		assert.Equal(t, c.surv, h.survCap, "InitialSurvivorRatio %d", c.isr)
		assert.Equal(t, 20*MB-2*c.surv, h.edenCap, "InitialSurvivorRatio %d", c.isr)
	}
}

// A no-zero-deviation average (Serial's promoted bytes): a zero sample
// moves the average but leaves the deviation; any other sample moves both.
func TestNoZeroDevAverage(t *testing.T) {
	a := avgPadded{weight: 10, padding: 3, noZeroDev: true}
	a.sample(10)
	a.sample(20)
	require.Greater(t, a.dev, 0.0, "a non-zero sample that differs from the average moves the deviation")
	dev, avg := a.dev, a.avg
	a.sample(0)
	assert.Equal(t, dev, a.dev, "a zero sample leaves the deviation")
	assert.Less(t, a.avg, avg, "a zero sample lowers the average")
}
