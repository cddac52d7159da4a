package view

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/sim"
)

// On one line, the compared run's share goes beside the shown run's only
// where the bar keeps a readable width: squeezed to 40 pixels beside "(a
// virtual thread per request: 19 %)", 28 % of it looked tiny to a
// newcomer. A shorter name is tried, then none. Its words come after this
// run's bar, not between this run's share and its bar (where a reader
// took the bar for the other run's).
func TestGCShareLineKeepsItsBar(t *testing.T) {
	snap := &sim.Snapshot{Time: sim.Time(sim.Second), GCPauseTotal: 280 * sim.Millisecond}
	other := []string{"a virtual thread per request: 19 %", "the other run: 19 %"}
	for _, c := range []struct {
		w           float32
		label, tail string
	}{
		{900, "stopped for GC: 28 % of the time", "(a virtual thread per request: 19 %)"},
		{600, "stopped for GC: 28 %", "(a virtual thread per request: 19 %)"},
		{520, "stopped for GC: 28 %", "(the other run: 19 %)"},
		{340, "stopped for GC: 28 % of the time", ""},
	} {
		var l List
		r := Rect{X: 10, Y: 10, W: c.w, H: CharH}
		drawGCShare(&l, r, snap, heapSeg{}, "", other, &OkabeIto, 1)
		var label, tail string
		var labelEnd, tailStart float32
		tailStart = r.Right()
		for _, it := range l.Items {
			switch {
			case it.Kind == KindText && strings.HasPrefix(it.Text, "stopped for GC"):
				label, labelEnd = it.Text, it.X+TextWidth(it.Text, 1)
			case it.Kind == KindText && strings.HasPrefix(it.Text, "("):
				tail, tailStart = it.Text, it.X
			}
		}
		assert.Equal(t, c.label, label, "width %v", c.w)
		assert.Equal(t, c.tail, tail, "width %v", c.w)
		assert.GreaterOrEqual(t, tailStart-labelEnd, float32(40), "width %v: the bar's room", c.w)
		if tail != "" {
			assert.GreaterOrEqual(t, tailStart-labelEnd, float32(120), "width %v: the bar beside the compared share", c.w)
			assert.True(t, l.ContrastDrawn(), "width %v: the compared share is a mark of that run", c.w)
			// This run's bar between its share and the other run's words.
			bars := 0
			for _, it := range l.Items {
				if b := it.Bounds(); it.Kind == KindRect && b.X >= labelEnd && b.Right() <= tailStart+0.01 && b.W >= 100 {
					bars++
				}
			}
			assert.Positive(t, bars, "width %v: this run's bar after its share, before the other run's words", c.w)
		}
	}
}

// On two lines, a share with no Full GC to count says the pauses' sum
// beside it: a reader of the lab did not link "7 %" to the caption's
// 10.6 ms pause.
func TestGCShareSaysThePausesSum(t *testing.T) {
	snap := &sim.Snapshot{Time: sim.Time(142 * sim.Millisecond), GCPauseTotal: 10600 * sim.Microsecond}
	var l List
	drawGCShare(&l, Rect{X: 10, Y: 10, W: 500, H: 2 * CharH}, snap, heapSeg{}, "", nil, &OkabeIto, 1)
	var words []string
	for _, it := range l.Items {
		if it.Kind == KindText && strings.HasPrefix(it.Text, "stopped for GC") {
			words = append(words, it.Text)
		}
	}
	assert.Equal(t, []string{"stopped for GC: 10.6 ms, 7 % of the run"}, words)
}
