package view

// The parked sign: how the races' picture, its threads' line and the
// legend draw a parked virtual thread (a call waiting on its socket, a
// request waiting for its calls). An hourglass in the virtual thread's
// blue: it waits, holding no carrier. Two bars (a "pause" sign) read as a
// media player's control (readers), and the parked panel's small square
// alone read as the legend's "virtual thread" swatch.

// parkedSign is the height of the parked sign drawn in a line or cell of
// height h: large enough to be seen on a phone beside the running cells'
// badges (readers wanted the parked state obvious: it is the lesson, a
// parked thread holds no carrier).
func parkedSign(h, sc float32) float32 {
	return max(5, min(h*0.7, 13*sc))
}

// parkedSignW is the width of a parked sign of height h.
func parkedSignW(h float32) float32 { return max(4, h*0.72) }

// drawParkedSign draws the parked sign of height h with its top-left
// corner at (x, y): a cap at the top and at the bottom, and between them
// two filled triangles meeting at a narrow neck, drawn as rows of marks
// (the list has no triangle).
func drawParkedSign(l *List, x, y, h float32, p *Palette) {
	w := parkedSignW(h)
	capH := max(1, h*0.14)
	l.Mark(Rect{X: x, Y: y, W: w, H: capH}, MeanVirtual, p, 1)
	l.Mark(Rect{X: x, Y: y + h - capH, W: w, H: capH}, MeanVirtual, p, 1)
	top, body := y+capH, h-2*capH
	// The glass is inset from the caps; the neck keeps a thread of sand.
	in, neck := max(0.5, w*0.08), max(1, w*0.16)
	rows := max(2, int(body/max(1, h/14)))
	step := body / float32(rows)
	for i := 0; i < rows; i++ {
		// Distance from the neck, 0 at the middle row, 1 at a cap.
		mid := (float32(i) + 0.5) / float32(rows)
		d := 2 * mid
		if d > 1 {
			d = 2 - d
		}
		d = 1 - d
		rw := neck + (w-2*in-neck)*d
		l.Mark(Rect{X: x + (w-rw)/2, Y: top + float32(i)*step, W: rw, H: step + 0.01}, MeanVirtual, p, 1)
	}
}
