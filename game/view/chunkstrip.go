package view

import (
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// The StackChunk strip under the heap's spaces: a heading with the live
// count, a line saying why that count is not the threads' count, then one
// column per space ("in eden", "in survivors", "in old"), each with its
// count and its chunks: one block each while they fit (a block's width
// grows with its capacity), else bricks, each standing for the same round
// number of chunks in every column. Bricks are twice as wide as high, so
// they do not read as the thread panels' squares, which count threads at
// their own scale. Live chunks take their tier's colour (or the StackChunk
// colour), a chunk a GC has moved has a hole, dead ones are garbage's
// plain grey (stripes are the pause's mark alone).

// chunkStripH is the height of the strip: heading, note, and three to
// eight rows of bricks under the columns' labels.
func chunkStripH(body Rect, sc float32) float32 {
	return clamp(body.H*0.48, chunkStripMin(sc), 3*CharH*sc+10*7*sc)
}

// chunkStripMin is the lowest strip: its lines and three rows of bricks.
func chunkStripMin(sc float32) float32 { return 3*CharH*sc + 3*7*sc }

// chunkColumn is one space's column.
type chunkColumn struct {
	name       string // "eden", "survivors", "old"
	live, dead int
	r, area    Rect // the column; the area under its label for chunks
}

// labels are the column's label, longest first. The space is named with
// "in", so that "in eden: 1,393" reads as StackChunks in eden (a bare
// "eden: 1,393" under the eden bar read as a second eden).
func (c *chunkColumn) labels() []string {
	live := Count(int64(c.live))
	out := []string{}
	if c.dead > 0 {
		out = append(out, "in "+c.name+": "+live+" live + "+Count(int64(c.dead))+" dead",
			"in "+c.name+": "+live+" + "+Count(int64(c.dead))+" dead")
	}
	return append(out, "in "+c.name+": "+live, c.name+": "+live, c.name)
}

// deadLine is the second label line of a column whose dead chunks' count
// did not fit on the first: the grey bricks are said, not left to guess.
func (c *chunkColumn) deadLine() []string {
	d := Count(int64(c.dead))
	return []string{"+ " + d + " dead (grey)", "+ " + d + " dead", d + " dead"}
}

func (s *Side) drawChunkStrip(l *List, strip Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	cs := &snap.Chunks
	head, rest := strip.Top(CharH * sc)
	if countBar(snap, s.byTier) && rest.H >= CharH*sc+2*sc {
		s.drawChunkBar(l, head, rest, snap, p, sc)
		return
	}
	var noteR Rect
	note := chunkNote(snap)
	if len(note) > 0 && rest.H >= 2*CharH*sc+3*sc {
		noteR, rest = rest.Top(CharH * sc)
	}
	cols := [3]chunkColumn{{name: "eden", live: cs.EdenLive, dead: cs.EdenDead},
		{name: "survivors", live: cs.SurvivorLive, dead: cs.SurvivorDead},
		{name: "old", live: cs.OldLive, dead: cs.OldDead}}
	layoutChunkColumns(cols[:], rest, sc)
	var areas [3]Rect
	for i := range cols {
		c := &cols[i]
		l.Rect(c.r, p.Background)
		lab, area := c.r.Top(CharH * sc)
		ls := c.labels()
		l.TextFit(lab.PadX(sc), sc, p.TextDim, ls...)
		if c.dead > 0 && TextWidth(ls[1], sc) > lab.PadX(sc).W && area.H > 3*CharH*sc {
			var dl Rect
			dl, area = area.Top(CharH * sc)
			l.TextFit(dl.PadX(sc), sc, p.TextDim, c.deadLine()...)
		} else if c.name == "old" && c.dead > 0 && snap.GC != sim.GCG1 && area.H > 3*CharH*sc {
			// What the old gen's dead chunks are, in plain words: chunks
			// promoted, then dropped by their thread for a fresh young
			// one, which only a Full GC frees ("why so many dead?"). The
			// narrow form names the grey bricks: "dead until a Full GC"
			// over the column's first, live, bricks read as "these are
			// dead" ("which are dead?").
			var dl Rect
			dl, area = area.Top(CharH * sc)
			l.TextFit(dl.PadX(sc), sc, p.TextDim, "dead: part of the old gen's grey garbage, freed by a Full GC",
				"dead: in the old gen's grey garbage", "grey: dead until a Full GC", "grey: dead till a Full GC", "dead until a Full GC")
		}
		c.area = area.Inset(1 * sc)
		areas[i] = c.area
		l.detail(c.r, "StackChunks in "+c.name, Count(int64(c.live))+" live and "+Count(int64(c.dead))+" dead StackChunk objects in "+c.name+".")
	}
	k := drawChunks(l, areas[0], areas[1], areas[2], snap, s.byTier, p, sc)
	if k > 1 {
		// Bricks, not blocks: their scale on the heading's right, after a
		// "·" as the other panels' scales are ("… coloured by JIT tier 1
		// brick = 500 chunks" read as JIT tier 1).
		scales := []string{"· 1 brick = " + Count(int64(k)) + " chunks", "· brick = " + Count(int64(k)) + " chunks"}
		if live, _, differ := chunksBesideThreadsOff(snap); !differ && live > 0 && live == snap.VirtualLive {
			// One chunk per thread: the brick counts threads' stacks,
			// said in threads as the thread squares' own scale is
			// (vt-basics' "1 square = 5 threads" and "1 brick = 20
			// chunks" read as two units; "50 chunks = 50 threads'
			// stacks" as wordy).
			kk := Count(int64(k))
			scales = append([]string{"· 1 brick = " + kk + " threads' stacks"}, scales...)
		}
		for _, scale := range scales {
			if w := TextWidth(scale, sc); w+TextWidth("StackChunks: "+Count(int64(cs.Live)), sc)+8*sc <= head.W {
				l.TextRight(head, scale, sc, p.Text)
				head.W -= w + 8*sc
				break
			}
		}
	}
	l.TextFit(head, sc, p.Text, chunkHeadings(snap, s.byTier)...)
	if !noteR.Empty() {
		l.TextFit(noteR, sc, p.TextDim, note...)
	}
	l.region(strip, "StackChunks", "StackChunk objects: the frozen stacks of virtual threads off their carriers. "+Count(int64(cs.Live))+" live ("+
		Size(cs.LiveBytes)+"), "+Count(int64(cs.Old))+" in the old generation, "+Count(int64(cs.GCMode))+
		" moved by a GC (the thread will not freeze into it again; a hole marks one where chunks are drawn one by one), "+Count(int64(cs.Garbage))+" dead (grey, counted in the heap's garbage). A thread gets one at its first park and, while it runs, keeps a young one to freeze into again at its next park (one the GC has moved is dropped)."+chunkSum(snap)+" "+chunkColourWords(s.byTier))
}

// countBar reports whether the strip is one bar by count, live then dead,
// rather than bricks by space: there are too many chunks to draw one by
// one (the snapshot lists a sample), some are dead, and the live ones
// share one colour. What a reader needs then is how many are live and
// how many dead wait for a collection; a brick scale ("1 brick = 500
// chunks") beside the threads' squares ("1 square = 200 threads") was a
// second scale to learn, and the columns by space a third reading.
func countBar(snap *sim.Snapshot, byTier bool) bool {
	cs := &snap.Chunks
	return !byTier && cs.Garbage > 0 && cs.Live+cs.Garbage > len(snap.ChunkBlocks)
}

// chunkBarH is the height of the strip drawn as one bar: its heading, a
// gap and a bar two lines high.
func chunkBarH(sc float32) float32 { return 3*CharH*sc + sc }

// drawChunkBar draws the StackChunks as one bar by count: the live ones,
// then the dead ones in the old generation (only a Full GC frees them),
// then the dead young ones (the next young GC frees them).
func (s *Side) drawChunkBar(l *List, head, rest Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	cs := &snap.Chunks
	// The counts are on the bar's parts: the heading says what they are.
	l.TextFit(head, sc, p.Text, "StackChunks: the frozen stacks of virtual threads off their carriers", "StackChunks (frozen stacks of threads off a carrier)",
		"StackChunks (frozen stacks)", "StackChunks")
	bar := rest
	bar.Y += sc
	bar.H = min(rest.H-sc, chunkBarH(sc)-CharH*sc-sc)
	l.Rect(bar, p.Background)
	youngDead := cs.EdenDead + cs.SurvivorDead
	total := float32(cs.Live + cs.OldDead + youngDead)
	parts := []struct {
		n     int
		m     Meaning
		words []string
	}{
		{cs.Live, MeanChunkData, liveChunkWords(cs.Live, snap.VirtualLive)},
		// Said to be part of the old gen's garbage, which the reader
		// sees above: "22,616 dead" beside "garbage 182 MB" left them
		// asking whether the two overlap.
		{cs.OldDead, MeanGarbage, []string{Count(int64(cs.OldDead)) + " dead: part of the old gen's garbage, until a Full GC",
			Count(int64(cs.OldDead)) + " dead: part of the old gen's garbage", Count(int64(cs.OldDead)) + " dead: in the old gen's garbage",
			Count(int64(cs.OldDead)) + " dead, until a Full GC", Count(int64(cs.OldDead)) + " dead"}},
		{youngDead, MeanGarbage, []string{Count(int64(youngDead)) + " dead young", Count(int64(youngDead)) + " dead"}},
	}
	x := bar.X
	for i, pt := range parts {
		if pt.n <= 0 {
			continue
		}
		w := max(2*sc, bar.W*float32(pt.n)/total)
		w = min(w, bar.Right()-x)
		seg := Rect{X: x, Y: bar.Y, W: w, H: bar.H}
		if i > 0 && x > bar.X {
			// A dark seam between two grey parts, so that they count apart.
			seg.X, seg.W = seg.X+sc, seg.W-sc
		}
		l.Mark(seg, pt.m, p, 1)
		for _, t := range pt.words {
			// On one line, else, on a bar two lines high, split after
			// its count ("9,999 live" over "about one per thread").
			lines := []string{t}
			if TextWidth(t, sc)+6*sc > seg.W {
				head, tail, ok := strings.Cut(t, ": ")
				if !ok || seg.H < 2*CharH*sc {
					continue
				}
				lines = []string{head, tail}
			}
			fits := true
			for _, ln := range lines {
				fits = fits && TextWidth(ln, sc)+6*sc <= seg.W
			}
			if !fits {
				continue
			}
			ty := seg.Y + (seg.H-float32(len(lines))*CharH*sc)/2
			for _, ln := range lines {
				tw := TextWidth(ln, sc)
				tx := seg.X + (seg.W-tw)/2
				l.Rect(Rect{X: tx - 2*sc, Y: ty, W: tw + 4*sc, H: CharH * sc}, p.Background.Alpha(0.7))
				l.Text(tx, ty, ln, sc, p.Text)
				ty += CharH * sc
			}
			break
		}
		x += w
	}
	l.Frame(bar, 1, p.PanelEdge)
	l.region(Rect{X: head.X, Y: head.Y, W: head.W, H: bar.Bottom() - head.Y}, "StackChunks", chunkCountSay(snap)+" The bar is as long as all of them.")
}

// liveChunkWords are the live part's words on the count bar, longest
// first. Where the live chunks are nearly as many as the virtual threads
// but not exactly (running threads have none or keep one), "about one per
// thread": a bare 9,999 beside 10,000 threads invited a sum that does not
// add up at a glance; the exact one is the explain-on-point text's.
func liveChunkWords(live, threads int) []string {
	n := Count(int64(live)) + " live"
	switch {
	case threads <= 0 || live <= 0:
	case live == threads:
		return []string{n + ": one per thread", n}
	case 50*absInt(live-threads) <= threads:
		return []string{n + ": about one per thread", n}
	}
	return []string{n}
}

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// layoutChunkColumns splits r into the three columns: each at least as
// wide as its shortest label with its count, the rest shared by how many
// chunks (live and dead) each holds, so that the column with the chunks
// has the room.
func layoutChunkColumns(cols []chunkColumn, r Rect, sc float32) {
	gap := 4 * sc
	avail := r.W - gap*float32(len(cols)-1)
	mins := make([]float32, len(cols))
	var sumMin, weight float32
	for i := range cols {
		// "in eden: 1,393"; an empty column only "old: 0", leaving the
		// room to the column whose dead chunks need their count said.
		ls := cols[i].labels()
		short := ls[len(ls)-3]
		if cols[i].live+cols[i].dead == 0 {
			short = ls[len(ls)-2]
		}
		mins[i] = TextWidth(short, sc) + 3*sc
		sumMin += mins[i]
		weight += float32(cols[i].live + cols[i].dead)
	}
	x := r.X
	for i := range cols {
		w := avail * mins[i] / max(sumMin, 1)
		if sumMin <= avail {
			extra := avail - sumMin
			if weight > 0 {
				w = mins[i] + extra*float32(cols[i].live+cols[i].dead)/weight
			} else {
				w = mins[i] + extra/float32(len(cols))
			}
		}
		cols[i].r = Rect{X: x, Y: r.Y, W: w, H: r.H}
		x += w + gap
	}
}

// chunkHeadings are the strip's heading, longest first.
func chunkHeadings(snap *sim.Snapshot, byTier bool) []string {
	n := Count(int64(snap.Chunks.Live))
	var out []string
	if byTier {
		// "coloured" kept where it fits: "by JIT tier" alone left a
		// newcomer of the heap panel asking what it meant.
		// Why the tier, where it fits: the tier the code ran at when a
		// chunk was made set its size (C1's frames are about four times
		// C2's); two newcomers called the tier colours off the picture's
		// subject.
		why := ", coloured by the JIT tier that sized them"
		out = []string{"StackChunks (frozen stacks): " + n + " live" + why, "StackChunks: " + n + " live" + why,
			"StackChunks (frozen stacks): " + n + " live, coloured by JIT tier", "StackChunks: " + n + " live, coloured by JIT tier", "StackChunks: " + n + " live, by JIT tier"}
	}
	// The gloss names whose stacks they are where the room allows:
	// "StackChunks" alone is jargon to a reader of one frame.
	return append(out, "StackChunks (frozen stacks of parked virtual threads): "+n+" live", "StackChunks (frozen stacks): "+n+" live", "StackChunks: "+n+" live", "StackChunks: "+n, "StackChunks")
}

// chunksBesideThreadsOff returns the live StackChunks, the virtual threads
// off their carriers (parked or waiting for one), and whether the two
// counts differ where virtual threads run: the one rule the StackChunk
// strip's note and the folded heap line both explain.
func chunksBesideThreadsOff(snap *sim.Snapshot) (live, off int, differ bool) {
	off = snap.RunQueueLen + parkedVirtual(snap)
	live = snap.Chunks.Live
	return live, off, snap.VirtualLive > 0 && live != off
}

// chunkNote says, when the live chunks are not as many as the threads off
// their carriers (parked or waiting for one), why: a running thread keeps
// its young chunk to freeze into at its next park, a thread that never
// parked has none. Nil when the counts agree (nothing invites the sum).
// llm-router's 1,393 chunks beside 1,392 parked threads, and vt-pooling's
// 9,999 beside 10,000 threads, were read as errors.
func chunkNote(snap *sim.Snapshot) []string {
	live, off, differ := chunksBesideThreadsOff(snap)
	if !differ {
		if snap.VirtualLive > 0 && live > 0 && live == snap.VirtualLive {
			// One chunk per thread: said, so that the bricks and the
			// thread squares beside them are seen to count the same
			// threads at two scales (vt-basics' 10,000 and 10,000).
			return []string{"one per parked thread: its stack, frozen into the heap", "one per parked thread", "one per thread"}
		}
		return nil
	}
	o := Count(int64(off))
	if live > off {
		// A few more chunks than threads off a carrier: running threads
		// keep their emptied one to reuse. The sum is the strip's
		// explain-on-point text (chunkSum): "+ 7 kept to reuse" in the
		// frame was one more reconciliation to read in ten seconds.
		return nil
	}
	return []string{
		"one per parked or waiting thread (" + o + ") that has run; a new one has none yet",
		"one per thread that has parked; a new one has none yet",
		"a new thread has none yet",
	}
}

// chunkSum writes out the live chunks' sum when they outnumber the threads
// off their carriers (the frame says it in plain words only).
func chunkSum(snap *sim.Snapshot) string {
	live, off, differ := chunksBesideThreadsOff(snap)
	if !differ || live <= off {
		return ""
	}
	running := snap.VirtualLive - off
	return " Here " + Count(int64(live)) + " = " + Count(int64(off)) + " threads off a carrier + " + Count(int64(live-off)) + " of the " +
		Count(int64(running)) + " running, whose emptied chunk is kept for their next park."
}

// chunkColourWords says what a chunk block's colour means this frame.
func chunkColourWords(byTier bool) string {
	if byTier {
		return "A block's colour is the code (interpreted, C1 or C2) its frames came from when the chunk was made and sized; a chunk keeps that size when the code is recompiled."
	}
	return "Every live chunk here holds frames of the same compiled code, so they share the StackChunk colour; a block's width is its size."
}

// chunkClass orders chunk blocks for density drawing: live young blocks by
// born tier, then chunks a GC moved (GC mode) by tier, then dead ones.
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

// hole draws the dark centre of a chunk a GC moved.
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
	// est is how many chunks of each class the space holds: the listed
	// mix scaled to the space's own live and dead counts (the snapshot
	// lists a sample), so that its bricks agree with its label.
	est   [classCount]float32
	total int
}

// estimate fills t.est from the space's true live and dead counts; a
// live chunk the sample missed takes the class most listed (common).
func (t *chunkTally) estimate(live, dead int, common chunkClass) {
	t.est = [classCount]float32{}
	t.total = live + dead
	sampled := 0
	for c := chunkClass(0); c < classDead; c++ {
		sampled += t.counts[c]
	}
	switch {
	case sampled > 0:
		for c := chunkClass(0); c < classDead; c++ {
			t.est[c] = float32(t.counts[c]) * float32(live) / float32(sampled)
		}
	case live > 0:
		t.est[common] = float32(live)
	}
	t.est[classDead] = float32(dead)
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

// brickHeights are the brick sizes tried (× scale); a brick is twice as
// wide as high. Under 6 pixels a brick is hard to count, so smaller ones
// are tried only when no larger one fits (a small embed).
var brickHeights = [...]float32{12, 10, 8, 7, 6}

var smallBrickHeights = [...]float32{5, 4, 3}

// brickGrid is the grid of bricks of height h in r.
func brickGrid(r Rect, h, sc float32) cellGrid {
	gap := max(1, sc)
	h = min(h, r.H)
	return cellGrid{r: r, cols: max(1, int((r.W+gap)/(2*h+gap))), cell: h, gap: gap, cellW: 2 * h}
}

// classCells is how many bricks of k chunks each class of a tally takes:
// the nearest whole number, at least one for a class with any chunk (a
// column of 1 live chunk at 500 a brick must not look empty).
func classCells(t *chunkTally, k int) (cells [classCount]int, total int) {
	for c := range cells {
		n := t.est[c]
		if n <= 0 {
			continue
		}
		cells[c] = max(1, int(n/float32(k)+0.5))
		total += cells[c]
	}
	return
}

// drawChunks draws the listed StackChunks in the area of the space that
// holds them and returns how many chunks a brick stands for (1: blocks
// one by one). One pass tallies every space; blocks are drawn one by one
// when every column's fit, else bricks in every column at one scale and
// one size.
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
	cs := &snap.Chunks
	// A live chunk the sample missed takes its space's (else its
	// generation's) most listed class; one in eden is never drawn as
	// moved by a GC.
	common := func(spaces ...int) chunkClass {
		best, most := classC2, 0
		for c := chunkClass(0); c < classDead; c++ {
			n := 0
			for _, si := range spaces {
				n += tally[si].counts[c]
			}
			if n > most {
				best, most = c, n
			}
		}
		return best
	}
	young := common(0, 1)
	if classHole(young) {
		young -= classGCInterp // no GC has seen a chunk in eden
	}
	tally[0].estimate(cs.EdenLive, cs.EdenDead, young)
	tally[1].estimate(cs.SurvivorLive, cs.SurvivorDead, common(1, 0))
	tally[2].estimate(cs.OldLive, cs.OldDead, common(2))
	areas := [...]Rect{eden, surv, old}
	oneByOne := scale == 1
	for si, area := range areas {
		if tally[si].n == 0 {
			continue
		}
		bh := min(6*sc, area.H)
		rows := max(1, int((area.H+gap)/(bh+gap)))
		if area.Empty() || tally[si].need > float32(rows)*(area.W-20*sc) {
			oneByOne = false
		}
	}
	if oneByOne {
		for si, area := range areas {
			if !area.Empty() && tally[si].n > 0 {
				drawBlocks(l, area, si, blocks, byTier, p, sc)
			}
		}
		return 1
	}
	// The finest scale any brick size reaches, then the largest bricks
	// at that scale: a reader counts bricks, so each should stand for
	// as few chunks as the room allows, and be as large as that leaves.
	bestH, bestK := float32(0), 0
	for _, hs := range [][]float32{brickHeights[:], smallBrickHeights[:]} {
		for _, h := range hs {
			h *= sc
			if k := brickScale(areas[:], tally[:], h, sc); k > 0 && (bestK == 0 || k < bestK) {
				bestH, bestK = h, k
			}
		}
		if bestK > 0 {
			break
		}
	}
	if bestK == 0 {
		return 1
	}
	for si, area := range areas {
		if area.Empty() || tally[si].total == 0 {
			continue
		}
		drawBricks(l, brickGrid(area, bestH, sc), &tally[si], bestK, byTier, p, sc)
	}
	return bestK
}

// brickScale is the chunks per brick that bricks of height h need: the
// round scale at which every column's bricks, each class rounded to the
// nearest brick (at least one), fit its area; 0 when none fits.
func brickScale(areas []Rect, tally []chunkTally, h, sc float32) int {
	k := 1
	for si, area := range areas {
		if tally[si].total == 0 || area.Empty() {
			continue
		}
		g := brickGrid(area, h, sc)
		if g.capacity() == 0 {
			return 0
		}
		n := tally[si].total
		k = max(k, RoundScale((n+g.capacity()-1)/g.capacity()))
	}
	for tries := 0; tries < 8; tries++ {
		ok := true
		for si, area := range areas {
			if tally[si].total == 0 || area.Empty() {
				continue
			}
			g := brickGrid(area, h, sc)
			if _, cells := classCells(&tally[si], k); cells > g.capacity() {
				ok = false
			}
		}
		if ok {
			return k
		}
		k = RoundScale(k + 1)
	}
	return 0
}

// drawBlocks draws one column's chunks one block each.
func drawBlocks(l *List, r Rect, si int, blocks []sim.ChunkView, byTier bool, p *Palette, sc float32) {
	bh := min(6*sc, r.H)
	gap := max(1, sc)
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
}

// drawBricks draws one column's chunks as bricks of k chunks each, in
// class order.
func drawBricks(l *List, g cellGrid, t *chunkTally, k int, byTier bool, p *Palette, sc float32) {
	counts, _ := classCells(t, k)
	var cells [classCount]segment
	for c := chunkClass(0); c < classCount; c++ {
		m := classMeaning(c, byTier)
		cells[c] = segment{counts[c], m.Color(p).Alpha(classAlpha(c)), m}
	}
	drawn := g.runs(l, cells[:], p.Background)
	if t.total > 0 && 2*t.total < k && drawn == 1 {
		// Fewer chunks than half a brick: a part of a brick, as wide as
		// the share it stands for (a sliver at least), so that "in eden:
		// 1" is not a whole brick of 500.
		cell := g.cellRect(0)
		w := max(2*sc, cell.W*float32(t.total)/float32(k))
		l.Rect(Rect{X: cell.X + w, Y: cell.Y, W: cell.W - w, H: cell.H}, p.Background)
	}
	// No hole in a brick: a brick counts many chunks, and which of them
	// a GC has moved is a detail the strip's explanation gives (outlined
	// "moved by a GC" bricks beside filled ones were one more thing to
	// decode). Blocks drawn one by one keep theirs.
}

// classAlpha is a class's opacity: all opaque (dead chunks are garbage's
// plain grey, as on the bars).
func classAlpha(chunkClass) float32 { return 1 }

// chunkCountSay is the StackChunks' counts in words, for the explanation
// on point: live and dead, where, and why the old gen's dead ones stay.
func chunkCountSay(snap *sim.Snapshot) string {
	cs := &snap.Chunks
	youngDead := cs.EdenDead + cs.SurvivorDead
	return "StackChunk objects: the frozen stacks of virtual threads off their carriers. " +
		Count(int64(cs.Live)) + " live (" + Size(cs.LiveBytes) + "): " + Count(int64(cs.EdenLive)) + " in eden, " + Count(int64(cs.SurvivorLive)) + " in the survivor spaces, " +
		Count(int64(cs.OldLive)) + " in the old generation; " + Count(int64(cs.GCMode)) + " of them moved by a GC (the thread will not freeze into one of those again). " +
		Count(int64(cs.OldDead)) + " dead in the old generation: a thread whose chunk was promoted froze into a fresh young one at its next park and dropped the old one, which only a Full GC frees; " +
		Count(int64(youngDead)) + " dead in the young spaces, freed by the next young GC. A thread gets one at its first park and, while it runs, keeps a young one to freeze into again at its next park." + chunkSum(snap) + " " + chunkColourWords(false)
}
