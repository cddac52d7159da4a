package view

import (
	"cmp"
	"slices"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// The heap: eden, the two survivor spaces and the old generation drawn to
// scale by area (young on top, old below, each space as wide as its share),
// each filled from the left by category, a tall bar naming its parts. The
// StackChunks get a strip of their own under the spaces (chunkstrip.go):
// a chunk of 300 words is a millionth of a 4 GB heap, so in the bars they
// are a sliver. Once the collector has run, the panel's last line is the
// share of the run it stopped the program.

// HeapRects splits a heap body into eden, S0, S1 and old, to scale.
func HeapRects(body Rect, h *sim.HeapView, sc float32) (eden, s0, s1, old Rect) {
	young := h.EdenCap + 2*h.SurvivorCap
	total := young + h.OldCap
	if total <= 0 || body.Empty() {
		return
	}
	gap := max(1, 2*sc)
	avail := body.H - gap
	yh := avail * float32(young) / float32(total)
	// Keep both rows tall enough for a label even when one generation is
	// tiny (NewRatio=8): the label matters more than exact proportions of a
	// sliver, and the numbers are written. Where there is room, a label
	// line and a bar under it: a space one line high has its label's plate
	// over its fill, which hid a survivor space's data from the reader.
	minRow := min((CharH+4)*sc, avail/2)
	if two := 2*CharH*sc + 4; avail >= 2*two {
		minRow = two
	}
	yh = clamp(yh, minRow, avail-minRow)
	yr, rest := body.Top(yh)
	_, old = rest.Top(gap)
	eden, s0, s1 = youngRects(yr, h, sc)
	return
}

// oldFolds reports whether the old generation is drawn as one line:
// nothing has survived into it (nothing to draw in a box).
func oldFolds(h *sim.HeapView) bool { return h.OldCap > 0 && h.OldUsed == 0 }

// youngRects splits the young generation's row into eden and the two
// survivor spaces, to scale.
func youngRects(yr Rect, h *sim.HeapView, sc float32) (eden, s0, s1 Rect) {
	young := h.EdenCap + 2*h.SurvivorCap
	gap := max(1, 2*sc)
	ew := (yr.W - 2*gap) * float32(h.EdenCap) / float32(max(young, 1))
	sw := (yr.W - 2*gap - ew) / 2
	// The two survivor spaces together stay wide enough for the word
	// "survivors": unlabelled slivers beside eden read as nothing, and
	// eden + old then seemed not to add up to the heap.
	// In a low row whose names have a line over the bars (the pair's),
	// wide enough for "survivor spaces": "2 survivors" there was read as
	// two surviving objects. (A tall row keeps them to scale, labelled
	// box by box.)
	word := "survivors"
	if band, _ := SpaceBands(yr, sc); !band.Empty() && yr.H < 3*CharH*sc {
		word = "survivor spaces"
	}
	if pair := TextWidth(word, sc) + 8*sc; 2*sw+gap < pair && h.SurvivorCap > 0 && yr.W > 3*pair {
		sw = (pair - gap) / 2
		ew = yr.W - 2*gap - 2*sw
	}
	eden = Rect{X: yr.X, Y: yr.Y, W: ew, H: yr.H}
	s0 = Rect{X: eden.Right() + gap, Y: yr.Y, W: sw, H: yr.H}
	s1 = Rect{X: s0.Right() + gap, Y: yr.Y, W: sw, H: yr.H}
	return
}

func (s *Side) drawHeap(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	if threadsOnlyHeap(snap) {
		drawThreadsHeap(l, r, snap, p, sc)
		return
	}
	l.inHeap = true
	defer func() { l.inHeap = false }()
	h := &snap.Heap
	right := ""
	// Beside the compared case (drawn when the threads' data fills the
	// old gen), the counts go to the explanations on point: the frame's
	// words are the two cases' shares, named alike.
	if snap.YoungGCs+snap.FullGCs > 0 && (s.contrast == nil || !oldHoldsThreadData(h)) {
		// "young GCs 0 · Full GCs 0" was two numbers saying nothing.
		right = "young GCs " + Count(snap.YoungGCs) + " · Full GCs " + Count(snap.FullGCs)
	}
	titles := []string{"heap " + Size(h.Max) + " · " + gcName(snap.GC) + " GC", "heap " + Size(h.Max), "heap"}
	if c := s.contrast; s.pairCols && c != nil && c.Snap != nil && snap.Paused && c.Snap.Paused && snap.PauseFull == c.Snap.PauseFull {
		// The two runs' columns say over the title that both are
		// paused (drawPairColumns): words under those would be hidden.
		titles = []string{""}
	}
	body := panel(l, r, right, p, sc, titles...)
	l.region(r, "heap", "The Java heap, "+Size(h.Max)+" ("+snap.GC.String()+" collector): eden "+Size(h.EdenUsed)+" of "+Size(h.EdenCap)+
		", survivor "+Size(h.SurvivorUsed)+" of "+Size(h.SurvivorCap)+", old generation "+Size(h.OldUsed)+" of "+Size(h.OldCap)+
		" ("+Size(h.OldGarbage)+" of it garbage). "+Count(snap.YoungGCs)+" young collections and "+Count(snap.FullGCs)+
		" Full GCs so far, "+Dur(snap.GCPauseTotal)+" paused in all. Of what is live, "+Size(threadHeap(snap))+
		" belongs to threads (Thread objects, StackChunks, thread-local data): where a virtual thread's memory is.")
	if body.Empty() {
		return
	}
	// Once the collector has run, the share of the run it stopped the
	// program takes the panel's last line, as a bar: "GC takes a third of
	// the time" was in the caption only, not in the marks.
	gcLines := float32(0)
	if snap.YoungGCs+snap.FullGCs > 0 && snap.Time > 0 && body.H > 10*CharH*sc {
		// Two lines where there is room: the words, then a bar as wide
		// as the panel, said to be the whole run (a bar squeezed beside
		// the words was too small to read "a third"). The bar is a line
		// and a quarter high, so that its stopped part and its track
		// are told apart at a glance.
		gcLines = 1
		if body.H > 14*CharH*sc {
			gcLines = 2.25
		}
		if body.H > 16*CharH*sc && localCopySaid(snap) {
			gcLines = 3.25 // and a line under the bar for what copying the threads' data took
		}
	}
	// StackChunk objects get a strip of their own under the spaces: as
	// blocks inside a space they would make a 4 MB eden look full.
	// An old generation nothing has survived into is one line, not an
	// empty box (vt-basics: a box two thirds of the heap's height said
	// "0 B"); the room goes to the StackChunks, where the threads are.
	foldOld := oldFolds(h) && body.H > 3*CharH*sc
	// Beside the compared case, the two cases' old gens are the panel:
	// one above the other at one scale, each with its share of the run
	// stopped for GC at its end (pair). The young spaces fold to a thin
	// row, the StackChunks' bricks to the explanation on their sliver
	// (9,999 live ones beside "dead: in the grey garbage" was noise).
	// The runs laid out alike (pairCols: columns on a desktop, rows on a
	// phone, whose layout gave the heap the side's room) need fewer lines
	// than the rows drawn under the shown run's panels.
	pairLines := float32(11)
	if s.pairCols {
		pairLines = 8
	}
	pair := (gcLines > 0 || s.pairCols && snap.YoungGCs+snap.FullGCs > 0) && !foldOld && pairFits(s.contrast, h, body, pairLines, sc)
	s.pairDrawn = pair
	if pair {
		gcLines = 0
	}
	var strip Rect
	if len(snap.ChunkBlocks) > 0 && body.H > 6*CharH*sc && !pair {
		sh := chunkStripH(body, sc)
		if !foldOld && oldHoldsThreadData(h) {
			// The old gen is where the threads' memory piles up: the
			// story's block, so it takes the room (the strip's bricks
			// are a detail of it).
			sh = min(sh, chunkStripMin(sc)+2*7*sc)
			if countBar(snap, s.byTier) {
				// The count bar ("9,999 live", "22,616 dead") is folded
				// into the old gen's StackChunks sliver, said on point:
				// beside the chain threads -> caches -> GC time its
				// counts were one more sum to check ("why dead, if no
				// thread ends?").
				sh = 0
			}
		}
		if foldOld {
			// Spaces: eden's label, a bar tall enough to name two
			// slivers (Thread objects, StackChunks), the old gen's line.
			sh = max(sh, body.H-max(8*CharH*sc+8*sc, body.H*0.3))
		}
		if sh > 0 {
			body, strip = body.CutBottom(sh)
			strip.Y += 2 * sc
			strip.H -= 2 * sc
		}
	}
	// The GC time's bar sits right under the old generation: its filling
	// is what drives the Full GCs whose pauses the bar adds up.
	var gcLine Rect
	if gcLines > 0 {
		gh := gcLines*CharH*sc + 3*sc
		var block Rect
		body, block = body.CutBottom(gh)
		gcLine = Rect{X: block.X, Y: block.Y + 3*sc, W: block.W, H: gh - 3*sc}
	}
	var eden, s0, s1, old Rect
	var rows []pairRow
	if pair {
		// Each run a row of its own, laid out alike (its threads, its
		// young spaces, its old gen, its share stopped), where the panel
		// is tall enough; else (a phone's) one young row over the two
		// old gens.
		if rows = pairRows(body, sc); rows != nil {
			eden, s0, s1 = youngRects(rows[0].young, h, sc)
			old = body
		} else {
			// The young row: a label and a thin bar, its words dim.
			young, rest := body.Top(2*CharH*sc + 4)
			eden, s0, s1 = youngRects(young, h, sc)
			_, old = rest.Top(6 * sc)
		}
	} else if foldOld {
		young, line := body.CutBottom(CharH*sc + 4*sc)
		line.Y += 2 * sc
		line.H -= 2 * sc
		eden, s0, s1 = youngRects(young, h, sc)
		old = line
	} else {
		eden, s0, s1, old = HeapRects(body, h, sc)
	}
	if pair && s.pairCols {
		// Each column draws its run's young spaces.
	} else if pair {
		s.at.eden, s.at.survivor = s.drawYoung(l, eden, s0, s1, snap, true, p, sc)
	} else {
		s.at.eden, s.at.survivor = s.drawYoung(l, eden, s0, s1, snap, s.merged, p, sc)
	}
	s.at.old = old
	_, s.at.oldFill = SpaceBands(old, sc)
	found := oldAsDrawn(snap)
	oldLive := func(c sim.AllocCat) sim.Bytes { return found.OldLive[c] }
	var oldState []string
	if foldOld {
		// Folded to a line though it is the heap's largest part: said
		// not to scale (the first label also gives its size), and why:
		// "empty (not drawn to scale)" left a reader asking why the
		// largest space was drawn the smallest ("so drawn as a line",
		// another looking for a line inside it).
		oldState = []string{"empty, so drawn this small", "empty, nothing survived yet (not to scale)", "empty (not to scale)", "empty"}
	}
	var segs []heapSeg
	if pair && s.pairCols {
		segs, old = s.drawPairColumns(l, r, body, snap, p, sc)
		s.at.old = old
		_, s.at.oldFill = SpaceBands(old, sc)
	} else if pair {
		segs, old = s.drawPair(l, old, rows, snap, p, sc)
		s.at.old = old
		_, s.at.oldFill = SpaceBands(old, sc)
	} else {
		segs = drawSpace(l, old, "old generation", "old", oldState, h.OldCap, found.OldUsed, oldLive, found.OldGarbage, true, p, sc, threadDataNotes(snap, found, s.merged)...)
	}
	if len(snap.ChunkBlocks) > 0 && strip.Empty() && !foldOld {
		// The StackChunks' counts, where no strip draws them: on point
		// on their sliver.
		for _, sg := range segs {
			if sg.words == categoryWords[sim.CatChunk] {
				l.region(sg.r, "StackChunks", chunkCountSay(snap))
			}
		}
	}
	// Every thread of the workload's, platform ones too: gc-lab's arrow
	// said "their caches", which a reader took for the CPUs' caches.
	data := threadDataSeg(segs)
	s.drawThreadsArrow(l, r, data, leadsItsBar(segs, data), snap.VirtualLive+snap.PlatformApp, p, sc)
	if !pair && !drawGCShare(l, gcLine, snap, data, "", s.comparedShare(), p, sc) {
		drawFullGCCount(l, old, snap, p, sc)
	}
	if !strip.Empty() {
		s.drawChunkStrip(l, strip, snap, p, sc)
	}
}

// oldHoldsThreadData reports whether most of the old generation is the
// threads' own live data (thread-local data, Thread objects, StackChunks):
// threads that never end piling it up, vt-pooling's lesson.
func oldHoldsThreadData(h *sim.HeapView) bool {
	t := h.OldLive[sim.CatThreadLocal] + h.OldLive[sim.CatThread] + h.OldLive[sim.CatChunk]
	return t > 0 && 2*t >= h.OldUsed
}

// mostlyRequests reports whether most of what the program has allocated
// so far is its requests' data (the short-lived garbage they make and
// what they keep while in flight): what a full eden mostly held.
func mostlyRequests(h *sim.HeapView) bool {
	var all sim.Bytes
	for _, b := range h.Allocated {
		all += b
	}
	req := h.Allocated[sim.CatGarbage] + h.Allocated[sim.CatRequest]
	return req > 0 && 2*req >= all
}

// oldAsDrawn is the heap whose old generation the picture draws: during
// a Full GC's pause, the old gen as the collector found it when the pause
// began (its used bytes, its live parts, the rest garbage), for the pause
// is the collector working on that heap. Drawn as the collection left it,
// the page's opening frame (held on the first Full GC) showed a mostly
// free old gen beside the words "the survivors might no longer fit in the
// old gen's free space". The result is drawn once the pause ends.
func oldAsDrawn(snap *sim.Snapshot) *sim.HeapView {
	if !snap.PauseFull {
		return &snap.Heap
	}
	h := snap.Heap.AsFound()
	return &h
}

// threadDataNotes are the old generation's words for its thread-local
// part when that part is most of what it holds: drawn large, with whose
// it is (the threads that keep it alive) on the line above.
//
// merged: the threads' panel beside the heap draws every live thread
// and the arrow out of it says whose the data is: no line says it again.
func threadDataNotes(snap *sim.Snapshot, h *sim.HeapView, merged bool) []segNote {
	tl := h.OldLive[sim.CatThreadLocal]
	if tl == 0 || 2*tl < h.OldUsed {
		return nil
	}
	why := categoryWhy[sim.CatThreadLocal]
	if merged {
		why = nil
	} else if n := snap.VirtualLive + snap.PlatformApp; n > 0 {
		k := Count(int64(n))
		why = append([]string{"held by the " + k + " live threads:"}, why...)
	}
	// Its size and each thread's share under its name: the lesson's core
	// quantity, which a newcomer of stop 68 had to work out from "51 %
	// live" of 910 MB (their ~46 KB a pooled thread, against the
	// article's 64–71 KB after each Full GC).
	// Beside the arrow out of the threads' panel ("each keeps its
	// cache"), the share completes it.
	var under []string
	if n := snap.VirtualLive + snap.PlatformApp; n > 0 {
		each := "~" + Size(tl/sim.Bytes(n)) + " a thread"
		under = []string{Size(tl) + ", " + each, each}
	}
	return []segNote{{cat: sim.CatThreadLocal, why: why, big: true, under: under}}
}

// threadDataSeg is the drawn part of segs that is drawn large (the
// threads' data), or an empty one.
func threadDataSeg(segs []heapSeg) heapSeg {
	for _, sg := range segs {
		if sg.big {
			return sg
		}
	}
	return heapSeg{}
}

// leadsItsBar says whether no drawn part of segs sits before data on its
// bar's row, so that an arrow's head at data's left edge can only mean
// data.
func leadsItsBar(segs []heapSeg, data heapSeg) bool {
	for _, sg := range segs {
		if sg.r.W >= 1 && sg.r.X < data.r.X && sg.r.Y < data.r.Bottom() && data.r.Y < sg.r.Bottom() {
			return false
		}
	}
	return true
}

// drawFullGCCount counts the Full GCs on the old generation's label line,
// right-aligned: they are what its filling forces, and counted only in
// the caption they were "nowhere in the picture". Only where the line
// has room beside the space's own label.
func drawFullGCCount(l *List, old Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	band, _ := SpaceBands(old, sc)
	if snap.FullGCs == 0 || band.Empty() {
		return
	}
	h := &snap.Heap
	// The space's own label: the longest of drawSpace's that fits.
	own := TextWidth("old generation "+Size(h.OldUsed)+" of "+Size(h.OldCap), sc)
	if g := TextWidth("old generation ("+spaceGloss["old"]+") "+Size(h.OldUsed)+" of "+Size(h.OldCap), sc); g <= old.W-6*sc {
		own = g
	}
	n := Count(snap.FullGCs)
	gcs := plural(int(snap.FullGCs), " Full GC", " Full GCs")
	for _, t := range []string{n + gcs + " so far: each time it filled", n + gcs + " so far", n + gcs} {
		if w := TextWidth(t, sc); own+w+2*CharW*sc+6*sc <= band.W {
			l.Text(band.Right()-w-3*sc, band.Y+1, t, sc, p.Text)
			l.detail(Rect{X: band.Right() - w - 3*sc, Y: band.Y, W: w, H: band.H}, "Full GCs",
				n+gcs+" so far: each time the old generation filled up, a Full GC stopped every thread to mark and compact the whole heap. "+
					"Young GCs, when eden fills, copy what survives into the old generation, so a nearly full one makes the next Full GC come soon.")
			return
		}
	}
}

// drawGCShare draws the share of the run spent stopped for GC: words,
// then a bar as wide as the run whose stopped part has the pause's
// stripes; on two lines (r two lines high) the bar takes the second,
// its end marked 100 % of the run, and the words say how many
// Full and young GCs took it when the old gen is nearly full.
//
// from, when not empty, is the old generation's part that drives the
// Full GCs (the threads' data): a connector runs from it down to the
// bar, so that "never end -> pile up -> GC time" is seen, not only read.
// It reports whether its words counted the Full GCs (the old gen's own
// count is then left out: one fact said once).
//
// who, when not empty, names the shown case on its bar, as the compared
// case's bar under it is named; the track's far end then says nothing
// (the two bars are measured against each other).
//
// other, when not empty, is a compared run's share in words, longest
// first ("a virtual thread per request: 19 %", "the other run: 19 %"): the
// caption names that run's share while the picture does not draw the pair
// yet, and a reader looked for the number in the picture.
func drawGCShare(l *List, r Rect, snap *sim.Snapshot, from heapSeg, who string, other []string, p *Palette, sc float32) bool {
	if r.Empty() || snap.Time <= 0 {
		return false
	}
	share, pct := stoppedShare(snap)
	h := &snap.Heap
	if r.H >= 2*CharH*sc {
		words := []string{"stopped for GC: " + pct + " of the run", "GC: " + pct + " of the run"}
		byKind := snap.FullGCs > 0 && h.OldCap > 0 && 4*h.OldUsed >= 3*h.OldCap
		if byKind {
			// Which collections took it: the model sums pause time, not
			// by kind, so the counts of each ("is the 33 % from Full GCs
			// or these young pauses?"; "the old gen being nearly full"
			// read awkward).
			words = append([]string{"stopped for GC: " + pct + " of the run, in " + Count(snap.FullGCs) + " Full + " + Count(snap.YoungGCs) + " young GCs"}, words...)
		} else {
			// The pauses' sum beside its share: a reader of the lab did
			// not link "7 %" to the caption's 10.6 ms pause.
			words = append([]string{"stopped for GC: " + Dur(snap.GCPauseTotal) + ", " + pct + " of the run"}, words...)
		}
		body := r
		// What copying the threads' own data took, on a line under the
		// bar where the heap gave it one: nearly every reader of gc-lab's
		// "stopped for GC: 240.3 ms, 15 % of the run" asked whether the
		// caches it had just been shown caused that time.
		var copyLine Rect
		if localCopySaid(snap) && r.H >= 3*CharH*sc {
			body, copyLine = body.CutBottom(CharH * sc)
		}
		line, rest := body.Top(CharH * sc)
		link := !from.r.Empty() && from.r.Bottom() <= r.Y+sc && byKind
		if link {
			full := Count(snap.FullGCs) + " Full + " + Count(snap.YoungGCs) + " young GCs"
			words = append([]string{"so " + full + " stopped the program " + pct + " of the run", "so " + full + ": stopped " + pct + " of the run"}, words[1:]...)
			w := arrowW(sc)
			mid := from.r.X + from.r.W/2
			for _, it := range l.Items {
				// Not through a label drawn on the part's last line.
				if it.Kind == KindText && it.Y < from.r.Bottom() && it.Y+CharH*it.Size > from.r.Bottom()-4*sc &&
					it.X <= mid && mid <= it.X+TextWidth(it.Text, it.Size) {
					mid = it.X + TextWidth(it.Text, it.Size) + 6*sc
				}
			}
			// A part of the chain's sentence: "[the threads' data] forced
			// 5 Full + 52 young GCs: [33 % stopped]" ("so ... GCs:"
			// dangled on its own).
			// "pauses summed": the striped share at the bar's left end read
			// as all the stopping done at the run's start.
			short := "forced " + full + "; pauses summed:" // the bar under it says the share
			if TextWidth(short, sc) > r.Right()-mid-8*sc {
				short = "forced " + full + ", summed:"
			}
			if mid < from.r.Right()-4*sc && TextWidth(short, sc) <= r.Right()-mid-8*sc {
				// First: the bar under it says the share ("so ... stopped
				// 33 % of the run" said it twice).
				words = append([]string{short}, words[:2]...)
				// From the part's middle straight down onto the bar, the
				// words beside the arrow: from the part's left edge it ran
				// out under the slivers' labels ("<- Thread objects") and
				// read as the Thread objects causing the GCs.
				top := rest.Y + 1*sc
				l.Line(mid, from.r.Bottom()-4*sc, mid, top, w, p.Text)
				l.Line(mid, top, mid-6*sc, top-6*sc, w, p.Text)
				l.Line(mid, top, mid+6*sc, top-6*sc, w, p.Text)
				line.X, line.W = mid+8*sc, r.Right()-mid-8*sc
			} else {
				// A connector from the threads' data down into the bar's
				// left end: an L in the text colour, arrowhead on the bar.
				x := from.r.X + 4*sc
				body.X, body.W = x+8*sc, r.Right()-x-8*sc
				line, rest = body.Top(CharH * sc)
				y := body.Y + CharH*sc + (body.H-CharH*sc)/2
				l.Line(x, from.r.Bottom()-4*sc, x, y, w, p.Text)
				l.Line(x-w/2, y, body.X-2*sc, y, w, p.Text)
				l.Line(body.X-2*sc, y, body.X-8*sc, y-6*sc, w, p.Text)
				l.Line(body.X-2*sc, y, body.X-8*sc, y+6*sc, w, p.Text)
			}
		}
		// Whether the words that fit counted the Full GCs.
		counted := false
		if who != "" && link {
			// The arrow alone from the threads' data onto its named bar:
			// the counts are the caption's and the hover's.
			counted = true
		} else {
			if !link {
				// The bar has a line of its own here: the longest words
				// that fit.
				var with []string
				for _, t := range other {
					with = append(with, words[0]+" ("+t+")", "stopped for GC: "+pct+" ("+t+")")
				}
				words = append(with, words...)
			}
			l.TextFit(line, sc, p.Text, words...)
			for _, w := range words {
				if TextWidth(w, sc) <= line.W+0.01 {
					// The first that fits is drawn.
					counted = strings.Contains(w, " Full + ")
					for _, t := range other {
						if strings.Contains(w, t) {
							l.drewContrast()
						}
					}
					break
				}
			}
		}
		// The bar's scale inside its own track, at its far end: the
		// track is the whole run ("= 100 % of the run" after the bar
		// read as a second sum to check).
		bar := Rect{X: rest.X, Y: rest.Y + 1*sc, W: rest.W, H: rest.H - 2*sc}
		end := ""
		if who == "" {
			// "Of the whole run: 141.7 ms" was read as a pause's length.
			// The time is the header's clock, to its digit: "of the
			// 141.7 ms so far" under "simulated time 142 ms" was read
			// as two times.
			end = "of the " + Clock(sim.Duration(snap.Time)) + " so far"
		}
		drawShareBar(l, bar, share, who, pct, end, p, sc)
		if !copyLine.Empty() {
			l.TextFit(copyLine, sc, p.TextDim, localCopyWords(snap)...)
		}
		l.detail(r, "time stopped for GC", "Garbage collection has stopped every thread for "+Dur(snap.GCPauseTotal)+" of the "+
			Dur(sim.Duration(snap.Time))+" run so far ("+pct+", in "+Count(snap.FullGCs)+" Full + "+Count(snap.YoungGCs)+
			" young GCs, their pauses summed): the bar is the run, its striped part the pauses."+localCopySay(snap))
		return counted
	}
	// The compared run's share only where the bar keeps a width its share
	// can be read at (120 pixels): squeezed to 40 beside the long words,
	// "28 %" looked tiny to a newcomer.
	// The compared run's words come after the bar, not between this
	// run's share and its bar: there a reader took the bar for the other
	// run's ("its dim bar looks like part of this run").
	type option struct {
		text, tail string
		bar        float32
	}
	var options []option
	for _, t := range other {
		options = append(options, option{"stopped for GC: " + pct + " of the time", "(" + t + ")", 120},
			option{"stopped for GC: " + pct, "(" + t + ")", 120})
	}
	options = append(options, option{"stopped for GC: " + pct + " of the time", "", 40},
		option{"GC: " + pct + " of the time", "", 40}, option{"GC " + pct, "", 40})
	var chosen *option
	for i := range options {
		o := &options[i]
		tailW := float32(0)
		if o.tail != "" {
			tailW = TextWidth(o.tail, sc) + 4*sc
		}
		if TextWidth(o.text, sc)+tailW+o.bar*sc <= r.W {
			chosen = o
			break
		}
	}
	if chosen == nil {
		return false
	}
	w := l.Text(r.X, r.Y, chosen.text, sc, p.Text)
	right := r.Right()
	if chosen.tail != "" {
		tw := TextWidth(chosen.tail, sc)
		right -= tw + 4*sc
		l.Text(r.Right()-tw, r.Y, chosen.tail, sc, p.TextDim)
		l.drewContrast() // its share is on the picture: the page names the compared case
	}
	bar := Rect{X: r.X + w + 6*sc, Y: r.Y + 2*sc, W: right - r.X - w - 6*sc, H: CharH*sc - 4*sc}
	drawShareBar(l, bar, share, "", "", "", p, sc)
	l.detail(r, "time stopped for GC", "Garbage collection has stopped every thread for "+Dur(snap.GCPauseTotal)+" of the "+
		Dur(sim.Duration(snap.Time))+" run so far ("+pct+"): the bar is the run, its striped part the pauses.")
	return false
}

// comparedShare is the compared run's share stopped for GC in words,
// longest first, for drawGCShare; nil without a compared run.
func (s *Side) comparedShare() []string {
	c := s.contrast
	if c == nil || c.Snap == nil || c.Snap.Time <= 0 {
		return nil
	}
	_, pct := stoppedShare(c.Snap)
	return []string{c.Name + ": " + pct, "the other run: " + pct}
}

// stoppedShare is the share of a run so far stopped for GC, and in words
// rounded to a whole percent ("28 %", "under 1 %").
func stoppedShare(snap *sim.Snapshot) (float32, string) {
	share := clamp(float32(float64(snap.GCPauseTotal)/float64(snap.Time)), 0, 1)
	if n := int(share*100 + 0.5); n >= 1 {
		return share, Count(int64(n)) + " %"
	}
	return share, "under 1 %"
}

// arrowW is the width of the heap's causal arrows (threads -> their data
// -> GC time): thick, so that the chain is seen as marks.
func arrowW(sc float32) float32 { return max(3, 3*sc) }

// drawThreadsArrow draws a thick arrow from the panel of the threads off
// a carrier (left of the heap) to the old gen's threads' data, labelled
// with whose data it is: pooled threads that never end keep their
// caches alive, and the chain "threads -> their caches -> GC time" is
// drawn, not only written in the caption. The arrow runs out of the
// threads' panel under its rows, up the gap between the columns and into
// the data's block above the slivers' labels.
//
// The label names all the live virtual threads ("all 10,000 threads'
// caches"): "their caches" under the parked panel read as the parked
// threads' alone, while the waiting and running ones keep theirs too.
func (s *Side) drawThreadsArrow(l *List, heap Rect, data heapSeg, leads bool, live int, p *Palette, sc float32) {
	th := s.at.threads
	if data.r.Empty() || th.Empty() || th.Right() > heap.X || data.r.W < 40*sc || data.r.H < 2*CharH*sc {
		return
	}
	// Under the lowest mark drawn in the panel (its rows are given the
	// whole panel, their marks only the top), where the label has a line;
	// not the panel's own background and frame.
	low := th.Y + PanelTitleH(sc)
	for i := range l.Items {
		b := l.Items[i].Bounds()
		if b.X >= th.X && b.Right() <= th.Right() && b.Y >= th.Y && b.Bottom() <= th.Bottom() && b.W < th.W-2 && b.H < th.H-2 {
			low = max(low, b.Bottom())
		}
	}
	y := low + 4*sc + CharH*sc/2
	label := "their caches"
	// Every thread's, busy or idle: under the last panel (gc-lab's
	// sleeping threads), four readers asked whether the running and
	// waiting threads' caches were in it too.
	// "(Thread-local data)": the block it points at is named so, and
	// three readers asked whether the caches and that data were the same.
	all := "all " + Count(int64(live)) + " threads' caches"
	for _, t := range []string{all + " (thread-local data), busy or idle", all + ", busy or idle", all} {
		if live > 1 && TextWidth(t, sc)+20*sc <= th.W {
			label = t
			break
		}
	}
	if s.merged {
		// Out of the panel of every live thread, under its count: the
		// chain's verb ("10,000 live virtual threads" -> each keeps its
		// cache -> thread-local data).
		label = "each keeps its cache"
	}
	lw := TextWidth(label, sc)
	// Into the block's upper part: its lower lines carry the slivers'
	// labels ("<- Thread objects").
	ty := data.r.Y + min(data.r.H*0.4, 2*CharH*sc)
	// Its head well inside the block (a quarter of its width, up to 48
	// px) where a sliver is drawn before the block: 16 px in, past the
	// lab's application data, the arrow was read as pointing at the
	// sliver. Where the block leads its bar, the head stops at its edge:
	// inside, it struck through the block's own name ("thr->ead-local
	// data", vt-pooling's opening frame).
	tx := data.r.X + max(16*sc, min(data.r.W/4, 48*sc))
	if leads {
		tx = data.r.X + 2*sc
	}
	w := arrowW(sc)
	if g := s.liveGrid; s.merged && !g.Empty() {
		// Straight out of the grid of every live thread, its words
		// above it: the chain read left to right, threads -> their
		// caches, at the height where it enters the data's block.
		x0 := g.Right() + 6*sc
		// On one line above the arrow where it fits beside the grid,
		// else on two (a wide grid: on one line under the panel, the
		// arrow ran from there up the gap and across the old gen's
		// title).
		lines := []string{label}
		if x0+4*sc+lw > th.Right()-2*sc {
			lines = Wrap(label, th.Right()-2*sc-x0-4*sc, sc)
		}
		lh := float32(len(lines)) * CharH * sc
		// The arrow leaves the grid at a height inside it; where the
		// data's block is not level with that (a second run's panel
		// stacks the pooled heap above the grid), it turns in the gap
		// between the columns and enters the block at the block's own
		// height: a straight arrow at the grid's height hit the second
		// run's eden, not the pooled threads' data.
		into := ty
		ty = clamp(ty, g.Y+lh+6*sc, g.Bottom()-w)
		gap := (th.Right() + heap.X) / 2
		turns := into < data.r.Y+w || into > data.r.Bottom()-w || ty < data.r.Y+w || ty > data.r.Bottom()-w
		fits := len(lines) <= 2
		lw = 0
		for _, ln := range lines {
			lw = max(lw, TextWidth(ln, sc))
			fits = fits && x0+4*sc+TextWidth(ln, sc) <= th.Right()-2*sc
		}
		if fits && ty-lh-4*sc >= th.Y+PanelTitleH(sc) && tx > x0+40*sc {
			ly := ty - lh - 4*sc
			for i, ln := range lines {
				l.Text(x0+4*sc, ly+float32(i)*CharH*sc, ln, sc, p.Text)
			}
			if turns && gap > x0+8*sc {
				l.Line(x0, ty, gap+w/2, ty, w, p.Text)
				l.Line(gap, ty, gap, into, w, p.Text)
				ty = into
				l.Line(gap-w/2, ty, tx, ty, w, p.Text)
			} else {
				l.Line(x0, ty, tx, ty, w, p.Text)
			}
			l.Line(tx, ty, tx-6*sc, ty-6*sc, w, p.Text)
			l.Line(tx, ty, tx-6*sc, ty+6*sc, w, p.Text)
			l.detail(Rect{X: x0 + 4*sc, Y: ly, W: lw, H: lh}, label,
				"Each live virtual thread keeps the data it made for itself (its thread-local cache) for as long as it lives: together they are the old generation's thread-local data.")
			return
		}
	}
	if y+CharH*sc/2 > th.Bottom()-2*sc || lw+20*sc > th.W {
		return
	}
	gap := (th.Right() + heap.X) / 2
	lx := th.Right() - 12*sc - lw
	l.Text(lx, y-CharH*sc/2, label, sc, p.Text)
	l.Line(th.Right()-8*sc, y, gap, y, w, p.Text)
	l.Line(gap, y+w/2, gap, ty-w/2, w, p.Text)
	l.Line(gap-w/2, ty, tx, ty, w, p.Text)
	l.Line(tx, ty, tx-6*sc, ty-6*sc, w, p.Text)
	l.Line(tx, ty, tx-6*sc, ty+6*sc, w, p.Text)
	l.detail(Rect{X: lx, Y: y - CharH*sc/2, W: lw, H: CharH * sc}, label,
		"These threads never end, so the data each keeps for itself (thread-local caches) stays alive: it fills the old generation.")
}

// drawShareBar draws the run as a bar whose first share is striped as
// stopped for GC, on the darkest track (the panel's grey track beside
// the slate stripes read as one faint hatch), its share written large
// after it when the bar is a line high, and end (what the whole track
// stands for) at its far end where both fit.
//
// who, when not empty, names whose run it is before the share ("a virtual
// thread per request: 15 % stopped") where that fits.
func drawShareBar(l *List, bar Rect, share float32, who, pct, end string, p *Palette, sc float32) {
	l.Rect(bar, p.Background)
	sw := bar.W * share
	if sw >= 1 {
		drawStopped(l, Rect{X: bar.X, Y: bar.Y, W: max(sw, 2*sc), H: bar.H}, p, sc)
	}
	l.Frame(bar, 1, p.PanelEdge)
	size := 1.25 * sc
	if bar.H < CharH*size {
		size = sc
	}
	if pct == "" || bar.H < CharH*size {
		return
	}
	words := []string{pct + " stopped", pct + " in GC"}
	if who != "" {
		words = append([]string{who + ": " + pct + " stopped"}, words...)
	}
	for _, t := range words {
		if w := TextWidth(t, size); bar.X+max(sw, 2*sc)+4*sc+w <= bar.Right() {
			x := bar.X + max(sw, 2*sc) + 4*sc
			l.TextBold(x, bar.Y+(bar.H-CharH*size)/2, t, size, p.Text)
			if ew := TextWidth(end, sc); end != "" && x+w+2*CharW*sc+ew+4*sc <= bar.Right() {
				l.Text(bar.Right()-ew-4*sc, bar.Y+(bar.H-CharH*sc)/2, end, sc, p.TextDim)
			}
			return
		}
	}
}

// localCopySaid reports whether the picture says how much of the time
// stopped for GC young collections spent copying thread-local data: where
// that is at least a quarter of it, the threads' own data is a main cost of
// the pauses.
func localCopySaid(snap *sim.Snapshot) bool {
	return snap.GCCopyLocal > 0 && 4*snap.GCCopyLocal >= snap.GCPauseTotal
}

// localCopyWords says it, longest first ("195.3 ms of it copying new
// thread-local data to the old gen"), where localCopySaid.
func localCopyWords(snap *sim.Snapshot) []string {
	d := Dur(snap.GCCopyLocal)
	// "New": readers asked why young GCs copy data already in the old gen;
	// they copy what the threads add (a cache's growth, each request's
	// buffer) on its way there.
	return []string{d + " of it copying new thread-local data to the old gen", d + " of it copying new thread-local data", d + " copying thread-local data"}
}

// localCopySay is the hover's sentence for it, where localCopySaid.
func localCopySay(snap *sim.Snapshot) string {
	if !localCopySaid(snap) {
		return ""
	}
	return " Of that time, young GCs spent " + Dur(snap.GCCopyLocal) + " copying thread-local data (the threads' caches and buffers) " +
		"to a survivor space or into the old generation: a young GC's pause grows with the live bytes it copies, and data that lives " +
		"as long as its thread is copied until it reaches the old generation."
}

// threadHeap is the live heap data that belongs to threads.
func threadHeap(snap *sim.Snapshot) sim.Bytes {
	_, inHeap := threadMemorySplit(snap)
	return inHeap
}

// drawQuietHeap draws a heap the scenario leaves empty as one line.
func drawQuietHeap(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	l.Rect(r, p.Panel)
	l.Frame(r, 1, p.PanelEdge)
	t := r.Inset(2 * sc)
	// One meaning: "nothing allocated (not modelled here)" said two.
	l.TextFit(t, sc, p.TextDim, "heap "+Size(snap.Heap.Max)+": not modelled in this scenario",
		"heap: not modelled in this scenario", "heap: not modelled")
	l.region(r, "heap", "The heap ("+Size(snap.Heap.Max)+") stays empty: this scenario does not model the objects the program allocates.")
}

// SpaceBands splits a space's rectangle: a label line on top (when the
// space is tall enough) and the fill bar, to scale, below.
func SpaceBands(r Rect, sc float32) (label, fill Rect) {
	in := r.Inset(1)
	if in.H >= 2*CharH*sc {
		label, in = in.Top(CharH*sc + 1)
	}
	return label, in
}

// drawSpace draws one heap space: frame, fill by category from the left,
// then garbage striped, then a label with its occupancy.
//
// state, when not empty, replaces the space's use in its label, longest
// words first: what a GC pause is doing to it ("being collected"), or
// why it is empty.
//
// notes change a category's words on its part (why it is there, drawn
// large). drawSpace returns the parts it drew.
func drawSpace(l *List, r Rect, name, short string, state []string, capacity, used sim.Bytes, live func(sim.AllocCat) sim.Bytes, garbage sim.Bytes, lone bool, p *Palette, sc float32, notes ...segNote) []heapSeg {
	if r.Empty() {
		return nil
	}
	l.Rect(r, p.Background)
	band, inner := SpaceBands(r, sc)
	l.Mark(inner, MeanFree, p, 1)
	x := inner.X
	// A sliver is drawn 6 px wide at least; in a bar tall enough to name
	// it on a line of its own ("<- StackChunks 11.5 MB") and mostly
	// full, 12: there a label pointed at a mark a few pixels wide lost
	// beside a large block (vt-pooling's old gen). In a mostly free bar
	// the sliver stands alone on the dark fill and is seen.
	// Where one part is drawn large (the frame's lesson), the other parts
	// are named, not measured, and keep the 6 px floor: pointers with
	// sizes and "(not to scale)" around the lesson were sums and caveats
	// to read before it (their bytes are said on point).
	lesson, thinOnPoint := false, false
	for _, n := range notes {
		lesson = lesson || n.big
		thinOnPoint = thinOnPoint || n.thinOnPoint
	}
	sliverMin := 6 * sc
	if inner.H >= 3*CharH*sc && 2*used >= capacity && !lesson {
		sliverMin = 12 * sc
	}
	noted := func(c sim.AllocCat) bool {
		for _, n := range notes {
			if n.cat == c {
				return true
			}
		}
		return false
	}
	holdsThreads := live != nil && (live(sim.CatChunk) > 0 || live(sim.CatThread) > 0)
	px := func(b sim.Bytes) float32 {
		if capacity <= 0 || b <= 0 {
			return 0
		}
		if thinOnPoint && thinBesideLesson(b, capacity) {
			// Beside the lesson's parts, a part this small read as a
			// stray line with a legend entry ("what are the purple and
			// brown slivers?"): its bytes are said on point (the space's
			// hover lists every part).
			return 0
		}
		// A segment under a pixel to scale is not drawn (its bytes are in
		// the explanation): a 1-pixel line read as a legend entry for
		// nothing. A larger one gets a sliver a reader can see (6 px at
		// scale 1).
		// Nor is one under a pixel, unless it is a good part (an eighth or
		// more) of what the space holds: vt-basics' 2.4 MB of Thread
		// objects, a third of eden's 7.8 MB, had no mark in a 1 GB eden.
		// Nor is any part of a space whose whole content is under a
		// pixel (gc-lab's eden just after its first GC: 9.0 KB of 64
		// MB): its title gives the bytes, and the bar is free. Drawn as
		// slivers 6 px wide, each pointed at with its size, the parts
		// looked like a twentieth of eden and took five lines (a reader
		// rated the frame 2: "too much text"); with only the largest
		// named, their sizes did not add up to the title's. Unless it
		// holds virtual threads' own objects, the picture's subject:
		// request-load's embed, 6 MB of StackChunks and Thread objects
		// in a 1.3 GB eden, showed no StackChunk at all.
		w := inner.W * float32(b) / float32(capacity)
		if inner.W*float32(used)/float32(capacity) < 1 && !holdsThreads {
			return 0
		}
		if w < 1 && (used <= 0 || 8*b < used) {
			return 0
		}
		return max(sliverMin, w)
	}
	// toScale is a part's true width, to tell a widened sliver.
	toScale := func(b sim.Bytes) float32 {
		if capacity <= 0 {
			return 0
		}
		return inner.W * float32(b) / float32(capacity)
	}
	// fit cuts a part's width to the room the parts before it left; a
	// part left less than a pixel is not drawn (a mark a fifth of a pixel
	// wide at the bar's end was listed in the legend and seen nowhere).
	fit := func(w float32) float32 {
		if w = min(w, inner.Right()-x); w < 1 {
			return 0
		}
		return w
	}
	var parts []string
	var segs []heapSeg
	if live != nil {
		for _, c := range heapCategories {
			w := fit(px(live(c)))
			if thinOnPoint && !noted(c) && inner.W*float32(live(c))/float32(max(capacity, 1)) < TextWidth(categoryWords[c], sc) {
				// Beside the lesson's parts, a part narrower than its own
				// name is said on point too: its name, pointed at it from
				// beside, lay over the lesson's block (the first Full
				// GC's "<- StackChunks 24.3 MB" across the pink).
				w = 0
			}
			if w > 0 {
				seg := Rect{X: x, Y: inner.Y, W: w, H: inner.H}
				l.Mark(seg, CategoryMeaning(c), p, 1)
				sg := heapSeg{r: seg, words: categoryWords[c], why: categoryWhy[c], b: live(c), widened: sliverMin > 6*sc && w > 2*toScale(live(c))}
				for _, n := range notes {
					if n.cat == c {
						sg.why, sg.big, sg.under = n.why, n.big, n.under
					}
				}
				segs = append(segs, sg)
				x += w
			}
			if b := live(c); b > 0 {
				parts = append(parts, Size(b)+" "+CategoryMeaning(c).Label())
			}
		}
	}
	if gw := fit(px(garbage)); gw > 0 {
		g := Rect{X: x, Y: inner.Y, W: gw, H: inner.H}
		// Plain grey: stripes are the pause's mark alone (garbage's
		// upright ones beside the pause's diagonal ones read as one
		// pattern with several meanings).
		l.Mark(g, MeanGarbage, p, 1)
		sg := heapSeg{r: g, words: "garbage", b: garbage}
		for _, n := range notes {
			if n.cat == sim.CatGarbage {
				// Whose garbage it is (the compared run's: ended
				// requests' data) in its one label at the label's
				// size: drawn large it would vie with the shown run's
				// lesson. Why it is harmless, where a note says so, on
				// the line above, as the live part beside it says why
				// it stays (readers told the two apart only by colour).
				sg.names, sg.tail, sg.why, sg.unsized = n.names, n.tail, n.why, n.unsized
			}
		}
		segs = append(segs, sg)
		x += gw
	}
	if garbage > 0 {
		parts = append(parts, Size(garbage)+" garbage")
	}
	segFrom := len(l.Items)
	labelSegments(l, inner, segs, lesson, p, sc)
	segTo := len(l.Items)
	// The free end of a space says so when there is room: its dark fill
	// alone was not seen as free space.
	// (Only below the space's own label line, which it would cover.)
	// Not while a GC empties the space: "free" beside "being collected"
	// said two things at once.
	if free := (Rect{X: x, Y: inner.Y, W: inner.Right() - x, H: inner.H}); capacity > 0 && len(state) == 0 && !band.Empty() && free.H >= CharH*sc {
		left := Size(max(0, capacity-used))
		frees := []string{"free " + left, "free"}
		switch {
		case used == 0:
			// An empty space gives its size in its body: under
			// "survivor 0: empty", beside "survivor 1 11.5 MB", a
			// reader of the lab could not tell the survivors' size,
			// and summed the spaces to 223 MB of a 256 MB heap.
			frees = []string{"all " + left + " free", left + " free"}
		case left == Size(capacity):
			// "free 64.0 MB" under "eden 9.0 KB of 64.0 MB" read as a
			// contradiction: the free part rounds to the whole.
			frees[0] = "almost all free"
			if drawn := x - inner.X; drawn >= 4*sc && drawn > 4*toScale(used) {
				// Its parts drawn as slivers many times their width: 9.0
				// KB of 64 MB looked like a twentieth of eden.
				frees = append([]string{"almost all free; parts not to scale"}, frees...)
			}
		}
		ink := p.TextDim
		if lesson {
			// Beside the lesson's labelled blocks, in their ink: dim, the
			// free end was the one part readers strained to read.
			frees, ink = frees[1:], p.Text
		}
		// Its size under the word where the two do not fit on one line
		// and the free part has two: "survivor 1 11.5 MB" over "free"
		// was asked, by five readers of the lab, whether 11.5 MB was the
		// space's use or its size.
		stacked := !lesson && used > 0 && frees[0] == "free "+left && TextWidth(frees[0], sc)+6*sc > free.W &&
			TextWidth(left, sc)+6*sc <= free.W && free.H >= 2*CharH*sc
		if stacked {
			mid := free.Y + free.H/2
			l.Text(free.X+(free.W-TextWidth("free", sc))/2, mid-CharH*sc, "free", sc, ink)
			l.Text(free.X+(free.W-TextWidth(left, sc))/2, mid, left, sc, ink)
		} else {
			for _, label := range frees {
				if w := TextWidth(label, sc); w+6*sc <= free.W {
					l.Text(free.X+(free.W-w)/2, free.Y+(free.H-CharH*sc)/2, label, sc, ink)
					break
				}
			}
		}
	}
	l.Frame(r, 1, p.PanelEdge)
	// The longest label that fits: name, use and capacity; name and use;
	// the name alone; a short name.
	labels := []string{name + " " + Size(used) + " of " + Size(capacity), name + " " + Size(used), short + " " + Size(used), name, short}
	if u, unit, _ := strings.Cut(Size(used), " "); strings.HasSuffix(Size(capacity), " "+unit) {
		// The unit once, where both sizes have it: "eden 18.1 MB" beside
		// the heap's "256 MB" left a reader summing the spaces' use as
		// their sizes (18.1 + 11.5 + 171 is not 256).
		labels = slices.Insert(labels, 1, name+" "+u+" of "+Size(capacity))
	}
	if used == 0 && capacity > 0 {
		// "survivor 0 0 B": the two zeros ran together and read as a
		// typo. An empty space says so.
		labels = []string{name + " " + Size(capacity) + ": empty", name + ": empty", short + ": empty", name, short}
	}
	if gloss := spaceGloss[short]; gloss != "" && !band.Empty() && used > 0 {
		// Said once where there is room: "old gen" was jargon. (Not on a
		// space one line high, whose label plate would hide its fill.)
		labels = append([]string{name + " (" + gloss + ") " + Size(used) + " of " + Size(capacity)}, labels...)
	}
	if lesson {
		// Its fill as the caption gives it ("82 % full"), not two sizes
		// beside the heap's: "91 MB + 910 MB" beside "1.00 GB" was a sum
		// that did not add up at a glance (the survivors).
		pct := Pct(used, capacity) + " full"
		// With its size first: the bar's fill alone implied one
		// ("549 MB fills 60 %, so ~900 MB?") a reader could not check.
		labels = []string{name + " " + Size(capacity) + ": " + pct, name + ": " + pct, short + ": " + pct, name, short}
		if kept := max(0, used-garbage); used > 0 {
			// And how much of it is live: two runs' bars "67 % full" and
			// "63 % full" read alike to a newcomer, whose difference is
			// what a Full GC can free (and a callout's "52 % stayed live"
			// had nothing on the bar to meet).
			// Only with its size (where there is room for both): the size
			// is what the percentages are of. Where both do not fit, the
			// live share before the fill (which the bar draws): on a
			// phone, the two runs' "67 % full" and "63 % full" left a
			// reader asking why only one was in trouble.
			live := Pct(kept, capacity) + " live"
			labels = append([]string{name + " " + Size(capacity) + ": " + pct + ", " + live, name + " " + Size(capacity) + ": " + live}, labels...)
			if lone && garbage > 0 {
				// The rest named, in shares that add up as written: "51 %
				// full, 33 % live" left three readers of the lab to work
				// out the 18 % gap. Not in a pair of runs, whose two bars'
				// words are at their budget (words_test.go).
				labels = append([]string{name + " " + Size(capacity) + ": " + pct + " = " + live + " + " + pctGap(used, kept, capacity) + " garbage"}, labels...)
			}
		}
	}
	if len(state) > 0 {
		labels = []string{name + " " + Size(capacity) + ": " + state[0]}
		for i, st := range state {
			if i > 0 {
				// Its size with each shorter state, before the state
				// alone: a full eden's 91 MB said how much is dead.
				labels = append(labels, name+" "+Size(capacity)+": "+st)
			}
			labels = append(labels, name+": "+st, short+": "+st)
		}
		labels = append(labels, name, short)
	}
	if band.Empty() && x > inner.X {
		// One line high: the label goes after the fill when one with
		// its numbers fits there, so that its plate does not hide the
		// fill (a garbage sliver under eden's label was in the legend
		// and nowhere seen); else over the fill, numbers first.
		after := Rect{X: x, Y: r.Y, W: r.Right() - x, H: r.H}
		if !relabel(l, after, p, sc, labels[:len(labels)-2]...) {
			clear := clearOf(l.Items[segFrom:segTo], r, sc, labels)
			if clear == nil {
				// No name of the space ends before its parts' words:
				// the words give way. Under the name's plate, a phone's
				// eden read "eden 18.1 MB" over the half-hidden letters
				// of its part's "garbage".
				dropTexts(l, segFrom, segTo)
				clear = labels
			}
			relabel(l, r, p, sc, clear...)
		}
	} else {
		relabel(l, r, p, sc, labels...)
	}
	what := name + ": " + Size(used) + " used of " + Size(capacity)
	if len(state) > 0 {
		what = name + ": " + state[0] + " (" + Size(used) + " in it now of " + Size(capacity) + ")"
	}
	if len(parts) > 0 {
		what += " (" + strings.Join(parts, ", ") + ")"
	}
	l.detail(r, name, what+".")
	return segs
}

// clearOf keeps the labels that, drawn over r from its left as relabel
// draws them, end a character's width before the first of the parts'
// own words on the same line (items): eden's "eden 75.9 MB of 91.0 MB"
// ran into its garbage part's "70.8 MB" and read as one number. Where
// none is that short, nil.
func clearOf(items []Item, r Rect, sc float32, labels []string) []string {
	first := r.Right()
	for i := range items {
		if it := &items[i]; it.Kind == KindText && it.Y < r.Y+CharH*sc && it.Y+CharH*it.Size > r.Y {
			first = min(first, it.X)
		}
	}
	var keep []string
	for _, label := range labels {
		if r.X+3*sc+TextWidth(label, sc)+2*sc+CharW*sc <= first {
			keep = append(keep, label)
		}
	}
	return keep
}

// dropTexts removes the words among l's items from..to (a space's parts'
// labels).
func dropTexts(l *List, from, to int) {
	kept := l.Items[:from]
	for _, it := range l.Items[from:to] {
		if it.Kind != KindText {
			kept = append(kept, it)
		}
	}
	l.Items = append(kept, l.Items[to:]...)
}

// thinBesideLesson reports whether a part of b bytes in a space of
// capacity is too small to draw beside the parts a frame is about: under
// a fiftieth of the space, a sliver a reader cannot name at a glance.
func thinBesideLesson(b, capacity sim.Bytes) bool {
	return 50*b < capacity
}

// heapSeg is one drawn part of a space's fill: what it is and its bytes.
type heapSeg struct {
	r     Rect
	words string
	why   []string // why it is there, longest first, said on the line above when the part has room
	// names: longer names than words, longest first, tried before it in
	// the part's one label; tail: said after the name where the line has
	// room (why the part is there).
	names []string
	tail  string
	// unsized: its label never gives its bytes (they are on point).
	unsized bool
	// under: lines under the part drawn large, longest first (the first
	// that fits is drawn where the part has room below its label).
	under []string
	b     sim.Bytes
	big   bool // its words drawn large: the frame's lesson
	// widened: drawn to the 12 px floor of a mostly full bar, more than
	// twice its width to scale; its pointer says "not to scale". (The
	// 6 px floor of every bar is left unsaid: vt-basics' frame.)
	widened bool
}

// segNote changes the words of one category's part of a space.
type segNote struct {
	cat   sim.AllocCat
	why   []string
	big   bool
	names []string // longer names for the part, longest first (heapSeg.names)
	tail  string   // said after its name when it fits (heapSeg.tail)
	// unsized: named without its bytes (heapSeg.unsized).
	unsized bool
	under   []string // heapSeg.under
	// thinOnPoint: the space's parts too thin to see beside the parts
	// drawn (thinBesideLesson) are said on point only, not drawn.
	thinOnPoint bool
}

// categoryWords names a kind of heap data on its part of a bar.
var categoryWords = map[sim.AllocCat]string{
	sim.CatRequest:     "request data",
	sim.CatThreadLocal: "thread-local data",
	sim.CatThread:      "Thread objects",
	sim.CatChunk:       "StackChunks",
	sim.CatApp:         "app data",
}

// categoryWhy says on a wide part why its data stays live: vt-pooling's
// old gen, mostly thread-local data, is the lesson when the reader sees
// that it lives as long as its thread.
var categoryWhy = map[sim.AllocCat][]string{
	sim.CatThreadLocal: {"stays as long as its thread lives:"},
}

// labelSegments writes on a tall bar what each part is and its size: in
// the part when it fits there, else, for a sliver, on a line of its own
// at the bar's foot pointing back at it ("<- StackChunks 13 MB"), so
// that a 4-pixel sliver is read and the bar's biggest part says what
// fills it (vt-pooling's old gen: thread-local data).
//
// lesson: one part is drawn large; the others are named without their
// sizes, and slivers get no pointer.
func labelSegments(l *List, bar Rect, segs []heapSeg, lesson bool, p *Palette, sc float32) {
	if bar.H < 2*CharH*sc {
		// One line high (a phone's old gen): only the part drawn large
		// (the frame's lesson), a part a note names (the compared run's
		// garbage) and garbage (the legend's word; the pooled run's grey
		// beside its lesson, the one part of the pair left bare) are
		// named, where their words fit in them.
		for _, sg := range segs {
			if !sg.big && len(sg.names) == 0 && sg.words != "garbage" || bar.H < CharH*sc {
				continue
			}
			labels := oneLineLabels(sg)
			if !sg.big && len(sg.names) == 0 {
				// Garbage by its word alone: "garbage 69.2 MB" inside
				// vt-pooling's thin eden, beside "eden 74.2 MB", was
				// summed with it as a space of its own (nv226). Its
				// bytes are on point.
				labels = []string{sg.words}
			}
			for _, t := range labels {
				// A narrow margin: "garbage" in the pooled run's grey on a
				// phone missed by a few pixels with 3 each side, and the
				// part was left unnamed.
				if w := TextWidth(t, sc); w+3*sc <= sg.r.W {
					// No plate: a plate as wide as the part hid its
					// colour. Dark words on the lesson's light fill.
					x, y := sg.r.X+(sg.r.W-w)/2, bar.Y+(bar.H-CharH*sc)/2
					if sg.big {
						l.TextBold(x, y, t, sc, p.Background)
					} else {
						l.Text(x, y, t, sc, p.Text)
					}
					break
				}
			}
		}
		return
	}
	line := CharH * sc
	mid := bar.Y + (bar.H-line)/2
	foot := bar.Bottom() - line - 2*sc
	var slivers []heapSeg // parts too narrow for their words, named on the foot's lines
	above := mid          // the top of the labels written inside the parts
	for _, sg := range segs {
		var labels []string
		size := sc
		for _, big := range []float32{1.5 * sc, 1.25 * sc} {
			if sg.big && TextWidth(sg.words+" "+Size(sg.b), big)+6*sc <= sg.r.W && bar.H >= 2*CharH*sc+CharH*big {
				// The frame's lesson, larger than any other label.
				size = big
				break
			}
		}
		// Where the bar has no line above its label for why the part is
		// there (a bar under three lines high, a phone's), the why goes
		// into the label ("thread-local data · live").
		cands := segLabels(sg)
		if len(sg.why) > 0 && (bar.H-CharH*size)/2 < line+sc {
			cands = oneLineLabels(sg)
		}
		for _, t := range cands {
			// Around the lesson a part's size is said only beside its
			// name (the compared run's garbage and its MB): a figure
			// alone there was one more number to place.
			if lesson && !sg.big && t == Size(sg.b) {
				continue
			}
			// "garbage", the legend's word, with the one-line bar's
			// narrow margin: the pooled run's grey beside its lesson
			// missed it by a few pixels, and readers asked what the
			// unnamed grey was.
			margin := 6 * sc
			if t == "garbage" {
				margin = 3 * sc
			}
			if TextWidth(t, size)+margin <= sg.r.W {
				labels = append(labels, t)
			}
		}
		if len(labels) > 0 {
			w, lh := TextWidth(labels[0], size), CharH*size
			x, y := sg.r.X+(sg.r.W-w)/2, bar.Y+(bar.H-lh)/2
			// The part drawn large keeps its colour seen: dark words on
			// its light fill, no plate (dark plates hid half the pink).
			ink, plate := p.Text, p.Background.Alpha(0.7)
			if sg.big {
				ink, plate = p.Background, Color{}
			}
			l.Rect(Rect{X: x - 2*sc, Y: y, W: w + 4*sc, H: lh}, plate)
			above = min(above, y)
			if size > sc || sg.big {
				l.TextBold(x, y, labels[0], size, ink)
			} else {
				l.Text(x, y, labels[0], size, ink)
			}
			// Why it is there, on the line above (the foot's lines point
			// at slivers), when the part has room: a bar three lines high
			// is enough (vt-pooling's old gen, whose why is the lesson).
			saidWhy := false
			for _, why := range sg.why {
				if sayAgain(labels[0], why) {
					continue
				}
				if ww := TextWidth(why, sc); ww+6*sc <= sg.r.W && y-line >= bar.Y+sc {
					wx := sg.r.X + (sg.r.W-ww)/2
					l.Rect(Rect{X: wx - 2*sc, Y: y - line, W: ww + 4*sc, H: line}, plate)
					l.Text(wx, y-line, why, sc, ink)
					above = min(above, y-line)
					saidWhy = true
					break
				}
			}
			// Under the part drawn large, its size and share where they
			// fit below its label (its size left out where the label
			// says it) and no why is said over it: a judged frame had no
			// words to spare for both (TestJudgedFramesAreShort).
			for _, u := range sg.under {
				if saidWhy {
					break
				}
				if strings.Contains(labels[0], Size(sg.b)) && strings.Contains(u, Size(sg.b)) {
					continue
				}
				if uw := TextWidth(u, sc); uw+6*sc <= sg.r.W && y+lh+line+sc <= bar.Bottom() {
					ux := sg.r.X + (sg.r.W-uw)/2
					l.Rect(Rect{X: ux - 2*sc, Y: y + lh, W: uw + 4*sc, H: line}, plate)
					l.Text(ux, y+lh, u, sc, ink)
					break
				}
			}
			continue
		}
		slivers = append(slivers, sg)
	}
	if lesson {
		return
	}
	// The slivers: a pointer each on the foot's lines, when there is a
	// line under the middle label, the largest first. Their words start
	// right of the last sliver, a leader from each one's middle: started
	// at its own edge, the gc-lab's "<- thread-local data" sat over the
	// garbage beside it, and a reader could not tell which part it named
	// (nor, with no line left, what the garbage's grey was).
	wordsX := bar.X
	for _, sg := range slivers {
		wordsX = max(wordsX, sg.r.Right()+2*sc)
	}
	slices.SortStableFunc(slivers, func(a, b heapSeg) int { return cmp.Compare(b.b, a.b) })
	// The lines for them: the foot's, up to the middle label, then those
	// above the labels written in the parts. gc-lab's nearly empty eden on
	// a short frame had foot lines for two of its four parts, and the two
	// sizes named fell short of the title's.
	var ys []float32
	for y := foot; y >= mid+line; y -= line {
		ys = append(ys, y)
	}
	for y := above - line; y >= bar.Y+sc && len(slivers) > 0; y -= line {
		ys = append(ys, y)
	}
	for i := 0; i < len(slivers) && len(ys) > 0; i++ {
		// On the last line, the rest together, a dot on each, as many
		// of them as fit, the largest first (a group that did not fit
		// left the largest unnamed on a small embed).
		n := 1
		if len(ys) == 1 {
			n = len(slivers) - i
		}
		for ; n > 0; n-- {
			if pointAtSlivers(l, slivers[i:i+n], wordsX, ys[0], bar, p, sc) {
				break
			}
		}
		if n > 0 {
			ys = ys[1:]
			i += n - 1
		}
	}
}

// pointAtSlivers writes one line at y naming the slivers of group, each
// with a dot on its middle and a leader to the words that start at x: the
// longest wording that fits before the bar's end (with sizes, then
// without). It reports whether any fitted.
func pointAtSlivers(l *List, group []heapSeg, x, y float32, bar Rect, p *Palette, sc float32) bool {
	var sized, bare []string
	for _, sg := range group {
		sized = append(sized, sg.words+" "+Size(sg.b))
		bare = append(bare, sg.words)
	}
	ts := []string{"<- " + strings.Join(sized, " · "), "<- " + strings.Join(bare, " · ")}
	if len(group) == 1 && group[0].widened {
		ts = append([]string{ts[0] + " (not to scale)"}, ts...)
	}
	line := CharH * sc
	for _, t := range ts {
		w := TextWidth(t, sc)
		if x+w+2*sc > bar.Right() {
			continue
		}
		cy := y + line/2
		for _, sg := range group {
			if cx := sg.r.X + sg.r.W/2; x-cx > 4*sc {
				l.Line(cx, cy, x-sc, cy, max(1, sc), p.Text)
				l.Rect(Rect{X: cx - 1.5*sc, Y: cy - 1.5*sc, W: 3 * sc, H: 3 * sc}, p.Text)
			}
		}
		l.Rect(Rect{X: x - sc, Y: y, W: w + 2*sc, H: line}, p.Background.Alpha(0.7))
		l.Text(x, y, t, sc, p.Text)
		return true
	}
	return false
}

// oneLineLabels are a part's labels in a bar one line high, longest
// first: each of its names with why it is there ("thread-local data ·
// live"; no line above for it), then with its size, then alone. A name
// is not followed by a why whose first word it already says ("garbage of
// ended requests · garbage").
func oneLineLabels(sg heapSeg) []string {
	var ts []string
	for _, n := range append(slices.Clip(sg.names), sg.words) {
		for _, why := range sg.why {
			if !sayAgain(n, why) {
				ts = append(ts, n+" · "+strings.TrimSuffix(why, ":"))
			}
		}
		ts = append(ts, n+" "+Size(sg.b), n)
	}
	if sg.words == categoryWords[sim.CatThreadLocal] {
		// Its adjective alone last: on a phone gc-lab's lesson, the pink
		// block, went unnamed where "thread-local data" missed its width
		// by a few characters.
		ts = append(ts, "thread-local")
	}
	return ts
}

// sayAgain reports whether a part's label already says its why's first
// word ("garbage" over "garbage", "garbage of ended requests ·
// garbage"): the why is left out.
func sayAgain(label, why string) bool {
	w, _, _ := strings.Cut(strings.TrimSuffix(why, ":"), ":")
	return strings.Contains(label, w)
}

// segLabels is a part's one label, longest first: each of its names
// (its longer ones, then its category's word) with its size and its tail,
// without the size, without the tail; then its size alone, where no name
// fits (the legend names its colour: a pink block with no figure beside
// one with). One label, never a name over its reason: the two read as
// one garbled sentence.
func segLabels(sg heapSeg) []string {
	var ts []string
	for _, n := range append(slices.Clip(sg.names), sg.words) {
		withSize := n + " " + Size(sg.b)
		if sg.tail != "" {
			if !sg.unsized {
				ts = append(ts, withSize+sg.tail)
			}
			ts = append(ts, n+sg.tail)
		}
		if !sg.unsized {
			ts = append(ts, withSize)
		}
		ts = append(ts, n)
	}
	if sg.unsized {
		return ts
	}
	return append(ts, Size(sg.b))
}

// spaceGloss says in a few words what a space holds.
var spaceGloss = map[string]string{
	"eden": "new objects",
	"old":  "objects that survived collections",
}

// thinLabelPlate is the opacity of the plate under a space's name written
// on its bar (a young row one line high): at 0.7 a newcomer found "eden
// 74.0 MB" over eden's coloured slivers hard to read.
const thinLabelPlate = 0.88

// relabel writes the first of labels that fits on r's top line, on a dark
// plate; it reports whether one did.
func relabel(l *List, r Rect, p *Palette, sc float32, labels ...string) bool {
	if r.H < CharH*sc || r.W < 2*CharW*sc+6*sc {
		return false
	}
	t := Rect{X: r.X + 3*sc, Y: r.Y + 1, W: r.W - 6*sc, H: CharH * sc}
	for _, label := range labels {
		if w := TextWidth(label, sc); w <= t.W {
			// A dark plate under the text keeps it readable over any fill.
			l.Rect(Rect{X: t.X - 2*sc, Y: t.Y, W: w + 4*sc, H: t.H}, p.Background.Alpha(thinLabelPlate))
			l.Text(t.X, t.Y, label, sc, p.Text)
			return true
		}
	}
	return false
}

// drawYoung draws the young generation's spaces (eden, the survivor in
// use and the spare one) of snap in the rects HeapRects or youngRects
// gave; dim: its words in the dim ink, where the young spaces are not the
// frame's lesson. It returns eden's rect and the survivor space in use.
func (s *Side) drawYoung(l *List, eden, s0, s1 Rect, snap *sim.Snapshot, dim bool, p *Palette, sc float32) (Rect, Rect) {
	h := &snap.Heap
	// HotSpot flips the survivor spaces at every young GC; the occupied one
	// alternates the same way here.
	from, to, fromName, toName := s0, s1, "survivor 0", "survivor 1"
	if snap.YoungGCs%2 == 1 {
		from, to, fromName, toName = s1, s0, "survivor 1", "survivor 0"
	}

	// Live young bytes are known by category but not by space; survivors
	// hold live data (they were copied because they were live), so the
	// survivor fill takes live bytes first and eden shows the rest as live
	// and everything else it holds as garbage.
	youngLive := youngLiveBytes(h)
	survLive := min(h.SurvivorUsed, youngLive)
	edenLive, _ := edenSplit(h)
	share := func(total sim.Bytes) func(c sim.AllocCat) sim.Bytes {
		return func(c sim.AllocCat) sim.Bytes {
			if youngLive == 0 {
				return 0
			}
			return sim.Bytes(float64(total) * float64(h.YoungLive[c]) / float64(youngLive))
		}
	}
	// During a pause eden is what the collection is emptying: its few
	// bytes now beside "young GC" read as a GC of an empty eden.
	// The state says why this pause is a young one: eden filled.
	var edenState []string
	if snap.Paused && !snap.PauseFull {
		// What it holds, not only what happens to it: grey "garbage"
		// under "full, being collected" left readers asking what the
		// grey was. It is what the program allocates most of (request
		// data), short-lived, so dead by the time eden fills.
		// (That this GC frees it is the pause's banner's: "young GC:
		// emptying eden".)
		// Drawn garbage grey, it says so plainly ("dead by now" in
		// grey read as garbage-or-empty).
		edenState = []string{"short-lived data, all garbage now", "all garbage now", "full, being collected", "being collected"}
		if mostlyRequests(h) {
			edenState = append([]string{"short-lived request data, all garbage now"}, edenState...)
		}
		if s.merged {
			// Not the chain's (its words dim): the fewest words that
			// say what its grey is.
			// "Full": its plate hides the bar's left end, and "all
			// garbage" beside a grey part read as "how full?".
			edenState = []string{"full of garbage", "all garbage", "being collected"}
		}
	} else if snap.Paused {
		edenState = []string{"being collected"}
	}
	edenUsed, edenGarbage := h.EdenUsed, h.EdenUsed-edenLive
	if snap.Paused && !snap.PauseFull {
		// A young GC runs because eden filled: its bar is drawn full,
		// what the copy did not keep as garbage, so that "full, being
		// collected" is seen (the few bytes left after the copy read as
		// a GC of an empty eden).
		edenUsed, edenGarbage = h.EdenCap, max(0, h.EdenCap-edenLive)
	}
	youngFrom := len(l.Items)
	drawSpace(l, eden, "eden", "eden", edenState, h.EdenCap, edenUsed, share(edenLive), edenGarbage, false, p, sc)
	// (Eden's bar keeps its fill during a pause, said "being collected"
	// in words: the pause's stripes over it made one pattern mean both
	// "stopped for GC" and "being collected".)
	fromItems := len(l.Items)
	drawSpace(l, from, fromName, "survivor", nil, h.SurvivorCap, h.SurvivorUsed, share(survLive), h.SurvivorUsed-survLive, false, p, sc)
	fromEnd := len(l.Items)
	drawSpace(l, to, toName, "survivor", nil, h.SurvivorCap, 0, nil, 0, false, p, sc)
	if TextWidth("survivor", sc) > s0.W-6*sc {
		// Too narrow for a label each: one over both.
		pair := Rect{X: s0.X, Y: s0.Y, W: s1.Right() - s0.X, H: s0.H}
		if band, _ := SpaceBands(s0, sc); band.H > 0 {
			// "2 survivor spaces" before the bare word: the two boxes'
			// words side by side ("10.5 MB empty", "10.3 MB in use")
			// were asked whether they were one space or two.
			relabel(l, pair, p, sc, "survivors 2 × "+Size(h.SurvivorCap), "2 survivor spaces", "survivor spaces", "2 survivors", "survivors")
		} else {
			labelThinSurvivors(l, eden, pair, from, l.Items[fromItems:fromEnd], youngFrom, p, sc)
		}
		// Each box its own word, where tall enough: two unlabelled boxes
		// under one label read as a mystery. A young GC copies the live
		// objects into the empty one, then the two swap. ("spare" beside
		// "in use" was read as the free part of one space, 21 MB in all
		// taken for the survivors' room.)
		used := "empty"
		if h.SurvivorUsed > 0 {
			used = "in use"
		}
		for _, b := range []struct {
			r     Rect
			words []string
		}{{from, []string{used}}, {to, []string{"empty"}}} {
			if _, fill := SpaceBands(b.r, sc); fill.H >= 3*CharH*sc {
				at := Rect{X: fill.X + 2*sc, Y: fill.Bottom() - CharH*sc - 2*sc, W: fill.W - 4*sc, H: CharH * sc}
				// A figure above each box's word, where the pair's label
				// has no room for "2 × 10.5 MB": the spare box its size
				// (a reader worked the survivors' size out of the heap's
				// other spaces), the one in use the bytes in it. Its size
				// over "in use" had been read as the bytes in it; with no
				// figure there, a reader asked what the box held. (A
				// pixel's margin: "10.5 MB" fills gc-lab's box.)
				fig := ""
				if fill.H >= 5*CharH*sc && (b.r == to || h.SurvivorUsed > 0) {
					fig = Size(h.SurvivorCap)
					if b.r == from {
						fig = Size(h.SurvivorUsed)
					}
				}
				sz := Rect{X: fill.X + sc, Y: at.Y - CharH*sc, W: fill.W - 2*sc, H: CharH * sc}
				ink := p.TextDim
				if b.r == from && h.SurvivorUsed > 0 {
					// Over the box's fill, on a dark plate in the bright
					// ink: dim words on the pink were read with effort.
					top := at.Y
					if fig != "" {
						top = sz.Y
					}
					l.Rect(Rect{X: fill.X, Y: top, W: fill.W, H: at.Bottom() - top + sc}, p.Background.Alpha(0.7))
					ink = p.Text
				}
				l.TextFit(at, sc, ink, b.words...)
				if fig != "" {
					l.TextFit(sz, sc, ink, fig, "")
				}
			}
		}
		l.detail(pair, "survivor spaces", "Two survivor spaces of "+Size(h.SurvivorCap)+" each: at a young GC the live objects of eden and of the one in use are copied into the spare one, and the two swap.")
	}
	if dim {
		// The young spaces are not the chain's (threads -> their caches
		// in the old gen -> GC time): their words in the dim ink, so
		// that the eye goes to the old gen.
		sized := "eden " + Size(h.EdenCap) + ": "
		for i := youngFrom; i < len(l.Items); i++ {
			if it := &l.Items[i]; it.Kind == KindText && it.Color == p.Text {
				it.Color = p.TextDim
				if eden.H < 2*CharH*sc {
					// A thin row's label lies on its bar: the fewest
					// words, its size on point (the region's).
					it.Text = strings.Replace(it.Text, sized, "eden: ", 1)
				}
			}
		}
	}
	return eden, from
}

// labelThinSurvivors names the survivor spaces of a row one line high,
// where the label lies on the bars: over the part of the pair their data
// does not fill, else left of the pair at eden's empty right end, else
// not at all (the pair's on-point text names it). Drawn over the pair it
// was overlapped by its own coloured slivers (vt-pooling's young rows).
// from's items are those the space in use drew; eden's label is among
// the items from youngFrom on.
func labelThinSurvivors(l *List, eden, pair, from Rect, fromItems []Item, youngFrom int, p *Palette, sc float32) {
	fillL, fillR := from.Right(), from.X
	for i := range fromItems {
		if it := &fromItems[i]; it.Kind == KindRect && it.Meaning != MeanNone && it.Meaning != MeanFree {
			b := it.Bounds()
			fillL, fillR = min(fillL, b.X), max(fillR, b.Right())
		}
	}
	free := pair
	if fillR > fillL {
		if from.X <= pair.X {
			free = Rect{X: fillR, Y: pair.Y, W: pair.Right() - fillR, H: pair.H}
		} else {
			free = Rect{X: pair.X, Y: pair.Y, W: fillL - pair.X, H: pair.H}
		}
	}
	if relabel(l, free, p, sc, "survivors") {
		return
	}
	w := TextWidth("survivors", sc)
	x := pair.X - w - 4*sc
	// Half a character's gap from any word on the line: "eden 50.7 MB"
	// ending where the plate began read as "MBsurvivors". Eden's label
	// gives up its size to make room (its size is on point).
	spot := Rect{X: x - 2*sc - CharW*sc/2, Y: eden.Y, W: w + 4*sc + CharW*sc/2, H: eden.H}
	for i := youngFrom; i < len(l.Items); i++ {
		if it := &l.Items[i]; it.Kind == KindText {
			b := it.Bounds()
			if b.X < spot.Right() && spot.X < b.Right() && b.Y < spot.Bottom() && spot.Y < b.Bottom() {
				if !strings.HasPrefix(it.Text, "eden ") || b.X+TextWidth("eden", sc) >= spot.X {
					return
				}
				it.Text = "eden"
				if i > 0 {
					// Its plate (relabel's, just before it) shrinks with it.
					if pl := &l.Items[i-1]; pl.Kind == KindRect && pl.Meaning == MeanNone && pl.Y == it.Y && pl.X == it.X-2*sc {
						pl.W = TextWidth("eden", sc) + 4*sc
					}
				}
			}
		}
	}
	if x-2*sc < eden.X {
		return
	}
	l.Rect(Rect{X: x - 2*sc, Y: eden.Y + 1, W: w + 4*sc, H: CharH * sc}, p.Background.Alpha(thinLabelPlate))
	l.Text(x, eden.Y+1, "survivors", sc, p.Text)
}
