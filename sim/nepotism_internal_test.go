package sim

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A thread's state dies while its state object is in the old generation:
// with nepotism, its young cache entry and buffer live on through young
// collections, are promoted, and are old garbage until a Full GC; without,
// the next young collection finds them dead.
func TestDeadOldStateKeepsItsYoungPartsUntilPromoted(t *testing.T) {
	const entry, buffer = 2 * KB, 7 * KB
	for _, c := range []struct {
		gc GCKind
		on bool
	}{{GCSerial, false}, {GCSerial, true}, {GCParallel, false}, {GCParallel, true}} {
		on := c.on
		s := tinySim(t, c.gc, 21)
		s.cfg.Heap.Nepotism = on
		h := &s.heap
		s.th = append(s.th, thread{role: RolePoolWorker, task: -1, tail: -1, tlBase: -1})
		ti := int32(len(s.th) - 1)

		// The state object, promoted by a young collection.
		base := h.newBlob(112, CatThreadLocal)
		s.th[ti].tlBase = base
		h.tenuring = 0
		s.youngGC()
		require.Equal(t, SpaceOld, h.blobs[base].sp, "the state object is old")
		h.tenuring = 15

		// Its young parts: a cache entry and the buffer.
		giveCacheEntry(s, ti, entry)
		s.th[ti].sticky = s.allocShort(buffer, shortLocal)

		s.freeThreadLocals(ti)
		require.NoError(t, s.checkShortLived())
		s.youngGC()
		require.NoError(t, s.checkShortLived())
		if !on {
			assert.Zero(t, h.survUsed, "the dead state's young parts died with it")
			assert.Zero(t, h.live[CatThreadLocal])
			continue
		}
		assert.Equal(t, entry+buffer, h.survUsed, "the dead old state keeps its young parts through a young GC")

		oldBefore := h.oldUsed
		h.tenuring = 0
		s.youngGC()
		require.NoError(t, s.checkShortLived())
		require.NoError(t, checkHeapFully(h, s.gc))
		assert.Zero(t, h.survUsed, "promoted")
		assert.Equal(t, oldBefore+entry+buffer, h.oldUsed, "into the old generation")
		assert.Zero(t, h.live[CatThreadLocal], "where they are garbage")
		assert.Zero(t, h.oldLive[CatThreadLocal])
		assert.Zero(t, h.heldCount, "nothing held any more")

		s.fullGC(CauseAllocation)
		assert.Zero(t, h.oldUsed, "a Full GC frees them")
		require.NoError(t, checkHeapFully(h, s.gc))
	}
}

// A Full GC traces the heap: what a dead old object held in young is found
// dead there too, not promoted as live.
func TestFullGCDropsWhatDeadObjectsHeld(t *testing.T) {
	s := tinySim(t, GCParallel, 21)
	s.cfg.Heap.Nepotism = true
	h := &s.heap
	s.th = append(s.th, thread{role: RolePoolWorker, task: -1, tail: -1, tlBase: -1})
	ti := int32(len(s.th) - 1)
	base := h.newBlob(112, CatThreadLocal)
	s.th[ti].tlBase = base
	h.tenuring = 0
	s.youngGC()
	h.tenuring = 15
	giveCacheEntry(s, ti, 2*KB)
	s.th[ti].sticky = s.allocShort(7*KB, shortLocal)
	s.freeThreadLocals(ti)
	require.Equal(t, 2, h.heldCount, "the cache entry and the buffer are held")

	s.fullGC(CauseAllocation)
	require.NoError(t, s.checkShortLived())
	assert.Zero(t, h.oldUsed, "nothing the dead state held was moved into old")
	assert.Zero(t, h.live[CatThreadLocal])
	assert.Zero(t, h.heldCount)
}

// When the survivor space cannot take both, Parallel copies what dead old
// objects hold first (it scans the cards before the thread stacks) and a
// request's live data overflows into the old generation; Serial and G1
// copy what the threads hold first and the held parts overflow and die.
// Whichever was allocated first.
func TestWhatIsCopiedFirstIsTheCollectors(t *testing.T) {
	for _, gc := range []GCKind{GCParallel, GCSerial, GCG1} {
		for _, inFlightFirst := range []bool{true, false} {
			s := tinySim(t, gc, 21)
			s.cfg.Heap.Nepotism = true
			h := &s.heap
			s.th = append(s.th, thread{role: RolePoolWorker, task: -1, tail: -1, tlBase: -1})
			ti := int32(len(s.th) - 1)
			base := h.newBlob(112, CatThreadLocal)
			s.th[ti].tlBase = base
			h.tenuring = 0
			s.youngGC()
			h.tenuring = 15

			var inFlight int32
			if inFlightFirst {
				inFlight = h.newBlob(4*KB, CatApp)
			}
			giveCacheEntry(s, ti, 2*KB)
			s.th[ti].sticky = s.allocShort(7*KB, shortLocal)
			if !inFlightFirst {
				inFlight = h.newBlob(4*KB, CatApp)
			}
			s.freeThreadLocals(ti)
			h.survCap = 9 * KB // room for the held parts or the live data, not both

			s.youngGC()
			require.NoError(t, s.checkShortLived())
			require.NoError(t, checkHeapFully(h, s.gc))
			name := fmt.Sprintf("%v, live data allocated first: %v", gc, inFlightFirst)
			if gc == GCParallel {
				assert.Equal(t, SpaceOld, h.blobs[inFlight].sp, "%s: the live data overflowed", name)
				assert.Equal(t, 9*KB, h.survUsed, "%s: the held parts took the survivor space", name)
			} else {
				assert.Equal(t, SpaceSurvivor, h.blobs[inFlight].sp, "%s: the live data was copied first", name)
			}
			assert.Equal(t, Bytes(4*KB), h.live[CatApp], name)
		}
	}
}

// A buffer whose cohort a survivor overflow split between young and old:
// when its dead old owner holds it, the young share stays live as one
// held object of the cohort's age, in the survivor space, and the old
// share is old garbage at once.
func TestHeldBufferSplitsLikeItsCohort(t *testing.T) {
	s := tinySim(t, GCSerial, 21)
	s.cfg.Heap.Nepotism = true
	h := &s.heap
	s.th = append(s.th, thread{role: RolePoolWorker, task: -1, tail: -1, tlBase: -1})
	ti := int32(len(s.th) - 1)
	base := h.newBlob(112, CatThreadLocal)
	s.th[ti].tlBase = base
	h.tenuring = 0
	s.youngGC()
	h.tenuring = 15

	s.th[ti].sticky = s.allocShort(8*KB, shortLocal)
	h.survCap = 3 * KB // 3 KB of the buffer's cohort copied, 5 KB promoted
	s.youngGC()
	require.Equal(t, 3*KB, h.survUsed)
	liveBefore, oldLiveBefore := h.live[CatThreadLocal], h.oldLive[CatThreadLocal]

	s.freeThreadLocals(ti)
	require.NoError(t, s.checkShortLived())
	require.NoError(t, checkHeapFully(h, s.gc))
	require.Equal(t, 1, h.heldCount)
	held := h.young[len(h.young)-1]
	b := &h.blobs[held]
	assert.True(t, b.held())
	assert.Equal(t, 3*KB, b.size, "the young share")
	assert.Equal(t, uint8(1), b.age, "the cohort's age")
	assert.Equal(t, SpaceSurvivor, b.sp, "where the cohort's young bytes are")
	assert.Equal(t, oldLiveBefore-5*KB-112, h.oldLive[CatThreadLocal], "the old share and the state object are old garbage")
	assert.Equal(t, liveBefore-5*KB-112, h.live[CatThreadLocal], "the young share is still live")
}

// giveCacheEntry allocates a cache entry of size bytes for thread ti, as a
// thread-local step does (task.go: useThreadLocal).
func giveCacheEntry(s *Sim, ti int32, size Bytes) {
	r := s.allocShort(size, shortLocal)
	s.heap.addOwned(&s.th[ti].cache, r)
}
