package scenario

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/require"
)

// runGCLab runs gc-lab's pooled case with the knobs set to its end (seed
// 1) and returns its config and metrics: the knob tests compare a run
// with a knob against one without.
func runGCLab(t *testing.T, set map[string]string) (sim.Config, sim.Metrics) {
	t.Helper()
	sc, err := Get("gc-lab")
	require.NoError(t, err)
	v, err := sc.Resolve("pooled", set)
	require.NoError(t, err)
	cfg, err := sc.Config(v)
	require.NoError(t, err)
	sm, err := sim.New(cfg, 1)
	require.NoError(t, err)
	for !sm.Advance(sim.Never, 1<<18) {
	}
	return cfg, sm.Metrics()
}
