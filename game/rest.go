//go:build js

package game

import (
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

// restAfter is how many frames in a row the picture must have stayed the
// same, with nothing under way that could change it, before the game stops
// asking for frames.
const restAfter = 10

// A paused playground with nothing moving still cost a frame sixty times a
// second: Update, Draw's display list and Ebiten's copy of the screen to
// the canvas, about half a core of this machine's software WebGL, taken
// from the background workers, and battery on a phone or a laptop. So a
// game at rest switches Ebiten to its on-demand mode, where a frame runs
// only on input (mouse, keys, touch, a resize) or when wake asks for one;
// every call that can change the picture wakes it (Do, the Set methods),
// and the reads the page polls (Read) do not.
//
// Ebiten deprecates the mode in favour of SetScreenClearedEveryFrame(false),
// which Run already sets: that saves the drawing, not the frame itself.
//
// Even in that mode Ebiten's browser loop asks for an animation frame sixty
// times a second, only to find nothing to do; game.html's frame pacer
// (web/src/framepace.ts) slows that loop while the game rests and resumes
// it at once when the game wakes, so setOnDemand tells it too.

// noteFrame is called at the end of each Draw, under g.mu: changed says
// whether this frame drew anything new.
func (g *Game) noteFrame(changed bool) {
	if changed || !g.pg.Still() {
		g.stillFrames = 0
	} else {
		g.stillFrames++
	}
	if rest := g.stillFrames >= restAfter; rest != g.resting {
		g.resting = rest
		setOnDemand(rest)
	}
}

// wake makes the next frames run again (under g.mu): what the caller
// changed is drawn, and the game rests again once it is still.
func (g *Game) wake() {
	g.stillFrames = 0
	if g.resting {
		g.resting = false
		setOnDemand(false)
	}
}

func setOnDemand(on bool) {
	//lint:ignore SA1019 the mode that skips a frame entirely; see above.
	mode := ebiten.FPSModeVsyncOn
	if on {
		//lint:ignore SA1019 the mode that skips a frame entirely; see above.
		mode = ebiten.FPSModeVsyncOffMinimum
	}
	//lint:ignore SA1019 the mode that skips a frame entirely; see above.
	ebiten.SetFPSMode(mode)
	// After the mode: a frame the pacer releases on waking finds Ebiten
	// awake. (A page that runs the game without game.ts has no pacer.)
	if p := js.Global().Get("loomframes"); p.Truthy() {
		p.Call("rest", on)
	}
}
