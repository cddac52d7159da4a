package view

import (
	"fmt"
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

// The memory is the big mark: one bar as long as the container's limit,
// its parts to scale (the JVM itself, the carriers, the heap), each one
// plain shade its key's swatch repeats, and one carrier beside every
// StackChunk at one scale. The old panel drew a thin bar of greys under
// lines of sums; then the heap in its garbage's grey and the carriers in
// white stripes no swatch matched.
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
			assert.Contains(t, txt, "the JVM itself "+Size(snap.RSSJVM), name)
			assert.Contains(t, txt, "heap "+Size(snap.RSSHeap), name)
			assert.Contains(t, txt, Size(in.MemLimit-snap.RSS)+" unused", name)
			assert.Contains(t, txt, "8 carriers' OS threads: "+Size(snap.RSSThreads), name)
			assert.Regexp(t, `16 virtual threads: ~?15.9 KB`, txt, name)
			if sz[0] >= 1100 { // the wide panel's fuller words
				assert.Contains(t, txt, "unused of the 256 MB limit", name)
				assert.Contains(t, txt, "= 16 StackChunks 11.9 KB + Thread objects 4.0 KB", name)
			}
			assert.NotContains(t, txt, "kept by a running thread", name)
			// The bar: its background frames the parts; the JVM's part
			// (the first rect in it, from its left edge) is its share of
			// the limit wide and two lines high.
			var bar Rect
			for _, rg := range l.Regions() {
				if rg.Name == "memory" {
					bar = rg.R
				}
			}
			require.Positive(t, bar.W, name)
			var shades []Color
			var jvm Rect
			for _, it := range l.Items {
				r := Rect{X: it.X, Y: it.Y, W: it.W, H: it.H}
				if it.Kind != KindRect || r.Y != bar.Y || r.H != bar.H || r.W >= bar.W || r.X < bar.X || r.Right() > bar.Right()+0.5 {
					continue
				}
				if jvm.W == 0 {
					jvm = r
				}
				shades = append(shades, it.Color)
			}
			assert.InDelta(t, float64(snap.RSSJVM)/float64(in.MemLimit), float64(jvm.W/bar.W), 0.01, name)
			assert.GreaterOrEqual(t, jvm.H, 2*CharH*sz[2], "%s: the bar is the big mark, two lines high", name)
			// Three parts, one plain shade each (no stripes, no heap
			// opened into its contents), each a swatch of the key.
			require.Len(t, shades, 3, "%s: the JVM, the carriers, the heap: one rect each", name)
			assert.NotEqual(t, shades[0], shades[1], name)
			assert.NotEqual(t, shades[1], shades[2], name)
			assert.NotEqual(t, shades[0], shades[2], name)
			for _, c := range shades[1:] {
				swatch := false
				for _, it := range l.Items {
					if it.Kind == KindRect && it.Color == c && it.Y > bar.Bottom() && it.W < CharH*sz[2] && it.W == it.H {
						swatch = true
					}
				}
				assert.True(t, swatch, "%s: the bar's part in %v has a swatch of its shade in the key", name, c)
			}
			// The StackChunks show, in the heap's brown, in the sliver and
			// at the parked threads' foot; no garbage is drawn (the heap's
			// contents are its explanation's).
			n := pixelCounts(&l, Rect{})
			assert.GreaterOrEqual(t, n[MeanChunkData], 2*minVisible, name)
			assert.Zero(t, n[MeanGarbage], "%s: the heap is one part, not opened into its garbage", name)
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
	// One lane busy, one stack bar: its words say the scale, after the
	// track ("stack 992 B ─ full bar = 2.0 KB" read as two things).
	require.Equal(t, 1, busyLanes(in.Snap))
	assert.Contains(t, texts(&l), "stack "+Size(sim.Bytes(in.Snap.Carriers[busyLane(in.Snap)].Frames)*8)+" (bar up to 2 KB)\n")
	assert.NotContains(t, texts(&l), "full bar = ")
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
	assert.Regexp(t, `\d+ server loops waiting for work`, txt)
	assert.Regexp(t, `\d+ client loops waiting for work`, txt)
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
		story := strings.Contains(txt, " one scale")
		title := regexp.MustCompile(`(?m)^(the JVM's )?memory: .* limit$`).MatchString(txt)
		assert.Equal(t, story, title, "%gx%g: the memory title is over the memory story only", sz[0], sz[1])
	}
}

// The heap is said once, by the memory story's bar, to scale: its line
// above the story ("heap 12.7 MB; StackChunks (11.9 KB)" and a row of
// brown bricks) read as a heap of StackChunks and repeated the bar. The
// bar's heap part is one plain shade: what it holds is its explanation.
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
	assert.NotContains(t, texts(&l), "garbage", "the heap is one key entry, not its contents")
	var heap Rect
	said := ""
	for _, rg := range l.Regions() {
		if rg.Name == "heap" {
			heap, said = rg.R, rg.Text
		}
	}
	require.Positive(t, heap.W)
	assert.Contains(t, said, "garbage", "what the heap holds is its explanation")
	for _, it := range l.Items {
		r := Rect{X: it.X, Y: it.Y, W: it.W, H: it.H}
		if it.Kind != KindRect || r.X < heap.X-0.5 || r.Right() > heap.Right()+0.5 || r.Y < heap.Y-0.5 || r.Bottom() > heap.Bottom()+0.5 {
			continue
		}
		assert.Equal(t, MeanNone, it.Meaning, "the heap's part is a plain shade, no mark of its contents")
	}
}

// The headline: the carriers' OS threads and the virtual threads' heap
// objects at one scale, the one a bar across the panel, the other a
// sliver; the sliver's words add up (its parts to its whole).
func TestThreadsMemoryAtOneScale(t *testing.T) {
	in, side := loomCarrierAtOneSecond(t)
	snap := in.Snap
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	var carriers, sliver float32
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Meaning == MeanCarrierOS && it.W > carriers {
			carriers = it.W
		}
	}
	require.Greater(t, carriers, float32(300), "the carriers' bar is as long as the panel")
	txt := texts(&l)
	m := regexp.MustCompile(`(\d+) virtual threads: (~?)([\d.]+) KB`).FindStringSubmatch(txt)
	require.NotNil(t, m, txt)
	assert.Equal(t, Count(int64(snap.VirtualLive)), m[1])
	parts := regexp.MustCompile(`= \d+ StackChunks ([\d.]+) KB \+ Thread objects ([\d.]+) KB`).FindStringSubmatch(txt)
	require.NotNil(t, parts, txt)
	var whole, a, b float64
	fmt.Sscan(m[3], &whole)
	fmt.Sscan(parts[1], &a)
	fmt.Sscan(parts[2], &b)
	if m[2] == "" {
		assert.InDelta(t, whole, a+b, 0.05, "the parts add up to the whole")
	}
	for _, it := range l.Items {
		if it.Kind == KindRect && (it.Meaning == MeanThreadObj || it.Meaning == MeanChunkData) && it.H >= CharH {
			sliver += it.W
		}
	}
	assert.Positive(t, sliver)
	assert.Less(t, sliver, 0.03*carriers, "the virtual threads' sliver is tiny beside the carriers")
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
	assert.NotContains(t, txt, "next park", "the reconciliation is the explanation on point, not the frame's")
	said := ""
	for _, r := range l.Regions() {
		said += r.Text + "\n"
	}
	assert.Contains(t, said, "next park")
	assert.Equal(t, 1, strings.Count(txt, "saved on the heap"), "glossed once")
}

// The headline comes first under the bar's key, in type larger than the
// panel's, with an arrow to the sliver and "widened" said plainly; the
// OS threads are one counted line, not a grid of 74 cells; the contrast
// says once that it is resident memory.
func TestContrastIsTheHeadline(t *testing.T) {
	in, side := loomCarrierAtOneSecond(t)
	snap := in.Snap
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	txt := texts(&l)
	var carriers, vts, count *Item
	for i := range l.Items {
		it := &l.Items[i]
		switch {
		case it.Kind == KindText && strings.HasPrefix(it.Text, "8 carriers' OS threads"):
			carriers = it
		case it.Kind == KindText && strings.HasPrefix(it.Text, "16 virtual threads"):
			vts = it
		case it.Kind == KindText && strings.HasPrefix(it.Text, "OS threads: "):
			count = it
		}
	}
	require.NotNil(t, carriers, txt)
	require.NotNil(t, vts, txt)
	require.NotNil(t, count, txt)
	assert.GreaterOrEqual(t, carriers.Size, float32(1.5), "the contrast in large type")
	assert.GreaterOrEqual(t, vts.Size, float32(1.5), "the contrast in large type")
	assert.Less(t, carriers.Y, count.Y, "the contrast before the OS threads' count")
	assert.Equal(t, "OS threads: 74 = 8 carriers + 66 of the JVM's own", count.Text)
	assert.Zero(t, pixelCounts(&l, Rect{})[MeanJVMThread], "no grid of the JVM's threads")
	assert.Contains(t, txt, "widened to be seen")
	assert.Equal(t, 1, strings.Count(txt, "resident memory"), "resident, said once:\n%s", txt)
	// The arrow: lines between the sliver and its words, on their row.
	arrows := 0
	for _, it := range l.Items {
		if it.Kind == KindLine && it.Y >= vts.Y && it.Y <= vts.Y+CharH*vts.Size && it.X < vts.X {
			arrows++
		}
	}
	assert.GreaterOrEqual(t, arrows, 3, "an arrow (a shaft and its head) points at the sliver")
	_ = snap
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
	assert.Contains(t, txt, "7 server loops waiting for work")
	assert.Contains(t, txt, "8 client loops waiting for work")
	assert.Regexp(t, `#\d+ server loop\n`, txt)
}

// The contrast of the threads' memory is the headline, at the top of the
// panel above the container's bar, and no cell divider of the carriers'
// bar cuts through its big words.
func TestMemoryContrastLeadsAndItsWordsAreWhole(t *testing.T) {
	in, side := loomCarrierAtOneSecond(t)
	for _, sz := range sceneSizes[:2] {
		p := Palettes[0]
		var l List
		Build(&l, sz[0], sz[1], &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: p, Scale: sz[2]})
		name := fmt.Sprintf("%gx%g", sz[0], sz[1])
		var bar Rect
		for _, rg := range l.Regions() {
			if rg.Name == "memory" {
				bar = rg.R
			}
		}
		require.Positive(t, bar.W, name)
		var words Rect
		for _, it := range l.Items {
			if it.Kind == KindText && strings.HasPrefix(it.Text, "8 carriers' OS threads: ") {
				words = it.Bounds()
			}
		}
		require.Positive(t, words.W, name)
		assert.Less(t, words.Bottom(), bar.Y, "%s: the contrast above the container's bar", name)
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
