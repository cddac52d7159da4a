package view

import (
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// The memory story of a program whose threads run as virtual threads on a
// few carriers, under a container's memory limit: the JVM's resident
// memory as one big bar as long as the limit (the JVM itself, the
// carriers' OS threads, the heap, what is free), the heap's part opened
// under it to show what it holds, and one carrier's OS thread beside the
// parked threads' StackChunks at one scale. The lesson (a parked thread
// costs a small heap object, an OS thread megabytes) is then in the marks,
// not only in a sentence; readers of a panel of small lines and a thin
// bar of greys named it from the caption alone.

// memoryStory reports whether the OS panel tells the memory story: the
// scenario computes the resident memory against a limit, the program's
// threads are virtual threads on carriers (it starts no platform threads
// of its own) and some of them keep their stacks in StackChunks.
func memoryStory(snap *sim.Snapshot, limit sim.Bytes) bool {
	return snap.RSS > 0 && limit > 0 && onlyCarriers(snap) && snap.Chunks.Live > 0
}

// memoryStoryCompactH is the least body height the story needs, in its
// compact form (drawThreadsMemoryBar): the carriers' and the heap's
// names over the bar, a line and a quarter high, the virtual threads' under
// it.
func memoryStoryCompactH(sc float32) float32 {
	return 4.25*CharH*sc + 6*sc
}

// memoryStoryRoom reports whether a body of r has room for the story.
func memoryStoryRoom(r Rect, sc float32) bool {
	return r.H >= memoryStoryCompactH(sc) && r.W >= 40*CharW*sc
}

// heapInMemoryStory reports whether a folded heap's line (heap, above
// os in one column) gives its room to the memory story: the story's bar
// draws the heap to scale, and its line beside the bar said the heap
// twice (its StackChunk bricks read as the heap's contents).
func heapInMemoryStory(heap, os Rect, snap *sim.Snapshot, limit sim.Bytes, sc float32) bool {
	if heap.Empty() || os.Empty() || heap.X != os.X || heap.W != os.W || heap.Y >= os.Y {
		return false
	}
	// The room is the two panels' together, as the story is drawn in
	// them (a phone's OS panel alone is too low for it).
	return memoryStory(snap, limit) && memoryStoryRoom(Rect{W: os.W - 6*sc, H: os.Bottom() - heap.Y - PanelTitleH(sc) - 6*sc}, sc)
}

// drawMemoryStory draws the story in the OS panel's body. False (nothing
// drawn) when the body is too low: the panel's ordinary lines are drawn
// instead.
//
// One mark, the lesson: the JVM's resident memory as one bar at one
// scale (drawThreadsMemoryBar), the carriers' OS threads a part of it outside
// the heap, the virtual threads a sliver inside the heap's part. (A
// contrast of the carriers against the sliver under a title of the whole
// 220 MB left readers asking where the rest was; a container bar beside
// that contrast was a second scale.)
func drawMemoryStory(l *List, body Rect, snap *sim.Snapshot, measured bool, limit sim.Bytes, p *Palette, sc float32) bool {
	if !memoryStory(snap, limit) || !memoryStoryRoom(body, sc) {
		return false
	}
	return drawThreadsMemoryBar(l, body.PadX(2*sc), snap, measured, limit, p, sc)
}

// jvmOwnWords names the JVM's own OS threads on the count's line ("66 of
// the JVM's own"; a count from the article's measurement includes its
// framework's threads).
func jvmOwnWords(n int, measured bool) string {
	if measured {
		return Count(int64(n)) + " of the JVM's and framework's own"
	}
	return Count(int64(n)) + " of the JVM's own"
}

// drawCarrierCells fills r with n carriers' cells, one a carrier, each
// drawn as the legend's swatch of a carrier's OS thread (an outline in
// the carriers' colour on the grid's shade): a filled bar was not found
// in the legend's hollow swatch ("where is the carrier's OS thread?").
func drawCarrierCells(l *List, r Rect, n int, p *Palette, sc float32) {
	n = max(1, n)
	cw := r.W / float32(n)
	if cw < 3*sc {
		l.Rect(r, p.Grid)
		l.MarkFrame(r, max(1, 1.5*sc), MeanCarrierOS, p)
		return
	}
	gap := max(1, sc)
	for i := 0; i < n; i++ {
		c := Rect{X: r.X + float32(i)*cw, Y: r.Y, W: cw - gap, H: r.H}
		l.Rect(c, p.Grid)
		l.MarkFrame(c, max(1, min(3*sc, cw/6)), MeanCarrierOS, p)
	}
}

// drawPlatformAlternative writes in r the first of words that fits
// with a strip of n platform threads' cells w pixels long after it (the
// memory the same threads would hold as platform threads, at the bar's
// scale), or where none does, the first that fits alone.
func drawPlatformAlternative(l *List, r Rect, w float32, n int, p *Palette, sc float32, words ...string) {
	gap := CharW * sc
	for _, s := range words {
		tw := TextWidth(s, sc)
		if tw+gap+w > r.W || w < float32(n)*2*sc {
			continue
		}
		l.Text(r.X, r.Y, s, sc, p.TextDim)
		strip := Rect{X: r.X + tw + gap, Y: r.Y + 3*sc, W: w, H: r.H - 5*sc}
		cw := w / float32(n)
		for i := 0; i < n; i++ {
			l.Mark(Rect{X: strip.X + float32(i)*cw, Y: strip.Y, W: cw - max(1, sc), H: strip.H}, MeanPlatform, p, whatIfAlpha)
		}
		return
	}
	l.TextFit(r, sc, p.TextDim, words...)
}

// whatIfAlpha is how opaque a what-if's marks are drawn: faint beside
// the bar's parts, which are memory in use.
const whatIfAlpha = 0.5

// heapPart is one kind of heap contents, in its heap colour.
type heapPart struct {
	b           sim.Bytes
	m           Meaning
	long, short string
}

// heapContents is what the heap holds by the model's own accounting: the
// live bytes of each category (request data, thread-local data, Thread
// objects, StackChunks, application data), the garbage (used minus live:
// dead objects no collection has freed yet) and the pages touched but
// free now. Parts of 0 B are left out.
func heapContents(snap *sim.Snapshot, used sim.Bytes) []heapPart {
	h := &snap.Heap
	live := func(c sim.AllocCat) sim.Bytes { return h.YoungLive[c] + h.OldLive[c] }
	var out []heapPart
	add := func(b sim.Bytes, m Meaning, long, short string) {
		if b > 0 {
			out = append(out, heapPart{b, m, long, short})
		}
	}
	var sum sim.Bytes
	for c := sim.AllocCat(1); int(c) < len(h.YoungLive); c++ {
		sum += live(c)
	}
	wait := "awaiting a GC"
	if snap.YoungGCs+snap.FullGCs == 0 {
		wait = "awaiting the first GC"
	}
	add(max(0, used-sum), MeanGarbage, "garbage of finished requests, "+wait, "garbage")
	add(live(sim.CatRequest), MeanRequest, "data of requests in flight", "request data")
	add(live(sim.CatApp), MeanApp, "application data", "application data")
	add(live(sim.CatThreadLocal), MeanThreadLocal, "thread-local data", "thread-local data")
	add(live(sim.CatThread), MeanThreadObj, "Thread objects", "Thread objects")
	n := snap.Chunks.Live
	add(live(sim.CatChunk), MeanChunkData, Count(int64(n))+" StackChunks: the loops' stacks",
		Count(int64(n))+" "+plural(n, "StackChunk", "StackChunks")+" (stacks)")
	add(max(0, snap.RSSHeap-used), MeanFree, "free (pages touched before)", "free pages")
	return out
}

// heapContentsSay is the opened heap's explanation.
func heapContentsSay(snap *sim.Snapshot, parts []heapPart) string {
	var ps []string
	for _, hp := range parts {
		ps = append(ps, Size(hp.b)+" "+hp.long)
	}
	return "The heap's pages in RAM, " + Size(snap.RSSHeap) + ", opened: " + strings.Join(ps, ", ") + ". " +
		Count(int64(snap.Chunks.Live)) + " StackChunks hold the stacks the loops had when they last parked; a loop running now keeps its " +
		"StackChunk for its next park, so there can be one more StackChunk than parked loops."
}

// drawThreadsMemoryBar draws the frame's one big mark: the JVM's resident memory
// as one bar at one scale, its parts in the order the lesson reads them —
// the carriers' OS threads (a cell each, outside the heap), the heap's
// pages (by the model's own accounting, the virtual threads' objects a
// sliver at its start, widened to be seen) and the JVM itself. The two
// parts the lesson compares are named in large type with a leader line:
// the carriers above the bar, the virtual threads under it, an arrow up
// into the sliver; the heap and the JVM itself are named in the panel's
// type. False where the body has no room for it.
func drawThreadsMemoryBar(l *List, r Rect, snap *sim.Snapshot, measured bool, limit sim.Bytes, p *Palette, sc float32) bool {
	row := CharH * sc
	nc := snap.CarriersStarted()
	whole := snap.RSSThreads + snap.RSSHeap + snap.RSSJVM
	if snap.RSSThreads <= 0 || snap.RSSHeap <= 0 || nc == 0 {
		return false
	}
	h := &snap.Heap
	live := func(c sim.AllocCat) sim.Bytes { return h.YoungLive[c] + h.OldLive[c] }
	objs, chunks, local := live(sim.CatThread), snap.Chunks.LiveBytes, live(sim.CatThreadLocal)
	vt := virtualThreadsHeap(snap)
	vn := snap.VirtualLive
	cs := Count(int64(nc))
	vs := Count(int64(vn)) + " virtual " + plural(vn, "thread", "threads")
	// The bar is as long as the container's limit, the part left free
	// after the JVM's resident memory a segment of its own up to the
	// limit's line: a bar of the 220 MB alone under a title of the 256 MB limit
	// showed no limit and no headroom.
	scale := max(whole, limit)
	px := r.W / float32(scale)
	cw := px * float32(snap.RSSThreads)
	hw := px * float32(snap.RSSHeap)
	carriers := Rect{X: r.X, W: cw}
	heap := Rect{X: carriers.Right(), W: hw}
	jvm := Rect{X: heap.Right(), W: px * float32(snap.RSSJVM)}
	if scale == whole {
		jvm.W = r.Right() - heap.Right()
	}
	// A gap between the heap and the JVM itself, taken from the JVM's
	// part (its 182 MB loses no meaning by 3 pixels): butted against the
	// heap's grey garbage, a reader could not see where the heap ends
	// (the JVM's bracket's first tick would touch the heap's frame).
	jvmGap := 3 * sc
	jvm.X += jvmGap
	jvm.W = max(0, jvm.W-jvmGap)
	free := Rect{X: jvm.Right(), W: r.Right() - jvm.Right()}
	// The leader lines: the carriers' from its words down to the middle of
	// its part, the virtual threads' from under the sliver (the heap's
	// start) down and right to its words.
	cx := carriers.X + carriers.W/2
	sx := heap.X + 4*sc
	tx := sx + 3*CharW*sc
	carrierWords := []string{cs + " carriers' OS threads: " + PartsSize(snap.RSSThreads), cs + " carriers: " + PartsSize(snap.RSSThreads)}
	vtWords := []string{vs + ": " + Size(vt) + " of heap", vs + ": " + Size(vt), Size(vt)}
	// The big type: as large as the first words of both fit.
	big := sc
	for _, f := range []float32{2, 1.75, 1.5, 1.25} {
		if TextWidth(carrierWords[0], f*sc) <= r.W-4*sc && TextWidth(vtWords[1], f*sc) <= r.Right()-tx {
			big = f * sc
			break
		}
	}
	bigRow := CharH * big
	need := 2*bigRow + 6*row + 2*row + 20*sc
	// Too low for the notes (a phone's panel): the compact story, the
	// bar and its three names in the panel's type, no notes (their
	// figures are in the hover). Without it a phone had no bar at all,
	// only a line of totals, and readers could not see the lesson.
	compact := r.H < need
	noteH, barH, step := row, 2*row, 6*sc
	if compact {
		big, bigRow = sc, row
		noteH, barH, step = 0, 1.25*row, 3*sc
		need = memoryStoryCompactH(sc)
		if r.H < need {
			return false
		}
	}
	spare := r.H - need
	gap := min(spare/4, 1.5*row)
	_, rest := r.Top(gap / 2)
	cWords, rest := rest.Top(bigRow)
	cNote, rest := rest.Top(noteH)
	_, rest = rest.Top(gap / 2)
	hWords, rest := rest.Top(row)
	_, rest = rest.Top(step)
	bar, rest := rest.Top(barH + min(spare/2, 3*row))
	_, rest = rest.Top(step + gap/2)
	vWords, rest := rest.Top(bigRow)
	vNote, rest := rest.Top(noteH)
	wNote, rest := rest.Top(noteH)
	_, rest = rest.Top(gap / 2)
	pNote, _ := rest.Top(noteH)
	carriers.Y, carriers.H = bar.Y, bar.H
	heap.Y, heap.H = bar.Y, bar.H
	jvm.Y, jvm.H = bar.Y, bar.H
	free.Y, free.H = bar.Y, bar.H
	lw := max(1, 1.5*sc)

	// The carriers: a cell each (the legend's swatch of a carrier's OS
	// thread), named above in large type, a leader down to them.
	drawCarrierCells(l, carriers, nc, p, sc)
	for _, w := range carrierWords {
		if TextWidth(w, big) <= r.W-4*sc {
			l.TextBold(r.X, cWords.Y, w, big, p.Text)
			break
		}
	}
	each := snap.RSSThreads / sim.Bytes(nc)
	// On a phone's compact story the leader runs down the carriers' left
	// edge, under the label's first letter: from their middle it stood
	// just left of the heap's words on the row it crosses, and a reader
	// took it for the heap's pointer (and the carriers' label for one
	// with none).
	leadX := cx
	if compact {
		leadX = carriers.X + lw
	}
	l.Line(leadX, cWords.Bottom()+2*sc, leadX, bar.Y-2*sc, lw, p.Text)
	// Resident, not reserved: "3.2 MB when stacks are about 1 MB?"
	if !compact {
		l.TextFit(Rect{X: cx + CharW*sc, Y: cNote.Y, W: r.Right() - cx - CharW*sc, H: row}, sc, p.TextDim,
			// What the model's figure is made of (the article's runs
			// give it: docs/articles.md): "stack + native" beside 3.2 MB
			// was doubted by readers who know a stack as ~1 MB reserved.
			// ("Netty's caches" read as out of nowhere to a newcomer.)
			"~"+Size(each)+" each: stack and native memory",
			"~"+Size(each)+" each resident: stack + native, outside the heap",
			"~"+Size(each)+" each resident, outside the heap", "~"+Size(each)+" each")
	}
	// The same threads as platform threads, by the model's own figure
	// for a started OS thread (a reader worked out the 51 MB for
	// himself), drawn after its words at the bar's scale: a cell each,
	// so the two counts of OS threads are set side by side. A what-if,
	// so set apart on the panel's last line, its words an "if" and its
	// cells faint: under the carriers' note, in full pink, readers took
	// them for memory in use.
	if vn > nc && !compact {
		plat := RoughSize(each * sim.Bytes(vn))
		drawPlatformAlternative(l, Rect{X: r.X, Y: pNote.Y, W: r.W, H: row},
			px*float32(each*sim.Bytes(vn)), vn, p, sc,
			// "Instead": "if platform threads: ~51 MB" was read as on top
			// of the carriers' 25.5 MB, not in place of it.
			Count(int64(vn))+" platform threads instead: ~"+plat, "if platform threads: ~"+plat, "if platform: ~"+plat)
	}

	// The heap's pages by the model's own accounting, the threads' own
	// objects first (the sliver), each part at least 4 pixels (two of 2
	// pixels could not be told apart by their colours), the rest sharing
	// what is left at one scale.
	used := h.Used()
	parts := heapContents(snap, used)
	threadsFirst := func(m Meaning) bool { return m == MeanThreadObj || m == MeanThreadLocal || m == MeanChunkData }
	var order []heapPart
	for _, hp := range parts {
		if threadsFirst(hp.m) {
			order = append(order, hp)
		}
	}
	for _, hp := range parts {
		if !threadsFirst(hp.m) {
			order = append(order, hp)
		}
	}
	minW := 4 * sc
	var fixed, rest0 float32
	var restB sim.Bytes
	for _, hp := range order {
		if w := px * float32(hp.b); w < minW {
			fixed += minW
		} else {
			rest0 += w
			restB += hp.b
		}
	}
	shrink := float32(1)
	if rest0 > 0 {
		shrink = max(0, heap.W-fixed) / rest0
	}
	l.inHeap = true
	x := heap.X
	var sliver Rect
	var largest heapPart
	for _, hp := range order {
		w := px * float32(hp.b)
		if w < minW {
			w = minW
		} else {
			w *= shrink
		}
		w = min(w, heap.Right()-x)
		if w <= 0 {
			continue
		}
		l.Mark(Rect{X: x, Y: bar.Y, W: w, H: bar.H}, hp.m, p, 1)
		if threadsFirst(hp.m) {
			if sliver.W == 0 {
				sliver = Rect{X: x, Y: bar.Y, H: bar.H}
			}
			sliver.W = x + w - sliver.X
		} else if hp.b > largest.b {
			largest = hp
		}
		x += w
	}
	l.inHeap = false
	l.Frame(heap, max(1, sc), p.PanelEdge)
	// The heap named above its part, with what most of it is: 12.7 MB
	// beside the threads' 15.9 KB needed saying why.
	hx := heap.X + heap.W/2
	hs := "heap " + Size(snap.RSSHeap)
	heapWords := []string{hs, "heap"}
	if largest.b*2 >= snap.RSSHeap && largest.short != "" {
		heapWords = append([]string{hs + ": mostly " + largest.short}, heapWords...)
		if largest.m == MeanGarbage {
			// Whose garbage: "mostly garbage" left a reader asking where
			// it came from.
			heapWords = append([]string{hs + ": mostly finished requests' garbage"}, heapWords...)
		}
	}
	// The limit: a line at the bar's end from its name down past the bar,
	// what is left before it a segment of its own (a sunken track, no
	// box: a box is a carrier's OS thread) named inside: as words alone
	// in an empty space, readers could not tell where used memory
	// stopped and where the limit was.
	limitWords := Size(limit) + " limit"
	lx := free.Right() - lw
	if free.W >= lw {
		l.Rect(free, p.Background)
		ls := TextWidth(limitWords, sc)
		l.Text(lx-ls-CharW*sc/2, hWords.Y, limitWords, sc, p.Text)
		l.Line(lx, hWords.Y, lx, bar.Bottom()+4*sc, 2*lw, p.Text)
		fy := free.Y + (free.H-row)/2
		fs := Size(limit - whole)
		fr := Rect{X: free.X + CharW*sc/2, Y: fy, W: free.W - CharW*sc, H: row}
		switch {
		case l.TextFit(fr, sc, p.TextDim, fs+" free"):
		case free.H >= 2*row:
			fr.Y -= row / 2
			l.TextFit(fr, sc, p.TextDim, fs)
			fr.Y += row
			l.TextFit(fr, sc, p.TextDim, "free")
		default:
			// A phone's bar: the word alone (its size is on point); an
			// unnamed dark end left a reader asking what the gap was.
			l.TextFit(fr, sc, p.TextDim, "free")
		}
	}
	l.TextFit(Rect{X: heap.X, Y: hWords.Y, W: lx - TextWidth(limitWords, sc) - 2*CharW*sc - heap.X, H: row}, sc, p.Text, heapWords...)
	l.Line(hx, hWords.Bottom()+1*sc, hx, bar.Y-1*sc, lw, p.Text)

	// The JVM itself, a filled part in its own colour, named on it: in a
	// grey it read as one more heap grey; in a light outline as the
	// legend's hollow box, one more (giant) carrier's OS thread; as a
	// hollow bracket, its label beside the heap's grey garbage was taken
	// for the garbage's, and the span was not read as a part of the bar.
	jvmThreads := max(0, snap.PlatformLive-nc)
	l.Mark(jvm, MeanJVMItself, p, 1)
	jy := jvm.Y + (jvm.H-row)/2
	// What it is, in a few words ("the JVM itself" alone read as vague).
	js := PartsSize(snap.RSSJVM)
	l.TextFit(Rect{X: jvm.X + CharW*sc, Y: jy, W: jvm.W - 2*CharW*sc, H: row}, sc, p.Text,
		"JVM itself "+js+": code, classes, GC tables, "+Count(int64(jvmThreads))+" threads",
		"JVM itself "+js+": code, classes, GC tables", "JVM itself: "+js, "JVM "+js)

	// The virtual threads: an arrow up into the sliver from their words.
	ay := vWords.Y + bigRow/2
	sx = sliver.X + sliver.W/2
	l.Line(sx, bar.Bottom()+2*sc, sx, ay, lw, p.Text)
	l.Line(sx, bar.Bottom()+2*sc, sx-5*sc, bar.Bottom()+8*sc, lw, p.Text)
	l.Line(sx, bar.Bottom()+2*sc, sx+5*sc, bar.Bottom()+8*sc, lw, p.Text)
	l.Line(sx, ay, tx-CharW*sc/2, ay, lw, p.Text)
	for _, w := range vtWords {
		if TextWidth(w, big) <= r.Right()-tx {
			l.TextBold(tx, vWords.Y, w, big, p.Text)
			break
		}
	}
	var what, sums []string
	if objs > 0 {
		what = append(what, "a Thread object")
		sums = append(sums, "Thread objects "+Size(objs))
	}
	if local > 0 {
		what = append(what, "thread-local data")
		sums = append(sums, "thread-local data "+Size(local))
	}
	if chunks > 0 {
		what = append(what, "a StackChunk") // glossed by the legend: "parked stacks, in the heap"
		sums = append(sums, Count(int64(snap.Chunks.Live))+" StackChunks "+Size(chunks))
	}
	// With a digit more where that comes nearer the threads' sum
	// ("~0.99 KB each" for 16 threads' 15.9 KB, not "~1.0 KB").
	one := shareSize(vt, vn)
	if !compact {
		l.TextFit(Rect{X: tx, Y: vNote.Y, W: r.Right() - tx, H: row}, sc, p.TextDim,
			"~"+one+" each: "+strings.Join(what, " + "), "~"+one+" each")
	}
	trueW := px * float32(vt) / sc
	widened := ""
	if sliver.W > px*float32(vt)+0.5 {
		// Its true width in the note itself: "drawn to scale" beside a
		// bare "(widened to be seen)" left a reader asking which it was.
		tw := strconv.FormatFloat(float64(trueW), 'g', 2, 32)
		widened = " The virtual threads' sliver is widened to be seen: to scale it is " + tw + " px wide."
		if !compact {
			l.TextFit(Rect{X: tx, Y: wNote.Y, W: r.Right() - tx, H: row}, sc, p.TextDim, "(widened to be seen)")
		}
	}

	// What each part is, on point.
	l.detail(Rect{X: r.X, Y: cWords.Y, W: r.W, H: wNote.Bottom() - cWords.Y}, "memory",
		"The JVM's resident memory, "+PartsSize(snap.RSS)+" of the container's "+Size(limit)+" limit ("+Size(max(0, limit-snap.RSS))+
			" unused), drawn as one bar at one scale: the "+cs+" carriers' OS threads "+Size(snap.RSSThreads)+" (touched stack pages and native memory, outside the heap, about "+Size(each)+
			" each, resident: the stack pages a thread has touched and its native memory; the rest of its reserved stack takes no RAM), the heap's pages in RAM "+Size(snap.RSSHeap)+", the JVM itself "+PartsSize(snap.RSSJVM)+
			" (code, class metadata, the collector's tables, its own "+Count(int64(jvmThreads))+" threads). The JVM has "+Count(int64(snap.PlatformLive))+" OS threads: "+
			cs+" carriers + "+jvmOwnWords(jvmThreads, measured)+". As platform threads the "+vs+" would each need such an OS thread, about "+RoughSize(each*sim.Bytes(vn))+
			"; as virtual threads they share the carriers. In the heap the "+vs+" hold "+Size(vt)+": "+strings.Join(sums, ", ")+
			". Every virtual thread keeps a StackChunk: a parked one holds its stack in it, a running one keeps it for its next park, so there is one more StackChunk than parked threads while a thread runs. "+
			heapContentsSay(snap, parts)+widened)
	return true
}

// virtualThreadsHeap is what the virtual threads hold in the heap: their
// Thread objects, their StackChunks and their thread-local data (the
// caption's "16 virtual threads cost 15.9 KB of heap").
func virtualThreadsHeap(snap *sim.Snapshot) sim.Bytes {
	h := &snap.Heap
	live := func(c sim.AllocCat) sim.Bytes { return h.YoungLive[c] + h.OldLive[c] }
	return live(sim.CatThread) + snap.Chunks.LiveBytes + live(sim.CatThreadLocal)
}

// kiloWords writes a thread's share of a few hundred bytes or more in
// KB, one decimal ("1.0 KB", not "1016 B": the caption's "about 0.8 KB
// each" and the per-thread line say one unit).
func kiloWords(b sim.Bytes) string {
	if b < 100 || b >= sim.MB {
		return Size(b)
	}
	return strconv.FormatFloat(float64(b)/float64(sim.KB), 'f', 1, 64) + " KB"
}
