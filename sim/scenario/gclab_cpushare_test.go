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
	return gcLabSim(t, set).Metrics()
}

// gcLabSim runs gc-lab's pooled case with the knobs set (seed 1) to its
// end: the knob tests read the config the knobs made beside the metrics.
func gcLabSim(t *testing.T, set map[string]string) *sim.Sim {
	t.Helper()
	sc, err := Get("gc-lab")
	require.NoError(t, err)
	sm, _, err := sc.NewSim("pooled", set, 1)
	require.NoError(t, err)
	for !sm.Advance(sim.Never, 1<<18) {
	}
	return sm
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
	// 1,000 threads keep both cores busy at either share, and every request's CPU (its
	// spin too, TestCPUWorkSpinUsesItsClockLengthOfCPU, and its wake-up) takes twice as
	// long: the application serves about half the requests per second.
	assert.Less(t, half.ThroughputRPS, 0.55*whole.ThroughputRPS, "the application is slower by about the share")
	assert.Greater(t, half.ThroughputRPS, 0.45*whole.ThroughputRPS, "and not much more")
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
// The slower marking still ends before the old gen fills: 36.8 ms → 39.4
// ms (×1.07). At 40 % of each core the 300 threads' requests (the 50 µs
// spin and the 32 µs of a wake-up, about 0.8 of a core) would leave the
// marking thread no CPU to spare, so the test loads 60 %.
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
	assert.Greater(t, loadedMark, 1.02*wholeMark, "markings take longer with 40 % of each core")
	assert.Less(t, loadedMark, wholeMark/0.4, "but by less than the share: between crowds the marking thread has a core")
	assert.Zero(t, whole.FullGCs, "the whole machine: marking ends in time")
	assert.Zero(t, loaded.FullGCs, "40 % of each core: marking still ends in time")
	t.Logf("markings %.1f ms → %.1f ms; Full GCs %d → %d after %d failed evacuations", wholeMark/1e6, loadedMark/1e6, whole.FullGCs, loaded.FullGCs, loaded.EvacuationFailures)
}

// The twin's CPU work spins until System.nanoTime passes a deadline
// (jvm/GcLab.java, cpuWork), and an OS thread on a core runs at the core's
// full speed: a spin that is not cut short uses its whole clock length of
// CPU, and on a shared machine the JVM's share is how long its threads wait
// for a core. Measured on the JDK 17 twin (Parallel 256 MB, 1,000 fresh
// threads, 2 December 2026 02:26 UTC, CPU share 0.61 and 0.65): its workers
// used 50.7 µs of CPU per request with cpu_us=0 and 105.6 µs with cpu_us=50,
// so the 50 µs spin cost 55 µs, not the share of it (32 µs). So at half of
// each core a 1 ms spin uses 1 ms of CPU per request, as at the whole
// machine, and a thread doing nothing else serves half the requests.
func TestCPUWorkSpinUsesItsClockLengthOfCPU(t *testing.T) {
	set := map[string]string{"gc": "parallel", "heap_mb": "64", "threads": "1", "state": "fresh", "requests": "200",
		"cores": "2", "jdk": "17", "cpu_us": "1000", "backend_ms": "0", "garbage_kb": "0", "data_kb": "0",
		"cache_step_kb": "0", "sticky_kb": "0"}
	cpuPerRequest := func(m sim.Metrics) float64 {
		return m.CPUUtilization * 2 * float64(m.SimTime) / float64(m.RequestsAll) / float64(sim.Microsecond)
	}
	whole := gcLabRun(t, set)
	set["cpu_share"] = "0.5"
	half := gcLabRun(t, set)
	require.NotZero(t, whole.ThroughputRPS)
	assert.Greater(t, whole.ThroughputRPS, 900.0, "one thread spinning 1 ms per request")
	assert.InDelta(t, whole.ThroughputRPS/2, half.ThroughputRPS, 0.03*whole.ThroughputRPS,
		"at half of each core the thread waits as long as it spins")
	assert.InDelta(t, 1000, cpuPerRequest(whole), 40, "the spin's CPU at the whole machine")
	assert.InDelta(t, cpuPerRequest(whole), cpuPerRequest(half), 5, "and the same at half of each core")
}
