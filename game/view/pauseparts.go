package view

import "github.com/loomlab/loomlab/sim"

// A run's time stopped for GC, in parts: the pair's bar of it is split
// into the young collections' pauses and the Full GCs', each part said
// under it as its count times its average pause ("47 young × 11.3 ms").
// A reader of "15 % stopped · young GCs only" asked why young GCs alone
// took 15 %: many short pauses add up, and the count and the length say
// so; beside them a Full GC's few long pauses are the costly kind. The
// bar has a scale (a tick each tenth) and no figure in its track: "33 %"
// written after the stripes made the fill look shorter than its label.

// pausePart is one kind of pause in a run's time stopped: how many and
// their time summed.
type pausePart struct {
	kind string // "young" or "Full"
	n    int64
	sum  sim.Duration
}

// pauseParts splits snap's time stopped into its young pauses (every
// pause without a Full GC: G1's remarks too) and its Full GCs' pauses,
// young first as the bar draws them; a kind the run has not had is left
// out.
func pauseParts(snap *sim.Snapshot) []pausePart {
	var parts []pausePart
	if n := snap.GCPauses - snap.FullPauses; n > 0 {
		parts = append(parts, pausePart{"young", n, snap.GCPauseTotal - snap.FullPauseTotal})
	}
	if snap.FullPauses > 0 {
		parts = append(parts, pausePart{"Full", snap.FullPauses, snap.FullPauseTotal})
	}
	return parts
}

// words is the part's count times its average pause: "47 young × 11.3 ms".
func (pp pausePart) words() string {
	return Count(pp.n) + " " + pp.kind + " × " + PauseDur(pp.sum/sim.Duration(pp.n))
}

// gcShareBarH is the height of a column's bar of its time stopped for GC.
func gcShareBarH(sc float32) float32 {
	return CharH * sc
}

// gcShareH is the height drawGCShareBar takes: its bar, the scale's ticks
// under it and a line for the parts' words.
func gcShareH(sc float32) float32 {
	return gcShareBarH(sc) + 6*sc + CharH*sc
}

// drawGCShareBar draws, in r (gcShareH high; lower, the bar alone and
// whole), a run's time stopped for
// GC as a bar whose whole width is all of the run's time: its parts
// (pauseParts) in the stopped-for-GC stripes from the left, each as long
// as its share of the time and cut from the next by a gap; ticks under
// it at each tenth of the run (the half longer); under each part, from
// its left end, its words (where the one before leaves room). Both
// columns are as wide, so the two bars are at one scale and the pair's
// difference (the lesson) is a length, not only two numbers to compare.
//
// The bar is trackW long; its parts' words may run on to r's right end
// (a phone's row, whose bar leaves room for the share's words beside it).
func drawGCShareBar(l *List, r Rect, trackW float32, snap *sim.Snapshot, p *Palette, sc float32) {
	if snap.Time <= 0 || r.Empty() {
		return
	}
	bar := Rect{X: r.X, Y: r.Y, W: min(trackW, r.W), H: gcShareBarH(sc)}
	l.Frame(bar, 1, p.PanelEdge)
	parts := pauseParts(snap)
	if r.H < gcShareH(sc) {
		// No line for the parts' words (a phone's row): one part, no
		// ticks. Split without words the gap read as a seam in the bar,
		// and its unlabelled ticks as a timeline.
		if w := bar.W * clamp(float32(float64(snap.GCPauseTotal)/float64(snap.Time)), 0, 1); w >= 1 {
			drawStopped(l, Rect{X: bar.X, Y: bar.Y, W: w, H: bar.H}, p, sc)
		}
		return
	}
	ink := p.TextDim
	for i := 0; i <= 10; i++ {
		h := 4 * sc
		if i%5 == 0 {
			h = 6 * sc
		}
		x := bar.X + bar.W*float32(i)/10
		l.Rect(Rect{X: min(x, bar.Right()-1), Y: bar.Bottom(), W: 1, H: h}, ink)
	}
	x, words := bar.X, bar.X
	ty := bar.Bottom() + 6*sc
	for i, pp := range parts {
		w := bar.W * clamp(float32(float64(pp.sum)/float64(snap.Time)), 0, 1)
		part := Rect{X: x, Y: bar.Y, W: min(w, bar.Right()-x), H: bar.H}
		if i > 0 {
			// The gap between the parts, in the bar's own length: the
			// part after it starts a little later.
			gap := min(2*sc, part.W/2)
			part.X += gap
			part.W -= gap
		}
		if part.W >= 1 {
			drawStopped(l, part, p, sc)
		}
		t := pp.words()
		tx := max(x, words)
		if tw := TextWidth(t, sc); tx+tw <= r.Right() {
			l.Text(tx, ty, t, sc, p.Text)
			words = tx + tw + 2*CharW*sc
		}
		x += w
	}
	// A run with young pauses and no Full GC says so: under the other
	// run's "5 Full × 47.1 ms", this one's "55 young × 6.3 ms" alone left
	// a reader asking how many Full GCs it had.
	if snap.FullPauses == 0 && len(parts) > 0 {
		t := "no Full GC yet"
		if tx := max(x, words); tx+TextWidth(t, sc) <= r.Right() {
			l.Text(tx, ty, t, sc, p.TextDim)
		}
	}
}
