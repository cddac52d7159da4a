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
// Three marks, from the top: the container's limit as one bar (the JVM
// itself, the carriers, the heap, what is unused) with a key under it,
// each part one plain shade its key's swatch repeats; the headline, the
// threads' memory at one scale in large type (the carriers' OS threads
// as a bar as long as the panel, the virtual threads as the sliver they
// are, an arrow to it); the OS threads counted on one line. (The heap
// opened into its garbage and the OS threads' grid of 74 cells were
// more than a reader took in: the contrast of the two bars is the
// lesson, and three readers asked for it alone.)
func drawMemoryStory(l *List, body Rect, snap *sim.Snapshot, measured bool, limit sim.Bytes, p *Palette, sc float32) bool {
	row := CharH * sc
	if !memoryStory(snap, limit) || !memoryStoryRoom(body, sc) {
		return false
	}
	body = body.PadX(2 * sc)
	scale := max(limit, snap.RSS) // over the limit, the bar is the memory's
	heapUsed := snap.Heap.EdenUsed + snap.Heap.SurvivorUsed + snap.Heap.OldUsed

	// The headline first, at the top where the eye starts: the threads'
	// memory at one scale (readers took the container's bar above it for
	// the lesson). Then the container's bar under it, its key, and the OS
	// threads counted on the body's last line.
	keys := memoryKeys(l, snap, limit, p, sc)
	keyH := row
	if keysWidth(keys, sc)-2*CharW*sc > body.W {
		keyH = 2 * row
	}
	under := 8*sc + 2*row + 6*sc + 3*sc + keyH + 4*sc + row
	head, _ := body.Top(body.H - under)
	top := body.Y + drawStackContrast(l, head, snap, p, sc)
	if top > body.Y {
		top += 8 * sc
	}
	bar, r := Rect{X: body.X, Y: top, W: body.W, H: body.Bottom() - top}.Top(2*row + 6*sc)
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
	// The parts in plain shades, told apart by lightness: the JVM itself
	// dark (named inside in light words), the carriers in their own
	// near-white, the heap a middle grey. (The heap drawn as its garbage
	// read as the garbage; the carriers' white stripes matched no swatch.)
	jvmThreads := max(0, snap.PlatformLive-len(snap.Carriers))
	l.Rect(jvm, p.PanelEdge)
	l.TextFit(jvm.PadX(4*sc), sc, p.Text,
		"the JVM itself "+Size(snap.RSSJVM)+": code, class data, its "+Count(int64(jvmThreads))+" threads",
		"the JVM itself "+Size(snap.RSSJVM)+": code, its "+Count(int64(jvmThreads))+" threads",
		"the JVM itself "+Size(snap.RSSJVM), "JVM itself "+Size(snap.RSSJVM), "JVM "+Size(snap.RSSJVM))
	nc := len(snap.Carriers)
	l.Mark(carriers, MeanCarrierOS, p, 1)
	l.Rect(heap, p.TextDim)
	// What the heap holds is the explanation on point, not the frame's.
	l.region(heap, "heap", heapContentsSay(snap, heapContents(snap, heapUsed)))
	if over := snap.RSS - limit; over > 0 {
		l.Line(bar.X+px*float32(limit), bar.Y-2*sc, bar.X+px*float32(limit), bar.Bottom()+2*sc, max(1, 2*sc), p.Text)
	}
	each := snap.RSSThreads / sim.Bytes(max(1, nc))
	l.detail(bar, "memory", "The JVM's resident memory, "+Size(snap.RSS)+", drawn against the container's limit, "+Size(limit)+
		": the JVM itself "+Size(snap.RSSJVM)+" (code, class metadata, the collector's tables, its own "+Count(int64(jvmThreads))+" threads), the "+
		Count(int64(nc))+" carriers' OS threads "+Size(snap.RSSThreads)+" (touched stack pages and native memory, about "+Size(each)+
		" each), the heap's pages in RAM "+Size(snap.RSSHeap)+", and "+Size(max(0, limit-snap.RSS))+" of the limit unused.")

	_, r = r.Top(3 * sc)
	key, r := r.Top(keyH)
	drawKeyLines(l, key, keys, p, sc)

	// The OS threads, counted on the body's last line.
	_, line := r.CutBottom(row)
	l.TextFit(line, sc, p.Text,
		"OS threads: "+Count(int64(snap.PlatformLive))+" = "+Count(int64(nc))+" carriers + "+jvmOwnWords(jvmThreads, measured),
		"OS threads: "+Count(int64(snap.PlatformLive))+" = "+Count(int64(nc))+" carriers + "+jvmOwnWords(jvmThreads, false),
		"OS threads: "+Count(int64(snap.PlatformLive))+" = "+Count(int64(nc))+" carriers + "+Count(int64(jvmThreads))+" of the JVM",
		"OS threads: "+Count(int64(snap.PlatformLive)))
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

// memoryKeys is the container's bar's key, in the bar's order, each after
// a swatch of its part's own shade (the JVM itself is named inside its
// part).
func memoryKeys(l *List, snap *sim.Snapshot, limit sim.Bytes, p *Palette, sc float32) []keyItem {
	nc := len(snap.Carriers)
	keys := []keyItem{
		{func(s Rect) { l.Mark(s, MeanCarrierOS, p, 1) }, []string{Count(int64(nc)) + " carriers " + Size(snap.RSSThreads)}},
		{func(s Rect) { l.Rect(s, p.TextDim) }, []string{"heap " + Size(snap.RSSHeap)}},
	}
	if free := limit - snap.RSS; free > 0 {
		return append(keys, keyItem{func(s Rect) { l.Rect(s, p.Background); l.Frame(s, max(1, sc), p.PanelEdge) },
			[]string{Size(free) + " unused of the " + Size(limit) + " limit", Size(free) + " unused of the limit", Size(free) + " unused"}})
	}
	return append(keys, keyItem{func(s Rect) { l.Line(s.X+s.W/2, s.Y, s.X+s.W/2, s.Bottom(), max(1, 2*sc), p.Text) },
		[]string{"the " + Size(limit) + " limit, passed by " + Size(snap.RSS-limit), "limit " + Size(limit)}})
}

// keysWidth is the width the key's fullest words take on one line.
func keysWidth(keys []keyItem, sc float32) float32 {
	kw := float32(0)
	for _, k := range keys {
		kw += CharH*sc*0.7 + 4*sc + TextWidth(k.words[0], sc) + 2*CharW*sc
	}
	return kw
}

// drawCarrierCells fills r with n carriers' cells in the carriers' colour,
// a thin line between each (one cell a carrier, as in the OS threads'
// grid).
func drawCarrierCells(l *List, r Rect, n int, p *Palette, sc float32) {
	l.Mark(r, MeanCarrierOS, p, 1)
	if cw := r.W / float32(max(1, n)); cw >= 3*sc {
		for i := 1; i < n; i++ {
			l.Rect(Rect{X: r.X + float32(i)*cw - max(1, sc)/2, Y: r.Y, W: max(1, sc), H: r.H}, p.Panel)
		}
	}
}

// keyItem is one entry of a bar's key: its swatch and its words, longest
// first.
type keyItem struct {
	swatch func(Rect)
	words  []string
}

// drawKeyLines lays the key's entries out in r's lines, left to right,
// a new line where the next does not fit. Where they need more lines
// than r has, the entry with the longest words takes its next shorter
// wording, until they fit or none is left.
func drawKeyLines(l *List, r Rect, items []keyItem, p *Palette, sc float32) {
	row := CharH * sc
	sw := row * 0.7
	sep := 2 * CharW * sc
	lines := int(r.H / row)
	level := make([]int, len(items))
	words := func(i int) string { return items[i].words[level[i]] }
	for {
		x, ln := r.X, 0
		at := make([][2]float32, len(items))
		for i := range items {
			ew := sw + 4*sc + TextWidth(words(i), sc)
			if x > r.X && x+ew > r.Right() {
				x, ln = r.X, ln+1
			}
			at[i] = [2]float32{x, float32(ln)}
			x += ew + sep
		}
		longest := -1
		for i := range items {
			if level[i]+1 < len(items[i].words) && (longest < 0 || len(words(i)) > len(words(longest))) {
				longest = i
			}
		}
		if ln >= lines && longest >= 0 {
			level[longest]++
			continue
		}
		for i, it := range items {
			y := r.Y + at[i][1]*row
			if y+row > r.Bottom()+0.5 {
				break
			}
			it.swatch(Rect{X: at[i][0], Y: y + (row-sw)/2, W: sw, H: sw})
			tx := at[i][0] + sw + 4*sc
			l.TextFit(Rect{X: tx, Y: y, W: r.Right() - tx, H: row}, sc, p.Text, words(i))
		}
		return
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

// drawStackContrast draws the headline: the carriers' OS threads as a
// bar as long as the panel, and under it, at the same scale, what the
// virtual threads hold (their Thread objects and the StackChunks of their
// stacks, in the heap): a sliver, widened to be seen, an arrow to it and
// its words in the large type, what it is widened from said plainly. The
// bars grow with the room r has. It returns the height it used.
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
	n, vn := snap.Chunks.Live, snap.VirtualLive
	cs := Count(int64(nc))
	vs := Count(int64(vn)) + " virtual " + plural(vn, "thread", "threads")
	about := ""
	if !sizesAddUp(vt, objs, chunks, local) {
		about = "~" // the parts are rounded apart from the whole
	}
	carrierWords := cs + " carriers' OS threads: " + Size(snap.RSSThreads)
	vtWords := vs + ": " + about + Size(vt)
	// The headline's type: larger than the caption where both its lines
	// fit (the sliver's words after the arrow's room), else smaller.
	arrow := 6 * CharW * sc
	big := sc
	for _, f := range []float32{1.5, 1.25} {
		if TextWidth(carrierWords, f*sc) <= r.W-8*sc && TextWidth(vtWords, f*sc) <= r.W-arrow-8*sc {
			big = f * sc
			break
		}
	}
	bigRow := CharH * big
	if r.H < 2*bigRow+3*row+8*sc {
		return 0
	}

	head, rest := r.Top(row)
	l.TextFit(head, sc, p.Text, "what the threads cost in resident memory, at one scale:",
		"the threads' resident memory, at one scale:", "resident memory, at one scale:", "at one scale:")
	// The two bars share what room there is beyond their words' lines.
	spare := max(0, rest.H-(2*bigRow+2*row+8*sc))
	_, rest = rest.Top(4 * sc)
	a, rest := rest.Top(bigRow + 8*sc + min(spare/2, bigRow))
	_, rest = rest.Top(4 * sc)
	b, rest := rest.Top(bigRow + min(spare/2, 8*sc))
	note, rest := rest.Top(row)
	sub, _ := rest.Top(row)
	// The carriers' bar, a cell each, named inside in large dark words.
	drawCarrierCells(l, a, nc, p, sc)
	each := snap.RSSThreads / sim.Bytes(nc)
	// (Each one's share is in the explanation: a second per-thread size
	// beside the lane's stack bar read as a second stack scale.)
	for _, w := range []string{carrierWords, cs + " carriers: " + Size(snap.RSSThreads)} {
		if TextWidth(w, big) <= a.W-8*sc {
			// On a plate of the bar's own shade: the cells' dividers
			// cut through the words.
			ty := a.Y + (a.H-bigRow)/2
			l.Mark(Rect{X: a.X + 2*sc, Y: ty, W: TextWidth(w, big) + 4*sc, H: bigRow}, MeanCarrierOS, p, 1)
			l.TextBold(a.X+4*sc, ty, w, big, p.Background)
			break
		}
	}
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
			w := max(2*sc, px*float32(pt.b))
			l.Mark(Rect{X: x, Y: sliver.Y, W: w, H: sliver.H}, pt.m, p, 1)
			x += w
		}
	}
	l.inHeap = false
	sliver.W = x - sliver.X
	var parts []string
	if chunks > 0 {
		parts = append(parts, Count(int64(n))+" "+plural(n, "StackChunk", "StackChunks")+" "+Size(chunks))
	}
	if objs > 0 {
		parts = append(parts, "Thread objects "+Size(objs))
	}
	if local > 0 {
		parts = append(parts, "thread-local data "+Size(local))
	}
	// An arrow from the words to the sliver: a thin mark a few pixels
	// wide at the bar's corner was missed.
	tx := sliver.Right() + arrow
	ay := b.Y + b.H/2
	lw := max(1, 2*sc)
	l.Line(sliver.Right()+3*sc, ay, tx-CharW*sc, ay, lw, p.Text)
	l.Line(sliver.Right()+3*sc, ay, sliver.Right()+9*sc, ay-5*sc, lw, p.Text)
	l.Line(sliver.Right()+3*sc, ay, sliver.Right()+9*sc, ay+5*sc, lw, p.Text)
	for _, w := range []string{vtWords, about + Size(vt)} {
		if TextWidth(w, big) <= b.Right()-tx {
			l.TextBold(tx, ay-bigRow/2, w, big, p.Text)
			break
		}
	}
	// Widened, said plainly, with its true width.
	trueW := px * float32(vt) / sc
	if widened := sliver.W > px*float32(vt)+0.5; widened {
		tw := strconv.FormatFloat(float64(trueW), 'f', 1, 32)
		l.TextFit(Rect{X: tx, Y: note.Y, W: note.Right() - tx, H: row}, sc, p.Text,
			"(the sliver is widened to be seen: to scale, "+tw+" px)", "(the sliver is widened to be seen)", "(widened to be seen)")
	}
	l.TextFit(Rect{X: tx, Y: sub.Y, W: sub.Right() - tx, H: row}, sc, p.TextDim,
		"= "+strings.Join(parts, " + ")+", in the heap", "= "+strings.Join(parts, " + "))
	l.detail(Rect{X: r.X, Y: a.Y, W: r.W, H: sub.Bottom() - a.Y}, "the threads' memory at one scale",
		"At one scale: the "+cs+" carriers' OS threads hold "+Size(snap.RSSThreads)+" of resident memory outside the heap (touched stack pages and native memory, about "+
			Size(each)+" each; the stacks they reserve are larger, but untouched pages take no RAM); the "+vs+" hold "+Size(vt)+" in the heap: "+strings.Join(parts, ", ")+
			". The virtual threads' sliver is widened to be seen.")
	return sub.Bottom() - r.Y
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
