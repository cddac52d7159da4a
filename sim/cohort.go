package sim

import "fmt"

// Short-lived objects as byte counts by cohort. A request's data, a
// thread's cache entries and sticky buffer, and a virtual thread's Thread
// and Continuation objects are small objects that live for a request or a
// thread; nothing the picture or the metrics show needs them one by one,
// only how many bytes of them are live, at which age and in which space.
// So the heap keeps them as HotSpot's own age table does (ageTable: a
// histogram of bytes by age): one cohort per stretch of eden (a
// thirty-second of it, or less at a collection), with its age and its live
// bytes in young and in old, by kind. An owner (a task's request data, a
// thread's sticky buffer) keeps only its bytes and its cohort's id, or
// for what it allocates over time a short list of them (shortOwned); a
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
	// shortLocal: a thread's cache entries and sticky buffer
	// (CatThreadLocal). Its state object is not counted: nepotism asks
	// whether that one object is old (nepotism.go), which a cohort's
	// proportional split cannot say.
	shortLocal
	shortThread // a virtual thread's Thread and Continuation objects (CatThread)
	shortKinds
)

// shortCat is each kind's allocation category.
var shortCat = [shortKinds]AllocCat{CatRequest, CatThreadLocal, CatThread}

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

// shortOwned is what an owner allocates of one kind over time, so
// possibly in several cohorts: its total, its newest cohort, and the
// earlier cohorts' bytes as a list of shares in heap.shares (more: 1 + the
// newest share's index, 0 none). The zero value holds nothing. The total
// rather than the newest cohort's bytes, so that a thread's cache needs no
// count of its own for its cap, and a thread's record keeps its size
// (warm.go reads it line by line).
type shortOwned struct {
	total  Bytes
	cohort uint32 // the newest cohort's id
	more   int32
}

// shortShare is an owner's bytes in one cohort older than its newest (a
// program with several live-data steps, a cache that grows over a
// thread's requests). cum counts them and every older share's, so an
// owner's newest bytes are its total less its newest share's cum.
//
// An owner's shares form a ring, oldest first: each share's next is the
// next newer one, and the newest's is the oldest. So both ends are one step
// from shortOwned.more: a new share goes in after the newest, and the
// forgotten shares, which are the oldest (mergeForgotten), are found first.
type shortShare struct {
	cum    Bytes
	cohort uint32
	next   int32 // as shortOwned.more
}

// sharedBytes is the bytes of the shares up to the newest, more (as
// shortOwned.more).
func (h *heap) sharedBytes(more int32) Bytes {
	if more > 0 {
		return h.shares[more-1].cum
	}
	return 0
}

// oldestShare is the oldest of the shares up to the newest, more (as
// shortOwned.more; 0 for none).
func (h *heap) oldestShare(more int32) int32 {
	if more > 0 {
		return h.shares[more-1].next
	}
	return 0
}

// share returns share i's bytes (i as shortOwned.more, > 0), given prev,
// the cum of the share before it (0 for the oldest); its cum, for the next
// call; and the next newer share, 0 after the newest (more).
func (h *heap) share(i, more int32, prev Bytes) (shortRef, Bytes, int32) {
	sh := &h.shares[i-1]
	next := sh.next
	if i == more {
		next = 0
	}
	return shortRef{bytes: sh.cum - prev, cohort: sh.cohort}, sh.cum, next
}

// newest is the bytes o holds in its newest cohort.
func (h *heap) newest(o *shortOwned) shortRef {
	return shortRef{bytes: o.total - h.sharedBytes(o.more), cohort: o.cohort}
}

// allocShort allocates size counted bytes of kind k in eden, collecting
// first if eden has no room.
func (s *Sim) allocShort(size Bytes, k shortKind) shortRef {
	if size > s.heap.edenFree() {
		s.collect(size)
	}
	h := &s.heap
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
		if c.old[k] == 0 {
			// All young, as most are: the split below would give the
			// same, at the cost of a division.
			c.young[k] -= r.bytes
			return
		}
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

// addOwned adds counted bytes r to what o holds: to its newest bytes when
// r is in the same cohort, else its newest become a share and r the newest.
func (h *heap) addOwned(o *shortOwned, r shortRef) {
	if o.total > 0 && o.cohort != r.cohort {
		var i int32
		if n := len(h.shareFree); n > 0 {
			i = h.shareFree[n-1]
			h.shareFree = h.shareFree[:n-1]
		} else {
			h.shares = append(h.shares, shortShare{})
			i = int32(len(h.shares) - 1)
		}
		// The new newest share: after the old newest in the ring, before
		// the oldest (itself, if it is the only one).
		next := i + 1
		if o.more > 0 {
			newest := &h.shares[o.more-1]
			next, newest.next = newest.next, i+1
		}
		h.shares[i] = shortShare{cum: o.total, cohort: o.cohort, next: next}
		o.more = i + 1
		h.mergeForgotten(o.more)
	}
	o.total += r.bytes
	o.cohort = r.cohort
}

// mergeForgotten merges the oldest shares up to the newest, more, while the
// two oldest both have forgotten cohorts (openCohort): all their bytes are
// old and nothing tells them apart any more, as killShort treats them. A
// pooled thread's cache grows over 32 requests in as many cohorts; without
// this each kept a share for good (10,000 threads: 320,000 shares, ~10 MB
// of peak RSS). Cohorts are older the older the share, so the forgotten
// shares are the oldest ones, which the ring puts one step from more: when
// nothing is to be merged, as at most pushes, that is seen there.
func (h *heap) mergeForgotten(more int32) {
	newest := &h.shares[more-1]
	for {
		oldest := newest.next
		second := h.shares[oldest-1].next
		if oldest == more || h.shares[oldest-1].cohort >= h.cohortBase || h.shares[second-1].cohort >= h.cohortBase {
			return
		}
		// The second's cum already counts the oldest's bytes: it takes
		// them, and becomes the oldest.
		newest.next = second
		h.shareFree = append(h.shareFree, oldest-1)
	}
}

// endOwned lets everything o holds die, or, with held, be held by a dead
// old object (nepotism.go: holdShort), and empties o.
//
// It branches to holdShort or killShort itself (a method value would be a
// closure call, and a function of its own for the branch one more call:
// either costs more than the branch in WebAssembly, and every request's end
// comes here).
func (h *heap) endOwned(o *shortOwned, k shortKind, held bool) {
	if r := h.newest(o); held {
		h.holdShort(r, k)
	} else {
		h.killShort(r, k)
	}
	var prev Bytes
	for i := h.oldestShare(o.more); i > 0; {
		var r shortRef
		free := i - 1
		r, prev, i = h.share(i, o.more, prev)
		if held {
			h.holdShort(r, k)
		} else {
			h.killShort(r, k)
		}
		h.shareFree = append(h.shareFree, free)
	}
	*o = shortOwned{}
}

// addRequestData gives task tk size more bytes of request data.
func (s *Sim) addRequestData(tk int32, size Bytes) {
	r := s.allocShort(size, shortRequest)
	s.heap.addOwned(&s.tasks[tk].req, r)
}

// killRequestData lets task tk's request data die.
func (s *Sim) killRequestData(tk int32) {
	s.heap.endOwned(&s.tasks[tk].req, shortRequest, false)
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
	h := &s.heap
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
	// every cohort an owner holds bytes in, newest and shares
	addAllOf := func(o *shortOwned, k shortKind) {
		add(h.newest(o), k)
		var prev Bytes
		for i := h.oldestShare(o.more); i > 0; {
			var r shortRef
			r, prev, i = h.share(i, o.more, prev)
			add(r, k)
		}
	}
	for tk := range s.tasks {
		t := &s.tasks[tk]
		if t.prog < 0 {
			continue
		}
		addAllOf(&t.req, shortRequest)
	}
	for ti := range s.th {
		t := &s.th[ti]
		add(t.sticky, shortLocal)
		addAllOf(&t.cache, shortLocal)
		if t.virtual && t.state != StateTerminated {
			add(s.threadObjects(t), shortThread)
		}
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
