package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Counted short-lived bytes (cohort.go) on tinySim (survivors 2 MB): a
// cohort ages with its collection, is taken in allocation order with the
// tracked objects when the survivor space overflows, and a death takes
// young and old bytes in proportion.

// cohortTask gives the sim a task slot to own request data.
func cohortTask(s *Sim) int32 { return s.newTask(0) }

func TestCohortAgesAndIsPromotedAtTheThreshold(t *testing.T) {
	s := youngSim(t, 1)
	h := &s.heap
	tk := cohortTask(s)
	s.addRequestData(tk, MB)
	_, failed := s.youngGC()
	require.False(t, failed)
	assert.Equal(t, MB, h.survUsed, "age 0, threshold 1: copied")
	assert.Equal(t, uint8(1), h.cohorts[0].age)
	assert.Equal(t, Bytes(0), h.oldLive[CatRequest])
	require.NoError(t, s.CheckInvariants())

	h.tenuring = 1 // the age table would have raised it
	s.youngGC()
	assert.Equal(t, MB, h.oldLive[CatRequest], "age 1, threshold 1: promoted")
	assert.Equal(t, int64(0), s.stats.survivorOverflows, "promotion at the threshold is no overflow")
	require.NoError(t, s.CheckInvariants())
	assert.Len(t, h.cohorts, 1, "a cohort with no young bytes left is forgotten")

	used := h.oldUsed
	s.killRequestData(tk)
	assert.Equal(t, Bytes(0), h.oldLive[CatRequest])
	assert.Equal(t, used, h.oldUsed, "its bytes stay in old as garbage")
	require.NoError(t, s.CheckInvariants())
}

func TestOverflowTakesCountedBytesInAllocationOrder(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	// 1 MB of objects, then 3 MB counted, then an object in a later
	// cohort: 4.5 MB of age 0 for 2 MB of survivors.
	first := h.newBlob(MB/2, CatThreadLocal)
	second := h.newBlob(MB/2, CatThreadLocal)
	tk := cohortTask(s)
	s.addRequestData(tk, 3*MB)
	h.edenUsed = h.cohortEnd // the next counted allocation opens a cohort
	tk2 := cohortTask(s)
	s.addRequestData(tk2, KB)
	late := h.newBlob(MB/2, CatThreadLocal)
	_, failed := s.youngGC()
	require.False(t, failed)
	assert.Equal(t, int64(1), s.stats.survivorOverflows)
	assert.Equal(t, 2*MB, h.survUsed, "the survivor space is full")
	assert.Equal(t, SpaceSurvivor, h.blobs[first].sp, "allocated first: copied")
	assert.Equal(t, SpaceSurvivor, h.blobs[second].sp)
	assert.Equal(t, MB, h.cohorts[0].young[shortRequest], "the cohort fills the room left")
	assert.Equal(t, 2*MB, h.cohorts[0].old[shortRequest], "and the rest is promoted early")
	assert.Equal(t, Bytes(KB), h.cohorts[1].old[shortRequest])
	assert.Equal(t, SpaceOld, h.blobs[late].sp, "allocated last: promoted")
	require.NoError(t, s.CheckInvariants())

	// A death in a partly promoted cohort takes its bytes in proportion:
	// a third young, two thirds old.
	before := h.oldLive[CatRequest]
	s.killRequestData(tk)
	assert.Equal(t, before-2*MB, h.oldLive[CatRequest])
	assert.Equal(t, Bytes(0), h.cohorts[0].young[shortRequest])
	require.NoError(t, s.CheckInvariants())
}

// A task's request data allocated across a collection is held in two
// cohorts; both die with the task.
func TestRequestDataInTwoCohorts(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	tk := cohortTask(s)
	s.addRequestData(tk, KB)
	s.addRequestData(tk, KB)
	assert.Equal(t, int32(0), s.tasks[tk].req.more, "same cohort: one count")
	s.youngGC()
	s.addRequestData(tk, KB)
	assert.Greater(t, s.tasks[tk].req.more, int32(0), "a new cohort: a second piece")
	require.NoError(t, s.CheckInvariants())
	s.killRequestData(tk)
	assert.Equal(t, Bytes(0), h.live[CatRequest])
	assert.Equal(t, 3*KB, h.freed[CatRequest])
	require.NoError(t, s.CheckInvariants())
}

// A thread's sticky buffer is replaced at each use: the old one dies.
func TestStickyBufferIsReplaced(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	s.th = append(s.th, thread{task: -1, tail: -1, tlBase: -1})
	ti := int32(len(s.th) - 1)
	st := &Step{Kind: StepThreadLocal, Sticky: 7 * KB}
	tk := cohortTask(s)
	s.th[ti].task = tk
	s.th[ti].tlInit = true
	s.useThreadLocal(ti, st)
	s.youngGC()
	s.useThreadLocal(ti, st)
	assert.Equal(t, 7*KB, h.live[CatThreadLocal], "one buffer live")
	assert.Equal(t, 7*KB, h.freed[CatThreadLocal])
	require.NoError(t, s.CheckInvariants())
	s.freeThreadLocals(ti)
	assert.Equal(t, Bytes(0), h.live[CatThreadLocal])
	require.NoError(t, s.CheckInvariants())
}

// A thread's cache grown over requests is counted by cohort: entries of
// one cohort add to one count, a later cohort's make a share of their own,
// and all of it dies with the thread, in whichever space it has reached.
func TestThreadCacheByCohort(t *testing.T) {
	s, ti, st := cachingThread(t)
	h := &s.heap
	s.useThreadLocal(ti, st)
	s.useThreadLocal(ti, st)
	assert.Equal(t, shortOwned{total: 4 * KB, cohort: h.cohortBase + uint32(len(h.cohorts)-1)}, s.th[ti].cache, "one cohort: one count")
	h.tenuring = 0
	s.youngGC() // promotes the first two entries
	s.useThreadLocal(ti, st)
	c := &s.th[ti].cache
	assert.Equal(t, 2*KB, h.newest(c).bytes)
	require.Greater(t, c.more, int32(0), "a new cohort: a share of its own")
	first, _, next := h.share(h.oldestShare(c.more), c.more, 0)
	assert.Equal(t, 4*KB, first.bytes)
	assert.Equal(t, int32(0), next, "one share")
	assert.Equal(t, 6*KB, h.live[CatThreadLocal])
	assert.Equal(t, 4*KB, h.oldLive[CatThreadLocal])
	assert.Equal(t, 6*KB, c.total, "the cap counts every entry")
	require.NoError(t, s.CheckInvariants())
	s.freeThreadLocals(ti)
	assert.Equal(t, shortOwned{}, s.th[ti].cache)
	assert.Zero(t, h.live[CatThreadLocal])
	assert.Zero(t, h.oldLive[CatThreadLocal], "the old entries are garbage now")
	assert.Equal(t, 6*KB, h.freed[CatThreadLocal])
	require.NoError(t, s.CheckInvariants())
}

// A virtual thread's Thread and Continuation objects are counted bytes:
// live from its creation, gone at its end.
func TestThreadObjectsCounted(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	s.cfg.JVM.VThreadBytes = 256
	ti := s.newVirtual(RoleTask, -1)
	assert.Equal(t, Bytes(256), h.live[CatThread])
	assert.Equal(t, Bytes(256), s.threadObjects(&s.th[ti]).bytes)
	require.NoError(t, s.checkShortLived())
	s.th[ti].state = StateRunning
	s.terminate(ti)
	assert.Zero(t, h.live[CatThread])
	assert.Equal(t, Bytes(256), h.freed[CatThread])
	require.NoError(t, s.checkShortLived())
}

// A cache grown over many collections keeps one share for all its bytes in
// forgotten cohorts (all old, nothing tells them apart), not one a cohort:
// 10,000 pooled threads' 32 entries each had kept 320,000 shares.
func TestForgottenSharesMerge(t *testing.T) {
	s, ti, st := cachingThread(t)
	h := &s.heap
	for range 10 {
		s.useThreadLocal(ti, st)
		h.tenuring = 0 // the collection promotes everything: its cohorts are forgotten
		s.youngGC()
	}
	s.useThreadLocal(ti, st)
	c := &s.th[ti].cache
	shares := 0
	for i, prev := h.oldestShare(c.more), Bytes(0); i > 0; _, prev, i = h.share(i, c.more, prev) {
		shares++
	}
	assert.LessOrEqual(t, shares, 2, "the forgotten cohorts' bytes in one share")
	assert.Equal(t, 22*KB, c.total)
	require.NoError(t, s.CheckInvariants())
	s.freeThreadLocals(ti)
	assert.Zero(t, h.live[CatThreadLocal])
	require.NoError(t, s.CheckInvariants())
}

// An owner's shares in cohorts still listed are kept one by one, oldest
// first, each with its own bytes, whatever the order in which they were
// made; the owner's newest bytes are its total less them all.
func TestSharesOldestFirst(t *testing.T) {
	s, ti, st := cachingThread(t)
	h := &s.heap
	var cohorts []uint32
	for n := range 4 {
		for range n + 1 { // n+1 entries of 2 KB in this cohort
			s.useThreadLocal(ti, st)
		}
		cohorts = append(cohorts, s.th[ti].cache.cohort)
		// Walked here first: the sim's own walks of a broken ring would not end.
		sharesOf(t, h, &s.th[ti].cache)
		h.tenuring = 15 // the collection keeps everything young: no cohort is forgotten
		s.youngGC()
		require.NoError(t, s.CheckInvariants())
	}
	s.useThreadLocal(ti, st)
	c := &s.th[ti].cache
	got := sharesOf(t, h, c)
	want := []shortRef{{2 * KB, cohorts[0]}, {4 * KB, cohorts[1]}, {6 * KB, cohorts[2]}, {8 * KB, cohorts[3]}}
	assert.Equal(t, want, got, "one share a cohort, oldest first")
	assert.Equal(t, 2*KB, h.newest(c).bytes)
	assert.Equal(t, 22*KB, c.total)
	s.freeThreadLocals(ti)
	assert.Zero(t, h.live[CatThreadLocal])
	require.NoError(t, s.CheckInvariants())
}

// sharesOf walks o's shares oldest first. A ring that does not come back
// to o's newest share fails the test here, where the sim's own walks of
// it would never end: a ring walk meets each share once at most.
func sharesOf(t *testing.T, h *heap, o *shortOwned) []shortRef {
	t.Helper()
	var got []shortRef
	for i, prev := h.oldestShare(o.more), Bytes(0); i > 0; {
		if len(got) > len(h.shares) {
			t.Fatalf("an owner's shares do not come back to its newest: %d steps, %d shares in all", len(got), len(h.shares))
		}
		var r shortRef
		r, prev, i = h.share(i, o.more, prev)
		got = append(got, r)
	}
	return got
}

// cachingThread is a sim with a thread whose state is set up and a step
// that grows its cache 2 KB at a time, to 64 KB.
func cachingThread(t *testing.T) (*Sim, int32, *Step) {
	s := youngSim(t, 7)
	s.th = append(s.th, thread{task: -1, tail: -1, tlBase: -1})
	ti := int32(len(s.th) - 1)
	s.th[ti].task = cohortTask(s)
	s.th[ti].tlInit = true
	return s, ti, &Step{Kind: StepThreadLocal, Bytes: 2 * KB, Cap: 64 * KB}
}
