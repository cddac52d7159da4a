package view

// A bracket names a span of a bar without drawing a box around it: a line
// along the span joined by a tick at each end. Boxes (outlines) are the
// picture's threads and carriers; a span drawn as one more box read as
// one more of them.

// drawBracket draws a bracket across [x, x+w] whose line lies along the
// bottom of the band [top, bottom] and whose ticks rise from it to top,
// in ink, th thick.
func drawBracket(l *List, x, w, top, bottom, th float32, ink Color) {
	if w <= 0 || bottom <= top {
		return
	}
	l.Rect(Rect{X: x, Y: bottom - th, W: w, H: th}, ink)
	l.Rect(Rect{X: x, Y: top, W: th, H: bottom - top}, ink)
	l.Rect(Rect{X: x + w - th, Y: top, W: th, H: bottom - top}, ink)
}
