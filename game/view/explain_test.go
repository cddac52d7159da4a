package view

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// Every panel of every scene has a sentence under the pointer, the text
// description lists the panels' sentences, and a point on a thread names
// the thread before saying where it is.
func TestExplainOnPoint(t *testing.T) {
	for _, c := range sceneCases() {
		in, side := runScene(t, c)
		var l List
		Build(&l, 1200, 800, &Header{Scenario: c.scenario}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
		name := c.scenario + "/" + c.caseID
		names := map[string]bool{}
		for _, r := range l.Regions() {
			names[r.Name] = true
			assert.NotEmpty(t, r.Text, name)
			x, y := r.R.Center()
			assert.NotEmpty(t, l.ExplainAt(x, y), "%s: the centre of %q", name, r.Name)
		}
		want := []string{"header", "side header", "OS threads", "caption"}
		if !heapQuiet(in.Snap) {
			// (A heap not modelled is said in the OS panel's sentence.)
			want = append(want, "heap")
		}
		// The threads' queue has a region of its own unless only tasks
		// wait (then the tasks' queue takes the strip).
		onlyTasks := in.Snap.ExecQueued > 0 && threadsWaiting(&in) == 0
		switch {
		case side.merged:
			// Every live virtual thread in one panel (Scene.ThreadsMerged).
			want = append(want, "carrier lanes", "live virtual threads")
		case in.Virtual:
			want = append(want, "carrier lanes", "parked threads")
			if !onlyTasks {
				want = append(want, "run queue")
			}
		default:
			want = append(want, "CPU lanes", "waiting threads")
			if !onlyTasks {
				want = append(want, "CPU queue")
			}
		}
		if in.Snap.ExecQueued > 0 {
			want = append(want, "task queue")
		}
		if sc := SceneOf(&in, true); sc.ScopesLead {
			// The races are the picture; the threads, the carriers and
			// (folded both) the heap with the OS threads are a line each,
			// their details on point (racelead.go).
			want = []string{"header", "side header", "caption", "virtual threads", "carriers"}
			if sc.heapFolds() && sc.OSFolded {
				// Both folded, no line: their numbers are the
				// carriers' (the line "heap 4.0 MB" was tied to
				// nothing in the races).
				assert.False(t, names["heap and OS threads"], name)
				say := ""
				for _, r := range l.Regions() {
					if r.Name == "carriers" {
						say = r.Text
					}
				}
				assert.Contains(t, say, "OS threads: ", name)
				assert.Contains(t, say, "heap", name)
			} else {
				want = append(want, "heap", "OS threads")
			}
		}
		if len(in.Snap.Scopes) > 0 {
			want = append(want, "scopes")
		}
		if sc := SceneOf(&in, true); len(in.Snap.ChunkBlocks) > 0 && !sc.heapFolds() {
			if threadsOnlyHeap(in.Snap) {
				want = append(want, "the threads' objects") // the heap's one bar (threadsheap.go)
			} else {
				want = append(want, "StackChunks")
			}
		}
		for _, w := range want {
			assert.True(t, names[w], "%s: no %q region among %v", name, w, names)
		}
		desc := l.Describe()
		assert.Contains(t, desc, "OS threads", name)
		assert.Equal(t, "", l.ExplainAt(-5, -5), "outside the canvas")
	}
}

func TestExplainNamesTheThreadUnderThePoint(t *testing.T) {
	snap, _ := runCase(t, "virtual-per-request", 5*sim.Millisecond,
		map[string]string{"requests": "40", "pin": "true", "cores": "4"})
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{input("virtual-per-request", snap, true)}, &Options{Scale: 1})
	found := false
	for _, h := range l.Hits() {
		x, y := h.R.Center()
		s := l.ExplainAt(x, y)
		require.NotEmpty(t, s)
		if strings.HasPrefix(s, "Thread "+h.Thread.String()+". worker-") {
			found = true
			assert.Contains(t, s, "carrier thread running virtual thread "+h.Thread.String())
		}
	}
	assert.True(t, found, "a mounted thread is explained with its carrier")
}

// The tool's own timings are drawn only in the developer overlay.
func TestDevOverlayHoldsTheTimings(t *testing.T) {
	snap, _ := runCase(t, "virtual-per-request", 5*sim.Millisecond, nil)
	hdr := &Header{Scenario: "request-load", Stats: "60 fps · update 1.0 ms"}
	for _, on := range []bool{false, true} {
		var l List
		Build(&l, 1200, 800, hdr, []*Side{NewSide()}, []SideInput{input("v", snap, true)}, &Options{Scale: 1, DevOverlay: on})
		assert.Equal(t, on, strings.Contains(texts(&l), "60 fps"), "overlay %v", on)
	}
}

// A pool thread woken at the very instant every CPU is idle is not shown
// as "waiting for a CPU": it gets one at the same virtual time.
func TestWokenThreadWithIdleCPUsIsWakingUp(t *testing.T) {
	in, side := runScene(t, sceneCase{"request-load", "pool-200", 101 * sim.Millisecond})
	idle := 0
	for _, c := range in.Snap.CoreThread {
		if c == 0 {
			idle++
		}
	}
	require.Equal(t, len(in.Snap.CoreThread), idle, "every CPU idle at this instant")
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	txt := texts(&l)
	assert.Contains(t, txt, "waking up")
	assert.NotContains(t, txt, "waiting for a CPU")
	assert.Contains(t, txt, "queued") // the executor's queue is drawn with its count
}

// The caption is wrapped, never cut, at every size; callouts show while
// they last and fade out.
func TestCaptionWrapsAndCalloutsShow(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	in.Caption = "The 10,000 pooled virtual threads each keep a thread-local cache alive, so the old generation stays 82 % full and the collector takes a third of the time."
	in.Callouts = []Callout{{Text: "First Full GC", Kind: "full-gc", Age: 0.5, TTL: 4}, {Text: "gone", Age: 5, TTL: 4}}
	for _, sz := range sceneSizes {
		var l List
		Build(&l, sz[0], sz[1], &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: sz[2]})
		var words []string
		for _, it := range l.Items {
			if it.Kind == KindText {
				words = append(words, strings.Fields(it.Text)...)
			}
		}
		all := " " + strings.Join(words, " ") + " "
		assert.Contains(t, all, " "+strings.Join(strings.Fields(in.Caption), " ")+" ", "%v: the caption's words, in order", sz)
		if sz[0] >= idealWideW*sz[2] {
			assert.Contains(t, all, "First Full GC")
		} else {
			// A phone's side leaves the moments to the page's list.
			assert.NotContains(t, all, "First Full GC", "%v", sz)
		}
		assert.NotContains(t, all, "gone", "an expired callout")
		assert.Empty(t, l.Cut())
	}
	assert.Equal(t, []string{"a bb", "ccc", "dddd", "ee"}, Wrap("a bb ccc dddd ee", 4*CharW, 1))
	assert.Equal(t, []string{"abcd", "ef"}, Wrap("abcdef", 4*CharW, 1), "a long word is split, not dropped")
}

func TestPlainKeepsToTheFont(t *testing.T) {
	// A no-break space stays for Wrap, which keeps a number with its
	// unit and draws it as a space.
	assert.Equal(t, "one - two... 'a' \"b\" 5\u00a0%", Plain("one — two… ‘a’ “b” 5\u00a0%"))
	assert.Equal(t, []string{"about", "816 B", "each"}, Wrap(Plain("about 816\u00a0B each"), 6*CharW, 1))
}

// The scene follows what the snapshot holds: an empty heap folds to one
// line, collections give the heap room, open scopes give the scopes room.
func TestSceneFollowsTheSnapshot(t *testing.T) {
	pool, _ := runScene(t, sceneCase{"request-load", "pool-200", 600 * sim.Millisecond})
	gc, _ := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	race, _ := runScene(t, sceneCase{"llm-router", "virtual", 300 * sim.Millisecond})
	ps, gs, rs := SceneOf(&pool, false), SceneOf(&gc, false), SceneOf(&race, false)
	assert.True(t, ps.HeapQuiet, "request-load allocates nothing")
	assert.False(t, gs.HeapQuiet)
	assert.Greater(t, gs.Heap, ps.Heap, "collections give the heap room")
	assert.Greater(t, rs.ScopesW, gs.ScopesW, "open scopes get room")
	r := Rect{W: 800, H: 440}
	pl, gl := LayoutScene(r, ps, 1), LayoutScene(r, gs, 1)
	assert.LessOrEqual(t, pl.Heap.H, foldedH(1)+3, "a folded heap is one line")
	assert.Greater(t, pl.OS.H, gl.OS.H, "the OS threads take the folded heap's room")
	assert.Greater(t, gl.Heap.H, LayoutSide(r, gs.Lanes, false, 1).Heap.H, "the heap's story widens its panel")
}

// A step's line is drawn under the caption, whole, at every size.
func TestStepLineIsDrawn(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	in.Step = "Step: thread #1423 parked (waiting on a socket) and left its carrier."
	for _, sz := range sceneSizes {
		var l List
		Build(&l, sz[0], sz[1], &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: sz[2]})
		var words []string
		for _, it := range l.Items {
			if it.Kind == KindText {
				words = append(words, strings.Fields(it.Text)...)
			}
		}
		assert.Contains(t, " "+strings.Join(words, " ")+" ", " "+in.Step+" ", "%v", sz)
		assert.Equal(t, in.Caption+" "+in.Step, regionSay(&l, "caption"), "%v: the sentence on point says the step too", sz)
		assert.Empty(t, l.Cut())
	}
}

// The sentences on point say the snapshot's own numbers. The heap's and the
// StackChunks' numbers are set to round values here and written out by
// hand, so a sentence that reads the wrong field (eden's capacity for what
// it holds) or is off by one fails; the carriers' are counted from the
// snapshot's carriers.
func TestExplainSentencesSayTheSnapshotsNumbers(t *testing.T) {
	snap, _ := runCase(t, "virtual-per-request", 5*sim.Millisecond,
		map[string]string{"requests": "40", "pin": "true", "cores": "4"})
	mounted := 0
	for _, c := range snap.Carriers {
		if c.Thread != 0 {
			mounted++
		}
	}
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{input("virtual-per-request", snap, true)}, &Options{Scale: 1})
	say := regionSay(&l, "carrier lanes")
	assert.Contains(t, say, fmt.Sprintf("the %d OS threads of the virtual-thread scheduler (parallelism %d). %d of them run a virtual thread now",
		max(len(snap.Carriers), snap.Parallelism), snap.Parallelism, mounted))

	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	h := &in.Snap.Heap
	h.EdenUsed, h.EdenCap = 3*sim.MB, 8*sim.MB
	h.SurvivorUsed, h.SurvivorCap = 1*sim.MB, 2*sim.MB
	h.OldUsed, h.OldCap, h.OldGarbage = 20*sim.MB, 40*sim.MB, 5*sim.MB
	in.Snap.YoungGCs, in.Snap.FullGCs = 7, 2
	in.Snap.Chunks.Live = 1234
	Build(&l, 1200, 800, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	say = regionSay(&l, "heap")
	assert.Contains(t, say, "eden 3.0 MB of 8.0 MB, survivor 1.0 MB of 2.0 MB, old generation 20.0 MB of 40.0 MB (5.0 MB of it garbage). 7 young collections and 2 Full GCs")
	assert.Contains(t, regionSay(&l, "StackChunks"), "1,234 live (", "on the chunks' sliver of a space")
	// Without thread-local data in the old gen the chunks get a strip of
	// their own, with its own sentence: over one bar by count while dead
	// chunks outnumber the blocks drawn, else over columns by space.
	in.Snap.Heap.OldLive[sim.CatThreadLocal] = 0
	for _, garbage := range []int{in.Snap.Chunks.Garbage, 0} {
		in.Snap.Chunks.Garbage = garbage
		Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
		assert.Contains(t, regionSay(&l, "StackChunks"), "StackChunk objects: the frozen stacks of virtual threads off their carriers. 1,234 live (",
			"on the strip, %d dead", garbage)
	}
}

// The text description lists the panels' sentences, one a line, and no
// detail's (a lane, a group): its lines are the panel regions' texts, in
// drawing order.
func TestDescribeListsPanelsOnly(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	var panels []string
	details := 0
	for _, r := range l.Regions() {
		if r.Detail {
			details++
		} else {
			panels = append(panels, r.Text)
		}
	}
	require.NotZero(t, details, "the scene has details to leave out")
	assert.Equal(t, strings.Join(panels, "\n")+"\n", l.Describe())
}

// The folded heap's sentence says what eden holds of its capacity.
func TestFoldedHeapSentenceSaysItsNumbers(t *testing.T) {
	snap := &sim.Snapshot{}
	snap.Heap.Max, snap.Heap.EdenUsed, snap.Heap.EdenCap = 64*sim.MB, 3*sim.MB, 8*sim.MB
	snap.Chunks.Live = 12
	say := foldedHeapSay(snap, 3*sim.MB)
	assert.Contains(t, say, "The Java heap, 64.0 MB (")
	assert.Contains(t, say, "holds 3.0 MB and has not been collected yet: eden 3.0 MB of 8.0 MB, old generation 0 B. 12 StackChunks")
}

// A callout in its last second fades (its words and frame lose opacity
// with the time left); a fresh one is opaque. When not all fit, the
// youngest show.
func TestCalloutsFadeAndTheYoungestShow(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond})
	alpha := func(age float64) uint8 {
		in.Callouts = []Callout{{Text: "First Full GC", Age: age, TTL: 4}}
		var l List
		Build(&l, 1200, 800, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
		for _, it := range l.Items {
			if it.Kind == KindText && it.Text == "First Full GC" {
				return it.Color.A
			}
		}
		t.Fatalf("the callout at age %v is not drawn", age)
		return 0
	}
	assert.Equal(t, uint8(255), alpha(0.5), "fresh")
	assert.InDelta(t, 0.5*255, float64(alpha(3.5)), 2, "half a second left: half opaque")
	callouts := []Callout{{Text: "old", Age: 3, TTL: 4}, {Text: "young", Age: 0.1, TTL: 4}, {Text: "middle", Age: 2, TTL: 4}}
	shown := liveCallouts(&SideInput{Callouts: callouts}, 400, 10, 1)
	require.Len(t, shown, 1, "room for one")
	assert.Equal(t, "young", shown[0].Text)
}
