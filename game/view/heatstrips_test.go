package view

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// The strips under idle lanes (recent mounts) are drawn only where the
// title says what they are: in a blog's embed, blue dashes in lanes said
// to be "all idle" were read as threads still on the carriers.
func TestIdleLanesStripsOnlyWhereSaid(t *testing.T) {
	in, side := runScene(t, sceneCase{"request-load", "virtual-per-request", 17 * sim.Millisecond})
	require.True(t, allCarriersIdle(in.Snap), "the premise: every carrier idle")
	require.True(t, side.Fading(), "the premise: recent mounts")
	strips := func(w, h float32) (int, string) {
		var l List
		Build(&l, w, h, &Header{Running: true}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
		n := 0
		for _, it := range l.Items {
			if it.Kind == KindRect && it.Meaning == MeanVirtual && it.H <= 2 && it.Color.A < 255 {
				n++
			}
		}
		return n, texts(&l)
	}
	n, txt := strips(1134, 638)
	require.Contains(t, txt, "(underline: busy a moment ago)", "the premise: said at the page's size")
	assert.Positive(t, n, "strips drawn where they are said")
	n, txt = strips(543, 290)
	require.True(t, strings.Contains(txt, "all idle"), "the premise: the embed's title says all idle:\n%s", txt)
	assert.NotContains(t, txt, "underline")
	assert.Zero(t, n, "no strips where nothing says what they are")
}
