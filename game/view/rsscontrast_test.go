package view

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// loom-carrier's frame with the event loops' platform-thread run beside it draws
// both runs' resident memory as two bars to one scale, every mark in the
// legend, at every size and palette it has room in; without the memory
// story's flag, or without a compared run, none of it.
func TestMemoryOfBothRunsToOneScale(t *testing.T) {
	in, side := runScene(t, sceneCase{"loom-carrier", "unlimited-vthreads", 2 * sim.Millisecond})
	withContrast(t, &in, "loom-carrier", "unlimited-platform", "event loops on platform threads")
	require.Less(t, in.Snap.RSS, in.Contrast.Snap.RSS, "the premise: the loops' own OS threads cost the other run more")
	build := func(in SideInput, w, h, sc float32, p *Palette) *List {
		var l List
		Build(&l, w, h, &Header{Scenario: "loom-carrier", Time: in.Snap.Time}, []*Side{side}, []SideInput{in}, &Options{Palette: p, Scale: sc})
		return &l
	}
	off := build(in, 1134, 464, 1, &OkabeIto)
	assert.NotContains(t, texts(off), "both runs", "not without the memory story's flag")
	in.MemoryContrast = true
	drawn := 0
	for _, sz := range append([][3]float32{{1134, 464, 1}}, sceneSizes...) {
		for _, p := range Palettes {
			l := build(in, sz[0], sz[1], sz[2], p)
			name := fmt.Sprintf("%gx%g@%g %s", sz[0], sz[1], sz[2], p.Name)
			checkGrammar(t, l, p, name)
			if l.ContrastDrawn() {
				drawn++
			}
		}
	}
	assert.Positive(t, drawn, "drawn at some size")
	judged := build(in, 1134, 464, 1, &OkabeIto)
	require.True(t, judged.ContrastDrawn(), "drawn in the judged desktop frame")
	txt := texts(judged)
	assert.Contains(t, txt, "\nresident memory of both runs now, to scale\n")
	assert.Regexp(t, `\n[0-9.]+ MB: this run, [0-9.]+ MB less \(its 8 carriers: [0-9.]+ MB\)\n`, txt, "the carriers' part named in words: its part of the bar is too narrow for them")
	assert.Regexp(t, `\n[0-9.]+ MB: event loops on platform threads(, separate run)?, (same load|same [0-9,]+ requests?)\n`, txt)
	// The bars' lengths are the runs' memory to one scale.
	var rows Rect
	for _, r := range judged.Regions() {
		if r.Name == comparedRegion+"'s resident memory, beside this run's" {
			rows = r.R
		}
	}
	require.False(t, rows.Empty(), "the region of both runs' bars")
	left, right := map[float32]float32{}, map[float32]float32{}
	for i := range judged.Items[:judged.legendFrom] {
		it := &judged.Items[i]
		if b := it.Bounds(); it.Kind == KindRect && it.H == compactBarH(1) && rows.Contains(b) {
			if l, ok := left[it.Y]; !ok || b.X < l {
				left[it.Y] = b.X
			}
			right[it.Y] = max(right[it.Y], b.Right())
		}
	}
	require.Len(t, left, 2, "two bars")
	var widths []float32
	ys := keys(left)
	slices.Sort(ys)
	for _, y := range ys {
		widths = append(widths, right[y]-left[y])
	}
	assert.InDelta(t, float64(in.Snap.RSS)/float64(in.Contrast.Snap.RSS), float64(widths[0]/widths[1]), 0.01,
		"this run's bar (%v px) against the other's (%v px)", widths[0], widths[1])
	without := in
	without.Contrast = nil
	assert.NotContains(t, texts(build(without, 1134, 464, 1, &OkabeIto)), "both runs")
}

func keys(m map[float32]float32) []float32 {
	var out []float32
	for k := range m {
		out = append(out, k)
	}
	return out
}
