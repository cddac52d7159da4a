package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// The part of the time stopped for GC that young collections spent copying
// thread-local data (Snapshot.GCCopyLocal) follows where that data lives:
// pooled workers keep their caches, which young GCs copy until they reach
// the old gen, so most of the pauses go to them; fresh workers drop theirs
// with each request, so almost none does (the negative control). Both are
// parts of the time stopped.
func TestYoungPausesCopyThreadLocalDataWhereItLives(t *testing.T) {
	share := func(state string) float64 {
		sc, err := Get("gc-lab")
		require.NoError(t, err)
		s, _, err := sc.NewSim("", map[string]string{"state": state}, 1)
		require.NoError(t, err)
		s.Advance(sim.Time(1600*sim.Millisecond), 1<<40)
		var snap sim.Snapshot
		s.Fill(&snap)
		require.Positive(t, snap.YoungGCs, state)
		require.LessOrEqual(t, snap.GCCopyLocal, snap.GCPauseTotal, state)
		return float64(snap.GCCopyLocal) / float64(snap.GCPauseTotal)
	}
	pooled, fresh := share("pooled"), share("fresh")
	assert.Greater(t, pooled, 0.5, "pooled workers' caches are most of the pauses")
	assert.Less(t, fresh, 0.1, "fresh workers' state dies with each request")
}
