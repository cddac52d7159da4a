package view

import "github.com/loomlab/loomlab/sim"

// The compared case's tasks, seen: under a pool's backlog grid, the batch
// as two bars of equal width, one per case, each all of the batch's tasks
// (the same scale in both): the tasks still to do, queued (the queue's
// colour) or under way (the colour of the thread that holds each), the
// empty rest done. The pool's bar is mostly queue while the compared
// case's, run beside it by the playground at the same simulated time
// (SideInput.Contrast), is empty once its run is over. Readers of the
// pool's frame were told the other case only in words and asked to see it.

// taskContrastH is the height of the two bars' rows.
func taskContrastH(sc float32) float32 { return 2*(CharH*sc+3*sc) + 2*sc }

// drawsTaskContrast reports whether the compared case's batch can be
// drawn beside the shown one's: a batch of known size in both (the same
// knobs, so the same size).
func drawsTaskContrast(c *Contrast, total int64) bool {
	return c != nil && c.Snap != nil && total > 0 && c.Snap.RequestsDone <= total
}

// tasksLeft splits a batch's tasks not done yet into queued and under way.
func tasksLeft(s *sim.Snapshot, total int64) (queued, busy int64) {
	queued = int64(s.ExecQueued)
	busy = max(total-s.RequestsDone-queued, 0)
	return queued, busy
}

// drawTaskContrast draws the two bars in r (taskContrastH high): the
// shown case's (its threads virtual or not) and the compared case's.
func drawTaskContrast(l *List, r Rect, shown *sim.Snapshot, virtual bool, c *Contrast, total int64, p *Palette, sc float32) {
	type row struct {
		label, state string
		snap         *sim.Snapshot
		held         Meaning
	}
	doneWords := func(s *sim.Snapshot) string {
		if s.RequestsDone >= total {
			// The run ended when its last task did: its clock stopped there.
			return "all done at " + Dur(sim.Duration(s.Time))
		}
		return Count(s.RequestsDone) + " done"
	}
	held := func(v bool) Meaning {
		if v {
			return MeanVirtual
		}
		return MeanPlatform
	}
	// The compared case is named by the threads that run its tasks.
	cv := c.Snap.VirtualLive > 0 || c.Snap.Mounts > 0
	other := "platform threads"
	if cv {
		other = "virtual threads"
	}
	rows := []row{
		// The shown case's count is the header's: its bar alone.
		{"pool", "", shown, held(virtual)},
		{other, doneWords(c.Snap), c.Snap, held(cv)},
	}
	labelW := float32(0)
	for _, rw := range rows {
		labelW = max(labelW, TextWidth(rw.label, sc))
	}
	barX := r.X + labelW + 6*sc
	// The bars are as wide as the panel lets both be; a state's words go
	// inside its bar's empty (done) part, where they say what the empty
	// part is, else after the bars.
	fitsInside := func(rw row, w float32) bool {
		q, b := tasksLeft(rw.snap, total)
		return TextWidth(rw.state, sc)+8*sc <= w*float32(total-q-b)/float32(total)
	}
	barW := r.Right() - barX
	for _, rw := range rows {
		if rw.state != "" && !fitsInside(rw, barW) {
			barW = min(barW, r.Right()-barX-TextWidth(rw.state, sc)-6*sc)
		}
	}
	if barW < r.W/3 {
		return
	}
	y := r.Y + 2*sc
	for _, rw := range rows {
		line := Rect{X: r.X, Y: y, W: r.W, H: CharH * sc}
		l.TextFit(Rect{X: r.X, Y: y, W: labelW, H: line.H}, sc, p.TextDim, rw.label)
		bar := Rect{X: barX, Y: y, W: barW, H: line.H}
		l.Rect(bar, p.Background)
		queued, busy := tasksLeft(rw.snap, total)
		x := bar.X
		for _, seg := range []struct {
			n int64
			m Meaning
		}{{queued, MeanRequest}, {busy, rw.held}} {
			w := bar.W * float32(seg.n) / float32(total)
			if seg.n > 0 {
				w = max(w, 1)
			}
			if w = min(w, bar.Right()-x); w > 0 {
				l.Mark(Rect{X: x, Y: bar.Y, W: w, H: bar.H}, seg.m, p, 1)
				x += w
			}
		}
		l.Frame(bar, 1, p.PanelEdge)
		if rw.state != "" {
			if fitsInside(rw, bar.W) {
				l.TextRight(Rect{X: x, Y: bar.Y, W: bar.Right() - x - 4*sc, H: bar.H}, rw.state, sc, p.Text)
			} else {
				l.TextFit(Rect{X: bar.Right() + 6*sc, Y: y, W: r.Right() - bar.Right() - 6*sc, H: line.H}, sc, p.Text, rw.state)
			}
		}
		y += line.H + 3*sc
	}
	cq, cb := tasksLeft(c.Snap, total)
	l.detail(r, "tasks left in each case", "Each bar is all "+Count(total)+" tasks, to one scale: still queued (the queue's colour), under way "+
		"(the colour of the thread that holds each), and done (empty). Below, the case compared ("+c.Title+"), run beside this one with the same "+
		"knobs and seed to the same moment: "+Count(c.Snap.RequestsDone)+" done, "+Count(cq)+" queued, "+Count(cb)+" under way"+
		endedWords(c.Snap)+".")
}

// endedWords says when a run ended, if it has.
func endedWords(s *sim.Snapshot) string {
	if !s.Done {
		return ""
	}
	return "; its run ended at " + Dur(sim.Duration(s.Time))
}
