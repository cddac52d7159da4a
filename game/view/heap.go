package view

import (
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
	eden = Rect{X: yr.X, Y: yr.Y, W: ew, H: yr.H}
	s0 = Rect{X: eden.Right() + gap, Y: yr.Y, W: sw, H: yr.H}
	s1 = Rect{X: s0.Right() + gap, Y: yr.Y, W: sw, H: yr.H}
	return
}

func (s *Side) drawHeap(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	h := &snap.Heap
	title := "heap " + Size(h.Max) + " · " + snap.GC.String() + " GC"
	right := "young " + Count(snap.YoungGCs) + " · full " + Count(snap.FullGCs)
	body := panel(l, r, title, right, p, sc)
	if body.Empty() {
		return
	}
	// Chunk summary line at the bottom of the panel.
	cs := &snap.Chunks
	var line Rect
	if body.H > 4*CharH*sc {
		body, line = body.CutBottom(CharH * sc)
		txt := "StackChunks " + Count(int64(cs.Live)) + " live " + Size(cs.LiveBytes) + " · " +
			Count(int64(cs.Old)) + " old · " + Count(int64(cs.GCMode)) + " GC-mode · " + Count(int64(cs.Garbage)) + " dead"
		l.TextIn(line, txt, sc, p.TextDim)
	}
	eden, s0, s1, old := HeapRects(body, h, sc)
	// HotSpot flips the survivor spaces at every young GC; the occupied one
	// alternates the same way here.
	from, to, fromName, toName := s0, s1, "S0", "S1"
	if snap.YoungGCs%2 == 1 {
		from, to, fromName, toName = s1, s0, "S1", "S0"
	}
	s.at.eden, s.at.survivor, s.at.old = eden, from, old
	_, _, s.at.oldFill = SpaceBands(old, sc)

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
	drawSpace(l, eden, "eden", h.EdenCap, h.EdenUsed, share(edenLive), h.EdenUsed-edenLive, p, sc)
	drawSpace(l, from, fromName, h.SurvivorCap, h.SurvivorUsed, share(survLive), h.SurvivorUsed-survLive, p, sc)
	drawSpace(l, to, toName, h.SurvivorCap, 0, nil, 0, p, sc)
	oldLive := func(c sim.AllocCat) sim.Bytes { return h.OldLive[c] }
	drawSpace(l, old, "old", h.OldCap, h.OldUsed, oldLive, h.OldGarbage, p, sc)
	drawChunks(l, eden, from, old, snap, p, sc)
}

// SpaceBands splits a space's rectangle: a label line on top, the chunk
// blocks in the middle and, at the bottom, the fill bar whose width is to
// scale. Small spaces get no chunk area; tiny ones only the bar.
func SpaceBands(r Rect, sc float32) (label, chunks, fill Rect) {
	in := r.Inset(1)
	if in.H >= 2*CharH*sc {
		label, in = in.Top(CharH*sc + 1)
	}
	if in.H < 2*CharH*sc {
		return label, Rect{X: in.X, Y: in.Y}, in
	}
	chunks, fill = in.CutBottom(max(6*sc, in.H*0.4))
	chunks = chunks.Inset(2 * sc)
	return label, chunks, fill
}

// drawSpace draws one heap space: frame, fill by category from the left,
// then garbage striped, then a label with its occupancy.
func drawSpace(l *List, r Rect, name string, capacity, used sim.Bytes, live func(sim.AllocCat) sim.Bytes, garbage sim.Bytes, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	l.Rect(r, p.Background)
	_, _, inner := SpaceBands(r, sc)
	l.Rect(inner, p.Grid.Alpha(0.6))
	x := inner.X
	px := func(b sim.Bytes) float32 {
		if capacity <= 0 || b <= 0 {
			return 0
		}
		// A non-empty segment gets at least one pixel: 6 MB in a 1 GB eden is
		// real and should be visible; the label gives the number.
		return max(1, inner.W*float32(b)/float32(capacity))
	}
	if live != nil {
		for _, c := range heapCategories {
			w := min(px(live(c)), inner.Right()-x)
			l.Rect(Rect{X: x, Y: inner.Y, W: w, H: inner.H}, p.CategoryColor(c))
			x += w
		}
	}
	if gw := min(px(garbage), inner.Right()-x); gw > 0 {
		g := Rect{X: x, Y: inner.Y, W: gw, H: inner.H}
		l.Rect(g, p.Garbage.Alpha(0.7))
		step := 5 * sc
		for sx := g.X + step; sx < g.Right()-1; sx += step {
			l.Rect(Rect{X: sx, Y: g.Y, W: 1, H: g.H}, p.Background.Alpha(0.5))
		}
	}
	l.Frame(r, 1, p.PanelEdge)
	// The longest label that fits: name, use and capacity; name and use;
	// the name alone.
	label := name + " " + Size(used) + " / " + Size(capacity)
	for _, alt := range []string{name + " " + Size(used), name} {
		if TextWidth(label, sc) <= r.W-6*sc {
			break
		}
		label = alt
	}
	relabel(l, r, label, p, sc)
}

func relabel(l *List, r Rect, label string, p *Palette, sc float32) {
	if r.H < CharH*sc || r.W < 2*CharW*sc+6*sc {
		return
	}
	t := Rect{X: r.X + 3*sc, Y: r.Y + 1, W: r.W - 6*sc, H: CharH * sc}
	// A dark plate under the text keeps it readable over any fill.
	w := TextWidth(Fit(label, t.W, sc), sc)
	l.Rect(Rect{X: t.X - 2*sc, Y: t.Y, W: w + 4*sc, H: t.H}, p.Background.Alpha(0.7))
	l.TextIn(t, label, sc, p.Text)
}

// chunkClass orders chunk blocks for density drawing: live young blocks by
// born tier, then GC-mode (promoted) blocks, then dead ones.
type chunkClass uint8

const (
	classInterp chunkClass = iota
	classC1
	classC2
	classGCMode
	classDead
	classCount
)

func classOf(c *sim.ChunkView) chunkClass {
	switch {
	case c.Dead:
		return classDead
	case c.GCMode:
		return classGCMode
	case c.Tier == sim.TierInterp:
		return classInterp
	case c.Tier >= sim.TierC2:
		return classC2
	}
	return classC1
}

func (p *Palette) classColor(k chunkClass) Color {
	switch k {
	case classInterp:
		return p.Interpreted
	case classC1:
		return p.C1
	case classC2:
		return p.C2
	case classGCMode:
		return p.GCMode
	}
	return p.Dead
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

// drawChunks draws the listed StackChunks in the space that holds them:
// one pass tallies every space, then each space draws its blocks one by
// one when they fit, else as density.
func drawChunks(l *List, eden, surv, old Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	blocks := snap.ChunkBlocks
	if len(blocks) == 0 {
		return
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
	for si, r := range [...]Rect{eden, surv, old} {
		_, area, _ := SpaceBands(r, sc)
		if area.Empty() || tally[si].n == 0 {
			continue
		}
		drawSpaceChunks(l, area, si, &tally[si], blocks, scale, p, sc)
	}
}

func drawSpaceChunks(l *List, r Rect, si int, t *chunkTally, blocks []sim.ChunkView, scale float32, p *Palette, sc float32) {
	bh := min(6*sc, r.H)
	gap := max(1, sc)
	rows := max(1, int((r.H+gap)/(bh+gap)))
	// Individual blocks when they fit with slack for ragged row ends, else
	// density.
	if scale == 1 && t.need <= float32(rows)*(r.W-20*sc) {
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
			k := classOf(b)
			if k != classDead {
				l.chunkHit(br, b.Owner)
			}
			switch k {
			case classDead:
				l.Rect(br, p.Dead.Alpha(classAlpha(k)))
			case classGCMode:
				l.Rect(br, p.TierColor(b.Tier))
				l.Frame(br, 1, p.GCMode)
			default:
				l.Rect(br, p.classColor(k))
			}
			x += w + gap
		}
		return
	}
	// Density: square cells in class order, each standing for k chunks.
	cell := bh
	cols := max(1, int((r.W+gap)/(cell+gap)))
	capacity := cols * rows
	estimated := int(float32(t.n)*scale + 0.5)
	k := max(1, (estimated+capacity-1)/capacity)
	var cells [classCount]segment
	for c := chunkClass(0); c < classCount; c++ {
		cells[c] = segment{int(float32(t.counts[c])*scale+0.5) / k, p.classColor(c).Alpha(classAlpha(c))}
	}
	g := cellGrid{r: r, cols: cols, cell: cell, gap: gap}
	g.runs(l, cells[:], p.Background)
}

// classAlpha dims dead chunks: garbage should not outshout live data.
func classAlpha(c chunkClass) float32 {
	if c == classDead {
		return 0.6
	}
	return 1
}
