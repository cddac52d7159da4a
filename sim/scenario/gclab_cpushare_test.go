package scenario

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gcLabRun runs gc-lab with the knobs set and returns its metrics.
func gcLabRun(t *testing.T, set map[string]string) sim.Metrics {
	t.Helper()
	sc, err := Get("gc-lab")
	require.NoError(t, err)
	sm, _, err := sc.NewSim("pooled", set, 1)
	require.NoError(t, err)
	for !sm.Advance(sim.Never, 1<<18) {
	}
	return sm.Metrics()
}

// meanPause is a run's mean stop-the-world pause.
func meanPause(m sim.Metrics) float64 {
	return float64(m.GCPauseTotal) / float64(max(m.GCPauses, 1))
}

// The JVM's share of a shared machine stretches its work: with half of
// each core's time, the same requests take longer to serve, and every GC
// pause, priced as the GC threads' CPU work, takes about twice as long.
func TestCPUShareStretchesPausesAndWork(t *testing.T) {
	set := map[string]string{"gc": "parallel", "heap_mb": "128", "threads": "1000", "state": "pooled",
		"requests": "40000", "cores": "2", "jdk": "17"}
	whole := gcLabRun(t, set)
	set["cpu_share"] = "0.5"
	half := gcLabRun(t, set)
	require.NotZero(t, whole.GCPauses)
	require.NotZero(t, half.GCPauses)
	assert.Greater(t, meanPause(half), 1.8*meanPause(whole), "pauses take about twice as long")
	assert.Less(t, meanPause(half), 2.5*meanPause(whole), "and not much more: the GC's work is about the same")
	assert.Less(t, half.ThroughputRPS, 0.7*whole.ThroughputRPS, "the application's CPU work is slower too")
	t.Logf("mean pause %.2f ms → %.2f ms; throughput %.0f → %.0f req/s", meanPause(whole)/1e6, meanPause(half)/1e6, whole.ThroughputRPS, half.ThroughputRPS)
}

// G1's marking thread gets the JVM's share of its core: on a machine
// whose other work takes 40 % of each core, markings of a tight G1 heap
// (48 MB, 300 pooled threads, cpu_us 50: CPU to spare at the whole
// machine) take longer, but by less than 1/0.6: the marking thread's part
// of a core is counted moment by moment (sim/gc_g1_mark.go), and between
// the crowds of threads woken at each pause's end it has a core of its
// own, as the twin's marking did on JDK 17 (its "Concurrent Mark From
// Roots" median went from 43 ms at a CPU share of 0.70 to 52 ms at 0.32).
// The slower marking still ends before the old gen fills. Since G1's
// pauses price first touches apart (copying into touched pages is cheaper,
// FirstTouchRate), fewer threads wait in each crowd and the slowdown is
// small: 37.6 ms → 39.9 ms (×1.06; it was ×1.2 with one copy rate, the
// twin's ×1.21), so the test asks only that it is there.
func TestCPUShareSlowsG1Marking(t *testing.T) {
	set := map[string]string{"gc": "g1", "heap_mb": "48", "threads": "300", "state": "pooled", "duration_s": "4",
		"cores": "2", "jdk": "17", "cpu_us": "50"}
	whole := gcLabRun(t, set)
	set["cpu_share"] = "0.6"
	loaded := gcLabRun(t, set)
	require.NotZero(t, whole.G1Marks)
	require.NotZero(t, loaded.G1Marks)
	wholeMark := float64(whole.G1MarkTime) / float64(whole.G1Marks)
	loadedMark := float64(loaded.G1MarkTime) / float64(loaded.G1Marks)
	assert.Greater(t, loadedMark, 1.02*wholeMark, "markings take longer with 60 % of each core")
	assert.Less(t, loadedMark, wholeMark/0.6, "but by less than the share: between crowds the marking thread has a core")
	assert.Zero(t, whole.FullGCs, "the whole machine: marking ends in time")
	assert.Zero(t, loaded.FullGCs, "60 % of each core: marking still ends in time")
	t.Logf("markings %.1f ms → %.1f ms; Full GCs %d → %d after %d failed evacuations", wholeMark/1e6, loadedMark/1e6, whole.FullGCs, loaded.FullGCs, loaded.EvacuationFailures)
}
