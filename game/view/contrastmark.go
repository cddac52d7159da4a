package view

import "strings"

// Whether the compared case was drawn: the playground runs the compared
// case beside a single shown one (SideInput.Contrast), but the picture
// draws it only where it has room and its mark means something at that
// moment (a phone's picture, a folded panel, a batch no task of which has
// started yet leave it out). The page names the compared case beside the
// picture; it must do so only when the picture shows it, so the frame
// says whether it did (List.ContrastDrawn), and the page reads that
// through the playground's state.

// comparedRegion starts the name of every explained region that is a
// mark of the compared case ("compared case's old generation"): the
// words a reader meets on point are the record that it is drawn.
const comparedRegion = "compared case"

// drewContrast notes that a mark of the compared case is drawn.
func (l *List) drewContrast() { l.contrastDrawn = true }

// noteCompared notes a drawn region by its name (comparedRegion).
func (l *List) noteCompared(name string) {
	if strings.HasPrefix(name, comparedRegion) {
		l.drewContrast()
	}
}

// ContrastDrawn reports whether this frame draws a mark of the compared
// case's run.
func (l *List) ContrastDrawn() bool { return l.contrastDrawn }
