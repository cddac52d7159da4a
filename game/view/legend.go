package view

// The legend: one swatch and a few plain words per meaning drawn in the
// frame (meaning.go), grouped, flowed over as many lines as the canvas
// width needs. It lists exactly what the scene uses: Build draws the sides
// first and the legend from the meanings they drew. legendFlow is shared
// by the height reserved and the drawing, so the space is the space used.

// legendFlow calls place for each group heading (m == MeanNone) and each
// meaning of set with its position; it returns the number of lines used.
// inHeap and outside are the meanings drawn in the heap panel and
// elsewhere (a meaning's words can depend on where it is seen).
//
// queued is what the frame's queues hold ("tasks"), "" if unknown: the
// heading of the queued colour says it ("tasks and requests:" over a
// frame that calls nothing a request sent a reader looking for one).
func legendFlow(w, sc float32, set, inHeap, outside meaningSet, queued string, place func(m Meaning, label string, x, y float32)) int {
	return flowLegend(w, sc, statesThatFit(w, sc, set, inHeap, outside, queued), inHeap, outside, queued, place)
}

// flowLegend is legendFlow of set as it is. A legend of one group leaves
// its heading out where the heading costs a line: its entries say what
// they are ("threads:" before a phone's race cells' looks pushed the
// last look to a third line).
func flowLegend(w, sc float32, set, inHeap, outside meaningSet, queued string, place func(m Meaning, label string, x, y float32)) int {
	headed := flowGroups(w, sc, set, inHeap, outside, queued, true, nil)
	if groups(set, inHeap, outside, queued) == 1 && flowGroups(w, sc, set, inHeap, outside, queued, false, nil) < headed {
		return flowGroups(w, sc, set, inHeap, outside, queued, false, place)
	}
	return flowGroups(w, sc, set, inHeap, outside, queued, true, place)
}

// groups counts the headings the legend of set has.
func groups(set, inHeap, outside meaningSet, queued string) int {
	n, group := 0, ""
	for m := Meaning(1); m < legendEnd; m++ {
		if unlisted(m, set) {
			continue
		}
		if g := groupOf(m, set, inHeap, outside, queued); g != group {
			group = g
			n++
		}
	}
	return n
}

// unlisted reports whether the legend of set leaves meaning m out: not
// drawn; the badge, which is in the running look's swatch; or, beside the
// race cells' looks where no cell runs, the threads' blue, which is then
// only in the looks the legend keys (the parked sign, the ready outline).
// At llm-router's first screen readers looked for the blue fill of
// "blue fill = running on a carrier", and then for the blue squares of
// "virtual thread", and found neither.
func unlisted(m Meaning, set meaningSet) bool {
	return !set.has(m) || m == badgeKey && runningKey(set) || blueInLooksOnly(m, set)
}

// blueInLooksOnly reports whether m is the threads' blue in a legend of
// set whose race cells' looks are keyed and none of whose cells runs.
func blueInLooksOnly(m Meaning, set meaningSet) bool {
	return m == MeanVirtual && set&stateKeys != 0 && !set.has(runningDrawn)
}

// groupOf is the heading meaning m is listed under in the legend of set.
func groupOf(m Meaning, set, inHeap, outside meaningSet, queued string) string {
	g := headingIn(m, set, inHeap, outside)
	if m == MeanRequest && queued != "" && g == meanings[m].group {
		g = queued
	}
	return g
}

// flowGroups is flowLegend with or without the groups' headings.
func flowGroups(w, sc float32, set, inHeap, outside meaningSet, queued string, headings bool, place func(m Meaning, label string, x, y float32)) int {
	x, line := pad*sc, 0
	sw := func(m Meaning) float32 {
		if m == MeanVirtual && runningKey(set) {
			return runningSwatchW(sc)
		}
		if m == badgeKey {
			return badgeTextW(badgeSample, sc)
		}
		if isStateKey(m) || cellSwatch(m, set) || wonSwatch(m, set) {
			return stateSwatchW(sc)
		}
		return 8 * sc
	}
	group := ""
	itemW := func(m Meaning) float32 { return TextWidth(labelIn(m, set, inHeap, outside), sc) + 6*sc + sw(m) + 3*sc }
	put := func(m Meaning, label string, first Meaning) {
		iw := TextWidth(label, sc) + 6*sc
		need := iw
		if m != MeanNone {
			iw += sw(m) + 3*sc
			need = iw
		} else {
			if x > pad*sc {
				x += 6 * sc
			}
			// A heading stays on the line of its first item.
			need = iw + itemW(first)
		}
		if x+need > w-pad*sc && x > pad*sc {
			x, line = pad*sc, line+1
		}
		if place != nil {
			place(m, label, x, float32(line)*(CharH+2)*sc)
		}
		x += iw
	}
	for m := Meaning(1); m < legendEnd; m++ {
		if unlisted(m, set) {
			continue
		}
		if g := groupOf(m, set, inHeap, outside, queued); g != group && headings {
			group = g
			// A heading that cannot share a line with its first item even
			// on a line of its own is left out: alone on a line it reads
			// as an entry without a swatch, and the item's words say it.
			if TextWidth(g+":", sc)+6*sc+itemW(m) <= w-2*pad*sc {
				put(MeanNone, g+":", m)
			}
		}
		put(m, labelIn(m, set, inHeap, outside), m)
	}
	return line + 1
}

// wonSwatch reports whether the winner's swatch in the legend of set is
// a race cell's shape: beside the looks, the won cell's thick frame and
// tick drawn as the cells draw them (readers: a small white outline for
// "won" beside the ended cell's outline, "does white mean ended?").
func wonSwatch(m Meaning, set meaningSet) bool {
	return m == MeanWinner && set&stateKeys != 0
}

// cellSwatch reports whether meaning m's swatch in the legend of set is
// a race cell's shape: the virtual thread's, beside the cells' looks.
//
// Only where a cell was drawn running: with none (llm-router's first
// screen), readers looked for the "blue fill = running on a carrier" the
// legend named; the blue there is the parked sign's and the ready
// outline's, keyed by their looks, and the entry is left out
// (blueInLooksOnly).
func cellSwatch(m Meaning, set meaningSet) bool {
	return m == MeanVirtual && set&stateKeys != 0 && set.has(runningDrawn)
}

// freeFrameInk is the opacity of the free swatch's frame.
const freeFrameInk = 0.64

// tierFills are the meanings that colour stack frames by JIT tier.
const tierFills = meaningSet(1<<MeanInterpreted | 1<<MeanC1 | 1<<MeanC2)

// heapFills are the meanings only the heap's spaces draw.
const heapFills = meaningSet(1<<MeanThreadLocal | 1<<MeanThreadObj | 1<<MeanChunkData | 1<<MeanApp | 1<<MeanGarbage | 1<<MeanFree)

// headingIn is meaning m's group heading as the legend of set says it: the tier
// group promises tiers only when more than one is drawn (a heading "by JIT
// tier" over one yellow swatch read as noise).
//
// Request data drawn only in the heap is listed under the heap's heading
// ("tasks and requests:" over one heap entry was a heading for nothing).
func headingIn(m Meaning, set, inHeap, outside meaningSet) string {
	if isStateKey(m) || m == badgeKey {
		return stateGroupIn(set)
	}
	g := meanings[m].group
	if m == MeanRequest && labelIn(m, set, inHeap, outside) == "request data" {
		return meanings[MeanThreadLocal].group
	}
	if g == tierGroup && set&tierFills == 0 {
		// Only the hole of a moved chunk: the group is StackChunks
		// ("stack frames and StackChunks:" over it repeated the heap's
		// "StackChunks and stack frames").
		return "StackChunks"
	}
	if g == tierGroup && bits(set&tierFills) <= 1 {
		return tierGroupOne
	}
	return g
}

// labelIn is meaning m's label in the legend of set. The request colour
// is named by where it is drawn: queued tasks, their data in the heap, or
// both ("queued" beside a frame with no queue in it sent a reader looking
// for one; "their data in the heap" beside "heap: nothing allocated" was a
// contradiction). The StackChunk colour names the stack frames it also
// colours when no tier is drawn.
func labelIn(m Meaning, set, inHeap, outside meaningSet) string {
	if isStateKey(m) {
		return stateKeyLabel(callState(m - meaningCount))
	}
	if m == badgeKey {
		return "= its carrier"
	}
	if wonSwatch(m, set) {
		// Beside the ended cell's look, the won cell's words: it won,
		// and its thread has ended too (readers of "won its race" beside
		// "ended" asked whether the winner still ran).
		return "won, ended"
	}
	if m == MeanVirtual && runningKey(set) {
		return "running on carrier " + badgeSample
	}
	if m == MeanRequest {
		switch {
		case !inHeap.has(m) || set&heapFills == 0:
			return "waiting in a queue"
		case !outside.has(m):
			return "request data"
		}
	}
	if cellSwatch(m, set) {
		// Beside the race cells' looks, the colour, not a shape: the
		// swatch is a filled block, and readers saw ready (dashed) and
		// parked (two bars) threads drawn otherwise ("ready and parked
		// threads aren't light blue"). Every cell is a virtual thread;
		// the fill is the one that runs (the running look's entry).
		return "blue fill = running on a carrier"
	}
	if m == MeanOnCPU && set&stateKeys != 0 {
		// Beside race cells that say "running on carrier 5": the dot is
		// the carrier's OS thread holding a core ("running on a CPU"
		// beside "on carrier" read as two places a thread runs).
		return "its carrier on a CPU"
	}
	if m == MeanGCMode && set&tierFills == 0 {
		return "moved by a GC"
	}
	if m == MeanChunkData && set&tierFills == 0 {
		// Chunk blocks of one tier take the StackChunk colour
		// (stackcolor.go): the entry says what a chunk is, and where.
		return "StackChunks (parked stacks, in the heap)"
	}
	return meanings[m].label
}

// bits counts the meanings in s.
func bits(s meaningSet) int {
	n := 0
	for ; s != 0; s &= s - 1 {
		n++
	}
	return n
}

// allMeanings is the set of every meaning and race cell look: the most a
// legend can hold.
// (With a cell drawn running: the threads' blue is then listed.)
const allMeanings = meaningSet(1<<meaningCount-2) | stateKeys | 1<<runningDrawn

// LegendHeight is the height of the fullest legend on a canvas w pixels
// wide (every meaning), for laying out a frame's regions before anything
// is drawn (the browser tests' pixel regions). The fullest with no race
// cell running too, which leaves the threads' blue out: the entries then
// flow onto lines otherwise, and at some widths take one more. A legend
// of fewer meanings can still be higher (the race cells' looks shorten
// some labels), so a frame does not use this: Build reserves its legend
// from the meanings it draws, pass by pass, and no entry is cut
// (game/play's TestLegendNeverCutsAnEntry).
func LegendHeight(w, sc float32) float32 {
	return max(legendHeightFor(w, sc, allMeanings), legendHeightFor(w, sc, allMeanings&^(1<<runningDrawn)))
}

func legendHeightFor(w, sc float32, set meaningSet) float32 {
	if set == 0 {
		return 0
	}
	// Every meaning as if drawn both in the heap and elsewhere: the
	// longest words, so the room reserved is never too small.
	return float32(legendFlow(w, sc, set, set, set, "", nil))*(CharH+2)*sc + 2*pad*sc
}

func drawLegend(l *List, r Rect, set meaningSet, p *Palette, sc float32) {
	l.legendFrom = len(l.Items)
	if r.Empty() {
		return
	}
	l.Rect(r, p.Panel)
	l.Rect(Rect{X: r.X, Y: r.Y, W: r.W, H: 1}, p.PanelEdge)
	sw := 8 * sc
	shown := statesThatFit(r.W, sc, set, l.heapUsed, l.outsideHeap, l.queued)
	legendFlow(r.W, sc, set, l.heapUsed, l.outsideHeap, l.queued, func(m Meaning, label string, x, y float32) {
		y += r.Y + pad*sc
		if y+CharH*sc > r.Bottom()+0.01 {
			l.legendCut++
			return
		}
		if m == MeanNone {
			l.Text(r.X+x, y, label, sc, p.TextDim)
			return
		}
		if isStateKey(m) {
			// A race cell's look, as the races and the threads' line
			// draw it.
			drawStateSwatch(l, r.X+x, Rect{Y: y, H: CharH * sc}, callState(m-meaningCount), true, p, sc)
			l.Text(r.X+x+stateSwatchW(sc)+3*sc, y, label, sc, p.Text)
			return
		}
		if m == badgeKey {
			w := badgeOf(l, r.X+x, Rect{Y: y, H: CharH * sc}, badgeSample, p, sc)
			l.Text(r.X+x+w+3*sc, y, label, sc, p.Text)
			return
		}
		if wonSwatch(m, shown) {
			// The won cell small, as the races draw it: the ended
			// cell's dim outline and the winner's tick. (A thick
			// frame in the winner's ink around the tick read as a
			// ticked checkbox.)
			h := CharH * sc * 0.8
			c := Rect{X: r.X + x, Y: y + (CharH*sc-h)/2, W: stateSwatchW(sc), H: h}
			drawEndedFrame(l, c, p, sc)
			drawTick(l, c.X+(c.W-tickW(c, sc))/2, c, p, sc)
			l.legend = append(l.legend, m)
			l.Text(r.X+x+stateSwatchW(sc)+3*sc, y, label, sc, p.Text)
			return
		}
		sr := Rect{X: r.X + x, Y: y + (CharH*sc-sw)/2, W: sw, H: sw}
		if m == MeanVirtual && runningKey(shown) {
			// A running cell small: the blue fill and its carrier's
			// badge, as the races and the carriers' slots draw them.
			cw, h := runningSwatchW(sc), CharH*sc+4*sc
			c := Rect{X: r.X + x, Y: y + (CharH*sc-h)/2, W: cw, H: h}
			l.Mark(c, m, p, 1)
			badgeOf(l, c.X+2*sc, c, badgeSample, p, sc)
			l.legend = append(l.legend, m)
			l.Text(r.X+x+cw+3*sc, y, label, sc, p.Text)
			return
		}
		if cellSwatch(m, shown) {
			// A race cell filled in the thread's blue, the cells'
			// shape: a small square matched nothing in the grid.
			h := CharH * sc * 0.8
			l.Mark(Rect{X: r.X + x, Y: y + (CharH*sc-h)/2, W: stateSwatchW(sc), H: h}, m, p, 1)
			l.legend = append(l.legend, m)
			l.Text(r.X+x+stateSwatchW(sc)+3*sc, y, label, sc, p.Text)
			return
		}
		if m == MeanGCMode && set&tierFills == 0 && set.has(MeanChunkData) {
			// The moved chunks drawn are StackChunk-coloured bricks with
			// a hole: the swatch is one.
			l.Mark(sr, MeanChunkData, p, 1)
			l.Mark(sr.Inset(max(1, sr.W*0.3)), m, p, 1)
		} else {
			drawSwatch(l, sr, m, p, sc)
		}
		l.legend = append(l.legend, m)
		l.Text(r.X+x+sw+3*sc, y, label, sc, p.Text)
	})
}

// drawSwatch draws meaning m's legend swatch in r, in the shape its marks
// have. Swatch items are tagged like the marks, so the legend's colours
// obey the same grammar.
func drawSwatch(l *List, r Rect, m Meaning, p *Palette, sc float32) {
	switch m.Shape() {
	case ShapeFrame:
		l.Rect(r, p.Grid)
		l.MarkFrame(r, max(1, 1.5*sc), m, p)
		if m == MeanWinner {
			// The won cells' tick, which tells them from the ended.
			drawTick(l, r.X+(r.W-tickW(r, sc))/2, r, p, sc)
		}
	case ShapeHole:
		// A promoted chunk: a block with a dark hole (the block's own
		// colour is its tier's, so the swatch shows a neutral one).
		l.Rect(r, p.TextDim)
		l.Mark(r.Inset(max(1, r.W*0.3)), m, p, 1)
	case ShapeDot:
		cx, cy := r.Center()
		l.MarkCircle(cx, cy, r.W/2, m, p)
	case ShapeDiag:
		drawStopped(l, r, p, sc*0.6)
	case ShapeStack:
		drawNativeStack(l, r, p, sc*0.6)
	default:
		l.Mark(r, m, p, 1)
		if m == MeanFree {
			// Free space is the darkest fill, next to the legend's
			// background: a frame in a space's edge colour left the
			// swatch "nearly invisible" to readers, and one in the dim
			// text's full ink read as a white square beside free blocks
			// drawn dark. The ink at freeFrameInk still has the 3:1 of a
			// graphic's part on either background (TestFreeSwatchIsSeen)
			// and leaves the dark fill the swatch's colour.
			l.Frame(r, 1, p.TextDim.Alpha(freeFrameInk))
		}
	}
}
