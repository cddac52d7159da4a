package view

import "github.com/loomlab/loomlab/sim"

// What a Full GC can free, seen: under an old generation's bar, a bracket
// spans its garbage (the part a Full GC frees; the rest is live and
// stays), with words saying so. Beside the pooled run's bar, mostly data
// its threads keep, the bracket is short ("only this"); beside the
// thread-per-request run's, mostly the data of ended requests, it spans
// nearly the whole bar ("all this"). Readers of the pair asked to see the
// cause of the pooled run's frequent Full GCs, not only their count: a
// thin line at the level the last Full GC left read as an unlabelled mark
// that could belong to either side.

// fullGCFreesH is the height of the row under an old gen's bar that
// holds its bracket and words.
func fullGCFreesH(sc float32) float32 {
	return CharH*sc + 7*sc
}

// fullGCFreesWords says, longest first, what a Full GC does to the
// garbage the bracket spans, from the run's state: whether one is running
// now and whether the live part it
// keeps outweighs the garbage it frees ("only this") or not ("all this").
func fullGCFreesWords(snap *sim.Snapshot, h *sim.HeapView) []string {
	freed := h.OldGarbage
	kept := h.OldUsed - freed
	what := "all this"
	if kept >= freed {
		what = "only this"
	}
	switch {
	case snap.PauseFull:
		return []string{"this Full GC frees " + what, "Full GC frees " + what}
	}
	// Whether the run has had one is its pause counts' line ("no Full GC
	// yet"): said here as "its first Full GC will free all this", a
	// reader still asked how many Full GCs the run had had.
	return []string{"a Full GC frees " + what, "Full GC frees " + what}
}

// drawFullGCFrees draws, in row (under an old gen's bar), a bracket under
// the bar's garbage part (garbage, as drawSpace drew it) and the words of
// fullGCFreesWords centred under it, kept within row. Nothing where the
// bar drew no garbage.
func drawFullGCFrees(l *List, row Rect, garbage heapSeg, snap *sim.Snapshot, h *sim.HeapView, p *Palette, sc float32) {
	g := garbage.r
	if g.W < 2*sc || row.H < CharH*sc {
		return
	}
	ink := p.Text
	th := max(1, 1.5*sc)
	// Ticks up to the bar at both ends, joined by a line under it: the
	// span reads as "this part", not as one more bar.
	bottom := row.Y + 4*sc + th
	drawBracket(l, g.X, g.W, row.Y, bottom, th, ink)
	ty := bottom + sc
	var text Rect
	for _, t := range fullGCFreesWords(snap, h) {
		w := TextWidth(t, sc)
		if w > row.W {
			continue
		}
		x := min(max(g.X+(g.W-w)/2, row.X), row.Right()-w)
		l.Text(x, ty, t, sc, ink)
		text = Rect{X: x, Y: ty, W: w, H: CharH * sc}
		break
	}
	hover := Rect{X: min(g.X, text.X), Y: row.Y, W: 0, H: row.H}
	hover.W = max(g.Right(), text.Right()) - hover.X
	l.detail(hover, "what a Full GC frees", fullGCFreesSay(snap, h))
}

// fullGCFreesSay is the bracket's explanation, from the run's state.
func fullGCFreesSay(snap *sim.Snapshot, h *sim.HeapView) string {
	freed := h.OldGarbage
	kept := h.OldUsed - freed
	say := "A Full GC frees the old generation's garbage and nothing else: " + Size(freed) + " of it here; the " + Size(kept) +
		" still live stays where it is. "
	if kept >= freed {
		say += "Most of this bar is data the threads still hold, so a Full GC leaves it mostly full and the next one comes soon."
	} else {
		say += "Almost all of this bar is garbage, so one Full GC leaves it nearly empty."
	}
	if snap.FullGCs == 0 && !snap.PauseFull {
		say += " This run has had no Full GC yet: its time stopped for GC is young GCs alone. Its first comes when the bar fills."
	}
	return say
}
