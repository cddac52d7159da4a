package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// No frame cuts an entry off its legend: Build reserves the legend's room
// from the meanings the sides draw and draws again until what is drawn
// has room (view.go buildSettled). A colour with no key is a mark nobody
// can read. Every story, at its first screen and three moments, on
// embeds from 300 to 700 pixels wide and 300 to 700 high, where the
// legend takes the most lines. (With the passes cut to one, 142 of these
// frames cut entries.)
func TestLegendNeverCutsAnEntry(t *testing.T) {
	specs := []string{`{"scenario":"vt-pooling","seed":1}`, `{"scenario":"gc-lab","case":"pooled","seed":1}`, `{"scenario":"llm-router","seed":1}`,
		`{"scenario":"loom-carrier","seed":1}`, `{"scenario":"vt-basics","seed":1}`, `{"scenario":"request-load","seed":1}`}
	frames := 0
	for _, spec := range specs {
		for _, at := range []sim.Duration{0, 20 * sim.Millisecond, 200 * sim.Millisecond, 2 * sim.Second} {
			var p *Playground
			if at == 0 {
				p = New()
				mustLoad(t, p, spec)
				require.NoError(t, p.Open(true, false))
				ticksUntilOpened(t, p)
			} else {
				p = pausedAt(t, spec, sim.Time(at))
				p.SyncContrast(1 << 30)
			}
			for w := float32(300); w <= 700; w += 20 {
				for _, h := range []float32{300, 400, 500, 700} {
					var l view.List
					hdr := p.Header()
					view.Build(&l, w, h, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
					frames++
					assert.Zero(t, l.LegendCut(), "%s at %v, %v × %v: legend entries cut", spec, at, w, h)
				}
			}
		}
	}
	require.Equal(t, 6*4*21*4, frames)
}
