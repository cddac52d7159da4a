package view

import (
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// The compared case, seen: where the article is a contrast (pooled threads
// against a thread per request), the playground runs the other case beside
// the shown one at the same simulated time (SideInput.Contrast) and the
// heap draws its state as thin marks under the shown ones, at their scale:
// its old generation as a thin bar as wide as the shown old gen's (the
// same heap, so one byte is one width in both), and its share of the run
// stopped for GC as a thin bar under the shown share. Readers of the
// single-case frame were told the other case only in words ("a thread per
// request would free its cache") and asked to see it.

// contrastRowH is the height of the compared case's old gen row: a line
// of words, then a thin bar.
func contrastRowH(sc float32) float32 { return CharH*sc + contrastBarH(sc) + 3*sc }

func contrastBarH(sc float32) float32 { return 12 * sc }

// contrastShareH is the height of the contrast's GC share: a bar as
// high as the shown share's (a line and a quarter), its words after its
// stripes in the same type, so that the two read as a pair.
func contrastShareH(sc float32) float32 { return 1.25*CharH*sc + 2*sc }

// drawsContrast reports whether the heap draws the compared case under
// the shown one: the shown old gen is the frame's lesson (the threads'
// own data fills it), the contrast is of the same heap, and the spaces
// keep room enough (body is what is left of the panel, gh the shown
// share's height) that the shown old gen stays the largest mark by far.
func drawsContrast(c *Contrast, h *sim.HeapView, body Rect, gh, sc float32) bool {
	con := contrastRowH(sc) + 4*sc + contrastShareH(sc)
	return c != nil && c.Snap != nil && c.Snap.Heap.OldCap == h.OldCap && h.OldCap > 0 &&
		oldHoldsThreadData(h) && body.H-gh-con > 8*CharH*sc
}

// garbageWords say how much of an old gen's used bytes are garbage, and
// that it is not kept: a bar 68 % full beside "mostly garbage" read as
// much kept.
func garbageWords(h *sim.HeapView) []string {
	if h.OldUsed <= 0 || h.OldGarbage <= 0 {
		return nil
	}
	n := int64((200*h.OldGarbage + h.OldUsed) / (2 * h.OldUsed))
	pct := Count(n) + " %"
	if n >= 100 && h.OldGarbage < h.OldUsed {
		pct = "over 99 %"
	}
	return []string{pct + " of it garbage the next GC frees", pct + " garbage the next GC frees", pct + " garbage"}
}

// drawContrastOld draws the contrast's old gen in r (a contrastRowH row):
// its name, fill and garbage on a line, then a thin bar filled from the
// left like the shown old gen's, inner.W wide for the same capacity.
func drawContrastOld(l *List, r Rect, inner Rect, c *Contrast, p *Palette, sc float32) {
	h := &c.Snap.Heap
	pct := Count(int64((200*h.OldUsed+h.OldCap)/(2*max(h.OldCap, 1)))) + " % full"
	line, bar := r.Top(CharH * sc)
	bar = Rect{X: inner.X, Y: bar.Y + 1*sc, W: inner.W, H: contrastBarH(sc)}
	var words []string
	for _, g := range garbageWords(h) {
		words = append(words, c.Name+": old gen "+pct+", "+g)
	}
	words = append(words, c.Name+": old gen "+pct, c.Name)
	l.TextFit(Rect{X: inner.X, Y: line.Y, W: inner.W, H: line.H}, sc, p.Text, words...)
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
	full := "no Full GC yet"
	if c.Snap.FullGCs > 0 {
		full = Count(c.Snap.FullGCs) + plural(int(c.Snap.FullGCs), " Full GC", " Full GCs") + " so far"
	}
	l.detail(r, "compared case's old generation", "The same moment in the case compared ("+c.Title+"): a second simulation of the same workload, "+
		"with the same knobs and seed, run beside this one. Its old generation holds "+Size(h.OldUsed)+" of "+Size(h.OldCap)+", "+Size(h.OldGarbage)+
		" of it garbage (objects no thread uses any more, freed by the next collection of the old gen), "+
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
	bar := Rect{X: r.X, Y: r.Y + 2*sc, W: r.W, H: r.H - 4*sc}
	// Named and written as the shown share's bar: the pair reads
	// "10,000 pooled virtual threads: 33 % stopped" over "a virtual
	// thread per request: 15 % stopped".
	drawShareBar(l, bar, share, c.Name, pct, "", p, sc)
	l.detail(r, "compared case's time stopped for GC", "The same moment in the case compared ("+c.Title+"): garbage collection has stopped every thread for "+
		Dur(s.GCPauseTotal)+" of "+Dur(sim.Duration(s.Time))+" ("+pct+", in "+Count(s.FullGCs)+" Full + "+Count(s.YoungGCs)+" young GCs), drawn to the scale of the bar above.")
}

// DistinctPart is title without the comma-separated parts it starts with
// in common with other ("1 GB heap, a virtual thread per request" beside
// "1 GB heap, 10,000 pooled virtual threads": "a virtual thread per
// request"); the whole title when nothing is left or nothing is shared.
func DistinctPart(title, other string) string {
	a, b := strings.Split(title, ", "), strings.Split(other, ", ")
	i := 0
	for i < len(a)-1 && i < len(b) && a[i] == b[i] {
		i++
	}
	return strings.Join(a[i:], ", ")
}
