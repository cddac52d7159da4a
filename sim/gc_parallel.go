package sim

import "fmt"

// Parallel, -XX:+UseParallelGC: copying young collections (scavenges) and a
// parallel mark-compact Full GC, run by ParallelGCThreads threads.
//   - Promotion guarantee, before a scavenge: it is skipped in favour of a
//     Full GC when min(padded average promoted, young used) >= old free
//     (psScavenge.cpp). A promotion failure leads to a Full GC.
//   - After a successful scavenge, builds with the post-scavenge check
//     (JVM.PostScavengeFullGC: up to 17.0.11 and 21.0.3) also run a Full GC
//     in the same pause when the padded average promoted exceeds old free
//     (PSAdaptiveSizePolicy::should_full_GC); JDK-8319713 removed that
//     check in JDK 22 and in the 17.0.12 and 21.0.4 updates.
//   - Adaptive size policy (UseAdaptiveSizePolicy): the tenuring threshold
//     drops on survivor overflow, when the young pauses' share of time
//     exceeds the Full GCs' by 10 %, or when the survivors would need more
//     than their limit, and rises when the Full GCs' share exceeds the
//     young pauses' by 10 %; the survivor spaces follow the padded average
//     of what survived, in SpaceAlign units up to young/MinSurvivorRatio,
//     and eden takes the rest, unless FixedSurvivors holds them.
//   - Promotion transforms StackChunks into GC mode, and so does the Full
//     GC's marking, for every chunk it reaches, young or old
//     (ParCompactionManager::mark_and_push ->
//     ContinuationGCSupport::transform_stack_chunk).
//   - The Full GC leaves dead wood: part of the old gen's garbage stays
//     uncompacted at the bottom of the old gen (DeadWood, MaxCompactionEvery).
// docs/model.md lists the sources.

// parallelGC is Parallel's policy.
type parallelGC struct{}

func (parallelGC) name() string { return "parallel" }

func (parallelGC) validate(*HeapConfig) error { return nil }

// initHeap starts the adaptive policy at InitialTenuringThreshold.
func (parallelGC) initHeap(h *heap) {
	if cfg := &h.cfg; cfg.Adaptive && cfg.InitialTenuring > 0 {
		h.tenuring = min(cfg.InitialTenuring, cfg.MaxTenuring)
	}
}

func (parallelGC) threads(cfg *HeapConfig, cores int) int { return defaultGCThreads(cfg, cores) }

func (parallelGC) collect(s *Sim) (Duration, bool, GCCause) {
	h := &s.heap
	est := h.promoAvg.padded()
	if yu := float64(h.edenUsed + h.survUsed); yu < est {
		est = yu
	}
	if h.promoAvg.count > 0 && est >= h.oldFree() {
		return 0, true, CauseErgonomics
	}
	d, failed := s.youngGC()
	switch {
	case failed:
		return d, true, CausePromotionFailed
	case s.cfg.JVM.PostScavengeFullGC && h.promoAvg.padded() > h.oldFree():
		return d, true, CauseErgonomics
	}
	return d, false, CauseAllocation
}

func (parallelGC) youngExtra(*Sim, Bytes) Duration { return 0 }

// tenure runs the adaptive size policy, or the age table when it is off.
func (parallelGC) tenure(s *Sim, y youngResult) {
	h := &s.heap
	cfg := &s.cfg.Heap
	if !cfg.Adaptive {
		ageTableThreshold(h, cfg, &y.ages)
		return
	}
	survived := y.copied
	if y.overflow {
		survived += y.promoted
	}
	h.survAvg.sample(float64(survived))
	// AdaptiveSizePolicyReadyThreshold: no adjustment before 5 young GCs.
	if h.youngCount < 5 {
		return
	}
	const tolerance = 1.1 // ThresholdTolerance 10 %
	decr, incr := false, false
	switch {
	case y.overflow:
		decr = true
	case h.minorCost.avg > float64(h.majorCost.avg*tolerance):
		decr = true
	case h.majorCost.avg > float64(h.minorCost.avg*tolerance):
		incr = true
	}
	if !cfg.FixedSurvivors {
		// The survivors follow the padded average of what survived; when
		// that is more than the survivor limit (young/MinSurvivorRatio)
		// they stop there and the threshold drops as well
		// (PSAdaptiveSizePolicy::compute_survivor_space_size_and_threshold).
		align := max(cfg.SpaceAlign, 1)
		target := max(alignUp(Bytes(h.survAvg.padded()), align), align)
		if target > h.survMax {
			target = h.survMax
			decr = true
		}
		h.survCap = target
		h.edenCap = h.youngCap - 2*target
	}
	switch {
	case decr:
		h.tenuring--
	case incr:
		h.tenuring++
	}
	h.tenuring = max(1, min(h.tenuring, cfg.MaxTenuring))
}

func (parallelGC) chunkGCModeOnPromotion() bool { return true }

func (parallelGC) evacFailsInPlace() bool { return false }

// deadWood is PSParallelCompact's dead-wood limiter: up to DeadWood percent
// of the live old data stays as garbage in the dense prefix, except every
// MaxCompactionEvery-th Full GC, which compacts everything
// (HeapMaximumCompactionInterval).
func (parallelGC) deadWood(s *Sim, garbage, live Bytes) Bytes {
	cfg := &s.cfg.Heap
	if cfg.DeadWood <= 0 {
		return 0
	}
	if every := cfg.MaxCompactionEvery; every > 0 && (s.stats.fullGCs+1)%int64(every) == 0 {
		return 0
	}
	return min(garbage, live*Bytes(cfg.DeadWood)/100)
}

// afterFull puts every live chunk in GC mode: the Full GC's marking
// transforms each chunk it marks, including those it leaves in the young
// gen and old ones no collection had transformed yet.
func (parallelGC) afterFull(s *Sim) { markedChunksToGCMode(s) }

func (parallelGC) reuseFix() bool { return true }

// residentHeap is the young generation's touched part (all of it once
// eden has filled) plus the old gen's high-water mark: pages, once
// touched, stay resident.
func (parallelGC) residentHeap(h *heap) Bytes { return h.youngTouched() + h.oldHigh }

// gcTables: the mark bitmap (two bits per heap word, 1/32 of the heap),
// card table and object start array are touched where a Full GC marks and
// compacts, the old gen's touched pages; eden churn alone leaves them
// untouched. Measured ~40 bytes per KB of old gen on JDK 17.
func (parallelGC) gcTables(h *heap) Bytes { return h.oldHigh * 40 / 1000 }

func (parallelGC) checkHeap(h *heap) error { return fixedGenerationsFit(h) }

// fixedGenerationsFit checks the bounds of the collectors whose
// generations keep a fixed size: young and old together within -Xmx, eden
// and both survivor spaces within young (Parallel's adaptive policy moves
// the line between them, never past young), and old's used bytes within
// its capacity.
func fixedGenerationsFit(h *heap) error {
	if h.youngCap+h.oldMax > h.cfg.MaxBytes {
		return fmt.Errorf("young gen %v and old gen %v exceed the heap's %v", h.youngCap, h.oldMax, h.cfg.MaxBytes)
	}
	if h.edenCap+2*h.survCap > h.youngCap {
		return fmt.Errorf("eden %v and two survivor spaces of %v exceed the young gen's %v", h.edenCap, h.survCap, h.youngCap)
	}
	if h.oldUsed > h.oldMax {
		return fmt.Errorf("old gen used %v exceeds its capacity %v", h.oldUsed, h.oldMax)
	}
	return nil
}

// cardsFirst: ScavengeRootsTask scans the old-to-young cards before the
// thread stacks (nepotism.go).
func (parallelGC) cardsFirst() bool { return true }
