package view

import "github.com/loomlab/loomlab/sim"

// The resident memory of the shown run beside the compared one's.
//
// loom-carrier's article compares two runs' resident memory (628 against
// 706 MB). A reader shown one run's 226 MB, early in the run, could not
// find the saving: the heap's pages grow through the run, so neither
// figure is the article's yet. What sets the runs apart, the event loops'
// OS threads, is there from the first request, and so is the gap. Two bars
// to one scale, each cut into the parts the memory line names (heap,
// threads, JVM itself), show where it is: the threads' part. Their title
// says "now" (a reader asked whether the other run's figure was of the same
// moment as this run's "so far").

// rssContrastH is the height drawRSSContrast needs: a title line and a
// row (words over a bar) for each run, as the OS threads' bars have.
func rssContrastH(sc float32) float32 { return osContrastH(sc) }

// rssBarsScale is the share of the row's width w that the longer of the
// two runs' bars takes: all of it, or less where a run's threads' part is
// too narrow for its size and its bar would leave no room after its end
// for "<- 8 carriers". Later in loom-carrier's run the heap's pages grow,
// the shorter bar came within a name's width of the row's end, and the
// carriers' white part went unnamed again. Both bars keep one scale; the
// full width is kept where shrinking them would not do (a bar under two
// thirds of the row) or would un-name a part named at full width (a small
// embed's other run's threads).
func rssBarsScale(runs [2]*sim.Snapshot, w, sc float32) float32 {
	most := max(runs[0].RSS, runs[1].RSS)
	barW := func(run *sim.Snapshot, f float32) float32 { return f * w * float32(run.RSS) / float32(most) }
	f := float32(1)
	for _, run := range runs {
		who := programThreadsWords(run)
		if who == "" || run.RSS <= 0 || threadsNamedIn(run, barW(run, 1), sc) {
			continue
		}
		if need := 3*sc + TextWidth("<- "+who, sc); barW(run, 1)+need > w {
			f = min(f, (w-need)/barW(run, 1))
		}
	}
	if f < 2.0/3 {
		return 1
	}
	for i, run := range runs {
		beside := runs[1-i]
		if run.RSS > 0 && threadsNamedIn(run, barW(run, 1), sc) != threadsNamedIn(run, barW(run, f), sc) {
			return 1
		}
		if jvmNameIn(run, beside, barW(run, 1), sc) != jvmNameIn(run, beside, barW(run, f), sc) {
			return 1
		}
	}
	return f
}

// rssContrasted reports whether a compared run c has a resident memory
// other than the shown run's to draw beside it.
func rssContrasted(shown *sim.Snapshot, c *Contrast) bool {
	return c != nil && c.Snap != nil && shown.RSS > 0 && c.Snap.RSS > 0 && shown.RSS != c.Snap.RSS
}

// drawRSSContrast draws in r the resident memory of the shown run and of
// the compared run c as two bars to one scale. It draws nothing where r is
// too low or rssContrasted is false.
func drawRSSContrast(l *List, r Rect, shown *sim.Snapshot, c *Contrast, p *Palette, sc float32) bool {
	if !rssContrasted(shown, c) || r.H < rssContrastH(sc) {
		return false
	}
	most := max(shown.RSS, c.Snap.RSS)
	other := c.Name
	if other == "" {
		other = "the other run"
	}
	gap := PartsGapWords(shown.RSS, c.Snap.RSS)
	runs := [2]*sim.Snapshot{shown, c.Snap}
	// The gap on the shown run's row: it is this run's saving (or cost)
	// the picture is about.
	// Its threads' part named there too where the bar's is too narrow
	// for its words (a few carriers' part is).
	threads := programThreadsWords(shown)
	if threads == "" {
		threads = "threads"
	}
	// The load as a count where the runs have done the same requests:
	// beside the same "242.0 KB garbage" in both runs' heaps, readers
	// asked whether the figure was a coincidence (it is those requests'
	// garbage, not yet collected).
	sameLoad := []string(nil)
	if n := shown.RequestsDone; n > 0 && c.Snap.RequestsDone == n {
		sameLoad = []string{PartsSize(c.Snap.RSS) + ": " + other + ", same " + Count(n) + " " + plural(int(n), "request", "requests")}
	}
	words := [2][]string{
		{PartsSize(shown.RSS) + ": this run, " + gap + " (its " + threads + ": " + PartsSize(shown.RSSThreads) + ")",
			PartsSize(shown.RSS) + ": this run, " + gap, PartsSize(shown.RSS) + ": this run", PartsSize(shown.RSS)},
		// "Same load" where it fits: a reader guessed that the other run
		// had the same workload on its threads.
		// "Same load" before "separate run" where only one fits: the
		// title already says "both runs".
		append(sameLoad, PartsSize(c.Snap.RSS)+": "+other+", separate run, same load", PartsSize(c.Snap.RSS)+": "+other+", same load",
			PartsSize(c.Snap.RSS)+": "+other+", separate run", PartsSize(c.Snap.RSS)+": "+other,
			// As the shown run's row says "this run" where its gap
			// does not fit: a bare size under "this run" named nothing.
			PartsSize(c.Snap.RSS)+": other run", PartsSize(c.Snap.RSS)),
	}
	scale := float32(0) // the bars' width per byte of the longer run's, set at the first row
	rows := drawTwoRuns(l, r, []string{"resident memory of both runs now, to scale", "resident memory of both runs, to scale", "memory of both runs, to scale", "to scale"}, words, func(i int, row Rect) {
		// The threads' part last, at the bar's end: the JVM's parts of
		// the two runs line up from the left, the bars' ends differ by
		// about what their threads do, and a threads' part too narrow
		// for its name is named just past the end (a few carriers'
		// white part, unnamed in the bar, was asked about).
		if scale == 0 {
			scale = rssBarsScale(runs, row.W, sc)
		}
		bar := row
		bar.W *= scale * float32(runs[i].RSS) / float32(most)
		end, unnamed := drawRSSParts(l, bar, runs[i], runs[i].RSS, true, runs[1-i], p, sc)
		// Each bar's whole length outlined: the JVM's part, on the
		// grid's dark shade, was all but the panel's, and a reader saw
		// words, a gap and a box where the bar was (nv231).
		l.Frame(bar, max(1, sc), p.TextDim)
		if who := programThreadsWords(runs[i]); unnamed && who != "" {
			past := Rect{X: end + 3*sc, Y: bar.Y + (bar.H-CharH*sc)/2, W: row.Right() - end - 3*sc, H: CharH * sc}
			l.TextFit(past, sc, p.Text, "<- its "+who+" "+PartsSize(runs[i].RSSThreads), "<- its "+who, "<- "+who)
		}
	}, p, sc)
	l.detail(rows, comparedRegion+"'s resident memory, beside this run's",
		"Each bar is a run's resident memory at this moment, drawn to one scale and cut into its parts: the heap's pages, the JVM itself, "+
			"then the program's OS threads at the bar's end. This run "+PartsSize(shown.RSS)+" (threads "+PartsSize(shown.RSSThreads)+"), "+other+" "+PartsSize(c.Snap.RSS)+
			" (threads "+PartsSize(c.Snap.RSSThreads)+"), run separately with the same knobs and seed. The heap's pages grow through a run; "+
			"the threads' part is what sets the runs apart.")
	return true
}
