package scenario

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
)

// wake_us is how long a woken thread waits before it can run: the machine's
// WakeLatency, a measured input for `loomsim jvm` as cpu_share is. Its
// default is the wake-up's own cost the other scenarios use; each request
// of gc-lab wakes its thread at least once (after the backend sleep), so a
// 5 ms wait makes each request at least that much longer.
func TestGCLabWakeUSIsTheWakeLatency(t *testing.T) {
	run := func(wake string) (sim.Config, sim.Metrics) {
		set := map[string]string{"threads": "20", "duration_s": "1", "heap_mb": "64"}
		if wake != "" {
			set["wake_us"] = wake
		}
		sm := gcLabSim(t, set)
		return *sm.Config(), sm.Metrics()
	}
	def, quick := run("")
	assert.Equal(t, machine(2).WakeLatency, def.Machine.WakeLatency, "the default is a wake-up's own cost")
	slow, waited := run("5000")
	assert.Equal(t, 5*sim.Millisecond, slow.Machine.WakeLatency)
	// 30 ms of sleep and 50 µs of work: about 33 requests a second per
	// thread; at most 1000/35 with a wait of 5 ms or more per request.
	assert.InDelta(t, 33*20, quick.RequestsCompleted, 30)
	assert.LessOrEqual(t, waited.RequestsCompleted, int64(20*1000/35))
	assert.Greater(t, waited.RequestsCompleted, int64(20*1000/45), "a few wake-ups a request, not more")
}
