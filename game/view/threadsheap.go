package view

import (
	"math"
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// The heap of a program whose heap holds nothing yet but its threads'
// own objects (their Thread objects and the StackChunks of their parked
// stacks), before any collection: 10,000 sleeping virtual threads. Drawn
// to the heap's scale those objects were slivers in a nearly empty eden,
// beside survivor boxes ("in use", "empty"), an old generation folded to a
// line and a strip of StackChunk bricks restating the parked threads'
// grid; readers took none of it in. Here the panel draws what the threads
// hold as one bar, the bytes in use split by kind, and says each thread's
// share; the spaces are one dim line, their sizes the explanation's.

// threadsOnlyHeap reports whether the heap holds (nearly) nothing but the
// threads' own objects and has never been collected: no collection, no
// old generation, and Thread objects and StackChunks at least nine
// tenths of what is used. Collections only grow, so once the heap's own
// story starts this view does not come back.
func threadsOnlyHeap(snap *sim.Snapshot) bool {
	h := &snap.Heap
	if snap.YoungGCs+snap.FullGCs > 0 || h.OldUsed > 0 || snap.Chunks.Old > 0 || snap.VirtualLive == 0 || snap.Paused || chunksByTier(snap) {
		// (A pause is the heap's own story; chunks coloured by JIT tier
		// are the strip's.)
		return false
	}
	used := h.EdenUsed + h.SurvivorUsed
	own := h.YoungLive[sim.CatThread] + h.YoungLive[sim.CatChunk]
	return used > 0 && 10*own >= 9*used
}

// drawThreadsHeap draws the heap of threadsOnlyHeap: its title says the
// bytes in use of the heap's size; under it, one bar split by kind (the
// StackChunks, the Thread objects), each part named under it with its
// size; a line says one thread's share and what it is made of; the
// spaces are a dim line.
func drawThreadsHeap(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	h := &snap.Heap
	row := CharH * sc
	used := h.EdenUsed + h.SurvivorUsed
	// What the same threads would hold as platform threads is a panel of
	// its own under the heap's: inside the heap's panel, under "of 4.00
	// GB", its 18.75 GB read as heap.
	if ch := platformContrastH(snap, r, sc); ch > 0 {
		var cr Rect
		r, cr = r.CutBottom(ch)
		defer drawPlatformContrast(l, cr, snap, h.YoungLive[sim.CatChunk]+h.YoungLive[sim.CatThread]+h.YoungLive[sim.CatThreadLocal], p, sc)
	}
	l.inHeap = true
	defer func() { l.inHeap = false }()
	body := panel(l, r, "", p, sc, "heap: "+Size(used)+" in use, of "+Size(h.Max), "heap: "+Size(used)+" in use", "heap")
	l.region(r, "heap", "The Java heap, "+Size(h.Max)+" ("+snap.GC.String()+" collector): eden "+Size(h.EdenUsed)+" of "+Size(h.EdenCap)+
		", survivors "+Size(h.SurvivorUsed)+" of 2 × "+Size(h.SurvivorCap)+", old generation empty ("+Size(h.OldCap)+"). No collection has run yet. "+
		"What is in use is the virtual threads' own objects: a Thread object each, and a StackChunk each holding the stack a parked thread had when it parked.")
	if body.Empty() || body.H < row/2 {
		return
	}
	live := func(c sim.AllocCat) sim.Bytes { return h.YoungLive[c] }
	parts := []struct {
		b     sim.Bytes
		m     Meaning
		words []string
		sized string // its name and size, where the sizes add up
	}{
		{live(sim.CatChunk), MeanChunkData, []string{"StackChunks", "chunks"}, ""},
		{live(sim.CatThread), MeanThreadObj, []string{"Thread objects", "Threads"}, ""},
		{live(sim.CatThreadLocal), MeanThreadLocal, []string{"thread-local data", "locals"}, ""},
	}
	var total sim.Bytes
	for _, pt := range parts {
		total += pt.b
	}
	if total <= 0 {
		return
	}
	// Each part's size before its name where the sizes, as written, add
	// up to the bar's ("StackChunks 5.4 MB" + "Thread objects 2.4 MB"
	// under "7.8 MB"): two readers asked how the bar split, and sizes
	// each rounded on its own (5.3 + 2.4 beside 7.8 MB) had been left
	// out for not adding up. Elsewhere, names only.
	var partBytes []sim.Bytes
	for _, pt := range parts {
		partBytes = append(partBytes, pt.b)
	}
	if added, ok := sizesThatAddUp(total, partBytes); ok {
		for i := range parts {
			parts[i].sized = parts[i].words[0] + " " + PartsSize(added[i])
		}
	}
	n := snap.VirtualLive
	one := shareSize(total, n)
	var what []string
	if live(sim.CatThread) > 0 {
		what = append(what, "a Thread object")
	}
	if live(sim.CatThreadLocal) > 0 {
		what = append(what, "thread-local data")
	}
	if live(sim.CatChunk) > 0 {
		what = append(what, "a StackChunk") // glossed by the legend: "parked stacks, in the heap"
	}
	big := 2 * sc
	perThread := "~" + one + " a thread"
	if TextWidth(perThread, big) > body.W {
		big = sc
	}
	// From the top: what the bar is (the threads' bytes, not the heap's
	// 4 GB), the bar split by kind with each part's name under its start,
	// then one thread's share in large type and what it is made of; the
	// spaces, dim, at the foot. The room left is shared by the gaps.
	// (The dim foot line is drawn only where no contrast panel follows.)
	footH := row
	if platformContrastH(snap, Rect{H: 1e9}, sc) > 0 {
		footH = 0
	}
	need := 5*row + footH + CharH*big + 8*sc
	if body.H < need {
		big = sc
		need = 6*row + footH + 8*sc
	}
	// A low panel (a phone's): the bar and its names, one thread's share
	// and what it is made of on one line, nothing else; lower still (a
	// phone's page, the picture shortened to end on a whole row), the bar
	// alone, its parts' colours the legend's: the title alone over an
	// empty body was an empty box.
	low := body.H < need
	barOnly := body.H < 1.5*row
	spare := max(0, body.H-need)
	// Where there is room, the whole heap first: a track under the
	// title ("of 4.00 GB") with the bytes in use a sliver at its start,
	// and lines from the sliver down to the bar's ends: the bar is that
	// sliver drawn large. Under "of 4.00 GB" a full-width bar read as a
	// full heap even with its words on it.
	// The track, then a line's height for the zoom's lines: at half a
	// line they ran almost level, and a reader saw an empty outline over a
	// full bar with no change of scale between them.
	trackH := 0.75 * row
	zoomH := trackH + row + 2*sc
	zoom := !low && spare >= zoomH && h.Max > used
	// Where the spare is short of the track, the track is worth more than
	// a tall bar, the share in large type and a line of its own for what
	// a thread's share is made of: in llm-router's low heap panel a
	// full-width bar under "of 2.00 GB", with no track, read as a full
	// heap. So the share goes in plain type with its parts on its line,
	// and the bar keeps its least height, where that makes the room for
	// the track and the bracket that says the bar is the sliver enlarged.
	// squeezed: the share and its parts on one line in plain type, the
	// bar at its least height, for the track's room.
	squeezed := false
	bracketH := row + 6*sc
	if shareLine := perThread + " = " + strings.Join(bareWords(what), " + "); !low && !zoom && h.Max > used && TextWidth(shareLine, sc) <= body.W {
		// The bar's give (two lines high to one and a bit), the parts'
		// line, and the large type's extra height.
		room := spare + (row - 2*sc) + row + (CharH*big - row)
		if room >= zoomH+bracketH-row {
			big = sc
			squeezed, zoom = true, true
			spare = room - zoomH
		}
	}
	if zoom && !squeezed {
		spare -= zoomH
	}
	// Where there is room, the bar's size on a bracket under its whole
	// length: written on the bar, "7.8 MB in use, by kind" sat inside
	// the StackChunks' part, and readers took it for the StackChunks'
	// size (centred on the bar, too).
	// Its room comes from the spare, else from the bar (two lines high
	// where it has the room, one and a bit at the least).
	bracketed := !low && spare+row >= bracketH
	barCut := float32(0)
	switch {
	case bracketed && squeezed:
		// The bar has given its room to the track already: the bracket
		// has the line need counts for it, the rest from the spare.
		spare -= bracketH - row
	case bracketed:
		barCut = max(0, bracketH-spare)
		spare = max(0, spare-bracketH)
	}
	_, rest := body.Top(min(spare/4, row))
	var sliver Rect
	if zoom {
		var strip Rect
		strip, rest = rest.Top(zoomH)
		track := Rect{X: strip.X, Y: strip.Y, W: strip.W, H: trackH}
		// An outline, not the free space's mark: the legend keeps to the
		// threads' objects (the heap's other spaces are the explanation's).
		l.Frame(track, max(1, sc), p.TextDim)
		sliver = Rect{X: track.X, Y: track.Y, W: max(2*sc, track.W*float32(float64(used)/float64(h.Max))), H: track.H}
		l.Rect(sliver, p.Text)
		// No words on it: the title over it says "of 4.00 GB", and the
		// frame's words are at their budget (words_test.go).
		l.detail(track, "the whole heap", "The whole heap, "+Size(h.Max)+", to scale: the "+Size(used)+" in use is the sliver at its start, drawn large in the bar under it.")
	}
	barH := max(row/2, body.H-2*row-4*sc)
	if !low {
		barH = max(row+2*sc, 2*row+min(spare/3, 2*row)-barCut)
	}
	if squeezed {
		barH = row + 2*sc
	}
	if barOnly {
		barH = min(row, body.H-2*sc)
	}
	if !bracketed && !barOnly && barH-bracketH >= row {
		// A low panel's bar (a phone's) gives the bracket its room.
		bracketed = true
		barH -= bracketH
	}
	bar, rest := rest.Top(barH)
	if zoom {
		l.Line(sliver.X, sliver.Bottom(), bar.X, bar.Y, max(1.5, 1.5*sc), p.Text.Alpha(0.7))
		l.Line(sliver.Right(), sliver.Bottom(), bar.Right(), bar.Y, max(1.5, 1.5*sc), p.Text.Alpha(0.7))
	}
	// What the bar is, said on the bracket under it or on the bar itself:
	// the bytes in use (the threads' where they are not all of them).
	// Under the whole heap's track, the bar is its sliver drawn large:
	// said in words, as the lines from the sliver show it (three
	// newcomers still read the full-width bar as a full heap).
	barWhat := Size(used) + " in use"
	if Size(total) != Size(used) {
		barWhat = "the threads' " + Size(total)
	}
	byKind := barWhat + ", by kind"
	if zoom {
		byKind = barWhat + " enlarged, by kind"
	}
	if bracketed {
		var band Rect
		band, rest = rest.Top(bracketH)
		label := byKind
		if TextWidth(label, sc)+4*CharW*sc > band.W {
			label = barWhat
		}
		// The bracket's line at the band's middle, its ticks up to the
		// bar; the words on the line, the line broken round them.
		th := max(1, sc)
		mid := band.Y + band.H/2
		drawBracket(l, bar.X, bar.W, band.Y+2*sc, mid+th/2, th, p.TextDim)
		tw := TextWidth(label, sc)
		at := bar.X + (bar.W-tw)/2
		l.Rect(Rect{X: at - CharW*sc/2, Y: mid - row/2, W: tw + CharW*sc, H: row}, p.Background)
		l.Text(at, mid-row/2, label, sc, p.Text)
	} else if bar.H >= row+4*sc {
		// The bar says on itself what it is, the bytes in use: under
		// "of 4.00 GB" a full bar with its title above it read as a
		// full heap (a phone's low bar, which said nothing, too).
		defer func() {
			in := Rect{X: bar.X + CharW*sc/2, Y: bar.Y + 2*sc, W: bar.W - CharW*sc, H: row}
			l.TextFit(in, sc, p.Background, byKind, barWhat+", by kind", barWhat)
		}()
	}
	words, rest := rest.Top(row)
	x := bar.X
	px := bar.W / float32(total)
	wx := words.X
	for _, pt := range parts {
		if pt.b <= 0 {
			continue
		}
		w := px * float32(pt.b)
		l.Mark(Rect{X: x, Y: bar.Y, W: w, H: bar.H}, pt.m, p, 1)
		for _, s := range append([]string{pt.sized}, pt.words...) {
			if barOnly {
				break
			}
			if s == "" {
				continue
			}
			// Under its part's start, or pulled left to end at the
			// bar's end, never over the words before it.
			tw := TextWidth(s, sc)
			if at := max(wx, min(x, words.Right()-tw)); at+tw <= words.Right()+0.5 {
				l.Text(at, words.Y, s, sc, p.Text)
				wx = at + tw + 2*CharW*sc
				break
			}
		}
		x += w
	}
	if barOnly {
		return
	}
	if low {
		// Right under the names of the parts: "~0.8 KB a thread" alone
		// there read as one StackChunk's size.
		alts := []string{perThread + ": " + strings.Join(what, " + ")}
		if len(what) > 1 {
			alts = append(alts, perThread+": one of each")
		}
		l.TextFit(rest, sc, p.Text, append(alts, perThread)...)
		return
	}
	_, rest = rest.Top(4*sc + min(spare/4, row))
	share, rest := rest.Top(CharH * big)
	l.TextBold(share.X, share.Y, perThread, big, p.Text)
	var each Rect
	if squeezed {
		// The parts after the share, on its line.
		x := share.X + TextWidth(perThread+" ", sc)
		each = Rect{X: x, Y: share.Y, W: share.Right() - x, H: row}
	} else {
		each, rest = rest.Top(row)
	}
	var sizes []string
	for _, pt := range parts {
		switch {
		case pt.sized != "":
			// As the bar's names say them.
			sizes = append(sizes, pt.sized)
		case pt.b > 0:
			sizes = append(sizes, pt.words[0]+" "+Size(pt.b))
		}
	}
	l.detail(Rect{X: bar.X, Y: bar.Y, W: bar.W, H: each.Bottom() - bar.Y}, "the threads' objects",
		"The "+Count(int64(n))+" virtual threads' objects, "+Size(total)+": "+strings.Join(sizes, ", ")+" (each rounded). Each thread has its Thread object, and a StackChunk holding the stack it had when it parked: about "+one+" a thread.")
	l.TextFit(each, sc, p.Text, "= "+strings.Join(bareWords(what), " + "))
	// Where the model gives a platform thread no memory (no contrast
	// panel under this one), the spaces, dim: where these objects are.
	if platformContrastH(snap, Rect{H: 1e9}, sc) > 0 {
		return
	}
	_, foot := rest.CutBottom(row)
	l.TextFit(foot, sc, p.TextDim, "all in eden; no GC yet, survivors and old generation empty",
		"all in eden; survivors and old gen empty", "in eden; old gen empty", "in eden")
}

// bareWords are a thread's parts without their articles ("= Thread object
// + StackChunk"): two words for the contrast's "a carrier is a platform
// thread".
func bareWords(what []string) []string {
	var bare []string
	for _, w := range what {
		bare = append(bare, strings.TrimPrefix(w, "a "))
	}
	return bare
}

// timesLess writes how many times big is small, to three significant
// figures ("2,470×"), whole numbers under a thousand.
func timesLess(big, small sim.Bytes) string {
	r := float64(big) / float64(max(1, small))
	mag := 1.0
	// Three significant digits: at two, 18.75 GB against 7.8 MB said
	// "2,500×", and a reader who divided the two figures shown (2,460)
	// took the ratio for wrong.
	for r/mag >= 1000 {
		mag *= 10
	}
	return Count(int64(math.Round(r/mag)*mag)) + "×"
}

// shareSize formats one of n threads' share of total, in KB with one
// decimal, or two where one would not multiply back to the total drawn:
// llm-router's 1.3 MB over 1,400 threads is 0.95 KB a thread, and "~1.0
// KB a thread" was multiplied out to 1.4 MB.
func shareSize(total sim.Bytes, n int) string {
	each := total / sim.Bytes(max(1, n))
	if each < 100 || each >= sim.MB {
		return kiloWords(each)
	}
	return shareIn(each, n, total, sim.KB, " KB", Size)
}

// EachSize formats one thread's share of a total drawn beside it with a
// digit more than Size where that is what it takes ("1.92 MB"), so that
// the share times the threads gives the total: "1.9 MB reserved each"
// under 10,000 threads' "18.75 GB" was multiplied out by a reader to 19
// GB. One decimal where it multiplies back ("1.0 MB" for an exact MB).
// Back to the total as the memory bar writes it (PartsSize): 32 × "3.2
// MB" gives Size's "102 MB" but not the bar's "102.0 MB".
func EachSize(b sim.Bytes, n int) string {
	if b >= sim.MB && b < 10*sim.MB {
		return shareIn(b, n, b*sim.Bytes(n), sim.MB, " MB", PartsSize)
	}
	return Size(b)
}

// shareIn formats each in unit with one decimal if that figure times n
// gives total's figure (as format writes it), else with two if that does;
// where neither does, the one whose product comes nearer the total
// (loom-carrier's 31.8 KB over 32 threads: "0.99 KB", 31.7 KB, not "1.0
// KB", 32.0).
func shareIn(each sim.Bytes, n int, total, unit sim.Bytes, name string, format func(sim.Bytes) string) string {
	x := float64(each) / float64(unit)
	best, off := "", math.Inf(1)
	for _, digits := range []int{1, 2} {
		s := strconv.FormatFloat(x, 'f', digits, 64)
		f, _ := strconv.ParseFloat(s, 64)
		product := sim.Bytes(f * float64(unit) * float64(n))
		if format(product) == format(total) {
			return s + name
		}
		if d := math.Abs(float64(product - total)); d < off {
			best, off = s, d
		}
	}
	return best + name
}

// platformContrastH is the height of the panel drawPlatformContrast
// draws under the heap's panel r (its title and two bars of two lines),
// or 0 where the model gives a platform thread no memory, the program
// runs platform threads of its own, or r has no room for both panels.
func platformContrastH(snap *sim.Snapshot, r Rect, sc float32) float32 {
	row := CharH * sc
	h := &snap.Heap
	total := h.YoungLive[sim.CatChunk] + h.YoungLive[sim.CatThread] + h.YoungLive[sim.CatThreadLocal]
	each, n := snap.PlatformThreadMemory, snap.VirtualLive
	if each <= 0 || n <= 0 || snap.PlatformApp > 0 || each*sim.Bytes(n) <= total {
		return 0
	}
	ch := PanelTitleH(sc) + 2*(2*row+4*sc) + 14*sc
	// The heap's panel keeps its title, bar, names and the thread's share.
	if r.H-ch < PanelTitleH(sc)+8*row+14*sc {
		return 0
	}
	return ch
}

// drawPlatformContrast draws, as a panel of its own, two bars at one
// scale: the memory the virtual threads' number of platform threads
// would hold (the model's own figure for a platform thread,
// snap.PlatformThreadMemory: its -Xss stack and other native memory,
// outside the heap), in the platform threads' colour, and the virtual
// threads' objects, total, in the virtual threads' colour: each side in
// its threads' colour (the heap's StackChunk brown against the platform
// pink was one more thing to decode).
func drawPlatformContrast(l *List, r Rect, snap *sim.Snapshot, total sim.Bytes, p *Palette, sc float32) {
	row := CharH * sc
	each := snap.PlatformThreadMemory
	n := snap.VirtualLive
	plat := each * sim.Bytes(n)
	// "Both": "drawn to the same scale" was asked "the same as what?"
	// (the heap's bar above is at another).
	body := panel(l, r, "", p, sc, "both to one scale", "one scale")
	if body.Empty() {
		return
	}
	barH := min(2*row+4*sc, (body.H-4*sc)/2)
	top, rest := body.Top(barH)
	_, low := rest.Top(4 * sc)
	low.H = barH
	// The platform threads' bar fills the width; the virtual threads'
	// is as long as its share, at least 3 pixels to be seen.
	l.Mark(top, MeanPlatform, p, 1)
	// A carrier is a platform thread: said once, where platform threads
	// are met ("carrier", "OS thread" and "platform thread" read as three
	// things).
	in := top.PadX(3 * sc)
	if barH >= 2*row {
		a, b := in.Top(barH / 2)
		// "Outside the heap" first: 18.75 GB beside the heap's 4 GB
		// read for a moment as having to fit in it. The model counts a
		// platform thread's memory reserved (its -Xss stack and native
		// memory, fitted to the article's figure), against the virtual
		// threads' heap in use: "reserved stack next to used heap" is
		// said, not left to be found.
		// In GB, with the MB that the share under it times the threads
		// gives, where the line has room: a reader multiplied "1.92 MB
		// reserved each" by 10,000 and got 19.2 GB, not 18.75 (1 GB is
		// 1,024 MB here; EachSize's figure times n writes as Size(plat)).
		inMB := ""
		if f, unit, ok := readSize(EachSize(each, n)); ok && unit == sim.MB && plat >= sim.GB {
			inMB = " (" + Count(int64(math.Round(f*float64(n)))) + " MB)"
		}
		l.TextFit(Rect{X: a.X, Y: a.Bottom() - row, W: a.W, H: row}, sc, p.Background,
			// "If": "platform threads, outside the heap: 18.75 GB" read
			// as threads that exist now, beside "only 11 OS threads".
			"if platform threads, outside the heap: "+Size(plat)+inMB, "if platform threads: "+Size(plat)+inMB,
			"if platform threads, outside the heap: "+Size(plat), "if platform threads: "+Size(plat), "if platform: "+Size(plat))
		l.TextFit(Rect{X: b.X, Y: b.Y, W: b.W, H: row}, sc, p.Background, EachSize(each, n)+" reserved each, not all in RAM",
			EachSize(each, n)+" reserved each", "outside the heap")
	} else {
		l.TextFit(in, sc, p.Background, "as platform threads: "+Size(plat)+" outside the heap",
			"as platform threads: "+Size(plat), "platform: "+Size(plat))
	}
	w := max(3*sc, top.W*float32(total)/float32(plat))
	l.Mark(Rect{X: low.X, Y: low.Y, W: w, H: low.H}, MeanVirtual, p, 1)
	// The sliver is named in place, an arrow pointing at it, with how
	// many times less it is: a thin edge alone was not seen as a bar.
	ax := low.X + w + 2*sc
	tx := ax + 3*CharW*sc
	ay := low.Y + low.H/2
	lw := max(1, 1.5*sc)
	l.Line(ax, ay, tx-CharW*sc/2, ay, lw, p.Text)
	l.Line(ax, ay, ax+5*sc, ay-5*sc, lw, p.Text)
	l.Line(ax, ay, ax+5*sc, ay+5*sc, lw, p.Text)
	// Of the two figures as written: from the bytes, 18.75 GB over 7.8
	// MB said "2,470×", and a reader who divided them got 2,460.
	less := timesLess(AsShown(plat), AsShown(total))
	l.TextFit(Rect{X: tx, Y: low.Y + (low.H-row)/2, W: low.Right() - tx, H: row}, sc, p.Text,
		"virtual threads: "+Size(total)+" of heap, "+less+" less", "virtual threads: "+Size(total)+", "+less+" less",
		"virtual threads: "+Size(total), "virtual: "+Size(total))
	l.detail(r, "as platform threads",
		"The same "+Count(int64(n))+" threads as platform threads would hold "+Size(plat)+": "+Size(each)+" each, the model's -Xss stack reservation and other native memory of a platform thread, outside the heap. "+
			"A carrier is such a platform thread (an OS thread); virtual threads take turns on a few of them. "+
			"As virtual threads they hold "+Size(total)+" of heap (their Thread objects and StackChunks). Both bars are drawn at one scale (the virtual threads' at least 3 pixels wide, to be seen).")
}
