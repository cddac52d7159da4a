package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// G1 (simplified), gc_g1.go, driven by hand: when concurrent marking starts
// and ends, what each mixed collection reclaims and costs, and how the
// committed heap and the young generation are sized. tinySim's G1 heap is
// 100 MB with InitiatingHeapOccupancyPercent 45, marking at 1 MB/ms, mixed
// copying at 1 MB/ms per thread (2 threads), old regions 30 % live.

func TestG1ValidateRates(t *testing.T) {
	h := validHeapConfig()
	h.GC = GCG1
	assert.NoError(t, g1GC{}.validate(&h))
	h.G1MarkRate = 0
	assert.Error(t, g1GC{}.validate(&h))
	h.G1MarkRate, h.G1MixedCopyRate = 1, 0
	assert.Error(t, g1GC{}.validate(&h))
}

// g1OldWith puts live old data and old garbage (dead old objects) in a G1
// heap.
func g1OldWith(s *Sim, live, garbage Bytes) {
	fillOld(s, live)
	if garbage > 0 {
		g := s.heap.newBlob(garbage, CatApp)
		s.heap.young = s.heap.young[:len(s.heap.young)-1]
		s.heap.edenUsed -= garbage
		s.promote(g)
		s.heap.kill(g)
	}
}

func TestG1MarkingStartsAtTheOccupancyThreshold(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	g1OldWith(s, 40*MB, 5*MB-1)
	s.g1MaybeStartMarking()
	assert.False(t, s.heap.g1.marking, "a byte under 45 % of the heap")

	s = tinySim(t, GCG1, 25)
	g1OldWith(s, 40*MB, 5*MB)
	s.now = Time(Millisecond)
	s.g1MaybeStartMarking()
	g := &s.heap.g1
	require.True(t, g.marking, "at 45 %")
	assert.Equal(t, 5*MB, g.markedGarbage, "the old gen's garbage")
	assert.Equal(t, Time(41*Millisecond), g.markDone, "40 MB live at 1 MB/ms from 1 ms")

	// Not again while it runs or while its garbage is being reclaimed.
	g.markDone = 0
	s.g1MaybeStartMarking()
	assert.Equal(t, Time(0), g.markDone)
	g.marking, g.reclaimable = false, 1
	s.g1MaybeStartMarking()
	assert.False(t, g.marking)
}

func TestG1MixedCollections(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := s.heap
	s.cfg.Heap.G1RemarkPause = 3 * Millisecond
	g1OldWith(s, 40*MB, 16*MB)
	h.g1.marking, h.g1.markDone, h.g1.markedGarbage = true, Time(5*Millisecond), 16*MB
	s.now = Time(5*Millisecond) - 1
	assert.Equal(t, Duration(0), s.g1Mixed(2), "marking not done: no mixed work")
	assert.True(t, h.g1.marking)
	assert.Equal(t, int64(0), s.stats.g1Mixed)

	s.now = Time(5 * Millisecond)
	oldBefore := h.oldUsed
	d := s.g1Mixed(2)
	assert.False(t, h.g1.marking, "marking ends at its end time")
	// Remark 3 ms; an eighth of 16 MB (2 MB) reclaimed, with the 30 % live
	// data sharing those regions copied (2 MB × 30/70) at 2 MB/ms.
	assert.Equal(t, 3*Millisecond+bytesAt(2*MB*30/70, 2*MB), d)
	assert.Equal(t, 14*MB, h.g1.reclaimable)
	assert.Equal(t, oldBefore-2*MB, h.oldUsed)
	assert.Equal(t, int64(1), s.stats.g1Mixed)

	// The last step reclaims what is left and frees the dead objects.
	h.g1.reclaimable = 2 * MB
	s.g1Mixed(2)
	assert.Equal(t, Bytes(0), h.g1.reclaimable)
	assert.Equal(t, 40*MB, h.oldUsed, "only the live data is left")
	assert.Equal(t, int64(2), s.stats.g1Mixed)
	assert.Equal(t, Duration(0), s.g1Mixed(2), "nothing reclaimable: no mixed work")
	assert.Equal(t, int64(2), s.stats.g1Mixed)
}

// A small marking reclaims at least a megabyte a time, never more than is
// left.
func TestG1MixedStepIsAtLeastAMegabyte(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := s.heap
	g1OldWith(s, 40*MB, 4*MB)
	h.g1.markedGarbage, h.g1.reclaimable = 4*MB, 4*MB
	s.g1Mixed(2)
	assert.Equal(t, 3*MB, h.g1.reclaimable, "an eighth is 512 KB: 1 MB instead")
	h.g1.reclaimable = MB / 2
	s.g1Mixed(2)
	assert.Equal(t, Bytes(0), h.g1.reclaimable)
}

// The committed heap starts at -Xms (or -Xmx when -Xms is unset or larger),
// grows to twice the old data plus 5 % of -Xmx when that is more, and never
// shrinks; young takes what old and a 10 % reserve leave, within 5..60 %.
func TestG1Resize(t *testing.T) {
	for _, c := range []struct {
		name                        string
		initial, oldUsed, committed Bytes
		wantCommitted, wantYoung    Bytes
	}{
		{"no -Xms: -Xmx", 0, 10 * MB, 0, 100 * MB, 60 * MB},
		{"-Xms above -Xmx: -Xmx", 200 * MB, 10 * MB, 0, 100 * MB, 60 * MB},
		{"-Xms", 50 * MB, 0, 0, 50 * MB, 30 * MB},
		{"grows for the old data", 20 * MB, 10 * MB, 0, 25 * MB, 25*MB - 10*MB - 25*MB/10},
		{"never past -Xmx", 20 * MB, 60 * MB, 0, 100 * MB, 30 * MB},
		{"never shrinks", 50 * MB, 0, 80 * MB, 80 * MB, 80 * MB * 60 / 100},
		{"young at least 5 %", 0, 95 * MB, 0, 100 * MB, 5 * MB},
	} {
		h := &heap{cfg: HeapConfig{MaxBytes: 100 * MB, InitialBytes: c.initial, SurvivorRatio: 8}, oldUsed: c.oldUsed}
		h.g1.committed = c.committed
		h.g1Resize()
		assert.Equal(t, c.wantCommitted, h.g1.committed, c.name)
		assert.Equal(t, c.wantYoung, h.youngCap, c.name)
		assert.Equal(t, c.wantYoung/10, h.survCap, c.name)
		assert.Equal(t, c.wantYoung-2*(c.wantYoung/10), h.edenCap, c.name)
		assert.Equal(t, 100*MB-c.wantYoung, h.oldMax, c.name)
		assert.Equal(t, h.oldMax, h.oldCommitted, c.name)
	}
}

// A Full GC forgets marking and resizes; G1 promotes chunks without
// transforming them and has neither dead wood nor the reuse fix.
func TestG1AfterFullAndRules(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := s.heap
	h.g1.marking, h.g1.reclaimable = true, 5*MB
	g1OldWith(s, 30*MB, 0)
	g1GC{}.afterFull(s)
	assert.False(t, h.g1.marking)
	assert.Equal(t, Bytes(0), h.g1.reclaimable)
	assert.False(t, g1GC{}.chunkGCModeOnPromotion())
	assert.False(t, g1GC{}.reuseFix())
	assert.Equal(t, Bytes(0), g1GC{}.deadWood(s, MB, MB))
	assert.NoError(t, g1GC{}.checkHeap(h))
}
