package view

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// Each run of the pair draws its eden, what a young GC collects, as a bar
// over its old gen at the old gen's scale, tall enough to be seen (not a
// sliver), and emptying while the young GC runs: readers were told "a
// young GC began" with no mark of it in the picture.
func TestPairDrawsEachRunsEdenEmptying(t *testing.T) {
	// The judged frame's pause: 2.342 s to 2.354 s in the pooled run.
	var was []float32
	for _, at := range []sim.Duration{2343 * sim.Millisecond, 2347 * sim.Millisecond, 2351 * sim.Millisecond} {
		l, in := pairFrame(t, at)
		require.True(t, in.Snap.Paused && !in.Snap.PauseFull, "at %v the pooled run is in a young GC", at)
		var edens, olds []Rect
		for _, r := range l.Regions() {
			switch r.Name {
			case "eden":
				edens = append(edens, r.R)
			case "old generation":
				olds = append(olds, r.R)
			}
		}
		require.Len(t, edens, 2, "each run its eden")
		require.Len(t, olds, 2)
		inside := func(m Meaning, in Rect) []Rect {
			var rs []Rect
			for _, it := range l.Items {
				if b := it.Bounds(); it.Kind == KindRect && it.Meaning == m && in.Contains(b) {
					rs = append(rs, b)
				}
			}
			return rs
		}
		var now []float32
		for i, e := range edens {
			free, oldFree := inside(MeanFree, e), inside(MeanFree, olds[i])
			require.Len(t, free, 1, "eden %d: one bar", i)
			require.Len(t, oldFree, 1)
			h := &in.Snap.Heap
			require.InDelta(t, float64(h.EdenCap)/float64(h.OldCap), float64(free[0].W)/float64(oldFree[0].W), 0.01, "eden %d at its old gen's scale", i)
			require.GreaterOrEqual(t, free[0].H, float32(CharH)/2, "eden %d is a bar, not a sliver", i)
			var g float32
			for _, r := range inside(MeanGarbage, e) {
				g += r.W
			}
			now = append(now, g/free[0].W)
		}
		require.Greater(t, now[0], float32(0.2), "at %v the pooled run's eden still holds garbage", at)
		if was != nil {
			require.Less(t, now[0], was[0], "at %v the young GC has emptied more of eden", at)
		}
		was = now
	}
}
