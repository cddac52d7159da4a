package scenario

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
)

// run_queue random lets the threads drift apart, and that changes what a
// young GC finds: with a thousand pooled workers at Parallel 100 MB
// (NewRatio 8) on the share of the CPUs the twin had at the 00:06 sweep,
// threads served in turn each make a request about every one and a half
// young GCs, so about half their buffers live through two collections and
// are promoted; served at random, fewer do, and the old gen fills more
// slowly (21 Full GCs in order, 15 at random for these requests; the JVM
// had 3). The default stays in order, every scenario's machine.
func TestGCLabRandomRunQueueSpreadsTheThreads(t *testing.T) {
	run := func(queue string) (sim.Config, sim.Metrics) {
		set := map[string]string{"gc": "parallel", "heap_mb": "100", "new_ratio": "8", "threads": "1000",
			"requests": "64631", "cpu_share": "0.287", "wake_us": "4470"}
		if queue != "" {
			set["run_queue"] = queue
		}
		sm := gcLabSim(t, set)
		return *sm.Config(), sm.Metrics()
	}
	def, inOrder := run("")
	assert.False(t, def.Machine.RandomRunQueue, "in order by default")
	cfg, random := run("random")
	assert.True(t, cfg.Machine.RandomRunQueue)
	assert.Equal(t, inOrder.RequestsCompleted, random.RequestsCompleted)
	assert.LessOrEqual(t, random.FullGCs*10, inOrder.FullGCs*8, "at random at least a fifth fewer Full GCs")
}
