package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The collectors' policies at their boundaries (gc_parallel.go,
// gc_serial.go): each test sets a heap by hand to the byte where a rule
// flips and checks the side it lands on, so that a comparison written the
// other way round (>= for >, or a sum for a difference) fails. tinySim's heap
// is 100 MB: young 20 MB (eden 16, survivors 2 each), old 80 MB.

// setPromoAvg makes the promotion average exactly v with no deviation, as if
// one young collection had promoted v bytes.
func setPromoAvg(h *heap, v Bytes) {
	h.promoAvg.count, h.promoAvg.avg, h.promoAvg.dev = 1, float64(v), 0
}

// collections returns the young and full collections the run has done.
func collections(s *Sim) (young, full int64) { return s.stats.youngGCs, s.stats.fullGCs }

// Parallel's promotion guarantee skips the scavenge when
// min(padded average promoted, young used) >= old free, equality included.
func TestParallelPromotionGuaranteeBoundary(t *testing.T) {
	for _, c := range []struct {
		name                     string
		oldFree, avg, eden, surv Bytes
		fullInstead              bool
	}{
		{"estimate equal to old free: Full GC", 4 * MB, 4 * MB, 4 * MB, 0, true},
		{"old free one byte more: scavenge", 4*MB + 1, 4 * MB, 4 * MB, 0, false},
		{"young used below the average is the estimate", 4 * MB, 10 * MB, 2 * MB, 0, false},
		{"the average below young used is the estimate", 4 * MB, 3 * MB, 10 * MB, 0, false},
		{"survivors count as young used", 5 * MB, 10 * MB, 2 * MB, 3 * MB, true},
	} {
		s := tinySim(t, GCParallel, 25)
		h := &s.heap
		fillOld(s, h.oldCommitted-c.oldFree)
		setPromoAvg(h, c.avg)
		h.edenUsed, h.survUsed = c.eden, c.surv
		_, full, cause := parallelGC{}.collect(s)
		young, _ := collections(s)
		assert.Equal(t, c.fullInstead, full, c.name)
		if c.fullInstead {
			assert.Equal(t, CauseErgonomics, cause, c.name)
			assert.Equal(t, int64(0), young, "%s: no scavenge", c.name)
		} else {
			assert.Equal(t, CauseAllocation, cause, c.name)
			assert.Equal(t, int64(1), young, c.name)
		}
	}
}

// Before any young collection there is no average to trust: the scavenge
// runs even with the old gen full to the byte.
func TestParallelScavengesFirstWhateverOldFree(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	h := &s.heap
	fillOld(s, h.oldCommitted)
	require.Equal(t, 0.0, h.oldFree())
	h.edenUsed = h.edenCap
	_, full, _ := parallelGC{}.collect(s)
	young, _ := collections(s)
	assert.False(t, full)
	assert.Equal(t, int64(1), young)
}

// JDK 21's check after a scavenge asks for a Full GC only when the padded
// average is above old free, not equal to it.
func TestJDK21FullGCAfterScavengeBoundary(t *testing.T) {
	for _, c := range []struct {
		oldFreeAfter Bytes
		full         bool
	}{{MB, false}, {MB - 1, true}} {
		s := tinySim(t, GCParallel, 21)
		s.cfg.JVM.PostScavengeFullGC = true // builds up to 21.0.3 (JDK-8319713)
		h := &s.heap
		// One live young megabyte, no survivor room: the scavenge promotes
		// it, and the first sample makes the average exactly 1 MB.
		fillOld(s, h.oldCommitted-MB-c.oldFreeAfter)
		h.newBlob(MB, CatRequest)
		h.survCap = 0
		_, full, cause := parallelGC{}.collect(s)
		require.Equal(t, float64(MB), h.promoAvg.padded())
		require.Equal(t, float64(c.oldFreeAfter), h.oldFree())
		assert.Equal(t, c.full, full, "old free %v after promoting 1 MB", c.oldFreeAfter)
		if c.full {
			assert.Equal(t, CauseErgonomics, cause)
		}
	}
}

// The adaptive policy starts at InitialTenuringThreshold when it is set, at
// MaxTenuringThreshold when it is 0 or the policy is off.
func TestParallelInitialTenuring(t *testing.T) {
	for _, c := range []struct {
		adaptive      bool
		initial, want int
	}{{true, 7, 7}, {true, 0, 15}, {true, 20, 15}, {true, 1, 1}, {false, 7, 15}} {
		cfg := HeapConfig{GC: GCParallel, MaxBytes: 100 * MB, NewRatio: 4, SurvivorRatio: 8, MaxTenuring: 15,
			InitialTenuring: c.initial, Adaptive: c.adaptive}
		h := newHeap(cfg, 21, parallelGC{})
		assert.Equal(t, c.want, h.tenuring, "adaptive %v, initial %d", c.adaptive, c.initial)
	}
}

// adaptiveSim is a Parallel heap whose adaptive policy is past its
// five-collection warm-up, at threshold 7, with equal pause costs.
func adaptiveSim(t *testing.T) *Sim {
	s := tinySim(t, GCParallel, 25)
	h := &s.heap
	h.youngCount, h.tenuring = 5, 7
	h.minorCost.avg, h.majorCost.avg = 0.1, 0.1
	return s
}

func TestParallelAdaptiveTenuring(t *testing.T) {
	tolerance := 1.1 // at run time, as the policy multiplies
	for _, c := range []struct {
		name         string
		youngCount   int
		overflow     bool
		minor, major float64
		want         int
	}{
		{"survivor overflow lowers it", 5, true, 0.1, 0.1, 6},
		{"not before the fifth young GC", 4, true, 0.1, 0.1, 7},
		{"equal costs keep it", 5, false, 0.1, 0.1, 7},
		{"young pauses costlier by more than 10 % lower it", 5, false, 0.2, 0.1, 6},
		{"young pauses costlier by exactly 10 % keep it", 5, false, 0.1 * tolerance, 0.1, 7},
		{"full GCs costlier by more than 10 % raise it", 5, false, 0.1, 0.2, 8},
		{"full GCs costlier by exactly 10 % keep it", 5, false, 0.1, 0.1 * tolerance, 7},
	} {
		s := adaptiveSim(t)
		h := &s.heap
		h.youngCount = c.youngCount
		h.minorCost.avg, h.majorCost.avg = c.minor, c.major
		parallelGC{}.tenure(s, youngResult{copied: MB, overflow: c.overflow})
		assert.Equal(t, c.want, h.tenuring, c.name)
	}
	// Clamped to 1..MaxTenuringThreshold.
	s := adaptiveSim(t)
	s.heap.tenuring = 1
	parallelGC{}.tenure(s, youngResult{overflow: true})
	assert.Equal(t, 1, s.heap.tenuring)
	s.heap.tenuring = 15
	s.heap.majorCost.avg = 1
	parallelGC{}.tenure(s, youngResult{})
	assert.Equal(t, 15, s.heap.tenuring)
}

// What survived, for the survivor average, includes what overflowed into
// the old gen.
func TestParallelSurvivorAverageCountsOverflow(t *testing.T) {
	for _, overflow := range []bool{false, true} {
		s := tinySim(t, GCParallel, 25)
		parallelGC{}.tenure(s, youngResult{copied: MB, promoted: 2 * MB, overflow: overflow})
		want := float64(MB)
		if overflow {
			want = float64(3 * MB)
		}
		assert.Equal(t, want, s.heap.survAvg.avg, "overflow %v", overflow)
	}
}

// Without FixedSurvivors the survivor spaces follow the padded survivor
// average, rounded up to 512 KB and kept within [512 KB, young/3]; eden
// takes the rest.
func TestParallelAdaptiveSurvivorSize(t *testing.T) {
	for _, c := range []struct {
		survived, want Bytes
	}{
		{MB, MB},               // already aligned
		{MB + 1, MB + 512*KB},  // rounded up
		{1, 512 * KB},          // at least one alignment unit
		{0, 512 * KB},          // nothing survived: the minimum
		{19 * MB, 20 * MB / 3}, // at most young/MinSurvivorRatio
	} {
		s := adaptiveSim(t)
		h := &s.heap
		h.cfg.FixedSurvivors = false
		s.cfg.Heap.FixedSurvivors = false
		s.cfg.Heap.SpaceAlign = 512 * KB // Parallel's space alignment on x86-64
		h.survAvg = avgPadded{weight: 10, padding: 3}
		parallelGC{}.tenure(s, youngResult{copied: c.survived})
		assert.Equal(t, c.want, h.survCap, "survived %v", c.survived)
		assert.Equal(t, h.youngCap-2*c.want, h.edenCap, "survived %v", c.survived)
	}
	// FixedSurvivors keeps them.
	s := adaptiveSim(t)
	before := s.heap.survCap
	parallelGC{}.tenure(s, youngResult{copied: 5 * MB})
	assert.Equal(t, before, s.heap.survCap)
}

// Dead wood: DeadWood percent of the live old data stays uncompacted, at
// most the garbage there is, except on every MaxCompactionEvery-th Full GC.
func TestParallelDeadWood(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	cfg := &s.cfg.Heap
	cfg.DeadWood, cfg.MaxCompactionEvery = 7, 3
	pg := parallelGC{}
	assert.Equal(t, 10*MB*7/100, pg.deadWood(s, 100*MB, 10*MB), "7 % of the live data")
	assert.Equal(t, Bytes(1000), pg.deadWood(s, 1000, 10*MB), "no more than the garbage")
	s.stats.fullGCs = 2
	assert.Equal(t, Bytes(0), pg.deadWood(s, 100*MB, 10*MB), "the third Full GC compacts everything")
	s.stats.fullGCs = 3
	assert.Equal(t, 10*MB*7/100, pg.deadWood(s, 100*MB, 10*MB), "the fourth leaves dead wood again")
	cfg.MaxCompactionEvery = 0
	s.stats.fullGCs = 2
	assert.Equal(t, 10*MB*7/100, pg.deadWood(s, 100*MB, 10*MB), "MaxCompactionEvery 0: never a full compaction")
	cfg.DeadWood = 1
	assert.Equal(t, 10*MB/100, pg.deadWood(s, 100*MB, 10*MB), "DeadWood 1: 1 % of the live data")
	cfg.DeadWood = 0
	assert.Equal(t, Bytes(0), pg.deadWood(s, 100*MB, 10*MB))
}

// Serial runs the young collection unless old free is below both the padded
// average and the whole young generation used (strictly).
func TestSerialPromotionGuaranteeBoundary(t *testing.T) {
	for _, c := range []struct {
		name                     string
		oldFree, avg, eden, surv Bytes
		fullInstead              bool
	}{
		{"below both: Full GC", 4 * MB, 5 * MB, 5 * MB, 0, true},
		{"equal to the average: young GC", 4 * MB, 4 * MB, 5 * MB, 0, false},
		{"equal to young used: young GC", 4 * MB, 5 * MB, 4 * MB, 0, false},
		{"survivors count as young used", 4 * MB, 10 * MB, 2 * MB, 3 * MB, true},
	} {
		s := tinySim(t, GCSerial, 25)
		h := &s.heap
		fillOld(s, h.oldCommitted-c.oldFree)
		setPromoAvg(h, c.avg)
		h.edenUsed, h.survUsed = c.eden, c.surv
		_, full, cause := serialGC{}.collect(s)
		young, _ := collections(s)
		assert.Equal(t, c.fullInstead, full, c.name)
		// Either way one young collection is counted: when the guarantee
		// fails, HotSpot still logs the young pause it entered and left at
		// once (DefNewGeneration::collect) before the Full GC.
		if c.fullInstead {
			assert.Equal(t, CauseErgonomics, cause, c.name)
			assert.Equal(t, int64(1), young, c.name)
		} else {
			assert.Equal(t, CauseAllocation, cause, c.name)
			assert.Equal(t, int64(1), young, c.name)
		}
	}
}

// Serial's Full GC marks every live chunk, whichever thread slot owns it
// (slot 0 included), and leaves dropped ones alone.
func TestSerialFullGCTransformsEveryLiveChunk(t *testing.T) {
	s := tinySim(t, GCSerial, 25)
	for len(s.th) < 2 {
		s.th = append(s.th, thread{role: RoleTask, virtual: true, state: StateParked, task: -1, tail: -1})
	}
	first := s.newChunk(0, 100, -1)
	second := s.newChunk(1, 100, -1)
	dropped := s.newChunk(1, 100, -1)
	s.dropChunk(dropped)
	s.chunks[dropped].gcMode = false
	serialGC{}.afterFull(s)
	assert.True(t, s.chunks[first].gcMode, "owned by thread slot 0")
	assert.True(t, s.chunks[second].gcMode)
	assert.False(t, s.chunks[dropped].gcMode, "a dropped chunk is not marked")
}

// Serial and Parallel count young's touched part plus old's high-water
// mark as resident; G1 the most the heap has held, within its committed
// heap. Serial's Full GC and young GC use one thread.
func TestResidentHeapAndThreads(t *testing.T) {
	h := &heap{youngCap: 20 * MB, oldHigh: 30 * MB, oldUsed: 30 * MB, edenUsed: 5 * MB}
	h.g1.committed = 70 * MB
	assert.Equal(t, 35*MB, parallelGC{}.residentHeap(h), "eden touched as far as allocation reached")
	assert.Equal(t, 35*MB, serialGC{}.residentHeap(h))
	assert.Equal(t, 35*MB, g1GC{}.residentHeap(h))
	h.edenUsed, h.survUsed = 14*MB, 1*MB
	h.noteTouched()
	h.edenUsed, h.survUsed, h.oldUsed = 0, 2*MB, 10*MB
	h.noteSurvivorsCopied(2 * MB)
	assert.Equal(t, 46*MB, parallelGC{}.residentHeap(h), "a collection empties eden; its pages stay; one survivor space written")
	assert.Equal(t, 45*MB, g1GC{}.residentHeap(h), "the most the heap held")
	h.noteSurvivorsCopied(1 * MB)
	assert.Equal(t, 47*MB, parallelGC{}.residentHeap(h), "the next collection writes the other survivor space")
	h.noteSurvivorsCopied(3 * MB)
	assert.Equal(t, 48*MB, parallelGC{}.residentHeap(h), "then the first again, further")
	h.survUsed = 2 * MB
	h.edenUsed = 14 * MB
	h.noteTouched()
	assert.Equal(t, 59*MB, g1GC{}.residentHeap(h), "the next cycle's eden in other regions")
	h.noteTouched()
	h.edenHigh = 40 * MB
	assert.Equal(t, 50*MB, parallelGC{}.residentHeap(h), "at most young's capacity")
	assert.Equal(t, 70*MB, g1GC{}.residentHeap(h), "at most the committed heap")
	// The side tables follow what a whole-heap collection covers: the old
	// gen's touched pages for Serial and Parallel (not eden), G1's
	// committed regions.
	assert.Equal(t, 30*MB*40/1000, parallelGC{}.gcTables(h))
	assert.Equal(t, 30*MB*7/1000, serialGC{}.gcTables(h))
	assert.Equal(t, 70*MB*55/10000, g1GC{}.gcTables(h), "committed only")
	h.g1.marked = true
	assert.Equal(t, 70*MB*38/1000, g1GC{}.gcTables(h), "bitmaps cleared by a marking")
	cfg := &HeapConfig{}
	assert.Equal(t, 1, serialGC{}.threads(cfg, 16))
	assert.Equal(t, 8, parallelGC{}.threads(cfg, 8))
	assert.Equal(t, 13, parallelGC{}.threads(cfg, 16), "8 + 5/8 of the cores past 8")
	assert.Equal(t, 3, parallelGC{}.threads(cfg, 3))
	assert.Equal(t, 8, parallelGC{}.threads(cfg, 9), "8 + 5/8 of one, rounded down")
	cfg.GCThreads = 2
	assert.Equal(t, 2, g1GC{}.threads(cfg, 16))
}

// Serial and Parallel keep their generations within the heap, eden and
// both survivor spaces within young, and old's used bytes within its
// capacity, each to the byte.
func TestFixedGenerationsFit(t *testing.T) {
	fits := func() *heap {
		return &heap{cfg: HeapConfig{MaxBytes: 120 * MB}, youngCap: 40 * MB, edenCap: 32 * MB, survCap: 4 * MB,
			oldMax: 80 * MB, oldUsed: 80 * MB}
	}
	assert.NoError(t, fixedGenerationsFit(fits()))
	assert.NoError(t, parallelGC{}.checkHeap(fits()))
	assert.NoError(t, serialGC{}.checkHeap(fits()))
	for name, broken := range map[string]func(h *heap){
		"old used past old":       func(h *heap) { h.oldUsed++ },
		"old and young past -Xmx": func(h *heap) { h.oldMax++; h.oldUsed = 0 },
		"survivors past young":    func(h *heap) { h.survCap++ },
		"eden past young":         func(h *heap) { h.edenCap++ },
	} {
		h := fits()
		broken(h)
		assert.Error(t, fixedGenerationsFit(h), name)
		assert.Error(t, parallelGC{}.checkHeap(h), name)
		assert.Error(t, serialGC{}.checkHeap(h), name)
	}
}

// The young collection Serial skips for its promotion guarantee is a young
// pause in the record: an event of no thread that copied and promoted
// nothing, and it counts in the heap's young count as in the run's.
func TestSerialSkippedYoungCollectionIsRecorded(t *testing.T) {
	s := tinySim(t, GCSerial, 25)
	for len(s.th) < 2 {
		parkedThread(s, 0, 0)
	}
	for i := range s.th {
		s.th[i].id = ThreadID(i + 1) // so that an event given a thread slot shows it
	}
	h := &s.heap
	fillOld(s, h.oldCommitted-4*MB)
	setPromoAvg(h, 5*MB)
	h.edenUsed = 5 * MB
	s.Record(16)
	_, full, _ := serialGC{}.collect(s)
	require.True(t, full, "old free below both the average and young used")
	events, _ := s.DrainEvents(nil)
	require.Len(t, events, 1)
	e := events[0]
	assert.Equal(t, EvGCYoung, e.Kind)
	assert.Zero(t, e.Thread, "a collection belongs to no thread")
	assert.Zero(t, e.A, "nothing copied")
	assert.Zero(t, e.B, "nothing promoted")
	young, _ := collections(s)
	assert.Equal(t, int64(1), young)
	assert.Equal(t, young, int64(h.youngCount), "the heap's count, which the adaptive policy reads, agrees with the run's")
	// The old gen's statistics sampled what it promoted, nothing: the
	// average falls, so a run of skipped collections ends the storm (the
	// guard stops holding) instead of skipping forever.
	assert.Equal(t, 2, h.promoAvg.count, "the skipped collection is a sample of the promoted average")
	assert.Less(t, h.promoAvg.avg, float64(5*MB), "a sample of nothing promoted brings the average down")
	for n := 0; h.promoAvg.padded() >= float64(h.oldFree()); n++ {
		require.Less(t, n, 100, "100 skipped young collections in a row and the padded average (%v) is still over the old gen's free space (%v)", h.promoAvg.padded(), h.oldFree())
		_, full, _ = serialGC{}.collect(s)
		require.True(t, full)
	}
}

// The survivor limit is a ceiling the target may reach: a target equal to it
// takes the limit and leaves the threshold alone; one byte more is over it
// and lowers the threshold as well
// (compute_survivor_space_size_and_threshold: target_size > survivor_limit).
func TestParallelSurvivorLimitBoundary(t *testing.T) {
	for _, c := range []struct {
		survived Bytes
		tenuring int
	}{
		{6 * MB, 7},            // equal to the limit
		{6*MB + 1, 6},          // rounds up past it
		{5*MB + 512*KB + 1, 7}, // rounds up to it
	} {
		s := adaptiveSim(t)
		h := &s.heap
		h.cfg.FixedSurvivors = false
		s.cfg.Heap.FixedSurvivors = false
		s.cfg.Heap.SpaceAlign = 512 * KB
		h.survMax = 6 * MB // an aligned limit
		h.survAvg = avgPadded{weight: 10, padding: 3}
		parallelGC{}.tenure(s, youngResult{copied: c.survived})
		assert.Equal(t, 6*MB, h.survCap, "survived %v", c.survived)
		assert.Equal(t, c.tenuring, h.tenuring, "survived %v", c.survived)
	}
}
