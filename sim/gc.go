package sim

// Garbage collection: when a collection runs, what it does to the heap and
// to StackChunks, and how long it stops the world.
//
// Triggers (jvm-facts.md, psScavenge.cpp, tenuredGeneration.cpp):
//   - Parallel skips the young collection and runs a Full GC when
//     min(padded average promoted, young used) >= old free. After a
//     successful young collection, JDK 21 (as released) also runs a Full GC
//     in the same pause when the padded average promoted exceeds old free;
//     JDK 22 removed that check (JDK-8319713), so jdk=25 does not have it.
//     A promotion failure leads to a Full GC.
//   - Serial runs the young collection only if old free covers the padded
//     average promoted or the whole young generation; else a Full GC.
//   - G1 (simplified) always collects young; concurrent marking starts when
//     old occupancy passes G1IHOP percent of the heap, and the following
//     mixed collections reclaim the garbage it found. Only an evacuation
//     failure causes a Full GC.
//
// Pause cost model (ours): a young pause costs YoungFixed plus the bytes
// copied or promoted at CopyRate and the old generation's cards at CardRate;
// a Full GC costs FullFixed plus live bytes at MarkRate and used bytes at
// SweepRate. Every rate is per GC thread.

// GCCause says why a collection ran.
type GCCause uint8

const (
	causeNone GCCause = iota
	// CauseAllocation: eden was full.
	CauseAllocation
	// CauseErgonomics: Parallel's promotion-guarantee check chose a Full GC.
	CauseErgonomics
	// CausePromotionFailed: the old generation could not take a promotion.
	CausePromotionFailed
	// CauseNoRoom: even after a young collection the allocation did not fit.
	CauseNoRoom
)

func (c GCCause) String() string {
	return [...]string{"none", "allocation failure", "ergonomics", "promotion failed", "no room"}[c]
}

// alloc allocates a tracked object, collecting first if eden has no room.
func (s *Sim) alloc(size Bytes, cat AllocCat) int32 {
	if size > s.heap.edenFree() {
		s.collect(size)
	}
	return s.heap.newBlob(size, cat)
}

// allocGarbage allocates short-lived garbage.
func (s *Sim) allocGarbage(size Bytes) {
	if size <= 0 {
		return
	}
	if size > s.heap.edenFree() {
		s.collect(size)
	}
	s.heap.garbage(size)
}

// collect runs the collections the collector's policy chooses for an
// allocation of need bytes that did not fit in eden.
func (s *Sim) collect(need Bytes) {
	h := s.heap
	if s.oom {
		// The run is over; let allocation proceed so that the model stays
		// consistent while the simulator stops.
		h.edenUsed = 0
		return
	}
	var pause Duration
	full := false
	cause := CauseAllocation
	oldFree := func() float64 { return float64(h.oldCommitted - h.oldUsed) }
	switch s.cfg.Heap.GC {
	case GCParallel:
		est := h.promoAvg.padded()
		if yu := float64(h.edenUsed + h.survUsed); yu < est {
			est = yu
		}
		if h.promoAvg.count > 0 && est >= oldFree() {
			full, cause = true, CauseErgonomics
			break
		}
		d, failed := s.youngGC()
		pause += d
		switch {
		case failed:
			full, cause = true, CausePromotionFailed
		case s.cfg.JVM.JDK == 21 && h.promoAvg.padded() > oldFree():
			full, cause = true, CauseErgonomics
		}
	case GCSerial:
		av := h.promoAvg.padded()
		free := oldFree()
		if h.promoAvg.count > 0 && free < av && free < float64(h.edenUsed+h.survUsed) {
			full, cause = true, CauseErgonomics
			break
		}
		d, failed := s.youngGC()
		pause += d
		if failed {
			full, cause = true, CausePromotionFailed
		}
	case GCG1:
		d, failed := s.youngGC()
		pause += d
		if failed {
			full, cause = true, CausePromotionFailed
		}
	}
	if !full && need > h.edenFree() {
		full, cause = true, CauseNoRoom
	}
	if full {
		pause += s.fullGC(cause)
		if need > h.edenFree() && !s.oom {
			s.outOfMemory("Java heap space")
		}
	}
	s.stopTheWorld(pause, full)
	s.noteRSS()
}

// youngGC copies live young objects into the survivor space, ages them, and
// promotes those at the tenuring threshold or that do not fit (premature
// promotion). It returns the pause and whether a promotion failed.
func (s *Sim) youngGC() (Duration, bool) {
	h := s.heap
	cfg := &s.cfg.Heap
	var copied, promoted Bytes
	var ages [16]Bytes
	overflow, failed := false, false
	keep := h.young[:0]
	for _, i := range h.young {
		b := &h.blobs[i]
		if b.dead {
			s.releaseBlob(i)
			continue
		}
		if failed {
			keep = append(keep, i)
			continue
		}
		if int(b.age) < h.tenuring && copied+b.size <= h.survCap {
			if b.age < 15 {
				b.age++
			}
			b.sp = spSurvivor
			copied += b.size
			ages[b.age] += b.size
			keep = append(keep, i)
			continue
		}
		if int(b.age) < h.tenuring {
			overflow = true
		}
		if h.oldUsed+b.size > h.oldCommitted {
			failed = true
			keep = append(keep, i)
			continue
		}
		s.promote(i)
		promoted += b.size
	}
	h.young = keep
	h.edenUsed = 0
	h.survUsed = copied
	if failed {
		// Objects left behind stay in young until the Full GC that follows.
		h.survUsed = h.youngLive()
	}
	thr := Bytes(gcThreads(cfg, s.cfg.Machine.Cores))
	pause := cfg.YoungFixed + bytesAt(copied+promoted, cfg.CopyRate*thr) + bytesAt(h.oldUsed, cfg.CardRate*thr)
	if cfg.GC == GCG1 {
		pause += s.g1Mixed(thr)
	}
	h.youngCount++
	s.stats.youngGCs++
	s.stats.promoted += promoted
	s.stats.survivorCopied += copied
	if overflow {
		s.stats.survivorOverflows++
	}
	h.promoAvg.sample(float64(promoted))
	s.adaptAfterYoung(copied, promoted, overflow, &ages, pause)
	s.emit(EvGCYoung, -1, int64(copied), int64(promoted))
	if cfg.GC == GCG1 {
		s.g1MaybeStartMarking()
	}
	return pause, failed
}

// promote moves a young object into the old generation. Serial and
// Parallel transform StackChunks as they promote them (GC mode).
func (s *Sim) promote(i int32) {
	h := s.heap
	b := &h.blobs[i]
	b.sp = spOld
	h.oldUsed += b.size
	if h.oldUsed > h.oldHigh {
		h.oldHigh = h.oldUsed
	}
	h.oldLive[b.cat] += b.size
	if b.cat == CatChunk {
		c := &s.chunks[b.chunk]
		c.old = true
		if s.cfg.Heap.GC != GCG1 {
			c.gcMode = true
		}
	}
}

// releaseBlob frees a dead object's slot (and its StackChunk slot).
func (s *Sim) releaseBlob(i int32) {
	h := s.heap
	b := &h.blobs[i]
	if b.cat == CatChunk && b.chunk >= 0 {
		s.chunkFree = append(s.chunkFree, b.chunk)
		s.chunks[b.chunk] = stackChunk{owner: -1, parent: -1, blob: -1}
	}
	h.release(i)
}

// adaptAfterYoung updates the collector's policy after a young collection:
// Parallel's adaptive tenuring threshold and survivor size, or the age-table
// threshold of Serial and G1.
func (s *Sim) adaptAfterYoung(copied, promoted Bytes, overflow bool, ages *[16]Bytes, pause Duration) {
	h := s.heap
	cfg := &s.cfg.Heap
	now := s.pauseStartTime()
	interval := now.Sub(h.lastMinorEnd)
	if interval > 0 {
		h.minorCost.sample(float64(pause) / float64(interval+pause))
	}
	h.lastMinorEnd = now.Add(pause)
	switch {
	case cfg.GC == GCParallel && cfg.Adaptive:
		survived := copied
		if overflow {
			survived += promoted
		}
		h.survAvg.sample(float64(survived))
		// AdaptiveSizePolicyReadyThreshold: no adjustment before 5 young GCs.
		if h.youngCount < 5 {
			return
		}
		const tolerance = 1.1 // ThresholdTolerance 10 %
		switch {
		case overflow:
			h.tenuring--
		case h.minorCost.avg > float64(h.majorCost.avg*tolerance):
			h.tenuring--
		case h.majorCost.avg > float64(h.minorCost.avg*tolerance):
			h.tenuring++
		}
		h.tenuring = max(1, min(h.tenuring, cfg.MaxTenuring))
		if cfg.FixedSurvivors {
			return
		}
		target := Bytes(h.survAvg.padded())
		const align = 512 * KB
		target = (target + align - 1) / align * align
		target = clampBytes(target, align, h.survMax)
		h.survCap = target
		h.edenCap = h.youngCap - 2*target
	default:
		// Serial and G1: the smallest age at which survivors exceed the
		// target occupancy (TargetSurvivorRatio) becomes the threshold.
		desired := h.survCap * Bytes(cfg.TargetSurvivorRatio) / 100
		var total Bytes
		th := cfg.MaxTenuring
		for age := 1; age < 16; age++ {
			total += ages[age]
			if total > desired {
				th = age
				break
			}
		}
		h.tenuring = max(1, min(th, cfg.MaxTenuring))
	}
}

// fullGC compacts the whole heap: the old gen keeps only live objects, and
// live young objects are moved into it if they fit (Parallel's summary
// phase and Serial's compaction both do this). It returns the pause.
func (s *Sim) fullGC(cause GCCause) Duration {
	h := s.heap
	cfg := &s.cfg.Heap
	usedBefore := h.used()
	oldUsedBefore := h.oldUsed
	// Old objects that died since the last Full GC are freed; the live ones
	// stay where they are (the counters already know how much is live).
	s.freeOldDead()
	oldLive := h.oldUsed
	// Parallel leaves some dead space in the dense prefix uncompacted.
	if cfg.GC == GCParallel && cfg.DeadWood > 0 {
		every := cfg.MaxCompactionEvery
		if every <= 0 || (s.stats.fullGCs+1)%int64(every) != 0 {
			dead := min(oldUsedBefore-oldLive, oldLive*Bytes(cfg.DeadWood)/100)
			if dead > 0 {
				h.oldUsed += dead
			}
		}
	}
	keepYoung := h.young[:0]
	var youngLeft Bytes
	for _, i := range h.young {
		b := &h.blobs[i]
		if b.dead {
			s.releaseBlob(i)
			continue
		}
		if h.oldUsed+b.size <= h.oldMax {
			s.promote(i)
			b.age = 0
			continue
		}
		keepYoung = append(keepYoung, i)
		youngLeft += b.size
	}
	h.young = keepYoung
	h.edenUsed = youngLeft
	h.survUsed = 0
	if cfg.GC == GCSerial {
		// Serial's full-GC marking transforms every chunk it sees; Parallel
		// transforms only the chunks it moves into the old gen (promote).
		for ci := range s.chunks {
			if s.chunks[ci].owner >= 0 {
				s.chunks[ci].gcMode = true
			}
		}
	}
	h.g1Reclaimable, h.g1Marking = 0, false
	var liveOld Bytes
	for c := range h.oldLive {
		liveOld += h.oldLive[c]
	}
	live := liveOld + youngLeft
	thr := Bytes(gcThreads(cfg, s.cfg.Machine.Cores))
	pause := cfg.FullFixed + bytesAt(live, cfg.MarkRate*thr) + bytesAt(usedBefore, cfg.SweepRate*thr)
	now := s.pauseStartTime()
	if iv := now.Sub(h.lastMajorEnd); iv > 0 {
		h.majorCost.sample(float64(pause) / float64(iv+pause))
	}
	h.lastMajorEnd = now.Add(pause)
	s.stats.fullGCs++
	s.stats.oldLiveAfterFull = liveOld
	s.stats.oldLiveAfterFullSum += liveOld
	for c := AllocCat(1); c < catCount; c++ {
		s.stats.oldLiveByCat[c] = h.oldLive[c]
	}
	if liveOld > s.stats.oldLiveAfterFullMax {
		s.stats.oldLiveAfterFullMax = liveOld
	}
	if s.stats.oldLiveAfterFullMin == 0 || liveOld < s.stats.oldLiveAfterFullMin {
		s.stats.oldLiveAfterFullMin = liveOld
	}
	if cfg.GC == GCG1 {
		h.g1Resize()
	}
	// GC overhead limit (UseGCOverheadLimit): a heap that stays almost
	// entirely live through consecutive Full GCs is out of memory.
	if float64(live) > 0.98*float64(h.oldMax+h.youngCap) {
		s.stats.fullGCsNearlyFull++
		if s.stats.fullGCsNearlyFull >= 5 {
			s.outOfMemory("GC overhead limit exceeded")
		}
	} else {
		s.stats.fullGCsNearlyFull = 0
	}
	s.emit(EvGCFull, -1, int64(live), int64(cause))
	return pause
}

// g1MaybeStartMarking starts a concurrent marking cycle when the old
// generation passes the initiating heap occupancy.
func (s *Sim) g1MaybeStartMarking() {
	h := s.heap
	if h.g1Marking || h.g1Reclaimable > 0 {
		return
	}
	if h.oldUsed*100 < s.cfg.Heap.MaxBytes*Bytes(s.cfg.Heap.G1IHOP) {
		return
	}
	h.g1Marking = true
	var liveOld Bytes
	for c := AllocCat(1); c < catCount; c++ {
		liveOld += h.oldLive[c]
	}
	h.g1MarkedGarbage = h.oldUsed - liveOld
	h.g1MarkDone = s.now.Add(bytesAt(liveOld, s.cfg.Heap.G1MarkRate))
}

// g1Mixed runs the old-region part of a G1 young pause: when a marking has
// finished, the next collections evacuate old regions and reclaim the
// garbage marking found, an eighth at a time (G1MixedGCCountTarget 8).
func (s *Sim) g1Mixed(thr Bytes) Duration {
	h := s.heap
	cfg := &s.cfg.Heap
	var pause Duration
	if h.g1Marking && s.now >= h.g1MarkDone {
		h.g1Marking = false
		h.g1Reclaimable = h.g1MarkedGarbage
		pause += cfg.G1RemarkPause
	}
	if h.g1Reclaimable <= 0 {
		return pause
	}
	step := h.g1MarkedGarbage / 8
	if step < MB {
		step = MB
	}
	step = min(step, h.g1Reclaimable)
	h.g1Reclaimable -= step
	h.oldUsed -= step
	// Live data sharing the collected regions is copied.
	liveness := Bytes(cfg.G1OldLiveness)
	copied := step * liveness / (100 - min(liveness, 99))
	pause += bytesAt(copied, cfg.G1MixedCopyRate*thr)
	s.stats.g1Mixed++
	if h.g1Reclaimable == 0 {
		// Marking's garbage is gone: forget the dead objects it found.
		s.freeOldDead()
	}
	return pause
}

// freeOldDead frees the objects that died in the old generation and
// shrinks its used bytes to the live ones.
func (s *Sim) freeOldDead() {
	h := s.heap
	for _, i := range h.oldDead {
		s.releaseBlob(i)
	}
	h.oldDead = h.oldDead[:0]
	var live Bytes
	for c := range h.oldLive {
		live += h.oldLive[c]
	}
	h.oldUsed = live
}

// bytesAt returns the time to process n bytes at rate bytes per millisecond.
func bytesAt(n, ratePerMs Bytes) Duration {
	if n <= 0 || ratePerMs <= 0 {
		return 0
	}
	return Duration(int64(n) * int64(Millisecond) / int64(ratePerMs))
}

// outOfMemory ends the run with an OutOfMemoryError outcome.
func (s *Sim) outOfMemory(msg string) {
	if s.oom {
		return
	}
	s.oom = true
	s.oomMessage = msg
	s.emit(EvOOM, -1, 0, 0)
}
