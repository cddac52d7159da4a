package view

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/sim"
)

// On one line, the compared run's share goes beside the shown run's only
// where the bar after the words keeps a readable width: squeezed to 40
// pixels beside "(a virtual thread per request: 19 %)", 28 % of it looked
// tiny to a newcomer. A shorter name is tried, then none.
func TestGCShareLineKeepsItsBar(t *testing.T) {
	snap := &sim.Snapshot{Time: sim.Time(sim.Second), GCPauseTotal: 280 * sim.Millisecond}
	other := []string{"a virtual thread per request: 19 %", "the other run: 19 %"}
	for _, c := range []struct {
		w    float32
		want string
	}{
		{900, "stopped for GC: 28 % of the time (a virtual thread per request: 19 %)"},
		{600, "stopped for GC: 28 % (a virtual thread per request: 19 %)"},
		{520, "stopped for GC: 28 % (the other run: 19 %)"},
		{340, "stopped for GC: 28 % of the time"},
	} {
		var l List
		r := Rect{X: 10, Y: 10, W: c.w, H: CharH}
		drawGCShare(&l, r, snap, heapSeg{}, "", other, &OkabeIto, 1)
		var label string
		var textEnd float32
		for _, it := range l.Items {
			if it.Kind == KindText && strings.HasPrefix(it.Text, "stopped for GC") {
				label, textEnd = it.Text, it.X+TextWidth(it.Text, 1)
			}
		}
		assert.Equal(t, c.want, label, "width %v", c.w)
		assert.GreaterOrEqual(t, r.Right()-textEnd, float32(40), "width %v: the bar's room", c.w)
		if strings.Contains(label, "(") {
			assert.GreaterOrEqual(t, r.Right()-textEnd, float32(120), "width %v: the bar beside the compared share", c.w)
			assert.True(t, l.ContrastDrawn(), "width %v: the compared share is a mark of that run", c.w)
		}
	}
}
