package sim

// Nepotism: a dead object in the old generation keeps what it references
// alive through young collections. A young collection does not trace the
// old generation; it takes every reference from an old object (a dirty
// card) as a root, dead object or not. Only a Full GC (or, in G1, marking)
// learns that the old object is dead. So when a thread's state dies (a
// fresh worker's next request replaces it, or the thread ends) while the
// state's own object has been promoted, the parts of it still young — the
// cache entries and the buffer allocated since — are copied to the
// survivor space and promoted like live data, and die only once they are
// in the old generation, where they stay as garbage until a Full GC.
//
// The JDK 17 twin of gc-lab shows it (fresh workers at 100 MB, NewRatio 8):
// a young GC every 12 ms of allocation leaves 5.2 of eden's and the
// survivor's 6.8 MB alive and promotes 2.5 MB, about a whole request's
// state per request, while a class histogram at any moment finds only
// ~2.4 MB of byte arrays reachable (docs/model.md, "Nepotism").

// heldByDead is the ref of a young cache entry whose owner died in the old
// generation: live for young collections, dead once promoted.
const heldByDead int32 = -2

// holdsReferents reports whether thread ti's state, about to die, leaves
// its young parts held by a dead old object: its state object is old.
func (s *Sim) holdsReferents(ti int32) bool {
	b := s.th[ti].tlBase
	return s.cfg.Heap.Nepotism && b >= 0 && s.heap.blobs[b].sp == SpaceOld
}

// hold keeps young cache entry i alive for young collections: it dies
// when a collection promotes it (promote) or at a Full GC (dropHeld).
func (h *heap) hold(i int32) {
	b := &h.blobs[i]
	if b.sp == SpaceOld {
		h.kill(i)
		return
	}
	b.ref, b.next = heldByDead, -1
}

// holdShort keeps counted bytes alive for young collections, until their
// cohort has none left in young (all promoted) or a Full GC.
func (h *heap) holdShort(r shortRef, k shortKind) {
	if r.bytes == 0 {
		return
	}
	if r.cohort < h.cohortBase || h.cohorts[r.cohort-h.cohortBase].young[k] == 0 {
		h.killShort(r, k)
		return
	}
	h.held = append(h.held, heldShort{ref: r, kind: k})
}

// heldShort is counted bytes held by a dead old object.
type heldShort struct {
	ref  shortRef
	kind shortKind
}

// settleHeld lets held counted bytes die once a young collection has
// promoted their cohort's young bytes of their kind: they are old garbage.
func (h *heap) settleHeld() {
	keep := h.held[:0]
	for _, x := range h.held {
		if x.ref.cohort >= h.cohortBase && h.cohorts[x.ref.cohort-h.cohortBase].young[x.kind] > 0 {
			keep = append(keep, x)
			continue
		}
		h.killShort(x.ref, x.kind)
	}
	h.held = keep
}

// dropHeld: a Full GC traces the whole heap and finds what dead objects
// held dead too.
func (s *Sim) dropHeld() {
	h := s.heap
	for _, i := range h.young {
		if b := &h.blobs[i]; !b.dead && b.ref == heldByDead && b.cat == CatThreadLocal {
			h.kill(i)
		}
	}
	for _, x := range h.held {
		h.killShort(x.ref, x.kind)
	}
	h.held = h.held[:0]
}
