package view

import "github.com/loomlab/loomlab/sim"

// The backlog behind a pool: in a still frame where more tasks wait in a
// pool's queue than the pool has platform threads, the waiting tasks are
// drawn as a grid at the scale of the pool's threads in the panel under
// them (one square = k, said once). Drawn as a row of 36 squares "and
// 8,764 more" above a grid of 200 threads, the queue looked the smaller.

// backlogGrid reports whether a side draws its task queue as a grid at
// the pool's scale: a still frame of platform threads, none of them
// waiting for a CPU (the queue has its strip's width), more tasks queued
// than the pool has threads, and enough threads to keep a few squares.
func backlogGrid(in *SideInput, still bool) bool {
	s := in.Snap
	return still && !in.Virtual && s.ExecQueued > s.PlatformApp && waitingPlatform(s) >= minSharedSquares && threadsWaiting(in) == 0
}

// waitingPlatform counts the program's platform threads that wait (the
// parked panel's threads).
func waitingPlatform(s *sim.Snapshot) int {
	n := 0
	for _, c := range s.PlatformParked {
		n += c
	}
	return n
}

// backlogScale is the fewest tasks and threads a square stands for so
// that n tasks fit in body as squares of the parked grid's density cells
// with a line under them for the scale, and the waiting threads keep
// minSharedSquares squares; 0 when none does (nor more than one a square).
func backlogScale(body Rect, n, threads int, sc float32) int {
	gap := max(1, sc)
	cell := 6 * sc
	cols := int((body.W + gap) / (cell + gap))
	rows := int((body.H - CharH*sc + gap) / (cell + gap))
	if cols < 1 || rows < 1 {
		return 0
	}
	k := 2
	for (n+k-1)/k > cols*rows {
		k = RoundScale(k + 1)
	}
	if threads/k < minSharedSquares {
		return 0
	}
	return k
}

// drawBacklog draws n tasks in body as squares of k each (the last one
// the part of a square it holds), the scale under them; it reports false,
// drawing nothing, where they do not fit.
func drawBacklog(l *List, body Rect, n, k int, p *Palette, sc float32) bool {
	if !backlogFits(body, n, k, sc) {
		return false
	}
	gap := max(1, sc)
	cell := 6 * sc
	cols := int((body.W + gap) / (cell + gap))
	full, part := n/k, n%k
	cells := full + btoi(part > 0)
	g := cellGrid{r: body, cols: cols, cell: cell, gap: gap}
	g.runs(l, []segment{{full, MeanRequest.Color(p), MeanRequest}}, p.Panel)
	if part > 0 {
		cr := g.cellRect(full)
		cr.W = max(1, cr.W*float32(part)/float32(k))
		l.Mark(cr, MeanRequest, p, 1)
	}
	ny := body.Y + float32(g.rows(cells))*g.pitch()
	c := Count(int64(k))
	// What a square counts, as the threads' scale says "threads" (a
	// bare "1 square = 20" left readers asking 20 of what).
	l.TextFit(Rect{X: body.X, Y: ny, W: body.W, H: CharH * sc}, sc, p.TextDim,
		"1 square = "+c+" tasks", "1 square = "+c)
	return true
}

// backlogFits reports whether n tasks at k a square, with the scale's
// line under them, fit in body (drawBacklog draws them there).
func backlogFits(body Rect, n, k int, sc float32) bool {
	gap := max(1, sc)
	cell := 6 * sc
	cols := int((body.W + gap) / (cell + gap))
	cells := (n + k - 1) / k
	return cols >= 1 && k >= 2 && float32((cells+cols-1)/cols)*(cell+gap)+CharH*sc <= body.H+0.01
}
