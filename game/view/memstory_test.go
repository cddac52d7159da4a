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
// its parts to scale (the JVM itself, the carriers, the heap), the heap
// opened by the model's own accounting (the garbage that fills it, not
// only the StackChunks), and one carrier beside every StackChunk at one
// scale. The old panel drew a thin bar of greys under lines of sums.
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
			assert.Contains(t, txt, "free "+Size(in.MemLimit-snap.RSS), name)
			assert.Regexp(t, `12.7 MB garbage(, | of finished requests, )awaiting the first GC`, txt, name)
			assert.Contains(t, txt, "one carrier's OS thread: ~", name)
			assert.Regexp(t, `16 StackChunks 11.9 KB: 1/\d+ of (one carrier|it)`, txt, name)
			assert.NotContains(t, txt, "kept by a running thread", name)
			// The JVM's part is the first grey mark (the OS threads' grid
			// follows the bar); its width is its share of the limit, in
			// the width of the bar (its background).
			var jvm, bar Rect
			for _, it := range l.Items {
				if it.Kind == KindRect && it.Meaning == MeanJVMThread {
					jvm = Rect{X: it.X, Y: it.Y, W: it.W, H: it.H}
					break
				}
			}
			for _, it := range l.Items {
				if it.Kind == KindRect && it.Meaning == MeanNone && it.X == jvm.X && it.Y == jvm.Y && it.W > bar.W {
					bar = Rect{X: it.X, Y: it.Y, W: it.W, H: it.H}
				}
			}
			require.Positive(t, bar.W, name)
			assert.InDelta(t, float64(snap.RSSJVM)/float64(in.MemLimit), float64(jvm.W/bar.W), 0.01, name)
			assert.GreaterOrEqual(t, jvm.H, 2*CharH*sz[2], "%s: the bar is the big mark, two lines high", name)
			// Every StackChunk shows, in the heap's brown, in the opened heap
			// and beside the carrier.
			n := pixelCounts(&l, Rect{})
			assert.GreaterOrEqual(t, n[MeanChunkData], 2*minVisible, name)
			assert.GreaterOrEqual(t, n[MeanGarbage], 100, "%s: the garbage that fills the heap is drawn", name)
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

// The running thread's stack bar says what its full track stands for, and
// is a thinner band than the thread's token (the two blues read as one).
func TestStackBarSaysItsScaleAndIsThinnerThanTheToken(t *testing.T) {
	in, side := runScene(t, sceneCase{"loom-carrier", "256-vthreads", 1001*sim.Millisecond + 130*sim.Microsecond})
	require.Positive(t, in.Snap.Mounted)
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	assert.Regexp(t, `(full bar = |bar )\d`, texts(&l))
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
	assert.Regexp(t, `server workers: waiting for work \d+`, txt)
	assert.Regexp(t, `client event loops: waiting for work \d+`, txt)
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
		story := strings.Contains(txt, "one carrier's OS thread")
		title := regexp.MustCompile(`(?m)^(the JVM's )?memory: .* limit$`).MatchString(txt)
		assert.Equal(t, story, title, "%gx%g: the memory title is over the memory story only", sz[0], sz[1])
	}
}
