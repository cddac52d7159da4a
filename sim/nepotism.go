package sim

// Nepotism: a dead object in the old generation keeps what it references
// alive through young collections. A young collection does not trace the
// old generation; it takes every reference out of an old object (a dirty
// card; for G1 a remembered-set entry) as a root, dead object or not. Only
// a Full GC (or, in G1, marking) learns that the old object is dead. So
// when a thread's state dies (a fresh worker's next request replaces it,
// or the thread ends) while the state's own object has been promoted, the
// parts of it still young — the cache entries and the buffer allocated
// since — are copied to the survivor space and promoted like live data,
// and die only once they are in the old generation, where they stay as
// garbage until a Full GC.
//
// Which it copies first matters when the survivor space overflows: what
// the threads' stacks hold or what dead old objects hold. Parallel's
// scavenge scans the old generation's cards before the thread stacks
// (JDK 17 psScavenge.cpp, ScavengeRootsTask::work: the old-to-young card
// scan, drained, then the root types, then the threads), so what dead
// objects hold takes the survivor space first and the requests in flight
// overflow into the old generation, where they become the next dead old
// owners. Serial (GenCollectedHeap::young_process_roots: roots, then
// younger_refs_iterate) and G1 (G1EvacuateRegionsTask::scan_roots:
// evacuate_roots, then scan_heap_roots) copy what the stacks hold first,
// and what dead objects hold overflows into the old generation and dies.
// The JDK 17 twin of gc-lab shows both: Parallel at 100 MB, NewRatio 8,
// with fresh workers keeps its survivors full of it and promotes 2.5 MB
// at every young GC; Serial at 64 MB promotes for four young GCs after
// the start and then nothing (docs/model.md, "Nepotism").

// heldByDead is the ref of young thread-local bytes whose owner died in
// the old generation (held apart from their cohort by holdShort): live for
// young collections, dead once promoted.
const heldByDead int32 = -2

// holdsReferents reports whether thread ti's state, about to die, leaves
// its young parts held by a dead old object: its state object is old.
func (s *Sim) holdsReferents(ti int32) bool {
	b := s.th[ti].tlBase
	return s.cfg.Heap.Nepotism && b >= 0 && s.heap.blobs[b].sp == SpaceOld
}

// held reports whether young object i is held by a dead old object: it
// dies when a collection promotes it (promote) or at a Full GC (dropHeld).
func (b *blob) held() bool { return b.ref == heldByDead && b.cat == CatThreadLocal }

// holdShort keeps the young part of counted bytes alive for young
// collections as one held object of their cohort's age (the part already
// old dies there): the collection can then copy it apart from the counted
// bytes the threads hold.
func (h *heap) holdShort(r shortRef, k shortKind) {
	if r.bytes == 0 {
		return
	}
	young, age := Bytes(0), uint8(0)
	if r.cohort >= h.cohortBase {
		c := &h.cohorts[r.cohort-h.cohortBase]
		// killShort's split: the old share rounds down.
		if tot := c.young[k] + c.old[k]; tot > 0 {
			young = r.bytes - Bytes(int64(r.bytes)*int64(c.old[k])/int64(tot))
		}
		age = c.age
	}
	if young > 0 {
		// The young bytes leave the cohort for an object of their own:
		// still live, still in eden or the survivor space (whose used
		// bytes already count them).
		h.cohorts[r.cohort-h.cohortBase].young[k] -= young
		r.bytes -= young
		i := h.record(young, shortCat[k])
		cat := shortCat[k]
		h.allocated[cat] -= young // moved, not allocated again
		h.live[cat] -= young
		b := &h.blobs[i]
		b.cohort, b.age, b.ref = r.cohort, age, heldByDead
		if age > 0 {
			b.sp = SpaceSurvivor
		}
		h.young = append(h.young, i)
		h.heldCount++
	}
	h.killShort(r, k)
}

// heldAside collects the held objects of the young list for a collection
// that copies them apart (youngGC), in list order.
func (h *heap) heldAside() []int32 {
	h.heldScratch = h.heldScratch[:0]
	if h.heldCount == 0 {
		return h.heldScratch
	}
	for _, i := range h.young {
		if b := &h.blobs[i]; !b.dead && b.held() {
			h.heldScratch = append(h.heldScratch, i)
		}
	}
	return h.heldScratch
}

// dropHeld: a Full GC traces the whole heap and finds what dead objects
// held dead too.
func (s *Sim) dropHeld() {
	h := &s.heap
	if h.heldCount == 0 {
		return
	}
	for _, i := range h.young {
		if b := &h.blobs[i]; !b.dead && b.held() {
			h.kill(i)
		}
	}
	h.heldCount = 0
}
