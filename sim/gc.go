package sim

// Garbage collection: the machinery every collector shares. This file
// copies, ages and promotes young objects, compacts the heap in a Full GC
// and prices the pauses. When to collect, and every rule that differs
// between collectors, is the collector's policy (collector.go,
// gc_parallel.go, gc_serial.go, gc_g1.go).
//
// Pause cost model (ours): a young pause costs YoungFixed plus the bytes
// copied or promoted at CopyRate, the promoted bytes that land above the old
// generation's high-water mark at FirstTouchRate besides (first writes to
// never-touched pages), and the old generation's cards at CardRate;
// a Full GC costs FullFixed plus live bytes at MarkRate and used bytes at
// SweepRate. Every rate is per GC thread.

// GCCause says why a collection ran.
type GCCause uint8

const (
	_ GCCause = iota // the zero value is invalid
	// CauseAllocation: eden was full.
	CauseAllocation
	// CauseErgonomics: the collector's promotion guarantee chose a Full GC.
	CauseErgonomics
	// CausePromotionFailed: the old generation could not take a promotion.
	CausePromotionFailed
	// CauseNoRoom: even after a young collection the allocation did not fit.
	CauseNoRoom
	causeCount
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
// allocation of need bytes that did not fit in eden, then a Full GC if the
// allocation still does not fit, and stops the world for all of them.
func (s *Sim) collect(need Bytes) {
	if s.oom {
		// The run is over; the rest of this event's allocations go into eden
		// beyond its capacity, counted, so the accounting stays exact while
		// the simulator stops (resetting eden's count here left young live
		// objects uncounted: FuzzSimulate found it with gc-lab's large
		// per-request data on a 16 MB heap).
		return
	}
	pause, full := s.collections(need)
	// The pause cost model prices the GC threads' work with a CPU each; on
	// a shared machine they get only the JVM's share of them.
	s.stopTheWorld(stretch(pause, s.cfg.Machine.cpuShare()), full)
	s.noteRSS()
}

// collections runs what collect runs, without stopping the world: the
// collector's choice, then a Full GC if the allocation of need bytes still
// has no room, and an OutOfMemoryError if it has none after that. It
// returns the collections' pause and whether a Full GC ran.
func (s *Sim) collections(need Bytes) (Duration, bool) {
	h := &s.heap
	if !s.Paused() {
		// A collection that extends a pause under way found what the
		// pause's first one left: the pause's start is the first's.
		h.foundOldUsed, h.foundOldLive = h.oldUsed, h.oldLive
	}
	pause, full, cause := s.gc.collect(s)
	if !full && need > h.edenFree() {
		full, cause = true, CauseNoRoom
	}
	if full {
		pause += s.fullGC(cause)
		if need > h.edenFree() && !s.oom {
			s.outOfMemory("Java heap space")
		}
	}
	return pause, full
}

// youngResult is what a young collection did, for the tenuring policy.
type youngResult struct {
	copied, promoted Bytes
	// overflow: an object below the tenuring threshold did not fit in the
	// survivor space and was promoted early.
	overflow bool
	// ages holds the bytes copied into the survivor space at each age.
	ages [16]Bytes
	// eden is what eden held when the collection began, fromEden the live
	// bytes it found there (G1 predicts its survival rate from them).
	eden, fromEden Bytes
	// inPlace is what an evacuation failure left where it lay (in
	// promoted too), inPlaceEden the part of it found in eden.
	inPlace, inPlaceEden Bytes
	pause                Duration
	// copyTime is the part of the pause spent copying what was copied
	// (first touches included), for G1's learned cost per byte.
	copyTime Duration
	// local is the thread-local data among copied and promoted (the
	// threads' caches and buffers, CatThreadLocal): priced like the rest,
	// its share of the pause is what the threads' own data costs.
	local Bytes
}

// youngGC copies live young objects into the survivor space, ages them, and
// promotes those at the tenuring threshold or that do not fit (premature
// promotion). It returns the pause and whether a promotion failed.
//
// Objects are taken in allocation order, first fit: the tracked ones one by
// one, the counted bytes (cohort.go) a cohort at a time, after the objects
// allocated in the same stretch of eden; a cohort that does not fit whole is
// copied as far as the room goes and the rest promoted. After a promotion
// fails, nothing more is copied or aged: for Serial and Parallel it waits
// in young for the Full GC; G1 tenures it where it lies (evacFailsInPlace).
func (s *Sim) youngGC() (Duration, bool) {
	h := &s.heap
	cfg := &s.cfg.Heap
	y := youngResult{eden: h.edenUsed}
	oldHighBefore := h.oldHigh
	failed := false
	inPlace := s.gc.evacFailsInPlace()
	next := 0 // the next cohort to take, by index
	keep := h.young[:0]
	// What dead old objects hold is copied before or after the rest, as
	// the collector scans cards and stacks (nepotism.go).
	held := h.heldAside()
	holding := len(held) > 0
	cardsFirst := s.gc.cardsFirst()
	if cardsFirst {
		// Those that stay young join keep after the loop below, which
		// writes keep over the list it reads.
		held = held[:0:len(held)]
		for _, i := range h.heldScratch {
			held = s.youngObject(i, &y, &failed, inPlace, held)
		}
	}
	for _, i := range h.young {
		b := &h.blobs[i]
		if holding && b.held() {
			// Copied apart, before or after (one promoted before is
			// dead and its slot already free).
			continue
		}
		if b.dead {
			s.releaseBlob(i)
			continue
		}
		for ; next < len(h.cohorts) && h.cohortBase+uint32(next) < b.cohort; next++ {
			s.youngCohort(&h.cohorts[next], &y, &failed)
		}
		keep = s.youngObject(i, &y, &failed, inPlace, keep)
	}
	for ; next < len(h.cohorts); next++ {
		s.youngCohort(&h.cohorts[next], &y, &failed)
	}
	if cardsFirst {
		keep = append(keep, held...)
	} else {
		for _, i := range held {
			keep = s.youngObject(i, &y, &failed, inPlace, keep)
		}
	}
	h.young = keep
	// Promoted bytes above the old gen's high-water mark were written to
	// pages for the first time (what a failed evacuation left in place
	// was not copied).
	fresh := min(h.oldHigh-oldHighBefore, y.promoted-y.inPlace)
	h.noteTouched()
	h.edenUsed = 0
	h.openCohort()
	h.survUsed = y.copied
	h.noteSurvivorsCopied(y.copied)
	switch {
	case failed && inPlace:
		s.failedRegionsStayOld(&y)
	case failed:
		// Objects left behind stay in young until the Full GC that follows.
		h.survUsed = h.youngLive()
	}
	thr := Bytes(s.gc.threads(cfg, s.cfg.Machine.Cores))
	y.copyTime = bytesAt(y.copied+y.promoted-y.inPlace, cfg.CopyRate*thr) + bytesAt(fresh, cfg.FirstTouchRate*thr)
	y.pause = cfg.YoungFixed + bytesAt(y.copied+y.promoted, cfg.CopyRate*thr) + bytesAt(h.oldUsed, cfg.CardRate*thr)
	y.pause += bytesAt(fresh, cfg.FirstTouchRate*thr)
	y.pause += s.gc.youngExtra(s, thr)
	// Stretched as collect stretches the whole pause.
	s.stats.localCopy += stretch(bytesAt(y.local, cfg.CopyRate*thr), s.cfg.Machine.cpuShare())
	h.youngCount++
	s.stats.youngGCs++
	if failed && inPlace {
		s.stats.evacFailures++
	}
	s.stats.promoted += y.promoted
	s.stats.survivorCopied += y.copied
	if y.overflow {
		s.stats.survivorOverflows++
	}
	h.promoAvg.sample(float64(y.promoted))
	s.adaptAfterYoung(&y)
	s.emit(EvGCYoung, -1, int64(y.copied), int64(y.promoted))
	return y.pause, failed
}

// youngObject copies live young object i into the survivor space, or
// promotes it, or leaves it (a failed promotion), appending what stays
// young to keep. inPlace is the collector's evacFailsInPlace, asked once a
// collection by youngGC: asked here, it was an interface call for every
// object the walk visits (tens of thousands a collection).
func (s *Sim) youngObject(i int32, y *youngResult, failed *bool, inPlace bool, keep []int32) []int32 {
	h := &s.heap
	b := &h.blobs[i]

	if *failed && !inPlace {
		return append(keep, i)
	}
	if b.age == 0 {
		y.fromEden += b.size
	}
	if *failed {
		s.tenureInPlace(i, y)
		return keep
	}
	if int(b.age) < h.tenuring && y.copied+b.size <= h.survCap {
		if b.age < 15 {
			b.age++
		}
		b.sp = SpaceSurvivor
		y.copied += b.size
		y.addLocal(b)
		y.ages[b.age] += b.size
		return append(keep, i)
	}
	if int(b.age) < h.tenuring {
		y.overflow = true
	}
	if h.oldUsed+b.size > h.oldCommitted {
		*failed = true
		if inPlace {
			s.tenureInPlace(i, y)
			return keep
		}
		return append(keep, i)
	}
	s.promote(i)
	y.promoted += b.size
	y.addLocal(b)
	return keep
}

// youngCohort copies a cohort's young bytes into the survivor space as far
// as the room goes, below the tenuring threshold, and promotes the rest;
// the cohort ages by one. If the old generation cannot take what it
// promotes, the promotion fails and the cohort stays as it is.
//
// With evacFailsInPlace, a failure (this cohort's or an earlier one's)
// tenures what was not copied where it lies instead, and after a failure
// nothing more is copied.
func (s *Sim) youngCohort(c *cohort, y *youngResult, failed *bool) {
	h := &s.heap
	inPlace := s.gc.evacFailsInPlace()
	if (*failed && !inPlace) || c.young == [shortKinds]Bytes{} {
		return
	}
	var cp, pr [shortKinds]Bytes
	var all, prAll Bytes
	room := Bytes(0)
	if int(c.age) < h.tenuring && !*failed {
		room = max(h.survCap-y.copied, 0)
	}
	for k := range c.young {
		all += c.young[k]
		cp[k] = min(c.young[k], room)
		room -= cp[k]
		pr[k] = c.young[k] - cp[k]
		prAll += pr[k]
	}
	if c.age == 0 {
		y.fromEden += all
	}
	if int(c.age) < h.tenuring && prAll > 0 {
		y.overflow = true
	}
	if h.oldUsed+prAll > h.oldCommitted {
		*failed = true
		if !inPlace {
			return
		}
	}
	if *failed {
		y.inPlace += prAll
		if c.age == 0 {
			y.inPlaceEden += prAll
		}
	}
	c.age = min(c.age+1, 15)
	y.local += cp[shortLocal] + pr[shortLocal]
	for k := range c.young {
		h.promoteShort(c, shortKind(k), pr[k])
		y.copied += cp[k]
		y.ages[c.age] += cp[k]
	}
	y.promoted += prAll
}

// tenureInPlace is an object a failed evacuation could not copy: it stays
// where it lies, and its region becomes old, so it counts as promoted.
func (s *Sim) tenureInPlace(i int32, y *youngResult) {
	b := &s.heap.blobs[i]
	y.inPlace += b.size
	if b.age == 0 {
		y.inPlaceEden += b.size
	}
	y.promoted += b.size
	y.addLocal(b)
	s.promote(i)
}

// addLocal counts object b among the thread-local data copied or promoted.
func (y *youngResult) addLocal(b *blob) {
	if b.cat == CatThreadLocal {
		y.local += b.size
	}
}

// failedRegionsStayOld adds to the old generation the dead bytes of the
// regions an evacuation failure turned old: the live bytes left in eden
// sit among eden's garbage, so those regions hold their share of it (the
// share of eden's live bytes that failed). The whole regions stay until a
// mixed collection or a Full GC reclaims them.
func (s *Sim) failedRegionsStayOld(y *youngResult) {
	h := &s.heap
	if y.fromEden <= 0 || y.inPlaceEden <= 0 {
		return
	}
	dead := Bytes(float64(float64(y.eden-y.fromEden) * float64(float64(y.inPlaceEden)/float64(y.fromEden))))
	h.oldUsed += max(dead, 0)
	if h.oldUsed > h.oldHigh {
		h.oldHigh = h.oldUsed
	}
}

// promote moves a young object into the old generation. Some collectors
// transform StackChunks as they promote them (GC mode).
func (s *Sim) promote(i int32) {
	h := &s.heap
	b := &h.blobs[i]
	b.sp = SpaceOld
	h.oldUsed += b.size
	if h.oldUsed > h.oldHigh {
		h.oldHigh = h.oldUsed
	}
	h.oldLive[b.cat] += b.size
	if b.held() {
		// Held by a dead old object (nepotism.go): old garbage now.
		h.heldCount--
		h.kill(i)
		return
	}
	if b.cat == CatChunk {
		c := &s.chunks[b.ref]
		c.old = true
		if s.gc.chunkGCModeOnPromotion() {
			c.gcMode = true
		}
	}
}

// releaseBlob frees a dead object's slot (and its StackChunk slot).
func (s *Sim) releaseBlob(i int32) {
	h := &s.heap
	b := &h.blobs[i]
	if b.cat == CatChunk && b.ref >= 0 {
		s.chunkFree = append(s.chunkFree, b.ref)
		s.chunks[b.ref].clear()
	}
	h.release(i)
}

// adaptAfterYoung samples the young pauses' share of time (Parallel's
// adaptive policy weighs it against the Full GCs') and lets the collector
// set the next tenuring threshold.
func (s *Sim) adaptAfterYoung(y *youngResult) {
	h := &s.heap
	now := s.pauseStartTime()
	interval := now.Sub(h.lastMinorEnd)
	if interval > 0 {
		h.minorCost.sample(float64(y.pause) / float64(interval+y.pause))
	}
	h.lastMinorEnd = now.Add(y.pause)
	s.gc.tenure(s, *y) // by value: a pointer would escape through the interface
}

// ageTableThreshold is the tenuring threshold of Serial, G1 and Parallel
// without its adaptive policy: the smallest age at which the survivors
// exceed the target occupancy (TargetSurvivorRatio) of the survivor space
// (ageTable::compute_tenuring_threshold).
func ageTableThreshold(h *heap, cfg *HeapConfig, ages *[16]Bytes) {
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

// fullGC compacts the whole heap: the old gen keeps only live objects, and
// live young objects are moved into it if they fit (Parallel's summary
// phase and Serial's compaction both do this). It returns the pause.
func (s *Sim) fullGC(cause GCCause) Duration {
	h := &s.heap
	cfg := &s.cfg.Heap
	usedBefore := h.used()
	oldUsedBefore := h.oldUsed
	s.dropHeld()
	// Old objects that died since the last Full GC are freed; the live ones
	// stay where they are (the counters already know how much is live).
	s.freeOldDead()
	oldLive := h.oldUsed
	if dead := s.gc.deadWood(s, oldUsedBefore-oldLive, oldLive); dead > 0 {
		h.oldUsed += dead
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
	// Counted bytes follow the objects, oldest cohort first.
	for ci := range h.cohorts {
		c := &h.cohorts[ci]
		for k := range c.young {
			if n := c.young[k]; h.oldUsed+n <= h.oldMax {
				h.promoteShort(c, shortKind(k), n)
			} else {
				youngLeft += n
			}
		}
	}
	h.edenUsed = youngLeft
	h.openCohort()
	h.survUsed = 0
	liveOld := h.oldLiveTotal()
	live := liveOld + youngLeft
	pause := cfg.FullGCPause(live, usedBefore, s.gc.threads(cfg, s.cfg.Machine.Cores))
	now := s.pauseStartTime()
	if iv := now.Sub(h.lastMajorEnd); iv > 0 {
		h.majorCost.sample(float64(pause) / float64(iv+pause))
	}
	h.lastMajorEnd = now.Add(pause)
	s.stats.fullGCs++
	s.stats.fullByCause[cause]++
	s.stats.fullBefore = s.stats.lastFull
	s.stats.lastFull = fullGCKept{at: now, kept: liveOld}
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
	s.gc.afterFull(s)
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

// markedChunksToGCMode puts every live StackChunk in GC mode, as a Full
// GC's marking that transforms each chunk it marks leaves them.
func markedChunksToGCMode(s *Sim) {
	for ci := range s.chunks {
		if s.chunks[ci].owner >= 0 {
			s.chunks[ci].gcMode = true
		}
	}
}

// freeOldDead frees the objects that died in the old generation (their
// records are gone already; the abandoned chunks are no longer drawn) and
// shrinks its used bytes to the live ones.
func (s *Sim) freeOldDead() {
	h := &s.heap
	s.abandoned.reset()
	h.oldUsed = h.oldLiveTotal()
}

// defaultGCThreads is ParallelGCThreads' default: all cores up to 8, then
// 5/8 of the rest; GCThreads overrides it.
func defaultGCThreads(cfg *HeapConfig, cores int) int {
	if cfg.GCThreads > 0 {
		return cfg.GCThreads
	}
	if cores <= 8 {
		return cores
	}
	return 8 + (cores-8)*5/8
}

// oldFree is the old generation's committed bytes not in use, as the
// promotion guarantees compare it with averages.
func (h *heap) oldFree() float64 { return float64(h.oldCommitted - h.oldUsed) }

// FullGCPause is a Full GC's pause at full speed on `threads` GC threads:
// FullFixed, then the live bytes at MarkRate and the used bytes at
// SweepRate per thread. Its GC threads use threads × that of CPU, which is
// what a log's gc+cpu line measures, so gc-lab's constants are fitted to
// real logs through this function (cmd/loomsim/fullgccost_test.go).
func (h *HeapConfig) FullGCPause(live, used Bytes, threads int) Duration {
	thr := Bytes(threads)
	return h.FullFixed + bytesAt(live, h.MarkRate*thr) + bytesAt(used, h.SweepRate*thr)
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
