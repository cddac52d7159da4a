package sim

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// G1 (simplified), gc_g1.go, driven by hand: when concurrent marking starts
// and ends, what each mixed collection reclaims and costs, and how the
// committed heap and the young generation are sized, and what an
// evacuation failure does. tinySim's G1 heap is 100 MB with
// InitiatingHeapOccupancyPercent 45, marking at 1 MB/ms per marking thread
// (one, on its 2 cores), mixed copying at 1 MB/ms per thread (2 threads),
// old regions 30 % live.

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
	assert.False(t, s.heap.g1.marked, "no marking, bitmaps untouched")

	s = tinySim(t, GCG1, 25)
	g1OldWith(s, 40*MB, 5*MB)
	s.now = Time(Millisecond)
	s.g1MaybeStartMarking()
	g := &s.heap.g1
	require.True(t, g.marking, "at 45 %")
	assert.True(t, g.marked, "a marking touches the mark bitmaps")
	assert.Equal(t, 5*MB, g.markedGarbage, "the old gen's garbage")
	assert.Equal(t, 40*MB, g.mark.left, "the live old bytes are the work")
	assert.Equal(t, Time(Millisecond), g.mark.start)

	// Not again while it runs or while its garbage is being reclaimed.
	g.mark.left = 0
	s.g1MaybeStartMarking()
	assert.Equal(t, Bytes(0), g.mark.left)
	g.marking, g.reclaimable = false, 1
	s.g1MaybeStartMarking()
	assert.False(t, g.marking)
}

func TestG1MixedCollections(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := &s.heap
	s.cfg.Heap.G1RemarkPause = 3 * Millisecond
	g1OldWith(s, 40*MB, 16*MB)
	// 5 MB to mark at 1 MB/ms on the one marking thread of 2 cores.
	h.g1.marking, h.g1.mark, h.g1.markedGarbage = true, g1MarkWork{left: 5 * MB}, 16*MB
	s.now = Time(4 * Millisecond)
	assert.Equal(t, Duration(0), s.g1Mixed(2), "marking not done: no mixed work")
	assert.Equal(t, MB, h.g1.mark.left)
	assert.True(t, h.g1.marking)
	assert.Equal(t, int64(0), s.stats.g1Mixed)

	s.now = Time(5 * Millisecond)
	oldBefore := h.oldUsed
	d := s.g1Mixed(2)
	assert.False(t, h.g1.marking, "marking ends at its end time")
	// Remark 3 ms; of the 16 MB of garbage, 11 MB are reclaimable (5 % of
	// the 100 MB heap stays: G1HeapWastePercent); an eighth of 16 MB (2 MB)
	// reclaimed, with the 30 % live data sharing those regions copied
	// (2 MB × 30/70) at 2 MB/ms.
	assert.Equal(t, 3*Millisecond+bytesAt(2*MB*30/70, 2*MB), d)
	assert.Equal(t, 9*MB, h.g1.reclaimable)
	assert.Equal(t, oldBefore-2*MB, h.oldUsed)
	assert.Equal(t, int64(1), s.stats.g1Mixed)

	// The last step reclaims what is left and frees the dead objects'
	// records; the garbage left behind keeps its bytes.
	h.g1.reclaimable = 2 * MB
	s.g1Mixed(2)
	assert.Equal(t, Bytes(0), h.g1.reclaimable)
	assert.Equal(t, 40*MB+12*MB, h.oldUsed, "live data and the 12 MB of garbage not reclaimed")
	assert.Zero(t, s.abandoned.n, "no abandoned chunk is drawn after the mixed phase")
	assert.Equal(t, int64(2), s.stats.g1Mixed)
	assert.Equal(t, Duration(0), s.g1Mixed(2), "nothing reclaimable: no mixed work")
	assert.Equal(t, int64(2), s.stats.g1Mixed)
}

// JDK 17's preventive collections: eden stops growing at the region where
// the bytes predicted to survive it and the survivor space, plus 10 % for
// copying waste, would need more regions than stay free.
func TestG1PreventiveEden(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := &s.heap
	for range 6 {
		h.g1.survival.add(0.5) // a steady half: predicted 0.5
	}
	h.survUsed = 2 * MB // 1 MB expected to survive
	// 10 free regions: with e eden regions, ceil(1.1 × (e/2 + 1)) regions
	// must fit in the 10 - e - 1 left after the next one. e = 5: 4 ≤ 4;
	// e = 6: 5 > 3, so the collection comes at 6.
	assert.Equal(t, Bytes(6), h.g1PreventiveEden(10))
	assert.Equal(t, Bytes(0), h.g1PreventiveEden(2), "ceil(1.1) = 2 regions do not fit in the 1 left")
	h.survUsed = 0
	assert.Equal(t, Bytes(1), h.g1PreventiveEden(2), "no young region at all: the first is never refused")

	// The knob: JDK 17 has it, 21 does not.
	h.cfg.G1PreventiveGC = false
	h.oldUsed = 94 * MB
	h.g1Resize(2)
	withoutCheck := h.edenCap
	h.cfg.G1PreventiveGC = true
	h.g1Resize(2)
	assert.Less(t, h.edenCap, withoutCheck, "94 of 100 regions old: eden 4 regions, not the 5 that are free")
}

// A marking that finds no more than G1HeapWastePercent (5 %) of the heap as
// garbage starts no mixed collections.
func TestG1NoMixedPhaseForLittleGarbage(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := &s.heap
	g1OldWith(s, 40*MB, 5*MB)
	h.g1.marking, h.g1.mark, h.g1.markedGarbage = true, g1MarkWork{}, 5*MB
	s.g1Mixed(2)
	assert.False(t, h.g1.marking)
	assert.Equal(t, Bytes(0), h.g1.reclaimable)
	assert.Equal(t, int64(0), s.stats.g1Mixed)
	assert.Equal(t, 45*MB, h.oldUsed, "the garbage stays")
}

// Marking runs on ConcGCThreads threads, max((ParallelGCThreads+2)/4, 1).
func TestG1ConcThreads(t *testing.T) {
	for cores, want := range map[int]int{1: 1, 2: 1, 5: 1, 6: 2, 8: 2, 16: 3} {
		assert.Equal(t, want, g1ConcThreads(&HeapConfig{}, cores), "%d cores", cores)
	}
	assert.Equal(t, 3, g1ConcThreads(&HeapConfig{GCThreads: 10}, 2), "-XX:ParallelGCThreads=10")
}

// Marking's progress: G1MarkRate (1 MB/ms here) per marking thread, a
// whole core each while the cores are not all wanted, stopped in pauses,
// and a fair share of the cores while the application's threads want more
// than there are, counted moment by moment: a crowd of runnable threads
// slows marking only while it lasts.
func TestG1MarkingTakesTime(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	g := &s.heap.g1
	s.now = Time(Millisecond)
	s.g1StartMarkWork(40 * MB)
	s.now = Time(21 * Millisecond)
	assert.False(t, s.g1MarkFinished(), "20 of 40 MB in 20 ms")
	assert.Equal(t, 20*MB, g.mark.left)
	// A 10 ms pause in the next 20 ms: 10 MB more.
	s.now = Time(26 * Millisecond)
	s.stopTheWorld(10*Millisecond, false)
	s.now = Time(41 * Millisecond)
	assert.False(t, s.g1MarkFinished())
	assert.Equal(t, 10*MB, g.mark.left, "no marking in a pause")
	// The next 10 ms: for 5 ms both cores busy and seven threads waiting,
	// nine runnable beside the marking thread, which gets 2/10 of a core
	// (1 MB); then the crowd is gone, and it has a core again (5 MB). A
	// fair share of the average crowd (4.5 threads, 2/5.5 of a core for
	// 10 ms) would have given it 3.6 MB.
	busy := s.idleCores
	s.idleCores = nil
	for i := range 7 {
		s.runq.push(int32(i))
	}
	s.now = Time(46 * Millisecond)
	s.noteRunq()
	s.runq = fifo{}
	s.idleCores = busy
	s.now = Time(51 * Millisecond)
	assert.False(t, s.g1MarkFinished())
	assert.Equal(t, 10*MB-6*MB, g.mark.left)
	s.now = Time(55 * Millisecond)
	assert.True(t, s.g1MarkFinished(), "the last 4 MB with the cores idle")
}

// A small marking reclaims at least a megabyte a time, never more than is
// left.
func TestG1MixedStepIsAtLeastAMegabyte(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := &s.heap
	g1OldWith(s, 40*MB, 4*MB)
	h.g1.markedGarbage, h.g1.reclaimable = 4*MB, 4*MB
	s.g1Mixed(2)
	assert.Equal(t, 3*MB, h.g1.reclaimable, "an eighth is 512 KB: 1 MB instead")
	h.g1.reclaimable = MB / 2
	s.g1Mixed(2)
	assert.Equal(t, Bytes(0), h.g1.reclaimable)
}

// The committed heap starts at -Xms (or -Xmx when -Xms is unset or larger),
// grows to twice the old data plus 5 % of -Xmx when that is more, rounded
// up to whole regions, and never shrinks.
func TestG1ResizeCommitted(t *testing.T) {
	for _, c := range []struct {
		name                        string
		initial, oldUsed, committed Bytes
		wantCommitted               Bytes
	}{
		{"no -Xms: -Xmx", 0, 10 * MB, 0, 100 * MB},
		{"-Xms above -Xmx: -Xmx", 200 * MB, 10 * MB, 0, 100 * MB},
		{"-Xms", 50 * MB, 0, 0, 50 * MB},
		{"grows for the old data", 20 * MB, 10 * MB, 0, 25 * MB},
		{"grows in whole regions (1 MB here)", 20 * MB, 10*MB + KB, 0, 26 * MB},
		{"never past -Xmx", 20 * MB, 60 * MB, 0, 100 * MB},
		{"never shrinks", 50 * MB, 0, 80 * MB, 80 * MB},
	} {
		h := &heap{cfg: HeapConfig{MaxBytes: 100 * MB, InitialBytes: c.initial, SurvivorRatio: 8}, oldUsed: c.oldUsed}
		h.g1.committed = c.committed
		h.g1Resize(0)
		assert.Equal(t, c.wantCommitted, h.g1.committed, c.name)
	}
}

// Regions are 1/2048 of the heap, a power of two within 1..32 MB.
func TestG1RegionSize(t *testing.T) {
	assert.Equal(t, MB, g1RegionSize(64*MB))
	assert.Equal(t, MB, g1RegionSize(2*GB))
	assert.Equal(t, 2*MB, g1RegionSize(4*GB))
	assert.Equal(t, 2*MB, g1RegionSize(3*GB), "1.5 MB rounds up")
	assert.Equal(t, 32*MB, g1RegionSize(128*GB))
}

// The survival prediction: 40 % before any sample; then the decaying
// average plus half a deviation, the deviation at least davg*(5-n)/2 for
// fewer than five samples, within [0, 1].
func TestG1SurvivalPrediction(t *testing.T) {
	var q g1Seq
	assert.Equal(t, 0.4, q.predictUnit(0.4))
	q.add(0.2)
	assert.InDelta(t, 0.2+0.5*0.4, q.predictUnit(0.4), 1e-12, "one sample: deviation at least 0.2*4/2")
	for range 4 {
		q.add(0.2)
	}
	assert.InDelta(t, 0.2, q.predictUnit(0.4), 1e-12, "five equal samples: no deviation")
	q.add(1)
	// davg = 0.3*1 + 0.7*0.2 = 0.44; variance = 0.3*0.56^2 = 0.09408.
	assert.InDelta(t, 0.44+0.5*math.Sqrt(0.09408), q.predictUnit(0.4), 1e-12)
	var full g1Seq
	full.add(1)
	assert.Equal(t, 1.0, full.predictUnit(0.4), "capped at 1")
}

// g1Heap is a 100 MB G1 heap (100 regions of 1 MB, a reserve of 10) with
// old data and survivors, and a survival rate learnt from five equal
// samples.
func g1Heap(old, surv Bytes, rate float64) *heap {
	h := &heap{cfg: HeapConfig{MaxBytes: 100 * MB, SurvivorRatio: 8, CopyRate: MB, CardRate: 1000 * GB}, oldUsed: old, survUsed: surv}
	for range 5 {
		h.g1.survival.add(rate)
	}
	return h
}

// Young sizing (G1Policy::young_list_target_lengths), case by case, in
// regions of 1 MB: bounds 5..60, and at most the free regions minus the
// reserve of 10.
func TestG1YoungTarget(t *testing.T) {
	// Nothing survives: the pause and copy space are no limit, 60 % is.
	h := g1Heap(10*MB, 0, 0)
	h.g1Resize(1)
	assert.Equal(t, 60*MB, h.youngCap)
	assert.Equal(t, 60*MB, h.edenCap)
	assert.Equal(t, 8*MB, h.survCap, "60/8 rounded up")
	assert.Equal(t, 100*MB-60*MB-8*MB, h.oldMax, "old gets what young and the next survivors leave")
	assert.Equal(t, h.oldMax, h.oldCommitted)

	// The initial 40 % survival and the copy space: 2.2 × 0.4 × n MB must
	// fit in the 80 - n free regions beyond the reserve: n = 42.
	h = &heap{cfg: HeapConfig{MaxBytes: 100 * MB, SurvivorRatio: 8}, oldUsed: 10 * MB}
	h.g1Resize(0)
	assert.Equal(t, 42*MB, h.youngCap)
	assert.Equal(t, 0.4, h.g1.survival.predicted)

	// Survivors count in young; eden is the rest.
	h = g1Heap(10*MB, 3*MB+1, 0)
	h.g1Resize(1)
	assert.Equal(t, 60*MB, h.youngCap)
	assert.Equal(t, 56*MB, h.edenCap, "3 MB and a byte of survivors take 4 regions")

	// The reserve: 80 MB of old leave 20 free regions, 10 beyond the reserve,
	// and eden must stay below that: 9.
	h = g1Heap(80*MB, 0, 0)
	h.g1Resize(1)
	assert.Equal(t, 9*MB, h.youngCap)

	// Old almost full: the maximum falls under the minimum, which wins (5 %).
	h = g1Heap(95*MB, 0, 0)
	h.g1Resize(1)
	assert.Equal(t, 5*MB, h.youngCap)

	// The mixed phase keeps young at its minimum.
	h = g1Heap(10*MB, 0, 0)
	h.g1.reclaimable = MB
	h.g1Resize(1)
	assert.Equal(t, 5*MB, h.youngCap)

	// The twin's 64 MB run with 500 pooled threads (its GC log, a young
	// pause with "Old regions: 49->50", "Survivor regions: 1->1(1)", "Eden
	// regions: 2->0(2)"): 64 regions of 1 MB, a reserve of 7; 50 old and 1
	// survivor region leave 13 free, 6 beyond the reserve. With 55 % of eden
	// surviving, 2 eden regions pass the copy check (2.2 × 1.1 MB ≤ 4 MB
	// left) and 3 do not (3.63 MB > 3 MB): eden 2, young 3, as the log says.
	h = &heap{cfg: HeapConfig{MaxBytes: 64 * MB, SurvivorRatio: 8, CopyRate: MB, CardRate: 1000 * GB}, oldUsed: 50 * MB, survUsed: MB}
	for range 5 {
		h.g1.survival.add(0.55)
	}
	h.g1Resize(1)
	assert.Equal(t, 3*MB, h.youngCap)
	assert.Equal(t, 2*MB, h.edenCap)

	// The twin's 128 MB run with fresh threads (testdata/jvm-check's log:
	// "Eden regions: 75->0(75)" beside "Survivor regions: 1->1(10)", then
	// 74 beside 2): little survives, so young is 60 % of 128 regions, 76,
	// survivors included, and the survivor space ceil(76/8) = 10 regions.
	for surv, eden := range map[Bytes]Bytes{MB: 75 * MB, 2 * MB: 74 * MB} {
		h = &heap{cfg: HeapConfig{MaxBytes: 128 * MB, SurvivorRatio: 8, CopyRate: MB, CardRate: 1000 * GB}, oldUsed: 10 * MB, survUsed: surv}
		for range 5 {
			h.g1.survival.add(0.02)
		}
		h.g1Resize(1)
		assert.Equal(t, 76*MB, h.youngCap)
		assert.Equal(t, eden, h.edenCap)
		assert.Equal(t, 10*MB, h.survCap)
	}

	// The pause goal: 190 ms fixed plus half of n MB copied at 1 MB/ms must
	// stay within 200 ms: n = 20 (the copy space would allow 42).
	h = g1Heap(0, 0, 0.5)
	h.cfg.YoungFixed = 190 * Millisecond
	h.g1Resize(1)
	assert.Equal(t, 20*MB, h.youngCap)
	h.g1Resize(0)
	assert.Equal(t, 42*MB, h.youngCap, "no GC threads known (at start): the goal is not checked")
}

// -XX:NewRatio on the command line fixes G1's young generation at
// 1/(NewRatio+1) of the regions, whatever survives and in the mixed phase
// too. The JDK 17 twin's logs (7 December 2026): at 128 MB with NewRatio 8,
// "Eden regions: 12->0(12)" beside "Survivor regions: 2->2(2)" (young 14 =
// 128/9); at 256 MB with NewRatio 2, "Eden regions: 76->0(76)" beside
// "Survivor regions: 9->9(11)" (young 85 = 256/3, the survivor space
// ceil(85/8) = 11). Without the flag, young at 128 MB was 76 regions.
func TestG1YoungTargetWithNewRatioGiven(t *testing.T) {
	for _, c := range []struct {
		heap, surv, young, eden, survCap Bytes
		newRatio                         int
	}{
		{128 * MB, 2 * MB, 14 * MB, 12 * MB, 2 * MB, 8},
		{256 * MB, 9 * MB, 85 * MB, 76 * MB, 11 * MB, 2},
	} {
		h := &heap{cfg: HeapConfig{MaxBytes: c.heap, SurvivorRatio: 8, NewRatio: c.newRatio, NewRatioGiven: true, CopyRate: MB, CardRate: 1000 * GB}, oldUsed: 10 * MB, survUsed: c.surv}
		for range 5 {
			h.g1.survival.add(0.02)
		}
		h.g1Resize(1)
		assert.Equal(t, c.young, h.youngCap, "%v heap, NewRatio %d", c.heap, c.newRatio)
		assert.Equal(t, c.eden, h.edenCap)
		assert.Equal(t, c.survCap, h.survCap)
		h.g1.reclaimable = MB // the mixed phase: the same
		h.g1Resize(1)
		assert.Equal(t, c.young, h.youngCap, "mixed phase")
	}
	// Survivors beyond the fixed length still leave one eden region.
	h := &heap{cfg: HeapConfig{MaxBytes: 128 * MB, SurvivorRatio: 8, NewRatio: 8, NewRatioGiven: true, CopyRate: MB, CardRate: 1000 * GB}, oldUsed: 10 * MB, survUsed: 20 * MB}
	h.g1Resize(1)
	assert.Equal(t, 21*MB, h.youngCap)
	assert.Equal(t, MB, h.edenCap)
}

// From JDK 20 on (the model's JDK 21 and 25), G1 sizes young in two steps
// (G1Policy::calculate_young_desired_length, calculate_young_target_length),
// case by case in regions of 1 MB, bounds 5..60, a reserve of 10 (of 128
// regions: 6..76, 13), against JDK 17's results (TestG1YoungTarget,
// TestG1YoungTargetWithNewRatioGiven).
func TestG1YoungTargetSince20(t *testing.T) {
	young := func(h *heap, jdk int) Bytes {
		h.jdk = jdk
		h.g1Resize(1)
		return h.youngCap / MB
	}
	// The copy check counts the reserve as free: 2.2 × 0.4 × n MB within the
	// 90 - n free regions gives n = 47 (JDK 17: within 80 - n, 42).
	assert.Equal(t, Bytes(47), young(g1Heap(10*MB, 0, 0.4), 21))
	// 20 free regions, nothing survives: 19 desired, 10 beyond the reserve,
	// and at most min(5 % of the heap, half the reserve) = 5 into it: 15
	// (JDK 17: 9, never into the reserve).
	assert.Equal(t, Bytes(15), young(g1Heap(80*MB, 0, 0), 21))
	// 3 free regions, inside the reserve: no more than are free, even below
	// the 5 % minimum (JDK 17: 5, the minimum wins).
	assert.Equal(t, Bytes(3), young(g1Heap(97*MB, 0, 0), 21))
	// 128 regions: 10 free, inside the reserve of 13; 9 desired, and into the
	// reserve at most min(6, the 5 %; (13+1)/2 = 7) = 6.
	h := g1Heap(118*MB, 0, 0)
	h.cfg.MaxBytes = 128 * MB
	assert.Equal(t, Bytes(6), young(h, 21))

	// Survivors count in what JDK 21 grants and not in what JDK 25 does
	// (JDK-8352765). 10 survivor regions and 20 free: 19 eden regions
	// desired, 29 young; 10 free beyond the reserve and 5 into it. JDK 21
	// grants 15 young regions, eden 5; JDK 25 grants 15 eden regions.
	assert.Equal(t, Bytes(15), young(g1Heap(70*MB, 10*MB, 0), 21))
	assert.Equal(t, Bytes(25), young(g1Heap(70*MB, 10*MB, 0), 25))
	// 4 survivor regions and 3 free, inside the reserve: JDK 21 grants 3
	// young regions, fewer than the survivors hold, so young keeps them and
	// eden gets none; JDK 25 grants 2 eden regions (the 2 desired).
	assert.Equal(t, Bytes(4), young(g1Heap(93*MB, 3*MB+1, 0), 21))
	assert.Equal(t, Bytes(6), young(g1Heap(93*MB, 3*MB+1, 0), 25))
	// Nothing free at all: JDK 25 still grants one eden region.
	assert.Equal(t, Bytes(5), young(g1Heap(96*MB, 3*MB+1, 0), 25))

	// A young fixed by NewRatio 4 (20 regions) is trimmed as the free regions
	// run short: 15 free give 5 beyond the reserve and 5 into it; 5 free give
	// 5. JDK 17 keeps 20 in both (eden then takes what is free).
	fixed := func(heapMB, old, surv Bytes, newRatio int) *heap {
		h := g1Heap(old, surv, 0)
		h.cfg.MaxBytes = heapMB * MB
		h.cfg.NewRatio, h.cfg.NewRatioGiven = newRatio, true
		return h
	}
	assert.Equal(t, Bytes(20), young(fixed(100, 10*MB, 0, 4), 21))
	assert.Equal(t, Bytes(10), young(fixed(100, 85*MB, 0, 4), 21))
	assert.Equal(t, Bytes(5), young(fixed(100, 95*MB, 0, 4), 21))
	// 128 regions, an odd reserve of 13: into it at most (13+1)/2 = 7, less
	// than the fixed 25, so 10 free give 7.
	assert.Equal(t, Bytes(7), young(fixed(128, 118*MB, 0, 4), 21))
	// Survivors beyond a fixed length (11 of NewRatio 8) still leave one
	// eden region when enough is free.
	assert.Equal(t, Bytes(21), young(fixed(100, 10*MB, 20*MB, 8), 21))

	// The mixed phase sizes eden by the pause goal with one mixed step's
	// old regions added (calculate_desired_eden_length_before_mixed; JDK 17:
	// the minimum, 5): marking found 80 MB of garbage, a step reclaims 10 MB
	// and copies the 4.3 MB of live data 30 % live regions hold beside it.
	mixed := func(mixedCopyRate Bytes) *heap {
		h := g1Heap(10*MB, 0, 0.4)
		h.cfg.G1OldLiveness, h.cfg.G1MixedCopyRate = 30, mixedCopyRate
		h.g1.markedGarbage, h.g1.reclaimable = 80*MB, 40*MB
		return h
	}
	assert.Equal(t, Bytes(47), young(mixed(MB), 21), "4.3 ms of old copying: the copy check decides, as in a young-only pause")
	assert.Equal(t, Bytes(42), young(mixed(24*KB), 21), "183 ms of old copying leave 17 ms for eden's 0.4 ms a region")
	assert.Equal(t, Bytes(5), young(mixed(20*KB), 21), "219 ms of old copying leave no eden within the 200 ms goal: the minimum")
}

// A young fixed by -XX:NewRatio can be larger than the regions eden may
// take (JDK 17's preventive rule cuts eden when much of it is predicted to
// survive); old may still use every region eden, the survivors and the next
// survivor space leave, as in G1, where no boundary separates them. The
// twin on G1, 160 MB, NewRatio 1, 1,000 pooled threads (7 December 2026)
// kept 80-85 old regions with no evacuation failure; the model, fencing old
// at the heap less young's target (70 MB), failed evacuations and had 3.4
// times its young GCs.
func TestG1OldTakesTheRegionsAFixedYoungLeaves(t *testing.T) {
	h := &heap{cfg: HeapConfig{MaxBytes: 160 * MB, SurvivorRatio: 8, NewRatio: 1, NewRatioGiven: true, G1PreventiveGC: true, CopyRate: MB, CardRate: 1000 * GB},
		oldUsed: 75 * MB, survUsed: 2 * MB}
	for range 5 {
		h.g1.survival.add(0.6)
	}
	h.g1Resize(1)
	assert.Equal(t, 80*MB, h.youngCap, "160/2 regions")
	assert.Less(t, h.edenCap, h.youngCap-2*MB, "the preventive rule cut eden")
	assert.Equal(t, h.oldMax+h.edenCap+2*MB+h.survCap, 160*MB, "old, eden, survivors and the next survivor space share the heap")
	assert.Greater(t, h.oldMax, h.oldUsed, "old keeps room beyond what it holds")
}

// A young collection's survivors from eden teach the prediction.
func TestG1SampleSurvival(t *testing.T) {
	h := &heap{}
	h.g1SampleSurvival(0, 0)
	assert.Equal(t, 0, h.g1.survival.num, "an empty eden teaches nothing")
	h.g1SampleSurvival(4*MB, MB)
	assert.Equal(t, 2, h.g1.survival.num, "the seed of 40 %, then the sample")
	assert.InDelta(t, 0.3*0.25+0.7*0.4, h.g1.survival.davg, 1e-15)
}

// A Full GC forgets marking and resizes; G1 promotes chunks without
// transforming them and has neither dead wood nor the reuse fix.
func TestG1AfterFullAndRules(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := &s.heap
	h.g1.marking, h.g1.reclaimable, h.g1.marked = true, 5*MB, false
	g1OldWith(s, 30*MB, 0)
	g1GC{}.afterFull(s)
	assert.False(t, h.g1.marking)
	assert.Equal(t, Bytes(0), h.g1.reclaimable)
	assert.True(t, h.g1.marked, "a Full GC has touched the mark bitmaps")
	assert.False(t, g1GC{}.chunkGCModeOnPromotion())
	assert.False(t, g1GC{}.reuseFix())
	assert.Equal(t, Bytes(0), g1GC{}.deadWood(s, MB, MB))
	assert.NoError(t, g1GC{}.checkHeap(h))
}

// A young collection tells G1 what fraction of eden survived: the live
// objects it found there (not those already in a survivor space) over
// everything eden held, garbage included; and resizes young.
func TestG1YoungCollectionSamplesEdenSurvival(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := &s.heap
	old := h.newBlob(MB, CatRequest)
	h.blobs[old].age, h.blobs[old].sp = 1, SpaceSurvivor // a survivor from before
	h.edenUsed -= MB
	h.survUsed = MB
	h.newBlob(MB, CatRequest) // live in eden
	dead := h.newBlob(2*MB, CatRequest)
	h.kill(dead)
	h.garbage(MB)
	_, failed := s.youngGC()
	require.False(t, failed)
	assert.Equal(t, 2, h.g1.survival.num, "the seed and the sample")
	assert.InDelta(t, 0.3*0.25+0.7*0.4, h.g1.survival.davg, 1e-15, "1 MB live of the 4 MB eden held, after the 40 % seed")
	assert.Equal(t, regionsFor(h.survUsed, h.g1.region)*h.g1.region+h.edenCap, h.youngCap, "resized: eden is young less the survivors' regions")
}

// An evacuation failure: what does not fit stays where it lies and becomes
// old, with its share of eden's garbage (the regions it sits in), and the
// pause goes on without a Full GC.
func TestG1EvacuationFailureTenuresInPlace(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := &s.heap
	fillOld(s, 20*MB)
	h.survCap = 0
	h.oldCommitted = h.oldUsed + MB
	for range 3 {
		h.newBlob(MB, CatRequest)
	}
	h.garbage(3 * MB)
	oldBefore := h.oldUsed
	_, failed := s.youngGC()
	require.True(t, failed)
	assert.Empty(t, h.young, "nothing is left in young for a Full GC")
	assert.Equal(t, 20*MB+3*MB, h.oldLiveTotal(), "one promoted, two tenured in place")
	// Two of eden's three live MB failed: their regions hold two thirds of
	// its 3 MB of garbage too.
	assert.Equal(t, oldBefore+3*MB+2*MB, h.oldUsed)
	assert.Equal(t, Bytes(0), h.survUsed)
	assert.Equal(t, int64(1), s.stats.evacFailures)
	assert.Equal(t, int64(0), s.stats.fullGCs)
	assert.Equal(t, 3*MB, s.stats.promoted)
}

// With no free region left for eden, an allocation finds no room after the
// young collection, and a Full GC follows (HotSpot's "G1 Compaction
// Pause"); it reclaims the old garbage.
func TestG1FullGCWhenNoRegionIsFree(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := &s.heap
	g1OldWith(s, 60*MB, 39*MB)
	h.g1Resize(2)
	require.Equal(t, MB, h.edenCap, "one free region of 100")
	s.collect(2 * MB)
	assert.Equal(t, int64(1), s.stats.youngGCs)
	assert.Equal(t, int64(1), s.stats.fullGCs)
	assert.Equal(t, int64(1), s.stats.fullByCause[CauseNoRoom])
	assert.False(t, s.oom)
	assert.GreaterOrEqual(t, h.edenFree(), 2*MB)

	// A free region is enough for a small allocation: no Full GC.
	s = tinySim(t, GCG1, 25)
	g1OldWith(s, 60*MB, 39*MB)
	s.heap.g1Resize(2)
	s.collect(MB / 2)
	assert.Equal(t, int64(0), s.stats.fullGCs)
}

// A young pause that finds the old gen past the occupancy threshold starts
// the marking cycle (youngExtra, after the pause's mixed part): nothing
// else starts one, so without it G1 would never mark nor mix.
func TestG1YoungPauseStartsMarkingPastTheThreshold(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	g1OldWith(s, 40*MB, 5*MB)
	s.heap.newBlob(MB, CatRequest)
	_, failed := s.youngGC()
	require.False(t, failed)
	assert.True(t, s.heap.g1.marking, "old gen at 45 % of the heap: the pause starts a marking")
	assert.Equal(t, 5*MB, s.heap.g1.markedGarbage)
}

// G1's tenuring threshold comes from the age table after each young pause,
// against the survivor space sized for the next: the first age at which the
// survivors pass half of it (TargetSurvivorRatio 50).
func TestG1TenureSetsTheThresholdFromTheAgeTable(t *testing.T) {
	s := tinySim(t, GCG1, 25)
	h := &s.heap
	h.tenuring = 7
	var y youngResult
	g1GC{}.tenure(s, y)
	require.Positive(t, h.survCap)
	assert.Equal(t, 15, h.tenuring, "few survivors: MaxTenuringThreshold")
	y.ages[1], y.ages[2] = h.survCap/4, h.survCap/4+1
	g1GC{}.tenure(s, y)
	assert.Equal(t, 2, h.tenuring, "ages 1 and 2 pass half the survivor space")
}

// Eden gets only the regions old data and survivors leave free, even below
// the minimum young size: with 97 MB of old and 2 MB of survivors, one of
// the 100 regions.
func TestG1EdenLeavesTheSurvivorsRegions(t *testing.T) {
	h := g1Heap(97*MB, 2*MB, 0)
	h.g1Resize(1)
	assert.Equal(t, MB, h.edenCap)
	r := h.g1.region
	assert.LessOrEqual(t, regionsFor(h.oldUsed, r)+regionsFor(h.survUsed, r)+h.edenCap/r, h.g1.committed/r,
		"old, survivor and eden regions within the committed heap")
}
