package sim

import "fmt"

// Short-lived objects as byte counts by cohort. A request's data and a
// thread's sticky buffer are small objects that live from one request to
// the next; nothing the picture or the metrics show needs them one by one,
// only how many bytes of them are live, at which age and in which space.
// So the heap keeps them as HotSpot's own age table does (ageTable: a
// histogram of bytes by age): one cohort per stretch of eden (a
// thirty-second of it, or less at a collection), with its age and its live
// bytes in young and in old, by kind. An owner (a task's request data, a
// thread's sticky buffer) keeps only its bytes and its cohort's id; a
// tracked object remembers the cohort open when it was allocated, so a
// young collection still takes everything in allocation order (gc.go:
// youngGC), at the grain of a cohort for the counted bytes.
//
// Bytes of one cohort are interchangeable: when a survivor space overflows
// part of a cohort may be promoted (premature promotion), and a later death
// in that cohort takes young and old bytes in proportion to what the cohort
// holds in each space. docs/model.md says why this is the same mechanism.

// shortKind is what counted short-lived bytes are for.
type shortKind uint8

const (
	shortRequest shortKind = iota // a request's data (CatRequest)
	shortSticky                   // a thread's sticky buffer (CatThreadLocal)
	shortKinds
)

// shortCat is each kind's allocation category.
var shortCat = [shortKinds]AllocCat{CatRequest, CatThreadLocal}

// cohort is the counted bytes allocated in eden between two collections.
type cohort struct {
	young, old [shortKinds]Bytes // live bytes in eden or survivor, and in old
	age        uint8
}

// shortRef is an owner's counted bytes: how many, and in which cohort.
// The zero value holds nothing.
type shortRef struct {
	bytes  Bytes
	cohort uint32 // heap.cohortBase + index in heap.cohorts
}

// shortShare is a further piece of a task's request data, allocated in
// another cohort than the first (a program with several live-data steps).
type shortShare struct {
	ref  shortRef
	next int32
}

// allocShort allocates size counted bytes of kind k in eden, collecting
// first if eden has no room.
func (s *Sim) allocShort(size Bytes, k shortKind) shortRef {
	if size > s.heap.edenFree() {
		s.collect(size)
	}
	h := s.heap
	if h.edenUsed >= h.cohortEnd {
		h.cohorts = append(h.cohorts, cohort{})
		h.cohortEnd = h.edenUsed + h.edenCap/cohortsPerEden
	}
	n := len(h.cohorts) - 1
	h.cohorts[n].young[k] += size
	h.edenUsed += size
	cat := shortCat[k]
	h.allocated[cat] += size
	h.live[cat] += size
	return shortRef{bytes: size, cohort: h.cohortBase + uint32(n)}
}

// killShort lets an owner's counted bytes die. Young bytes are gone at the
// next collection; old ones stay in oldUsed as garbage until a Full GC.
func (h *heap) killShort(r shortRef, k shortKind) {
	if r.bytes == 0 {
		return
	}
	cat := shortCat[k]
	h.live[cat] -= r.bytes
	h.freed[cat] += r.bytes
	fromOld := r.bytes // a cohort no longer listed has no young bytes left
	if r.cohort >= h.cohortBase {
		c := &h.cohorts[r.cohort-h.cohortBase]
		fromOld = 0
		// The old share rounds down, so the young share rounds up:
		// r − ⌊r·old/tot⌋ = ⌈r·young/tot⌉, never more than young
		// because an owner's bytes are at most its cohort's (the
		// invariant checkShortLived keeps), so young never goes negative.
		if tot := c.young[k] + c.old[k]; tot > 0 {
			fromOld = Bytes(int64(r.bytes) * int64(c.old[k]) / int64(tot))
		}
		c.young[k] -= r.bytes - fromOld
		c.old[k] -= fromOld
	}
	h.shortOld[k] -= fromOld
	h.oldLive[cat] -= fromOld
}

// addRequestData gives task tk size more bytes of request data.
func (s *Sim) addRequestData(tk int32, size Bytes) {
	r := s.allocShort(size, shortRequest)
	h := s.heap
	tsk := &s.tasks[tk]
	switch {
	case tsk.req.bytes == 0:
		tsk.req = r
	case tsk.req.cohort == r.cohort:
		tsk.req.bytes += r.bytes
	default:
		var i int32
		if n := len(h.shareFree); n > 0 {
			i = h.shareFree[n-1]
			h.shareFree = h.shareFree[:n-1]
		} else {
			h.shares = append(h.shares, shortShare{})
			i = int32(len(h.shares) - 1)
		}
		h.shares[i] = shortShare{ref: tsk.req, next: tsk.reqMore}
		tsk.req, tsk.reqMore = r, i
	}
}

// killRequestData lets task tk's request data die.
func (s *Sim) killRequestData(tk int32) {
	h := s.heap
	tsk := &s.tasks[tk]
	h.killShort(tsk.req, shortRequest)
	for i := tsk.reqMore; i >= 0; {
		h.killShort(h.shares[i].ref, shortRequest)
		next := h.shares[i].next
		h.shareFree = append(h.shareFree, i)
		i = next
	}
	tsk.req, tsk.reqMore = shortRef{}, -1
}

// shortYoung is the counted bytes live in young.
func (h *heap) shortYoung() Bytes {
	var n Bytes
	for i := range h.cohorts {
		for k := range h.cohorts[i].young {
			n += h.cohorts[i].young[k]
		}
	}
	return n
}

// promoteShort moves n counted bytes of kind k of cohort c into old.
func (h *heap) promoteShort(c *cohort, k shortKind, n Bytes) {
	if n <= 0 {
		return
	}
	c.young[k] -= n
	c.old[k] += n
	h.shortOld[k] += n
	h.oldLive[shortCat[k]] += n
	h.oldUsed += n
	if h.oldUsed > h.oldHigh {
		h.oldHigh = h.oldUsed
	}
}

// cohortsPerEden is the grain of the counted bytes' allocation order: a
// new cohort opens each time eden has taken this fraction of its capacity,
// so a young collection takes counted bytes and tracked objects in the
// order they were allocated to within a thirty-second of eden.
const cohortsPerEden = 32

// openCohort starts a new cohort for eden after a collection, and forgets
// the oldest ones once they hold no young bytes: their live bytes are all
// in old (shortOld counts them), which is all a later death needs to know.
func (h *heap) openCohort() {
	n := 0
	for n < len(h.cohorts) && h.cohorts[n].young == [shortKinds]Bytes{} {
		n++
	}
	if n > 0 {
		h.cohorts = append(h.cohorts[:0], h.cohorts[n:]...)
		h.cohortBase += uint32(n)
	}
	h.cohorts = append(h.cohorts, cohort{})
	h.cohortEnd = h.edenUsed + h.edenCap/cohortsPerEden
}

// checkShortLived checks the counted bytes against their owners: every
// cohort's live bytes are its owners' bytes, and the owners of forgotten
// cohorts hold exactly the old bytes no cohort lists.
func (s *Sim) checkShortLived() error {
	h := s.heap
	owned := make([][shortKinds]Bytes, len(h.cohorts))
	var before [shortKinds]Bytes
	add := func(r shortRef, k shortKind) {
		switch {
		case r.bytes == 0:
		case r.cohort < h.cohortBase:
			before[k] += r.bytes
		default:
			owned[r.cohort-h.cohortBase][k] += r.bytes
		}
	}
	for tk := range s.tasks {
		t := &s.tasks[tk]
		if t.prog < 0 {
			continue
		}
		add(t.req, shortRequest)
		for i := t.reqMore; i >= 0; i = h.shares[i].next {
			add(h.shares[i].ref, shortRequest)
		}
	}
	for ti := range s.th {
		add(s.th[ti].sticky, shortSticky)
	}
	for k := shortKind(0); k < shortKinds; k++ {
		oldListed := Bytes(0)
		for i := range h.cohorts {
			c := &h.cohorts[i]
			if c.young[k] < 0 || c.old[k] < 0 {
				return fmt.Errorf("cohort %d %v: negative bytes (young %v, old %v)", i, shortCat[k], c.young[k], c.old[k])
			}
			if owned[i][k] != c.young[k]+c.old[k] {
				return fmt.Errorf("cohort %d %v: owners hold %v, the cohort %v young + %v old", i, shortCat[k], owned[i][k], c.young[k], c.old[k])
			}
			oldListed += c.old[k]
		}
		if before[k] != h.shortOld[k]-oldListed {
			return fmt.Errorf("%v: owners of forgotten cohorts hold %v, old counts %v", shortCat[k], before[k], h.shortOld[k]-oldListed)
		}
	}
	return nil
}
