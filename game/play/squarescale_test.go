package play

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// The page's frame of vt-pooling's pooled run during a GC at 292 ms: 6,577
// virtual threads wait for a carrier and 3,415 are parked, both drawn in
// squares. They are drawn at one scale: the row once drew 16 squares "and
// 6,561 more (1 square = 1 thread)" over a grid at 20 threads a square,
// so the parked block looked the larger group.
func TestLargeGroupsShareOneSquareScale(t *testing.T) {
	p := pausedAt(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, sim.Time(296*sim.Millisecond))
	snap, parked := p.Inputs(nil)[0].Snap, p.State().Parked
	require.Greater(t, snap.RunQueueLen, 1000, "the premise: many threads waiting")
	require.Greater(t, parked, 1000, "the premise: many threads parked")
	txt := frameText(desktopFrame(p))
	scales := map[string]bool{}
	for _, m := range regexp.MustCompile(`1 square = ([0-9,]+) threads?`).FindAllStringSubmatch(txt, -1) {
		scales[m[1]] = true
	}
	assert.Len(t, scales, 1, "one square scale for %d waiting and %d parked threads: %v\n%s", snap.RunQueueLen, parked, scales, txt)
}
