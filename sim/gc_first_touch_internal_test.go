package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A young pause that promotes into old-gen pages no pause has written
// before pays FirstTouchRate for them besides CopyRate (the kernel faults
// each page in on its first write); promoting the same bytes again into
// pages below the old gen's high-water mark costs only the copy. The
// kept JDK 17 logs show it in their Sys time (cmd/loomsim/copyrate_test.go).
func TestFirstTouchPricesPromotionIntoFreshPages(t *testing.T) {
	var last int32
	promote := func(s *Sim) Duration {
		// 4 MB do not fit tinySim's 2 MB survivor space: promoted.
		last = s.heap.newBlob(4*MB, CatApp)
		d, failed := s.youngGC()
		require.False(t, failed)
		require.Equal(t, SpaceOld, s.heap.blobs[last].sp)
		return d
	}
	s := tinySim(t, GCParallel, 25)
	s.cfg.Heap.FirstTouchRate = MB // 2 GC threads: 2 ms for 4 fresh MB
	first := promote(s)
	// The promoted bytes die and a Full GC compacts them away: the old
	// gen's pages stay touched.
	high := s.heap.oldHigh
	s.heap.kill(last)
	s.fullGC(CauseAllocation)
	require.Less(t, s.heap.oldUsed+4*MB, high+MB, "the next promotion lands below the high-water mark")
	again := promote(s)
	assert.InDelta(t, float64(2*Millisecond), float64(first-again), float64(Microsecond),
		"the first promotion pays 4 MB of first touches at 1 MB per ms on 2 threads")

	plain := tinySim(t, GCParallel, 25)
	d1 := promote(plain)
	plain.heap.kill(last)
	plain.fullGC(CauseAllocation)
	assert.Equal(t, d1, promote(plain), "without FirstTouchRate a pause costs the same either way")
}

// G1 predicts a pause's copying from the cost per byte its pauses measured,
// so after a pause that wrote fresh pages it expects copying to cost more
// than CopyRate alone; without FirstTouchRate it uses CopyRate.
func TestG1PredictsCopyingFromMeasuredCost(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := &s.heap
	thr := Bytes(2)
	assert.Equal(t, bytesAt(MB, h.cfg.CopyRate*thr), h.g1CopyTime(MB, thr), "no pause measured yet")
	s.cfg.Heap.FirstTouchRate = MB
	h.cfg.FirstTouchRate = MB
	b := h.newBlob(4*MB, CatApp)
	h.blobs[b].age = 15 // at the tenuring threshold: promoted
	h.edenUsed = h.edenCap
	s.collect(KB)
	require.Equal(t, SpaceOld, h.blobs[b].sp)
	require.Equal(t, 1, h.g1.copyCost.num)
	assert.Greater(t, h.g1CopyTime(MB, thr), bytesAt(MB, h.cfg.CopyRate*thr)+Millisecond/4,
		"fresh pages made the measured cost per byte dearer than CopyRate's")
}
