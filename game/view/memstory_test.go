package view

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// loomCarrierAtOneSecond is the 256 MB container's loops as virtual
// threads, one second in, with the container's limit the page passes.
func loomCarrierAtOneSecond(t *testing.T) (SideInput, *Side) {
	in, side := runScene(t, sceneCase{"loom-carrier", "256-vthreads", 1001 * sim.Millisecond})
	in.MemLimit = 256 * sim.MB
	require.True(t, memoryStory(in.Snap, in.MemLimit))
	return in, side
}

// The JVM's memory is the one big mark: one bar of its resident memory at
// one scale, every part named in place (the carriers' OS threads and the
// virtual threads in large words, the heap and the JVM itself in the
// panel's type), the virtual threads' sliver inside the heap's part.
// Under a title of the whole 220 MB only the carriers were drawn, and a
// container's bar beside them was a second scale (stop 20): one bar.
func TestMemoryStoryIsTheBigMark(t *testing.T) {
	in, side := loomCarrierAtOneSecond(t)
	snap := in.Snap
	for _, sz := range sceneSizes[:2] {
		for _, p := range Palettes {
			var l List
			Build(&l, sz[0], sz[1], &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: p, Scale: sz[2]})
			name := fmt.Sprintf("%gx%g %s", sz[0], sz[1], p.Name)
			checkGrammar(t, &l, p, name)
			txt := texts(&l)
			assert.Contains(t, txt, "8 carriers' OS threads: "+PartsSize(snap.RSSThreads), name)
			assert.Regexp(t, `16 virtual threads: 15.9 KB`, txt, name)
			assert.Regexp(t, `(?m)^heap `+regexp.QuoteMeta(Size(snap.RSSHeap))+`(: mostly (finished requests. )?garbage.*)?$`, txt, name)
			// The JVM itself says what it is, at the parts' precision: its
			// parts add up to the title's whole ("220 MB" over 220.2).
			assert.Regexp(t, `(?m)^JVM( itself:?)? `+regexp.QuoteMeta(PartsSize(snap.RSSJVM))+`(: code, classes, GC tables.*)?$`, txt, name)
			assert.Equal(t, PartsSize(snap.RSS), PartsSize(snap.RSSThreads+snap.RSSHeap+snap.RSSJVM))
			assert.Regexp(t, `(?m)memory: `+regexp.QuoteMeta(PartsSize(snap.RSS))+`$`, txt, name)
			assert.Contains(t, txt, "\n256 MB limit\n", "%s: the bar runs to the limit, named at its end", name)
			assert.NotRegexp(t, `(?m) = .*\+ heap `, txt, "%s: no line of parts: the bar is the sum", name)
			assert.NotContains(t, txt, "unused", "%s: the container's bar and its key are cut", name)
			assert.NotContains(t, txt, "OS threads: 74", "%s: the OS threads' count is the explanation's", name)
			assert.NotContains(t, txt, "kept by a running thread", name)
			// The largest words outside the caption are the contrast's.
			var big float32
			for _, it := range l.Items {
				if it.Kind == KindText && !strings.HasPrefix(it.Text, "8 carriers' OS threads") && !strings.HasPrefix(it.Text, "16 virtual threads: ") {
					if !it.Bold {
						big = max(big, it.Size)
					}
				}
			}
			for _, it := range l.Items {
				if it.Kind == KindText && strings.HasPrefix(it.Text, "8 carriers' OS threads") {
					assert.Greater(t, it.Size, big, "%s: the contrast's words are the frame's largest", name)
				}
			}
			// One scale: the carriers' cells and the heap's part (its
			// garbage and the sliver) as long as their shares of the bar.
			carriers, heap := markSpan(&l, MeanCarrierOS, 0), markSpan(&l, MeanGarbage, MeanChunkData, MeanThreadObj)
			require.Positive(t, carriers.W, name)
			require.Positive(t, heap.W, name)
			assert.InDelta(t, float64(snap.RSSThreads)/float64(snap.RSSHeap), float64(carriers.W)/float64(heap.W), 0.15, "%s: one scale", name)
			assert.InDelta(t, carriers.Right(), heap.X, 2*float64(sz[2]), "%s: one bar: the heap's part next to the carriers'", name)
			// The JVM itself is a filled part of the bar in its own
			// colour (a hollow bracket was not read as a part, its label
			// beside the heap's grey garbage was taken for the
			// garbage's), set apart from the heap by a gap, at the bar's
			// scale, its words on it; no outline (a box is a carrier's
			// OS thread). The free part after it runs to the limit's line.
			all := markSpan(&l, MeanThreadObj, MeanThreadLocal, MeanChunkData, MeanApp, MeanGarbage, MeanFree, MeanRequest)
			jvm := markSpan(&l, MeanJVMItself)
			require.Positive(t, jvm.W, "%s: the JVM itself is drawn", name)
			assert.InDelta(t, all.Y, jvm.Y, 0.5, "%s: the JVM itself fills the bar's height", name)
			assert.InDelta(t, all.H, jvm.H, 0.5, "%s: the JVM itself fills the bar's height", name)
			assert.GreaterOrEqual(t, jvm.X-all.Right(), 2*sz[2], "%s: a gap between the heap and the JVM itself", name)
			assert.InEpsilon(t, float64(snap.RSSJVM)/float64(snap.RSSThreads), float64(jvm.W)/float64(carriers.W), 0.03, "%s: the JVM itself at the bar's scale", name)
			var label *Item
			for i := range l.Items[:l.legendFrom] {
				if it := &l.Items[i]; it.Kind == KindText && strings.HasPrefix(it.Text, "JVM") {
					label = it
				}
			}
			require.NotNil(t, label, name)
			assert.True(t, jvm.Contains(label.Bounds()), "%s: the JVM's words %v on its part %v", name, label.Bounds(), jvm)
			for _, it := range l.Items[:l.legendFrom] {
				if it.Kind == KindRect && it.Meaning == MeanNone && jvm.Inset(-1).Contains(it.Bounds()) && (it.H < jvm.H/2 || it.W < jvm.W/2) {
					t.Errorf("%s: an outline %v on the JVM's part", name, it.Bounds())
				}
			}
			// The free part is a segment of its own after the JVM's, as
			// tall as the bar (as words alone in an empty space readers
			// could not tell where used memory stopped), a fill, not a
			// box (a box is a carrier's OS thread).
			var free Rect
			for _, it := range l.Items[:l.legendFrom] {
				if b := it.Bounds(); it.Kind == KindRect && it.Color == p.Background && b.X >= jvm.Right()-0.5 && math.Abs(float64(b.Y-jvm.Y)) < 0.5 && math.Abs(float64(b.H-jvm.H)) < 0.5 {
					free = b
				}
			}
			assert.InEpsilon(t, float64(in.MemLimit-snap.RSS)/float64(snap.RSSThreads), float64(free.W)/float64(carriers.W), 0.05, "%s: the free part %v, to the limit, at the bar's scale", name, free)
			// The StackChunks show, in the heap's brown, in the sliver, inside
			// the heap's part.
			n := pixelCounts(&l, Rect{})
			assert.GreaterOrEqual(t, n[MeanChunkData], minVisible, name)
			assert.Positive(t, n[MeanGarbage], "%s: the heap's part holds what it holds", name)
		}
	}
}

// The heap's parts are the model's accounting: live bytes by category,
// the garbage the rest of what is used; they add up to the heap's pages.
func TestHeapContentsAddUp(t *testing.T) {
	in, _ := loomCarrierAtOneSecond(t)
	s := in.Snap
	used := s.Heap.EdenUsed + s.Heap.SurvivorUsed + s.Heap.OldUsed
	var sum sim.Bytes
	var chunks bool
	for _, hp := range heapContents(s, used) {
		sum += hp.b
		chunks = chunks || hp.m == MeanChunkData && hp.b == s.Chunks.LiveBytes
	}
	assert.Equal(t, max(used, s.RSSHeap), sum)
	assert.True(t, chunks, "the StackChunks are a part, with their bytes")
}

func busyLane(snap *sim.Snapshot) int {
	for i, c := range snap.Carriers {
		if c.Thread != 0 {
			return i
		}
	}
	return -1
}

// The running thread's stack bar says what its full track stands for, and
// is a thinner band than the thread's token (the two blues read as one).
func TestStackBarSaysItsScaleAndIsThinnerThanTheToken(t *testing.T) {
	in, side := runScene(t, sceneCase{"loom-carrier", "256-vthreads", 1001*sim.Millisecond + 130*sim.Microsecond})
	require.Positive(t, in.Snap.Mounted)
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	// One lane busy, one stack bar: a gauge, the words before it saying
	// the stack's size and the track's end its scale ("stack 992 B ─ full
	// bar = 2.0 KB" and "stack 992 B (bar: 2 KB)" read as two numbers,
	// "992 B of 2 KB" as a cap, and "[bar] 2 KB stack 992 B" as two
	// sizes side by side).
	require.Equal(t, 1, busyLanes(in.Snap))
	used := Size(sim.Bytes(in.Snap.Carriers[busyLane(in.Snap)].Frames) * 8)
	assertGauge := func(l *List, sz [3]float32) {
		t.Helper()
		var fill, end, words Rect
		var fills []Rect
		for _, it := range l.Items {
			switch {
			case it.Kind == KindRect && it.Meaning == MeanNativeStack:
				fills = append(fills, it.Bounds())
			case it.Kind == KindText && it.Text == "2 KB":
				end = it.Bounds()
			case it.Kind == KindText && it.Text == "stack "+used:
				words = it.Bounds()
			}
		}
		for _, f := range fills {
			// The lane's fill (the legend has a swatch of it too).
			if c := f.Y + f.H/2; c > words.Y && c < words.Bottom() {
				fill = f
			}
		}
		require.False(t, end.Empty() || words.Empty() || fill.Empty(), "%v: the bar, its scale and its words", sz)
		assert.Greater(t, end.X, fill.Right(), "%v: the scale past the stack's fill", sz)
		assert.Less(t, words.Right(), fill.X, "%v: the stack's size before the gauge, apart from its scale", sz)
	}
	assertGauge(&l, [3]float32{1200, 800, 1})
	assert.NotContains(t, texts(&l), "full bar = ")
	// A wide lane: the gauge alone says the scale (its "2 KB" beside a
	// "full bar = 2 KB" said it twice).
	var wide List
	Build(&wide, 1920, 1080, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	assertGauge(&wide, [3]float32{1920, 1080, 1})
	assert.NotContains(t, texts(&wide), "full bar = ", "the scale said once")
	// The judged desktop frame has the gauge too; on a phone the gauge
	// does not fit: the shorter words still say the scale ("992 B" alone before an
	// empty track read as "992 B of what?", and "992 B of 2 KB" still
	// asked it where "stack" fits before it). On the phone the token says
	// the loop's group without its id, which leaves them the room.
	in.MemLimit = 256 * sim.MB // the page's, as the judged frames have it
	for _, c := range []struct {
		sz    [3]float32
		words string
	}{{[3]float32{1134, 464, 1}, ""}, {phoneCanvas, used + " of 2 KB"}} {
		var l List
		Build(&l, c.sz[0], c.sz[1], &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: c.sz[2]})
		if c.words == "" {
			assertGauge(&l, c.sz)
			continue
		}
		assert.Contains(t, texts(&l), "\n"+c.words+"\n", "%v", c.sz)
	}
	var tok, stack float32
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Meaning == MeanVirtual && it.H > tok {
			tok = it.H
		}
		if it.Kind == KindRect && it.Meaning == MeanNativeStack && it.H > stack {
			stack = it.H
		}
	}
	require.Positive(t, stack)
	assert.Less(t, stack, 0.45*tok, "the stack is a band half as thick as the token or less (0.7 of the lane read as the token's blue)")
}

// The parked loops are drawn by the executor they serve, a row each with
// its name (the article's 8 server + 8 client loops were one row of 16
// numbers), and the two rows hold every parked loop once.
func TestParkedLoopsSplitByExecutor(t *testing.T) {
	in, side := loomCarrierAtOneSecond(t)
	snap := in.Snap
	require.Equal(t, len(snap.Parked[sim.ParkIdle]), len(snap.ParkedExec[sim.ParkIdle]))
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	txt := texts(&l)
	// Under the memory story the panel is compact: the reason once, in
	// the title; a row each, its kind and its squares on one line.
	assert.Contains(t, txt, "parked virtual threads, waiting for work")
	var rows []*Item
	for i := range l.Items {
		if it := &l.Items[i]; it.Kind == KindText && regexp.MustCompile(`^\d+ (server|client) loops$`).MatchString(it.Text) {
			rows = append(rows, it)
		}
	}
	require.Len(t, rows, 2, txt)
	for _, row := range rows {
		tokens := 0
		for _, it := range l.Items {
			if it.Kind == KindRect && it.Meaning == MeanVirtual && it.Y >= row.Y-2 && it.Y < row.Y+CharH && it.X > row.X+TextWidth(row.Text, 1) {
				tokens++
			}
		}
		assert.Positive(t, tokens, "%s: its squares on its line", row.Text)
	}
	assert.NotContains(t, txt, "thread numbers skip", "the ids' gaps are the explanation's")
	sub := byExecutor(snap, sim.ParkIdle, "waiting for work")
	require.Len(t, sub, 2)
	assert.Equal(t, snap.ParkedCount[sim.ParkIdle], sub[0].n+sub[1].n)
}

// Where the panel is too low for the story (a phone's), it keeps its
// title for what it draws: the OS threads ("memory: 220 MB" over a grid
// of threads read as the memory drawn in squares).
func TestMemoryTitleOnlyOverTheStory(t *testing.T) {
	in, side := loomCarrierAtOneSecond(t)
	for _, sz := range sceneSizes {
		var l List
		Build(&l, sz[0], sz[1], &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: sz[2]})
		txt := texts(&l)
		// The story's big words over the carriers' part of its bar.
		story := regexp.MustCompile(`(?m)^\d+ carriers(' OS threads)?: [0-9.]+ MB$`).MatchString(txt)
		title := regexp.MustCompile(`(?m)^(resident )?memory: [0-9.]+ MB$`).MatchString(txt)
		assert.Equal(t, story, title, "%gx%g: the memory title is over the memory story only", sz[0], sz[1])
		// The bar is drawn to the container's limit, the limit named at
		// its end and the headroom named free (a bar of the 220 MB alone
		// under a title of the 256 MB limit showed neither).
		if story {
			assert.Contains(t, txt, "\n256 MB limit\n", "%gx%g", sz[0], sz[1])
			assert.Regexp(t, `\n(35\.8 MB free|35\.8 MB\nfree|free)\n`, txt, "%gx%g", sz[0], sz[1])
		}
	}
}

// The heap is said once, over its part of the bar, with what most of it
// is: its line above the story ("heap 12.7 MB; StackChunks (11.9 KB)"
// and a row of brown bricks) read as a heap of StackChunks, and 12.7 MB
// beside the threads' 15.9 KB was unexplained.
func TestHeapSaidOnceAndToScale(t *testing.T) {
	in, side := loomCarrierAtOneSecond(t)
	snap := in.Snap
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	heapSize := Size(snap.RSSHeap)
	n := 0
	for _, it := range l.Items {
		if it.Kind == KindText && strings.Contains(it.Text, heapSize) {
			n++
		}
	}
	assert.Equal(t, 1, n, "the heap's size is written once:\n%s", texts(&l))
	// Why 12.7 MB of heap beside the threads' 15.9 KB: what most of it is.
	assert.Contains(t, texts(&l), "heap "+heapSize+": mostly finished requests' garbage", "what the heap mostly holds, and whose")
	said := ""
	for _, rg := range l.Regions() {
		if rg.Name == "memory" {
			said = rg.Text
		}
	}
	assert.Contains(t, said, "garbage", "what the heap holds is its explanation")
	assert.Contains(t, said, "74 OS threads", "the OS threads' count is its explanation")
}

// The headline: the carriers' OS threads and the virtual threads' heap
// objects at one scale, the one a part of the JVM's bar, the other a
// sliver inside the heap's part; the sliver's words add up (its parts to
// its whole).
func TestThreadsMemoryAtOneScale(t *testing.T) {
	in, side := loomCarrierAtOneSecond(t)
	snap := in.Snap
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	var sliver float32
	// The carriers' bar: its cells' outlines (the legend's swatch of a
	// carrier's OS thread), from the first cell's left to the last's
	// right; no filled carrier cell (a filled bar was not found in the
	// legend's hollow swatch).
	left, right := float32(1e9), float32(0)
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindRect && it.Meaning == MeanCarrierOS && it.H >= CharH {
			left, right = min(left, it.X), max(right, it.X+it.W)
			assert.LessOrEqual(t, it.W, float32(4), "a carrier cell is an outline, not a fill")
		}
	}
	carriers := right - left
	require.Positive(t, carriers)
	txt := texts(&l)
	m := regexp.MustCompile(`(\d+) virtual threads: (~?)([\d.]+) KB`).FindStringSubmatch(txt)
	require.NotNil(t, m, txt)
	assert.Equal(t, Count(int64(snap.VirtualLive)), m[1])
	// Each thread's share, in the whole's unit: the whole divided by
	// the threads, to the digit written.
	each := regexp.MustCompile(`~([\d.]+) KB each: a Thread object \+ a StackChunk`).FindStringSubmatch(txt)
	require.NotNil(t, each, txt)
	var whole, one float64
	fmt.Sscan(m[3], &whole)
	fmt.Sscan(each[1], &one)
	assert.InDelta(t, whole/float64(snap.VirtualLive), one, 0.05, "the share is the whole over the threads")
	for _, it := range l.Items {
		if it.Kind == KindRect && (it.Meaning == MeanThreadObj || it.Meaning == MeanChunkData) && it.H >= CharH {
			sliver += it.W
		}
	}
	assert.Positive(t, sliver)
	assert.Less(t, sliver, 0.2*carriers, "the virtual threads' sliver is small beside the carriers")
	// The same threads as platform threads, at the bar's scale (a reader
	// asked for the article's comparison drawn): a cell each, as long as
	// the carriers' part times the threads over the carriers.
	var plat Rect
	cells := 0
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindRect && it.Meaning == MeanPlatform {
			cells++
			if plat.W == 0 {
				plat = it.Bounds()
			}
			plat.W = it.X + it.W - plat.X
		}
	}
	assert.Equal(t, snap.VirtualLive, cells, "a platform thread's cell each")
	want := float64(carriers) * float64(snap.VirtualLive) / float64(len(snap.Carriers))
	assert.InDelta(t, want, float64(plat.W), 0.05*want, "the platform threads at the bar's scale")
	// Inside the heap's part: between the carriers' cells and the JVM.
	heap := markSpan(&l, MeanGarbage, MeanChunkData, MeanThreadObj)
	slv := markSpan(&l, MeanChunkData, MeanThreadObj)
	assert.True(t, heap.Contains(slv), "the sliver %v inside the heap's part %v", slv, heap)
	assert.GreaterOrEqual(t, slv.X, right-1, "the sliver is past the carriers' cells")
}

// The StackChunks' count adds up in the frame: parked threads' stacks
// plus the ones running threads keep, with StackChunk said in plain
// words once ("16 StackChunks" beside "15 parked").
func TestStackChunkCountAddsUp(t *testing.T) {
	in, side := runScene(t, sceneCase{"loom-carrier", "256-vthreads", 1001*sim.Millisecond + 130*sim.Microsecond})
	in.MemLimit = 256 * sim.MB
	require.Positive(t, in.Snap.Mounted, "a loop runs and keeps its StackChunk")
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	txt := strings.ReplaceAll(texts(&l), "\n", " ")
	// Every StackChunk count in the frame is set against as many virtual
	// threads (the memory panel's "16 virtual threads … = 16 StackChunks");
	// the parked panel says where the stacks are, with no count that needs
	// "+ 1 the running thread keeps for its next park" to add up.
	for _, m := range regexp.MustCompile(`(\d+) StackChunks`).FindAllStringSubmatch(txt, -1) {
		var n int
		fmt.Sscan(m[1], &n)
		assert.Equal(t, in.Snap.Chunks.Live, n, m[0])
		assert.Contains(t, txt, m[1]+" virtual threads", "the count beside as many threads")
	}
	assert.NotRegexp(t, `\d+ StackChunks`, txt, "no count of StackChunks beside 15 parked")
	assert.NotContains(t, txt, "next park", "the reconciliation is the explanation on point, not the frame's")
	said := ""
	for _, r := range l.Regions() {
		said += r.Text + "\n"
	}
	assert.Contains(t, said, "next park")
	// Once in the frame and once in the legend, which glosses it.
	assert.Equal(t, 2, strings.Count(txt, "StackChunk"), "said once:\n%s", txt)
	assert.Contains(t, txt, "StackChunks (parked stacks, in the heap)")
}

// The headline in type larger than the panel's, with an arrow to the
// sliver and "widened" said plainly; what a carrier's share is made of
// said under its bar (a reader divided 25.5 MB by 8 and asked why); no
// OS threads' line or grid.
func TestContrastIsTheHeadline(t *testing.T) {
	in, side := loomCarrierAtOneSecond(t)
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	txt := texts(&l)
	var carriers, vts *Item
	for i := range l.Items {
		it := &l.Items[i]
		switch {
		case it.Kind == KindText && strings.HasPrefix(it.Text, "8 carriers' OS threads"):
			carriers = it
		case it.Kind == KindText && strings.HasPrefix(it.Text, "16 virtual threads"):
			vts = it
		}
	}
	require.NotNil(t, carriers, txt)
	require.NotNil(t, vts, txt)
	assert.GreaterOrEqual(t, carriers.Size, float32(1.75), "the contrast in large type")
	assert.GreaterOrEqual(t, vts.Size, float32(1.75), "the contrast in large type")
	assert.Less(t, carriers.Y, vts.Y)
	// What the figure is made of, by the model's calibration ("3.2 MB
	// when stacks are about 1 MB?"), and
	// the same threads as platform threads by the model's figure for one,
	// a what-if set apart on the panel's last line with faint cells (in
	// full pink under the carriers' note, read as memory in use).
	assert.Contains(t, txt, "~"+Size(in.Snap.RSSThreads/8)+" each: stack and native memory\n")
	// "Instead": in place of the carriers, not on top of them.
	assert.Contains(t, txt, "\n16 platform threads instead: ~"+RoughSize(in.Snap.RSSThreads/8*16)+"\n")
	var plat Rect
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindRect && it.Meaning == MeanPlatform {
			plat = it.Bounds()
			assert.Less(t, it.Color.A, uint8(200), "a what-if's cell is faint")
		}
	}
	require.Positive(t, plat.W)
	assert.Greater(t, plat.Y, vts.Y, "the what-if under the virtual threads' words, apart from the bar")
	assert.NotRegexp(t, `(?m)^OS threads: `, txt)
	assert.Zero(t, pixelCounts(&l, Rect{})[MeanJVMThread], "no grid of the JVM's threads")
	// "Widened" said on the frame, its true width on point (cut for words).
	assert.Contains(t, txt, "(widened to be seen)")
	assert.NotContains(t, txt, "px wide")
	// The arrow: lines from the sliver's foot to its words' row, left of
	// them.
	slv := markSpan(&l, MeanChunkData, MeanThreadObj)
	arrows := 0
	for _, it := range l.Items {
		if it.Kind == KindLine && max(it.Y, it.Y2) <= vts.Y+CharH*vts.Size && min(it.Y, it.Y2) >= slv.Bottom() && max(it.X, it.X2) < vts.X && min(it.X, it.X2) >= slv.X-8 {
			arrows++
		}
	}
	assert.GreaterOrEqual(t, arrows, 3, "an arrow (a shaft and its head) points at the sliver")
}

// The parked groups and the running loop share their words, which are
// not the carriers' ("worker-4" beside "server workers" read as one set):
// 7 server loops parked + "#75 server loop" running + 8 client loops.
func TestLoopsNamedApartFromCarriers(t *testing.T) {
	in, side := runScene(t, sceneCase{"loom-carrier", "256-vthreads", 1001*sim.Millisecond + 130*sim.Microsecond})
	in.MemLimit = 256 * sim.MB
	require.Positive(t, in.Snap.Mounted)
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	txt := texts(&l)
	assert.NotContains(t, txt, "server workers")
	assert.Contains(t, txt, "7 server loops\n")
	assert.Contains(t, txt, "8 client loops\n")
	// The running loop without its id: "#75" beside "8 of 74 OS threads"
	// read as a 75th OS thread.
	assert.Contains(t, txt, "\nserver loop\n")
	assert.NotRegexp(t, `#\d+ server loop`, txt)
}

// The carriers' words lead the panel, above the bar, and no cell divider
// of the carriers' part cuts through its big words.
func TestMemoryContrastLeadsAndItsWordsAreWhole(t *testing.T) {
	in, side := loomCarrierAtOneSecond(t)
	for _, sz := range sceneSizes[:2] {
		p := Palettes[0]
		var l List
		Build(&l, sz[0], sz[1], &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: p, Scale: sz[2]})
		name := fmt.Sprintf("%gx%g", sz[0], sz[1])
		bar := markSpan(&l, MeanCarrierOS, 0)
		require.Positive(t, bar.W, name)
		var words Rect
		for _, it := range l.Items {
			if it.Kind == KindText && strings.HasPrefix(it.Text, "8 carriers' OS threads: ") {
				words = it.Bounds()
			}
		}
		require.Positive(t, words.W, name)
		assert.Less(t, words.Bottom(), bar.Y, "%s: the carriers' words above the bar", name)
		for i, it := range l.Items {
			r := it.Bounds()
			if it.Kind == KindRect && it.Color == p.Panel && r.W <= max(1, sz[2]) && r.Y < words.Bottom() && r.Bottom() > words.Y &&
				r.X < words.Right() && r.Right() > words.X {
				// Drawn before the words, a divider under a plate is
				// hidden; one after them, or not covered, cuts them.
				covered := false
				for _, pl := range l.Items[i+1:] {
					b := pl.Bounds()
					if pl.Kind == KindRect && pl.Meaning == MeanCarrierOS && b.X <= r.X && b.Right() >= r.Right() && b.Y <= words.Y && b.Bottom() >= words.Bottom() {
						covered = true
					}
				}
				assert.True(t, covered, "%s: a divider at x=%v cuts the words %v", name, r.X, words)
			}
		}
	}
}

// markSpan is the box around the marks of the given meanings that are at
// least a text line high (the bar's parts, not the legend's swatches).
func markSpan(l *List, ms ...Meaning) Rect {
	var out Rect
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind != KindRect || it.H < CharH {
			continue
		}
		for _, m := range ms {
			if m != 0 && it.Meaning == m {
				b := it.Bounds()
				if out.W == 0 {
					out = b
				} else {
					x0, y0 := min(out.X, b.X), min(out.Y, b.Y)
					out = Rect{X: x0, Y: y0, W: max(out.Right(), b.Right()) - x0, H: max(out.Bottom(), b.Bottom()) - y0}
				}
			}
		}
	}
	return out
}
