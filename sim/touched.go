package sim

// Heap pages the program has touched. A reserved or committed page costs
// no RAM until it is first written; from then on it stays resident (no
// uncommit is modelled). Eden is written as far as allocation has reached,
// so a program that allocates little keeps little of its young generation
// in RAM, and one that fills eden once keeps all of it.

// noteTouched records, before a young collection empties eden, how far
// this allocation cycle reached. G1 takes each cycle's eden regions from
// its free list, not the same regions as the cycle before, so its touched
// regions grow by each cycle's eden until they cover the committed heap
// [est].
func (h *heap) noteTouched() {
	h.edenHigh = max(h.edenHigh, h.edenUsed)
	h.g1Touched = max(h.g1Touched+h.edenUsed, h.edenUsed+h.survUsed+h.oldUsed)
}

// noteSurvivorsCopied records the bytes a young collection has copied
// into its to-space, the survivor space it did not copy into last time:
// the two take turns, so the second is first written by the second young
// collection. Counting both from the first had a reader of the lab find
// 10 MB more heap in RAM than eden and the one survivor space in use.
func (h *heap) noteSurvivorsCopied(copied Bytes) {
	h.survTouched[h.survTo] = max(h.survTouched[h.survTo], copied)
	h.survTo ^= 1
}

// youngTouched is the young generation's touched part now: eden as far as
// any allocation cycle reached, and each survivor space as far as the
// survivors copied into it have reached, at most young's capacity.
func (h *heap) youngTouched() Bytes {
	return min(h.youngCap, max(h.edenHigh, h.edenUsed)+h.survTouched[0]+h.survTouched[1])
}

// heapTouched is G1's touched part now, at most its committed heap.
func (h *heap) heapTouched(committed Bytes) Bytes {
	return min(committed, max(h.g1Touched, h.edenUsed+h.survUsed+h.oldUsed))
}
