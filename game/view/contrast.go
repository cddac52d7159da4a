package view

import (
	"math"
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
// (body) keeps room, over more than lines lines, for the young rows and
// two bars a reader compares at a glance (each a heading, a label and a
// bar some lines high).
func pairFits(c *Contrast, h *sim.HeapView, body Rect, lines, sc float32) bool {
	return c != nil && c.Snap != nil && c.Snap.Heap.OldCap == h.OldCap && h.OldCap > 0 &&
		oldHoldsThreadData(h) && body.H > lines*CharH*sc && body.W > 40*CharW*sc
}

// stoppedColW is the width of the column at the bars' end that says each
// case's share of the run stopped for GC.
func stoppedColW(sc float32) float32 {
	return TextWidth("100 % stopped", 1.25*sc) + 8*sc
}

// pairRow is one run's row of the pair: its heading (its threads and
// whether it is stopped now), its young spaces (empty where the panel is
// too low: one young row over both, a phone's) and its old generation.
type pairRow struct{ head, young, old Rect }

// pairRows lays the two runs out alike, one row each, in body: a heading,
// a thin young row, the old gen with the room left. Nil where the rows
// would leave the old gens under three lines.
func pairRows(body Rect, sc float32) []pairRow {
	row := CharH * sc
	gap := 8 * sc
	// Low: the young spaces are not the lesson. But their names go on a
	// line of their own over their bars, as the old gen's do: written on
	// a bar one line high, "eden" and "survivors" sat in eden's free
	// room after its garbage, and a reader took "garbage | eden |
	// survivors" for three parts of one bar.
	young := 2*row + 2*sc
	half := (body.H - gap) / 2
	if half < row+young+3*sc+3*row {
		return nil
	}
	var rows []pairRow
	for i := range 2 {
		r := Rect{X: body.X, Y: body.Y + float32(i)*(half+gap), W: body.W, H: half}
		var pr pairRow
		pr.head, r = r.Top(row)
		pr.young, r = r.Top(young)
		_, pr.old = r.Top(3 * sc)
		rows = append(rows, pr)
	}
	return rows
}

// drawPairHead draws a run's heading in its row: its live virtual threads
// as a bar in their colour, at one scale for both runs (most is the
// larger run's count, drawn a few characters wide), the count and the
// run's name; at its end, in the share's column, whether the run is
// stopped for GC now (the pause's stripes) or running: readers could not
// tell whose threads the grid drew, nor whether the other run was paused.
//
// gcEnded: a Full GC's pause has just ended and its garbage is still
// collapsing on the bar (the first screen holds there), said in the
// column instead of "no GC now", which read as "no GC happened" beside
// the motion.
func drawPairHead(l *List, r Rect, who []string, snap *sim.Snapshot, most int, gcEnded bool, p *Palette, sc float32) {
	row := CharH * sc
	text, col := r.CutRight(stoppedColW(sc))
	// 3.5 characters: at 6 the compared run's "(other run)" did not fit
	// after its name on a desktop, and a newcomer took the two rows for
	// one run ("Choose cases to compare" is unticked).
	mkW := 3.5 * CharW * sc
	mk := Rect{X: text.X, Y: text.Y + 3*sc, W: max(2*sc, mkW*float32(snap.VirtualLive)/float32(max(1, most))), H: row - 6*sc}
	l.Mark(mk, MeanVirtual, p, 1)
	x := text.X + mkW + CharW*sc
	live := Count(int64(snap.VirtualLive)) + " live · "
	var words []string
	for _, w := range who {
		words = append(words, live+w)
	}
	// Narrow: the names without the count (the count is the
	// explanation's), else the count.
	words = append(words, who...)
	words = append(words, strings.TrimSuffix(live, " · "))
	l.TextFit(Rect{X: x, Y: text.Y, W: text.Right() - x, H: row}, sc, p.Text, words...)
	// "no GC now", not "running now": a reader of the pair asked what the
	// little "running now" beside each run's name meant; the column is
	// about GC (its share below, "stopped now" during a pause).
	state := "no GC now"
	if snap.Paused {
		sw := Rect{X: col.X + 6*sc, Y: col.Y + 3*sc, W: 2 * (row - 6*sc), H: row - 6*sc}
		drawStopped(l, sw, p, sc)
		l.Text(sw.Right()+4*sc, col.Y, "stopped now", sc, p.Text)
	} else if gcEnded {
		l.TextFit(Rect{X: col.X + 6*sc, Y: col.Y, W: col.W - 6*sc, H: row}, sc, p.Text, "Full GC just ended", "Full GC ended", "GC ended")
	} else {
		l.Text(col.X+6*sc, col.Y, state, sc, p.TextDim)
	}
}

// drawPairOld draws one case of the pair in its row: its heading (who),
// its old generation as drawSpace draws the shown one (the same scale:
// the same capacity across the same width), and at its end, in bold, its
// share of the run so far stopped for GC. It returns the parts of the
// bar.
func drawPairOld(l *List, pr pairRow, who []string, snap *sim.Snapshot, most int, gcEnded bool, notes []segNote, p *Palette, sc float32) []heapSeg {
	h := oldAsDrawn(snap)
	bars, col := pr.old.CutRight(stoppedColW(sc))
	if pr.young.Empty() {
		// A phone's: the heading is the run's name alone.
		l.TextFit(Rect{X: pr.head.X, Y: pr.head.Y, W: pr.head.W, H: pr.head.H}, sc, p.Text, who...)
	} else {
		drawPairHead(l, pr.head, who, snap, most, gcEnded, p, sc)
	}
	var state []string
	if snap.PauseFull && h.OldCap > 0 {
		// Drawn as the collector found it (oldAsDrawn), said so: the
		// same bar read 27 % a moment later.
		pct := Pct(h.OldUsed, h.OldCap) + " full"
		state = []string{pct + " when this GC began", pct}
	}
	segs := drawSpace(l, bars, "old generation", "old", state, h.OldCap, h.OldUsed, func(c sim.AllocCat) sim.Bytes { return h.OldLive[c] }, h.OldGarbage, false, p, sc, notes...)
	if snap.Time > 0 {
		_, pct := stoppedShare(snap)
		_, fill := SpaceBands(bars, sc)
		// The run's Full GCs under its share, where the bar is tall
		// enough: the caption counts the pooled run's ("4 Full GCs so
		// far"), and a reader found that count nowhere in the picture,
		// nor the other run's.
		// (Judged on the column's height, the bar's label line with
		// it, and let reach a few pixels into the gap under the row:
		// the young row's names took a line from each run's row, and
		// the per-request run's "no Full GC yet", the pair's contrast,
		// was gone from the page's opening frame.)
		lines := CharH*1.25*sc + CharH*sc
		counted := col.H+4*sc >= lines+CharH*sc
		if counted {
			lines += CharH * sc
		}
		// Then, half a line apart, how fast the run has gone over the
		// last second, and what a request costs in CPU, each where there
		// is room for its two lines too.
		// (Judged where the lines start, centred on the bar's fill: the
		// column's height alone let the CPU's second line run under the
		// row.)
		top := func(lines float32) float32 { return max(col.Y+sc, fill.Y+(fill.H-lines)/2) }
		fits := func(lines float32) bool { return top(lines)+lines <= col.Bottom()+sc }
		rateAt, cpuAt := float32(-1), float32(-1)
		if two := 2.5 * CharH * sc; counted && snap.LatelySpan > 0 && fits(lines+two) {
			rateAt = lines + CharH*sc/2
			lines += two
		}
		if two := 2.5 * CharH * sc; counted && fits(lines+two) {
			cpuAt = lines + CharH*sc/2
			lines += two
		}
		y := top(lines)
		l.TextBold(col.X+6*sc, y, pct+" stopped", 1.25*sc, p.Text)
		// So far, not now: "is 33 % a running total?"
		l.TextFit(Rect{X: col.X + 6*sc, Y: y + CharH*1.25*sc, W: col.W - 6*sc, H: CharH * sc}, sc, p.TextDim, "for GC so far", "for GC")
		if counted {
			l.TextFit(Rect{X: col.X + 6*sc, Y: y + CharH*2.25*sc, W: col.W - 6*sc, H: CharH * sc}, sc, p.TextDim, fullGCsSoFar(snap.FullGCs)...)
		}
		if rateAt >= 0 {
			drawRateLately(l, col, y+rateAt, snap, p, sc)
		}
		if cpuAt >= 0 {
			drawCPUPerRequest(l, col, y+cpuAt, snap, p, sc)
		}
	}
	return segs
}

// drawRateLately writes under a run's share stopped for GC how many
// requests a second it has done over the last second ("76,577 req/s"
// over "in the last 1 s"): the throughput the story's title compares,
// as it is now. The run's count over its clock is not it: a run whose
// Full GCs pile up slows down over seconds, and its rate so far still
// carries its faster start (vt-pooling's pooled 1 GB run at 4.2 s: 94,900
// a second so far, 76,600 in the last second), which readers set against
// the title's −34 % and found the picture contradicting it.
// rateLatelyWords say the rate's window, under it. ("in the last second"
// needed a wider column, which cost both runs' headings their "(this
// run)" and the pooled old gen's label its fill.)
const rateLatelyWords = "in the last 1 s"

func drawRateLately(l *List, col Rect, y float32, snap *sim.Snapshot, p *Palette, sc float32) {
	rate := snap.RateLately()
	x, w := col.X+6*sc, col.W-6*sc
	first := Count(int64(math.Round(rate))) + " req/s"
	if TextWidth(first, sc) > w {
		return
	}
	l.Text(x, y, first, sc, p.Text)
	l.Text(x, y+CharH*sc, rateLatelyWords, sc, p.TextDim)
	l.detail(Rect{X: col.X, Y: y, W: col.W, H: 2 * CharH * sc}, "Requests a second, lately",
		Count(snap.RequestsLately)+" requests done in the last "+Dur(snap.LatelySpan)+" of this run: how fast it goes now. "+
			"Over its whole "+Dur(sim.Duration(snap.Time))+" it has done "+Count(snap.RequestsDone)+
			" ("+Count(int64(math.Round(float64(snap.RequestsDone)/sim.Duration(snap.Time).Seconds())))+" a second), its first seconds included.")
}

// drawCPUPerRequest writes under a run's share stopped for GC what a
// request has cost it in CPU so far ("52.2 µs of CPU" over "a request"),
// where the column has room: the other half of its throughput. Readers of
// vt-pooling's opening (stop 68) worked out that 32 % stopped against 15 %
// should cost the pooled run about a fifth of its requests, found it 4 %
// behind, and saw nothing on the picture say why: its requests cost less
// (no new thread each), which is also the title's gain with 4 GB.
func drawCPUPerRequest(l *List, col Rect, y float32, snap *sim.Snapshot, p *Palette, sc float32) {
	if snap.RequestsDone <= 0 || snap.CPUBusy <= 0 {
		return
	}
	each := Dur(snap.CPUBusy / sim.Duration(snap.RequestsDone))
	x, w := col.X+6*sc, col.W-6*sc
	if TextWidth(each+" of CPU", sc) > w || TextWidth("a request", sc) > w {
		return
	}
	l.Text(x, y, each+" of CPU", sc, p.TextDim)
	l.Text(x, y+CharH*sc, "a request", sc, p.TextDim)
	l.detail(Rect{X: col.X, Y: y, W: col.W, H: 2 * CharH * sc}, "CPU a request",
		"The CPU time this run's threads have used so far, "+Dur(snap.CPUBusy)+", over the "+Count(snap.RequestsDone)+" requests done: what a request costs it. "+
			"While the carriers are busy, that and the share of time stopped for GC set the throughput: requests a second ≈ CPUs × (1 − share stopped) ÷ CPU a request.")
}

// fullGCsSoFar says how many Full GCs a run has had, longest first ("4
// Full GCs so far", "4 Full GCs", "4 Full"; "no Full GC yet").
func fullGCsSoFar(n int64) []string {
	if n == 0 {
		return []string{"no Full GC yet", "no Full GC"}
	}
	many := Count(n) + plural(int(n), " Full GC", " Full GCs")
	return []string{many + " so far", many, Count(n) + " Full"}
}

// drawPair draws the two runs in r, one row each laid out alike: the
// shown run's (its old gen's parts returned, for the threads' arrow) and
// the compared run's, each with its threads, its young spaces (the shown
// run's are drawn by the heap, in rows[0].young), its old gen at one
// scale and its share of the run stopped for GC at its end. Readers
// asked to see the comparison as the frame's mark, each run labelled and
// drawn the same way. rows nil (a phone's): the two old gens share the
// rest of r under one young row.
//
// It also returns the shown run's bar, where the pause's motion (the
// compaction's sweep and plate) is drawn: over both it crossed the
// compared bar's heading.
func (s *Side) drawPair(l *List, r Rect, rows []pairRow, snap *sim.Snapshot, p *Palette, sc float32) ([]heapSeg, Rect) {
	c := s.contrast
	if rows == nil {
		gap := 6 * sc
		half := (r.H - gap) / 2
		for i := range 2 {
			var pr pairRow
			pr.head, pr.old = Rect{X: r.X, Y: r.Y + float32(i)*(half+gap), W: r.W, H: half}.Top(CharH * sc)
			rows = append(rows, pr)
		}
	}
	shown := s.shownName
	if shown == "" {
		shown = "this run"
	}
	most := max(snap.VirtualLive, c.Snap.VirtualLive)
	notes := threadDataNotes(snap, oldAsDrawn(snap), s.merged)
	for i := range notes {
		// As the compared bar's (endedGarbageNote): slivers beside the
		// lesson are said on point.
		notes[i].thinOnPoint = true
	}
	// "(this run)" as the compared row's "(other run)": without it a
	// reader could not tell which of the two rows the page's run was.
	segs := drawPairOld(l, rows[0], []string{shown + " (this run)", shown}, snap, most, s.fullGCJustEnded(), notes, p, sc)
	if !rows[1].young.Empty() {
		eden, s0, s1 := youngRects(rows[1].young, &c.Snap.Heap, sc)
		s.drawYoung(l, eden, s0, s1, c.Snap, true, p, sc)
	}
	// The compared run's bar is named as such on point (its words are
	// the same as the shown bar's).
	// Its garbage is its lesson (its threads end, their data dies), said
	// why it is harmless on it: the data of ended requests, promoted by
	// young GCs while in flight, which the next Full GC frees ("does
	// 'full' count garbage? why is that fine?"). Its other parts are
	// named, not measured, as the shown bar's are.
	drawPairOld(l, rows[1], []string{c.Name + " (separate run, same load)", c.Name + " (separate run)", c.Name + " (other run)", c.Name}, c.Snap, most, false,
		[]segNote{endedGarbageNote()}, p, sc)
	for i, x := range []struct {
		name string
		s    *sim.Snapshot
		what string
	}{{"time stopped for GC", snap, "this run"}, {"compared case's time stopped for GC", c.Snap, "the case compared (" + c.Title + ")"}} {
		_, col := rows[i].old.CutRight(stoppedColW(sc))
		l.detail(col, x.name, "In "+x.what+", garbage collection has stopped every thread for "+Dur(x.s.GCPauseTotal)+" of "+
			Dur(sim.Duration(x.s.Time))+" so far, in "+Count(x.s.FullGCs)+" Full + "+Count(x.s.YoungGCs)+" young GCs.")
	}
	ch := &c.Snap.Heap
	full := fullGCsSoFar(c.Snap.FullGCs)[0]
	l.detail(Rect{X: rows[1].head.X, Y: rows[1].head.Y, W: rows[1].head.W, H: rows[1].old.Bottom() - rows[1].head.Y}, "compared case's old generation",
		"The same moment in the case compared ("+c.Title+"): a second simulation of the same workload, "+
			"with the same knobs and seed, run beside this one in a JVM of its own (its own "+Size(ch.Max)+" heap, its own threads). It has "+
			Count(int64(c.Snap.VirtualLive))+" live virtual threads, one per request in flight. Its old generation holds "+Size(ch.OldUsed)+" of "+Size(ch.OldCap)+", "+Size(ch.OldGarbage)+
			" of it garbage: the data of requests that have ended, which young GCs promoted while the requests were in flight; no thread uses it, and the next collection of the old gen (a Full GC) frees it. "+
			Size(ch.OldLive[sim.CatThreadLocal])+" thread-local data; "+full+". Drawn to the scale of the old generation above: its threads end, so their data dies.")
	bar, _ := rows[0].old.CutRight(stoppedColW(sc))
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

// CommonPart is the comma-separated parts title starts with in common
// with other ("1 GB heap" for "1 GB heap, 10,000 pooled virtual threads"
// beside "1 GB heap, a virtual thread per request"): what DistinctPart
// leaves out; empty when nothing is shared.
func CommonPart(title, other string) string {
	d := DistinctPart(title, other)
	if d == title {
		return ""
	}
	return strings.TrimSuffix(strings.TrimSuffix(title, d), ", ")
}

// drawPairColumns draws the two runs as two columns laid out alike
// (Scene.PairColumns, a desktop's): the shown run on the left, the
// compared one on the right, each from its own snapshot, top to bottom:
// its name (its threads are said by it and counted on point); its eden
// as a small bar at the old gen's scale (edenrow.go); its old
// generation, big, at the heap's scale (the same capacity across the
// same width), with what a Full GC frees of it under it; and, in bold,
// its share of the run stopped for GC over a bar of it, split into its
// young and Full GCs' pauses (pauseparts.go). Readers of the rows asked
// for the two runs side by side, each with its own marks in matching
// places, so that the marks carry the comparison. r is the panel, body
// its inside. It returns the shown run's old gen's parts and bar.
//
// On a phone (a body too narrow for two columns) the runs are two rows
// instead, each its name, its eden beside its old gen (a row of its own
// kept the old gens too thin to read) and its share's bar with the
// share's words beside it.
func (s *Side) drawPairColumns(l *List, r, body Rect, snap *sim.Snapshot, p *Palette, sc float32) ([]heapSeg, Rect) {
	c := s.contrast
	row := CharH * sc
	gap := 2 * CharW * sc
	colW := (body.W - gap) / 2
	stacked := colW < pairColumnMinW*sc
	if stacked {
		gap = row / 2
		colW = body.W
	}
	both := snap.Paused && c.Snap.Paused && snap.PauseFull == c.Snap.PauseFull
	if both {
		// One pause state for both runs, said once over the panel's
		// title: each column's "stopped now" twice read as one JVM.
		// A flag as long as its words, words alone: the stripes of
		// "stopped for GC" here sent readers looking for stripes in
		// the heap (the stripes are each run's share bar's).
		// (Not "now": the step line under the caption says the pause
		// began.)
		band, _ := r.Inset(1).Top(PanelTitleH(sc))
		t := ""
		for _, w := range bothPausedWords(snap) {
			if TextWidth(w, sc)+8*sc <= band.W {
				t = w
				break
			}
		}
		b := Rect{X: band.X, Y: band.Y, W: min(band.W, TextWidth(t, sc)+8*sc), H: band.H}
		l.Rect(b, p.Background)
		l.Frame(b, 1, p.PanelEdge)
		l.Text(b.X+4*sc, b.Y+(b.H-row)/2, t, sc, p.Text)
		l.detail(b, "GC pause", "Both runs are in a stop-the-world "+PauseKind(snap)+" at this moment, each in its own JVM: every Java thread of each is stopped until its collector is done. "+
			"The two runs allocate alike, so their young generations fill at about the same moments."+youngGCSay(snap, c.Snap))
	}
	shown := s.shownName
	if shown == "" {
		shown = "this run"
	}
	var segs []heapSeg
	var shownBar Rect
	for i, run := range []struct {
		names []string
		snap  *sim.Snapshot
		notes []segNote
		what  string
	}{
		// The names alone: "(this run)" and "(separate run)" read as
		// two kinds of run; the header says they are two runs of one
		// load.
		{[]string{shown}, snap, liveDataNotes(snap), "this run"},
		// Its garbage is its lesson (its threads end, their data
		// dies), said why it is harmless in a few words on it.
		{[]string{c.Name}, c.Snap,
			[]segNote{endedGarbageNote()},
			"the case compared (" + c.Title + ")"},
	} {
		col := Rect{X: body.X + float32(i)*(colW+gap), Y: body.Y, W: colW, H: body.H}
		if stacked {
			rowH := (body.H - gap) / 2
			col = Rect{X: body.X, Y: body.Y + float32(i)*(rowH+gap), W: body.W, H: rowH}
		}
		rs := run.snap
		title, rest := col.Top(row * 1.25)
		name := title
		if rs.Paused && !both {
			// Its own pause, from its own snapshot: a flag at the
			// title's end, framed as the pair's "both runs in a young
			// GC" is, in words alone (the stripes are the share bars').
			t := PauseKind(rs) + " now"
			if stacked {
				// A phone's row keeps room for the run's name.
				t = PauseKind(rs)
			}
			tw := TextWidth(t, sc)
			var st Rect
			name, st = title.CutRight(tw + 12*sc)
			st = Rect{X: st.X + 2*sc, Y: st.Y, W: st.W - 2*sc, H: row + 2*sc}
			l.Rect(st, p.Background)
			l.Frame(st, 1, p.PanelEdge)
			l.Text(st.X+4*sc, st.Y+sc, t, sc, p.Text)
		}
		// Bold, the column's title: which run the marks under it are
		// (smaller where no name fits large: a phone's row beside its
		// pause's flag).
		drawBoldFit(l, name, p, []float32{1.25 * sc, sc}, run.names...)
		// The run's threads are said by its title (pooled, kept; or one
		// per request) and counted on point: a row of ten squares for
		// 10,000 beside ten for 9,986 told a reader nothing.
		l.detail(title, "live virtual threads", Count(int64(rs.VirtualLive))+" live virtual threads, "+threadLifeWords(i == 0)+": "+
			Count(int64(rs.RunQueueLen))+" waiting for a carrier, the rest running on the carriers or parked. "+
			Count(int64(len(rs.Carriers)))+" carriers (OS threads) run them.")
		// Eden over the old gen, at its scale (edenrow.go): what a young
		// GC empties. The survivor spaces, slivers readers called noise
		// between the titles and the old gens, are said on point.
		rest.Y += 2 * sc
		rest.H -= 2 * sc
		// A phone's row has no room for a row of eden: it is drawn at
		// its old gen's left instead, as the heap lays them out.
		var edenRow, edenBox Rect
		if !stacked {
			edenRow, rest = rest.Top(edenRowH(sc))
		}
		// The share's words: a line over its bar on a desktop; beside
		// its bar on a phone's row, outside its track (in the track
		// after the stripes, "33 %" made the fill look shorter than it).
		headH := 1.25*row + 4*sc
		if stacked {
			headH = 0
		}
		shareH := gcShareH(sc)
		if stacked && rest.H-4*sc-shareH < 3*CharH*sc {
			// A phone's row the step line's caption has made too low for
			// the old gen's label over its bar: the parts' words go to
			// the share's hover, and the bar is drawn whole, without
			// its parts and ticks (drawGCShareBar).
			shareH = gcShareBarH(sc)
		}
		old, line := rest.CutBottom(4*sc + headH + shareH)
		// Under a column's bar, what a Full GC frees; a phone's row has
		// no room for it (its hover says it).
		var frees Rect
		if !stacked {
			old, frees = old.CutBottom(fullGCFreesH(sc))
		}
		h := oldAsDrawn(rs)
		if stacked {
			edenBox, old = edenBeside(old, h, sc)
		}
		var state []string
		if rs.PauseFull && h.OldCap > 0 {
			pct := Pct(h.OldUsed, h.OldCap) + " full"
			state = []string{pct + " when this GC began", pct}
		}
		sg := drawSpace(l, old, "old generation", "old", state, h.OldCap, h.OldUsed, func(c sim.AllocCat) sim.Bytes { return h.OldLive[c] }, h.OldGarbage, false, p, sc, run.notes...)
		// (Its words only when the label leaves them room: during a Full
		// GC the label says how full the collector found it.)
		drawFullGCEdge(l, old, len(state) == 0, p, sc)
		for _, g := range sg {
			if g.words == "garbage" && !stacked {
				drawFullGCFrees(l, frees, g, rs, h, p, sc)
			}
		}
		if stacked {
			drawEdenBox(l, edenBox, rs, p, sc)
		} else {
			drawEdenRow(l, edenRow, old, rs, p, sc)
		}
		if i == 0 {
			segs, shownBar = sg, old
		}
		if rs.Time > 0 {
			_, pct := stoppedShare(rs)
			// Which kinds of pause made it is the bar's parts' words.
			bar := Rect{X: line.X, Y: line.Y + 4*sc + headH, W: line.W, H: shareH}
			track := bar.W
			if stacked {
				// As long in both rows: the words' room is the longest
				// share's.
				ww := TextWidth("100 % stopped for GC", sc) + 8*sc
				track -= ww
				drawBoldFit(l, Rect{X: bar.X + track + 8*sc, Y: bar.Y, W: ww - 8*sc, H: row}, p, []float32{sc},
					pct+" stopped for GC", pct+" stopped")
			} else {
				drawBoldFit(l, Rect{X: line.X, Y: line.Y + 4*sc, W: line.W, H: 1.25 * row}, p, []float32{1.25 * sc},
					// The time as the header's clock writes it ("2.75 s",
					// not "2.750 s" under it).
					pct+" of "+Clock(sim.Duration(rs.Time))+" stopped for GC", pct+" of time stopped for GC", pct+" stopped for GC", pct+" stopped")
			}
			drawGCShareBar(l, bar, track, rs, p, sc)
			l.detail(line, "time stopped for GC", "In "+run.what+", garbage collection has stopped every thread for "+Dur(rs.GCPauseTotal)+" of "+
				Dur(sim.Duration(rs.Time))+" so far, in "+Count(rs.FullGCs)+" Full + "+Count(rs.YoungGCs)+" young GCs; it has finished "+Count(rs.RequestsDone)+" requests. "+
				// The requests done are here, not in the frame: beside the
				// shares, 33 % against 15 % stopped with about 5 % fewer
				// requests read as numbers that do not add up.
				"A share of time stopped is not that share of requests lost: a stop while the threads were waiting on their backend costs no request.")
		}
	}
	ch := &c.Snap.Heap
	other := Rect{X: body.X + colW + gap, Y: body.Y, W: colW, H: body.H}
	if stacked {
		other = Rect{X: body.X, Y: body.Y + (body.H+gap)/2, W: body.W, H: (body.H - gap) / 2}
	}
	l.detail(other, "compared case's old generation",
		"The same moment in the case compared ("+c.Title+"): a second simulation of the same workload, "+
			"with the same knobs and seed, run beside this one in a JVM of its own (its own "+Size(ch.Max)+" heap, its own threads). It has "+
			Count(int64(c.Snap.VirtualLive))+" live virtual threads, one per request in flight. Its old generation holds "+Size(ch.OldUsed)+" of "+Size(ch.OldCap)+", "+Size(ch.OldGarbage)+
			" of it garbage: the data of requests that have ended, which young GCs promoted while the requests were in flight; no thread uses it, and the next collection of the old gen (a Full GC) frees it. "+
			Size(ch.OldLive[sim.CatThreadLocal])+" thread-local data; "+Count(c.Snap.FullGCs)+plural(int(c.Snap.FullGCs), " Full GC", " Full GCs")+" so far. "+
			"When it fills, one Full GC frees all of its garbage at once, and the old gen starts again nearly empty; the pooled run's Full GCs free none of its threads' data, so it fills again soon. "+
			"Drawn to the scale of the old generation on the left: its threads end, so their data dies.")
	return segs, shownBar
}

// pairColumnMinW is the least width of a run's column of the pair (in
// layout pixels): under it the runs are rows (a phone's).
const pairColumnMinW = 36 * CharW

// drawBoldFit writes in bold, at r's left and top, the first of words
// that fits r's width at the first of sizes that lets one fit; nothing
// where none does.
func drawBoldFit(l *List, r Rect, p *Palette, sizes []float32, words ...string) {
	for _, size := range sizes {
		for _, t := range words {
			if TextWidth(t, size) <= r.W {
				l.TextBold(r.X, r.Y, t, size, p.Text)
				return
			}
		}
	}
}

// PauseKind names the kind of snap's pause ("young GC", "Full GC").
func PauseKind(snap *sim.Snapshot) string {
	if snap.PauseFull {
		return "Full GC"
	}
	return "young GC"
}

// bothPausedWords is the pair's flag while both runs are in one kind of
// pause, longest first. A young GC's says what it does: it is emptying
// eden ("empties" beside the eden bars drawn full during the pause read as
// a contradiction),
// each run's small bar over its old gen (drawEdenRow). Readers found the
// step line's "a young GC began" tied to no mark in the picture, whose
// bars were the old gens alone.
func bothPausedWords(snap *sim.Snapshot) []string {
	t := "both runs in a " + PauseKind(snap)
	if snap.PauseFull {
		return []string{t}
	}
	return []string{"young GC in both runs: emptying eden", t}
}

// youngGCSay is, during a young GC of both runs (shown and other), what
// it collects in each, from their heaps: their edens, and that the old
// gens' garbage waits for a Full GC. Empty during a Full GC.
func youngGCSay(shown, other *sim.Snapshot) string {
	if shown.PauseFull || other.PauseFull {
		return ""
	}
	return " A young GC collects eden, where new objects are made (" + Size(shown.Heap.EdenCap) + " in this run, " + Size(other.Heap.EdenCap) +
		" in the other): it copies what is still used onward and empties it. It never frees the old generation's garbage; only a Full GC does. " +
		"This pause ends in " + Dur(sim.Duration(shown.PauseEnd-shown.Time)) + " in this run, " + Dur(sim.Duration(other.PauseEnd-other.Time)) + " in the other."
}

// threadLifeWords says how long a run's threads live, the difference
// between the pair (both hold about as many live threads): the pooled
// run's are kept for good, the other's each live for one request.
func threadLifeWords(pooled bool) string {
	if pooled {
		return "kept for the whole run (pooled)"
	}
	return "one per request in flight, each ending with its request"
}

// drawFullGCEdge marks an old gen's right edge (old, the space as
// drawSpace drew it) as where a Full GC runs, and says so at it, where
// the words fit (else neither): the
// collector runs one when the old gen cannot take what the next young GC
// would promote into it, i.e. when it is (all but) full. Readers saw a
// fuller old gen with "young GCs only" and asked where the threshold was.
func drawFullGCEdge(l *List, old Rect, say bool, p *Palette, sc float32) {
	band, fill := SpaceBands(old, sc)
	if band.Empty() || fill.Empty() {
		return
	}
	x := fill.Right() - 2*sc
	t := "Full GC when full"
	// Clear of the band's own label ("old generation 910 MB: 82 %
	// full"), as drawn: on a phone's bar the two ran into each other.
	w := TextWidth(t, sc)
	left, clear := titleGap(l, old, w+4*sc, sc)
	if say && clear && w+8*sc < band.W/2 && x-w-6*sc >= left {
		// The mark only with its words: bare (a phone's bar, a GC's
		// state on the label line) it was a white line readers could
		// not read. Over the bar's own frame, thick enough to be seen.
		l.Rect(Rect{X: x, Y: band.Y, W: 4 * sc, H: fill.Bottom() - band.Y + sc}, p.Text)
		tr := Rect{X: x - w - 6*sc, Y: band.Y, W: w + 4*sc, H: band.H}
		l.Rect(tr, p.Background)
		l.Text(tr.X+2*sc, band.Y+(band.H-CharH*sc)/2, t, sc, p.Text)
		l.detail(Rect{X: tr.X, Y: band.Y, W: x + 2*sc - tr.X, H: fill.Bottom() - band.Y}, "Full GC threshold",
			"A Full GC runs when the old generation can no longer take what the next young GC would promote into it: when this bar is (all but) full. "+
				"Only a Full GC frees the old generation's garbage; young GCs never touch it.")
	}
}

// liveDataNotes is threadDataNotes for a column of the pair, with the
// reason its part stays, in a few words over its label: readers told the
// live block from the dead one beside it only by colour.
func liveDataNotes(snap *sim.Snapshot) []segNote {
	h := oldAsDrawn(snap)
	notes := threadDataNotes(snap, h, true)
	if len(notes) == 0 && h.OldLive[sim.CatThreadLocal] > 0 {
		// Not yet the old gen's bulk (the first Full GC's 121 MB beside
		// 661 MB of garbage): named live all the same, not drawn large
		// (its size alone on a pink block was "121 MB of what?").
		notes = []segNote{{cat: sim.CatThreadLocal}}
	}
	for i := range notes {
		// What a Full GC frees of it, the lesson: nothing (its threads
		// keep it; the hover says so). Shorter forms for a narrow block
		// (the first Full GC's 121 MB had its size alone).
		notes[i].why = []string{"live: no GC frees it", "live: kept", "live"}
		// Beside the two blocks the pair compares (live, dead), the
		// Thread objects' and StackChunks' slivers were lines too thin
		// to name ("why would ended threads leave Thread objects?").
		notes[i].thinOnPoint = true
	}
	return notes
}

// endedGarbageNote names the compared run's old-gen garbage in its one
// label (whose it is: the data of ended requests and their threads'
// thread-locals, which readers looked for and did not find) and says over
// it that it is dead, and why, as the pooled run's block says it is live
// (readers told the two apart only by colour). What frees it is the bracket's under the bar
// (drawFullGCFrees). Without its size: a 613 MB grey block beside a
// 549 MB pink one read as "about the same", though one is kept and the
// other dead (its bytes are on point). Its garbage is its lesson (its
// threads end, their data dies): big marks the bar as the lesson's.
// Its shorter names keep the word "garbage" while they fit (a phone's
// bar, beside its eden): the legend's word for its grey ("data of ended
// requests" on a phone beside the legend's "garbage" was asked about). Its why says
// "garbage:" as the pooled block's says "live:", over what it holds:
// "dead: their threads ended" over "garbage: requests' data and
// thread-locals" read as two things in one block.
func endedGarbageNote() segNote {
	return segNote{cat: sim.CatGarbage, big: true, unsized: true, thinOnPoint: true, names: []string{"requests' data and thread-locals", "garbage of ended requests", "ended requests' garbage", "requests' garbage", "data of ended requests"}, why: []string{"garbage: their threads ended", "garbage: no thread uses it", "garbage"}}
}
