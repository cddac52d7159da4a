package view

import "github.com/loomlab/loomlab/sim"

// The compared case, seen: where the article is a contrast (pooled threads
// against a thread per request), the playground runs the other case beside
// the shown one at the same simulated time (SideInput.Contrast) and the
// heap draws its state as thin marks under the shown ones, at their scale:
// its old generation as a thin bar as wide as the shown old gen's (the
// same heap, so one byte is one width in both), and its share of the run
// stopped for GC as a thin bar under the shown share. Readers of the
// single-case frame were told the other case only in words ("a thread per
// request would free its cache") and asked to see it.

// contrastRowH is the height of one contrast row: a line of words, then a
// thin bar.
func contrastRowH(sc float32) float32 { return CharH*sc + contrastBarH(sc) + 3*sc }

func contrastBarH(sc float32) float32 { return 12 * sc }

// contrastShareH is the height of the contrast's GC share: a bar a line
// high, its words after its stripes, as in the shown share's bar.
func contrastShareH(sc float32) float32 { return CharH*sc + 4*sc }

// drawsContrastOld reports whether the heap draws the contrast's old gen:
// the shown old gen is the frame's lesson (the threads' own data fills
// it), the contrast is of the same heap, and the old gen has room for
// both with the shown one still the larger by far.
func drawsContrastOld(c *Contrast, h *sim.HeapView, old Rect, sc float32) bool {
	return c != nil && c.Snap != nil && c.Snap.Heap.OldCap == h.OldCap && h.OldCap > 0 &&
		oldHoldsThreadData(h) && old.H >= 4*contrastRowH(sc)
}

// mostlyWhat names what most of an old gen's used bytes are: garbage
// ("almost all garbage" past nine tenths), else its largest live part.
func mostlyWhat(h *sim.HeapView) string {
	if h.OldUsed <= 0 {
		return "empty"
	}
	if 10*h.OldGarbage >= 9*h.OldUsed {
		return "almost all garbage"
	}
	if 2*h.OldGarbage >= h.OldUsed {
		return "mostly garbage"
	}
	best, bb := sim.AllocCat(0), sim.Bytes(-1)
	for _, c := range heapCategories {
		if h.OldLive[c] > bb {
			best, bb = c, h.OldLive[c]
		}
	}
	return "mostly " + categoryWords[best]
}

// drawContrastOld draws the contrast's old gen in r (a contrastRowH row):
// its name, fill and what fills it on a line, then a thin bar filled from
// the left like the shown old gen's, inner.W wide for the same capacity.
func drawContrastOld(l *List, r Rect, inner Rect, c *Contrast, p *Palette, sc float32) {
	h := &c.Snap.Heap
	pct := Count(int64((200*h.OldUsed+h.OldCap)/(2*max(h.OldCap, 1)))) + " % full"
	line, bar := r.Top(CharH * sc)
	bar = Rect{X: inner.X, Y: bar.Y + 1*sc, W: inner.W, H: contrastBarH(sc)}
	// The words beside the arrow that runs down through the row (the
	// shown old gen's threads' data -> the GC time), never across it:
	// right of it where they fit, else left of it, else at the row's end.
	arrow := arrowThrough(l, line, inner)
	for _, t := range contrastOldWords(c.Name, pct, h) {
		w := TextWidth(t, sc)
		x := inner.Right() - w
		switch {
		case arrow < 0:
		case arrow+8*sc+w <= inner.Right():
			x = arrow + 8*sc
		case inner.X+w <= arrow-8*sc:
			x = arrow - 8*sc - w
		default:
			continue
		}
		if w <= inner.W {
			l.Text(x, line.Y, t, sc, p.Text)
			break
		}
	}
	l.Rect(bar, p.Background)
	l.Mark(bar, MeanFree, p, 1)
	px := func(b sim.Bytes) float32 {
		w := bar.W * float32(b) / float32(h.OldCap)
		if w < 1 {
			return 0 // under a pixel to scale: said on point, not drawn
		}
		return w
	}
	x := bar.X
	for _, cat := range heapCategories {
		if w := min(px(h.OldLive[cat]), bar.Right()-x); w > 0 {
			l.Mark(Rect{X: x, Y: bar.Y, W: w, H: bar.H}, CategoryMeaning(cat), p, 1)
			x += w
		}
	}
	if w := min(px(h.OldGarbage), bar.Right()-x); w > 0 {
		l.Mark(Rect{X: x, Y: bar.Y, W: w, H: bar.H}, MeanGarbage, p, 1)
	}
	l.Frame(bar, 1, p.PanelEdge)
	if arrow >= 0 {
		// Drawn after the arrow: the arrow goes on over it.
		l.Line(arrow, bar.Y-1, arrow, bar.Bottom()+1, arrowW(sc), p.Text)
	}
	full := "no Full GC yet"
	if c.Snap.FullGCs > 0 {
		full = Count(c.Snap.FullGCs) + plural(int(c.Snap.FullGCs), " Full GC", " Full GCs") + " so far"
	}
	l.detail(r, "compared case's old generation", "The same moment in the case compared ("+c.Title+"), run beside this one with the same knobs and seed: "+
		"its old generation holds "+Size(h.OldUsed)+" of "+Size(h.OldCap)+", "+Size(h.OldGarbage)+" of it garbage, "+
		Size(h.OldLive[sim.CatThreadLocal])+" thread-local data; "+full+". Drawn to the scale of the old generation above.")
}

// drawContrastShare draws the contrast's share of the run stopped for GC
// in r (contrastShareH high): a bar as wide as the shown share's bar (the
// same run length), its striped part the pauses, and the words.
func drawContrastShare(l *List, r Rect, c *Contrast, p *Palette, sc float32) {
	s := c.Snap
	if s.Time <= 0 {
		return
	}
	share := clamp(float32(float64(s.GCPauseTotal)/float64(s.Time)), 0, 1)
	pct := "under 1 %"
	if n := int(share*100 + 0.5); n >= 1 {
		pct = Count(int64(n)) + " %"
	}
	bar := Rect{X: r.X, Y: r.Y + 2*sc, W: r.W, H: CharH * sc}
	drawShareBar(l, bar, share, "", "", p, sc)
	// Its words after its stripes, as the shown bar's: which case it is
	// is the row's above (the old gen's), named once.
	x := bar.X + max(bar.W*share, 2*sc) + 4*sc
	l.TextFit(Rect{X: x, Y: bar.Y, W: bar.Right() - x - 4*sc, H: bar.H}, sc, p.Text, pct+" stopped (per request)", pct+" stopped")
	l.detail(r, "compared case's time stopped for GC", "The same moment in the case compared ("+c.Title+"): garbage collection has stopped every thread for "+
		Dur(s.GCPauseTotal)+" of "+Dur(sim.Duration(s.Time))+" ("+pct+", in "+Count(s.FullGCs)+" Full + "+Count(s.YoungGCs)+" young GCs), drawn to the scale of the bar above.")
}

// contrastOldWords are the contrast's old gen's words, longest first.
func contrastOldWords(name, pct string, h *sim.HeapView) []string {
	out := []string{name + ": " + pct + ", " + mostlyWhat(h)}
	if 2*h.OldGarbage >= h.OldUsed && mostlyWhat(h) != "mostly garbage" {
		out = append(out, name+": "+pct+", mostly garbage")
	}
	return append(out, name+": "+pct, pct)
}

// arrowThrough is the x of a vertical line drawn across row inside in
// (the heap's causal arrow), or -1.
func arrowThrough(l *List, row, in Rect) float32 {
	for _, it := range l.Items {
		if it.Kind == KindLine && it.X == it.X2 && it.X >= in.X && it.X <= in.Right() &&
			min(it.Y, it.Y2) <= row.Y && max(it.Y, it.Y2) >= row.Bottom() {
			return it.X
		}
	}
	return -1
}
