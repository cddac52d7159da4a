package view

import (
	"math"
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
	return snap.RSS > 0 && limit > 0 && len(snap.Carriers) > 0 && snap.PlatformApp == 0 && snap.Chunks.Live > 0
}

// memoryStoryMinH is the least body height (in text lines) the story
// needs: the bar and its labels, the opened heap, the comparison and a
// line and two rows of OS threads.
const memoryStoryMinH = 13

// memoryStoryRoom reports whether a body of r has room for the story.
func memoryStoryRoom(r Rect, sc float32) bool {
	return r.H >= memoryStoryMinH*CharH*sc && r.W >= 40*CharW*sc
}

// heapInMemoryStory reports whether a folded heap's line (heap, above
// os in one column) gives its room to the memory story: the story's bar
// draws the heap to scale, and its line beside the bar said the heap
// twice (its StackChunk bricks read as the heap's contents).
func heapInMemoryStory(heap, os Rect, snap *sim.Snapshot, limit sim.Bytes, sc float32) bool {
	if heap.Empty() || os.Empty() || heap.X != os.X || heap.W != os.W || heap.Y >= os.Y {
		return false
	}
	return memoryStory(snap, limit) && memoryStoryRoom(Rect{W: os.W - 6*sc, H: os.H - PanelTitleH(sc) - 6*sc}, sc)
}

// drawMemoryStory draws the story in the OS panel's body. False (nothing
// drawn) when the body is too low: the panel's ordinary lines are drawn
// instead.
//
// One mark, the lesson: the threads' memory to scale in large type (the
// carriers' OS threads as a bar as long as the panel, the virtual
// threads as the sliver they are, an arrow to it), and under it one dim
// line splitting the JVM's resident memory into its parts. (The
// container's bar with its key, a second scale under the first, and the
// OS threads' count were read as more than a student takes in; the
// parts, the threads' count and the heap's contents are the line's
// explanation on point.)
func drawMemoryStory(l *List, body Rect, snap *sim.Snapshot, measured bool, limit sim.Bytes, p *Palette, sc float32) bool {
	row := CharH * sc
	if !memoryStory(snap, limit) || !memoryStoryRoom(body, sc) {
		return false
	}
	body = body.PadX(2 * sc)
	heapUsed := snap.Heap.EdenUsed + snap.Heap.SurvivorUsed + snap.Heap.OldUsed
	head, foot := body.CutBottom(row)
	drawStackContrast(l, head, snap, p, sc)

	// The resident memory's parts, on the body's last line: the title
	// says the whole against the limit.
	nc := len(snap.Carriers)
	jvmThreads := max(0, snap.PlatformLive-nc)
	about := ""
	if !sizesAddUp(snap.RSS, snap.RSSJVM, snap.RSSThreads, snap.RSSHeap) {
		about = "~" // the parts are rounded apart from the whole
	}
	whole := about + Size(snap.RSS) + " = "
	l.TextFit(foot, sc, p.TextDim,
		whole+"the JVM itself "+Size(snap.RSSJVM)+" + "+Count(int64(nc))+" carriers "+Size(snap.RSSThreads)+" + heap "+Size(snap.RSSHeap),
		whole+"JVM itself "+Size(snap.RSSJVM)+" + carriers "+Size(snap.RSSThreads)+" + heap "+Size(snap.RSSHeap),
		whole+"JVM "+Size(snap.RSSJVM)+" + carriers "+Size(snap.RSSThreads)+" + heap "+Size(snap.RSSHeap),
		"JVM "+Size(snap.RSSJVM)+" + carriers "+Size(snap.RSSThreads)+" + heap "+Size(snap.RSSHeap),
		"JVM "+Size(snap.RSSJVM)+", carriers "+Size(snap.RSSThreads)+", heap "+Size(snap.RSSHeap))
	each := snap.RSSThreads / sim.Bytes(max(1, nc))
	l.detail(foot, "memory", "The JVM's resident memory, "+Size(snap.RSS)+" of the container's "+Size(limit)+" limit ("+Size(max(0, limit-snap.RSS))+
		" unused): the JVM itself "+Size(snap.RSSJVM)+" (code, class metadata, the collector's tables, its own "+Count(int64(jvmThreads))+" threads), the "+
		Count(int64(nc))+" carriers' OS threads "+Size(snap.RSSThreads)+" (touched stack pages and native memory, about "+Size(each)+
		" each), the heap's pages in RAM "+Size(snap.RSSHeap)+". The JVM has "+Count(int64(snap.PlatformLive))+" OS threads: "+
		Count(int64(nc))+" carriers + "+jvmOwnWords(jvmThreads, measured)+". "+heapContentsSay(snap, heapContents(snap, heapUsed)))
	return true
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

// heapPart is one kind of heap contents, in its heap colour.
type heapPart struct {
	b                sim.Bytes
	m                Meaning
	long, mid, short string
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
			out = append(out, heapPart{b, m, long, short, short})
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
	if len(out) > 0 {
		out[0].mid = "garbage, " + wait
	}
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

// drawStackContrast draws the headline, the frame's one big mark: the
// carriers' OS threads as a bar as long as the panel, and under it, at
// the same scale, what the virtual threads hold (their Thread objects and
// the StackChunks of their stacks, in the heap): a sliver, widened to be
// seen, an arrow to it and its words in large type. Under each, one dim
// line says what it is (a carrier's share, a thread's). The bars grow
// with the room r has. It returns the height it used.
func drawStackContrast(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) float32 {
	row := CharH * sc
	nc := len(snap.Carriers)
	if snap.RSSThreads <= 0 || nc == 0 {
		return 0
	}
	h := &snap.Heap
	live := func(c sim.AllocCat) sim.Bytes { return h.YoungLive[c] + h.OldLive[c] }
	objs, chunks, local := live(sim.CatThread), snap.Chunks.LiveBytes, live(sim.CatThreadLocal)
	vt := objs + chunks + local
	vn := snap.VirtualLive
	cs := Count(int64(nc))
	vs := Count(int64(vn)) + " virtual " + plural(vn, "thread", "threads")
	carrierWords := cs + " carriers' OS threads: " + Size(snap.RSSThreads)
	vtWords := vs + ": " + Size(vt)
	// The headline's type: as large as both its lines fit (the sliver's
	// words after the arrow's room).
	arrow := 6 * CharW * sc
	big := sc
	for _, f := range []float32{2, 1.75, 1.5, 1.25} {
		if TextWidth(carrierWords, f*sc) <= r.W-8*sc && TextWidth(vtWords, f*sc) <= r.W-arrow-8*sc {
			big = f * sc
			break
		}
	}
	bigRow := CharH * big
	if r.H < 2*bigRow+4*row+8*sc {
		return 0
	}

	head, rest := r.Top(row)
	l.TextFit(head, sc, p.TextDim, "drawn to scale:")
	// The two bars share what room there is beyond their words' lines.
	spare := max(0, rest.H-(2*bigRow+3*row+16*sc))
	_, rest = rest.Top(4*sc + min(spare/4, 2*row))
	a, rest := rest.Top(bigRow + 12*sc + min(spare/4, bigRow))
	each := snap.RSSThreads / sim.Bytes(nc)
	aNote, rest := rest.Top(row)
	_, rest = rest.Top(8*sc + min(spare/4, 2*row))
	b, rest := rest.Top(bigRow + 4*sc)
	bNote, rest := rest.Top(row)
	wNote, _ := rest.Top(row)
	// The carriers' bar, a cell each, named inside in large dark words.
	drawCarrierCells(l, a, nc, p, sc)
	for _, w := range []string{carrierWords, cs + " carriers: " + Size(snap.RSSThreads)} {
		if TextWidth(w, big) <= a.W-8*sc {
			// On a plate of the bar's own shade: the cells' dividers
			// cut through the words.
			ty := a.Y + (a.H-bigRow)/2
			l.Rect(Rect{X: a.X + 4*sc, Y: ty, W: TextWidth(w, big) + 4*sc, H: bigRow}, p.Grid)
			l.TextBold(a.X+6*sc, ty, w, big, p.Text)
			break
		}
	}
	// What a carrier's share is (a reader divided 25.5 MB by 8 and asked
	// why an OS thread takes 3.2 MB).
	l.TextFit(Rect{X: a.X + arrow, Y: aNote.Y, W: aNote.W - arrow, H: row}, sc, p.TextDim,
		"~"+Size(each)+" each: stack pages + native memory",
		"~"+Size(each)+" each, outside the heap")
	// The virtual threads' sliver under the bar's start, from the bar's
	// foot down: each part at least two pixels wide.
	x := b.X
	px := a.W / float32(snap.RSSThreads)
	sliver := Rect{X: b.X, Y: a.Bottom(), W: 0, H: b.Bottom() - a.Bottom()}
	l.inHeap = true
	for _, pt := range []struct {
		b sim.Bytes
		m Meaning
	}{{objs, MeanThreadObj}, {local, MeanThreadLocal}, {chunks, MeanChunkData}} {
		if pt.b > 0 {
			// 4 pixels at least: two parts of 2 pixels could not be
			// told apart by their colours.
			w := max(4*sc, px*float32(pt.b))
			l.Mark(Rect{X: x, Y: sliver.Y, W: w, H: sliver.H}, pt.m, p, 1)
			x += w
		}
	}
	l.inHeap = false
	sliver.W = x - sliver.X
	// What one virtual thread holds, in words (no count of StackChunks:
	// "16 StackChunks" beside "15 parked" needed the running thread's
	// kept chunk explained; that is the explanation on point).
	var parts, sums []string
	if objs > 0 {
		parts = append(parts, "a Thread object")
		sums = append(sums, "Thread objects "+Size(objs))
	}
	if local > 0 {
		parts = append(parts, "thread-local data")
		sums = append(sums, "thread-local data "+Size(local))
	}
	if chunks > 0 {
		parts = append(parts, "a StackChunk") // glossed by the legend: "parked stacks, in the heap"
		sums = append(sums, Count(int64(snap.Chunks.Live))+" StackChunks "+Size(chunks))
	}
	// An arrow from the words to the sliver: a thin mark a few pixels
	// wide at the bar's corner was missed.
	tx := sliver.Right() + arrow
	ay := b.Y + b.H/2
	lw := max(1, 2*sc)
	l.Line(sliver.Right()+3*sc, ay, tx-CharW*sc, ay, lw, p.Text)
	l.Line(sliver.Right()+3*sc, ay, sliver.Right()+9*sc, ay-5*sc, lw, p.Text)
	l.Line(sliver.Right()+3*sc, ay, sliver.Right()+9*sc, ay+5*sc, lw, p.Text)
	for _, w := range []string{vtWords, Size(vt)} {
		if TextWidth(w, big) <= b.Right()-tx {
			l.TextBold(tx, ay-bigRow/2, w, big, p.Text)
			break
		}
	}
	one := kiloWords(vt / sim.Bytes(max(1, vn)))
	l.TextFit(Rect{X: tx, Y: bNote.Y, W: bNote.Right() - tx, H: row}, sc, p.TextDim,
		"~"+one+" each: "+strings.Join(parts, " + "),
		"~"+one+" each, in the heap", "~"+one+" each")
	// Widened, said plainly; its true width is the explanation's.
	widened := ""
	if sliver.W > px*float32(vt)+0.5 {
		widened = " The virtual threads' sliver is widened to be seen: to scale it is " + strconv.FormatFloat(float64(px*float32(vt)/sc), 'f', 1, 32) + " px wide."
		// Its true width in the note itself: "drawn to scale" beside a bare
		// "(widened to be seen)" left a reader asking which one it was.
		true1 := strconv.FormatFloat(float64(px*float32(vt)/sc), 'f', 1, 32)
		l.TextFit(Rect{X: tx, Y: wNote.Y, W: wNote.Right() - tx, H: row}, sc, p.TextDim,
			"(to scale "+true1+" px wide: widened to be seen)", "(widened to be seen)")
	}
	l.detail(Rect{X: r.X, Y: a.Y, W: r.W, H: wNote.Bottom() - a.Y}, "the threads' memory to scale",
		"To scale: the "+cs+" carriers' OS threads hold "+Size(snap.RSSThreads)+" of resident memory outside the heap (touched stack pages and native memory, about "+
			Size(each)+" each; the stacks they reserve are larger, but untouched pages take no RAM); the "+vs+" hold "+Size(vt)+" of heap objects: "+strings.Join(sums, ", ")+
			". Every virtual thread keeps a StackChunk: a parked one holds its stack in it, a running one keeps it for its next park, so there is one more StackChunk than parked threads while a thread runs."+widened)
	return wNote.Bottom() - r.Y
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

// sizesAddUp reports whether the parts, as Size writes them, add up to
// the whole as Size writes it (to its last digit), where all are in the
// same unit.
func sizesAddUp(whole sim.Bytes, parts ...sim.Bytes) bool {
	unit := func(s string) (float64, string) {
		f := strings.Fields(s)
		v, _ := strconv.ParseFloat(f[0], 64)
		return v, f[1]
	}
	w, wu := unit(Size(whole))
	sum := 0.0
	for _, b := range parts {
		if b <= 0 {
			continue
		}
		v, u := unit(Size(b))
		if u != wu {
			return false
		}
		sum += v
	}
	return math.Abs(sum-w) < 0.05
}
