package scenario

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The heap's sizing knobs are JVM flags, and every collector follows them:
// a larger NewRatio leaves a smaller young generation, so more young GCs
// for the same work, and a larger heap fewer; a larger SurvivorRatio gives
// Serial's and Parallel's eden more of young, so fewer young GCs (G1 counts
// survivor regions inside its young length, so there the ratio only caps
// the survivors). A knob a collector ignores leaves its count unchanged:
// G1 ignored -XX:NewRatio until 7 December 2026, where a JDK 17 run with
// the flag had 6.7 times the model's young GCs (docs/model.md, "G1's young
// generation").
func TestHeapSizingKnobsMoveEveryCollectorsYoungGCs(t *testing.T) {
	sc, err := Get("gc-lab")
	require.NoError(t, err)
	young := func(c, gc, knob, value string) int64 {
		sm, _, err := sc.NewSim(c, map[string]string{"gc": gc, knob: value, "duration_s": "3"}, 1)
		require.NoError(t, err)
		sm.RunToEnd()
		return sm.Metrics().YoungGCs
	}
	for _, c := range []string{"pooled", "fresh"} {
		for _, gc := range []string{"serial", "parallel", "g1"} {
			t.Run(fmt.Sprintf("%s/%s", c, gc), func(t *testing.T) {
				assert.Greater(t, young(c, gc, "new_ratio", "8"), young(c, gc, "new_ratio", "2"), "NewRatio 8 against 2")
				assert.Greater(t, young(c, gc, "heap_mb", "128"), young(c, gc, "heap_mb", "512"), "128 MB against 512 MB")
				if gc != "g1" {
					assert.Greater(t, young(c, gc, "survivor_ratio", "2"), young(c, gc, "survivor_ratio", "32"), "SurvivorRatio 2 against 32")
				}
			})
		}
	}
}
