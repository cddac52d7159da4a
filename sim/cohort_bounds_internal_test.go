package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The counted bytes' rules at their edges (cohort.go), each checked by the
// numbers it must give; written against the mutants that outlived the
// package's other tests.

// A death in a cohort 30 % young and 70 % old takes the same shares of the
// bytes that die: 50 KB of 100 KB is 15 KB young and 35 KB old.
func TestKillShortSplitsByTheCohortsShares(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	h.cohorts = []cohort{{}}
	c := &h.cohorts[0]
	c.young[shortRequest], c.old[shortRequest] = 30*KB, 70*KB
	h.shortOld[shortRequest] = 70 * KB
	h.oldLive[CatRequest] = 70 * KB
	h.live[CatRequest] = 100 * KB
	h.killShort(shortRef{bytes: 50 * KB, cohort: h.cohortBase}, shortRequest)
	assert.Equal(t, 15*KB, c.young[shortRequest])
	assert.Equal(t, 35*KB, c.old[shortRequest])
	assert.Equal(t, 35*KB, h.shortOld[shortRequest])
	assert.Equal(t, 35*KB, h.oldLive[CatRequest])
	assert.Equal(t, 50*KB, h.live[CatRequest])
	assert.Equal(t, 50*KB, h.freed[CatRequest])
}

// Counted bytes that fill eden exactly are allocated without a collection;
// one byte more collects first.
func TestAllocShortCollectsOnlyWhenEdenHasNoRoom(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	h.edenUsed = h.edenCap - KB
	h.cohortEnd = h.edenCap // no new cohort on the way
	s.allocShort(KB, shortLocal)
	assert.Equal(t, int64(0), s.stats.youngGCs, "the allocation fits exactly")
	assert.Equal(t, h.edenCap, h.edenUsed)
	s.allocShort(1, shortLocal)
	assert.Equal(t, int64(1), s.stats.youngGCs, "eden is full: collect, then allocate")
}

// A cohort opens when eden has taken a thirty-second of its capacity since
// the last one opened, and a collection opens the next one a thirty-second
// beyond eden's use.
func TestCohortsOpenEveryThirtySecondOfEden(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	h.edenUsed = 3 * KB
	h.openCohort()
	require.Equal(t, 3*KB+h.edenCap/cohortsPerEden, h.cohortEnd)
	n := len(h.cohorts)
	step := h.edenCap / cohortsPerEden
	s.allocShort(step, shortRequest) // up to the cohort's end: the same cohort
	assert.Len(t, h.cohorts, n)
	require.Equal(t, h.cohortEnd, h.edenUsed)
	s.allocShort(KB, shortRequest) // from its end on: a new one
	assert.Len(t, h.cohorts, n+1)
	assert.Equal(t, 3*KB+2*step, h.cohortEnd)
}

// Promoting counted bytes raises the old gen's high-water mark with its use.
func TestPromoteShortRaisesTheOldHighWaterMark(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	h.cohorts = []cohort{{}}
	h.cohorts[0].young[shortLocal] = 2 * MB
	h.oldUsed, h.oldHigh = MB, MB
	h.promoteShort(&h.cohorts[0], shortLocal, MB)
	assert.Equal(t, 2*MB, h.oldUsed)
	assert.Equal(t, 2*MB, h.oldHigh)
	assert.Equal(t, MB, h.cohorts[0].young[shortLocal])
	assert.Equal(t, MB, h.oldLive[CatThreadLocal])
	h.oldUsed = MB / 2 // a Full GC compacted; promoting less keeps the mark
	h.promoteShort(&h.cohorts[0], shortLocal, KB)
	assert.Equal(t, 2*MB, h.oldHigh)
}

// The invariant check finds a sticky buffer's bytes no thread owns (the
// second kind, so a check that looked at the first only would pass).
func TestCheckShortLivedFindsUnownedStickyBytes(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	require.NoError(t, s.CheckInvariants())
	n := len(h.cohorts) - 1
	require.GreaterOrEqual(t, n, 0)
	h.cohorts[n].young[shortLocal] += KB
	h.edenUsed += KB
	h.live[CatThreadLocal] += KB
	h.allocated[CatThreadLocal] += KB
	err := s.CheckInvariants()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "owners hold")
}

// A task's request data in a second cohort takes a share record; when the
// task's data dies the record is freed, and the next task to need one
// takes that record back instead of growing the list.
func TestShareRecordsAreReused(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	twoCohorts := func(tk int32) {
		s.addRequestData(tk, KB)
		h.edenUsed = h.cohortEnd // the next counted allocation opens a cohort
		s.addRequestData(tk, 2*KB)
	}
	a := cohortTask(s)
	twoCohorts(a)
	require.Len(t, h.shares, 1)
	require.NoError(t, s.CheckInvariants())
	s.killRequestData(a)
	assert.Equal(t, []int32{0}, h.shareFree)
	b := cohortTask(s)
	twoCohorts(b)
	assert.Len(t, h.shares, 1, "the freed record is taken again")
	assert.Empty(t, h.shareFree)
	assert.Equal(t, Bytes(KB), h.shares[0].cum, "holding b's first piece")
	assert.Equal(t, 2*KB, h.newest(&s.tasks[b].req).bytes)
	assert.Equal(t, 3*KB, s.tasks[b].req.total)
	require.NoError(t, s.CheckInvariants())
}

// Old bytes of forgotten cohorts must be their owners': a count that
// drifted is named with both numbers.
func TestCheckShortLivedFindsDriftInForgottenCohorts(t *testing.T) {
	s := youngSim(t, 7)
	h := &s.heap
	// A listed cohort holds old bytes too, which the forgotten ones'
	// count leaves out.
	s.addRequestData(cohortTask(s), 2*KB)
	h.promoteShort(&h.cohorts[len(h.cohorts)-1], shortRequest, KB)
	require.NoError(t, s.CheckInvariants())
	h.shortOld[shortRequest] += KB
	h.oldLive[CatRequest] += KB
	h.oldUsed += KB
	h.live[CatRequest] += KB
	h.allocated[CatRequest] += KB
	err := s.checkShortLived()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "owners of forgotten cohorts hold 0B, old counts 1.0KB")
}
