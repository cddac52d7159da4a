package sim

// Serial, -XX:+UseSerialGC: single-threaded copying young collections and
// mark-compact Full GCs.
//   - Promotion guarantee: the young collection runs only if old free
//     covers the padded average promoted or the whole young generation;
//     else a Full GC runs instead (tenuredGeneration.cpp). The young
//     collection it replaces still counts: HotSpot enters it, logs a young
//     pause that copies nothing, and counts it for the young collector;
//     the old gen's statistics sample its promotion, zero, into the
//     average (whose deviation ignores zero samples).
//     A promotion failure leads to a Full GC.
//   - The tenuring threshold comes from the age table.
//   - Promotion transforms StackChunks into GC mode, and so does the Full
//     GC's marking, for every chunk it reaches.
//   - One GC thread, whatever GCThreads says.
// docs/model.md lists the sources.

// serialGC is Serial's policy.
type serialGC struct{}

func (serialGC) name() string { return "serial" }

func (serialGC) validate(*HeapConfig) error { return nil }

// initHeap makes the promoted average ignore zero samples for its
// deviation, as the old generation's statistics do
// (AdaptivePaddedNoZeroDevAverage).
func (serialGC) initHeap(h *heap) { h.promoAvg.noZeroDev = true }

func (serialGC) threads(*HeapConfig, int) int { return 1 }

func (serialGC) collect(s *Sim) (Duration, bool, GCCause) {
	h := &s.heap
	av := h.promoAvg.padded()
	free := h.oldFree()
	if h.promoAvg.count > 0 && free < av && free < float64(h.edenUsed+h.survUsed) {
		// The young collection is entered, finds the attempt unsafe and
		// returns at once (DefNewGeneration::collect,
		// collection_attempt_is_safe): HotSpot logs it as a young pause
		// and counts it for the young collector, then runs the Full GC.
		// The old gen's statistics then sample what it promoted: nothing
		// (TenuredGeneration::update_gc_stats), so a run of skipped young
		// collections brings the average down and ends a Full GC storm.
		h.youngCount++
		s.stats.youngGCs++
		h.promoAvg.sample(0)
		s.emit(EvGCYoung, -1, 0, 0)
		return 0, true, CauseErgonomics
	}
	d, failed := s.youngGC()
	if failed {
		return d, true, CausePromotionFailed
	}
	return d, false, CauseAllocation
}

func (serialGC) youngExtra(*Sim, Bytes) Duration { return 0 }

func (serialGC) tenure(s *Sim, y youngResult) { ageTableThreshold(&s.heap, &s.cfg.Heap, &y.ages) }

func (serialGC) chunkGCModeOnPromotion() bool { return true }

func (serialGC) evacFailsInPlace() bool { return false }

func (serialGC) deadWood(*Sim, Bytes, Bytes) Bytes { return 0 }

// afterFull puts every live chunk in GC mode: Serial's full-GC marking
// transforms each chunk it marks, young or old.
func (serialGC) afterFull(s *Sim) { markedChunksToGCMode(s) }

func (serialGC) reuseFix() bool { return true }

// residentHeap counts like Parallel: young's touched part plus old's
// high-water mark.
func (serialGC) residentHeap(h *heap) Bytes { return h.youngTouched() + h.oldHigh }

// gcTables: Serial marks in the object headers, so only its card table
// and block offset table (1/512 of the heap each) and its marking stack
// grow with the old gen. Measured ~7 bytes per KB of old gen on JDK 17.
func (serialGC) gcTables(h *heap) Bytes { return h.oldHigh * 7 / 1000 }

func (serialGC) checkHeap(h *heap) error { return fixedGenerationsFit(h) }

// cardsFirst: young_process_roots takes the roots, then the old gen's
// cards (nepotism.go).
func (serialGC) cardsFirst() bool { return false }
