package scenario

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The twin's workers loop on their own requests (jvm/GcLab.java, work):
// nothing hands a worker its next request, so it blocks and is woken once
// per request, after the backend sleep. One worker with no CPU work and a
// 5 ms wait per wake-up then takes 30 + 5 ms a request (28.6 a second); a
// worker woken again to take each request from a queue would take 40 ms
// (25 a second).
func TestGCLabWorkerLoopsWithoutAHandOff(t *testing.T) {
	m := gcLabRun(t, map[string]string{"threads": "1", "duration_s": "10", "heap_mb": "64", "cpu_us": "0",
		"wake_us": "5000", "garbage_kb": "0", "data_kb": "0", "cache_step_kb": "0", "sticky_kb": "0"})
	assert.InDelta(t, 1000.0/35, m.ThroughputRPS, 0.3, "one wake-up per request")
}

// Each time a worker gets a core again it spends gc-lab's WakeCPU, the
// twin's measured CPU per wake-up (32 µs), beside its Java work: one
// thread spinning 50 µs between 30 ms sleeps uses about 82 µs of CPU per
// request, not the 53 µs of the articles' 3 µs context switch.
func TestGCLabChargesTheCPUOfAWakeUp(t *testing.T) {
	m := gcLabRun(t, map[string]string{"threads": "1", "duration_s": "5", "heap_mb": "64", "cpu_us": "50",
		"garbage_kb": "0", "data_kb": "0", "cache_step_kb": "0", "sticky_kb": "0"})
	perRequest := m.CPUUtilization * 2 * float64(m.SimTime) / float64(m.RequestsAll) / float64(sim.Microsecond)
	assert.InDelta(t, 50+float64(gcLabProfile.WakeCPU/sim.Microsecond), perRequest, 1.5, "the spin and one wake-up")
	assert.InDelta(t, 82, perRequest, 1.5)
}

// A looping load is the server's own thread: a network delay, think time or
// connection setup between its requests would have no thread to wait in, so
// such a configuration is refused with a message naming what is wrong.
func TestALoopingLoadRefusesADelayBetweenRequests(t *testing.T) {
	sc, err := Get("gc-lab")
	require.NoError(t, err)
	v, err := sc.Resolve("pooled", nil)
	require.NoError(t, err)
	cfg, err := sc.Config(v)
	require.NoError(t, err)
	require.True(t, cfg.Loads[0].Loop)
	require.NoError(t, cfg.Validate())
	cfg.Loads[0].NetDelay = sim.Millisecond
	err = cfg.Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "a looping load has no connection setup, network delay or think time")
}
