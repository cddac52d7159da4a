//go:build js

package game

import (
	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// Pick returns the thread drawn under the point (x, y) in CSS pixels of
// the canvas, from the picture on the screen (the follow card's click).
func (g *Game) Pick(x, y float64) (side int, id sim.ThreadID, ok bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.drawn {
		return 0, 0, false
	}
	s := float32(g.scale)
	h, ok := g.prev.HitTest(float32(x)*s, float32(y)*s, 6*s)
	return h.Side, h.Thread, ok
}

// ExplainAt returns the sentence saying what is drawn under the point
// (x, y) in CSS pixels of the canvas ("" over nothing explained), from the
// picture on the screen.
func (g *Game) ExplainAt(x, y float64) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.drawn {
		return ""
	}
	s := float32(g.scale)
	return g.prev.ExplainAt(float32(x)*s, float32(y)*s)
}

// Regions returns the picture's explained regions (panels and their parts)
// in CSS pixels: the text description and keyboard navigation use them.
func (g *Game) Regions() []view.Region {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.drawn {
		return nil
	}
	s := float32(g.scale)
	out := append([]view.Region(nil), g.prev.Regions()...)
	for i := range out {
		r := &out[i].R
		r.X, r.Y, r.W, r.H = r.X/s, r.Y/s, r.W/s, r.H/s
	}
	return out
}

// SetZoom makes everything in the picture z times larger (1 to 3): the
// presenter view's large text.
func (g *Game) SetZoom(z float64) {
	g.mu.Lock()
	g.zoom = max(1, min(z, 3))
	g.wake()
	g.mu.Unlock()
}

// layoutScale is the view's scale: device pixels per layout pixel, times
// the zoom.
func (g *Game) layoutScale() float32 {
	return float32(g.scale * max(1, g.zoom))
}

// followed passes the followed threads to the view's options.
func (g *Game) followed(o *view.Options) {
	o.Followed = g.pg.FollowedIDs(o.Followed)
}
