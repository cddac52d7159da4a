package view

import "github.com/loomlab/loomlab/sim"

// The compared case, seen: under a pool's backlog grid, two thick bars on
// one time axis, from 0 to when the pool's batch should end. The pool's
// bar is filled up to now and pale after, to the end expected at the rate
// its tasks have left the queue so far; the compared case's, run beside it
// by the playground to the same simulated time (SideInput.Contrast), ends
// where its own batch did. A reader shown the pool alone, with the other
// case as a thin bar of task counts, missed the lesson's numbers (about
// 5 s against 152.6 ms): both are lengths now, at one scale. Both bars are
// times (MeanRunTime, a time chart: timechart.go), whichever threads ran
// them: the pool's in the platform threads' pink read as a thread.

// expectedAlpha is the pale of a bar's expected part, not yet run: the
// bar's own colour, so the pool's run reads as one bar to its expected
// end (an empty frame there, in the panel's edge colour, all but vanished,
// and readers took the axis to end at now: 152 ms looked comparable to
// ~5,000 ms).
const expectedAlpha = 0.35

// taskContrastH is the height of the two rows (a line of words over a
// thick bar each) and of the time axis under them.
func taskContrastH(sc float32) float32 {
	return 2*(CharH*sc+2*sc) + 2*(timeBarH(sc)+4*sc) + axisH(sc) + 2*sc
}

// taskContrastMinH is the least height the two rows are drawn in: a
// phone's strip has no room for a line of words over each bar, so the
// words go into the bar's row (compactBarH), beside its mark.
func taskContrastMinH(sc float32) float32 {
	return 2*(compactBarH(sc)+4*sc) + axisH(sc) + 2*sc
}

// compactBarH is a bar's thickness in the compact rows: a line of words.
func compactBarH(sc float32) float32 { return CharH*sc + 2*sc }

// axisH is the time axis: a rule with its ticks over a line of labels.
// A reader shown the bars without it read the pool's as a progress bar
// and could not tell the two shared one clock.
func axisH(sc float32) float32 { return 4*sc + CharH*sc }

// timeBarH is a bar's thickness: more than a line of text, so the bars
// are the panel's biggest marks (one and a half lines leaves the time
// axis its line).
func timeBarH(sc float32) float32 { return 1.5 * CharH * sc }

// drawsTaskContrast reports whether the compared case's batch can be
// drawn beside the shown one's: a batch of known size in both (the same
// knobs, so the same size).
func drawsTaskContrast(c *Contrast, total int64) bool {
	return c != nil && c.Snap != nil && total > 0 && c.Snap.RequestsDone <= total
}

// expectedEnd is when a batch of total tasks should end if its tasks keep
// leaving the queue at the rate they have so far: the time now times the
// batch over the tasks started (done or under way). A pool runs its tasks
// in rounds of its size, so the rate holds until the queue is empty.
// ok is false before any task has started.
func expectedEnd(s *sim.Snapshot, total int64) (end sim.Time, ok bool) {
	started := total - int64(s.ExecQueued)
	if started <= 0 || s.Time <= 0 {
		return 0, false
	}
	end = sim.Time(float64(s.Time) * float64(total) / float64(started))
	return max(end, s.Time), true
}

// roughMs writes an estimate to the 10 ms ("~5,000 ms"): its last digits
// would claim a precision it has not.
func roughMs(t sim.Time) string {
	ms := (int64(t) + 5*int64(sim.Millisecond)) / (10 * int64(sim.Millisecond)) * 10
	return "~" + Count(ms) + " ms"
}

// drawTaskContrast draws the two rows in r (taskContrastH high, or down
// to taskContrastMinH with the words in the bars' rows): the shown pool's
// and the compared case's.
func drawTaskContrast(l *List, r Rect, shown *sim.Snapshot, c *Contrast, total int64, p *Palette, sc float32) {
	end, ok := expectedEnd(shown, total)
	if !ok {
		return
	}
	// The compared case is named by the threads that run its tasks.
	cv := c.Snap.VirtualLive > 0 || c.Snap.Mounts > 0
	// The frame calls the batch's units tasks (its scenario's cases say
	// requests).
	other := "platform threads"
	if cv {
		other = "virtual threads"
	}
	// The axis runs to the later of the two ends: the pool's expected one,
	// or the compared case's when it is the slower.
	axis := max(end, c.Snap.Time)
	// Under the full height (a phone's strip), each row's words are in
	// it, beside its mark, instead of on a line over it.
	compact := r.H < taskContrastH(sc)
	barH := timeBarH(sc)
	if compact {
		barH = compactBarH(sc)
	}
	bar := func(y float32) Rect { return Rect{X: r.X, Y: y, W: r.W, H: barH} }
	inRow := func(b Rect, x float32) Rect {
		return Rect{X: x + 4*sc, Y: b.Y + (b.H-CharH*sc)/2, W: b.Right() - x - 8*sc, H: CharH * sc}
	}
	at := func(b Rect, t sim.Time) float32 { return b.X + b.W*float32(float64(t)/float64(axis)) }
	line := func(y float32) Rect { return Rect{X: r.X, Y: y, W: r.W, H: CharH * sc} }

	y := r.Y + 2*sc
	// The bar's words name the run, not a count: "1,000 done" over it
	// read as a progress bar (the count is the header's).
	if !compact {
		l.TextFit(line(y), sc, p.Text, "fixed pool", "pool")
		y += CharH*sc + 2*sc
	}
	pool := bar(y)
	nowX := at(pool, shown.Time)
	l.Mark(Rect{X: pool.X, Y: pool.Y, W: max(nowX-pool.X, 1), H: pool.H}, MeanRunTime, p, 1)
	// The rest of the pool's run is not simulated yet: the bar goes on
	// pale to its expected end, its length a rule over the state so far
	// (the rule is the hover's).
	endX := max(at(pool, end), nowX)
	rest := Rect{X: nowX, Y: pool.Y, W: endX - nowX, H: pool.H}
	l.Mark(rest, MeanRunTime, p, expectedAlpha)
	// Its words at its right end, where the end is expected, with when:
	// "finishes at ~5,000 ms" (the "~" an estimate's), as the compared
	// row says "done at 152.4 ms". A bare "finishes" sent readers to the
	// axis's end for its number. ("done" alone there read as "fixed
	// pool: done" beside 1,000 of 10,000 tasks done.) Where the words
	// with the number do not fit, the axis's end says it (saidEnd).
	name := ""
	if compact {
		// The run's name where the pale part starts (the filled part
		// is too short for it early in the run), before the end's words.
		name = "fixed pool"
	}
	room := rest.W - 8*sc
	if name != "" {
		room -= TextWidth(name, sc) + 2*CharW*sc
	}
	endWords, saidEnd := "", false
	// "expected:" where it fits says what the pale part is: its colour
	// is not in the legend, which two readers asked for.
	for _, w := range []string{"expected: finishes at " + roughMs(end), "finishes at " + roughMs(end), "finishes " + roughMs(end), "finishes"} {
		if TextWidth(w, sc) <= room {
			endWords, saidEnd = w, w != "finishes"
			break
		}
	}
	if endWords != "" {
		l.TextRight(inRow(rest, rest.X), endWords, sc, p.Text)
	}
	if in := inRow(rest, rest.X); name != "" && TextWidth(name, sc) <= in.W-TextWidth(endWords, sc)-2*CharW*sc {
		l.TextFit(in, sc, p.Text, name)
	}
	y += pool.H + 4*sc

	var words []string
	if c.Snap.RequestsDone >= total {
		// The run ended when its last task did: its clock stopped there.
		t := Dur(sim.Duration(c.Snap.Time))
		words = []string{other + ", separate run: done at " + t, other + ": done at " + t, "done at " + t}
	} else {
		n := Count(c.Snap.RequestsDone) + " done by now"
		words = []string{other + ", separate run: " + n, other + ": " + n, n}
	}
	if !compact {
		l.TextFit(line(y), sc, p.Text, words...)
		y += CharH*sc + 2*sc
	}
	vb := bar(y)
	vEnd := max(at(vb, c.Snap.Time), vb.X+1)
	l.Mark(Rect{X: vb.X, Y: vb.Y, W: vEnd - vb.X, H: vb.H}, MeanRunTime, p, 1)
	if compact {
		// Beside its end (past now's tick, when the run ended before it).
		x := vEnd
		if nowX >= vEnd {
			x = nowX + max(sc, 1)
		}
		l.TextFit(inRow(vb, x), sc, p.Text, words...)
	}
	l.drewContrast()
	l.timeChart(r)
	// Now, on both bars (not across the words between them): where the
	// shown frame stands on the axis.
	for _, b := range []Rect{pool, vb} {
		l.Rect(Rect{X: nowX, Y: b.Y - 2*sc, W: max(sc, 1), H: b.H + 4*sc}, p.Text)
	}
	drawTimeAxis(l, Rect{X: r.X, Y: vb.Bottom() + 4*sc, W: r.W, H: axisH(sc)}, nowX, shown.Time, axis, end, saidEnd && axis <= end, p, sc)

	axisEnd := roughMs(end)
	if axis > end {
		axisEnd = Dur(sim.Duration(axis))
	}
	l.detail(r, "the pool against "+other, "Both bars are simulated time on one axis, 0 to "+axisEnd+". Top, this fixed pool: filled up to now ("+
		Dur(sim.Duration(shown.Time))+", "+Count(shown.RequestsDone)+" of "+Count(total)+" tasks done), then pale up to when it should end if tasks "+
		"keep leaving its queue at the rate they have so far ("+Count(total-int64(shown.ExecQueued))+" started in "+Dur(sim.Duration(shown.Time))+"): an estimate. "+
		"Below, "+c.Title+": the same tasks with the same knobs and seed, in a separate run of the model on its own machine, from the same 0 ms: "+Count(c.Snap.RequestsDone)+" done"+endedWords(c.Snap)+".")
}

// drawTimeAxis draws the bars' one clock in r: a rule from 0 to the
// axis's end with a tick at each end and at now (nowX), labelled "0 ms",
// "now 600 ms" and the end: the pool's expected one ("~"), or the
// compared case's when that is the later. The end is said there unless
// the pool's bar, ending at the axis's end, says it (endOnBar): twice,
// "~5,000 ms" was one number read in two places. (With the pool's rest
// an all but empty frame and its end unsaid on the axis, readers took the
// axis to end at now; the rest is a pale bar to the end now.)
func drawTimeAxis(l *List, r Rect, nowX float32, now, axis, end sim.Time, endOnBar bool, p *Palette, sc float32) {
	w := max(sc, 1)
	l.Rect(Rect{X: r.X, Y: r.Y, W: r.W, H: w}, p.PanelEdge)
	for _, x := range []float32{r.X, r.Right() - w} {
		l.Rect(Rect{X: x, Y: r.Y, W: w, H: 3 * sc}, p.PanelEdge)
	}
	l.Rect(Rect{X: nowX, Y: r.Y, W: w, H: 3 * sc}, p.Text)
	ly := r.Y + 4*sc
	// "0 ms": a bare "0" does not say it is a time.
	zero := "0 ms"
	l.Text(r.X, ly, zero, sc, p.TextDim)
	last := roughMs(end)
	if axis > end {
		last = Dur(sim.Duration(axis))
	}
	if endOnBar {
		last = ""
	}
	lastX := r.Right() - TextWidth(last, sc)
	if last != "" {
		l.Text(lastX, ly, last, sc, p.TextDim)
	}
	// Now's words start at its tick, or end there when the tick is nearer
	// the axis's end; never over the end labels.
	nw := "now " + Clock(sim.Duration(now)) // the header's form
	tw := TextWidth(nw, sc)
	x := nowX + 2*sc
	if x+tw > lastX-CharW*sc {
		x = nowX - 2*sc - tw
	}
	x = max(x, r.X+TextWidth(zero, sc)+CharW*sc)
	if x+tw <= lastX-CharW*sc {
		l.Text(x, ly, nw, sc, p.Text)
	}
}

// endedWords says when a run ended, if it has.
func endedWords(s *sim.Snapshot) string {
	if !s.Done {
		return ""
	}
	return "; its run ended at " + Dur(sim.Duration(s.Time))
}
