package view

import "github.com/loomlab/loomlab/sim"

// OS threads and native memory: one cell per live OS thread (carriers,
// the workload's platform threads by state, the JVM's own threads), each
// standing for a thread and its reserved stack outside the heap, and a bar
// of the process's resident memory with the threads' share. Drawn for
// every workload, so compare mode puts 18 cells next to 1,900.

// segment is a run of cells of one colour.
type segment struct {
	n int
	c Color
}

func drawOS(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	title := "OS threads · " + Count(int64(snap.PlatformLive)) + " live"
	right := "thread memory " + Size(snap.ThreadMemory)
	body := panel(l, r, title, right, p, sc)
	if body.Empty() {
		return
	}
	var segs [8]segment
	ns := 0
	add := func(n int, c Color) {
		if n > 0 && ns < len(segs) {
			segs[ns] = segment{n, c}
			ns++
		}
	}
	// Carriers first, by what their OS thread is doing.
	var cOn, cWait, cIdle int
	for i := range snap.Carriers {
		c := &snap.Carriers[i]
		switch {
		case c.OnCPU:
			cOn++
		case c.Thread != 0 && !c.Pinned:
			cWait++
		default:
			cIdle++
		}
	}
	add(cOn, p.OnCPU)
	add(cWait, p.Runnable)
	add(cIdle, p.Idle.Mix(p.Virtual, 0.35))
	// The workload's platform threads: listed ones by state, one run per
	// colour (the order inside the panel carries no meaning).
	var on, run, sleep, idle, other int
	for i := range snap.Platform {
		t := &snap.Platform[i]
		switch {
		case t.OnCPU:
			on++
		case t.State == sim.StateRunning || t.State == sim.StateRunnable:
			run++
		case t.State == sim.StateParked && t.Reason == sim.ParkIdle:
			idle++
		case t.State == sim.StateParked:
			sleep++
		default:
			other++
		}
	}
	add(on, p.OnCPU)
	add(run, p.Runnable)
	add(sleep, p.Platform)
	add(other, p.Pinned)
	add(idle, p.Idle.Mix(p.Platform, 0.35))
	add(snap.PlatformApp-len(snap.Platform), p.Platform.Alpha(0.45)) // beyond the listed
	jvm := snap.PlatformLive - snap.PlatformApp - len(snap.Carriers)
	add(jvm, p.TextDim.Alpha(0.6))

	var foot Rect
	if body.H > 3*CharH*sc {
		body, foot = body.CutBottom(2 * CharH * sc)
	}
	drawSegments(l, body, segs[:ns], p, sc)
	if foot.Empty() {
		return
	}
	t1, t2 := foot.Top(CharH * sc)
	txt := "app " + Count(int64(snap.PlatformApp))
	if len(snap.Carriers) > 0 {
		txt += " · carriers " + Count(int64(len(snap.Carriers)))
	}
	txt += " · JVM " + Count(int64(max(0, jvm)))
	if sleep > 0 || idle > 0 {
		txt += " · blocked " + Count(int64(sleep)) + " · idle " + Count(int64(idle))
	}
	l.TextIn(t1, txt, sc, p.TextDim)
	drawRSS(l, t2, snap, p, sc)
}

// drawRSS draws resident memory as a bar with the threads' share.
func drawRSS(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	label := "RSS " + Size(snap.RSS)
	lw := TextWidth("RSS 000.0 MB", sc) + 6*sc
	lab, bar := r.Left(min(lw, r.W*0.4))
	l.TextIn(lab, label, sc, p.Text)
	bar = bar.Inset(2 * sc)
	if bar.Empty() || snap.RSS <= 0 {
		return
	}
	l.Rect(bar, p.Grid)
	tw := bar.W * float32(min(snap.ThreadMemory, snap.RSS)) / float32(snap.RSS)
	if snap.ThreadMemory > 0 {
		tw = max(tw, 1)
	}
	l.Rect(Rect{X: bar.X, Y: bar.Y, W: tw, H: bar.H}, p.Platform)
	l.Rect(Rect{X: bar.X + tw, Y: bar.Y, W: bar.W - tw, H: bar.H}, p.App.Alpha(0.35))
}

// drawSegments fills r with one cell per member of each segment, in order,
// or with density cells (each for k members) when they do not fit.
func drawSegments(l *List, r Rect, segs []segment, p *Palette, sc float32) {
	n := 0
	for _, s := range segs {
		n += s.n
	}
	if n == 0 || r.Empty() {
		return
	}
	gap := max(1, sc)
	cols, rows, cell, ok := grid(r, n, 2*sc, 12*sc, gap)
	k := 1
	if !ok {
		// Each segment rounds up to whole cells, so leave one spare cell per
		// segment.
		capacity := max(1, max(1, cols)*max(1, rows)-len(segs))
		cols = max(1, cols)
		k = (n + capacity - 1) / capacity
	}
	cells := make([]segment, len(segs))
	for i, s := range segs {
		cells[i] = segment{(s.n + k - 1) / k, s.c}
	}
	g := cellGrid{r: r, cols: cols, cell: cell, gap: gap}
	g.runs(l, cells, p.Panel)
	if k > 1 && r.H >= CharH*sc {
		note := " each cell = " + Count(int64(k)) + " threads "
		w := TextWidth(note, sc)
		box := Rect{X: r.Right() - w, Y: r.Bottom() - CharH*sc, W: w, H: CharH * sc}
		l.Rect(box, p.Panel.Alpha(0.85))
		l.TextIn(box, note, sc, p.Text)
	}
}
