package view

import (
	"math"
	"slices"
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
	heap = liveIn(&snap.Heap, threadCategories[:])
	return max(0, snap.ThreadMemory-heap), min(heap, snap.ThreadMemory)
}

// threadCategories are the heap data that belong to threads: Thread
// objects, StackChunks, thread-local data.
var threadCategories = [...]sim.AllocCat{sim.CatThread, sim.CatChunk, sim.CatThreadLocal}

// liveIn is the heap's live bytes of the categories cats, young and old.
func liveIn(h *sim.HeapView, cats []sim.AllocCat) sim.Bytes {
	var b sim.Bytes
	for _, c := range cats {
		b += h.YoungLive[c] + h.OldLive[c]
	}
	return b
}

func drawOS(l *List, r Rect, snap *sim.Snapshot, con *Contrast, memRuns, measured bool, limit sim.Bytes, p *Palette, sc float32) {
	// The panel counts OS threads and what they hold outside the heap:
	// their stacks. What threads hold inside the heap (Thread objects,
	// StackChunks, thread-local data) is the heap panel's.
	stacks, inHeap := threadMemorySplit(snap)
	// The stacks' reserved size is the hover's ("stacks reserved 200 MB,
	// not resident" in the title read as jargon): the resident memory's
	// lines below count the pages touched.
	right := ""
	titles := []string{"OS threads: " + Count(int64(snap.PlatformLive)), "OS threads"}
	// The count as a sum of its kinds in the title, where it fits: the
	// line under the panel that counted them was read last, or not at
	// all ("the same 200 platform threads" asked "the same as what?",
	// and a reader counted the grey cells by hand).
	summed := false
	if sums := osSumTitles(snap, measured); len(sums) > 0 && TextWidth(sums[len(sums)-1], sc) <= r.W-4*sc {
		titles, summed = append(sums, titles...), true
	}
	if memoryStory(snap, limit) && memoryStoryRoom(Rect{W: r.W - 6*sc, H: r.H - PanelTitleH(sc) - 6*sc}, sc) {
		// (The room is of panelAlt's body.) The panel's story is the memory (drawMemoryStory): its title
		// says it (the limit is drawn at the bar's end); the threads are counted below.
		// "Resident", not "the JVM's": beside the bar's "JVM itself"
		// the word JVM named two amounts (220 MB and 182 MB).
		titles = append([]string{"resident memory: " + PartsSize(snap.RSS),
			"memory: " + PartsSize(snap.RSS)}, titles...)
		summed = false
	}
	body := panelAlt(l, r, right, nil, p, sc, titles...)
	var segs [8]segment
	var dots [8]int // of each segment, how many (the first) hold a CPU
	ns := 0
	add := func(n int, m Meaning, onCPU int) {
		if n > 0 && ns < len(segs) {
			segs[ns], dots[ns] = segment{n, m.Color(p), m}, onCPU
			ns++
		}
	}
	// Carriers first, in their lanes' order, those whose OS thread holds a
	// CPU with a green dot, as on their lanes: a reader matches the dot in
	// the third cell to worker-3's lane (the dots first, whatever carrier
	// held the CPU, read as worker-1 running while worker-4 was).
	// A carrier running a virtual thread has it drawn inside its cell,
	// as in its lane: a hollow cell is an idle carrier, as an empty lane
	// is (readers of the hollow cells asked whether the dark centre meant
	// idle; it did not, and now it does).
	var cOn int
	var carrierOn, carrierRuns []int
	for i := range snap.Carriers {
		if snap.Carriers[i].OnCPU && !snap.Paused {
			cOn++ // (in a pause the collector's threads hold the CPUs)
			carrierOn = append(carrierOn, i)
		}
		if snap.Carriers[i].Thread != 0 {
			carrierRuns = append(carrierRuns, i)
		}
	}
	add(snap.CarriersStarted(), MeanCarrierOS, cOn)
	// Of each segment, which members hold a CPU and which carriers run a
	// virtual thread, where known.
	var members [8]segMembers
	if ns > 0 && snap.CarriersStarted() > 0 {
		members[ns-1] = segMembers{onCPU: carrierOn, running: carrierRuns}
	}
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
	add(snap.PlatformApp, MeanPlatform, on)
	_, _, jvm := osKinds(snap)
	add(jvm, MeanJVMThread, 0)
	stackNote := " Their stacks are not modelled in this scenario."
	if stacks > 0 {
		stackNote = " The program's platform threads reserve " + Size(stacks) + " of stacks and native memory outside the heap: address space, " +
			"most of it never touched, so not resident (the resident memory below counts the pages touched)."
	}
	l.region(r, "OS threads", "OS threads: "+Count(int64(snap.PlatformLive))+" live ("+Count(int64(snap.CarriersStarted()))+" carrier threads, "+
		Count(int64(snap.PlatformApp))+" platform threads of the program, "+Count(int64(jvm))+" of the JVM's own, main among them); "+
		Count(int64(cOn+on))+" hold a CPU now."+carrierCellNote(snap)+stackNote+heapNote(snap, inHeap)+rssNote(snap))
	if body.Empty() {
		return
	}
	if drawMemoryStory(l, body, snap, measured, limit, p, sc) {
		return
	}
	counts := osCountLines(snap, measured, cOn+on, waiting, jvm)
	if summed {
		counts = nil // the title says them
	}
	// A program of platform threads alone has every one of them drawn as
	// a square in the thread panels (on a CPU, waiting): a grid of them
	// here too read as twice as many threads (200 pool threads as 400,
	// even with a line saying "the same"), so the panel counts them in
	// words.
	if snap.PlatformApp > 0 && snap.CarriersStarted() == 0 {
		ns = 0
	}
	// The program's platform threads are drawn in the threads panel too;
	// a line of their own says so when there is room (else the 200 pool
	// threads read as 400).
	if ns > 0 && snap.PlatformApp > 0 && snap.RSS == 0 && body.H > 5*CharH*sc {
		n := Count(int64(snap.PlatformApp))
		// No panel is named: its title changes with the threads' state.
		counts = append(counts, []string{"(the program's " + n + " platform threads, drawn again here: each is an OS thread)",
			"(the program's " + n + " platform threads: each is an OS thread)", "(each platform thread is an OS thread)"})
	}
	// Where the story compares the runs' resident memory (memRuns), the
	// compared run's goes under everything else, with this run's, to one
	// scale (rsscontrast.go); it takes its room first, leaving the grid
	// two rows of small cells and the memory's total line.
	var memBox Rect
	if memRuns && limit == 0 && rssContrasted(snap, con) && body.H >= rssContrastH(sc)+2*CharH*sc+2*10*sc {
		body, memBox = body.CutBottom(rssContrastH(sc))
	}
	foot := append(counts, rssLines(snap, measured, body.W, sc)...)
	total := len(counts) // the resident memory's total line, drawn brighter
	// With no grid, the compared run's OS threads go under the words
	// (oscontrast.go): the memory's total line stays, its parts' lines
	// (what the title and the bars say again) give them the room.
	withRuns := ns == 0 && memBox.Empty() && osContrasted(snap, con) && len(foot) > total+1 &&
		float32(total+1)*CharH*sc+osContrastH(sc) <= body.H
	if withRuns {
		// With the total, the threads' line where the runs keep their
		// room: cut to the total alone, a reader took "threads 4.7 MB"
		// for 200 threads' stacks (1 MB each, they had read) with nothing
		// saying it was the pages in use. Not the JVM's line: it is the
		// title's count again.
		keep := total + 1
		if snap.RSSThreads > 0 && len(foot) > keep && float32(keep+1)*CharH*sc+osContrastH(sc)+4*sc <= body.H {
			keep++
		}
		foot = foot[:keep]
	}
	// The grid keeps room for two rows of its largest cells (or half the
	// panel); the lines that do not fit under it give way to the one-line
	// total, which comes first on a low panel (the memory is the story
	// where the scenario computes it).
	gridMin := min(2*14*sc, body.H/2)
	if ns == 0 {
		gridMin = 0
	}
	// The resident memory against the container's limit, as a bar under
	// its total line: the limit is the point, and a sentence alone did
	// not show how close the process is to it.
	barH := float32(0)
	if snap.RSS > 0 && limit > 0 && body.H >= 8*CharH*sc {
		barH = CharH*sc + 6*sc
		if body.H >= 10*CharH*sc {
			barH += CharH * sc // the bar's key, a line under it
		}
	}
	if snap.RSS > 0 && float32(len(foot))*CharH*sc+barH+gridMin > body.H {
		foot, total = append([][]string{rssShort(snap)}, counts[:min(1, len(counts))]...), 0
	}
	for len(foot) > 0 && float32(len(foot))*CharH*sc+barH+gridMin > body.H {
		foot = foot[:len(foot)-1]
	}
	grid, rest := body.CutBottom(float32(len(foot))*CharH*sc + barH)
	// The lines follow the cells they count (under a grid of large cells
	// that does not fill the panel, at the foot they read as detached).
	if bottom := drawSegments(l, grid, segs[:ns], dots[:ns], members[:ns], p, sc) + 4*sc; bottom < rest.Y {
		rest.Y = bottom
	}
	for i, alts := range foot {
		var line Rect
		line, rest = rest.Top(CharH * sc)
		c := p.TextDim
		if snap.RSS > 0 && i == total {
			c = p.Text
		}
		l.TextFit(line, sc, c, alts...)
		if i == total && barH > 0 {
			var bar, key Rect
			bar, rest = rest.Top(barH)
			if barH > CharH*sc+6*sc {
				bar, key = bar.Top(CharH*sc + 6*sc)
			}
			drawMemoryBar(l, bar.Inset(2*sc), snap, limit, p, sc)
			drawMemoryKey(l, key.PadX(2*sc), snap, limit, p, sc)
		}
	}
	if withRuns {
		// (rest follows the words up to under the last line; the room
		// runs on to the panel's foot.)
		under := Rect{X: body.X, Y: rest.Y, W: body.W, H: body.Bottom() - rest.Y}
		drawOSContrast(l, under.PadX(2*sc), snap, con, p, sc)
	}
	if !memBox.Empty() {
		drawRSSContrast(l, memBox.PadX(2*sc), snap, con, p, sc)
	}
}

// carrierCellNote says what a carrier's cell holds, where there are
// carriers: the explain-on-point text's word for the hollow cells.
func carrierCellNote(snap *sim.Snapshot) string {
	if snap.CarriersStarted() == 0 {
		return ""
	}
	return " A carrier's cell is outlined: hollow while it is idle, holding its virtual thread (blue) while it runs one, as its lane does."
}

// osKinds are a run's live OS threads by kind, in the OS panel's order:
// carriers, the program's platform threads, the JVM's own.
func osKinds(s *sim.Snapshot) (carriers, app, jvm int) {
	carriers, app = s.CarriersStarted(), s.PlatformApp
	return carriers, app, max(0, s.PlatformLive-app-carriers)
}

// osSumTitles is the OS-thread count as the sum of its kinds, in a
// title's words, longest first ("OS threads: 74 = 8 carriers + 66 JVM
// and framework threads", "… + 66 JVM's own"); none where there is one
// kind only (the sum would repeat the count).
func osSumTitles(snap *sim.Snapshot, measured bool) []string {
	carriers, app, jvm := osKinds(snap)
	var short []string
	if carriers > 0 {
		short = append(short, Count(int64(carriers))+" "+plural(carriers, "carrier", "carriers"))
	}
	if app > 0 {
		short = append(short, Count(int64(app))+" platform")
	}
	if len(short)+btoi(jvm > 0) < 2 {
		return nil
	}
	head := "OS threads: " + Count(int64(snap.PlatformLive)) + " = "
	if jvm == 0 {
		return []string{head + strings.Join(short, " + ")}
	}
	// The JVM's threads named as the lines under the title name them
	// (jvmThreadsWords) where there is room, else in two words.
	long := append(short[:len(short):len(short)], jvmThreadsWords(jvm, measured))
	tight := tightOS(append(short, Count(int64(jvm))+" of the JVM's own"), jvm)
	return []string{head + strings.Join(long, " + "), head + tight, head + strings.TrimSuffix(tight, "'s own")}
}

// heapNote is the OS threads' explanation's word on the heap: where the
// threads' objects are drawn, or, where the scenario does not model the
// heap (the OS panel took its line), that it is not.
func heapNote(snap *sim.Snapshot, inHeap sim.Bytes) string {
	if heapQuiet(snap) {
		return " The heap (" + Size(snap.Heap.Max) + ") is not modelled in this scenario: the program's objects are not simulated."
	}
	return " (Threads' objects in the heap, " + Size(inHeap) + ", are in the heap panel.)"
}

// drawMemoryBar draws the process's resident memory as parts of a bar as
// long as the container's limit: the heap's pages, the program's threads,
// the JVM itself, then what is left. The parts are neutral shades with
// their names inside where they fit (the line above gives every number).
func drawMemoryBar(l *List, r Rect, snap *sim.Snapshot, limit sim.Bytes, p *Palette, sc float32) {
	if r.Empty() || limit <= 0 {
		return
	}
	// The limit named outside the bar, at its right end.
	lim := "limit " + Size(limit)
	if lw := TextWidth(lim, sc) + 6*sc; lw < r.W/3 {
		l.TextFit(Rect{X: r.Right() - lw + 4*sc, Y: r.Y + (r.H-CharH*sc)/2, W: lw - 4*sc, H: CharH * sc}, sc, p.TextDim, lim)
		r.W -= lw
	}
	l.Rect(r, p.Background)
	l.Frame(r, max(1, sc), p.PanelEdge)
	x, _ := drawRSSParts(l, r, snap, limit, false, nil, p, sc)
	if free := limit - snap.RSS; free > 0 {
		left := Rect{X: x, Y: r.Y, W: r.Right() - x, H: r.H}.PadX(3 * sc)
		l.TextFit(left, sc, p.TextDim, Size(free)+" free", "free")
	} else {
		l.TextFit(r.PadX(3*sc), sc, p.Text, "over the "+Size(limit)+" limit")
	}
	l.detail(r, "memory", "The JVM's resident memory, "+Size(snap.RSS)+", as a bar as long as the container's limit, "+Size(limit)+
		": from the left the heap's pages, the program's threads, the JVM itself, then what is left.")
}

// drawRSSParts draws snap's resident memory from r's left, its parts to
// the scale of full bytes over r's width: the heap's pages (a light
// neutral), the program's OS threads (the carriers' colour where only
// carriers have thread memory, else the platform threads') and the JVM
// itself (the grid's grey), naming the JVM's part in it where it fits
// (and the threads' too, when named is set). beside is the run drawn
// beside this one where two runs' bars are compared (nil for a lone bar):
// there the threads' part is at the bar's right end. It returns where the
// parts end and whether the threads' part is too narrow to be named in it.
func drawRSSParts(l *List, r Rect, snap *sim.Snapshot, full sim.Bytes, named bool, beside *sim.Snapshot, p *Palette, sc float32) (float32, bool) {
	threadsLast := beside != nil
	const (
		heapPart = iota
		threadsPart
		jvmPart
	)
	type part struct {
		kind  int
		b     sim.Bytes
		names []string
	}
	parts := []part{
		{heapPart, snap.RSSHeap, nil},
		{threadsPart, snap.RSSThreads, threadsPartNames(snap)},
		{jvmPart, snap.RSSJVM, jvmPartNames(snap, r.W, full, beside)},
	}
	if threadsLast {
		parts[1], parts[2] = parts[2], parts[1]
	}
	x, threadsUnnamed := r.X, false
	for _, pt := range parts {
		if pt.b <= 0 || full <= 0 {
			continue
		}
		w := min(r.Right()-x, r.W*float32(pt.b)/float32(full))
		seg := Rect{X: x, Y: r.Y, W: w, H: r.H}
		ink := p.Text
		switch pt.kind {
		case heapPart:
			l.Rect(seg, p.TextDim) // the heap: a light neutral, told apart from its neighbours
		case threadsPart:
			if onlyCarriers(snap) {
				drawCarriersPart(l, seg, p, sc)
			} else {
				l.Mark(seg, MeanPlatform, p, 1)
				ink = p.Background // on the platform threads' light colour
			}
		default:
			l.Rect(seg, p.Grid)
		}
		if pt.kind == jvmPart || pt.kind == threadsPart && named {
			if partNameFits(w, pt.names, sc) {
				l.TextFit(seg.PadX(2*sc), sc, ink, pt.names...)
			} else if pt.kind == threadsPart {
				threadsUnnamed = true
			}
		}
		x += w
	}
	return x, threadsUnnamed
}

// drawCarriersPart draws a memory bar's carriers' part as the legend
// draws a carrier's OS thread, an outline on the grid's shade: filled
// white, it was asked about beside the legend's hollow swatch (nv215).
func drawCarriersPart(l *List, r Rect, p *Palette, sc float32) {
	l.Rect(r, p.Grid)
	l.MarkFrame(r, max(1, min(2*sc, r.W/4)), MeanCarrierOS, p)
}

// onlyCarriers reports whether the program's OS threads are carriers
// alone (it starts no platform thread of its own).
func onlyCarriers(snap *sim.Snapshot) bool {
	return snap.CarriersStarted() > 0 && snap.PlatformApp == 0
}

// threadsPartNames are the names of a memory bar's threads' part, longest
// first. The bare size last: a few carriers' part is narrow, and its size
// is the figure the two runs' bars set against each other.
func threadsPartNames(snap *sim.Snapshot) []string {
	threads := "threads"
	if onlyCarriers(snap) {
		threads = "carriers"
	}
	names := []string{threads + " " + PartsSize(snap.RSSThreads), threads, PartsSize(snap.RSSThreads)}
	// How many, where the part has room: beside the compared run's
	// "threads 102.0 MB" a reader asked how many threads that run had.
	if n := programThreadCount(snap); n > 0 {
		if threads == "threads" {
			threads = plural(n, "thread", "threads")
		}
		names = append([]string{Count(int64(n)) + " " + threads + " " + PartsSize(snap.RSSThreads)}, names...)
	}
	return names
}

// partNameFits reports whether a memory bar's part w wide has room for
// the shortest of its names (drawRSSParts writes the longest that fits).
func partNameFits(w float32, names []string, sc float32) bool {
	return len(names) > 0 && w-4*sc >= TextWidth(names[len(names)-1], sc)
}

// jvmPartNames are the names of a memory bar's JVM part, longest first,
// in a bar w wide for full bytes. Where the threads are last, a heap under
// a pixel, first in the bar and not seen, is said in its neighbour's
// label: loom-carrier's 225.9 MB bar named the JVM's 200.1 MB and the
// carriers' 25.5 MB, and a reader's sum fell 0.3 MB short.
func jvmPartNames(snap *sim.Snapshot, w float32, full sim.Bytes, beside *sim.Snapshot) []string {
	names := []string{"JVM itself " + PartsSize(snap.RSSJVM), "JVM itself", "JVM"}
	if beside != nil && full > 0 && snap.RSSHeap > 0 && w*float32(snap.RSSHeap)/float32(full) < 1 {
		// The JVM first, as the bar shows it: "heap 273.8 KB + JVM
		// itself" at the bar's start was read as naming a part no one
		// could see.
		heap := []string{"JVM itself " + PartsSize(snap.RSSJVM) + " + heap " + PartsSize(snap.RSSHeap)}
		if snap.RSSHeap == snap.Heap.Used() && liveIn(&snap.Heap, heapCategories[:]) == 0 {
			// Said where a heap holds nothing live: beside the other
			// run's "heap 273.8 KB = 31.8 KB 32 virtual threads + 242.0
			// KB garbage", a reader asked whether this run's "heap
			// 242.0 KB" was the same garbage.
			// ("JVM" alone where "itself" leaves no room for it.)
			heap = append([]string{heap[0] + " garbage", "JVM " + PartsSize(snap.RSSJVM) + " + heap " + PartsSize(snap.RSSHeap) + " garbage"}, heap...)
			if sameGarbage(snap, beside) {
				// "The same" where the run beside has that garbage
				// too: four readers in a row asked whether the same
				// "242.0 KB garbage" in both runs was a coincidence or
				// a copy ("same 11 requests" in the row's title did not
				// settle it). Both runs did the same requests, each
				// leaving the same garbage, and no GC has run.
				heap = append([]string{"JVM " + PartsSize(snap.RSSJVM) + " + the same " + PartsSize(snap.RSSHeap) + " garbage",
					"JVM " + PartsSize(snap.RSSJVM) + " + same " + PartsSize(snap.RSSHeap) + " garbage"}, heap...)
			}
		}
		names = append(heap, names...)
	}
	return names
}

// jvmNameIn is the name a two-run memory bar barW wide writes in its JVM
// part ("" for none), beside the other run's bar.
func jvmNameIn(snap, beside *sim.Snapshot, barW, sc float32) string {
	if snap.RSS <= 0 {
		return ""
	}
	room := barW*float32(snap.RSSJVM)/float32(snap.RSS) - 4*sc
	for _, n := range jvmPartNames(snap, barW, snap.RSS, beside) {
		if TextWidth(n, sc) <= room {
			return n
		}
	}
	return ""
}

// threadsNamedIn reports whether a memory bar barW wide names its threads'
// part in the part (drawRSSParts' rule, which the two runs' bars' scale
// consults before they are drawn).
func threadsNamedIn(snap *sim.Snapshot, barW, sc float32) bool {
	return snap.RSS > 0 && partNameFits(barW*float32(snap.RSSThreads)/float32(snap.RSS), threadsPartNames(snap), sc)
}

// drawMemoryKey names every part of the memory bar under it, each after a
// swatch of the bar's own shade: the heap's and the carriers' parts were
// thin slivers with no name ("which is the heap?").
func drawMemoryKey(l *List, r Rect, snap *sim.Snapshot, limit sim.Bytes, p *Palette, sc float32) {
	if r.Empty() || limit <= 0 {
		return
	}
	threads, threadsShort := "threads", "threads"
	if c := snap.CarriersStarted(); c > 0 && snap.PlatformApp == 0 {
		threads = Count(int64(c)) + " " + plural(c, "carrier", "carriers")
		threadsShort = plural(c, "carrier", "carriers")
	}
	type part struct {
		b           sim.Bytes
		long, short string
		draw        func(Rect)
	}
	parts := []part{
		{snap.RSSHeap, "heap", "heap", func(s Rect) { l.Rect(s, p.TextDim) }},
		{snap.RSSThreads, threads, threadsShort, func(s Rect) {
			if snap.PlatformApp == 0 {
				drawCarriersPart(l, s, p, sc)
			} else {
				l.Mark(s, MeanPlatform, p, 1)
			}
		}},
		{snap.RSSJVM, "JVM itself", "JVM", func(s Rect) { l.Rect(s, p.Grid) }},
		{limit - snap.RSS, "free", "free", func(s Rect) { l.Rect(s, p.Background); l.Frame(s, max(1, sc), p.PanelEdge) }},
	}
	sw := CharH * sc * 0.7
	sep := CharW * sc
	for try := 0; try < 3; try++ {
		long := try == 0
		if try == 2 {
			parts = parts[:3] // "free" is written in the bar too
		}
		var labels []string
		w := float32(0)
		for _, pt := range parts {
			if pt.b <= 0 {
				labels = append(labels, "")
				continue
			}
			name := pt.short
			if long {
				name = pt.long
			}
			lab := name + " " + Size(pt.b)
			labels = append(labels, lab)
			w += sw + 3*sc + TextWidth(lab, sc) + sep
		}
		if w-sep > r.W && try < 2 {
			continue
		}
		x := r.X
		for i, pt := range parts {
			if labels[i] == "" || x >= r.Right() {
				continue
			}
			pt.draw(Rect{X: x, Y: r.Y + (r.H-sw)/2, W: sw, H: sw})
			x += sw + 3*sc
			tw := min(TextWidth(labels[i], sc), r.Right()-x)
			l.TextFit(Rect{X: x, Y: r.Y, W: tw, H: r.H}, sc, p.TextDim, labels[i])
			x += tw + sep
		}
		return
	}
}

// osCountLines is the line under the OS-thread grid counting its cells
// by kind, longest wording first. Zero parts are left out ("0 carrier
// threads" is jargon where no virtual thread exists).
func osCountLines(snap *sim.Snapshot, measured bool, onCPU, waiting, jvm int) [][]string {
	var parts, short, shortest []string
	if n := snap.CarriersStarted(); n > 0 {
		short = append(short, Count(int64(n))+" "+plural(n, "carrier", "carriers"))
		shortest = append(shortest, Count(int64(n))+" carrier")
		parts = append(parts, Count(int64(n))+" "+plural(n, "carrier", "carriers")+" (outlined)")
	}
	if n := snap.PlatformApp; n > 0 {
		// The same threads the threads panel draws: said, since the two
		// grids side by side read as 200 threads twice.
		short = append(short, "the same "+Count(int64(n))+" platform threads")
		shortest = append(shortest, Count(int64(n))+" platform")
		parts = append(parts, "the same "+Count(int64(n))+" platform "+plural(n, "thread", "threads")+" of the program")
	}
	if jvm > 0 {
		// The JVM's threads before the workload starts include main, which
		// a story names ("main has started …"): say where it is counted.
		// A count taken from the article's measurement says so: "66 JVM
		// (GC, compiler, main)" looked like too many for a JVM alone.
		if measured {
			short = append(short, jvmThreadsWords(jvm, true))
			parts = append(parts, jvmThreadsWords(jvm, true)+" (grey)")
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
	// The cell on a CPU is one small green square among many: the line
	// names it by its colour's word, in every wording that has room.
	cpu := ""
	if onCPU > 0 {
		cpu = " · " + Count(int64(onCPU)) + " on a CPU (green dot)"
		full += cpu
	}
	out := []string{full, base + cpu, base, strings.Join(short, " + ") + cpu, strings.Join(short, " + ")}
	if n := snap.PlatformApp; n > 0 && jvm > 0 {
		out = append(out, "the same "+Count(int64(n))+" platform threads + "+Count(int64(jvm))+" JVM")
	}
	return [][]string{append(out, strings.Join(shortest, " + ")+cpu, strings.Join(shortest, " + "), Count(int64(snap.PlatformLive))+" threads")}
}

// reservedStack is the stack a listed platform thread of the program
// reserves (-Xss), 0 when none is listed.
func reservedStack(snap *sim.Snapshot) sim.Bytes {
	for i := range snap.Platform {
		if snap.Platform[i].Stack > 0 {
			return snap.Platform[i].Stack
		}
	}
	return 0
}

// rssLines are the resident memory's total as a sum of its parts on one
// line (the snapshot carries them; they sum to the total), then at most
// two short lines saying what the two larger parts hold. A wall of eight
// lines, each part with its explanation, was more to read than the
// picture's story; the heap's part (the pages written so far, not its
// size) is told in the explanation. None without a resident memory.
func rssLines(snap *sim.Snapshot, measured bool, w, sc float32) [][]string {
	if snap.RSS <= 0 {
		return nil
	}
	out := [][]string{rssShort(snap)}
	// The heap's part is the pages written so far, not what is in use
	// now: a reader of the lab set "heap 106.4" beside a heap drawn 61 MB
	// full and took it for an error.
	h := &snap.Heap
	if used := h.Used(); snap.RSSHeap > used+used/5 {
		// The heap's part as the sum above writes it: rounded on its
		// own it read 74.3 MB under "74.4 MB heap".
		heap, _, _ := rssAsWritten(snap)
		inRAM := PartsSize(heap)
		// Its three sizes in one line where it fits: the maximum (the
		// header's and the heap panel's), the pages in RAM (this line's
		// sum) and what is in use; the lab's readers met the three apart
		// and asked which was the heap.
		// Why the two differ, where the maximum does not fit with them:
		// "84.7 MB in RAM of 256 MB; 10.3 MB in use" was still asked
		// what set "in RAM" apart from "in use" (the JVM keeps a heap
		// page it has written).
		out = append(out, []string{"  heap: " + inRAM + " in RAM of its " + Size(h.Max) + " maximum; " + Size(used) + " in use now",
			// "of it": the part in use is inside the pages in RAM, not
			// a second heap (a reader asked what the two numbers were).
			// "Kept after GC": "(once used, kept)" was read as terse, and
			// a reader still asked why 74.4 MB was in RAM with 10.3 MB in
			// use. Pages above the use are ones a GC emptied (before the
			// first GC, the pages written are the use).
			"  heap: " + inRAM + " in RAM (kept after GC), " + Size(used) + " of it in use",
			"  heap: " + inRAM + " in RAM (kept after GC); " + Size(used) + " in use now",
			"  heap: " + inRAM + " in RAM of " + Size(h.Max) + "; " + Size(used) + " in use",
			"  heap: every page written since the start, more than the " + Size(used) + " in use now",
			"  heap: pages written so far, more than the " + Size(used) + " in use",
			"  heap: pages written, not " + Size(used) + " in use"})
	}
	// The threads' part counts only the program's own OS threads (the
	// carriers and the platform threads it started); the JVM's own
	// threads are in its baseline (sim/memory.go rssParts). Each one's
	// share is touched stack pages and native memory (a malloc arena,
	// buffer caches: sim's PlatformRSS), so "25.5 MB for 8 stacks" does
	// not read as 3 MB stacks.
	if snap.RSSThreads > 0 {
		who := programThreadsWords(snap)
		if who == "" {
			who = "the program's threads"
		}
		n := max(1, snap.CarriersStarted()+snap.PlatformApp)
		b := snap.RSSThreads / sim.Bytes(n)
		each := RoughSize(b)
		if b >= sim.MB {
			// With the digit it takes to multiply back: 8 × "3.2 MB"
			// beside 25.5 MB was still summed, "about" or not.
			each = EachSize(b, n)
		}
		// "touched" says why this is far below the stacks reserved.
		var alts []string
		// "about": the total is summed before rounding (8 x 3.2 = 25.6
		// beside 25.5 MB invited a sum that did not add up).
		for _, why := range []string{" of native memory (touched stack pages + malloc arena)", " of native memory (stack pages, malloc arena)", " of native memory", ""} {
			alts = append(alts, "  "+who+": about "+each+" each"+why)
			if why == " of native memory" {
				alts = append(alts, "  "+who+": "+each+" each"+why)
			}
		}
		// The stack each reserves, beside what it holds in RAM: a reader
		// who had read "1 MB a platform thread" took 4.7 MB for 200
		// threads for a mistake.
		if xss := reservedStack(snap); xss > 0 {
			alts = append([]string{"  " + who + ": about " + each + " each in RAM; each reserves a " + Size(xss) + " stack, mostly untouched",
				"  " + who + ": about " + each + " each in RAM (" + Size(xss) + " stack reserved)",
				// "each:" ahead of both: after "24 KB each in RAM", a
				// reader asked whether "1.0 MB reserved" was each or all.
				"  " + who + ", each: " + each + " in RAM, " + Size(xss) + " reserved",
				"  " + who + ": " + each + " each in RAM, " + Size(xss) + " reserved"}, alts...)
		}
		out = append(out, append(alts, "  "+each+" a thread"))
	}
	// BaselineRSS is documented as the JVM itself: class metadata, the
	// code cache, GC and compiler structures, libraries and its own
	// threads (sim/config.go, the scenarios' profiles).
	_, _, jvmThreads := osKinds(snap)
	if jvmThreads == 0 {
		// A scenario that counts none of the JVM's threads ("the 0 JVM
		// threads" read as a JVM without any).
		return append(out, []string{"  JVM itself: code, class metadata, GC tables", "  JVM: code, metadata"})
	}
	who := jvmThreadsWords(jvmThreads, measured)
	out = append(out, []string{"  JVM itself: code, class metadata, GC tables, the " + who,
		"  JVM itself: code, metadata, the " + who, "  JVM: code, metadata, threads"})
	return out
}

// programThreadsWords names the program's own OS threads where they are
// of one kind ("8 carriers", "32 platform threads"); "" where both kinds
// run (or none).
func programThreadsWords(snap *sim.Snapshot) string {
	n := programThreadCount(snap)
	switch {
	case n == 0:
		return ""
	case onlyCarriers(snap):
		return Count(int64(n)) + " " + plural(n, "carrier", "carriers")
	}
	return Count(int64(n)) + " platform " + plural(n, "thread", "threads")
}

// programThreadCount is how many OS threads the program started where they
// are of one kind (carriers alone, or platform threads alone), else 0.
func programThreadCount(snap *sim.Snapshot) int {
	switch c, a := snap.CarriersStarted(), snap.PlatformApp; {
	case c > 0 && a == 0:
		return c
	case a > 0 && c == 0:
		return a
	}
	return 0
}

// jvmThreadsWords names the JVM's own threads the same way wherever the
// panel counts them ("66 of the JVM's and framework's own" beside "its 66
// threads" read as two different sets). A count from the article's
// measurement includes its framework's threads.
func jvmThreadsWords(n int, measured bool) string {
	if measured {
		return Count(int64(n)) + " JVM and framework " + plural(n, "thread", "threads")
	}
	return Count(int64(n)) + " JVM " + plural(n, "thread", "threads")
}

// rssShort is the resident memory on one line, for a panel too low for
// its parts' lines: as a sum of its parts, longest first, then the total
// with the JVM's part or alone.
func rssShort(snap *sim.Snapshot) []string {
	sums, compact := rssSums(snap)
	out := sums
	if compact != "" {
		out = append(out, compact)
	}
	return append(out,
		// A phone's line: the total with the part the caption names
		// ("182.0 MB is the JVM itself" beside a bare 220.2 MB asked
		// which was the JVM's memory).
		"memory "+PartsSize(snap.RSS)+", of it the JVM itself "+PartsSize(snap.RSSJVM),
		"memory "+PartsSize(snap.RSS)+", of it JVM itself "+PartsSize(snap.RSSJVM),
		"resident memory of the JVM "+PartsSize(snap.RSS), "resident memory "+PartsSize(snap.RSS), "memory "+PartsSize(snap.RSS))
}

// rssSums are the resident memory as the sum of its parts, longest first
// ("memory 39.0 MB = 786 KB heap + …"), and, where every part is in MB, a
// compact form without the units ("memory 168.7 MB: heap 106.4, …"; ""
// otherwise).
func rssSums(snap *sim.Snapshot) (sums []string, compact string) {
	// With only carriers, the short form says "carriers" too: "threads"
	// read as every thread's memory, the JVM's own included.
	threads, threadsShort := "threads", "threads"
	if onlyCarriers(snap) {
		threads = Count(int64(snap.CarriersStarted())) + " " + plural(snap.CarriersStarted(), "carrier", "carriers")
		threadsShort = plural(snap.CarriersStarted(), "carrier", "carriers")
	}
	// Each part in three wordings: "heap 106.4 MB", "106.4 MB heap" and,
	// where every part is in MB, "heap 106.4" (the sum without the units
	// it repeats: where the sums did not fit, the line gave the total and
	// the JVM's part only, and a reader of the lab, 168.7 MB beside lines
	// for 24 MB of threads and 38.9 MB of JVM, could not find the heap's
	// 106 MB). A part of 0 B is left out.
	var long, short, rough, mb []string
	allMB := snap.RSS < sim.GB
	heap, thr, jvm := rssAsWritten(snap)
	sum := []sim.Bytes{heap, thr, jvm}
	for i, part := range []struct {
		b           sim.Bytes
		long, short string
	}{{snap.RSSHeap, "heap", "heap"}, {snap.RSSThreads, threads, threadsShort}, {snap.RSSJVM, "JVM itself", "JVM"}} {
		if part.b <= 0 {
			continue
		}
		part.b = sum[i]
		long, short = append(long, part.long+" "+PartsSize(part.b)), append(short, PartsSize(part.b)+" "+part.short)
		// Parts under a MB to three figures ("786 KB heap"): with a
		// decimal each, request-load's sum missed the panel's width, and
		// the line fell back to "of it the JVM itself 38.0 MB", and a
		// reader could not find the other 1.0 MB.
		r := PartsSize(part.b)
		if part.b < sim.MB {
			r = RoughSize(part.b)
		}
		rough = append(rough, r+" "+part.short)
		allMB = allMB && part.b >= sim.MB && part.b < sim.GB
		mb = append(mb, part.short+" "+strings.TrimSuffix(PartsSize(part.b), " MB"))
	}
	sums = []string{
		"resident memory " + PartsSize(snap.RSS) + " = " + strings.Join(long, " + "),
		"memory " + PartsSize(snap.RSS) + " = " + strings.Join(long, " + "),
		"memory " + PartsSize(snap.RSS) + " = " + strings.Join(short, " + "),
		"memory " + PartsSize(snap.RSS) + " = " + strings.Join(rough, " + "),
	}
	if allMB && len(mb) >= 2 {
		compact = "memory " + PartsSize(snap.RSS) + ": " + strings.Join(mb, ", ")
	}
	return sums, compact
}

// partsThatAddUp rounds parts of total as PartsSize writes them (tenths
// of a MB) so that they add up to the total as written: each rounded on
// its own, 96.3 + 23.4 + 38.5 beside a total of 158.1 MB left a reader
// adding them up. The tenths the parts lose to rounding down go to the
// parts that lost the most (largest remainder). Parts outside PartsSize's
// tenths (under 1 MB, or a total of a GB or more) are returned as given.
func partsThatAddUp(total sim.Bytes, parts ...sim.Bytes) []sim.Bytes {
	out := append([]sim.Bytes(nil), parts...)
	if !inTenthsOfMB(total, parts) {
		return out
	}
	tenths := func(b sim.Bytes) float64 { return float64(b) * 10 / float64(sim.MB) }
	want := int64(math.Round(tenths(total)))
	kept := make([]int64, len(parts))
	got := int64(0)
	for i, b := range parts {
		kept[i] = int64(math.Floor(tenths(b)))
		got += kept[i]
	}
	for ; got < want; got++ {
		best := -1
		for i, b := range parts {
			if lost := tenths(b) - float64(kept[i]); b > 0 && lost > 0 && (best < 0 || lost > tenths(parts[best])-float64(kept[best])) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		kept[best]++
	}
	for i, b := range parts {
		if b > 0 {
			out[i] = sim.Bytes(kept[i] * int64(sim.MB) / 10)
		}
	}
	return out
}

// inTenthsOfMB reports whether PartsSize writes total and every part
// that is not 0 in tenths of a MB (from 1 MB, a total under a GB): where
// partsThatAddUp can make the parts add up.
func inTenthsOfMB(total sim.Bytes, parts []sim.Bytes) bool {
	if total < sim.MB || total >= sim.GB {
		return false
	}
	for _, b := range parts {
		if b > 0 && b < sim.MB {
			return false
		}
	}
	return true
}

// sizesThatAddUp is partsThatAddUp where each part as PartsSize writes
// it is in tenths of a MB and the total as Size writes it is the sum of
// the parts as written; ok false where it is not (a part under 1 MB, a
// total of a GB or more).
func sizesThatAddUp(total sim.Bytes, parts []sim.Bytes) ([]sim.Bytes, bool) {
	if !inTenthsOfMB(total, parts) || Size(total) != PartsSize(total) {
		return nil, false
	}
	return partsThatAddUp(total, parts...), true
}

// rssAsWritten is the resident memory's parts (heap, threads, JVM) as the
// memory line's sum writes them, adding up to its total: the heap's own
// line takes its figure from here too.
func rssAsWritten(snap *sim.Snapshot) (heap, threads, jvm sim.Bytes) {
	p := partsThatAddUp(snap.RSS, snap.RSSHeap, snap.RSSThreads, snap.RSSJVM)
	return p[0], p[1], p[2]
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

// segMembers says, of one segment's members by index, which hold a CPU
// and (carriers) which run a virtual thread, where the picture knows.
type segMembers struct{ onCPU, running []int }

// drawSegments fills r with one cell per member of each segment, in order,
// or with density cells (each for k members) when they do not fit. The
// first dots[i] members of segment i hold a CPU: their cells get a green
// dot, as a carrier's lane does (shape as well as colour: green squares
// beside the carriers' blue outlines were hard to tell apart); where
// members[i].onCPU lists which members they are, those members' cells get
// it, and the hollow cells of members[i].running hold a virtual thread
// (one cell a member only).
//
// It returns the bottom of the cells drawn (r's bottom under density
// cells, whose note sits at r's foot), so the lines about them can follow.
func drawSegments(l *List, r Rect, segs []segment, dots []int, members []segMembers, p *Palette, sc float32) float32 {
	n := 0
	for _, s := range segs {
		n += s.n
	}
	if n == 0 || r.Empty() {
		return r.Y
	}
	gap := max(1, sc)
	// Up to a hundred threads, cells up to 16 pixels: a thread on a CPU is
	// one green square among a few dozen blue and grey ones, missed at 12.
	// More threads keep 12, the size of other panels' thread squares.
	// Up to a hundred, cells grow to 40 pixels where the panel has the
	// room: 74 small squares above an empty band looked unfinished, and
	// a carrier's outline reads at that size.
	maxCell := float32(12)
	if n <= 100 {
		maxCell = 40
	}
	// Cells of at least 3 × 3 pixels: a segment of a few threads among
	// thousands (the JVM's own) still shows as a patch a reader finds.
	cols, rows, cell, ok := grid(r, n, 3*sc, maxCell*sc, gap)
	k := 1
	full := r
	if !ok && r.H >= 3*CharH*sc {
		// Density cells: the scale's note gets a line of its own under
		// them (over the last cells it hid the JVM's own threads).
		r.H -= CharH * sc
		cols, rows, cell, _ = grid(r, n, 3*sc, maxCell*sc, gap)
	}
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
	// blue read as the same thing. The hollow of a carrier that runs a
	// virtual thread holds it, as its lane does. The outline as thin as
	// the legend's swatch and the carriers' lanes draw it: a frame a
	// quarter of the cell thick, round a small dark centre, was asked
	// about by two readers (a white square "with a black centre", not the
	// legend's hollow square).
	i := 0
	for si, s := range cells {
		n := min(s.n, drawn-i)
		if s.m.Shape() == ShapeFrame {
			var running []int
			if si < len(members) && k == 1 {
				running = members[si].running
			}
			for j := i; j < i+n; j++ {
				c := g.cellRect(j)
				if d := max(1, min(3*sc, c.W/6)); c.W > 2*d+1 {
					if slices.Contains(running, j-i) {
						l.Mark(c.Inset(d), MeanVirtual, p, 1)
					} else {
						l.Rect(c.Inset(d), p.Panel)
					}
				}
			}
		}
		// A dot a reader can find: at least 2 pixels of radius (a 3 × 3
		// patch), even on density cells of 3 pixels, where 30 % of the
		// cell was a few pixels lost among thousands of cells.
		dotR := max(2*sc, g.cell*0.3)
		on := 0
		if si < len(dots) {
			on = (dots[si] + k - 1) / k
		}
		if si < len(members) && members[si].onCPU != nil && k == 1 {
			for _, m := range members[si].onCPU {
				if m < n {
					cx, cy := g.cellRect(i + m).Center()
					l.MarkCircle(cx, cy, dotR, MeanOnCPU, p)
				}
			}
		} else {
			for j := i; j < i+min(n, on); j++ {
				cx, cy := g.cellRect(j).Center()
				l.MarkCircle(cx, cy, dotR, MeanOnCPU, p)
			}
		}
		i += n
	}
	if k > 1 && r.H >= CharH*sc {
		note := " 1 square = " + Count(int64(k)) + " threads "
		w := min(TextWidth(note, sc), r.W)
		box := Rect{X: full.Right() - w, Y: full.Bottom() - CharH*sc, W: w, H: CharH * sc}
		l.Rect(box, p.Panel.Alpha(0.85))
		l.TextFit(box, sc, p.Text, note, " square = "+Count(int64(k))+" ")
	}
	if k > 1 {
		return full.Bottom()
	}
	return min(full.Bottom(), r.Y+float32(g.rows(drawn))*g.pitch())
}

// sameGarbage reports whether snap's heap, garbage alone (jvmPartNames
// asks only then), is as much as the garbage in beside's heap, as the two
// runs' lines write them: the same figure on both bars.
func sameGarbage(snap, beside *sim.Snapshot) bool {
	garbage, ok := heapGarbageAsWritten(beside)
	return ok && garbage == PartsSize(snap.RSSHeap)
}
