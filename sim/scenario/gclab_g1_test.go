package scenario

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// g1Run runs gc-lab on G1 with a 48 MB heap and 300 pooled threads (about
// 21 MB of caches live), with cpuUS of CPU work per request on 2 cores, and
// returns its metrics. (The twin's tightest G1 point, 64 MB and 500
// threads, has Full GCs at any CPU work since gc-lab's copy rate was
// fitted to the JVM's: its pauses take half the time, and the crowd of
// threads woken at each one's end has not drained when the next begins.)
func g1Run(t *testing.T, cpuUS string) sim.Metrics {
	t.Helper()
	sc, err := Get("gc-lab")
	require.NoError(t, err)
	set := map[string]string{"gc": "g1", "heap_mb": "48", "threads": "300", "state": "pooled", "duration_s": "4",
		"cores": "2", "jdk": "17", "cpu_us": cpuUS}
	sm, _, err := sc.NewSim("pooled", set, 1)
	require.NoError(t, err)
	for !sm.Advance(sim.Never, 1<<18) {
	}
	return sm.Metrics()
}

// G1's concurrent marking competes for the CPUs: with CPU to spare its one
// marking thread has a core and finishes before the old gen fills; when
// the application keeps both cores busy the thread gets a fair share of
// them, marking takes long enough for promoted buffers to use the old
// gen's free regions, evacuations fail, and Full GCs follow (the pattern of
// the twin's JDK 17 log on a loaded machine). With the marking thread
// given a whole core regardless, the busy run has no Full GC either, so the
// CPU share is what this test sees.
func TestG1MarkingSharesTheCPUs(t *testing.T) {
	idle := g1Run(t, "50")
	assert.Zero(t, idle.FullGCs, "CPU to spare: marking ends in time")
	assert.Zero(t, idle.EvacuationFailures)
	require.NotZero(t, idle.G1Marks)

	busy := g1Run(t, "200")
	require.NotZero(t, busy.FullGCs, "both cores busy: marking is too slow")
	assert.Equal(t, busy.FullGCs, busy.FullGCsByCause[sim.CauseNoRoom.String()],
		"every Full GC is for an allocation that found no free region")
	assert.GreaterOrEqual(t, busy.EvacuationFailures, busy.FullGCs, "each Full GC comes after a failed evacuation")
	assert.InDelta(t, 24.3, busy.OldLiveAfterFull.MiB(), 1.5, "the caches and the live buffers: 300 × 74,384 bytes and the JVM's 3 MB")
	require.NotZero(t, busy.G1Marks)
	idleMark := float64(idle.G1MarkTime) / float64(idle.G1Marks)
	busyMark := float64(busy.G1MarkTime) / float64(busy.G1Marks)
	assert.Greater(t, busyMark, 2*idleMark, "markings take longer on busy cores")
	t.Logf("markings: %.1f ms with CPU to spare, %.1f ms on busy cores; %d Full GCs after %d failed evacuations", idleMark/1e6, busyMark/1e6, busy.FullGCs, busy.EvacuationFailures)
}
