package view

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// runCase builds a request-load case, runs it to virtual time t with event
// recording on, and returns the snapshot and the events of the last
// stretch.
func runCase(t *testing.T, caseID string, at sim.Duration, knobs map[string]string) (*sim.Snapshot, []sim.Event) {
	t.Helper()
	sc, err := scenario.Get("request-load")
	require.NoError(t, err)
	sm, _, err := sc.NewSim(caseID, knobs, 1)
	require.NoError(t, err)
	sm.Record(1 << 16)
	sm.Advance(sim.Time(at), 1<<30)
	ev, _ := sm.DrainEvents(nil)
	var snap sim.Snapshot
	sm.Fill(&snap)
	return &snap, ev
}

func input(caseID string, snap *sim.Snapshot, virtual bool) SideInput {
	return SideInput{Case: caseID, Snap: snap, Virtual: virtual, Requests: 10000}
}

// assertInside fails for any item that leaves the canvas.
func assertInside(t *testing.T, l *List, what string) {
	t.Helper()
	canvas := Rect{W: l.W, H: l.H}
	bad := 0
	for i := range l.Items {
		it := &l.Items[i]
		require.NotEqual(t, kindInvalid, it.Kind)
		if b := it.Bounds(); !canvas.Contains(b) {
			if bad < 5 {
				t.Errorf("%s: item %d (%v %q) at %+v leaves the %gx%g canvas", what, i, it.Kind, it.Text, b, l.W, l.H)
			}
			bad++
		}
	}
}

func texts(l *List) string {
	var b strings.Builder
	for _, it := range l.Items {
		if it.Kind == KindText {
			b.WriteString(it.Text)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func TestLayoutFitsCanvas(t *testing.T) {
	virt, _ := runCase(t, "virtual-per-request", 50*sim.Millisecond, nil)
	plat, _ := runCase(t, "platform-per-request", 80*sim.Millisecond, nil)
	pool, _ := runCase(t, "pool-200", 1050*sim.Millisecond, nil)
	empty := &sim.Snapshot{}
	sides := [][]SideInput{
		{input("virtual-per-request", virt, true)},
		{input("platform-per-request", plat, false)},
		{input("empty", empty, true)},
		{input("pool-200", pool, false), input("virtual-per-request", virt, true)},
		{input("pool-200", pool, false), input("platform-per-request", plat, false), input("virtual-per-request", virt, true)},
	}
	for _, size := range [][3]float32{{320, 240, 1}, {640, 400, 1}, {800, 500, 1}, {1200, 800, 1}, {1920, 1080, 1}, {1800, 1200, 1.5}, {400, 900, 1}} {
		for _, ins := range sides {
			for _, pal := range Palettes {
				name := fmt.Sprintf("%gx%g@%g/%d sides/%s", size[0], size[1], size[2], len(ins), pal.Name)
				views := make([]*Side, len(ins))
				for i := range views {
					views[i] = NewSide()
				}
				var l List
				hdr := Header{Scenario: "request-load", Time: 5, Speed: 0.05, Running: true, Stats: "60 fps"}
				Build(&l, size[0], size[1], &hdr, views, ins, &Options{Palette: pal, Scale: size[2]})
				assertInside(t, &l, name)
				assert.NotEmpty(t, l.Items, name)
			}
		}
	}
}

func TestErrorOverlayFits(t *testing.T) {
	var l List
	msg := strings.Repeat("panic in update: runtime error: index out of range ", 20)
	for _, sz := range [][2]float32{{200, 150}, {1200, 800}} {
		Build(&l, sz[0], sz[1], &Header{Error: msg}, nil, nil, nil)
		assertInside(t, &l, "error overlay")
		assert.Contains(t, texts(&l), "The simulation")
		assert.Contains(t, texts(&l), "panic in update")
	}
}

func TestCanvasArrangesSides(t *testing.T) {
	// Two sides on a wide canvas, three on a wide one, one anywhere: every
	// side gets a non-empty rectangle, none overlap, all inside.
	for _, n := range []int{1, 2, 3} {
		cl := LayoutCanvas(1200, 800, n, 40, 1)
		require.Len(t, cl.Sides, n)
		assert.Equal(t, float32(40), cl.Legend.H, "the legend gets the room asked for")
		assert.False(t, cl.Header.Empty())
		for i, r := range cl.Sides {
			assert.False(t, r.Empty())
			assert.True(t, (Rect{W: 1200, H: 800}).Contains(r))
			for j := 0; j < i; j++ {
				assert.True(t, clipTo(r, cl.Sides[j]).Empty(), "sides %d and %d overlap", i, j)
			}
			assert.True(t, clipTo(r, cl.Header).Empty(), "side %d is under the header", i)
			assert.True(t, clipTo(r, cl.Legend).Empty(), "side %d is under the legend", i)
		}
	}
	// A very wide, short canvas stacks nothing: sides go side by side; a
	// tall narrow one stacks them.
	assert.True(t, LayoutCanvas(2400, 600, 2, 40, 1).Columns)
	assert.False(t, LayoutCanvas(700, 1400, 2, 40, 1).Columns)
}

func TestLanePerCarrier(t *testing.T) {
	snap, _ := runCase(t, "virtual-per-request", 20*sim.Millisecond, map[string]string{"cores": "8"})
	in := input("v", snap, true)
	require.Equal(t, 8, in.LaneCount())
	// While the run plays every lane keeps its row (lanes change state
	// many times a second: folding them would make the layout jump).
	var l List
	Build(&l, 1200, 800, &Header{Running: true}, []*Side{NewSide()}, []SideInput{in}, nil)
	txt := texts(&l)
	for i := 1; i <= 8; i++ {
		assert.Contains(t, txt, fmt.Sprintf("worker-%d\n", i))
	}
	assert.NotContains(t, txt, "worker-9\n")
	// A still frame folds the idle lanes into one line naming them; the
	// busy ones keep their lanes.
	Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
	still := texts(&l)
	var idle []string
	for i, c := range snap.Carriers {
		if c.Thread != 0 {
			assert.Contains(t, still, fmt.Sprintf("worker-%d\n", i+1), "a busy lane keeps its row")
		} else {
			idle = append(idle, fmt.Sprint(i+1))
		}
	}
	switch {
	case len(idle) == len(snap.Carriers) && snap.RunQueueLen == 0:
		// Every carrier idle: the title says so, once; no "0 of 8 busy"
		// nor a line naming the idle workers beside it. Not "all idle"
		// where one is still on a CPU (its green dot in the OS threads'
		// grid): none runs a virtual thread.
		onCPU := false
		for _, c := range snap.Carriers {
			onCPU = onCPU || c.OnCPU
		}
		if onCPU {
			assert.Contains(t, still, "OS threads, none running a virtual thread\n")
			assert.NotContains(t, still, "all idle")
		} else {
			assert.Contains(t, still, "OS threads, all idle\n")
		}
		assert.NotContains(t, still, "busy\n")
		assert.NotContains(t, still, ": idle")
	case len(idle) >= 2:
		assert.Contains(t, still, "worker-"+strings.Join(idle, ", -")+": idle")
	}

	// 256 carriers still fit: lanes go into columns, each at least the
	// minimum height, none overlapping.
	body := Rect{X: 10, Y: 10, W: 500, H: 300}
	lanes := LaneRects(body, 256, 1)
	require.Len(t, lanes, 256)
	for i, r := range lanes {
		assert.True(t, body.Contains(r), "lane %d", i)
		assert.GreaterOrEqual(t, r.H, float32(laneMinH-1))
		if i > 0 {
			assert.True(t, clipTo(r, lanes[i-1]).Empty())
		}
	}
	// Platform-only workloads get one lane per CPU.
	assert.Equal(t, 12, (&SideInput{Snap: &sim.Snapshot{Cores: 12}}).LaneCount())
}

func TestMountedThreadStackBarByTier(t *testing.T) {
	snap := &sim.Snapshot{Parallelism: 3, Carriers: []sim.CarrierView{
		{ID: 1, Thread: 101, State: sim.StateRunning, Frames: 1149, Tier: sim.TierC1Full, OnCPU: true},
		{ID: 2, Thread: 102, State: sim.StateRunning, Frames: 286, Tier: sim.TierC2, OnCPU: true},
		{ID: 3},
	}}
	// Chunks of two tiers: the chunks are drawn by tier (stackcolor.go).
	snap.ChunkBlocks = []sim.ChunkView{{ID: 1, Capacity: 1150, Space: sim.SpaceEden, Tier: sim.TierC1Full},
		{ID: 2, Capacity: 290, Space: sim.SpaceEden, Tier: sim.TierC2}}
	s := NewSide()
	s.Tick(snap, nil, false)
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{s}, []SideInput{input("x", snap, true)}, nil)
	p := &OkabeIto
	// The running stacks are on the carriers' native stacks, not in the
	// heap: their own colour, never a chunk's (tier or StackChunk brown).
	var bars []float32
	for _, it := range l.Items {
		if it.Kind != KindRect || it.Meaning != MeanNativeStack {
			continue
		}
		assert.Equal(t, p.NativeStack, it.Color)
		bars = append(bars, it.W)
	}
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindRect && it.H > 4 && it.Y < 200 && (it.Color == p.C1 || it.Color == p.C2 || it.Color == p.Chunk) {
			t.Errorf("a chunk colour %v drawn in the carrier lanes at %+v", it.Color, it.Bounds())
		}
	}
	// The legend has a swatch too; the bars are the two widest.
	sort.Slice(bars, func(i, j int) bool { return bars[i] > bars[j] })
	require.GreaterOrEqual(t, len(bars), 2)
	assert.InDelta(t, 1149.0/286.0, bars[0]/bars[1], 0.3, "stack bars are to scale: %v", bars)
	assert.Contains(t, l.Legend(), MeanNativeStack)
	txt := texts(&l)
	assert.Contains(t, txt, "not heap", "the legend says where a running stack is")
	assert.Contains(t, txt, "#101")
	assert.Contains(t, txt, "#102")
	assert.Contains(t, txt, "stack 9.0 KB", "a lane says its stack's size in bytes")
	assert.Contains(t, txt, "stack 2.2 KB")
	assert.NotContains(t, txt, "words", "one number per lane: the words are in the explanation")
	assert.Contains(t, txt, "idle")
}

// Chunks of one tier: chunk blocks take the StackChunk
// colour, no tier colour is drawn, and neither the strip's heading nor the
// legend speaks of JIT tiers; the legend's StackChunk entry names the
// stack frames it also colours.
func TestOneTierDrawnInStackChunkColour(t *testing.T) {
	snap := &sim.Snapshot{Parallelism: 2, VirtualLive: 3, Carriers: []sim.CarrierView{
		{ID: 1, Thread: 101, State: sim.StateRunning, Frames: 286, Tier: sim.TierC2, OnCPU: true},
		{ID: 2},
	}}
	snap.Heap = sim.HeapView{Max: 64 << 20, EdenCap: 16 << 20, SurvivorCap: 2 << 20, OldCap: 44 << 20, EdenUsed: 4 << 20}
	// The eden's bytes are the threads' (the heap's story: it does not fold).
	snap.Heap.YoungLive[sim.CatChunk], snap.ThreadMemory = 4<<20, 4<<20
	snap.Chunks = sim.ChunkSummary{Live: 3, EdenLive: 3}
	for i := range 3 {
		snap.ChunkBlocks = append(snap.ChunkBlocks, sim.ChunkView{ID: sim.ChunkID(i + 1), Capacity: 290, Space: sim.SpaceEden, Tier: sim.TierC2})
	}
	draw := func(snap *sim.Snapshot) (*List, string) {
		s := NewSide()
		s.Tick(snap, nil, false)
		var l List
		Build(&l, 1200, 900, &Header{}, []*Side{s}, []SideInput{input("x", snap, true)}, nil)
		return &l, texts(&l)
	}
	l, txt := draw(snap)
	for _, m := range []Meaning{MeanInterpreted, MeanC1, MeanC2} {
		assert.False(t, l.used.has(m), "%v drawn with one tier", m.Label())
	}
	assert.True(t, l.used.has(MeanChunkData))
	assert.NotContains(t, txt, "JIT tier")
	assert.Contains(t, l.Legend(), MeanChunkData)
	assert.Contains(t, txt, "StackChunks (parked stacks, in the heap)")
	// A second tier among the chunks brings the tier colours back.
	snap.ChunkBlocks[0].Tier = sim.TierC1Full
	l, txt = draw(snap)
	assert.True(t, l.used.has(MeanC1))
	assert.True(t, l.used.has(MeanC2))
	assert.Contains(t, txt, "JIT tier")
}

func TestPinnedCarrierMarked(t *testing.T) {
	snap := &sim.Snapshot{Parallelism: 1, Pinned: 1, Carriers: []sim.CarrierView{
		{ID: 1, Thread: 7, State: sim.StatePinned, Reason: sim.ParkSleep, Pinned: true, Frames: 40, Tier: sim.TierC2},
	}}
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{input("x", snap, true)}, nil)
	assert.Contains(t, texts(&l), "pinned (sleeping)")
	n := 0
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Color == OkabeIto.Pinned {
			n++
		}
	}
	assert.GreaterOrEqual(t, n, 4, "a frame of four pinned-colour edges (plus the legend swatch)")
}

func TestGCPauseBand(t *testing.T) {
	snap, _ := runCase(t, "virtual-per-request", 20*sim.Millisecond, nil)
	build := func() string {
		var l List
		Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{input("x", snap, true)}, nil)
		return texts(&l)
	}
	txt := build()
	assert.NotContains(t, txt, "GC pause")
	assert.NotContains(t, txt, "being collected")
	assert.NotContains(t, txt, "stopped for GC")
	snap.Paused, snap.PauseEnd = true, snap.Time.Add(11300*sim.Microsecond)
	txt = build()
	// The time left as the step line writes a pause's length ("a pause
	// of 11.3 ms began"), one decimal.
	assert.Contains(t, txt, "young GC: emptying eden · 11.3 ms left")
	assert.Equal(t, 1, strings.Count(txt, "young GC: emptying eden"), "the pause is written once")
	// The carriers' count agrees with their lanes, and eden says what the
	// pause does to it rather than its few bytes after the copy.
	assert.Contains(t, txt, stoppedWords(snap.CarriersStarted(), snap.CarriersStarted()))
	assert.Equal(t, "all 8 stopped for GC", stoppedWords(8, 8))
	// Carriers that hold virtual threads say those stop too, in words
	// ("+ their threads" read as a sum).
	assert.Equal(t, "all 8 and their threads stopped", heldStoppedWords(8, 8))
	assert.NotContains(t, txt, " busy")
	// Eden says what it holds: short-lived data, dead by now (grey
	// "garbage" under "full, being collected" left readers asking what
	// the grey was).
	assert.Regexp(t, `eden( `+regexp.QuoteMeta(Size(snap.Heap.EdenCap))+`)?: (full of )?short-lived (request )?data, all garbage now`, txt)
	snap.PauseFull = true
	assert.Contains(t, build(), "GC pause (Full GC)")
}

func TestParkedLevelOfDetail(t *testing.T) {
	r := Rect{X: 0, Y: 0, W: 400, H: 120}
	run := func(n int) (detail, int, *List) {
		l := &List{}
		l.Reset(400, 120)
		ids := make([]sim.ThreadID, min(n, sim.MaxListed))
		for i := range ids {
			ids[i] = sim.ThreadID(i + 1)
		}
		d, k := drawCells(l, r, n, ids, MeanVirtual, &OkabeIto, 1)
		assertInside(t, l, fmt.Sprint(n))
		return d, k, l
	}
	// A few: one labelled token each.
	d, _, l := run(5)
	assert.Equal(t, detailLabelled, d)
	assert.Contains(t, texts(l), "#3")
	// Hundreds: one unlabelled cell each, exactly n of them on screen.
	d, _, l = run(300)
	assert.Equal(t, detailTokens, d)
	assert.NotContains(t, texts(l), "#", "no ids at hundreds")
	assert.Equal(t, 300, countCells(raster(l), OkabeIto.Virtual))
	assert.Less(t, len(l.Items), 100, "drawn as runs, not one rectangle per cell")
	// Thousands: density, a note, and k × cells ≈ n.
	d, k, l := run(10000)
	assert.Equal(t, detailDensity, d)
	assert.Greater(t, k, 1)
	assert.Contains(t, texts(l), "1 square = "+Count(int64(k))+" threads")
	cells := countCells(raster(l), OkabeIto.Virtual)
	assert.InDelta(t, 10000, cells*k, float64(k))
}

func TestCellGridRuns(t *testing.T) {
	// Runs of three colours over a 7-column grid: every cell shows its
	// colour, in order, and every gap shows the background.
	a, b, c := RGB(0xff0000), RGB(0x00ff00), RGB(0x0000ff)
	bg := RGB(0x101010)
	for _, segs := range [][]segment{{{3, a, 0}}, {{7, a, 0}}, {{5, a, 0}, {9, b, 0}, {16, c, 0}}, {{0, a, 0}, {1, b, 0}, {20, c, 0}}} {
		l := &List{}
		l.Reset(100, 100)
		l.Rect(Rect{W: 100, H: 100}, bg)
		g := cellGrid{r: Rect{X: 2, Y: 3, W: 70, H: 90}, cols: 7, cell: 7, gap: 3}
		n := g.runs(l, segs, bg)
		px := raster(l)
		i := 0
		for _, s := range segs {
			for j := 0; j < s.n; j++ {
				cr := g.cellRect(i)
				assert.Equal(t, s.c, px[int(cr.Y)+3][int(cr.X)+3], "cell %d", i)
				// The gap to the right and below is background.
				assert.Equal(t, bg, px[int(cr.Y)+3][int(cr.Right())+1], "gap right of %d", i)
				assert.Equal(t, bg, px[int(cr.Bottom())+1][int(cr.X)+3], "gap below %d", i)
				i++
			}
		}
		assert.Equal(t, i, n)
		var want int
		for _, s := range segs {
			want += s.n
		}
		got := 0
		for _, col := range []Color{a, b, c} {
			got += countCells(px, col)
		}
		assert.Equal(t, want, got)
	}
}

// raster paints the list's opaque-ish rectangles into a pixel grid (tests
// only: integer pixel centres, painter's order, no blending).
func raster(l *List) [][]Color {
	px := make([][]Color, int(l.H))
	for y := range px {
		px[y] = make([]Color, int(l.W))
	}
	for _, it := range l.Items {
		if it.Kind != KindRect {
			continue
		}
		for y := max(0, int(it.Y)); y < min(len(px), int(it.Y+it.H+0.5)); y++ {
			for x := max(0, int(it.X)); x < min(len(px[y]), int(it.X+it.W+0.5)); x++ {
				if float32(x)+0.5 >= it.X && float32(x)+0.5 < it.X+it.W && float32(y)+0.5 >= it.Y && float32(y)+0.5 < it.Y+it.H {
					px[y][x] = it.Color
				}
			}
		}
	}
	return px
}

// countCells counts connected blobs of colour c (4-neighbour flood fill).
func countCells(px [][]Color, c Color) int {
	seen := make([][]bool, len(px))
	for y := range seen {
		seen[y] = make([]bool, len(px[y]))
	}
	n := 0
	var stack [][2]int
	for y := range px {
		for x := range px[y] {
			if px[y][x] != c || seen[y][x] {
				continue
			}
			n++
			stack = append(stack[:0], [2]int{x, y})
			seen[y][x] = true
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					qx, qy := p[0]+d[0], p[1]+d[1]
					if qy >= 0 && qy < len(px) && qx >= 0 && qx < len(px[qy]) && !seen[qy][qx] && px[qy][qx] == c {
						seen[qy][qx] = true
						stack = append(stack, [2]int{qx, qy})
					}
				}
			}
		}
	}
	return n
}

func TestTenThousandThreadsStayCheap(t *testing.T) {
	snap, _ := runCase(t, "virtual-per-request", 60*sim.Millisecond, nil)
	require.GreaterOrEqual(t, snap.VirtualLive, 9000)
	var l List
	ins := []SideInput{input("v", snap, true), input("v", snap, true), input("v", snap, true)}
	Build(&l, 1920, 1080, &Header{}, []*Side{NewSide(), NewSide(), NewSide()}, ins, nil)
	assert.Less(t, len(l.Items), 12000, "three sides of 10,000 threads draw a bounded number of items")
	txt := texts(&l)
	assert.Contains(t, txt, "10,000 parked", "the count is said once, in the title")
	assert.Contains(t, txt, "sleeping")
	assert.NotContains(t, txt, "sleeping 10,000", "a single group does not repeat the title's count")
}

func TestTierColorsDiffer(t *testing.T) {
	for _, p := range Palettes {
		i, c1, c2 := p.TierColor(sim.TierInterp), p.TierColor(sim.TierC1Full), p.TierColor(sim.TierC2)
		assert.NotEqual(t, i, c1, p.Name)
		assert.NotEqual(t, c1, c2, p.Name)
		assert.NotEqual(t, i, c2, p.Name)
		assert.Equal(t, c1, p.TierColor(sim.TierC1Simple), "all C1 levels share a colour")
		assert.Equal(t, c1, p.TierColor(sim.TierC1Limited))
		// Heap categories are all distinct, and distinct from garbage.
		seen := map[Color]sim.AllocCat{}
		for _, c := range append(heapCategories[:], sim.CatGarbage) {
			col := p.CategoryColor(c)
			prev, dup := seen[col]
			assert.False(t, dup, "%s: %v and %v share a colour", p.Name, c, prev)
			seen[col] = c
		}
	}
}

// contrast is the WCAG contrast ratio of two opaque colours.
func contrast(a, b Color) float64 {
	lum := func(c Color) float64 {
		ch := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
	}
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func TestPaletteContrast(t *testing.T) {
	for _, p := range Palettes {
		for _, bg := range []Color{p.Background, p.Panel, p.Grid} {
			assert.GreaterOrEqual(t, contrast(p.Text, bg), 7.0, "%s: text", p.Name)
			assert.GreaterOrEqual(t, contrast(p.TextDim, bg), 3.0, "%s: dim text", p.Name)
		}
		// Token labels are drawn in the background colour on the token.
		for _, c := range []Color{p.Virtual, p.Platform, p.OnCPU, p.Request} {
			assert.GreaterOrEqual(t, contrast(p.Background, c), 4.5, "%s: label on %v", p.Name, c)
		}
	}
	assert.Greater(t, contrast(HighContrast.Text, HighContrast.Background), contrast(OkabeIto.Text, OkabeIto.Background))
}

func TestHeapDrawnToScale(t *testing.T) {
	h := &sim.HeapView{EdenCap: 800 * sim.MB, SurvivorCap: 100 * sim.MB, OldCap: 2000 * sim.MB}
	body := Rect{X: 0, Y: 0, W: 600, H: 400}
	eden, s0, s1, old := HeapRects(body, h, 1)
	area := func(r Rect) float64 { return float64(r.W * r.H) }
	assert.InDelta(t, 8.0, area(eden)/area(s0), 0.3)
	assert.InDelta(t, area(s0), area(s1), 1)
	assert.InDelta(t, 2000.0/1000.0, area(old)/(area(eden)+area(s0)+area(s1)), 0.15)
	for _, r := range []Rect{eden, s0, s1, old} {
		assert.True(t, body.Contains(r))
	}
}

func TestChunkBlocksIndividualThenDensity(t *testing.T) {
	mk := func(n int, capacity sim.Words) []sim.ChunkView {
		out := make([]sim.ChunkView, n)
		for i := range out {
			out[i] = sim.ChunkView{ID: sim.ChunkID(i + 1), Capacity: capacity, Space: sim.SpaceEden, Tier: sim.TierC2}
		}
		return out
	}
	var l List
	l.Reset(300, 60)
	drawBlocks(&l, Rect{W: 300, H: 60}, 0, mk(10, 1150), true, &OkabeIto, 1)
	require.Len(t, l.Items, 10)
	assert.InDelta(t, BlockWidth(1150, 1), l.Items[0].W, 0.01)
	assert.Greater(t, BlockWidth(1150, 1), 3*BlockWidth(290, 1), "a C1-sized chunk is visibly bigger than a C2 one")
	// 10,000 chunks listed by a sample of 4,096: bricks, few items.
	snap := &sim.Snapshot{ChunkBlocks: mk(4096, 40), Chunks: sim.ChunkSummary{Live: 10000, EdenLive: 10000}}
	l.Reset(300, 60)
	k := drawChunks(&l, Rect{W: 300, H: 60}, Rect{}, Rect{}, snap, true, &OkabeIto, 1)
	assert.Less(t, len(l.Items), 1000, "density for 10,000 chunks")
	assert.Greater(t, k, 1)
	assertInside(t, &l, "chunks")
	// Chunks are drawn in their own space only.
	snap = &sim.Snapshot{ChunkBlocks: mk(10, 100), Chunks: sim.ChunkSummary{Live: 10, EdenLive: 10}}
	l.Reset(600, 600)
	assert.Equal(t, 1, drawChunks(&l, Rect{W: 200, H: 100}, Rect{X: 210, W: 50, H: 100}, Rect{Y: 110, W: 300, H: 300}, snap, true, &OkabeIto, 1), "blocks one by one")
	require.Len(t, l.Items, 10)
	for _, it := range l.Items {
		assert.Less(t, it.X, float32(200), "in eden")
	}
	// Columns share one scale: when one needs bricks, all use its.
	many := append(mk(4000, 40), mk(3, 40)...)
	for i := 4000; i < len(many); i++ {
		many[i].Space = sim.SpaceOld
	}
	snap = &sim.Snapshot{ChunkBlocks: many, Chunks: sim.ChunkSummary{Live: len(many), EdenLive: 4000, OldLive: 3}}
	l.Reset(600, 600)
	k = drawChunks(&l, Rect{W: 100, H: 30}, Rect{X: 110, W: 50, H: 30}, Rect{X: 170, W: 100, H: 30}, snap, true, &OkabeIto, 1)
	assert.Greater(t, k, 1)
	old := 0
	for _, it := range l.Items {
		if it.X >= 170 && it.Meaning != MeanNone {
			old++
		}
	}
	assert.Equal(t, 1, old, "3 old chunks at %d a brick: one brick, not three blocks", k)
	// A column whose one live chunk the sample missed still shows it.
	snap = &sim.Snapshot{ChunkBlocks: mk(4096, 40), Chunks: sim.ChunkSummary{Live: 10001, EdenLive: 10000, OldLive: 1}}
	l.Reset(600, 600)
	drawChunks(&l, Rect{W: 100, H: 30}, Rect{X: 110, W: 50, H: 30}, Rect{X: 170, W: 100, H: 30}, snap, true, &OkabeIto, 1)
	old = 0
	for _, it := range l.Items {
		if it.X >= 170 && it.Meaning != MeanNone {
			old++
		}
	}
	assert.Equal(t, 1, old, "the old column's one chunk, not in the sample")
}

// Too many StackChunks to draw one by one, some of them dead: the strip
// is one bar by count, live then dead, each part as long as its share and
// saying its count; no brick scale beside the threads' square scale
// (vt-pooling's "1 brick = 500 chunks" beside "1 square = 200 threads"
// was a second scale to learn), no columns by space.
//
// (vt-pooling's frame folds the bar into its StackChunks sliver, its old
// gen being the threads' data: here the same moment with that data taken
// out of the snapshot.)
func TestChunkStripCountsLiveAndDead(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	in.Snap.Heap.OldLive[sim.CatThreadLocal] = 0
	cs := in.Snap.Chunks
	require.Positive(t, cs.OldDead, "the premise: dead chunks in the old gen")
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	txt := texts(&l)
	assert.NotContains(t, txt, "1 brick")
	assert.NotContains(t, txt, "in survivors:")
	assert.Contains(t, txt, Count(int64(cs.Live))+" live")
	assert.Regexp(t, "(?s)"+Count(int64(cs.OldDead))+" dead.*Full GC", txt)
	var live, dead float32
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind != KindRect || it.H < CharH {
			continue
		}
		switch it.Meaning {
		case MeanChunkData:
			live = max(live, it.W)
		case MeanGarbage:
			if it.H <= 2.5*CharH && it.Y > side.at.old.Bottom() {
				dead = max(dead, it.W)
			}
		}
	}
	require.Positive(t, live)
	require.Positive(t, dead)
	young := cs.EdenDead + cs.SurvivorDead
	assert.InDelta(t, float64(cs.Live)/float64(cs.OldDead), float64(live)/float64(dead+1), 0.1, "the parts are as long as their counts (young dead: %d)", young)
}

func TestScopesWinnerAndCancelled(t *testing.T) {
	// An undecided scope listed first: the decided one is drawn first.
	snap := &sim.Snapshot{Parallelism: 2, Scopes: []sim.ScopeView{{Owner: 1, Winner: -1, Subtasks: []sim.SubtaskView{
		{Thread: 2, State: sim.StateParked}, {Thread: 3, State: sim.StateParked}, {Thread: 4, State: sim.StateParked}}},
		{Owner: 5, Winner: 1, Subtasks: []sim.SubtaskView{
			{Thread: 6, Model: 0, Cancelled: true}, {Thread: 7, Model: 1, Done: true}, {Thread: 8, Model: 2, Cancelled: true},
		}}}}
	var l List
	// On a platform pool: the ordinary races panel (virtual threads make
	// the races the picture: TestRaceLeadCellsSayTheirStateAlone).
	in := input("router", snap, false)
	in.Scopes = true
	Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
	assertInside(t, &l, "scopes")
	txt := texts(&l)
	assert.Contains(t, txt, "#5")
	assert.Contains(t, txt, "model 2 call", "models are counted from 1")
	// Each cell names its call's virtual thread; the winner says it ended
	// (its thread is drawn nowhere else).
	assert.Contains(t, txt, "#7 won, ended")
	assert.Contains(t, txt, "#6 cancelled")
	// A parked call says the key's word for its square, "parked".
	assert.Contains(t, txt, "#2 parked\n")
	assert.NotContains(t, txt, "#2 waiting")
	assert.Less(t, strings.Index(txt, "#5"), strings.Index(txt, "#1\n"), "the decided scope is drawn first")
	// Cancelled calls are dimmed and crossed out (dimmed alone, their
	// blue read as a parked cell's), the cross before the word, which
	// stays readable (no strike through it).
	strikes, dimmed := 0, 0
	var cells []Rect
	for _, it := range l.Items {
		if it.Meaning == MeanVirtual && it.Color == OkabeIto.Virtual.Alpha(0.3) {
			dimmed++
			cells = append(cells, Rect{X: it.X, Y: it.Y, W: it.W, H: it.H})
		}
	}
	for _, it := range l.Items {
		if it.Kind != KindLine || it.Color != OkabeIto.Text {
			continue
		}
		for _, c := range cells {
			if it.X >= c.X && it.X <= c.Right() && it.Y >= c.Y && it.Y <= c.Bottom() {
				strikes++
				for _, w := range l.Items {
					if w.Kind == KindText && w.X >= c.X && w.X < c.Right() && w.Y+4 >= c.Y && w.Y+4 <= c.Bottom() {
						assert.LessOrEqual(t, max(it.X, it.X2), w.X, "the cross is before the word %q", w.Text)
					}
				}
			}
		}
	}
	assert.Equal(t, 3, dimmed, "each cancelled call is dimmed, and the key's swatch for them")
	assert.Equal(t, 2*dimmed, strikes, "each cancelled cell is crossed out (two strokes)")
	assert.Contains(t, txt, "cancelled\n", "the key names the dimmed cell")
	// The winner's frame is thick: a thin one on the blue token read as
	// one more ready cell.
	framed := 0
	for _, it := range l.Items[:l.legendFrom] {
		if it.Meaning == MeanWinner && it.Kind == KindRect {
			framed++
			assert.GreaterOrEqual(t, min(it.W, it.H), float32(3), "the winner's frame is at least 3 pixels wide")
		}
	}
	assert.Positive(t, framed, "the winner is framed")
	assert.Contains(t, txt, "won: first answer", "the key names the framed cell")
}

// A race is decided and its scope closed within one tick: the side draws
// it from the previous tick's scopes and the win's events, names the
// models, and forgets it once it is old or the run was moved back.
func TestScopesRememberRacesDecidedBetweenTicks(t *testing.T) {
	waiting := func(owner, first sim.ThreadID) sim.ScopeView {
		return sim.ScopeView{Owner: owner, Winner: -1, Subtasks: []sim.SubtaskView{
			{Thread: first, State: sim.StateParked}, {Thread: first + 1, Model: 1, State: sim.StateParked}, {Thread: first + 2, Model: 2, State: sim.StateParked}}}
	}
	side := NewSide()
	before := &sim.Snapshot{Time: sim.Time(10 * sim.Millisecond), Parallelism: 2, ScopesOpen: 2,
		Scopes: []sim.ScopeView{waiting(1, 2), waiting(5, 6)}}
	before.Parked[sim.ParkJoin] = []sim.ThreadID{1, 5, 38}
	side.Tick(before, nil, false)
	at := sim.Time(11 * sim.Millisecond)
	after := &sim.Snapshot{Time: at, Parallelism: 2, ScopesOpen: 1, Scopes: []sim.ScopeView{waiting(1, 2)}}
	after.Parked[sim.ParkJoin] = []sim.ThreadID{1, 38, 41}
	side.Tick(after, []sim.Event{
		{At: at, Kind: sim.EvWin, Thread: 6, A: 0},
		{At: at, Kind: sim.EvCancel, Thread: 7, A: 1}, {At: at, Kind: sim.EvUnpark, Thread: 7, A: 1},
		{At: at, Kind: sim.EvCancel, Thread: 8, A: 2},
		// A race decided in a scope no snapshot listed: its owner is unknown.
		{At: at, Kind: sim.EvWin, Thread: 40, A: 1},
		{At: at, Kind: sim.EvCancel, Thread: 39, A: 0}, {At: at, Kind: sim.EvCancel, Thread: 41, A: 2},
	}, false)
	draw := func(snap *sim.Snapshot) string {
		// On a platform pool, where the races panel is the ordinary
		// one (each cell names its thread; two decided races drawn).
		in := input("router", snap, false)
		in.Scopes, in.Models = true, []string{"haiku", "sonnet", "opus"}
		var l List
		Build(&l, 1200, 800, &Header{}, []*Side{side}, []SideInput{in}, nil)
		return texts(&l)
	}
	txt := draw(after)
	assert.Contains(t, txt, "Haiku call")
	assert.Contains(t, txt, "a request\n#39 cancelled\n#40 won, ended\n#41 cancelled", "the newest decided race first, owner unknown")
	// Its scope closes: the owner's wake-up just before its last
	// subtask's end names it; a wake-up of a thread not parked in join,
	// of one of the race's subtasks, or not just before a subtask's end,
	// does not.
	side.Tick(after, []sim.Event{
		{At: at, Kind: sim.EvUnpark, Thread: 41, A: 1}, {At: at, Kind: sim.EvThreadEnd, Thread: 40},
		{At: at, Kind: sim.EvUnpark, Thread: 37, A: 1}, {At: at, Kind: sim.EvThreadEnd, Thread: 39},
		{At: at, Kind: sim.EvUnpark, Thread: 5, A: 1}, {At: at, Kind: sim.EvMount, Thread: 5},
		{At: at, Kind: sim.EvUnpark, Thread: 38, A: 1}, {At: at, Kind: sim.EvThreadEnd, Thread: 41},
	}, false)
	txt = draw(after)
	assert.Contains(t, txt, "2 just decided, 1 undecided")
	assert.Contains(t, txt, "#38\n#39 cancelled\n#40 won, ended\n#41 cancelled", "its owner found")
	assert.Contains(t, txt, "#5\n#6 won, ended\n#7 cancelled\n#8 cancelled", "from the previous tick's scopes")
	assert.Less(t, strings.Index(txt, "#5"), strings.Index(txt, "#1\n"))
	// A step right after a seek: no tick before it listed the threads in
	// join, and the race is decided and closed in one tick.
	fresh := NewSide()
	fresh.Tick(&sim.Snapshot{Time: at, Parallelism: 2}, raceDecidedInOneTick(at), false)
	require.Len(t, fresh.races.recent, 1)
	assert.Equal(t, sim.ThreadID(38), fresh.races.recent[0].view.Owner, "the cancelled subtask's wake-up before the winner's end is not the owner")
	// Older than decidedFor: gone.
	later := *after
	later.Time = at + sim.Time(decidedFor) + 1
	side.Tick(&later, nil, false)
	assert.NotContains(t, draw(&later), "just decided")
	// Moved back before the win: gone too.
	side = NewSide()
	side.Tick(before, nil, false)
	side.Tick(after, []sim.Event{{At: at, Kind: sim.EvWin, Thread: 6, A: 0}}, false)
	side.Tick(before, nil, false)
	assert.NotContains(t, draw(before), "just decided")
}

func TestMotionFollowsEventsAndSkipsWhenBusy(t *testing.T) {
	snap := &sim.Snapshot{Parallelism: 2, Carriers: []sim.CarrierView{{ID: 1}, {ID: 2}}}
	freeze := []sim.Event{
		{Kind: sim.EvFreeze, Thread: 9, Carrier: 2, A: 38, B: 3},
		{Kind: sim.EvUnmount, Thread: 9, A: int64(sim.ParkSleep), B: 38},
	}
	s := NewSide()
	s.Tick(snap, freeze, true)
	assert.Equal(t, 2, s.Flights(), "a block to eden and a token to the sleep group")
	// The flights are drawn (inside the canvas) and end after flightTicks.
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{s}, []SideInput{input("x", snap, true)}, nil)
	// A quarter of the way, clear of the lane's words and not yet over
	// the parked panel's (a flight is not drawn over words); the token's
	// flight leaves 3 ticks after the block's.
	for i := 0; i < 10; i++ {
		s.Tick(snap, nil, true)
	}
	Build(&l, 1200, 800, &Header{}, []*Side{s}, []SideInput{input("x", snap, true)}, nil)
	assertInside(t, &l, "flights")
	trails := 0
	for _, it := range l.Items {
		if it.Kind == KindLine {
			trails++ // a flight's trail: nothing else in this empty state is a line
		}
	}
	assert.Positive(t, trails, "the flight is drawn")
	assert.True(t, s.Animating())
	for i := 0; i < flightTicks+2*3-9; i++ { // the second flight leaves 3 ticks later
		s.Tick(snap, nil, true)
	}
	assert.Equal(t, 0, s.Flights())
	assert.False(t, s.Animating(), "the flights have ended")

	// Motion off: no flights, but a GC still sweeps.
	s = NewSide()
	s.Tick(snap, append(freeze, sim.Event{Kind: sim.EvGCYoung, A: 1, B: 1}), false)
	assert.Equal(t, 0, s.Flights())
	assert.Equal(t, 2, s.Anims(), "sweep and promotion flash")

	// Too many thread events in one tick: no flights.
	var busy []sim.Event
	for i := 0; i < 50; i++ {
		busy = append(busy, sim.Event{Kind: sim.EvMount, Thread: sim.ThreadID(i + 1), Carrier: 1, A: 38})
	}
	s = NewSide()
	s.Tick(snap, busy, true)
	assert.Equal(t, 0, s.Flights())
	assert.Greater(t, s.heat[0], float32(40), "the lane's activity still counts every mount")

	// A thaw brings the token from the run queue and the block from eden.
	s = NewSide()
	s.Tick(snap, []sim.Event{{Kind: sim.EvMount, Thread: 9, Carrier: 1, A: 38}}, true)
	assert.Equal(t, 2, s.Flights())
}

func TestFullGCCompacts(t *testing.T) {
	snap := &sim.Snapshot{Heap: sim.HeapView{OldCap: 1000 * sim.MB, OldUsed: 800 * sim.MB}}
	s := NewSide()
	s.Tick(snap, nil, false)
	after := *snap
	after.Heap.OldUsed = 200 * sim.MB
	s.Tick(&after, []sim.Event{{Kind: sim.EvGCFull, A: int64(200 * sim.MB)}}, false)
	require.Equal(t, 1, s.Anims())
	a := s.anims[0]
	assert.Equal(t, animCompact, a.kind)
	assert.InDelta(t, 0.8, a.frac0, 1e-6)
	assert.InDelta(t, 0.2, a.frac1, 1e-6)
	var l List
	s.Tick(&after, nil, false)
	Build(&l, 1200, 800, &Header{}, []*Side{s}, []SideInput{input("x", &after, true)}, nil)
	s.Tick(&after, nil, false)
	Build(&l, 1200, 800, &Header{}, []*Side{s}, []SideInput{input("x", &after, true)}, nil)
	// Begun and ended between two ticks: the pause is over, said so (in
	// the present tense it contradicted the run's "no GC now").
	assert.Contains(t, texts(&l), "Full GC just ended")
	assertInside(t, &l, "compaction")
	assert.Zero(t, sweepLines(&l, s.at.old), "no collector's sweep once the pause is over")

	// Seen while its pause lasts: under way.
	during := *snap
	during.Paused, during.PauseFull = true, true
	s = NewSide()
	s.Tick(snap, nil, false)
	s.Tick(&during, []sim.Event{{Kind: sim.EvGCFull}}, false)
	s.Tick(&during, nil, false)
	Build(&l, 1200, 800, &Header{}, []*Side{s}, []SideInput{input("x", &during, true)}, nil)
	assert.Contains(t, texts(&l), "Full GC: compacting")
	assert.NotContains(t, texts(&l), "just ended")
	assert.Positive(t, sweepLines(&l, s.at.old), "the collector's sweep while the pause lasts")
}

// sweepLines counts the motion's thin rectangles as tall as the old gen
// (drawSweep's line).
func sweepLines(l *List, old Rect) int {
	n := 0
	for _, it := range l.Items[l.motionFrom:l.motionTo] {
		if it.Kind == KindRect && it.W > 0 && it.W <= 2 && it.H == old.H && it.Y == old.Y {
			n++
		}
	}
	return n
}

func TestViewDoesNotChangeSnapshot(t *testing.T) {
	snap, ev := runCase(t, "virtual-per-request", 30*sim.Millisecond, nil)
	before := fmt.Sprintf("%+v", *snap)
	s := NewSide()
	s.Tick(snap, ev, true)
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{s}, []SideInput{input("x", snap, true)}, nil)
	assert.Equal(t, before, fmt.Sprintf("%+v", *snap))
}

func TestFormatting(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {10000, "10,000"}, {1234567, "1,234,567"}, {-4200, "-4,200"}} {
		assert.Equal(t, c.want, Count(c.n))
	}
	assert.Equal(t, "1.07 GB", Size(1092*sim.MB+300*sim.KB))
	assert.Equal(t, "136 MB", Size(136*sim.MB+512*sim.KB))
	assert.Equal(t, "5.9 MB", Size(5*sim.MB+900*sim.KB))
	assert.Equal(t, "512 B", Size(512))
	assert.Equal(t, "24 KB", RoughSize(24*sim.KB+60), "two significant digits: 'about 24.0 KB' claimed a precision")
	assert.Equal(t, "3.2 MB", RoughSize(3*sim.MB+200*sim.KB))
	assert.Equal(t, "512 B", RoughSize(512))
	assert.Equal(t, "152.3 ms", Dur(152300*sim.Microsecond))
	assert.Equal(t, "600.0 ms", Dur(600*sim.Millisecond), "never 600.000 ms, which reads as six hundred thousand")
	assert.Equal(t, "5.25 ms", Dur(5250*sim.Microsecond))
	assert.Equal(t, "5.209 s", Dur(5209*sim.Millisecond))
	assert.Equal(t, "52.5 µs", Dur(52500))
	assert.Equal(t, "300 ms", Clock(300*sim.Millisecond))
	assert.Equal(t, "2.5 ms", Clock(2500*sim.Microsecond))
	assert.Equal(t, "1.0 s", Clock(sim.Second), "never 1.000 s, which reads as a thousand seconds")
	assert.Equal(t, "2.341 s", Clock(2341*sim.Millisecond))
	assert.Equal(t, "2.35 s", Clock(2350*sim.Millisecond))
	assert.Equal(t, "20× slower than real time", Speed(0.05))
	assert.Equal(t, "10,000× slower than real time", Speed(0.0001))
	assert.Equal(t, "real time", Speed(1))
	assert.Equal(t, "2× real time", Speed(2))
	assert.Equal(t, "ForkJoin..", Fit("ForkJoinPool-1-worker-1", 10*CharW, 1))
	assert.Equal(t, "short", Fit("short", 100, 1))
	assert.Equal(t, "", Fit("x", 1, 1))
	assert.Equal(t, float32(3*CharW*2), TextWidth("µs·", 2), "widths count runes, not bytes")
}

func TestNiceWords(t *testing.T) {
	kb := func(n sim.Words) sim.Words { return n * 1024 / 8 }
	assert.Equal(t, kb(1), niceWords(40))
	assert.Equal(t, kb(5), niceWords(286))
	assert.Equal(t, kb(10), niceWords(1149), "9 KB of stack: a 10 KB bar")
	assert.Equal(t, kb(20), niceWords(2001))
	assert.Equal(t, kb(2), niceWords(256), "the first scale")
	assert.Equal(t, "10 KB", stackScaleSize(niceWords(1149)), "said as a round size")
}

func TestPausedPictureIsStable(t *testing.T) {
	// Paused, with no animation running, two frames build equal lists (so
	// the game layer can skip rasterising); a state change makes them differ.
	snap, _ := runCase(t, "virtual-per-request", 30*sim.Millisecond, nil)
	s := NewSide()
	frame := func() *List {
		s.Tick(snap, nil, true)
		l := &List{}
		Build(l, 1200, 800, &Header{Scenario: "request-load", Time: snap.Time}, []*Side{s}, []SideInput{input("x", snap, true)}, nil)
		return l
	}
	a, b := frame(), frame()
	assert.True(t, a.Equal(b))
	snap.RunQueueLen++
	assert.False(t, a.Equal(frame()))
	c := frame()
	c.Items[len(c.Items)/2].Color.A--
	assert.False(t, frame().Equal(c))
}

// The OS-thread panel says when the JVM's own thread count is the
// article's measurement, and the resident memory's JVM part does not
// count threads a second time (the stacks have their own line).
func TestOSThreadsSayMeasuredBase(t *testing.T) {
	sc, err := scenario.Get("loom-carrier")
	require.NoError(t, err)
	sm, _, err := sc.NewSim("256-vthreads", nil, 1)
	require.NoError(t, err)
	sm.Advance(sim.Time(sim.Second), 1<<30)
	var snap sim.Snapshot
	sm.Fill(&snap)
	build := func(measured bool) string {
		in := input("256-vthreads", &snap, true)
		in.BaseMeasured = measured
		var l List
		Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
		return texts(&l)
	}
	txt := build(true)
	// The grid's cells are named by their marks, the JVM's measured
	// threads in words ("66 JVM and framework, as measured" read as a
	// code).
	assert.Regexp(t, `8 carriers( \(outlined\))? \+ 66 JVM and framework threads`, txt)
	assert.NotContains(t, txt, "GC, compiler, main")
	// The resident memory is one sum on one line; the threads' part names
	// the carriers (the program starts no platform thread here), each
	// carrier's share said with what it is made of; the JVM's own threads
	// are in the JVM's part, said once with their count.
	// (The long form where it fits, else each part's size before its name.)
	// At one precision (PartsSize), so the parts add to the whole.
	assert.Regexp(t, `memory `+regexp.QuoteMeta(PartsSize(snap.RSS))+` = (heap `+Size(snap.RSSHeap)+` \+ 8 carriers 25.5 MB \+ JVM itself 182.0 MB|`+Size(snap.RSSHeap)+` heap \+ 25.5 MB carriers \+ 182.0 MB JVM)`, txt)
	// Each carrier's share with the digit that multiplies back to 25.5 MB
	// (8 × 3.2 = 25.6 was summed).
	assert.Contains(t, txt, "8 carriers: about 3.19 MB each")
	// The JVM's threads are named the same in both places.
	assert.Contains(t, txt, "the 66 JVM and framework threads")
	// The heap's part, the pages written so far, is below the heap's size.
	assert.Less(t, snap.RSSHeap, snap.Heap.Max, "the heap's resident part is the pages written, below its size")
	// The parked loops' panel says what parking costs: their stacks'
	// StackChunks on the heap, their bytes.
	assert.Contains(t, txt, "their stacks are saved on the heap, as StackChunks: "+Size(snap.Chunks.LiveBytes))
	assert.NotContains(t, txt, "thread stacks")
	// Unmeasured, the OS threads are not the story: one line counts them.
	assert.Contains(t, build(false), "66 of the JVM's own")
	// The loops' thread numbers skip the carriers' (started between
	// them): the parked group says numbers skip other threads.
	assert.Contains(t, txt, "(thread numbers skip those of other threads started in between)")
}

func TestIdsSkip(t *testing.T) {
	assert.True(t, idsSkip([]sim.ThreadID{67, 69, 70}, 3))
	assert.False(t, idsSkip([]sim.ThreadID{69, 67, 68}, 3), "consecutive in any order")
	assert.False(t, idsSkip([]sim.ThreadID{67, 69}, 3), "not all listed")
}

// Platform threads that all wait one way are titled with that way's word,
// the word their row says ("waiting" over "sleeping" read as two states);
// the pool-200 case's title says its threads are platform threads, in the
// words of the two thread-per-request cases (a reader asked "baseline for
// what?" of "the platform-thread baseline").
func TestPlatformWaitersOneWord(t *testing.T) {
	snap, _ := runCase(t, "pool-200", 600*sim.Millisecond, nil)
	require.Positive(t, snap.PlatformParked[sim.ParkSleep])
	var l List
	in := input("pool-200", snap, false)
	Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
	txt := texts(&l)
	assert.Contains(t, txt, "sleeping platform threads")
	assert.NotContains(t, txt, "waiting platform threads")
	assert.Contains(t, txt, Count(int64(snap.PlatformParked[sim.ParkSleep]))+" sleeping")
	assert.NotContains(t, txt, Count(int64(snap.PlatformParked[sim.ParkSleep]))+" waiting")
	sc, err := scenario.Get("request-load")
	require.NoError(t, err)
	c, _ := sc.Case("pool-200")
	require.NotNil(t, c)
	assert.Contains(t, c.Title, "a fixed pool of 200 platform threads")
}

// A resident-memory part of 0 B is left out, not drawn: pool-200's
// platform threads allocate nothing in the heap the model draws, so its
// line names the threads and the JVM, and the explanation says the same.
func TestRSSLineLeavesOutEmptyParts(t *testing.T) {
	sc, err := scenario.Get("request-load")
	require.NoError(t, err)
	sm, _, err := sc.NewSim("pool-200", nil, 1)
	require.NoError(t, err)
	sm.Advance(sim.Time(600*sim.Millisecond), 1<<30)
	var snap sim.Snapshot
	sm.Fill(&snap)
	require.Zero(t, snap.RSSHeap, "pool-200 allocates nothing in the heap")
	require.Positive(t, snap.RSSThreads)
	in := input("pool-200", &snap, true)
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
	txt := texts(&l)
	assert.Contains(t, txt, "resident memory "+Size(snap.RSS)+" = threads "+Size(snap.RSSThreads)+" + JVM itself "+Size(snap.RSSJVM)+"\n",
		"the parts of 0 B are left out of the sum")
	assert.NotContains(t, txt, "heap in RAM")
	assert.NotContains(t, txt, " 0 B")
	note := rssNote(&snap)
	assert.NotContains(t, note, " 0 B")
	assert.Contains(t, note, Size(snap.RSSThreads)+" for the program's own OS threads")
}

// A carrier on a CPU gets its green dot in its own cell of the OS-thread
// grid, in its lane's order: a dot in the first cell while worker-4 ran
// read as worker-1 running.
func TestCarrierOnCPUDotInItsCell(t *testing.T) {
	var l List
	segs := []segment{{8, OkabeIto.CarrierOS, MeanCarrierOS}, {20, OkabeIto.JVMThread, MeanJVMThread}}
	r := Rect{W: 400, H: 60}
	drawSegments(&l, r, segs, []int{1, 0}, []segMembers{{onCPU: []int{3}}, {}}, &OkabeIto, 1)
	var dots []Item
	for _, it := range l.Items {
		if it.Kind == KindCircle && it.Meaning == MeanOnCPU {
			dots = append(dots, it)
		}
	}
	require.Len(t, dots, 1)
	// The fourth cell: three cells (and their gaps) to its left.
	var cells []Item
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Meaning == MeanCarrierOS {
			cells = append(cells, it)
		}
	}
	require.NotEmpty(t, cells)
	cell := cells[0].H // square cells: a run's height is one cell
	x0 := cells[0].X
	idx := int((dots[0].X - x0) / (cell + 1))
	assert.Equal(t, 3, idx, "the dot is in worker-4's cell (x %v, cell %v)", dots[0].X, cell)
}

// A carrier's cell in the OS-thread grid holds its virtual thread while it
// runs one, in its lane's order, and is hollow while it is idle, as its
// lane is: readers of the all-hollow cells asked whether the dark centre
// meant idle.
func TestCarrierCellHoldsItsVirtualThread(t *testing.T) {
	var l List
	segs := []segment{{8, OkabeIto.CarrierOS, MeanCarrierOS}, {20, OkabeIto.JVMThread, MeanJVMThread}}
	drawSegments(&l, Rect{W: 400, H: 60}, segs, []int{0, 0}, []segMembers{{running: []int{1, 5}}, {}}, &OkabeIto, 1)
	var cells, inside, hollow []Item
	for _, it := range l.Items {
		switch {
		case it.Kind == KindRect && it.Meaning == MeanCarrierOS:
			cells = append(cells, it)
		case it.Kind == KindRect && it.Meaning == MeanVirtual:
			inside = append(inside, it)
		case it.Kind == KindRect && it.Color == OkabeIto.Panel && it.W == it.H && it.W > 2: // a hollow, not a gap
			hollow = append(hollow, it)
		}
	}
	require.NotEmpty(t, cells)
	require.Len(t, inside, 2, "the two running carriers' cells")
	assert.Len(t, hollow, 6, "the six idle ones stay hollow")
	cell, x0 := cells[0].H, cells[0].X
	for i, want := range []int{1, 5} {
		assert.Equal(t, want, int((inside[i].X-x0)/(cell+1)), "in worker-%d's cell", want+1)
	}
}

// An idle carrier's cell is an outline as thin as the legend's swatch of a
// carrier's OS thread draws it, round a hollow most of the cell: a frame
// a quarter of the cell thick read as "a white square with a black
// centre" beside the legend's hollow square (two readers, loom-carrier
// and request-load).
func TestCarrierCellIsAThinOutline(t *testing.T) {
	const sc = 1
	var l List
	segs := []segment{{8, OkabeIto.CarrierOS, MeanCarrierOS}, {20, OkabeIto.JVMThread, MeanJVMThread}}
	drawSegments(&l, Rect{W: 400, H: 120}, segs, []int{0, 0}, []segMembers{{}, {}}, &OkabeIto, sc)
	var cells, hollow []Item
	for _, it := range l.Items {
		switch {
		case it.Kind == KindRect && it.Meaning == MeanCarrierOS:
			cells = append(cells, it)
		case it.Kind == KindRect && it.Color == OkabeIto.Panel && it.W == it.H && it.W > 2:
			hollow = append(hollow, it)
		}
	}
	require.NotEmpty(t, cells)
	require.Len(t, hollow, 8, "every idle carrier's cell is hollow")
	cell := cells[0].H
	require.Greater(t, cell, float32(20), "cells large enough for the frame's width to matter")
	for _, h := range hollow {
		assert.LessOrEqual(t, (cell-h.W)/2, float32(3*sc), "the outline's width, as the legend's swatch draws one (1.5 px) or near it")
	}
}

// vt-pooling's StackChunk sum adds up with the carriers: the running
// threads that keep a chunk are counted "of" the running ones (9,999 live
// beside 10,000 threads and 8 carriers read as an error) in the StackChunk
// sliver's explain-on-point text, not in the frame (the count bar, "9,999
// live" and "22,616 dead", was one more reconciliation to read); the Full
// GCs are counted once in the heap, beside the GC time they cost, linked
// to the old gen's threads' data.
func TestPoolingChunkSumAndFullGCs(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	txt := texts(&l)
	snap := in.Snap
	live, off, differ := chunksBesideThreadsOff(snap)
	require.True(t, differ, "the premise: chunks and threads off their carriers differ")
	running := snap.VirtualLive - off
	require.Greater(t, running, live-off, "the premise: a running thread without a chunk")
	// The sum in the explain-on-point text only.
	assert.NotContains(t, txt, "kept")
	assert.Contains(t, l.Describe(), Count(int64(live))+" = "+Count(int64(off))+" threads off a carrier + "+Count(int64(live-off))+" of the "+Count(int64(running))+" running")
	require.Positive(t, snap.FullGCs)
	full := Count(snap.FullGCs) + " Full + " + Count(snap.YoungGCs) + " young GCs"
	assert.Contains(t, txt, "forced "+full+"; pauses summed:", "the GC time's words count the Full GCs, after the old gen, and say the bar sums the pauses")
	assert.Equal(t, 1, strings.Count(txt, Count(snap.FullGCs)+" Full"), "the Full GCs counted once in the frame")
	// The bar's track says once that it is the whole run; no second
	// sum after it ("= 100 % of the run" puzzled readers).
	// The share is "of" the run, not a timeline of it: the striped block
	// at the left end read as all the stopping done at the start.
	assert.Contains(t, txt, "of the "+Clock(sim.Duration(snap.Time))+" so far")
	assert.NotContains(t, txt, "= 100 %")
	// A young pause beside the caption's Full GCs says which kind it is.
	require.True(t, snap.Paused && !snap.PauseFull, "the premise: a young pause")
	assert.Contains(t, txt, "young GC (small): emptying eden")
	// The StackChunks' counts are not in the frame (no count bar): on
	// point on their sliver, with why the old gen's dead ones stay.
	assert.NotContains(t, txt, "about one per thread")
	assert.NotContains(t, txt, Count(int64(snap.Chunks.OldDead))+" dead")
	said := false
	// The old gen's named slivers are seen (the ordinary 6 px floor),
	// with no pointer, size or "(not to scale)" beside the lesson's block.
	old := side.at.old
	for _, m := range []Meaning{MeanThreadObj, MeanChunkData} {
		found := false
		for _, it := range l.Items {
			if it.Kind == KindRect && it.Meaning == m && it.X >= old.X && it.X+it.W <= old.Right() && it.Y >= old.Y && it.Y < old.Bottom() {
				found = true
				assert.GreaterOrEqual(t, it.W, float32(6), "%v's sliver", m)
				assert.Less(t, it.W, float32(12), "%v's sliver, not widened", m)
				if m == MeanChunkData {
					x, y := it.Bounds().Center()
					said = strings.Contains(l.ExplainAt(x, y), Count(int64(snap.Chunks.OldDead))+" dead in the old generation")
				}
			}
		}
		assert.True(t, found, "%v drawn in the old gen", m)
	}
	assert.True(t, said, "the StackChunks' counts on point on their sliver")
	assert.NotContains(t, txt, "<- ")
	assert.NotContains(t, txt, "not to scale")
	// The old gen gives its fill as the caption does, not two sizes
	// (its capacity first: a reader could not check the fill without).
	assert.Contains(t, txt, "old generation "+Size(snap.Heap.OldCap)+": "+Count(int64((200*snap.Heap.OldUsed+snap.Heap.OldCap)/(2*snap.Heap.OldCap)))+" % full")
	assert.NotContains(t, txt, "of "+Size(snap.Heap.OldCap))
	// The threads' data is the largest label, and a connector runs from
	// it to the GC time's bar.
	var big float32
	for _, it := range l.Items {
		if it.Kind == KindText && it.Size > big && !strings.Contains(it.Text, "caption") {
			big = it.Size
		}
	}
	lines := 0
	for _, it := range l.Items {
		if it.Kind == KindText && it.Size > 1 && strings.HasPrefix(it.Text, "thread-local data") {
			assert.Equal(t, big, it.Size, "the old gen's threads' data is drawn largest")
		}
		if it.Kind == KindLine && it.Color == OkabeIto.Text {
			lines++
		}
	}
	assert.GreaterOrEqual(t, lines, 3, "a connector (line and arrowhead) from the threads' data to the GC bar")
	// The chain drawn as thick marks: an arrow out of the parked threads'
	// panel, labelled whose data it is, into the threads' data, and the
	// one from there to the GC bar as thick.
	assert.Contains(t, txt, "each keeps its cache", "the arrow's words, out of the panel of every live thread")
	heap := side.at.old
	var fromThreads, intoData, toBar bool
	for _, it := range l.Items {
		if it.Kind != KindLine || it.Color != OkabeIto.Text || it.Size < 3 {
			continue
		}
		th := side.at.threads
		fromThreads = fromThreads || it.X < th.Right() && it.X >= th.X && it.Y >= th.Y && it.Y <= th.Bottom()
		intoData = intoData || it.X < heap.X && it.X2 > heap.X+20 && it.Y == it.Y2 && it.Y > heap.Y && it.Y < heap.Bottom()
		toBar = toBar || it.X == it.X2 && it.Y < heap.Bottom() && it.Y2 > heap.Bottom()
	}
	assert.True(t, fromThreads, "a thick arrow leaves the parked threads' panel")
	assert.True(t, intoData, "a thick arrow runs into the old gen's threads' data")
	assert.True(t, toBar, "the arrow from the threads' data down to the GC bar is as thick")
	// The carriers, all stopped, are one line.
	assert.Contains(t, txt, "all 8 stopped for this GC")
	// The connector does not leave from under the slivers' labels ("<-
	// Thread objects" over its start read as the Thread objects causing
	// the GCs).
	for _, it := range l.Items {
		if it.Kind != KindLine || it.Color != OkabeIto.Text || it.X != it.X2 {
			continue
		}
		for _, tx := range l.Items {
			if tx.Kind == KindText && strings.HasPrefix(tx.Text, "<- ") {
				w := TextWidth(tx.Text, tx.Size)
				assert.False(t, it.X >= tx.X && it.X <= tx.X+w, "the connector at x=%v leaves from under %q", it.X, tx.Text)
			}
		}
	}
}

// The two runs' memory bars are outlined to their whole length: the JVM's
// part, on the grid's dark shade, was all but the panel's, and a reader
// (nv231) saw words, a gap and a box where the shorter bar was. Each
// outline is as long as its run's memory, to one scale.
func TestTwoRunsMemoryBarsAreOutlined(t *testing.T) {
	in, _ := runScene(t, sceneCase{"loom-carrier", "unlimited-vthreads", 2 * sim.Millisecond})
	other, _ := runScene(t, sceneCase{"loom-carrier", "unlimited-platform", 2 * sim.Millisecond})
	shown, c := in.Snap, &Contrast{Name: "event loops on platform threads", Snap: other.Snap}
	require.True(t, rssContrasted(shown, c), "the premise: two runs' memory to draw")
	var l List
	r := Rect{W: 500, H: 200}
	require.True(t, drawRSSContrast(&l, r, shown, c, &OkabeIto, 1))
	// An outline's top edge: a rect of the dim ink, one pixel high, as
	// wide as a bar.
	var tops []float32
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Color == OkabeIto.TextDim && it.H == 1 && it.W > 100 {
			tops = append(tops, it.W)
		}
	}
	require.Len(t, tops, 4, "two outlines, a top and a bottom edge each")
	ratio := float64(tops[0]) / float64(tops[2])
	want := float64(shown.RSS) / float64(other.Snap.RSS)
	assert.InDelta(t, want, ratio, 0.01, "the outlines to one scale, as the runs' memory")
}

// A Full GC's "just ended: old gen compacted" ends when a young GC
// promotes into the old gen: held on vt-pooling's opening, it stayed 100
// ms and three promoting young GCs after the Full GC, over 16 % garbage.
func TestFullGCEndedStopsAtAPromotion(t *testing.T) {
	snap := &sim.Snapshot{Heap: sim.HeapView{OldCap: 1000 * sim.MB, OldUsed: 300 * sim.MB, EdenCap: 100 * sim.MB}}
	s := NewSide()
	s.Tick(snap, []sim.Event{{Kind: sim.EvGCFull}}, false)
	require.True(t, s.fullGCJustEnded(), "the premise: a Full GC has just ended")
	s.Tick(snap, []sim.Event{{Kind: sim.EvGCYoung, A: 1}}, false)
	assert.True(t, s.fullGCJustEnded(), "a young GC that promoted nothing leaves the old gen as it was")
	s.Tick(snap, []sim.Event{{Kind: sim.EvGCYoung, A: 1, B: int64(4 * sim.MB)}}, false)
	assert.False(t, s.fullGCJustEnded(), "a promotion changed the old gen")
}

// A young GC that promoted something flashes the old gen; the flash is
// motion in the text ink, not the "stopped for GC" colour, which means
// only threads and spaces stopped by a pause (none here: the pause is
// over when the snapshot is drawn).
func TestPromotionFlashClaimsNoMeaning(t *testing.T) {
	snap := &sim.Snapshot{Heap: sim.HeapView{OldCap: 1000 * sim.MB, OldUsed: 300 * sim.MB, EdenCap: 100 * sim.MB}}
	s := NewSide()
	s.Tick(snap, []sim.Event{{Kind: sim.EvGCYoung, A: 1, B: int64(4 * sim.MB)}}, false)
	require.Equal(t, 2, s.Anims(), "sweep and promotion flash")
	s.Tick(snap, nil, false)
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{s}, []SideInput{input("x", snap, true)}, nil)
	ink := 0
	for _, it := range l.Items {
		assert.NotEqual(t, MeanGC, it.Meaning, "%v at %+v claims the stopped-for-GC colour", it.Kind, it.Bounds())
		c := it.Color
		c.A = 255
		if it.Kind == KindRect && c == Palettes[0].Text {
			ink++
		}
	}
	assert.GreaterOrEqual(t, ink, 2+4, "the sweep's line and trail and the flash's four sides, in the text ink")
}

// The legend's "free" swatch, the darkest fill, is framed in a frame's
// legend as drawn: without a frame the swatch was a hole in the legend;
// in a space's edge colour, nearly invisible (TestFreeSwatchIsSeen).
func TestLegendFreeSwatchFramed(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	p := Palettes[0]
	var sw *Item
	for i := l.legendFrom; i < len(l.Items); i++ {
		if it := &l.Items[i]; it.Kind == KindRect && it.Meaning == MeanFree {
			sw = it
		}
	}
	require.NotNil(t, sw, "the legend has a free swatch")
	edges := 0
	for _, it := range l.Items[l.legendFrom:] {
		if it.Kind == KindRect && it.Color == p.TextDim.Alpha(freeFrameInk) && it.X >= sw.X && it.X+it.W <= sw.X+sw.W && it.Y >= sw.Y && it.Y+it.H <= sw.Y+sw.H {
			edges++
		}
	}
	assert.Equal(t, 4, edges, "a frame around the free swatch")
}

// vt-basics' heap holds nothing but the threads' own objects: one bar
// split by kind, as wide as the panel, its parts to the bytes' ratio, no
// slivers in a nearly empty eden (the readers' "tiny slivers"), and none
// of the cut words: the survivors' box words, the old gen's box and the
// StackChunk bricks' scale, which restated the parked grid.
func TestThreadsHeapIsOneBar(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-basics", "memory-virtual", 300 * sim.Millisecond})
	require.True(t, threadsOnlyHeap(in.Snap))
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	txt := texts(&l)
	for _, cut := range []string{"\nempty\n", "\nin use\n", "brick", "drawn this small", "not to scale", "free ", "survivors: 0"} {
		assert.NotContains(t, txt, cut)
	}
	assert.Contains(t, txt, "heap: "+Size(in.Snap.Heap.EdenUsed)+" in use, of "+Size(in.Snap.Heap.Max))
	assert.Contains(t, txt, "\n7.8 MB in use enlarged, by kind\n", "the bar is the bytes in use, not the heap's 4 GB (said on the bar)")
	assert.Contains(t, txt, "~0.8 KB a thread\n= Thread object + StackChunk\n")
	for _, it := range l.Items {
		if it.Kind == KindText && it.Text == "~0.8 KB a thread" {
			assert.GreaterOrEqual(t, it.Size, float32(1.5), "one thread's share in large type")
		}
	}
	var objs, chunks float32
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindRect && it.Meaning == MeanThreadObj {
			objs += it.W
		}
		if it.Kind == KindRect && it.Meaning == MeanChunkData {
			chunks += it.W
		}
		assert.NotEqual(t, MeanFree, it.Meaning, "no free space drawn")
	}
	h := &in.Snap.Heap
	assert.Greater(t, objs+chunks, float32(300), "the bar is as wide as the panel")
	assert.InDelta(t, float64(h.YoungLive[sim.CatThread])/float64(h.YoungLive[sim.CatChunk]), float64(objs/chunks), 0.02, "the parts to the bytes' ratio")
	// Every size of canvas draws the bar and one thread's share (a
	// phone's low heap panel drew its title alone).
	for _, sz := range sceneSizes {
		var l List
		Build(&l, sz[0], sz[1], &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: sz[2]})
		assert.Contains(t, texts(&l), "~0.8 KB a thread", "%v", sz)
		assert.Positive(t, pixelCounts(&l, Rect{})[MeanThreadObj], "%v", sz)
	}
}

// raceDecidedInOneTick is a race of scope owner 38 decided and closed in
// one tick at at: subtask 40 wins, 39 is cancelled and woken, the owner is
// woken, both subtasks end (the cancelled one's wake-up before the
// winner's end is not the owner's).
func raceDecidedInOneTick(at sim.Time) []sim.Event {
	return []sim.Event{
		{At: at, Kind: sim.EvWin, Thread: 40, A: 1},
		{At: at, Kind: sim.EvCancel, Thread: 39, A: 0}, {At: at, Kind: sim.EvUnpark, Thread: 39, A: 1},
		{At: at, Kind: sim.EvThreadEnd, Thread: 40}, {At: at, Kind: sim.EvUnpark, Thread: 38, A: 1}, {At: at, Kind: sim.EvThreadEnd, Thread: 39},
	}
}

// The bricks' scale on the StackChunks heading's right is set off from the
// heading by a "·": vt-pooling's "StackChunks (frozen stacks): 10,000 live,
// coloured by JIT tier 1 brick = 500 chunks" read as JIT tier 1.
func TestChunkBrickScaleSetOff(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 261 * sim.Millisecond})
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	txt := texts(&l)
	require.Contains(t, txt, "by JIT tier", "the premise: a frame whose chunks are coloured by tier")
	assert.Regexp(t, `(?m)^· (1 )?brick = [0-9,]+ (chunks|threads' stacks)$`, txt)
	assert.NotRegexp(t, `(?m)^(1 )?brick = `, txt)
	// "coloured by", where it fits beside the scale: "by JIT tier" alone
	// left a newcomer asking what it meant.
	// And why the tier, where that fits too (the tier sized the chunk).
	assert.Regexp(t, `(?m)^StackChunks[^\n]*: [0-9,]+ live, coloured by (the )?JIT tier( that sized them)?$`, txt)
}

// A memory bar's carriers' part is drawn as the legend draws a carrier's
// OS thread, an outline round the grid's shade, not a filled white block
// (a reader asked why the two differed).
func TestMemoryBarsCarriersPartIsAnOutline(t *testing.T) {
	in, _ := runScene(t, sceneCase{"loom-carrier", "unlimited-vthreads", 2 * sim.Millisecond})
	snap := in.Snap
	require.True(t, onlyCarriers(snap))
	require.Positive(t, snap.RSSThreads)
	var l List
	r := Rect{W: 600, H: 20}
	drawRSSParts(&l, r, snap, snap.RSS, true, snap, &OkabeIto, 1)
	part := r.W * float32(snap.RSSThreads) / float32(snap.RSS)
	require.Greater(t, part, float32(10), "the premise: a part wide enough to be hollow")
	var edges, hollow int
	for _, it := range l.Items {
		switch {
		case it.Meaning == MeanCarrierOS:
			edges++
			assert.True(t, it.W <= 2 || it.H <= 2, "an edge, not a filled block: %+v", it)
		case it.Kind == KindRect && it.Color == OkabeIto.Grid && it.W > part-1 && it.W < part+1:
			hollow++
		}
	}
	assert.Equal(t, 4, edges, "the outline's four edges")
	assert.Equal(t, 1, hollow, "the grid's shade inside")
}
