package view

import "github.com/loomlab/loomlab/sim"

// Eden, seen beside the old generation: in each run of the pair, a bar of
// eden at the old gen's scale (one byte one width in both: 91 MB beside
// 910 MB is a tenth of its length) over the old gen, filled with the dead
// data a young GC frees, and emptying while a young GC runs. Readers of
// the pair were told "a young GC began" with no mark for it (the flag
// said eden was not drawn): now a young GC is the small bar emptying
// cheaply, a Full GC the big bar under it. The survivor spaces (11 MB
// each, slivers readers called noise) are said on point, not drawn.

// edenRowH is the height of a run's eden row.
func edenRowH(sc float32) float32 { return CharH*sc + 6*sc }

// edenSplit is what eden holds by the model: the live bytes in it (the
// young generation's live bytes the survivor space in use does not hold:
// copied there because they were live, it holds live bytes first) and
// the rest of its used bytes, garbage.
func edenSplit(h *sim.HeapView) (live, garbage sim.Bytes) {
	young := youngLiveBytes(h)
	surv := min(h.SurvivorUsed, young)
	live = min(max(0, young-surv), h.EdenUsed)
	return live, h.EdenUsed - live
}

// youngLiveBytes is the young generation's live bytes, eden and
// survivors together (the model counts them by category, not by space).
func youngLiveBytes(h *sim.HeapView) sim.Bytes {
	var b sim.Bytes
	for _, c := range heapCategories {
		b += h.YoungLive[c]
	}
	return b
}

// edenDrawnGarbage is the garbage eden's bar shows: during a pause,
// what the collection empties, all of eden when it began (it ran because
// eden filled) going to nothing at its end, so that a young GC is seen
// emptying eden; otherwise its garbage now. (Its live bytes, a tenth of
// it at most, would be slivers: they are said on point.)
func edenDrawnGarbage(snap *sim.Snapshot) sim.Bytes {
	h := &snap.Heap
	if !snap.Paused {
		_, g := edenSplit(h)
		return g
	}
	span := snap.PauseEnd.Sub(snap.PauseStart)
	if span <= 0 {
		return 0
	}
	left := float64(snap.PauseEnd.Sub(snap.Time)) / float64(span)
	return sim.Bytes(float64(h.EdenCap) * float64(clamp(float32(left), 0, 1)))
}

// drawEdenRow draws a run's eden in row: its bar at the left, as many
// pixels per byte as old (the run's old gen, as drawSpace drew it), and
// its name and size after it, with what collects it when no pause runs:
// "young GC when full", as the old gen's edge says "Full GC when full".
// While a pause runs, the pair's flag says what it does to eden.
func drawEdenRow(l *List, row, old Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	h := &snap.Heap
	_, oldFill := SpaceBands(old, sc)
	if row.Empty() || h.EdenCap <= 0 || h.OldCap <= 0 || oldFill.Empty() {
		return
	}
	// At the old gen's scale, a few characters wide at least.
	w := max(oldFill.W*float32(h.EdenCap)/float32(h.OldCap), 3*CharW*sc)
	bar := Rect{X: row.X, Y: row.Y + 2*sc, W: w + 2, H: row.H - 4*sc}
	drawEdenFill(l, bar, bar.Inset(1), snap, p)
	name := "eden " + Size(h.EdenCap)
	words := []string{name + ": young GC when full", "eden: young GC when full", name, "eden"}
	if snap.Paused {
		words = []string{name, "eden"}
	}
	x := bar.Right() + 6*sc
	l.TextFit(Rect{X: x, Y: row.Y, W: row.Right() - x, H: row.H}, sc, p.Text, words...)
	l.detail(row, "eden", edenSay(snap))
}

// edenBeside splits r, a run's old gen's room on a phone's row (too low
// for a row of eden over it), into eden at its left and the old gen: at
// one scale, eden as wide as its name at least (a phone's 30 px of it
// was narrower than "eden").
func edenBeside(r Rect, h *sim.HeapView, sc float32) (eden, old Rect) {
	gap := 4 * sc
	if h.EdenCap <= 0 || h.OldCap <= 0 {
		return Rect{}, r
	}
	w := (r.W - gap) * float32(h.EdenCap) / float32(h.EdenCap+h.OldCap)
	w = max(w, TextWidth("eden", sc)+8*sc)
	eden = Rect{X: r.X, Y: r.Y, W: w, H: r.H}
	return eden, Rect{X: eden.Right() + gap, Y: r.Y, W: r.W - w - gap, H: r.H}
}

// drawEdenBox draws a run's eden as a space beside its old gen (r from
// edenBeside): its name on its label line, as the old gen's, over its
// fill.
func drawEdenBox(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	_, fill := SpaceBands(r, sc)
	drawEdenFill(l, r, fill, snap, p)
	relabel(l, r, p, sc, "eden")
	l.detail(r, "eden", edenSay(snap))
}

// drawEdenFill draws eden's frame r and, in fill, its free room and the
// garbage it holds (edenDrawnGarbage), to scale.
func drawEdenFill(l *List, r, fill Rect, snap *sim.Snapshot, p *Palette) {
	l.Rect(r, p.Background)
	l.Mark(fill, MeanFree, p, 1)
	g := edenDrawnGarbage(snap)
	if gw := fill.W * float32(g) / float32(max(snap.Heap.EdenCap, 1)); gw >= 1 {
		l.Mark(Rect{X: fill.X, Y: fill.Y, W: min(gw, fill.W), H: fill.H}, MeanGarbage, p, 1)
	}
	l.Frame(r, 1, p.PanelEdge)
}

// edenSay is the eden row's explanation: what eden is, what a young GC
// does to it and what it costs, from the run's counts.
func edenSay(snap *sim.Snapshot) string {
	h := &snap.Heap
	live, garbage := edenSplit(h)
	say := "Eden (" + Size(h.EdenCap) + "), drawn to the old generation's scale: where new objects are made. "
	if snap.Paused {
		say += "This pause empties it: what is still used is copied out, the rest, dead, is dropped. "
	} else {
		say += "Now " + Size(live) + " live and " + Size(garbage) + " garbage. When it fills, a young GC copies what is still used out and empties it. "
	}
	say += "A young GC touches only eden and the two survivor spaces (" + Size(h.SurvivorCap) + " each, " + Size(h.SurvivorUsed) +
		" in use), so it is short; it never frees the old generation's garbage: only a Full GC does, over the whole heap."
	if n := snap.GCPauses - snap.FullPauses; n > 0 {
		say += " This run's " + Count(n) + " young pauses took " + PauseDur((snap.GCPauseTotal-snap.FullPauseTotal)/sim.Duration(n)) + " each on average"
		if snap.FullPauses > 0 {
			say += ", its " + Count(snap.FullPauses) + plural(int(snap.FullPauses), " Full GC ", " Full GCs ") + PauseDur(snap.FullPauseTotal/sim.Duration(snap.FullPauses)) + " each"
		}
		say += "."
	}
	return say
}
