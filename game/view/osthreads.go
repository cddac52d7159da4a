package view

import "github.com/loomlab/loomlab/sim"

// OS threads and native memory: one cell per live OS thread (carriers,
// the workload's platform threads by state, the JVM's own threads), each
// standing for a thread and its reserved stack outside the heap, and a bar
// of the process's resident memory with the threads' share. Drawn for
// every workload, so compare mode puts 18 cells next to 1,900.

// segment is a run of cells of one colour and meaning.
type segment struct {
	n int
	c Color
	m Meaning
}

func drawOS(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	right := "memory of threads " + Size(snap.ThreadMemory)
	body := panel(l, r, right, p, sc, "OS threads: "+Count(int64(snap.PlatformLive)), "OS threads")
	var segs [8]segment
	ns := 0
	add := func(n int, m Meaning) {
		if n > 0 && ns < len(segs) {
			segs[ns] = segment{n, m.Color(p), m}
			ns++
		}
	}
	// Carriers first: green while their OS thread holds a CPU.
	var cOn int
	for i := range snap.Carriers {
		if snap.Carriers[i].OnCPU && !snap.Paused {
			cOn++ // (in a pause the collector's threads hold the CPUs)
		}
	}
	add(cOn, MeanOnCPU)
	add(len(snap.Carriers)-cOn, MeanCarrierOS)
	// The workload's platform threads: on a CPU, else (waiting, blocked,
	// idle or beyond the listed ones) in their kind's colour.
	var on, blocked, idle int
	for i := range snap.Platform {
		t := &snap.Platform[i]
		switch {
		case t.OnCPU:
			on++
		case t.State == sim.StateParked && t.Reason == sim.ParkIdle:
			idle++
		case t.State == sim.StateParked:
			blocked++
		}
	}
	add(on, MeanOnCPU)
	add(snap.PlatformApp-on, MeanPlatform)
	jvm := max(0, snap.PlatformLive-snap.PlatformApp-len(snap.Carriers))
	add(jvm, MeanJVMThread)
	l.region(r, "OS threads", "OS threads: "+Count(int64(snap.PlatformLive))+" live ("+Count(int64(len(snap.Carriers)))+" carrier threads, "+
		Count(int64(snap.PlatformApp))+" platform threads of the program, "+Count(int64(jvm))+" of the JVM's own); "+
		Count(int64(cOn+on))+" hold a CPU now. Each reserves a stack outside the heap; the threads' memory is "+Size(snap.ThreadMemory)+
		rssNote(snap)+".")
	if body.Empty() {
		return
	}
	var foot Rect
	if body.H > 3*CharH*sc {
		body, foot = body.CutBottom(2 * CharH * sc)
	}
	drawSegments(l, body, segs[:ns], p, sc)
	if foot.Empty() {
		return
	}
	t1, t2 := foot.Top(CharH * sc)
	base := Count(int64(len(snap.Carriers))) + " carrier threads · " + Count(int64(snap.PlatformApp)) + " platform · " + Count(int64(jvm)) + " JVM"
	full := base
	if blocked > 0 || idle > 0 {
		full += " · " + Count(int64(blocked)) + " blocked · " + Count(int64(idle)) + " idle"
	}
	if cOn+on > 0 {
		full += " · " + Count(int64(cOn+on)) + " on a CPU"
	}
	l.TextFit(t1, sc, p.TextDim, full, base, Count(int64(snap.PlatformLive))+" threads")
	if snap.RSS > 0 {
		l.TextFit(t2, sc, p.Text, "resident memory of the JVM "+Size(snap.RSS), "resident memory "+Size(snap.RSS), "memory "+Size(snap.RSS))
	} else {
		l.TextFit(t2, sc, p.TextDim, "memory outside the heap is not modelled here", "outside the heap: not modelled")
	}
}

func rssNote(snap *sim.Snapshot) string {
	if snap.RSS > 0 {
		return "; the JVM's resident memory is " + Size(snap.RSS)
	}
	return "; this scenario does not model the JVM's memory outside the heap"
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
		cells[i] = segment{(s.n + k - 1) / k, s.c, s.m}
	}
	g := cellGrid{r: r, cols: cols, cell: cell, gap: gap}
	g.runs(l, cells, p.Panel)
	if k > 1 && r.H >= CharH*sc {
		note := " each cell = " + Count(int64(k)) + " threads "
		w := min(TextWidth(note, sc), r.W)
		box := Rect{X: r.Right() - w, Y: r.Bottom() - CharH*sc, W: w, H: CharH * sc}
		l.Rect(box, p.Panel.Alpha(0.85))
		l.TextFit(box, sc, p.Text, note, " cell = "+Count(int64(k))+" ")
	}
}
