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

// pairFits reports whether the heap draws the two cases as a pair of
// old gens: the shown old gen is the frame's lesson (the threads' own
// data fills it), the compared case is of the same heap, and the panel
// (body) keeps room for a thin young row and two bars a reader compares
// at a glance (each a heading, a label and a bar some lines high).
func pairFits(c *Contrast, h *sim.HeapView, body Rect, sc float32) bool {
	return c != nil && c.Snap != nil && c.Snap.Heap.OldCap == h.OldCap && h.OldCap > 0 &&
		oldHoldsThreadData(h) && body.H > 11*CharH*sc && body.W > 40*CharW*sc
}

// stoppedColW is the width of the column at the bars' end that says each
// case's share of the run stopped for GC.
func stoppedColW(sc float32) float32 {
	return TextWidth("100 % stopped", 1.25*sc) + 8*sc
}

// drawPairOld draws one case of the pair in r: its heading (who), its old
// generation as drawSpace draws the shown one (the same scale: the same
// capacity across the same width), and at its end, in bold, its share of
// the run stopped for GC. It returns the parts of the bar.
func drawPairOld(l *List, r Rect, who []string, snap *sim.Snapshot, notes []segNote, p *Palette, sc float32) []heapSeg {
	h := oldAsDrawn(snap)
	head, rest := r.Top(CharH * sc)
	bars, col := rest.CutRight(stoppedColW(sc))
	l.TextFit(Rect{X: head.X, Y: head.Y, W: r.W, H: head.H}, sc, p.Text, who...)
	var state []string
	if snap.PauseFull && h.OldCap > 0 {
		// Drawn as the collector found it (oldAsDrawn), said so: the
		// same bar read 27 % a moment later.
		pct := Count(int64((200*h.OldUsed+h.OldCap)/(2*h.OldCap))) + " % full"
		state = []string{pct + " when this GC began", pct}
	}
	segs := drawSpace(l, bars, "old generation", "old", state, h.OldCap, h.OldUsed, func(c sim.AllocCat) sim.Bytes { return h.OldLive[c] }, h.OldGarbage, p, sc, notes...)
	if snap.Time > 0 {
		share := clamp(float32(float64(snap.GCPauseTotal)/float64(snap.Time)), 0, 1)
		pct := "under 1 %"
		if n := int(share*100 + 0.5); n >= 1 {
			pct = Count(int64(n)) + " %"
		}
		_, fill := SpaceBands(bars, sc)
		y := fill.Y + (fill.H-CharH*1.25*sc-CharH*sc)/2
		l.TextBold(col.X+6*sc, y, pct+" stopped", 1.25*sc, p.Text)
		l.Text(col.X+6*sc, y+CharH*1.25*sc, "for GC", sc, p.TextDim)
	}
	return segs
}

// drawPair draws the two cases' old gens in r, one above the other at
// one scale: the shown run's (its parts returned, for the threads'
// arrow) and the compared run's, each with its share of the run stopped
// for GC at its end. Readers asked to see the comparison as the frame's
// mark, not as two thin bars under it.
//
// It also returns the shown run's bar, where the pause's motion (the
// compaction's sweep and plate) is drawn: over both it crossed the
// compared bar's heading.
func (s *Side) drawPair(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) ([]heapSeg, Rect) {
	c := s.contrast
	gap := 6 * sc
	half := (r.H - gap) / 2
	top := Rect{X: r.X, Y: r.Y, W: r.W, H: half}
	bottom := Rect{X: r.X, Y: r.Y + half + gap, W: r.W, H: half}
	shown := s.shownName
	if shown == "" {
		shown = "this run"
	}
	segs := drawPairOld(l, top, []string{shown + " (this run)", shown}, snap, threadDataNotes(snap, oldAsDrawn(snap), s.merged), p, sc)
	// The compared run's bar is named as such on point (its words are
	// the same as the shown bar's).
	// Its garbage is its lesson (its threads end, their data dies): its
	// other parts are named, not measured, as the shown bar's are.
	drawPairOld(l, bottom, []string{c.Name + " (same load, run beside it)", c.Name + " (run beside it)", c.Name}, c.Snap,
		[]segNote{{cat: sim.CatGarbage, big: true}}, p, sc)
	for _, x := range []struct {
		r    Rect
		name string
		s    *sim.Snapshot
		what string
	}{{top, "time stopped for GC", snap, "this run"}, {bottom, "compared case's time stopped for GC", c.Snap, "the case compared (" + c.Title + ")"}} {
		_, col := x.r.CutRight(stoppedColW(sc))
		l.detail(col, x.name, "In "+x.what+", garbage collection has stopped every thread for "+Dur(x.s.GCPauseTotal)+" of "+
			Dur(sim.Duration(x.s.Time))+" so far, in "+Count(x.s.FullGCs)+" Full + "+Count(x.s.YoungGCs)+" young GCs.")
	}
	ch := &c.Snap.Heap
	full := "no Full GC yet"
	if c.Snap.FullGCs > 0 {
		full = Count(c.Snap.FullGCs) + plural(int(c.Snap.FullGCs), " Full GC", " Full GCs") + " so far"
	}
	l.detail(bottom, "compared case's old generation", "The same moment in the case compared ("+c.Title+"): a second simulation of the same workload, "+
		"with the same knobs and seed, run beside this one. Its old generation holds "+Size(ch.OldUsed)+" of "+Size(ch.OldCap)+", "+Size(ch.OldGarbage)+
		" of it garbage (objects no thread uses any more, freed by the next collection of the old gen), "+
		Size(ch.OldLive[sim.CatThreadLocal])+" thread-local data; "+full+". Drawn to the scale of the old generation above: its threads end, so their data dies.")
	_, bar := top.Top(CharH * sc)
	bar, _ = bar.CutRight(stoppedColW(sc))
	return segs, bar
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
