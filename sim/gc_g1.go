package sim

import "fmt"

// G1 (simplified), -XX:+UseG1GC. Regions are not modelled; what is kept is
// what decides pauses and footprint for the workloads here:
//   - Every allocation failure runs a young collection. There is no
//     promotion guarantee: when to-space runs out during the pause, what
//     cannot be copied stays where it is and its regions become old (an
//     evacuation failure); a Full GC follows only when, after the pause,
//     no free region is left for the allocation that asked for one
//     (G1CollectedHeap::satisfy_failed_allocation, "G1 Compaction Pause").
//   - Concurrent marking starts when old occupancy passes G1IHOP percent of
//     the heap (InitiatingHeapOccupancyPercent) and runs beside the
//     application (gc_g1_mark.go: its length comes from the live old bytes,
//     G1MarkRate per marking thread and the CPU those threads get); the
//     young pauses after it ends are mixed:
//     each also evacuates old regions and reclaims an eighth of the garbage
//     marking found (G1MixedGCCountTarget 8), copying the live data sharing
//     those regions.
//     Mixed collections stop while G1HeapWastePercent of the heap is still
//     garbage.
//   - After every pause young is sized for the next one as G1Policy does:
//     whole regions between G1NewSizePercent and G1MaxNewSizePercent, within
//     the free regions beyond G1ReservePercent, at the minimum in the mixed
//     phase, else the largest eden whose predicted survivors and pause fit
//     (gc_g1_young.go).
//   - The committed heap starts at -Xms and grows when live data needs it
//     (g1Resize); RSS counts the part of it the heap has filled.
//   - Promotion does not put StackChunks in GC mode (whether G1's young
//     evacuation transforms chunks is an open question; this is the
//     model's choice). An old chunk still needs barriers, so freezes do not
//     reuse it in place (stackchunk.go); the reuse fix does not apply.
//   - The tenuring threshold comes from the age table.
// docs/model.md lists the sources.

// g1GC is G1's policy.
type g1GC struct{}

// g1State is G1's bookkeeping between collections (kept in the heap, so
// that Clone copies it with the rest).
type g1State struct {
	committed     Bytes // the committed heap
	marking       bool  // a concurrent marking is running
	mark          g1MarkWork
	marked        bool  // a marking or Full GC has run (its bitmaps are touched)
	reclaimable   Bytes // old garbage found by the last marking, for mixed GCs
	markedGarbage Bytes // all the old garbage the last marking found
	region        Bytes // the heap region size
	survival      g1Seq // the fraction of eden that survives a young pause
	copyCost      g1Seq // a young pause's copying time per byte copied, ns (FirstTouchRate only)
}

func (g1GC) name() string { return "g1 (simplified)" }

func (g1GC) validate(h *HeapConfig) error {
	if h.G1MarkRate <= 0 || h.G1MixedCopyRate <= 0 {
		return fmt.Errorf("G1 rates must be positive")
	}
	return nil
}

func (g1GC) initHeap(h *heap) { h.g1Resize(0) }

func (g1GC) threads(cfg *HeapConfig, cores int) int { return defaultGCThreads(cfg, cores) }

// collect runs a young collection. An evacuation failure does not by itself
// call for a Full GC: Sim.collect runs one if eden, sized after the pause
// within the free regions, still has no room for the allocation.
func (g1GC) collect(s *Sim) (Duration, bool, GCCause) {
	d, _ := s.youngGC()
	return d, false, CauseAllocation
}

// evacFailsInPlace: what a failed evacuation could not copy stays where it
// is, in regions that become old (g1EvacFailure.cpp), and the pause goes on.
func (g1GC) evacFailsInPlace() bool { return true }

// youngExtra makes the young pause mixed when marking has found garbage,
// then starts a marking if the old gen has passed the threshold.
func (g1GC) youngExtra(s *Sim, threads Bytes) Duration {
	d := s.g1Mixed(threads)
	s.g1MaybeStartMarking()
	return d
}

// tenure learns how much of eden survived, sizes young for the next pause
// and sets the tenuring threshold against its survivor space.
func (g1GC) tenure(s *Sim, y youngResult) {
	h := &s.heap
	h.g1SampleSurvival(y.eden, y.fromEden)
	h.g1SampleCopyCost(&y)
	h.g1Resize(Bytes(g1GC{}.threads(&s.cfg.Heap, s.cfg.Machine.Cores)))
	ageTableThreshold(h, &s.cfg.Heap, &y.ages)
}

func (g1GC) chunkGCModeOnPromotion() bool { return false }

func (g1GC) deadWood(*Sim, Bytes, Bytes) Bytes { return 0 }

// afterFull forgets marking (the Full GC reclaimed its garbage) and resizes
// the committed heap and young generation for the live data left.
func (g1GC) afterFull(s *Sim) {
	h := &s.heap
	h.g1.reclaimable, h.g1.marking, h.g1.marked = 0, false, true
	h.g1Resize(Bytes(g1GC{}.threads(&s.cfg.Heap, s.cfg.Machine.Cores)))
}

func (g1GC) reuseFix() bool { return false }

func (g1GC) residentHeap(h *heap) Bytes { return h.heapTouched(h.g1.committed) }

// gcTables: G1 commits its per-region tables (two mark bitmaps of 1/64 of
// the heap each on JDK 17, card table, offset table, card counts) with
// each region it commits; committing touches ~5.5 bytes per KB of them,
// and the first marking cycle or Full GC clears the bitmaps over the
// whole committed heap, ~38 bytes per KB in all (measured on JDK 17).
func (g1GC) gcTables(h *heap) Bytes {
	if h.g1.marked {
		return h.g1.committed * 38 / 1000
	}
	return h.g1.committed * 55 / 10000
}

// checkHeap checks G1's own accounting. It leaves out the bound Serial and
// Parallel keep (old used within old max): g1Resize moves the line between
// young and old, which can leave old's used bytes above its new maximum.
// What G1 does keep:
//   - the committed heap lies between -Xms and -Xmx, and grows only;
//   - old, the survivors and eden, each in whole regions, fit in the
//     committed regions: eden takes only free regions (g1Resize), and what
//     an evacuation failure leaves stays in regions it already held;
//   - a marking and a mixed phase never run together (a mixed phase needs
//     a finished marking, and a new marking waits for the phase's end);
//   - what the mixed phase has left to reclaim is old garbage: the steps
//     take it out of old's used bytes, so more would take live bytes too.
func (g1GC) checkHeap(h *heap) error {
	g := &h.g1
	if initial := h.cfg.initialHeap(); g.committed < initial || g.committed > h.cfg.MaxBytes {
		return fmt.Errorf("G1 committed heap %v outside -Xms %v .. -Xmx %v", g.committed, initial, h.cfg.MaxBytes)
	}
	r := g.region
	old, surv, eden := regionsFor(h.oldUsed, r), regionsFor(h.survUsed, r), regionsFor(h.edenUsed, r)
	if committed := g.committed / r; old+surv+eden > committed {
		return fmt.Errorf("G1 regions: old %d, survivors %d and eden %d hold more than the %d committed", old, surv, eden, committed)
	}
	if g.marking && g.reclaimable > 0 {
		return fmt.Errorf("G1 is marking with %v of a mixed phase still to reclaim", g.reclaimable)
	}
	if garbage := h.oldUsed - h.oldLiveTotal(); g.reclaimable > garbage {
		return fmt.Errorf("G1 has %v to reclaim, more than the old gen's %v of garbage", g.reclaimable, garbage)
	}
	return nil
}

// g1MaybeStartMarking starts a concurrent marking cycle when the old
// generation passes the initiating heap occupancy.
func (s *Sim) g1MaybeStartMarking() {
	h := &s.heap
	if h.g1.marking || h.g1.reclaimable > 0 {
		return
	}
	if h.oldUsed*100 < s.cfg.Heap.MaxBytes*Bytes(s.cfg.Heap.G1IHOP) {
		return
	}
	h.g1.marking, h.g1.marked = true, true
	var liveOld Bytes
	for c := AllocCat(1); c < catCount; c++ {
		liveOld += h.oldLive[c]
	}
	h.g1.markedGarbage = h.oldUsed - liveOld
	s.g1StartMarkWork(liveOld)
}

// g1Mixed runs the old-region part of a G1 young pause: when a marking has
// finished, the next collections evacuate old regions and reclaim the
// garbage marking found, an eighth at a time (G1MixedGCCountTarget 8).
// They stop while G1HeapWastePercent (5 %) of the heap is still garbage:
// G1 does not start or continue mixed collections for less
// (G1Policy::next_gc_should_be_mixed), so that much garbage stays in the
// old gen until a later marking finds more, or a Full GC.
func (s *Sim) g1Mixed(thr Bytes) Duration {
	h := &s.heap
	cfg := &s.cfg.Heap
	var pause Duration
	if h.g1.marking && s.g1MarkFinished() {
		h.g1.marking = false
		h.g1.reclaimable = max(h.g1.markedGarbage-h.g1.committed*g1HeapWastePercent/100, 0)
		pause += cfg.G1RemarkPause
	}
	if h.g1.reclaimable <= 0 {
		return pause
	}
	step, copied := h.g1MixedStep()
	h.g1.reclaimable -= step
	h.oldUsed -= step
	// The abandoned StackChunks are part of the garbage the step frees
	// (the phase's end forgets them all, freeOldDead): what is still
	// counted as abandoned cannot exceed the garbage left.
	garbage := max(h.oldUsed-h.oldLiveTotal(), 0)
	s.abandoned.bytes = min(s.abandoned.bytes, garbage)
	pause += bytesAt(copied, cfg.G1MixedCopyRate*thr)
	s.stats.g1Mixed++
	if h.g1.reclaimable == 0 {
		// The mixed phase is over: forget the dead objects marking found.
		// The garbage left behind keeps its bytes.
		s.freeOldDead()
		h.oldUsed += garbage
	}
	return pause
}

// g1MixedStep is what the next mixed collection reclaims of the garbage
// marking found, an eighth of it (G1MixedGCCountTarget 8; at least 1 MB,
// at most what is left), and the live bytes sharing those regions that it
// copies.
func (h *heap) g1MixedStep() (step, copied Bytes) {
	step = min(max(h.g1.markedGarbage/8, MB), h.g1.reclaimable)
	liveness := Bytes(h.cfg.G1OldLiveness)
	return step, step * liveness / (100 - min(liveness, 99))
}

// g1Resize sizes G1's committed heap and young generation after a pause
// (and at start, thr 0: before any pause the pause goal is not checked).
// The committed heap starts at -Xms and grows (never beyond -Xmx) when old
// data leaves less than the minimum young size; young is the target
// gc_g1_young.go computes, in whole regions. Old may use whatever eden,
// the survivors and the next pause's survivor space leave.
func (h *heap) g1Resize(thr Bytes) {
	if h.g1.region == 0 {
		h.g1.region = g1RegionSize(h.cfg.MaxBytes)
	}
	// G1 commits whole regions (the heap's alignment is its region size),
	// so a growth to need rounds up to the next region.
	committed := h.cfg.initialHeap()
	if need := h.oldUsed*2 + h.cfg.MaxBytes/20; need > committed {
		committed = min(regionsFor(need, h.g1.region)*h.g1.region, h.cfg.MaxBytes)
	}
	if committed > h.g1.committed {
		h.g1.committed = committed
	}
	r := h.g1.region
	young, surv := h.g1YoungTarget(h.g1.reclaimable > 0, thr)
	h.youngCap = young * r
	h.survCap = surv * r
	survRegions := regionsFor(h.survUsed, r)
	h.edenCap = h.youngCap - survRegions*r
	// Eden takes free regions as it fills; when old and survivors have left
	// fewer than its target (an evacuation failure turned regions old), it
	// gets what is free, maybe nothing: an allocation that finds no region
	// then leads to a Full GC (Sim.collect).
	free := h.g1FreeRegions()
	h.edenCap = min(h.edenCap, free*r)
	if h.cfg.G1PreventiveGC {
		h.edenCap = min(h.edenCap, h.g1PreventiveEden(free)*r)
	}
	// Old may use every region that eden as granted, the survivors and the
	// next pause's survivor space leave. Eden as granted, not its target:
	// a target beyond the free regions (a young fixed by -XX:NewRatio, or
	// eden cut by the preventive rule) must not fence old out of regions
	// that nothing else holds; G1 has no boundary between the two.
	h.oldMax = max(h.g1.committed-h.edenCap-survRegions*r-h.survCap, 0)
	h.oldCommitted = h.oldMax
}

// cardsFirst: evacuate_roots, then the remembered sets (nepotism.go).
func (g1GC) cardsFirst() bool { return false }
