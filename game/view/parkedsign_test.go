package view

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// hourglasses counts the parked signs drawn inside r: groups of at least
// six virtual-thread marks stacked on one centre line whose widest rows
// are the caps (top and bottom) and whose narrowest, under half the
// caps' width, is about the middle. Two bars side by side (a media
// player's "pause") are not one.
func hourglasses(items []Item, r Rect) int {
	groups := map[int][]Item{}
	for _, it := range items {
		if it.Kind != KindRect || it.Meaning != MeanVirtual || !r.Contains(it.Bounds()) {
			continue
		}
		k := int(math.Round(float64(2 * (it.X + it.W/2))))
		groups[k] = append(groups[k], it)
	}
	n := 0
	for _, g := range groups {
		if len(g) < 6 {
			continue
		}
		slices.SortFunc(g, func(a, b Item) int { return int(math.Copysign(1, float64(a.Y-b.Y))) })
		first, last := g[0], g[len(g)-1]
		narrow := slices.MinFunc(g, func(a, b Item) int { return int(math.Copysign(1, float64(a.W-b.W))) })
		top, bottom := first.Y, last.Y+last.H
		mid := narrow.Y + narrow.H/2
		if first.W == last.W && first.W >= slices.MaxFunc(g, func(a, b Item) int { return int(math.Copysign(1, float64(a.W-b.W))) }).W &&
			narrow.W < first.W/2 && mid > top+(bottom-top)*0.35 && mid < top+(bottom-top)*0.65 {
			n++
		}
	}
	return n
}

// The sign is an hourglass, not a pause sign: its caps and its neck.
func TestParkedSignIsAnHourglass(t *testing.T) {
	for _, sc := range []float32{1, 2} {
		var l List
		l.Reset(100, 100)
		h := parkedSign(CharH*sc, sc)
		drawParkedSign(&l, 10, 10, h, &OkabeIto)
		assert.Equal(t, 1, hourglasses(l.Items, Rect{W: 100, H: 100}), "scale %v", sc)
		for _, it := range l.Items {
			assert.False(t, it.H > 2*it.W, "no bar: two bars read as a player's pause control (scale %v)", sc)
		}
	}
}
