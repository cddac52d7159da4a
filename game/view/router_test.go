package view

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every model call's thread on a carrier or ready for one is named with
// its request, at every millisecond of llm-router's first 300 (the
// snapshot lists the scopes of running and ready threads first; with the
// scope table's first 64 alone, some were not listed). The request each
// call's thread was forked by comes from the events: a fork's subtasks
// are the threads started just before it.
func TestRunningAndReadyThreadsNameTheirRace(t *testing.T) {
	sc, err := scenario.Get("llm-router")
	require.NoError(t, err)
	sm, _, err := sc.NewSim("virtual", nil, 1)
	require.NoError(t, err)
	sm.Record(1 << 16)
	models := []string{"haiku", "sonnet", "opus"}
	forkedBy := map[sim.ThreadID]sim.ThreadID{}
	var started, ev []sim.Event
	var snap sim.Snapshot
	var s Side
	var roles []threadRole
	calls, drawn := 0, false
	for at := sim.Millisecond; at <= 300*sim.Millisecond; at += sim.Millisecond {
		sm.Advance(sim.Time(at), 1<<30)
		var lost int64
		ev, lost = sm.DrainEvents(ev[:0])
		require.Zero(t, lost)
		for _, e := range ev {
			switch e.Kind {
			case sim.EvThreadStart:
				started = append(started, e)
			case sim.EvFork:
				for _, st := range started[max(0, len(started)-int(e.A)):] {
					forkedBy[st.Thread] = e.Thread
				}
			}
		}
		sm.Fill(&snap)
		roles = s.races.roles(&snap, roles)
		ids := append([]sim.ThreadID(nil), snap.RunQueue[:min(len(snap.RunQueue), maxLabelled)]...)
		mounted := map[sim.ThreadID]bool{}
		for _, c := range snap.Carriers {
			ids = append(ids, c.Thread)
			mounted[c.Thread] = true
		}
		var named []string
		for _, id := range ids {
			owner, ok := forkedBy[id]
			if !ok {
				continue
			}
			calls++
			found := false
			for _, r := range roles {
				if r.id == id {
					found = true
					assert.Equal(t, owner, r.owner, "call %v at %v", id, at)
					if mounted[id] {
						named = append(named, modelName(models, r.model)+" of "+owner.String())
					}
				}
			}
			assert.True(t, found, "call %v of request %v has no role at %v", id, owner, at)
		}
		if !drawn && len(named) > 0 {
			// The carriers, on point, name the race of each call they
			// run (the ready ones are cells of their race's row).
			drawn = true
			in := input("virtual", &snap, true)
			in.Scopes, in.Models = true, models
			var l List
			Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
			say := regionSay(&l, "carriers")
			for _, n := range named {
				assert.Contains(t, say, n)
			}
		}
	}
	require.Positive(t, calls, "calls ran")
}

// Carriers signalled to take ready threads are drawn waking up, with the
// model's wake-up time, not as idle beside the ready threads.
func TestCarriersBeingWokenSayWhy(t *testing.T) {
	snap := &sim.Snapshot{Parallelism: 4, RunQueue: []sim.ThreadID{9}, RunQueueLen: 1, VirtualLive: 100,
		Carriers: []sim.CarrierView{{ID: 1, Thread: 3, State: sim.StateRunning, OnCPU: true, Frames: 40},
			{ID: 2, State: sim.StateRunning}, {ID: 3, State: sim.StateParked, Reason: sim.ParkIdle}, {ID: 4, State: sim.StateParked, Reason: sim.ParkIdle}}}
	snap.ParkedCount[sim.ParkSocket] = 99
	in := input("v", snap, true)
	in.WakeLatency = 50 * sim.Microsecond
	for _, running := range []bool{true, false} { // lanes each, and folded in a still frame
		var l List
		Build(&l, 1200, 800, &Header{Running: running}, []*Side{NewSide()}, []SideInput{in}, nil)
		txt := texts(&l)
		assert.Contains(t, txt, Dur(50*sim.Microsecond), "running=%v", running)
		assert.Contains(t, txt, "carriers: 4 OS threads for all 100 virtual threads", "the few carriers against all the threads, in the lanes' title")
		withJVM := in
		snapJVM := *snap
		snapJVM.PlatformLive = 11
		withJVM.Snap = &snapJVM
		var lj List
		Build(&lj, 1200, 800, &Header{Running: running}, []*Side{NewSide()}, []SideInput{withJVM}, nil)
		assert.Contains(t, texts(&lj), "carriers: 4 of the JVM's 11 OS threads run all 100 virtual threads",
			"the carriers as a part of the JVM's OS threads (\"4 OS threads\" beside the caption's 11 read as a contradiction)")
		if running {
			assert.Contains(t, txt, "waking up")
		} else {
			// Each waking carrier is a small lane of its own, its
			// dashed slot named by its number, with what it does in
			// a few words, and an arrow up from the ready row.
			assert.Contains(t, txt, "worker-2\nwaking up: takes a ready thread in 50.0 µs\n")
			assert.Positive(t, upArrows(&l), "an arrow from the ready row up to the waking carriers")
			assert.Contains(t, txt, "worker-3, -4: idle")
		}
	}
	// More carriers woken than threads ready: why, by the scheduler's
	// rule (a thread made ready in an empty queue signals one idle
	// carrier, a carrier that takes one with more behind it the next; one
	// that finds none left sleeps again): "the first 1 awake take the ready
	// thread" left readers asking why wake more.
	snap.Carriers[2].State = sim.StateRunning
	snap.RunQueue = nil
	for _, w := range []float32{1600, 1134} {
		var l List
		Build(&l, w, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
		// Truly: carriers were signalled for the ready threads, a busy
		// one may take a thread first, so a waking carrier takes one
		// only if one is left.
		assert.Contains(t, texts(&l), "worker-2\nworker-3\nwaking up: takes a ready thread in 50.0 µs, if one is left\n", texts(&l))
		assert.Contains(t, texts(&l), "if one is left\n", texts(&l))
	}
	snap.Carriers[2].State, snap.RunQueue = sim.StateParked, []sim.ThreadID{9}
	// With no thread ready, a running carrier with nothing mounted is
	// looking for work: not waking.
	snap.RunQueue, snap.RunQueueLen = nil, 0
	assert.False(t, carrierWaking(snap, 1))
}

// The folded heap line leaves the StackChunks' reconciliation with the
// threads off a carrier to the explanation on point.
func TestFoldedHeapLeavesTheChunkSumToTheExplanation(t *testing.T) {
	snap := &sim.Snapshot{VirtualLive: 20, RunQueueLen: 2}
	snap.ParkedCount[sim.ParkSocket] = 16
	snap.Chunks.Live, snap.Chunks.LiveBytes = 16, 16<<10
	snap.Heap = sim.HeapView{Max: 1 << 30, EdenCap: 1 << 28, EdenUsed: 4 << 20}
	var l List
	l.Reset(1200, 100)
	drawFoldedHeap(&l, Rect{W: 1100, H: 24}, snap, &OkabeIto, 1)
	txt := texts(&l)
	assert.NotContains(t, txt, "off a carrier")
	// When a stack is in the heap, against the legend's "stack on the
	// carrier (native, not heap)".
	assert.Contains(t, txt, "stacks are copied into it (16.0 KB)")
	assert.NotContains(t, txt, "16 StackChunks", "no count that invites a sum with the 18 threads off a carrier")
	var wide List
	wide.Reset(1800, 100)
	drawFoldedHeap(&wide, Rect{W: 1700, H: 24}, snap, &OkabeIto, 1)
	assert.NotContains(t, texts(&wide), "stays on its carrier", "the running threads' stacks are the legend's to say (readers found the line long)")
	say := ""
	for _, r := range l.Regions() {
		say += r.Text
	}
	assert.True(t, strings.Contains(say, "for 18 threads off a carrier"), say)
}

// Parked groups whose scale is said in the panel's title use the rows
// their panel gives them: llm-router's two groups kept a note's room
// under their cells and drew one row of squares each, at 50 threads a
// square, above empty room.
func TestParkedScaleInTitleUsesTheRows(t *testing.T) {
	snap := &sim.Snapshot{Parallelism: 8, VirtualLive: 1400}
	snap.ParkedCount[sim.ParkSocket], snap.ParkedCount[sim.ParkJoin] = 1042, 349
	in := input("v", snap, true)
	in.Models = []string{"haiku", "sonnet", "opus"}
	var s Side
	var l List
	l.Reset(1200, 800)
	s.drawParked(&l, Rect{X: 0, Y: 0, W: 610, H: 78}, &in, &OkabeIto, 1)
	txt := texts(&l)
	require.Contains(t, txt, "1 square = ")
	assert.Contains(t, txt, "1 square = 10 threads", txt)
}

// After a seek, the threads in join listed by the tick before it are of
// another time: the race's owner is found by its wake-up alone (checked
// against that stale list, the request went unnamed in the frame after a
// seek and a step to a win).
func TestRaceOwnerFoundAfterASeek(t *testing.T) {
	side := NewSide()
	before := &sim.Snapshot{Time: 0, Parallelism: 2}
	before.Parked[sim.ParkJoin] = []sim.ThreadID{1}
	side.Tick(before, nil, false)
	at := sim.Time(300 * sim.Millisecond)
	side.Tick(&sim.Snapshot{Time: at, Parallelism: 2}, raceDecidedInOneTick(at), false)
	require.Len(t, side.races.recent, 1)
	assert.Equal(t, sim.ThreadID(38), side.races.recent[0].view.Owner)
}

// Each race cell is drawn in its thread's state's look, the look the
// lanes and the parked panel give it: a running call has the lanes'
// green dot, a waiting one the parked panel's small square and no token,
// a ready one a token as in the ready row. Where the races are the
// picture (virtual threads), the cells say their state alone (the calls'
// thread numbers, with gaps, read as a puzzle) and the threads' line,
// counting each state with its look, is their key: no second legend.
func TestRaceCellsLookLikeTheirState(t *testing.T) {
	snap := &sim.Snapshot{Parallelism: 2, RunQueue: []sim.ThreadID{3}, RunQueueLen: 1, VirtualLive: 4, Mounted: 1,
		Carriers: []sim.CarrierView{{ID: 1, Thread: 2, State: sim.StateRunning, OnCPU: true, Frames: 40}, {ID: 2, State: sim.StateRunning}},
		Scopes: []sim.ScopeView{{Owner: 1, Winner: -1, Subtasks: []sim.SubtaskView{
			{Thread: 2, State: sim.StateRunning}, {Thread: 3, Model: 1, State: sim.StateRunnable}, {Thread: 4, Model: 2, State: sim.StateParked}}}}}
	snap.Parked[sim.ParkJoin] = []sim.ThreadID{1}
	snap.ParkedCount[sim.ParkJoin], snap.ParkedCount[sim.ParkSocket] = 1, 1
	in := input("router", snap, true)
	in.Scopes, in.Models = true, []string{"haiku", "sonnet", "opus"}
	in.WakeLatency = 50 * sim.Microsecond
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
	region := func(name string) Rect {
		for _, r := range l.Regions() {
			if r.Name == name {
				return r.R
			}
		}
		t.Fatalf("no %q region", name)
		return Rect{}
	}
	scopes, threads := region("scopes"), region("virtual threads")
	var cells []Rect
	for _, h := range l.Hits() {
		if h.Thread >= 2 && h.Thread <= 4 && scopes.Contains(h.R) {
			cells = append(cells, h.R)
		}
	}
	require.Len(t, cells, 3, "the three calls' cells")
	in2 := func(r Rect, x, y float32) bool { return x >= r.X && x <= r.Right() && y >= r.Y && y <= r.Bottom() }
	// A dash of an outline lies on its cell's edge (the parked sign's
	// thin rows are inside it).
	onEdge := func(it Item, c Rect) bool {
		return it.X <= c.X+0.5 || it.X+it.W >= c.Right()-0.5 || it.Y <= c.Y+0.5 || it.Y+it.H >= c.Bottom()-0.5
	}
	// Each state its own look at a glance (the ready cells, filled like
	// the running ones but for a small dot, read as busy): running a
	// filled token framed in the on-a-CPU green with its dot, ready
	// hollow (a blue outline, no fill), parked an hourglass (a square
	// read as the legend's "virtual thread" swatch, two bars as a media
	// player's pause).
	var green, full, edges, bars [3]int
	for _, it := range l.Items {
		for i, c := range cells {
			cx, cy := it.X+it.W/2, it.Y+it.H/2
			if it.Kind == KindCircle {
				cx, cy = it.X, it.Y
			}
			if !in2(c, cx, cy) {
				continue
			}
			switch {
			case it.Meaning == MeanOnCPU:
				green[i]++
			case it.Meaning == MeanVirtual && it.W >= c.W-0.5 && it.H >= c.H-0.5:
				full[i]++
			case it.Meaning == MeanVirtual && it.H > 2*it.W && it.H < c.H*0.8:
				bars[i]++
			case it.Meaning == MeanVirtual && min(it.W, it.H) <= 3 && onEdge(it, c):
				edges[i]++
			}
		}
	}
	// The races' picture: the blue fill alone says running on a carrier
	// (the green frame and dot of "its carrier on a CPU" always came with
	// it: one mark too many, readers said).
	assert.Equal(t, [3]int{0, 0, 0}, green, "no green on the races' cells: the blue fill says running")
	assert.Equal(t, [3]int{1, 0, 0}, full, "only the running call is a filled token")
	// Dashed: many short edges, as a carrier woken for it is drawn.
	assert.Zero(t, edges[0]+edges[2], "only the ready call is outlined")
	assert.Greater(t, edges[1], 8, "the ready call is hollow: a dashed blue outline, not a frame's 4 sides")
	assert.Equal(t, [3]int{0, 0, 0}, bars, "no cell is a pause sign's two bars")
	for i, want := range []int{0, 0, 1} {
		assert.Equal(t, want, hourglasses(l.Items, cells[i]), "only the waiting call is the parked sign (cell %d)", i)
	}
	// The cells say their state, in the larger bold, without the calls'
	// thread numbers; the request whose calls run is named as brightly
	// as the tokens' words, a parked call dimly.
	owners := 0
	var words []string
	for _, it := range l.Items {
		if it.Kind != KindText || !scopes.Contains(it.Bounds()) {
			continue
		}
		if it.Text == "#1" {
			owners++
			assert.Equal(t, OkabeIto.Text, it.Color, "the request of a running call is bright")
		}
		if it.Text == "parked on network" {
			assert.Equal(t, OkabeIto.TextDim, it.Color, "a waiting call is dim")
		}
		if it.Bold {
			words = append(words, it.Text)
		}
	}
	assert.Equal(t, 1, owners, "the request's cell")
	// The running call says which carrier runs it, by the number the
	// carriers' slots name it with, in words as well as by its badge
	// (bare badges read as step numbers); the ready one why it waits (a
	// carrier is waking for it, as its slot says); the parked one what it waits on (it
	// is parked on its socket).
	assert.Equal(t, []string{"#1", "on carrier 1, sends its request", "carrier waking", "parked on network"}, words, "each cell its state's reason, in bold")
	// Past its blocking call (the model's Answered), a running call
	// reads the answer rather than sends its request.
	answered := *snap
	answered.Scopes = []sim.ScopeView{{Owner: 1, Winner: -1, Subtasks: append([]sim.SubtaskView(nil), snap.Scopes[0].Subtasks...)}}
	answered.Scopes[0].Subtasks[0].Answered = true
	inRead := in
	inRead.Snap = &answered
	var read List
	Build(&read, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{inRead}, nil)
	assert.Contains(t, texts(&read), "\non carrier 1, reads the answer\n")
	assert.NotContains(t, texts(&read), "sends its request")
	txt := texts(&l)
	// The parked request thread of an open race says what it waits for,
	// under its number (a parked sign alone left readers guessing), and
	// the columns are headed by the models' names alone.
	assert.Contains(t, txt, "\n#1\nawaits calls\n", "the request cell says what it waits for: \"parked\" alone beside its running calls read as a contradiction")
	assert.Contains(t, txt, "\nHaiku\nSonnet\nOpus\n")
	assert.NotContains(t, txt, "Haiku call")
	// No key under the rows: the threads' line counts each state after
	// its look (a dot on a token, a token, a square).
	assert.NotContains(t, txt, "parked, no answer yet")
	assert.NotContains(t, txt, "ready (new, or answer arrived)", "the ready row is folded into the threads' line")
	assert.Contains(t, txt, "4 virtual threads = \n1 running on 1 of 2 carriers + \n1 ready (carriers waking: 50.0 µs) + \n2 parked, needing no carrier")
	var lineGreen, lineTokens, lineEdges int
	for _, it := range l.Items {
		if it.Meaning == MeanNone || !threads.Contains(it.Bounds()) {
			continue
		}
		switch {
		case it.Meaning == MeanOnCPU:
			lineGreen++
		case it.H >= CharH*0.6:
			lineTokens++
		case min(it.W, it.H) <= 2 && it.W <= 3*it.H:
			lineEdges++
		}
	}
	assert.Equal(t, [2]int{0, 1}, [2]int{lineGreen, lineTokens}, "the cells' looks: running a blue token")
	assert.Equal(t, 1, hourglasses(l.Items, threads), "parked: the cells' hourglass")
	assert.Greater(t, lineEdges, 4, "ready: a dashed outline, as the cells")
	// The carriers are a row of slots, one per carrier, each saying what
	// it does: the busy one in the running cells' blue with its thread
	// (by its race: "#1 Haiku"), the one woken for the ready thread
	// "waking up" (folded to a line of words, readers saw idle carriers
	// beside ready cells and took it for a scheduler bug). The first
	// row is named once, each slot says its carrier's number.
	carriers := region("carriers")
	assert.Contains(t, txt, "\ncarriers\n1\n#1 Haiku\n2\nwaking up\n")
	blue := 0
	for _, it := range l.Items {
		if it.Meaning != MeanNone && carriers.Contains(it.Bounds()) {
			assert.Equal(t, MeanVirtual, it.Meaning, "a busy slot is the running cells' blue, nothing else is marked")
			blue++
		}
	}
	assert.Equal(t, 1, blue, "one busy carrier, one blue slot (a waking one is not the ready cells' dashes)")
	assert.Contains(t, regionSay(&l, "carriers"), "carrier 1 runs #2 (Haiku of #1)")
	assert.Contains(t, regionSay(&l, "carriers"), "carrier 2 (worker-2) is waking up to take a ready thread")
	// More carriers waking than threads ready: the one due to wake first
	// (the model's wake-up time, not its number) takes the ready thread
	// and says "waking up"; the other will find none and reads "idle"
	// (why it was woken is on point).
	two := *snap
	two.Carriers = append([]sim.CarrierView(nil), snap.Carriers...)
	two.Carriers[1].WakeAt = 200
	two.Carriers = append(two.Carriers, sim.CarrierView{ID: 3, State: sim.StateRunning, Exec: -1, WakeAt: 100})
	two.Parallelism = 3
	in3 := in
	in3.Snap = &two
	var more List
	Build(&more, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in3}, nil)
	assert.Contains(t, texts(&more), "\n2\nidle\n3\nwaking up\n")
	say := regionSay(&more, "carriers")
	assert.Regexp(t, `carrier 2 \(worker-2\) is idle, though its OS thread is waking up[^;]*find the queue empty`, say)
	assert.Regexp(t, `carrier 3 \(worker-3\) is waking up[^;]*among the first 1 to finish waking`, say)
	assert.Contains(t, regionSay(&more, "virtual threads"), "2 idle carriers are waking for 1 ready thread: the scheduler wakes a carrier when a thread lands in an empty queue")
	// No carrier waking: a ready cell says why it waits all the same,
	// and the threads' line gives no wake-up as the reason.
	snap.Carriers[1].State, snap.Carriers[1].Reason = sim.StateParked, sim.ParkIdle
	var idle List
	Build(&idle, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
	assert.NotContains(t, texts(&idle), "carrier waking")
	assert.Contains(t, texts(&idle), "\nneeds a carrier\n")
	assert.Contains(t, texts(&idle), "\n1 ready + \n", "no wake-up said as the reason")
	assert.Contains(t, texts(&idle), "\n2\nidle\n", "an idle carrier's slot")
	assert.Contains(t, regionSay(&idle, "carriers"), "carrier 2 idle, asleep")
	assert.NotContains(t, texts(&idle), "waking", "no wake-up to explain")
	// Why a running call has not won, in the title: a call runs to send
	// its request and again to read its answer.
	assert.Contains(t, txt, "the first call to finish wins")
}

// On a platform pool the races panel is the ordinary one: a key under the
// rows names each look drawn, with the flow parked -> ready -> running,
// and what a running call does.
func TestRaceKeyOnAPool(t *testing.T) {
	snap := &sim.Snapshot{Cores: 2, Scopes: []sim.ScopeView{{Owner: 1, Winner: -1, Subtasks: []sim.SubtaskView{
		{Thread: 2, State: sim.StateRunning}, {Thread: 3, Model: 1, State: sim.StateRunnable}, {Thread: 4, Model: 2, State: sim.StateParked}}}}}
	in := input("router", snap, false)
	in.Scopes = true
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
	txt := texts(&l)
	for _, w := range []string{"parked, no answer yet", "ready: waits for a carrier", "running"} {
		assert.Contains(t, txt, w+"\n", "the key names %q", w)
	}
	strokes := 0
	for _, it := range l.Items {
		if it.Kind == KindLine && it.Color == OkabeIto.TextDim {
			strokes++
		}
	}
	assert.Equal(t, 6, strokes, "two arrows in the key")
	assert.Contains(t, txt, "running: sends its request, or reads its answer; the first to finish wins\n")
	assert.NotContains(t, txt, "cancelled\n", "no cancelled cell, no key entry")
}

// The stack bar's scale is said in full ("full bar = 2.0 KB") or not at
// all: the cut "bar 2.0 KB" read as cryptic.
func TestStackBarScaleInFullOrNot(t *testing.T) {
	snap := &sim.Snapshot{Parallelism: 2, VirtualLive: 10,
		Carriers: []sim.CarrierView{{ID: 1, Thread: 3, State: sim.StateRunning, OnCPU: true, Frames: 90}, {ID: 2, Thread: 4, State: sim.StateRunning, OnCPU: true, Frames: 75}}}
	in := input("v", snap, true)
	full := false
	for w := float32(500); w <= 1800; w += 20 {
		var l List
		Build(&l, w, 500, &Header{Running: true}, []*Side{NewSide()}, []SideInput{in}, nil)
		for _, line := range strings.Split(texts(&l), "\n") {
			assert.False(t, strings.HasPrefix(line, "bar "), "%q at width %v", line, w)
			full = full || strings.HasPrefix(line, "full bar = ")
		}
	}
	assert.True(t, full, "said in full at some width")
}

// The count line above the race rows counts each kind of row drawn where
// it is: "1 just decided, showing 1 of the 49 still waiting" above two
// rows read as a miscount.
func TestRaceCountsSayWhichRows(t *testing.T) {
	snap := &sim.Snapshot{Parallelism: 2, ScopesOpen: 50, Scopes: []sim.ScopeView{{Owner: 1, Winner: -1, Subtasks: []sim.SubtaskView{
		{Thread: 2, State: sim.StateParked}, {Thread: 3, State: sim.StateParked}, {Thread: 4, State: sim.StateParked}}},
		{Owner: 5, Winner: 1, Subtasks: []sim.SubtaskView{
			{Thread: 6, Model: 0, Cancelled: true}, {Thread: 7, Model: 1, Done: true}, {Thread: 8, Model: 2, Cancelled: true},
		}}}}
	in := input("router", snap, false)
	in.Scopes = true
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
	assert.Contains(t, texts(&l), "top: 1 just decided; below: 1 of the 49 undecided races\n")
	// Where the races are the picture (virtual threads), shorter.
	in.Virtual = true
	var lead List
	Build(&lead, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
	// In plain words (readers could not parse "1 just decided, then 1
	// of 49 undecided").
	// How the open rows were picked, not a count beside the requests
	// done ("3 of 350 races" made readers stop).
	// The counts are the panel's title there (the rule is the caption's).
	// Said as a sample, with how many are open (readers did not see
	// that three rows were a few of ~350 races).
	// The rows as a part of all the races, the one just won among them
	// ("1 just won + 2 of 349 open" was hard to read).
	// "now": the count is of the races now, not of all there are;
	// "showing": the rows are a sample of them.
	// The race just won has ended (its request's thread #5 is nowhere):
	// said apart, not among the races now, whose threads are the threads
	// there are ("351 races" × 4 against 1,400 threads read as wrong);
	// the "other" races ("and 2 of the 350 races now" was still asked
	// whether the ended one was among the 350).
	assert.Contains(t, texts(&lead), "\nshowing 1 just ended and 1 of the 49 other races now\n")
	assert.NotContains(t, texts(&lead), "first call to finish")
	assert.NotContains(t, texts(&lead), "undecided")
	// Its request's thread still running (replying): one of the races now.
	snap.Carriers = append(snap.Carriers, sim.CarrierView{ID: 3, Thread: 5, State: sim.StateRunning, OnCPU: true, Frames: 60})
	var replying List
	Build(&replying, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
	assert.Contains(t, texts(&replying), "\nshowing 2 of the 50 races now\n")
	assert.NotContains(t, texts(&replying), "of 49", "the race just won is among the races now while its request replies")
}

// The folded OS-threads line gives the count's parts and no more: the
// caption sets the parked virtual threads against the carriers and the
// JVM's OS threads, and readers found the frame's bottom lines long.
func TestFoldedOSLineKeepsToItsParts(t *testing.T) {
	snap := &sim.Snapshot{VirtualLive: 100, PlatformLive: 11, RSS: 50 << 20,
		Carriers: []sim.CarrierView{{ID: 1}, {ID: 2}, {ID: 3}, {ID: 4}}}
	snap.ParkedCount[sim.ParkSocket] = 99
	var l List
	l.Reset(1200, 100)
	drawFoldedOS(&l, Rect{W: 1100, H: 24}, snap, false, &OkabeIto, 1)
	txt := texts(&l)
	assert.Contains(t, txt, "OS threads: 11 = the 4 carriers + 7 of the JVM's own (GC, compiler, main); resident memory 50.0 MB")
	assert.NotContains(t, txt, "none for the parked")
}

// upArrows counts vertical segments drawn upward (an arrow's shaft from
// the ready row to the carriers waking for it).
func upArrows(l *List) int {
	n := 0
	for _, it := range l.Items {
		if it.Kind == KindLine && it.X == it.X2 && it.Y2 < it.Y {
			n++
		}
	}
	return n
}

// Where virtual threads run the races, the races are the picture: at the
// page's desktop canvas size the races panel is the frame's largest
// block, and the carriers, the ready and the parked threads, the heap and
// the OS threads are a line each (readers rated the frame with a panel
// for each "dense": 253 words outside the caption and the legend; a cut
// is a behaviour, so this fails if the folded panels grow back). The
// threads' line adds up to the live virtual threads.
func TestRaceLeadFoldsTheRest(t *testing.T) {
	in, side := runScene(t, sceneCase{"llm-router", "virtual", 300 * sim.Millisecond})
	in.Models, in.WakeLatency = []string{"haiku", "sonnet", "opus"}, 50*sim.Microsecond
	var l List
	Build(&l, 1134, 464, &Header{Scenario: "llm-router"}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	var caption, scopes Rect
	for _, r := range l.Regions() {
		switch r.Name {
		case "caption":
			caption = r.R
		case "scopes":
			scopes = r.R
		}
	}
	require.False(t, scopes.Empty())
	for _, r := range l.Regions() {
		if r.Name != "scopes" && r.Name != "caption" {
			assert.Less(t, r.R.H, scopes.H/3, "%q is folded to a line", r.Name)
		}
	}
	words := 0
	var lines []string
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindText && !caption.Contains(it.Bounds()) {
			words += len(strings.Fields(it.Text))
			lines = append(lines, it.Text)
		}
	}
	txt := strings.Join(lines, "")
	t.Logf("%d words outside the caption and the legend: %s", words, strings.Join(lines, " | "))
	assert.LessOrEqual(t, words, 140, "words outside the caption and the legend: %s", txt)
	for _, cut := range []string{"worker-", "1 square", "ready (new", "full bar"} {
		assert.NotContains(t, txt, cut, "folded into a line (its words are on point)")
	}
	m := regexp.MustCompile(`([0-9,]+) virtual threads = ([0-9,]+) running on ([0-9,]+) of 8 carriers \+ (?:([0-9,]+) ready[^+]*\+ )?([0-9,]+) parked, needing no carrier`).FindStringSubmatch(txt)
	require.NotNil(t, m, txt)
	n := func(s string) int { v, _ := strconv.Atoi(strings.ReplaceAll(s, ",", "")); return v }
	assert.Equal(t, n(m[1]), n(m[2])+n(m[4])+n(m[5]), "the threads' line adds up")
	// The lesson in the counts: the running threads hold as many
	// carriers, the parked none (readers: "never stated outright").
	assert.Equal(t, n(m[2]), n(m[3]), "each running thread holds a carrier")
	assert.Equal(t, in.Snap.RunQueueLen > 0, m[4] != "", "a ready count only where a thread is ready")
	assert.Equal(t, int(in.Snap.VirtualLive), n(m[1]))
	assert.Contains(t, txt, "virtual threads = ", "the sum on its face (how the races make it up is on point)")
	assert.NotContains(t, txt, "per race", "\"(4 per race)\" beside 1,397 did not divide")
	// Whether the race's threads count among the live threads, from
	// the model (readers asked): at 300 ms they have ended, and their
	// cells say so.
	assert.Contains(t, txt, "won, ended")
	assert.NotContains(t, txt, "answered first", "the caption's and the step's words")
	assert.Contains(t, txt, "cancelled, ended")
	// The request's own thread, named where its column starts.
	assert.Contains(t, txt, "request thread")
	// The carriers are a row of slots; each running cell starts with its
	// carrier's badge, drawn as that carrier's slot starts (the same
	// size and ink: the eye pairs them without reading), and the slot is
	// busy, naming the cell's thread by its race.
	carriers := Rect{}
	for _, r := range l.Regions() {
		if r.Name == "carriers" {
			carriers = r.R
		}
	}
	slot := map[string]*Item{}
	var cellBadges []*Item
	for _, i := range l.names {
		it := &l.Items[i]
		switch {
		case carriers.Contains(it.Bounds()):
			slot[it.Text] = it
		case scopes.Contains(it.Bounds()):
			cellBadges = append(cellBadges, it)
		}
	}
	require.NotEmpty(t, cellBadges, "the running cells carry their carriers' badges")
	assert.Len(t, slot, 8, "every carrier's slot starts with its badge")
	for _, b := range cellBadges {
		s, ok := slot[b.Text]
		require.True(t, ok, "badge %s has a carrier's slot", b.Text)
		assert.Equal(t, [2]any{s.Size, s.Color}, [2]any{b.Size, b.Color}, "badge %s drawn alike in the cell and the slot", b.Text)
		k, _ := strconv.Atoi(b.Text)
		assert.NotZero(t, in.Snap.Carriers[k-1].Thread, "carrier %s runs a thread", b.Text)
	}
	assert.Contains(t, strings.Join(lines, "|"), "|carriers|1|")
	// The running cells say their carrier in words too, the badge's
	// number: bare badges read as step numbers or a ranking.
	for _, b := range cellBadges {
		assert.Contains(t, txt, "on carrier "+b.Text+", ", "the cell with badge %s says its carrier and what the call does", b.Text)
	}
	assert.Contains(t, txt, "awaits", "an open race's parked request says what it waits for")
	assert.NotContains(t, txt, "waking", "no thread is ready: no carrier waking for one")
	assert.Regexp(t, `(Haiku|Sonnet|Opus|request) (of )?#[0-9]+`, regionSay(&l, "carriers"))
}

// Once the learning router calls one model alone and its last races are
// over, the races are no longer the picture: the ordinary panels return
// (a races panel as wide as the side would be empty).
func TestRaceLeadEndsWithTheRaces(t *testing.T) {
	snap := &sim.Snapshot{Parallelism: 2, VirtualLive: 3, RouterSingle: -1, Scopes: []sim.ScopeView{{Owner: 1, Winner: -1,
		Subtasks: []sim.SubtaskView{{Thread: 2, State: sim.StateParked}}}}}
	in := input("router", snap, true)
	in.Scopes = true
	assert.True(t, SceneOf(&in, true).ScopesLead)
	snap.RouterSingle = 0
	assert.True(t, SceneOf(&in, true).ScopesLead, "a race still open")
	snap.Scopes = nil
	assert.False(t, SceneOf(&in, true).ScopesLead, "no race left")
	snap.RouterSingle = -1
	assert.True(t, SceneOf(&in, true).ScopesLead, "before the first race")
}

// The frame says whether the threads of the race drawn as just won are
// among the live threads the threads' line counts: "do the cancelled
// count in the 1,397?", a reader asked. From the model's state: a
// cancelled call still unwinding is live (said on the threads' line);
// one whose thread ended is not (its cell says "ended", as the winner's).
func TestThreadsLineSaysWhetherCancelledCount(t *testing.T) {
	for _, c := range []struct {
		done bool
		want string
	}{{false, "(1 cancelled among them, still ending)"}, {true, "cancelled, ended\nwon, ended\ncancelled, ended"}} {
		snap := &sim.Snapshot{Parallelism: 2, RunQueue: []sim.ThreadID{6}, RunQueueLen: 1, VirtualLive: 3, ScopesOpen: 2,
			Carriers: []sim.CarrierView{{ID: 1, Thread: 2, State: sim.StateRunning, OnCPU: true}, {ID: 2, State: sim.StateParked, Reason: sim.ParkIdle}},
			Scopes: []sim.ScopeView{{Owner: 1, Winner: -1, Subtasks: []sim.SubtaskView{{Thread: 2, State: sim.StateRunning}}},
				{Owner: 5, Winner: 1, Subtasks: []sim.SubtaskView{
					{Thread: 6, State: sim.StateRunnable, Cancelled: true, Done: c.done}, {Thread: 7, Model: 1, Done: true},
					{Thread: 8, Model: 2, Cancelled: true, Done: true}}}}}
		if c.done {
			snap.RunQueue, snap.RunQueueLen, snap.VirtualLive = nil, 0, 2
		}
		in := input("router", snap, true)
		in.Scopes, in.Models = true, []string{"haiku", "sonnet", "opus"}
		var l List
		Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
		assert.Contains(t, texts(&l), c.want, texts(&l))
	}
}

// A cancelled call's cell is struck through with a hatch in the dim ink,
// inside its cell: the won and the ended cells are not (the dim fill and
// a small cross alone read as plain "ended": "cancelling does not stand
// out"). A pattern, not a colour: no stroke carries a meaning.
func TestCancelledCellsAreStruckThrough(t *testing.T) {
	snap := &sim.Snapshot{Parallelism: 2, VirtualLive: 2, ScopesOpen: 1,
		Carriers: []sim.CarrierView{{ID: 1, State: sim.StateParked, Reason: sim.ParkIdle}, {ID: 2, State: sim.StateParked, Reason: sim.ParkIdle}},
		Scopes: []sim.ScopeView{{Owner: 5, Winner: 1, Subtasks: []sim.SubtaskView{
			{Thread: 6, Cancelled: true, Done: true}, {Thread: 7, Model: 1, Done: true}, {Thread: 8, Model: 2, Done: true}}}}}
	in := input("router", snap, true)
	in.Scopes, in.Models = true, []string{"haiku", "sonnet", "opus"}
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
	cells := map[sim.ThreadID]Rect{}
	for _, h := range l.Hits() {
		if h.Thread >= 6 && h.Thread <= 8 {
			cells[h.Thread] = h.R
		}
	}
	require.Len(t, cells, 3)
	strokes := map[sim.ThreadID]int{}
	for _, it := range l.Items {
		if it.Kind != KindLine || it.X == it.X2 || it.Y == it.Y2 || it.Meaning != MeanNone {
			continue
		}
		for id, c := range cells {
			if c.Contains(Rect{X: min(it.X, it.X2), Y: min(it.Y, it.Y2), W: max(it.X, it.X2) - min(it.X, it.X2), H: max(it.Y, it.Y2) - min(it.Y, it.Y2)}) &&
				it.Color == OkabeIto.TextDim {
				strokes[id]++
			}
		}
	}
	assert.Greater(t, strokes[6], 10, "the cancelled cell is hatched across, in the dim ink at full strength")
	fill := map[sim.ThreadID]Color{}
	for _, it := range l.Items {
		for id, c := range cells {
			if it.Kind == KindRect && it.Meaning == MeanVirtual && it.Bounds() == c {
				fill[id] = it.Color
			}
		}
	}
	// The ended cell has no fill, an outline in the dim ink: a dimmed
	// blue fill read as running ("won, ended" looked like a running cell).
	assert.Greater(t, fill[6].A, uint8(0), "the cancelled cell keeps a faint fill under its hatch")
	assert.Zero(t, fill[8].A, "the ended cell has no blue fill")
	// Its words on a plate of the panel's ground, over the hatch.
	plates := 0
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Color == OkabeIto.Panel && cells[6].Contains(it.Bounds()) && it.W < cells[6].W {
			plates++
		}
	}
	assert.Equal(t, 1, plates, "the cancelled cell's words sit on a plate")
	assert.Zero(t, strokes[7], "the won cell is not")
	assert.Zero(t, strokes[8], "an ended cell is not")
	assert.Contains(t, texts(&l), "cancelled, ended")
}

// The threads' line says how many threads a race holds where the live
// threads are the open races' (readers asked why 1,397 threads for some
// 350 requests), but for at most one race's worth still finishing; not
// where the count would not hold.
func TestThreadsLineSaysThreadsPerRace(t *testing.T) {
	for _, c := range []struct {
		live, open, models int
		want               string
	}{{1397, 349, 3, "349 races × 4 + 1 finishing = 1,397"}, {1396, 349, 3, "349 races × 4 = 1,396"}, {1401, 349, 3, ""},
		{1395, 349, 3, ""}, {1397, 349, 0, ""}, {1, 0, 3, ""}, {7, 2, 2, "2 races × 3 + 1 finishing = 7"}} {
		snap := &sim.Snapshot{VirtualLive: c.live, ScopesOpen: c.open}
		assert.Equal(t, c.want, perRace(snap, c.models), "%+v", c)
	}
}

// regionSay is the on-point sentence of l's first region named name.
func regionSay(l *List, name string) string {
	for _, r := range l.Regions() {
		if r.Name == name {
			return r.Text
		}
	}
	return ""
}

// A parked call says it waits on the network only where the model parks
// it on its socket: listed there, or, where the socket's list is cut
// short, listed under no other reason.
func TestParkedCallOnNetwork(t *testing.T) {
	var snap sim.Snapshot
	snap.Parked[sim.ParkSocket], snap.ParkedCount[sim.ParkSocket] = []sim.ThreadID{4}, 1
	snap.Parked[sim.ParkJoin], snap.ParkedCount[sim.ParkJoin] = []sim.ThreadID{5}, 1
	assert.True(t, onNetwork(&snap, 4), "listed on the socket")
	assert.False(t, onNetwork(&snap, 5), "parked in a join")
	assert.False(t, onNetwork(&snap, 6), "the socket's list is whole and does not hold it")
	snap.ParkedCount[sim.ParkSocket] = 200
	assert.True(t, onNetwork(&snap, 6), "the socket's list is cut short, no other list holds it")
	assert.False(t, onNetwork(&snap, 5), "listed in a join")
	assert.False(t, onNetwork(&snap, 0))
}

// The legend keys a won cell once, as "won, ended": a plain "ended"
// entry beside it for the same cell looked alike to readers. It keys
// "ended" where a cell that ended without winning is drawn.
func TestWonCellKeyedOnce(t *testing.T) {
	for _, plainEnded := range []bool{false, true} {
		second := sim.SubtaskView{Thread: 7, Model: 1, Cancelled: true, Done: true}
		if plainEnded {
			second.Cancelled = false
		}
		snap := &sim.Snapshot{Parallelism: 2, VirtualLive: 1,
			Carriers: []sim.CarrierView{{ID: 1, Thread: 5, State: sim.StateRunning, OnCPU: true}, {ID: 2, State: sim.StateParked, Reason: sim.ParkIdle}},
			Scopes: []sim.ScopeView{{Owner: 5, Winner: 0, Subtasks: []sim.SubtaskView{
				{Thread: 6, Done: true}, second, {Thread: 8, Model: 2, Cancelled: true, Done: true}}}}}
		in := input("router", snap, true)
		in.Scopes, in.Models = true, []string{"haiku", "sonnet", "opus"}
		var l List
		Build(&l, 1200, 800, &Header{}, []*Side{NewSide()}, []SideInput{in}, nil)
		var legend []string
		for _, it := range l.Items[l.legendFrom:] {
			if it.Kind == KindText {
				legend = append(legend, it.Text)
			}
		}
		assert.Contains(t, legend, "won, ended")
		if plainEnded {
			assert.Contains(t, legend, "ended", "an ended cell drawn: keyed")
		} else {
			assert.NotContains(t, legend, "ended", "no ended cell drawn but the won one: no ended key")
		}
	}
}

// In the races' picture a cancelled call is its hatch and its word, in
// the cells and in the legend's swatch alike: a phone's cells had no room
// for the cross the swatch drew, and readers took the swatch for a look
// no cell had. And every request's number is in one ink: dim for a
// request whose calls were all parked, it was a difference nothing
// explained.
func TestRaceCancelledLooksAlikeAndIdsOneInk(t *testing.T) {
	in, side := runScene(t, sceneCase{"llm-router", "virtual", 300 * sim.Millisecond})
	in.Models = []string{"haiku", "sonnet", "opus"}
	// (Numbers on a running cell's blue are in the panel's dark ink.)
	p0 := Palettes[0]
	for _, sz := range [][3]float32{{1134, 464, 1}, phoneCanvas} {
		var l List
		Build(&l, sz[0], sz[1], &Header{Scenario: "llm-router"}, []*Side{side}, []SideInput{in}, &Options{Scale: sz[2]})
		var lines []Item
		ids := map[Color]string{}
		cancelled := 0
		for _, it := range l.Items {
			switch {
			case it.Kind == KindLine:
				lines = append(lines, it)
			case it.Kind == KindText && len(it.Text) > 1 && it.Text[0] == '#' && !strings.Contains(it.Text, " ") && it.Color != p0.Background:
				ids[it.Color] = it.Text
			case it.Kind == KindText && strings.HasPrefix(it.Text, "cancelled"):
				cancelled++
			}
		}
		require.Positive(t, cancelled, "%v: the premise, cancelled cells", sz)
		assert.Len(t, ids, 1, "%v: the requests' numbers in one ink: %v", sz, ids)
		for i, a := range lines {
			for _, b := range lines[i+1:] {
				x := min(a.X, a.X2) == min(b.X, b.X2) && max(a.X, a.X2) == max(b.X, b.X2) &&
					min(a.Y, a.Y2) == min(b.Y, b.Y2) && max(a.Y, a.Y2) == max(b.Y, b.Y2) &&
					(a.X2-a.X)*(a.Y2-a.Y)*(b.X2-b.X)*(b.Y2-b.Y) < 0
				assert.False(t, x, "%v: a cross at (%v, %v)", sz, a.X, a.Y)
			}
		}
	}
}
