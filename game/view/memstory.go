package view

import (
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

// drawMemoryStory draws the story in the OS panel's body; grid draws the
// OS threads' cells in a rectangle. False (nothing drawn) when the body
// is too low: the panel's ordinary lines are drawn instead.
func drawMemoryStory(l *List, body Rect, snap *sim.Snapshot, measured bool, limit sim.Bytes, p *Palette, sc float32, grid func(Rect) float32) bool {
	row := CharH * sc
	if !memoryStory(snap, limit) || !memoryStoryRoom(body, sc) {
		return false
	}
	body = body.PadX(2 * sc)
	scale := max(limit, snap.RSS) // over the limit, the bar is the memory's
	heapUsed := snap.Heap.EdenUsed + snap.Heap.SurvivorUsed + snap.Heap.OldUsed

	// The bar's labels over it, its parts below them.
	labels, r := body.Top(row)
	_, r = r.Top(5 * sc) // room for the labels' leader lines
	bar, r := r.Top(2*row + 6*sc)
	px := bar.W / float32(scale)
	x := bar.X
	part := func(b sim.Bytes) Rect {
		w := min(bar.Right()-x, px*float32(b))
		s := Rect{X: x, Y: bar.Y, W: w, H: bar.H}
		x += w
		return s
	}
	l.Rect(bar, p.Background)
	l.Frame(bar, max(1, sc), p.PanelEdge)
	jvm := part(snap.RSSJVM)
	carriers := part(snap.RSSThreads)
	heap := part(snap.RSSHeap)
	free := Rect{X: x, Y: bar.Y, W: bar.Right() - x, H: bar.H}
	// The JVM itself, in the grey of its own threads, named inside.
	jvmThreads := max(0, snap.PlatformLive-len(snap.Carriers))
	l.Mark(jvm, MeanJVMThread, p, 1)
	l.TextFit(jvm.PadX(4*sc), sc, p.Background,
		"the JVM itself "+Size(snap.RSSJVM)+": code, class data, its "+Count(int64(jvmThreads))+" threads",
		"the JVM itself "+Size(snap.RSSJVM)+": code, its "+Count(int64(jvmThreads))+" threads",
		"the JVM itself "+Size(snap.RSSJVM), "JVM itself "+Size(snap.RSSJVM), "JVM "+Size(snap.RSSJVM))
	// The carriers: one pale cell each, as in the OS threads' grid.
	nc := len(snap.Carriers)
	l.Mark(carriers, MeanCarrierOS, p, 1)
	if cw := carriers.W / float32(nc); cw >= 3*sc {
		for i := 1; i < nc; i++ {
			l.Rect(Rect{X: carriers.X + float32(i)*cw - max(1, sc)/2, Y: carriers.Y, W: max(1, sc), H: carriers.H}, p.Panel)
		}
	}
	heapParts := heapContents(snap, heapUsed)
	drawHeapParts(l, heap, heapParts, snap.RSSHeap, p)
	if over := snap.RSS - limit; over > 0 {
		l.Line(bar.X+px*float32(limit), bar.Y-2*sc, bar.X+px*float32(limit), bar.Bottom()+2*sc, max(1, 2*sc), p.Text)
	}
	// Labels over the narrow parts, laid out from the right so that
	// each ends before the next begins, with a leader line down to its
	// part.
	each := snap.RSSThreads / sim.Bytes(nc)
	type label struct {
		seg  Rect
		alts []string
	}
	ls := []label{
		{carriers, []string{Count(int64(nc)) + " carriers' OS threads " + Size(snap.RSSThreads) + " (~" + Size(each) + " each)",
			Count(int64(nc)) + " carriers " + Size(snap.RSSThreads) + " (~" + Size(each) + " each)", Count(int64(nc)) + " carriers " + Size(snap.RSSThreads)}},
		{heap, []string{"heap " + Size(snap.RSSHeap)}},
	}
	if free.W > 0 {
		ls = append(ls, label{free, []string{"free " + Size(limit-snap.RSS)}})
	}
	words := make([]string, len(ls))
	for try := 0; try < 3; try++ {
		w := float32(0)
		for i, lb := range ls {
			words[i] = lb.alts[min(try, len(lb.alts)-1)]
			w += TextWidth(words[i], sc) + 2*CharW*sc
		}
		if w <= labels.W-jvm.W/3 {
			break
		}
	}
	right := labels.Right()
	for i := len(ls) - 1; i >= 0; i-- {
		tw := TextWidth(words[i], sc)
		cx := ls[i].seg.X + ls[i].seg.W/2
		lx := min(right-tw, max(labels.X, cx-tw/2))
		l.TextFit(Rect{X: lx, Y: labels.Y, W: tw, H: row}, sc, p.Text, words[i])
		l.Line(min(max(cx, lx+2*sc), lx+tw-2*sc), labels.Bottom(), cx, bar.Y, max(1, sc), p.TextDim)
		right = lx - 2*CharW*sc
	}
	l.detail(bar, "memory", "The JVM's resident memory, "+Size(snap.RSS)+", drawn against the container's limit, "+Size(limit)+
		": the JVM itself "+Size(snap.RSSJVM)+" (code, class metadata, the collector's tables, its own "+Count(int64(jvmThreads))+" threads), the "+
		Count(int64(nc))+" carriers' OS threads "+Size(snap.RSSThreads)+" (touched stack pages and native memory, about "+Size(each)+
		" each), the heap's pages in RAM "+Size(snap.RSSHeap)+", and "+Size(max(0, limit-snap.RSS))+" free.")

	// The heap, opened: leader lines from its part of the bar to a bar of
	// its own, as long as the panel.
	_, r = r.Top(row)
	zoom, r := r.Top(row + 6*sc)
	// The heap's part and its opened bar share a bright outline and two
	// bright leader lines: the opened bar's garbage grey beside the JVM's
	// grey read as more of the JVM where the link was faint.
	l.Line(heap.X, bar.Bottom(), zoom.X, zoom.Y, max(1, sc), p.Text)
	l.Line(heap.Right(), bar.Bottom(), zoom.Right(), zoom.Y, max(1, sc), p.Text)
	l.inHeap = true
	l.Rect(zoom, p.Background)
	zx := drawHeapParts(l, zoom, heapParts, snap.RSSHeap, p)
	l.inHeap = false
	l.Frame(zoom, max(1, sc), p.Text)
	l.Frame(Rect{X: heap.X - max(1, sc), Y: heap.Y, W: heap.W + 2*max(1, sc), H: heap.H}, max(1, sc), p.Text)
	// The widest part is named inside; the rest, slivers at this scale,
	// under the bar with a leader line each.
	big := 0
	for i, hp := range heapParts {
		if hp.b > heapParts[big].b {
			big = i
		}
	}
	if len(heapParts) > 0 {
		hp := heapParts[big]
		l.TextFit(zx[big].PadX(4*sc), sc, p.Text, "heap "+Size(snap.RSSHeap)+": "+Size(hp.b)+" "+hp.long, "heap: "+Size(hp.b)+" "+hp.long,
			Size(hp.b)+" "+hp.long, Size(hp.b)+" "+hp.mid, Size(hp.b)+" "+hp.short)
	}
	under, r := r.Top(row + 3*sc)
	var small []string
	for i, hp := range heapParts {
		if i != big {
			small = append(small, hp.short+" "+Size(hp.b))
		}
	}
	if len(small) > 0 {
		txt := strings.Join(small, " + ")
		if TextWidth(txt, sc) > under.W {
			// The StackChunks alone, the parts' story; the others are
			// named on point.
			txt = ""
			for i, hp := range heapParts {
				if hp.m == MeanChunkData && i != big {
					txt = hp.short + " " + Size(hp.b)
				}
			}
		}
		tw := min(TextWidth(txt, sc), under.W)
		tx := max(under.X, under.Right()-tw)
		l.TextFit(Rect{X: tx, Y: under.Y + 3*sc, W: tw, H: row}, sc, p.Text, txt)
		for i := range heapParts {
			if i != big {
				cx := zx[i].X + zx[i].W/2
				l.Line(cx, zoom.Bottom(), min(max(cx, tx+2*sc), tx+tw-2*sc), under.Y+3*sc, max(1, sc), p.TextDim)
			}
		}
	}
	l.detail(zoom, "heap", heapContentsSay(snap, heapParts))

	// One carrier's OS thread beside every parked stack, at one scale.
	_, r = r.Top(4 * sc)
	drawStackContrast(l, r, snap, each, p, sc)
	_, r = r.Top(2*row + 12*sc)

	// The OS threads, counted, then their cells in the rest.
	line, r := r.Top(row)
	l.TextFit(line, sc, p.Text,
		"OS threads: "+Count(int64(snap.PlatformLive))+" = "+Count(int64(nc))+" carriers (outlined) + "+jvmThreadsWords(jvmThreads, measured),
		"OS threads: "+Count(int64(snap.PlatformLive))+" = "+Count(int64(nc))+" carriers + "+Count(int64(jvmThreads))+" of the JVM",
		"OS threads: "+Count(int64(snap.PlatformLive)))
	grid(r)
	return true
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

// drawHeapParts fills r with the heap's parts, scaled so that total fills
// it; a part too narrow to see gets 3 pixels, taken from the widest. It
// returns each part's rectangle.
func drawHeapParts(l *List, r Rect, parts []heapPart, total sim.Bytes, p *Palette) []Rect {
	out := make([]Rect, len(parts))
	if total <= 0 || r.Empty() {
		return out
	}
	ws := make([]float32, len(parts))
	big, spare := 0, float32(0)
	for i, hp := range parts {
		ws[i] = r.W * float32(hp.b) / float32(total)
		if ws[i] > ws[big] {
			big = i
		}
		if ws[i] < 3 {
			spare += 3 - ws[i]
			ws[i] = 3
		}
	}
	if len(ws) > 0 {
		ws[big] = max(0, ws[big]-spare)
	}
	x := r.X
	for i, hp := range parts {
		out[i] = Rect{X: x, Y: r.Y, W: min(ws[i], r.Right()-x), H: r.H}
		l.Mark(out[i], hp.m, p, 1)
		x += ws[i]
	}
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

// drawStackContrast draws one carrier's OS thread (its touched stack and
// native memory) and the parked threads' StackChunks as two bars at one
// scale, the carrier's as long as the panel.
func drawStackContrast(l *List, r Rect, snap *sim.Snapshot, each sim.Bytes, p *Palette, sc float32) {
	row := CharH * sc
	chunks := snap.Chunks.LiveBytes
	if each <= 0 || r.H < 2*row {
		return
	}
	n := snap.Chunks.Live
	a, rest := r.Top(row + 4*sc)
	b, _ := rest.Top(row + 4*sc)
	// The carrier's bar, as long as the panel, named inside in dark
	// words; the StackChunks' sliver under it, named after it.
	l.Mark(a, MeanCarrierOS, p, 1)
	l.TextFit(a.PadX(4*sc), sc, p.Background, "one carrier's OS thread: ~"+Size(each)+" of stack pages and native memory",
		"one carrier's OS thread: ~"+Size(each), "one carrier ~"+Size(each))
	cb := Rect{X: b.X, Y: b.Y + 2*sc, W: min(max(3*sc, a.W*float32(chunks)/float32(each)), a.W), H: b.H - 4*sc}
	l.inHeap = true
	l.Mark(cb, MeanChunkData, p, 1)
	l.inHeap = false
	after := Rect{X: cb.Right() + CharW*sc, Y: b.Y, W: b.Right() - cb.Right() - CharW*sc, H: b.H}
	whole := Count(int64(n)) + " StackChunks " + Size(chunks)
	if ratio := int64(each / max(1, chunks)); ratio >= 2 {
		l.TextFit(after, sc, p.Text, "<- the loops' "+whole+", in the heap: 1/"+Count(ratio)+" of one carrier",
			"<- "+whole+": 1/"+Count(ratio)+" of one carrier", "<- "+whole+": 1/"+Count(ratio)+" of it", "<- "+whole)
	} else {
		l.TextFit(after, sc, p.Text, "<- the loops' "+whole+", in the heap", "<- "+whole)
	}
	l.detail(Rect{X: r.X, Y: a.Y, W: r.W, H: b.Bottom() - a.Y}, "one carrier beside the parked stacks",
		"At one scale: one carrier's OS thread holds about "+Size(each)+" outside the heap (touched stack pages and native memory); the "+
			Count(int64(n))+" StackChunks that hold the parked loops' stacks take "+Size(chunks)+" in the heap between them.")
}
