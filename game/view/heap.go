package view

import (
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// The heap: eden, the two survivor spaces and the old generation drawn to
// scale by area (young on top, old below, each space as wide as its share),
// each filled from the left by category. StackChunks are drawn on top as
// blocks in the space that holds them: a block's width grows with its
// capacity, its colour is the tier its frames had when it was born (the
// vt-pooling article's point: a chunk remembers the tier), GC-mode chunks
// get a frame, dead ones are grey. Blocks are markers, not to scale; a
// chunk of 300 words is a millionth of a 4 GB heap.

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
	// sliver, and the numbers are written.
	minRow := min((CharH+4)*sc, avail/2)
	yh = clamp(yh, minRow, avail-minRow)
	yr, rest := body.Top(yh)
	_, old = rest.Top(gap)
	ew := (yr.W - 2*gap) * float32(h.EdenCap) / float32(max(young, 1))
	sw := (yr.W - 2*gap - ew) / 2
	// The two survivor spaces together stay wide enough for the word
	// "survivors": unlabelled slivers beside eden read as nothing, and
	// eden + old then seemed not to add up to the heap.
	if pair := TextWidth("survivors", sc) + 8*sc; 2*sw+gap < pair && h.SurvivorCap > 0 && yr.W > 4*pair {
		sw = (pair - gap) / 2
		ew = yr.W - 2*gap - 2*sw
	}
	eden = Rect{X: yr.X, Y: yr.Y, W: ew, H: yr.H}
	s0 = Rect{X: eden.Right() + gap, Y: yr.Y, W: sw, H: yr.H}
	s1 = Rect{X: s0.Right() + gap, Y: yr.Y, W: sw, H: yr.H}
	return
}

// chunkStripH is the height of the StackChunk strip under the spaces: a
// third of the heap body, between three and six block rows.
func chunkStripH(body Rect, sc float32) float32 {
	return clamp(body.H*0.36, CharH*sc+3*7*sc, CharH*sc+8*7*sc)
}

func (s *Side) drawHeap(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	h := &snap.Heap
	right := ""
	if snap.YoungGCs+snap.FullGCs > 0 {
		// "young GCs 0 · Full GCs 0" was two numbers saying nothing.
		right = "young GCs " + Count(snap.YoungGCs) + " · Full GCs " + Count(snap.FullGCs)
	}
	body := panel(l, r, right, p, sc, "heap "+Size(h.Max)+" · "+snap.GC.String()+" GC", "heap "+Size(h.Max), "heap")
	cs := &snap.Chunks
	l.region(r, "heap", "The Java heap, "+Size(h.Max)+" ("+snap.GC.String()+" collector): eden "+Size(h.EdenUsed)+" of "+Size(h.EdenCap)+
		", survivor "+Size(h.SurvivorUsed)+" of "+Size(h.SurvivorCap)+", old generation "+Size(h.OldUsed)+" of "+Size(h.OldCap)+
		" ("+Size(h.OldGarbage)+" of it garbage). "+Count(snap.YoungGCs)+" young collections and "+Count(snap.FullGCs)+
		" Full GCs so far, "+Dur(snap.GCPauseTotal)+" paused in all. Of what is live, "+Size(threadHeap(snap))+
		" belongs to threads (Thread objects, StackChunks, thread-local data): where a virtual thread's memory is.")
	if body.Empty() {
		return
	}
	// StackChunk objects get a strip of their own under the spaces: as
	// blocks inside a space they would make a 4 MB eden look full.
	var strip Rect
	if len(snap.ChunkBlocks) > 0 && body.H > 6*CharH*sc {
		body, strip = body.CutBottom(chunkStripH(body, sc))
		strip.Y += 2 * sc
		strip.H -= 2 * sc
	}
	eden, s0, s1, old := HeapRects(body, h, sc)
	// HotSpot flips the survivor spaces at every young GC; the occupied one
	// alternates the same way here.
	from, to, fromName, toName := s0, s1, "survivor 0", "survivor 1"
	if snap.YoungGCs%2 == 1 {
		from, to, fromName, toName = s1, s0, "survivor 1", "survivor 0"
	}
	s.at.eden, s.at.survivor, s.at.old = eden, from, old
	_, s.at.oldFill = SpaceBands(old, sc)

	// Live young bytes are known by category but not by space; survivors
	// hold live data (they were copied because they were live), so the
	// survivor fill takes live bytes first and eden shows the rest as live
	// and everything else it holds as garbage.
	var youngLive sim.Bytes
	for _, c := range heapCategories {
		youngLive += h.YoungLive[c]
	}
	survLive := min(h.SurvivorUsed, youngLive)
	edenLive := min(max(0, youngLive-survLive), h.EdenUsed)
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
	edenState := ""
	if snap.Paused {
		edenState = "being collected"
	}
	drawSpace(l, eden, "eden", "eden", edenState, h.EdenCap, h.EdenUsed, share(edenLive), h.EdenUsed-edenLive, p, sc)
	drawSpace(l, from, fromName, "survivor", "", h.SurvivorCap, h.SurvivorUsed, share(survLive), h.SurvivorUsed-survLive, p, sc)
	drawSpace(l, to, toName, "survivor", "", h.SurvivorCap, 0, nil, 0, p, sc)
	if TextWidth("survivor", sc) > s0.W-6*sc {
		// Too narrow for a label each: one over both.
		pair := Rect{X: s0.X, Y: s0.Y, W: s1.Right() - s0.X, H: s0.H}
		relabel(l, pair, p, sc, "survivors 2 × "+Size(h.SurvivorCap), "survivors")
	}
	oldLive := func(c sim.AllocCat) sim.Bytes { return h.OldLive[c] }
	drawSpace(l, old, "old generation", "old", "", h.OldCap, h.OldUsed, oldLive, h.OldGarbage, p, sc)
	if strip.Empty() {
		return
	}
	// The strip: a heading, then one column per space.
	head, cols := strip.Top(CharH * sc)
	gap := 4 * sc
	// The survivor column is the narrowest; it keeps room for its name and
	// count, so that no number stands there alone.
	ew, sw := cols.W*0.42, max(cols.W*0.16, min(TextWidth("survivors: "+Count(int64(cs.SurvivorLive)), sc)+gap+2*sc, cols.W*0.34))
	ew = min(ew, cols.W-sw-cols.W*0.3)
	ce := Rect{X: cols.X, Y: cols.Y, W: ew - gap, H: cols.H}
	cs2 := Rect{X: cols.X + ew, Y: cols.Y, W: sw - gap, H: cols.H}
	co := Rect{X: cols.X + ew + sw, Y: cols.Y, W: cols.W - ew - sw, H: cols.H}
	ae := chunkColumn(l, ce, "eden", cs.EdenLive, cs.EdenDead, p, sc)
	as := chunkColumn(l, cs2, "survivors", cs.SurvivorLive, cs.SurvivorDead, p, sc)
	ao := chunkColumn(l, co, "old", cs.OldLive, cs.OldDead, p, sc)
	if k := drawChunks(l, ae, as, ao, snap, s.byTier, p, sc); k > 1 {
		// Squares, not blocks: their scale on the heading's right.
		note := "1 square = " + Count(int64(k)) + " chunks"
		if w := TextWidth(note, sc); w+TextWidth("StackChunks", sc)+8*sc <= head.W {
			l.TextRight(head, note, sc, p.TextDim)
			head.W -= w + 8*sc
		}
	}
	l.TextFit(head, sc, p.TextDim, chunkHeadings(snap, s.byTier)...)
	l.region(strip, "StackChunks", "StackChunk objects: the frozen stacks of parked virtual threads. "+Count(int64(cs.Live))+" live ("+
		Size(cs.LiveBytes)+"), "+Count(int64(cs.Old))+" in the old generation, "+Count(int64(cs.GCMode))+
		" promoted into GC mode (a hole in the block), "+Count(int64(cs.Garbage))+" dead (grey). A thread gets one at its first park and, while it runs, keeps a young one to freeze into again at its next park (one the GC has moved is dropped). "+chunkColourWords(s.byTier))
}

// chunkHeadings are the strip's heading, longest first. The columns'
// counts add up to the live chunks, and the heading says how many that is
// beside the virtual threads, so that a reader adding them up finds the
// numbers agree: a thread has no chunk while it has never parked or after
// its stack went back to its carrier, and can have more than one.
func chunkHeadings(snap *sim.Snapshot, byTier bool) []string {
	cs := &snap.Chunks
	vt := snap.VirtualLive
	tally := Count(int64(cs.Live)) + " live"
	switch {
	case vt > cs.Live:
		miss := vt - cs.Live
		tally += " for " + Count(int64(vt)) + " virtual threads (" + Count(int64(miss)) + " " + plural(miss, "has", "have") + " none now)"
	case vt < cs.Live && vt > 0:
		tally += " for " + Count(int64(vt)) + " virtual threads (some have two)"
	}
	var tiers []string
	if byTier {
		tiers = []string{"StackChunk objects: " + tally + ", coloured by the JIT tier of their frames",
			"StackChunks: " + tally + ", by JIT tier"}
	}
	return append(tiers,
		"StackChunks: "+tally,
		"StackChunks (frozen stacks): "+Count(int64(cs.Live))+" live",
		"StackChunks: "+Count(int64(cs.Live))+" live",
		"StackChunks",
	)
}

// chunkColourWords says what a chunk block's colour means this frame.
func chunkColourWords(byTier bool) string {
	if byTier {
		return "A block's colour is the code (interpreted, C1 or C2) its frames came from when the chunk was made and sized; a chunk keeps that size when the code is recompiled."
	}
	return "Every live chunk here holds frames of the same compiled code, so they share the StackChunk colour; a block's width is its size."
}

// chunkColumn draws a column's label ("eden: 1,393 live · 2,919 dead")
// and returns the area for its blocks.
func chunkColumn(l *List, r Rect, name string, live, dead int, p *Palette, sc float32) Rect {
	lab, area := r.Top(CharH * sc)
	l.Rect(r, p.Background)
	l.TextFit(lab, sc, p.TextDim, name+": "+Count(int64(live))+" live · "+Count(int64(dead))+" dead",
		name+": "+Count(int64(live))+" live", name+": "+Count(int64(live)), name)
	l.detail(r, "StackChunks in "+name, Count(int64(live))+" live and "+Count(int64(dead))+" dead StackChunk objects in "+name+".")
	return area.Inset(1 * sc)
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
	l.TextFit(t, sc, p.TextDim, "heap "+Size(snap.Heap.Max)+": nothing allocated (this scenario does not model the heap)",
		"heap: nothing allocated (not modelled here)", "heap: not modelled", "heap: empty")
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
// state, when not empty, replaces the space's use in its label: what a GC
// pause is doing to it ("being collected").
func drawSpace(l *List, r Rect, name, short, state string, capacity, used sim.Bytes, live func(sim.AllocCat) sim.Bytes, garbage sim.Bytes, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	l.Rect(r, p.Background)
	band, inner := SpaceBands(r, sc)
	l.Mark(inner, MeanFree, p, 1)
	x := inner.X
	px := func(b sim.Bytes) float32 {
		if capacity <= 0 || b <= 0 {
			return 0
		}
		// A segment under a pixel to scale is not drawn (its bytes are in
		// the explanation): a 1-pixel line read as a legend entry for
		// nothing. A larger one gets a sliver a reader can see (4 px at
		// scale 1).
		w := inner.W * float32(b) / float32(capacity)
		if w < 1 {
			return 0
		}
		return max(4*sc, w)
	}
	var parts []string
	if live != nil {
		for _, c := range heapCategories {
			if w := min(px(live(c)), inner.Right()-x); w > 0 {
				l.Mark(Rect{X: x, Y: inner.Y, W: w, H: inner.H}, CategoryMeaning(c), p, 1)
				x += w
			}
			if b := live(c); b > 0 {
				parts = append(parts, Size(b)+" "+CategoryMeaning(c).Label())
			}
		}
	}
	if gw := min(px(garbage), inner.Right()-x); gw > 0 {
		g := Rect{X: x, Y: inner.Y, W: gw, H: inner.H}
		l.Mark(g, MeanGarbage, p, 1)
		step := 5 * sc
		for sx := g.X + step; sx < g.Right()-1; sx += step {
			l.Rect(Rect{X: sx, Y: g.Y, W: 1, H: g.H}, p.Background.Alpha(0.5))
		}
		x += gw
	}
	if garbage > 0 {
		parts = append(parts, Size(garbage)+" garbage")
	}
	// The free end of a space says so when there is room: its dark fill
	// alone was not seen as free space.
	// (Only below the space's own label line, which it would cover.)
	if free := (Rect{X: x, Y: inner.Y, W: inner.Right() - x, H: inner.H}); used > 0 && !band.Empty() && free.H >= CharH*sc {
		for _, label := range []string{"free " + Size(max(0, capacity-used)), "free"} {
			if w := TextWidth(label, sc); w+6*sc <= free.W {
				l.Text(free.X+(free.W-w)/2, free.Y+(free.H-CharH*sc)/2, label, sc, p.TextDim)
				break
			}
		}
	}
	l.Frame(r, 1, p.PanelEdge)
	// The longest label that fits: name, use and capacity; name and use;
	// the name alone; a short name.
	labels := []string{name + " " + Size(used) + " of " + Size(capacity), name + " " + Size(used), short + " " + Size(used), name, short}
	if gloss := spaceGloss[short]; gloss != "" && !band.Empty() {
		// Said once where there is room: "old gen" was jargon. (Not on a
		// space one line high, whose label plate would hide its fill.)
		labels = append([]string{name + " (" + gloss + ") " + Size(used) + " of " + Size(capacity)}, labels...)
	}
	if state != "" {
		labels = []string{name + " " + Size(capacity) + ": " + state, name + ": " + state, short + ": " + state, name, short}
	}
	relabel(l, r, p, sc, labels...)
	what := name + ": " + Size(used) + " used of " + Size(capacity)
	if state != "" {
		what = name + ": " + state + " (" + Size(used) + " in it now of " + Size(capacity) + ")"
	}
	if len(parts) > 0 {
		what += " (" + strings.Join(parts, ", ") + ")"
	}
	l.detail(r, name, what+".")
}

// spaceGloss says in a few words what a space holds.
var spaceGloss = map[string]string{
	"eden": "new objects",
	"old":  "objects that survived collections",
}

func relabel(l *List, r Rect, p *Palette, sc float32, labels ...string) {
	if r.H < CharH*sc || r.W < 2*CharW*sc+6*sc {
		return
	}
	t := Rect{X: r.X + 3*sc, Y: r.Y + 1, W: r.W - 6*sc, H: CharH * sc}
	for _, label := range labels {
		if w := TextWidth(label, sc); w <= t.W {
			// A dark plate under the text keeps it readable over any fill.
			l.Rect(Rect{X: t.X - 2*sc, Y: t.Y, W: w + 4*sc, H: t.H}, p.Background.Alpha(0.7))
			l.Text(t.X, t.Y, label, sc, p.Text)
			return
		}
	}
}

// chunkClass orders chunk blocks for density drawing: live young blocks by
// born tier, then promoted (GC-mode) blocks by tier, then dead ones.
type chunkClass uint8

const (
	classInterp chunkClass = iota
	classC1
	classC2
	classGCInterp
	classGCC1
	classGCC2
	classDead
	classCount
)

func classOf(c *sim.ChunkView) chunkClass {
	if c.Dead {
		return classDead
	}
	k := classC1
	switch {
	case c.Tier == sim.TierInterp:
		k = classInterp
	case c.Tier >= sim.TierC2:
		k = classC2
	}
	if c.GCMode {
		k += classGCInterp
	}
	return k
}

// classMeaning is the meaning of a class's fill; GC-mode classes add a
// hole (classHole).
func classMeaning(k chunkClass, byTier bool) Meaning {
	if !byTier && k != classDead {
		return MeanChunkData
	}
	switch k {
	case classInterp, classGCInterp:
		return MeanInterpreted
	case classC1, classGCC1:
		return MeanC1
	case classC2, classGCC2:
		return MeanC2
	}
	return MeanGarbage
}

func classHole(k chunkClass) bool { return k >= classGCInterp && k <= classGCC2 }

// hole draws the dark centre of a promoted (GC-mode) chunk block.
func hole(l *List, r Rect, p *Palette) {
	d := max(1, min(r.W, r.H)*0.3)
	if r.W > 2*d && r.H > 2*d {
		l.Mark(Rect{X: r.X + d, Y: r.Y + d, W: r.W - 2*d, H: r.H - 2*d}, MeanGCMode, p, 1)
	}
}

// BlockWidth is a chunk block's width: it grows with capacity (about 64
// words a pixel) between 2 and 20 pixels, so a 1,150-word C1 chunk is
// visibly four times a 290-word C2 one.
func BlockWidth(capacity sim.Words, sc float32) float32 {
	return clamp(float32(capacity)/64, 2, 20) * sc
}

// chunkTally is what one pass over the listed chunks learns about a space.
type chunkTally struct {
	counts [classCount]int
	n      int
	need   float32 // width of its blocks drawn one by one, gaps included
}

// spaceIndex is the drawing order of a heap space holding chunks: eden,
// survivor, old; -1 for anything else.
func spaceIndex(space sim.Space) int {
	switch space {
	case sim.SpaceEden:
		return 0
	case sim.SpaceSurvivor:
		return 1
	case sim.SpaceOld:
		return 2
	}
	return -1
}

// drawChunks draws the listed StackChunks in the area of the space that
// holds them: one pass tallies every space, then each area gets its blocks
// one by one when they fit, else density.
func drawChunks(l *List, eden, surv, old Rect, snap *sim.Snapshot, byTier bool, p *Palette, sc float32) int {
	blocks := snap.ChunkBlocks
	if len(blocks) == 0 {
		return 1
	}
	total := snap.Chunks.Live + snap.Chunks.Garbage
	scale := float32(1)
	if n := len(blocks); total > n {
		// The snapshot lists at most MaxChunks blocks; the density drawing
		// scales the listed mix up to the true total.
		scale = float32(total) / float32(n)
	}
	gap := max(1, sc)
	var tally [3]chunkTally
	for i := range blocks {
		b := &blocks[i]
		si := spaceIndex(b.Space)
		if si < 0 {
			continue
		}
		t := &tally[si]
		t.counts[classOf(b)]++
		t.n++
		t.need += BlockWidth(b.Capacity, sc) + gap
	}
	areas := [...]Rect{eden, surv, old}
	// One scale for the three columns: blocks one by one when every
	// column's fit, else squares in every column, each standing for the
	// largest number of chunks any column needs (columns at different
	// scales side by side read as the same squares).
	k := 0
	for si, area := range areas {
		if area.Empty() || tally[si].n == 0 {
			continue
		}
		bh := min(6*sc, area.H)
		rows := max(1, int((area.H+gap)/(bh+gap)))
		if scale == 1 && tally[si].need <= float32(rows)*(area.W-20*sc) {
			continue
		}
		cols := max(1, int((area.W+gap)/(bh+gap)))
		estimated := int(float32(tally[si].n)*scale + 0.5)
		k = max(k, 1, RoundScale((estimated+cols*rows-1)/(cols*rows)))
	}
	for si, area := range areas {
		if area.Empty() || tally[si].n == 0 {
			continue
		}
		drawSpaceChunks(l, area, si, &tally[si], blocks, scale, k, byTier, p, sc)
	}
	return max(k, 1)
}

// drawSpaceChunks draws one column's chunks: one block each (k = 0), else
// square cells in class order, each standing for k chunks.
func drawSpaceChunks(l *List, r Rect, si int, t *chunkTally, blocks []sim.ChunkView, scale float32, k int, byTier bool, p *Palette, sc float32) {
	bh := min(6*sc, r.H)
	gap := max(1, sc)
	rows := max(1, int((r.H+gap)/(bh+gap)))
	if k == 0 {
		x, y := r.X, r.Y
		for i := range blocks {
			b := &blocks[i]
			if spaceIndex(b.Space) != si {
				continue
			}
			w := BlockWidth(b.Capacity, sc)
			if x+w > r.Right() {
				x, y = r.X, y+bh+gap
			}
			if y+bh > r.Bottom()+0.01 {
				break
			}
			br := Rect{X: x, Y: y, W: w, H: bh}
			c := classOf(b)
			if c != classDead {
				l.chunkHit(br, b.Owner)
			}
			l.Mark(br, classMeaning(c, byTier), p, classAlpha(c))
			if classHole(c) {
				hole(l, br, p)
			}
			x += w + gap
		}
		return
	}
	cell := bh
	cols := max(1, int((r.W+gap)/(cell+gap)))
	_ = rows
	var cells [classCount]segment
	for c := chunkClass(0); c < classCount; c++ {
		m := classMeaning(c, byTier)
		// A class with any chunk gets at least one square: a column of
		// 1 live chunk at 112 a square must not look empty.
		n := int(float32(t.counts[c])*scale + 0.5)
		cells[c] = segment{(n + k - 1) / k, m.Color(p).Alpha(classAlpha(c)), m}
	}
	g := cellGrid{r: r, cols: cols, cell: cell, gap: gap}
	drawn := g.runs(l, cells[:], p.Background)
	i := 0
	for c := chunkClass(0); c < classCount && i < drawn; c++ {
		n := min(cells[c].n, drawn-i)
		if classHole(c) {
			for j := i; j < i+n; j++ {
				hole(l, g.cellRect(j), p)
			}
		}
		i += n
	}
}

// classAlpha dims dead chunks: garbage should not outshout live data.
func classAlpha(c chunkClass) float32 {
	if c == classDead {
		return 0.6
	}
	return 1
}
