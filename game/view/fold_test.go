package view

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// Panels with nothing to say fold to one line with their numbers, and the
// story's panels get the room: the router's heap before any collection,
// its OS threads (carriers and the JVM's own), its idle lanes in a still
// frame.
func TestQuietPanelsFold(t *testing.T) {
	in, _ := runScene(t, sceneCase{"llm-router", "virtual", 300 * sim.Millisecond})
	sc := SceneOf(&in, true)
	assert.True(t, sc.HeapFolded, "no collection yet, little of the heap is threads'")
	assert.True(t, sc.OSFolded, "only carriers and the JVM's own threads, no measured memory")
	r := Rect{W: 800, H: 440}
	folded, plain := LayoutScene(r, sc, 1), LayoutSide(r, in.LaneCount(), true, 1)
	// The races are the picture (ScopesLead): the heap and the OS
	// threads share one line, the carriers and the threads off them are
	// a line each.
	assert.LessOrEqual(t, folded.Heap.H, foldedH(1)+3, "the heap is one line")
	assert.True(t, folded.OS.Empty(), "the OS threads share the heap's line")
	assert.Greater(t, folded.Scopes.H, plain.Scopes.H, "the scopes take the room")
	assert.LessOrEqual(t, folded.Lanes.H, CharH*leadFace(1).size+16+3, "the carriers are one row of slots, a line of words each")
	assert.LessOrEqual(t, folded.Parked.H, foldedH(1)+3, "the threads off a carrier are one line")
	assert.True(t, folded.RunQueue.Empty(), "the ready threads are counted in the threads' line")

	// Where the lanes are drawn (vt-basics' sleeping threads), a still
	// frame folds the idle ones; while the run plays, lanes change state
	// every instant: none fold.
	vb, _ := runScene(t, sceneCase{"vt-basics", "memory-virtual", 300 * sim.Millisecond})
	vsc := SceneOf(&vb, true)
	assert.NotEmpty(t, vsc.IdleLanes, "a still frame folds the idle lanes")
	assert.Less(t, vsc.Lanes, vb.LaneCount())
	assert.Empty(t, SceneOf(&vb, false).IdleLanes)
	// The first collection opens the heap (a counter that only grows).
	in.Snap.YoungGCs = 1
	assert.False(t, SceneOf(&in, true).HeapFolded)
}

// The panels that tell a story never fold: the heap while GCs run (and
// where the threads' memory is the heap's data), the OS threads where the
// program starts platform threads or the resident memory is computed.
func TestStoryPanelsDoNotFold(t *testing.T) {
	for _, c := range []struct {
		sceneCase
		heap, os bool // the panel must stay open
	}{
		{sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond}, true, false},
		{sceneCase{"vt-pooling", "1g-pool", 100 * sim.Millisecond}, true, false},
		{sceneCase{"vt-basics", "memory-virtual", 300 * sim.Millisecond}, true, false},
		{sceneCase{"vt-basics", "memory-platform", 300 * sim.Millisecond}, false, true},
		{sceneCase{"loom-carrier", "256-vthreads", 1001 * sim.Millisecond}, false, true},
		{sceneCase{"request-load", "pool-200", 600 * sim.Millisecond}, false, true},
	} {
		in, _ := runScene(t, c.sceneCase)
		sc := SceneOf(&in, true)
		name := c.scenario + "/" + c.caseID
		sl := LayoutScene(Rect{W: 800, H: 440}, sc, 1)
		if c.heap {
			assert.False(t, sc.heapFolds(), name)
			assert.Greater(t, sl.Heap.H, 4*foldedH(1), "%s: the heap has room", name)
		}
		if c.os {
			assert.False(t, sc.OSFolded, name)
			assert.Greater(t, sl.OS.H, 4*foldedH(1), "%s: the OS threads have room", name)
		}
	}
}

// The idle lanes' line names them; the busy ones keep their lanes.
func TestIdleWords(t *testing.T) {
	assert.Equal(t, "worker-1, -2, -3, -5, -6, -7: idle", idleWords([]int{0, 1, 2, 4, 5, 6}, 8, true))
	assert.Equal(t, "worker-1: idle · worker-3, -4: not started yet", idleWords([]int{0, 2, 3}, 2, true))
	assert.Equal(t, "workers 1, 2: idle", idleWords([]int{0, 1}, 8, false))
}

// A folded heap line whose StackChunk count exceeds the parked threads
// says the rest are kept by running threads; when the counts agree it
// adds nothing.
func TestFoldedHeapSaysWhyChunksOutnumberParked(t *testing.T) {
	snap := &sim.Snapshot{VirtualLive: 16}
	snap.ParkedCount[sim.ParkSleep] = 15
	snap.Chunks.Live = 16
	got := foldedChunkWhy(snap, "head", "short", "16 StackChunks")
	if len(got) == 0 || !strings.Contains(got[0], "15 parked stacks") || !strings.Contains(got[0], "1 kept by a running thread") {
		t.Fatalf("16 chunks beside 15 parked: %q", got)
	}
	snap.Chunks.Live = 15
	if got := foldedChunkWhy(snap, "head", "short", "15 StackChunks"); got != nil {
		t.Fatalf("counts agree, yet: %q", got)
	}
}

// Every carrier stopped for the same GC, in a still frame: the lanes are
// drawn compactly (each still holds its thread's token, stopped, and no
// lane repeats "stopped for GC"), and the room goes to the heap's story.
//
// (vt-pooling's own frame folds them to one line, its old gen being the
// threads' data: here the same pause with that data taken out of the
// snapshot, so that the heap is not the threads' story.)
func TestStoppedCarriersDrawnCompactly(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	in.Snap.Heap.OldLive[sim.CatThreadLocal] = 0
	require.False(t, SceneOf(&in, true).ThreadsMerged, "the premise: the threads' panels apart")
	require.True(t, in.Snap.Paused, "the premise: a GC pause")
	require.Empty(t, idleLanes(&in), "the premise: every carrier holds a thread")
	assert.LessOrEqual(t, SceneOf(&in, true).Lanes, stoppedLaneRows)
	assert.Equal(t, in.LaneCount(), SceneOf(&in, false).Lanes, "while the run plays the lanes do not jump")
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	txt := texts(&l)
	assert.LessOrEqual(t, strings.Count(txt, "stopped for GC"), 3, "the stop said once for the carriers (title, a line, the legend):\n%s", txt)
	tokens := 0
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindRect && it.Meaning == MeanVirtual && it.Y < side.at.lanes[len(side.at.lanes)-1].Bottom() {
			tokens++
		}
	}
	assert.GreaterOrEqual(t, tokens, in.LaneCount(), "each carrier still shows its thread")
	// Each lane legible: tall enough for words, naming its carrier and
	// its thread's id ("tiny hatched marks I can't read").
	for i, lr := range side.at.lanes {
		assert.GreaterOrEqual(t, lr.H, float32(laneLabelMin), "lane %d", i)
		assert.Contains(t, txt, "worker-"+strconv.Itoa(i+1))
		assert.Contains(t, txt, in.Snap.Carriers[i].Thread.String())
	}
	assert.NotContains(t, txt, "each holds its virtual thread", "the lanes say it themselves")
	// Each lane's stopped mark is as tall as its thread's token and wide
	// enough for its stripes to be read as stripes.
	for i, lr := range side.at.lanes {
		found := false
		for _, it := range l.Items[:l.legendFrom] {
			if it.Kind == KindRect && it.Meaning == MeanGC && it.Y >= lr.Y && it.Y+it.H <= lr.Bottom()+0.01 && it.X >= lr.X && it.X < lr.Right() {
				found = true
				assert.GreaterOrEqual(t, it.H, 0.7*lr.H, "lane %d's stopped mark", i)
				assert.GreaterOrEqual(t, it.W, float32(12), "lane %d's stopped mark", i)
			}
		}
		assert.True(t, found, "lane %d has a stopped mark", i)
		// Its word is written beside the stripes, in the text colour.
		worded := false
		for _, it := range l.Items[:l.legendFrom] {
			if it.Kind == KindText && it.Text == "stopped" && it.Y >= lr.Y && it.Y < lr.Bottom() && it.X >= lr.X && it.X < lr.Right() && it.Color == Palettes[0].Text {
				worded = true
			}
		}
		assert.True(t, worded, "lane %d says stopped, readable", i)
	}
}

// The carriers drawn compactly give the heap's column, where the story
// is, the width they give up.
func TestStoppedCarriersWidenTheHeap(t *testing.T) {
	in, _ := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	r := Rect{W: 1134, H: 400}
	still, plays := LayoutScene(r, SceneOf(&in, true), 1), LayoutScene(r, SceneOf(&in, false), 1)
	require.True(t, still.Wide)
	assert.Greater(t, still.Heap.W, plays.Heap.W+0.05*r.W)
	// The left column keeps the width its words need, no more: the
	// heap takes the rest (empty room under the parked threads).
	assert.Greater(t, still.Heap.W, 0.58*r.W)
	assert.GreaterOrEqual(t, still.Parked.W, float32(lessLanesMinW)-3)
}

// Where the old gen fills with the threads' own data (vt-pooling's young
// GC at 2.35 s), every carrier stopped for the pause is one dim line with
// the pause's stopped mark, the threads each holds said on point; the
// waiting and the parked threads are one grid of every live thread, ten
// squares a row, its parts in a line that adds up to its title's count.
// A test that fails if the eight lanes or the two panels grow back.
func TestThreadsStoryFoldsCarriersAndMergesThreads(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	snap := in.Snap
	sc := SceneOf(&in, true)
	require.True(t, sc.ThreadsMerged && sc.LanesFolded, "the premise: the threads' data fills the old gen, all carriers stopped")
	assert.False(t, SceneOf(&in, false).ThreadsMerged, "while the run plays the panels do not jump")
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	txt := texts(&l)
	assert.Contains(t, txt, "carriers: all 8 stopped for this GC")
	assert.NotContains(t, txt, "worker-1", "no lane per carrier")
	assert.NotContains(t, txt, "virtual threads waiting for a carrier", "no run-queue panel of its own")
	assert.NotContains(t, txt, "parked virtual threads", "no parked panel of its own")
	assert.NotContains(t, txt, "1 square = 500", "no strip of tiny squares")
	// The young spaces' words and the young pause's banner are dim: not
	// the chain's.
	dim := 0
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindText && (strings.HasPrefix(it.Text, "eden") || strings.HasPrefix(it.Text, "young GC")) {
			assert.Equal(t, OkabeIto.TextDim, it.Color, "%q in the dim ink", it.Text)
			dim++
		}
	}
	assert.GreaterOrEqual(t, dim, 2, "eden's label and the pause's banner found")
	// The secondary young pause and eden in their fewest words: the
	// heap's size is the header's, the pause's length the step line's,
	// the time left on point.
	assert.Contains(t, txt, "young GC (small): emptying eden\n")
	assert.NotContains(t, txt, " left", "no time left in the still frame's banner")
	assert.NotContains(t, txt, "short-lived", "eden's grey said in two words")
	onPoint := false
	for _, r := range l.Regions() {
		onPoint = onPoint || r.Name == "GC pause" && strings.Contains(r.Text, " left")
	}
	assert.True(t, onPoint, "the time left on point")
	// The OS threads a dim count, the rest on point.
	// The count's parts, short: "OS threads: 28" beside 8 carriers alone
	// read as unexplained.
	jvm := snap.PlatformLive - snap.PlatformApp - len(snap.Carriers)
	require.Positive(t, jvm, "the premise: the JVM's own threads")
	assert.Contains(t, txt, "OS threads: "+Count(int64(snap.PlatformLive))+" = "+Count(int64(len(snap.Carriers)))+" carriers + "+Count(int64(jvm))+" of the JVM's own\n")
	assert.NotContains(t, txt, "resident memory")
	for _, r := range l.Regions() {
		if r.Name == "carrier lanes" {
			assert.Contains(t, r.Text, snap.Carriers[0].Thread.String()+" on worker-1")
		}
	}
	n := snap.VirtualLive
	assert.Contains(t, txt, Count(int64(n))+" live virtual threads")
	assert.Contains(t, txt, "1 square = 100 threads", "without a compared run the square's worth is said")
	waiting, parked := snap.RunQueueLen, parkedVirtual(snap)
	on := n - waiting - parked
	require.Equal(t, snap.Mounted, on, "the premise: the parts add up")
	// In a pause: the ready ones wait for a carrier as before (not "all
	// stopped for the GC": they were not running anyway), the few on the
	// carriers "were running" (not "on the carriers above": no carrier
	// is drawn above).
	assert.Contains(t, txt, Count(int64(waiting))+" waiting for a carrier")
	assert.Contains(t, txt, Count(int64(parked))+" parked; the other "+Count(int64(on))+" were running")
	assert.NotContains(t, txt, "carriers above")
	g := side.liveGrid
	require.False(t, g.Empty())
	// The squares in the threads' states, in proportion: solid for those
	// waiting for a carrier, faint for the parked ones (a grid all one
	// blue beside three states read as one state).
	solid, faint := 0, 0
	blue := OkabeIto.Virtual
	for _, it := range l.Items[:l.legendFrom] {
		// (Fills only: a parked square's frame is drawn as thin rects.)
		if it.Kind == KindRect && it.Meaning == MeanVirtual && it.W > 2 && it.H > 2 && it.X >= g.X && it.Y >= g.Y && it.X+it.W <= g.Right()+0.01 && it.Y+it.H <= g.Bottom()+0.01 {
			if it.Color == blue {
				solid++
			} else {
				faint++
			}
		}
	}
	k := n / 100
	assert.Equal(t, (waiting+k/2)/k, solid, "the waiting threads' squares, solid")
	assert.Equal(t, n/k-(waiting+k/2)/k, faint, "the parked threads' squares, faint")
	// Each count line beside its square's mark: a solid one, then a faint.
	keys := map[Color]bool{}
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindRect && it.Meaning == MeanVirtual && it.W > 2 && it.Y > g.Bottom() && it.X < g.X+4 && it.Y < side.liveGrid.Bottom()+3*CharH {
			keys[it.Color] = true
		}
	}
	assert.Len(t, keys, 2, "a key mark beside each count line")
	assert.InDelta(t, 1, g.W/g.H, 0.05, "ten squares a row, ten rows")
	assert.GreaterOrEqual(t, g.H/10, float32(12), "squares large enough to count")
}

// On a phone's canvas the merged threads are one line, the count alone,
// and the heap gets the waiting row's room: its old gen keeps a label line
// apart from the lesson's words in its bar.
func TestPhoneMergesThreadsIntoOneLine(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	in.Caption += " It has a third sentence, as long as the pooled caption's fix."
	var l List
	Build(&l, 712, 890, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 2})
	require.True(t, side.merged, "the premise: the phone merges the threads' panels")
	txt := texts(&l)
	assert.Contains(t, txt, Count(int64(in.Snap.VirtualLive))+" live virtual threads")
	assert.NotContains(t, txt, "waiting for a carrier", "one line, the count alone")
	assert.NotContains(t, txt, "parked virtual threads")
	// The OS threads' parts fit the phone's line, in fewer words.
	jvm := in.Snap.PlatformLive - in.Snap.PlatformApp - len(in.Snap.Carriers)
	assert.Contains(t, txt, "OS threads: "+Count(int64(in.Snap.PlatformLive))+" = "+Count(int64(len(in.Snap.Carriers)))+" carriers + "+Count(int64(jvm))+" JVM's own\n")
	band, _ := SpaceBands(side.at.old, 2)
	assert.False(t, band.Empty(), "the old gen has its label line")
}

// A heap not yet collected folds while less than half of what it holds is
// the threads' memory, and opens once the threads' part is half or more
// (there the threads' cost is the heap's story); any collection opens it.
func TestUncollectedHeapFoldsUntilHalfIsThreads(t *testing.T) {
	snap := func(threads, other sim.Bytes) *sim.Snapshot {
		s := &sim.Snapshot{ThreadMemory: 1 << 30}
		s.Heap.EdenUsed = threads + other
		s.Heap.YoungLive[sim.CatChunk] = threads
		return s
	}
	assert.True(t, heapWaits(snap(40*sim.MB, 60*sim.MB)), "40 %% threads: folded")
	assert.False(t, heapWaits(snap(50*sim.MB, 50*sim.MB)), "half threads: open")
	assert.False(t, heapWaits(snap(60*sim.MB, 40*sim.MB)), "60 %% threads: open")
	collected := snap(10*sim.MB, 90*sim.MB)
	collected.YoungGCs = 1
	assert.False(t, heapWaits(collected), "collected: open")
}

// A folded heap draws its StackChunks one brown square each: on a line of
// their own where it has two, else after its words where they take at
// most half the line, else not at all (its words still count them).
func TestFoldedHeapDrawsItsStackChunks(t *testing.T) {
	in, _ := runScene(t, sceneCase{"loom-carrier", "unlimited-vthreads", 2 * sim.Millisecond})
	snap := in.Snap
	require.Positive(t, snap.Chunks.Live)
	require.LessOrEqual(t, snap.Chunks.Live, maxFoldedChunkMarks)
	marks := func(r Rect) (n int) {
		var l List
		drawFoldedHeap(&l, r, snap, &OkabeIto, 1)
		for _, it := range l.Items {
			if it.Meaning == MeanChunkData && r.Contains(Rect{X: it.X, Y: it.Y, W: it.W, H: it.H}) {
				n++
			}
		}
		return n
	}
	line := foldedH(1)
	assert.Equal(t, snap.Chunks.Live, marks(Rect{W: 500, H: 2 * line}), "two lines: the second the squares'")
	assert.Equal(t, snap.Chunks.Live, marks(Rect{W: 1400, H: line}), "one wide line: after the words")
	assert.Zero(t, marks(Rect{W: 500, H: line}), "one line too short for them")
}

// On a grid of small squares a parked thread's square is a dim fill alone:
// at desktop size a one-pixel frame round a faint fill read as solid, and
// the grid's two states as one. Larger, the frame round a fainter fill.
func TestParkedSquareOnSmallAndLargeGrids(t *testing.T) {
	p := &OkabeIto
	var l List
	drawParkedSquare(&l, Rect{W: 6, H: 6}, p, 1, smallSquare(6))
	require.Len(t, l.Items, 1, "a fill alone")
	assert.Equal(t, p.Virtual.Alpha(0.2), l.Items[0].Color)
	l = List{}
	drawParkedSquare(&l, Rect{W: 14, H: 14}, p, 1, smallSquare(14))
	assert.Len(t, l.Items, 5, "a fill and the frame's four sides")
}
