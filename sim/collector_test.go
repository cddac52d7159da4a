package sim

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Every collector kind has a policy, so a kind added without its file and
// its entry in collectors fails here rather than at New.
func TestEveryGCKindHasACollector(t *testing.T) {
	for g := gcInvalid + 1; g < gcKindCount; g++ {
		require.NotNil(t, collectorFor(g), "GCKind %d", g)
		require.NotEqual(t, "invalid", g.String())
	}
	require.Equal(t, "invalid", gcInvalid.String())
	require.Equal(t, "invalid", gcKindCount.String())
}
