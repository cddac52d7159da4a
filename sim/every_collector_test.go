package sim_test

import (
	"fmt"
	"runtime"
	"strconv"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/stretchr/testify/require"
)

// The page's worker checks the invariants every 2^20 events and refuses a
// run that breaks one (selfcheck.go), and the spaces' bounds are among them
// (each space within its capacity, G1's regions within the committed heap:
// checkCapacity). So every case of every scenario runs under each collector
// its gc knob offers, at its own heap size and at the smallest, a mid-sized
// and a large one, for up to 1 M events (a few virtual seconds), checked
// every 2^14. The runs start as the page's do, not shortened: the heap's
// sizing needs its real live set. loom-carrier at its own size is the run
// where G1's committed heap starts below -Xmx and grows.
//
// A heap too small for the case's live set ends in an OutOfMemoryError,
// which is a valid outcome: the spaces' bounds are not checked after it.
//
// Native only (~15 s): the wasm builds run the same model code.
func TestInvariantsHoldUnderEveryCollectorAndHeapSize(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("native only: minutes under node, and the model code is the same")
	}
	const events, checkEvery = 1_000_000, 1 << 14
	for _, sc := range scenario.All() {
		var gcs []string
		heaps := []string{""} // the case's own
		for _, k := range sc.Knobs {
			switch k.Name {
			case "gc":
				gcs = k.Options
			case "heap_mb":
				heaps = append(heaps, strconv.Itoa(max(int(k.Min), 16)), "200", "3000")
			}
		}
		if gcs == nil {
			continue
		}
		for _, c := range sc.Cases {
			for _, gc := range gcs {
				for _, heap := range heaps {
					set := map[string]string{"gc": gc}
					if heap != "" {
						set["heap_mb"] = heap
					}
					t.Run(fmt.Sprintf("%s/%s/%s/heap_mb=%s", sc.ID, c.ID, gc, heap), func(t *testing.T) {
						sm, _, err := sc.NewSim(c.ID, set, 3)
						require.NoError(t, err)
						requireInvariantsUpTo(t, sm, events, checkEvery)
					})
				}
			}
		}
	}
}
