//go:build loomlab_unchecked

package sim

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A build without bounds checks (build/workerflags) self-checks every
// selfCheckEvents events from the start of a run.
func TestUncheckedBuildSelfChecks(t *testing.T) {
	require.Equal(t, 1<<20, selfCheckEvents)
	s := midRun(t)
	require.Equal(t, int64(selfCheckEvents), s.selfCheckEvery)
	require.Equal(t, min(s.maxEvents, (s.events/selfCheckEvents+1)*selfCheckEvents), s.eventMark,
		"the next self-check is due at the next multiple of the interval")
}
