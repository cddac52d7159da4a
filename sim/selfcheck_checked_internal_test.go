//go:build !loomlab_unchecked

package sim

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A build with bounds checks does not self-check: Advance looks up from
// its loop only at the event budget.
func TestCheckedBuildDoesNotSelfCheck(t *testing.T) {
	s := midRun(t)
	require.Zero(t, s.selfCheckEvery)
	require.Equal(t, s.maxEvents, s.eventMark)
}
