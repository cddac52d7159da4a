package view

import (
	"strconv"

	"github.com/loomlab/loomlab/sim"
)

// Lanes: one per carrier (ForkJoinPool-1-worker-N) for a virtual-thread
// workload, else one per CPU. A lane with a mounted virtual thread shows its
// token (the thread's id) and a stack bar whose length is the thread's frame
// words on a shared scale and whose colour is its lowest JIT tier. Idle
// lanes are dim; a pinned carrier gets a yellow frame and says why.

// LaneRects returns the rectangles of n lanes in a panel body: one column
// while lanes stay at least laneMinH high, more columns beyond that (a
// machine with 64 or 256 carriers).
func LaneRects(body Rect, n int, sc float32) []Rect {
	if n <= 0 || body.Empty() {
		return nil
	}
	gap := max(1, sc)
	cols := 1
	for cols < n && body.H/float32((n+cols-1)/cols) < laneMinH*sc {
		cols++
	}
	rows := (n + cols - 1) / cols
	h := min(laneMaxH*sc, body.H/float32(rows))
	w := (body.W - gap*float32(cols-1)) / float32(cols)
	out := make([]Rect, n)
	for i := range out {
		c, r := i/rows, i%rows
		out[i] = Rect{X: body.X + float32(c)*(w+gap), Y: body.Y + float32(r)*h, W: w, H: max(0, h-gap)}
	}
	return out
}

func (s *Side) drawLanes(l *List, r Rect, in *SideInput, p *Palette, sc float32) {
	snap := in.Snap
	n := in.LaneCount()
	var title, right string
	if in.Virtual {
		title = "carriers · ForkJoinPool-1"
		right = "parallelism " + strconv.Itoa(snap.Parallelism) + " · mounted " + Count(int64(snap.Mounted))
		if snap.Pinned > 0 {
			right += " · pinned " + Count(int64(snap.Pinned))
		}
	} else {
		title = "CPUs"
		right = strconv.Itoa(snap.Cores) + " cores · no virtual threads"
	}
	body := panel(l, r, title, right, p, sc)
	lanes := LaneRects(body, n, sc)
	s.at.lanes = lanes
	for len(s.heat) < n {
		s.heat = append(s.heat, 0)
	}
	if in.Virtual {
		for i, lr := range lanes {
			var cv *sim.CarrierView
			if i < len(snap.Carriers) {
				cv = &snap.Carriers[i]
			}
			s.drawCarrierLane(l, lr, i, cv, p, sc)
		}
		return
	}
	// CPU lanes: the snapshot says which listed platform threads hold a
	// core but not which core, so they fill the lanes in list order.
	k := 0
	for i, lr := range lanes {
		var pv *sim.PlatformView
		for k < len(snap.Platform) && pv == nil {
			if snap.Platform[k].OnCPU {
				pv = &snap.Platform[k]
			}
			k++
		}
		drawCPULane(l, lr, i, pv, p, sc)
		if pv != nil {
			l.hit(lr, pv.ID)
		}
	}
}

func (s *Side) drawCarrierLane(l *List, lr Rect, i int, cv *sim.CarrierView, p *Palette, sc float32) {
	busy := cv != nil && cv.Thread != 0
	bg := p.Grid
	if !busy {
		bg = p.Panel.Mix(p.Grid, 0.4)
	}
	l.Rect(lr, bg)
	label := "worker-" + strconv.Itoa(i+1)
	text := lr.H >= laneLabelMin*sc
	size := sc
	rest := lr
	if text {
		lw := min(lr.W*0.3, TextWidth("worker-00", size)+6*sc)
		var lab Rect
		lab, rest = lr.Left(lw)
		col := p.TextDim
		if busy {
			col = p.Text
		}
		l.TextIn(lab.PadX(2*sc), label, size, col)
	}
	// Recent activity: mounts on this lane in the last second or so of
	// ticks, as a thin strip under the lane (at fast speeds a mount lasts
	// far less than a frame, so without it busy lanes would look idle).
	if i < len(s.heat) && s.heat[i] > 0.05 {
		a := min(1, s.heat[i]/6)
		l.Rect(Rect{X: rest.X, Y: lr.Bottom() - max(1, 2*sc), W: rest.W * a, H: max(1, 2*sc)}, p.Virtual.Alpha(0.45))
	}
	if cv == nil {
		if text {
			l.TextIn(rest.PadX(2*sc), "not started", size, p.TextDim.Alpha(0.7))
		}
		slot, _ := rest.Inset(max(1, lr.H*0.12)).Left(min(lr.H*3, rest.W*0.4))
		s.at.tokenOnLane(i, slot)
		return
	}
	// The carrier's OS thread: filled dot when it holds a core.
	dot := min(lr.H*0.18, 3.5*sc)
	if dot >= 1.5 {
		cx, cy := rest.Right()-dot-3*sc, lr.Y+lr.H/2
		if cv.OnCPU {
			l.Circle(cx, cy, dot, p.OnCPU)
		} else {
			l.Circle(cx, cy, dot, p.Idle)
		}
		rest.W -= 2*dot + 6*sc
	}
	inner := rest.Inset(max(1, lr.H*0.12))
	if !busy {
		// Flights to or from this lane use where a token would be.
		slot, _ := inner.Left(min(inner.H*3, inner.W*0.4))
		s.at.tokenOnLane(i, slot)
		if text {
			l.TextIn(rest.PadX(2*sc), "idle", size, p.TextDim)
		}
		return
	}
	// Token: the mounted virtual thread's id. The whole lane is its target.
	l.hit(lr, cv.Thread)
	id := cv.Thread.String()
	tw := inner.H
	if text {
		tw = TextWidth(id, size) + 6*sc
	}
	tok, bar := inner.Left(min(tw, inner.W*0.4))
	l.Rect(tok, p.Virtual)
	if text {
		l.TextIn(Rect{X: tok.X + 3*sc, Y: tok.Y, W: tok.W - 3*sc, H: tok.H}, id, size, p.Background)
	}
	s.at.tokenOnLane(i, tok)
	// Stack bar, to scale: scaleW words fill the rest of the lane.
	bar.X += 2 * sc
	bar.W -= 2 * sc
	bw := bar.W * float32(cv.Frames) / float32(s.scaleW)
	bw = clamp(bw, min(2*sc, bar.W), bar.W)
	bar.Y += bar.H * 0.15
	bar.H *= 0.7
	l.Rect(Rect{X: bar.X, Y: bar.Y, W: bw, H: bar.H}, p.TierColor(cv.Tier))
	if text {
		what := Count(int64(cv.Frames)) + " w " + TierName(cv.Tier)
		if cv.Pinned {
			what = "PINNED (" + cv.Reason.String() + ") " + what
		} else if cv.Monitor {
			what = "holds monitor · " + what
		}
		after := Rect{X: bar.X + bw + 4*sc, Y: lr.Y, W: bar.Right() - bar.X - bw - 4*sc, H: lr.H}
		if TextWidth(what, size) <= after.W {
			l.TextIn(after, what, size, p.Text)
		} else {
			l.TextIn(Rect{X: bar.X + 2*sc, Y: lr.Y, W: bar.W - 2*sc, H: lr.H}, what, size, p.Background)
		}
	}
	if cv.Pinned {
		l.Frame(lr, max(2, 2*sc), p.Pinned)
	}
}

func drawCPULane(l *List, lr Rect, i int, pv *sim.PlatformView, p *Palette, sc float32) {
	busy := pv != nil
	bg := p.Grid
	if !busy {
		bg = p.Panel.Mix(p.Grid, 0.4)
	}
	l.Rect(lr, bg)
	text := lr.H >= laneLabelMin*sc
	rest := lr
	if text {
		var lab Rect
		lab, rest = lr.Left(min(lr.W*0.3, TextWidth("CPU 00", sc)+6*sc))
		l.TextIn(lab.PadX(2*sc), "CPU "+strconv.Itoa(i+1), sc, p.TextDim)
	}
	if !busy {
		if text {
			l.TextIn(rest.PadX(2*sc), "idle", sc, p.TextDim)
		}
		return
	}
	inner := rest.Inset(max(1, lr.H*0.12))
	label := pv.ID.String() + " " + pv.Role.String()
	tw := inner.H
	if text {
		tw = TextWidth(label, sc) + 6*sc
	}
	tok, _ := inner.Left(min(tw, inner.W))
	l.Rect(tok, p.Platform)
	if text {
		l.TextIn(Rect{X: tok.X + 3*sc, Y: tok.Y, W: tok.W - 3*sc, H: tok.H}, label, sc, p.Background)
	}
}

// drawPauseBand covers r with the stop-the-world band: every Java thread
// is halted until the pause ends.
func drawPauseBand(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	l.Rect(r, p.Pause.Alpha(0.32))
	// Diagonal hatching would need clipping; vertical bars read as "frozen"
	// just as well and stay inside r.
	step := 14 * sc
	for x := r.X + step/2; x < r.Right()-2*sc; x += step {
		l.Rect(Rect{X: x, Y: r.Y, W: 2 * sc, H: r.H}, p.Pause.Alpha(0.25))
	}
	label := "GC pause · young collection"
	if snap.PauseFull {
		label = "GC pause · Full GC"
	}
	if left := snap.PauseEnd.Sub(snap.Time); left > 0 {
		label += " · " + Dur(left) + " left"
	}
	label = Fit(label, r.W-8*sc, sc)
	w := TextWidth(label, sc)
	cx, cy := r.Center()
	box := Rect{X: cx - w/2 - 4*sc, Y: cy - CharH*sc/2 - 2*sc, W: w + 8*sc, H: (CharH + 4) * sc}
	if r.Contains(box) {
		l.Rect(box, p.Pause)
		l.Text(box.X+4*sc, box.Y+2*sc, label, sc, p.Background)
	}
}

// drawBanner writes a message across the top of r in colour c.
func drawBanner(l *List, r Rect, msg string, c Color, p *Palette, sc float32) {
	if r.H < (CharH+4)*sc {
		return
	}
	b, _ := r.Top((CharH + 4) * sc)
	l.Rect(b, c)
	l.TextIn(b.Inset(2*sc), msg, sc, p.Background)
}
