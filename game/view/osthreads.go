package view

import (
	"strings"

	"github.com/loomlab/loomlab/sim"
)

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

// threadMemorySplit splits the threads' memory (snap.ThreadMemory) in
// two: the stacks and native memory of the program's platform threads,
// outside the heap, and the heap objects that belong to threads (Thread
// objects, StackChunks, thread-local data), which is where a virtual
// thread's memory is.
func threadMemorySplit(snap *sim.Snapshot) (stacks, heap sim.Bytes) {
	h := &snap.Heap
	for _, c := range [...]sim.AllocCat{sim.CatThread, sim.CatChunk, sim.CatThreadLocal} {
		heap += h.YoungLive[c] + h.OldLive[c]
	}
	return max(0, snap.ThreadMemory-heap), min(heap, snap.ThreadMemory)
}

func drawOS(l *List, r Rect, snap *sim.Snapshot, measured bool, p *Palette, sc float32) {
	// The panel counts OS threads and what they hold outside the heap:
	// their stacks. What threads hold inside the heap (Thread objects,
	// StackChunks, thread-local data) is the heap panel's.
	stacks, inHeap := threadMemorySplit(snap)
	right := ""
	if stacks > 0 {
		right = "their stacks " + Size(stacks)
	}
	var alone []string
	if stacks > 0 {
		alone = []string{"OS threads " + Count(int64(snap.PlatformLive)) + " · stacks " + Size(stacks)}
	}
	body := panelAlt(l, r, right, alone, p, sc,
		"OS threads: "+Count(int64(snap.PlatformLive)), "OS threads")
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
	var on, waiting int
	for i := range snap.Platform {
		t := &snap.Platform[i]
		switch {
		case t.OnCPU:
			on++
		case t.State == sim.StateParked:
			waiting++
		}
	}
	add(on, MeanOnCPU)
	add(snap.PlatformApp-on, MeanPlatform)
	jvm := max(0, snap.PlatformLive-snap.PlatformApp-len(snap.Carriers))
	add(jvm, MeanJVMThread)
	stackNote := " Their stacks are not modelled in this scenario."
	if stacks > 0 {
		stackNote = " The program's platform threads hold " + Size(stacks) + " of stacks and native memory outside the heap."
	}
	l.region(r, "OS threads", "OS threads: "+Count(int64(snap.PlatformLive))+" live ("+Count(int64(len(snap.Carriers)))+" carrier threads, "+
		Count(int64(snap.PlatformApp))+" platform threads of the program, "+Count(int64(jvm))+" of the JVM's own, main among them); "+
		Count(int64(cOn+on))+" hold a CPU now."+stackNote+" (Threads' objects in the heap, "+Size(inHeap)+
		", are in the heap panel.)"+rssNote(snap))
	if body.Empty() {
		return
	}
	var foot Rect
	lines := 1
	if snap.RSS > 0 {
		// The resident memory and, on lines of their own, its parts: two
		// lines when there is room, so that the JVM's own part can say
		// what it is (a bare "JVM 182 MB" was the largest number and
		// unexplained).
		lines = 3
		if body.H > 8*CharH*sc {
			lines = 4
		}
	}
	// The program's platform threads are drawn in the threads panel too;
	// a line of their own says so when there is room (else the 200 pool
	// threads read as 400).
	same := snap.PlatformApp > 0 && snap.RSS == 0 && body.H > 5*CharH*sc
	if same {
		lines = 2
	}
	if body.H > float32(lines+1)*CharH*sc {
		body, foot = body.CutBottom(float32(lines) * CharH * sc)
	} else if snap.RSS > 0 && body.H > 2*CharH*sc {
		lines = 1 // the total alone
		body, foot = body.CutBottom(CharH * sc)
	}
	drawSegments(l, body, segs[:ns], p, sc)
	if foot.Empty() {
		return
	}
	t1, rest := foot.Top(CharH * sc)
	t2, rest := rest.Top(CharH * sc)
	t3, t4 := rest.Top(CharH * sc)
	if snap.RSS > 0 && lines == 1 {
		l.TextFit(t1, sc, p.Text, "resident memory of the JVM "+Size(snap.RSS), "resident memory "+Size(snap.RSS), "memory "+Size(snap.RSS))
		return
	}
	// Zero parts are left out ("0 carrier threads" is jargon where no
	// virtual thread exists), and the program's platform threads, drawn in
	// the threads panel too, are said to be the same ones, not 2 × as many.
	var parts, short, shortest []string
	if n := len(snap.Carriers); n > 0 {
		short = append(short, Count(int64(n))+" carrier")
		shortest = append(shortest, Count(int64(n))+" carrier")
		parts = append(parts, Count(int64(n))+" carrier "+plural(n, "thread", "threads"))
	}
	if n := snap.PlatformApp; n > 0 {
		short = append(short, Count(int64(n))+" platform (the program's)")
		shortest = append(shortest, Count(int64(n))+" platform")
		parts = append(parts, Count(int64(n))+" platform "+plural(n, "thread", "threads")+" of the program")
	}
	if jvm > 0 {
		// The JVM's threads before the workload starts include main, which
		// a story names ("main has started …"): say where it is counted.
		// A count taken from the article's measurement says so: "66 JVM
		// (GC, compiler, main)" looked like too many for a JVM alone.
		if measured {
			short = append(short, Count(int64(jvm))+" JVM and framework, as measured")
			parts = append(parts, Count(int64(jvm))+" JVM and framework "+plural(jvm, "thread", "threads")+", as measured")
		} else {
			short = append(short, Count(int64(jvm))+" JVM (GC, compiler, main)")
			parts = append(parts, Count(int64(jvm))+" JVM "+plural(jvm, "thread", "threads")+" (GC, compiler, main)")
		}
		shortest = append(shortest, Count(int64(jvm))+" JVM")
	}
	base := strings.Join(parts, " + ")
	full := base
	if waiting > 0 {
		full += " · " + Count(int64(waiting)) + " waiting"
	}
	if cOn+on > 0 {
		full += " · " + Count(int64(cOn+on)) + " on a CPU"
	}
	l.TextFit(t1, sc, p.TextDim, full, base, strings.Join(short, " + "), strings.Join(shortest, " + "), Count(int64(snap.PlatformLive))+" threads")
	if same {
		n := Count(int64(snap.PlatformApp))
		// No panel is named: its title changes with the threads' state.
		l.TextFit(t2, sc, p.TextDim, "(the program's "+n+" platform threads, drawn again here: each is an OS thread)",
			"(the program's "+n+" platform threads: each is an OS thread)", "(each platform thread is an OS thread)")
	}
	if snap.RSS > 0 {
		// The resident memory and its parts, each with its number (the
		// snapshot carries them; they sum to the total).
		l.TextFit(t2, sc, p.Text, "resident memory of the JVM "+Size(snap.RSS)+" =", "resident memory "+Size(snap.RSS)+" =", "memory "+Size(snap.RSS)+" =")
		// "heap in RAM": the heap's touched pages, not its used bytes (a
		// "heap 21.3 MB" beside bars holding 12.7 MB read as a mismatch).
		// The threads' part counts only the program's own OS threads
		// (carriers and platform threads it started); the JVM's own
		// threads are in its baseline (sim/memory.go rssParts). Saying
		// "thread stacks" beside 74 OS threads read as all of them.
		own := Count(int64(len(snap.Carriers) + snap.PlatformApp))
		jvmThreads := Count(int64(max(0, snap.PlatformLive-len(snap.Carriers)-snap.PlatformApp)))
		// Each part in three lengths; a part of 0 B is left out (a heap
		// the scenario does not model, no program threads) rather than
		// shown as "0 B", which read as a bug.
		var longest, long, mid, short []string
		add := func(b sim.Bytes, ls, l, m, sh string) {
			if b > 0 {
				longest, long, mid, short = append(longest, ls), append(long, l), append(mid, m), append(short, sh)
			}
		}
		heap := "heap in RAM " + Size(snap.RSSHeap)
		add(snap.RSSHeap, heap, heap, heap, Size(snap.RSSHeap)+" heap")
		add(snap.RSSThreads, "the program's "+own+" threads "+Size(snap.RSSThreads), own+" program threads "+Size(snap.RSSThreads),
			"threads "+Size(snap.RSSThreads), Size(snap.RSSThreads)+" threads")
		jvm := "the rest of the JVM " + Size(snap.RSSJVM)
		add(snap.RSSJVM, jvm, jvm, "JVM "+Size(snap.RSSJVM), Size(snap.RSSJVM)+" JVM")
		last := len(long) - 1
		if lines == 4 && last > 0 && snap.RSSJVM > 0 &&
			l.TextFit(t3, sc, p.TextDim, strings.Join(longest[:last], " + ")+" +", strings.Join(long[:last], " + ")+" +") {
			l.TextFit(t4, sc, p.TextDim, "the rest of the JVM (code, metadata, the other "+jvmThreads+" threads) "+Size(snap.RSSJVM),
				"the rest of the JVM "+Size(snap.RSSJVM), "the rest "+Size(snap.RSSJVM))
		} else if last >= 0 {
			l.TextFit(t3, sc, p.TextDim, strings.Join(long, " + "), strings.Join(mid, " + "), strings.Join(short, " + "))
		}
	}
}

// rssNote adds the JVM's resident memory to the explanation when the
// scenario computes it, with its parts.
func rssNote(snap *sim.Snapshot) string {
	if snap.RSS > 0 {
		var parts []string
		if snap.RSSHeap > 0 {
			parts = append(parts, Size(snap.RSSHeap)+" of heap pages in RAM (touched pages, more than its live data)")
		}
		if snap.RSSThreads > 0 {
			parts = append(parts, Size(snap.RSSThreads)+" for the program's own OS threads (carriers and the platform threads it started)")
		}
		parts = append(parts, Size(snap.RSSJVM)+" of the JVM's own memory (code, metadata, its own threads, the collector's tables)")
		last := len(parts) - 1
		list := parts[last]
		if last > 0 {
			list = strings.Join(parts[:last], ", ") + " and " + parts[last]
		}
		return " The JVM's resident memory is " + Size(snap.RSS) + ": " + list + "."
	}
	return " This scenario does not model the process's resident memory."
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
		k = RoundScale((n + capacity - 1) / capacity)
	}
	cells := make([]segment, len(segs))
	for i, s := range segs {
		cells[i] = segment{(s.n + k - 1) / k, s.c, s.m}
	}
	g := cellGrid{r: r, cols: cols, cell: cell, gap: gap}
	drawn := g.runs(l, cells, p.Panel)
	// A meaning drawn as an outline (a carrier's OS thread) gets its cells
	// hollowed out: a filled blue square beside the virtual threads' sky
	// blue read as the same thing.
	i := 0
	for _, s := range cells {
		n := min(s.n, drawn-i)
		if s.m.Shape() == ShapeFrame {
			for j := i; j < i+n; j++ {
				c := g.cellRect(j)
				if d := max(1, c.W*0.25); c.W > 2*d+1 {
					l.Rect(c.Inset(d), p.Panel)
				}
			}
		}
		i += n
	}
	if k > 1 && r.H >= CharH*sc {
		note := " 1 square = " + Count(int64(k)) + " threads "
		w := min(TextWidth(note, sc), r.W)
		box := Rect{X: r.Right() - w, Y: r.Bottom() - CharH*sc, W: w, H: CharH * sc}
		l.Rect(box, p.Panel.Alpha(0.85))
		l.TextFit(box, sc, p.Text, note, " square = "+Count(int64(k))+" ")
	}
}
