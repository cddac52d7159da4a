package view

import (
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// On a phone's canvas the races' frame says its parked threads hold no
// carrier, still names its carriers' strip
// (readers of eight numbered boxes with no name asked what they were)
// and says that the won call's thread has ended, on a second line of its
// narrow cell (a bare "won" read as still running).
func TestRacePhoneNamesCarriersAndEndedWinner(t *testing.T) {
	in, side := runScene(t, sceneCase{"llm-router", "virtual", 300 * sim.Millisecond})
	in.Models = []string{"haiku", "sonnet", "opus"}
	var l List
	Build(&l, phoneCanvas[0], phoneCanvas[1], &Header{Scenario: "llm-router"}, []*Side{side}, []SideInput{in}, &Options{Scale: phoneCanvas[2]})
	require.True(t, SceneOf(&in, true).ScopesLead)
	assert.Contains(t, texts(&l), itoa(len(in.Snap.Carriers))+" carriers (OS threads)")
	// The threads' line keeps the lesson: the parked hold no carrier.
	assert.Contains(t, texts(&l), "\n"+Count(int64(parkedVirtual(in.Snap)))+" parked, no carrier\n")
	var won *Item
	for i := range l.Items[:l.legendFrom] {
		if it := &l.Items[i]; it.Kind == KindText && it.Text == "won" {
			won = it
		}
	}
	require.NotNil(t, won, "a won cell: %s", texts(&l))
	ended := false
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindText && it.Text == "ended" && it.X == won.X && it.Y > won.Y {
			ended = true
		}
	}
	assert.True(t, ended, "the won cell says its thread ended, under \"won\": %s", texts(&l))
}

// phoneTexts builds c's frame on a phone's canvas and returns its words.
func phoneTexts(t *testing.T, c sceneCase) (string, *sim.Snapshot) {
	in, side := runScene(t, c)
	var l List
	Build(&l, phoneCanvas[0], phoneCanvas[1], &Header{Scenario: c.scenario}, []*Side{side}, []SideInput{in}, &Options{Scale: phoneCanvas[2]})
	return texts(&l), in.Snap
}

// On a phone, 10,000 sleeping threads' heap bar says on itself that it
// is the bytes in use (readers took it for a full 4 GB heap), the share
// a thread says it is both parts, and the OS threads' line names the
// others than the carriers.
func TestMemoryVirtualPhoneSaysWhatTheBarIs(t *testing.T) {
	txt, snap := phoneTexts(t, sceneCase{"vt-basics", "memory-virtual", 300 * sim.Millisecond})
	used := snap.Heap.EdenUsed + snap.Heap.SurvivorUsed
	assert.Contains(t, txt, "\n"+Size(used)+" in use, by kind\n")
	assert.Contains(t, txt, " a thread: one of each\n")
	jvm := snap.PlatformLive - len(snap.Carriers)
	assert.Contains(t, txt, Count(int64(len(snap.Carriers)))+" carriers + "+Count(int64(jvm))+" JVM's own")
}

// On a phone, the event loops' folded heap line gives the virtual
// threads' whole cost in the heap, as the caption does (the StackChunks'
// bytes alone beside the caption's total asked which was their cost), and
// the memory line names the JVM itself's part the caption names.
func TestLoomCarrierPhoneSaysTheCaptionsFigures(t *testing.T) {
	txt, snap := phoneTexts(t, sceneCase{"loom-carrier", "256-vthreads", sim.Duration(1001.13 * float64(sim.Millisecond))})
	assert.Contains(t, txt, Count(int64(snap.VirtualLive))+" virtual threads: "+Size(virtualThreadsHeap(snap)))
	assert.Contains(t, txt, "JVM itself "+PartsSize(snap.RSSJVM))
}

// On a phone, the OS threads' panel title is the count as a sum of its
// kinds: a bare count with a line "the same 200 platform threads" under
// it asked "the same as what?", and readers counted the JVM's grey
// cells by hand.
func TestPhoneOSThreadsTitleIsASum(t *testing.T) {
	txt, snap := phoneTexts(t, sceneCase{"loom-carrier", "256-vthreads", sim.Duration(1001.13 * float64(sim.Millisecond))})
	jvm := snap.PlatformLive - len(snap.Carriers)
	assert.Contains(t, txt, "\nOS threads: "+Count(int64(snap.PlatformLive))+" = "+Count(int64(len(snap.Carriers)))+" carriers + "+Count(int64(jvm))+" JVM's own\n")
	txt, snap = phoneTexts(t, sceneCase{"request-load", "pool-200", 600 * sim.Millisecond})
	jvm = snap.PlatformLive - snap.PlatformApp
	assert.Contains(t, txt, "\nOS threads: "+Count(int64(snap.PlatformLive))+" = "+Count(int64(snap.PlatformApp))+" platform + "+Count(int64(jvm))+" JVM\n")
	assert.NotContains(t, txt, "the same")
}

// On a phone, a single group of waiting threads drawn at many threads a
// square says its scale beside its count in the title ("200 sleeping"
// beside 40 squares, with no scale, read as 40 threads).
func TestPhoneSleepingGridSaysItsScale(t *testing.T) {
	txt, snap := requestLoadPhone(t)
	assert.Regexp(t, `\n1 square = \d+( threads)?\n`+Count(int64(waitingPlatform(snap)))+" sleeping( platform threads)?\n", txt)
}

// requestLoadPhone builds request-load's judged frame (the fixed pool at
// 600 ms, the virtual-thread run beside it) on a phone's canvas.
func requestLoadPhone(t *testing.T) (string, *sim.Snapshot) {
	in, side := runScene(t, sceneCase{"request-load", "pool-200", 600 * sim.Millisecond})
	withContrast(t, &in, "request-load", "virtual-per-request", "virtual threads")
	// A title and a caption as long as the page's (two and five lines
	// on a phone): the panels' heights under them are the page's.
	in.Title = "a fixed pool of 200 platform threads, Executors.newFixedThreadPool(200)"
	in.Caption = "The pool's 200 threads are all asleep; 8,800 tasks wait for one while the 12 CPUs are idle. " +
		"Only 200 tasks sleep at a time, so 10,000 tasks take 50 rounds of just over 100 ms; round 6 is under way."
	var l List
	Build(&l, phoneCanvas[0], phoneCanvas[1], &Header{Scenario: "request-load"}, []*Side{side}, []SideInput{in}, &Options{Scale: phoneCanvas[2]})
	return texts(&l), in.Snap
}

// On a phone, the task queue's panel that has room only for the two runs'
// time bars is titled after them, not "tasks waiting for a thread" (no
// queue was drawn under that title); on the desktop the queue's grid is
// drawn under its own title.
func TestPhoneQueuePanelTitleMatchesItsBars(t *testing.T) {
	txt, snap := requestLoadPhone(t)
	assert.Contains(t, txt, "\nhow long 10,000 tasks take")
	assert.Contains(t, txt, "\n"+Count(int64(snap.ExecQueued))+" queued\n")
	assert.NotContains(t, txt, "waiting for a thread")
	in, side := runScene(t, sceneCase{"request-load", "pool-200", 600 * sim.Millisecond})
	withContrast(t, &in, "request-load", "virtual-per-request", "virtual threads")
	var l List
	Build(&l, 1134, 464, &Header{Scenario: "request-load"}, []*Side{side}, []SideInput{in}, &Options{})
	assert.Contains(t, texts(&l), "tasks waiting for a pool thread")
	assert.NotContains(t, texts(&l), "how long")
}

// On a phone, the thread running on a carrier is drawn on its carrier's
// lane, its token a line high, under the carriers' title: folded to the
// title alone, the carriers' row was empty and the running thread only a
// green dot in the OS threads' grid (the lesson, a few carriers run the
// virtual threads, was nowhere).
func TestPhoneDrawsTheRunningThreadOnItsCarrier(t *testing.T) {
	in, side := runScene(t, sceneCase{"loom-carrier", "256-vthreads", sim.Duration(1001.13 * float64(sim.Millisecond))})
	in.MemLimit = 256 * sim.MB // the page's
	require.Equal(t, 1, busyLanes(in.Snap))
	var l List
	Build(&l, phoneCanvas[0], phoneCanvas[1], &Header{Scenario: "loom-carrier"}, []*Side{side}, []SideInput{in}, &Options{Scale: phoneCanvas[2]})
	worker := "worker-" + itoa(busyLane(in.Snap)+1)
	var name *Item
	for i := range l.Items[:l.legendFrom] {
		if it := &l.Items[i]; it.Kind == KindText && it.Text == worker {
			name = it
		}
	}
	require.NotNil(t, name, "the busy carrier's lane names it: %s", texts(&l))
	token := false
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindRect && it.Meaning == MeanVirtual && it.X > name.X && it.Y <= name.Y+1 && it.Y+it.H >= name.Y+CharH*name.Size-1 {
			token = true
		}
	}
	assert.True(t, token, "the running thread's token on %s's lane, a line high", worker)
}

// On a phone's canvas a running call's narrow cell says what it sends or
// reads, "request" under "sends" (a bare "sends" left readers asking
// what), and
// a parked request thread says that it awaits (its calls are its row),
// where "parked" left its wait unsaid.
func TestRacePhoneCellsSayWhatTheyDo(t *testing.T) {
	in, side := runScene(t, sceneCase{"llm-router", "virtual", 300 * sim.Millisecond})
	in.Models = []string{"haiku", "sonnet", "opus"}
	var l List
	Build(&l, phoneCanvas[0], phoneCanvas[1], &Header{Scenario: "llm-router"}, []*Side{side}, []SideInput{in}, &Options{Scale: phoneCanvas[2]})
	txt := texts(&l)
	assert.Regexp(t, "\n(sends\nrequest|reads\nanswer)\n", txt, "a running call's two lines")
	assert.Contains(t, txt, "\nawaits\n", "a parked request thread's wait")
	// Its idle carriers' slots say so, as a desktop's do: an outlined
	// number alone read as a mark of another kind.
	idle := 0
	for _, c := range in.Snap.Carriers {
		if c.Thread == 0 {
			idle++
		}
	}
	require.Positive(t, idle)
	assert.Equal(t, idle, countLines(txt, "idle"), "one \"idle\" per idle carrier")
}

// countLines counts the lines of txt that are s.
func countLines(txt, s string) int {
	n := 0
	for _, line := range strings.Split(txt, "\n") {
		if line == s {
			n++
		}
	}
	return n
}

// On a phone, an empty queue of threads waiting for a carrier takes no
// row ("waiting for a carrier · 0 waiting" was an empty row), and its
// room goes to the OS panel, where the resident memory is: the parked
// threads' panel keeps its height (taller, it labelled its squares with
// thread ids).
func TestPhoneEmptyQueueTakesNoRow(t *testing.T) {
	in, side := runScene(t, sceneCase{"loom-carrier", "256-vthreads", sim.Duration(1001.13 * float64(sim.Millisecond))})
	in.MemLimit = 256 * sim.MB // the page's
	require.Zero(t, in.Snap.RunQueueLen, "the judged frame's queue is empty")
	var l List
	Build(&l, phoneCanvas[0], phoneCanvas[1], &Header{Scenario: "loom-carrier"}, []*Side{side}, []SideInput{in}, &Options{Scale: phoneCanvas[2]})
	assert.NotContains(t, texts(&l), "waiting for a carrier")
	assert.NotContains(t, texts(&l), "0 waiting")

	sc := SceneOf(&in, true)
	require.True(t, sc.QueueFolded)
	r, scale := Rect{W: phoneCanvas[0], H: 400 * phoneCanvas[2]}, phoneCanvas[2]
	folded := LayoutScene(r, sc, scale)
	require.True(t, folded.Compact(r, scale))
	sc.QueueFolded = false
	kept := LayoutScene(r, sc, scale)
	assert.True(t, folded.RunQueue.Empty(), "no row for the empty queue")
	assert.False(t, kept.RunQueue.Empty())
	assert.Equal(t, kept.Parked.H, folded.Parked.H, "the parked threads keep their height")
	assert.InDelta(t, kept.OS.H+kept.RunQueue.H+3*scale, folded.OS.H, 0.5, "the OS panel gets the queue's row")
}

// On a phone, loom-carrier's frame draws the memory bar, the lesson (the
// carriers' OS threads against the virtual threads' sliver of heap, at
// one scale with the JVM itself and the container's limit), in its
// compact form, under a caption of four lines and a header of two as the
// judged frame has them: it had only a line of totals, and readers asked
// for the bar.
func TestLoomCarrierPhoneDrawsTheMemoryBar(t *testing.T) {
	in, side := runScene(t, sceneCase{"loom-carrier", "256-vthreads", sim.Duration(1001.13 * float64(sim.Millisecond))})
	in.MemLimit = 256 * sim.MB
	in.Caption = "16 virtual threads cost 15.9 KB of heap; their 8 carriers' OS threads cost 25.5 MB of RAM outside it. Most of the container's 256 MB is the JVM itself."
	in.Title = "256 MB container: 16 event loops (8 client, 8 server) as virtual threads"
	var l List
	Build(&l, phoneCanvas[0], phoneCanvas[1], &Header{Scenario: "loom-carrier"}, []*Side{side}, []SideInput{in}, &Options{Scale: phoneCanvas[2]})
	txt := texts(&l)
	jvm := false
	for _, it := range l.Items[:l.legendFrom] {
		jvm = jvm || it.Kind == KindRect && it.Meaning == MeanJVMItself
	}
	assert.True(t, jvm, "the JVM itself drawn as the bar's part: %s", txt)
	assert.Contains(t, txt, "\n8 carriers' OS threads: "+PartsSize(in.Snap.RSSThreads)+"\n")
	assert.Contains(t, txt, "\n256 MB limit\n")
	assert.Contains(t, txt, "\n"+Count(int64(in.Snap.VirtualLive))+" virtual threads: ")
}

// On a phone the carriers' leader runs down their left edge, well clear
// of the heap's words on the row it crosses: from the carriers' middle
// it stood beside "heap 12.7 MB" and was read as the heap's pointer.
func TestLoomCarrierPhoneLeaderClearOfTheHeapWords(t *testing.T) {
	in, side := runScene(t, sceneCase{"loom-carrier", "256-vthreads", sim.Duration(1001.13 * float64(sim.Millisecond))})
	in.MemLimit = 256 * sim.MB
	var l List
	Build(&l, phoneCanvas[0], phoneCanvas[1], &Header{Scenario: "loom-carrier"}, []*Side{side}, []SideInput{in}, &Options{Scale: phoneCanvas[2]})
	var heap *Item
	for i := range l.Items[:l.legendFrom] {
		if it := &l.Items[i]; it.Kind == KindText && strings.HasPrefix(it.Text, "heap ") {
			heap = it
		}
	}
	require.NotNil(t, heap, "the heap's words: %s", texts(&l))
	sc := phoneCanvas[2]
	for _, it := range l.Items[:l.legendFrom] {
		// A vertical line crossing the heap's words' row, left of them.
		if it.Kind == KindLine && it.X == it.X2 && it.X < heap.X && min(it.Y, it.Y2) < heap.Y+CharH*sc && max(it.Y, it.Y2) > heap.Y {
			assert.GreaterOrEqual(t, heap.X-it.X, 3*CharW*sc, "a leader %v px left of the heap's words", heap.X-it.X)
		}
	}
}

// On a phone, loom-carrier's judged frame (no total of requests, as the
// page runs it) says where the idle carriers are and draws its parked
// threads as tokens on their panel's one line, beside the memory bar:
// with one busy lane and "15 parked" over no mark, a reader asked where
// the other seven carriers and the fifteen threads were.
func TestLoomCarrierPhoneDrawsIdleCarriersAndParkedTokens(t *testing.T) {
	in, side := runScene(t, sceneCase{"loom-carrier", "256-vthreads", sim.Duration(1001.13 * float64(sim.Millisecond))})
	in.MemLimit = 256 * sim.MB
	in.Requests = 0
	in.Caption = "16 virtual threads cost 15.9 KB of heap; their 8 carriers' OS threads cost 25.5 MB of RAM outside it. Most of the container's 256 MB is the JVM itself."
	in.Title = "256 MB container: 16 event loops (8 client, 8 server) as virtual threads"
	var l List
	Build(&l, phoneCanvas[0], phoneCanvas[1], &Header{Scenario: "loom-carrier"}, []*Side{side}, []SideInput{in}, &Options{Scale: phoneCanvas[2]})
	txt := texts(&l)
	assert.Contains(t, txt, "\nthe other 7: idle\n")
	assert.Contains(t, txt, "\n· 589 requests\n", "the count with its unit")
	virtual, jvm := 0, false
	for _, it := range l.Items[:l.legendFrom] {
		virtual += btoi(it.Kind == KindRect && it.Meaning == MeanVirtual)
		jvm = jvm || it.Kind == KindRect && it.Meaning == MeanJVMItself
	}
	assert.Equal(t, 16, virtual, "the running thread's token and the 15 parked ones: %s", txt)
	assert.True(t, jvm, "the memory bar still drawn")
}
