package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A snapshot lists the open scopes with a thread on a carrier or ready for
// one before the others, so that the picture can name the race of a
// running thread even when more than maxScopesListed scopes wait: here
// the one active scope comes after 70 waiting ones in the scope table and
// a closed active one is not listed at all.
func TestSnapshotListsActiveScopesFirst(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	const waiting = 70
	s.th, s.tasks, s.scopes = nil, nil, nil
	addScope := func(state ThreadState, open bool) {
		ti := int32(len(s.th))
		s.th = append(s.th, thread{id: ThreadID(1000 + ti), state: state})
		s.tasks = append(s.tasks, task{thread: ti})
		s.scopes = append(s.scopes, scope{owner: int32(len(s.tasks) - 1), open: open})
	}
	for range waiting {
		addScope(StateParked, true)
	}
	addScope(StateRunnable, true) // thread id 1070
	addScope(StateRunning, false) // closed: not listed

	var snap Snapshot
	s.fillScopes(&snap)
	require.Len(t, snap.Scopes, 1+maxScopesListed, "the active one and the first %d of the others", maxScopesListed)
	assert.Equal(t, ThreadID(1000+waiting), snap.Scopes[0].Owner, "the active scope first")
	for i, v := range snap.Scopes[1:] {
		assert.Equal(t, ThreadID(1000+i), v.Owner, "then the waiting ones in the table's order")
	}
}

// A snapshot counts the open scopes' live threads, each owner and its
// unfinished subtasks, and nothing of a closed scope: here an open race
// with one call finished (2 of 3 left), a whole one, and a closed one.
func TestSnapshotCountsTheOpenScopesThreads(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	s.scopes = nil
	addScope := func(open bool, subs ...int32) {
		sc := scope{open: open, n: int8(len(subs))}
		copy(sc.subs[:], subs)
		s.scopes = append(s.scopes, sc)
	}
	addScope(true, 4, -1, 6)
	addScope(true, 7, 8, 9)
	addScope(false, 10, 11, 12)

	var snap Snapshot
	s.fillCounters(&snap)
	assert.Equal(t, 2, snap.ScopesOpen)
	assert.Equal(t, (1+2)+(1+3), snap.ScopeThreads, "each open scope's owner and its unfinished subtasks")
}
