package view

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// No flight covers words at any tick of its way, at the desktop's and a
// phone's size: llm-router's frame at 300 ms, where threads fly between
// the carriers' slots and the threads' counts (a token over "1,393
// parked" hid a digit). And once the flights have ended the side says it
// is still (the shot tool waits for that).
func TestFlightsNeverCoverWords(t *testing.T) {
	for _, size := range [][3]float32{{1134, 464, 1}, {phoneCanvas[0], phoneCanvas[1], phoneCanvas[2]}} {
		in, _ := runScene(t, sceneCase{"llm-router", "virtual", 290 * sim.Millisecond})
		sc, err := scenario.Get("llm-router")
		require.NoError(t, err)
		sm, _, err := sc.NewSim("virtual", nil, 1)
		require.NoError(t, err)
		sm.Advance(sim.Time(290*sim.Millisecond), 1<<30)
		sm.Record(1 << 14)
		side := NewSide()
		var ev []sim.Event
		flights, started := 0, 0
		// Ten ticks a simulated millisecond to 300 ms, then the ticks
		// that let the last flights land.
		for tick := 0; tick < 100+2*flightTicks; tick++ {
			if tick < 100 {
				sm.Advance(sim.Time(290*sim.Millisecond+sim.Duration(tick+1)*100*sim.Microsecond), 1<<30)
			}
			ev, _ = sm.DrainEvents(ev[:0])
			sm.Fill(in.Snap)
			side.Tick(in.Snap, ev, true)
			started = max(started, side.Flights())
			var l List
			Build(&l, size[0], size[1], &Header{Scenario: "llm-router"}, []*Side{side}, []SideInput{in}, &Options{Scale: size[2]})
			words := l.textBoxes(nil)
			for i := l.motionFrom; i < l.motionTo; i++ {
				it := &l.Items[i]
				if it.Kind == KindText || it.Color.A == 0 {
					continue
				}
				flights++
				if it.Kind == KindLine {
					// A line's box is wider than the line: test points on it.
					for f := float32(0); f <= 1; f += 0.05 {
						x, y := it.X+(it.X2-it.X)*f, it.Y+(it.Y2-it.Y)*f
						if !assert.False(t, overlapsAny(Rect{X: x - 0.5, Y: y - 0.5, W: 1, H: 1}, words),
							"%v tick %d: a trail crosses words at (%.0f, %.0f)", size, tick, x, y) {
							return
						}
					}
					continue
				}
				if !assert.False(t, overlapsAny(it.Bounds(), words), "%v tick %d: a motion mark at %+v covers words", size, tick, it.Bounds()) {
					return
				}
			}
		}
		assert.Positive(t, started, "%v: threads fly", size)
		assert.Positive(t, flights, "%v: some motion is drawn", size)
		assert.False(t, side.Animating(), "%v: the flights end", size)
	}
}
