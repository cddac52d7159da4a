package story

import (
	"github.com/stretchr/testify/assert"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// tick is the virtual time per tick the tests observe at: a playground
// tick at a speed of one virtual second per real second.
const tick = 1000.0 / 60

func contains(t *testing.T, what, text string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(text, p) {
			t.Errorf("%s: %q does not say %q", what, text, p)
		}
	}
}

func lacks(t *testing.T, what, text string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if strings.Contains(text, p) {
			t.Errorf("%s: %q should not say %q", what, text, p)
		}
	}
}

func TestPoolingNamesTheFullGCsOnceTheyStart(t *testing.T) {
	r := newRun(t, "vt-pooling/1g-pool", nil, 1)
	before := r.to(100, tick)
	contains(t, "1g-pool at 100 ms", before, "10,000 pooled virtual threads", "thread-local caches", "no Full GC yet")
	if _, ok := r.has(FirstFullGC); ok {
		t.Fatalf("a Full GC moment before the first Full GC: %v", r.seen)
	}
	after := r.to(2350, tick)
	if r.snap.FullGCs == 0 {
		t.Fatal("no Full GC by 2.35 s: the test's premise is gone")
	}
	// At 2.35 s a young pause runs (the heap's banner says so): the
	// caption is the lesson as one chain, cause to cost, in two lines of
	// the desktop canvas at most, with the Full GCs counted once they
	// start (the page's browser test reads them from state().caption).
	contains(t, "1g-pool at 2.35 s", after, "fill the old gen", count(r.snap.FullGCs)+" Full GCs so far", "GC takes", "of the time")
	lacks(t, "1g-pool at 2.35 s", after, "no Full GC yet", "A young GC")
	// What a thread per request does instead is drawn from a second run
	// of that case under the heap's marks (game/play/contrast.go), not
	// said: the caption keeps to the shown case.
	lacks(t, "1g-pool at 2.35 s", after, "thread per request", "thread-per-request")
	lacks(t, "1g-pool at 100 ms", before, "thread per request", "thread-per-request")
	if len(after) > 200 {
		t.Errorf("1g-pool at 2.35 s: the caption is %d characters, more than two lines: %q", len(after), after)
	}
	m, ok := r.has(FirstFullGC)
	if !ok {
		t.Fatalf("no Full GC moment; moments %v", r.seen)
	}
	contains(t, "first Full GC", m.Sentence, "First Full GC at", "thread-local data")
	if strings.Contains(m.Sentence, "It found the old gen") {
		// Told in its pause: the numbers of the old gen as drawn then.
		contains(t, "first Full GC", m.Sentence, "% live data, the rest garbage")
	} else {
		contains(t, "first Full GC", m.Sentence, "stayed live")
	}
	if m.At <= 0 || m.At > r.snap.Time {
		t.Errorf("first Full GC at %v, outside the run so far (%v)", m.At, r.snap.Time)
	}
	for _, k := range []Kind{ChunkAbandoned, OldGenHalf, C2Compiled} {
		if _, ok := r.has(k); !ok {
			t.Errorf("no %s moment by 2.35 s in 1g-pool", k)
		}
	}
}

// The same story told for other knobs says other things: a heap large
// enough has no Full GC, a thread per request keeps no cache.
func TestPoolingSentencesFollowTheKnobs(t *testing.T) {
	big := newRun(t, "vt-pooling/1g-pool", map[string]string{"heap_mb": "16384"}, 1)
	c := big.to(2350, tick)
	contains(t, "16 GB pooled", c, "pooled virtual threads")
	if _, ok := big.has(FirstFullGC); ok {
		t.Error("a Full GC moment with a 16 GB heap")
	}
	fresh := newRun(t, "vt-pooling/1g-nopool", nil, 1)
	c = fresh.to(1000, tick)
	contains(t, "1g-nopool", c, "fresh virtual thread", "dies with it")
	lacks(t, "1g-nopool", c, "pooled")
	if _, ok := fresh.has(ChunkAbandoned); ok {
		t.Error("a pooled thread's chunk was abandoned in a run without a pool")
	}
	small := newRun(t, "vt-pooling/1g-pool", map[string]string{"pool_size": "500", "connections": "500"}, 7)
	c = small.to(500, tick)
	contains(t, "500 pooled threads", c, "500 pooled virtual threads")
}

func TestRequestLoadPoolQueue(t *testing.T) {
	r := newRun(t, "request-load/pool-200", nil, 1)
	c := r.to(600, tick)
	q := r.snap.TasksQueued
	if q < 1000 {
		t.Fatalf("pool-200 at 0.6 s: %d tasks queued, expected thousands", q)
	}
	contains(t, "pool-200 at 0.6 s", c, "The pool's 200 threads are all asleep", counti(q)+" tasks wait for one", "while the 12 CPUs are idle", "50 rounds of just over 100 ms;",
		"round "+counti(int(r.snap.RequestsDone)/200+1)+" is under way")
	lacks(t, "pool-200 at 0.6 s", c, "a little longer")
	m, ok := r.has(PoolFull)
	if !ok {
		t.Fatal("no pool-full moment")
	}
	contains(t, "pool-full", m.Sentence, "200 pool threads", "every further task joins the queue")
	lacks(t, "pool-full", m.Sentence, counti(q)) // the queue's count is the caption's
	c = r.to(10_000, tick)
	contains(t, "pool-200 done", c, "All 10,000 tasks finished after")
	if _, ok := r.has(Finished); !ok {
		t.Error("no finished moment")
	}

	// A pool as large as the batch: nothing waits.
	big := newRun(t, "request-load/pool-200", map[string]string{"pool_size": "10000"}, 1)
	c = big.to(600, tick)
	lacks(t, "pool of 10,000", c, "tasks wait for one")
	if _, ok := big.has(PoolFull); ok {
		t.Error("a pool-full moment with a pool as large as the batch")
	}
	// Tasks that compute: the CPUs, not the pool, are the limit.
	cpu := newRun(t, "request-load/pool-200", map[string]string{"work": "cpu", "requests": "2000", "cpu_ms": "5"}, 1)
	contains(t, "pool with CPU work", cpu.to(20, tick), "Each task computes", "all 12 CPUs are busy")
}

func TestRequestLoadPinnedOnlyWhereItPins(t *testing.T) {
	pinned := newRun(t, "request-load/virtual-per-request", map[string]string{"pin": "true", "jdk": "21"}, 1)
	c := pinned.to(20, tick)
	contains(t, "pin on JDK 21", c, "carriers are pinned", "inside synchronized")
	m, ok := pinned.has(CarrierPinned)
	if !ok {
		t.Fatal("no pinned moment on JDK 21")
	}
	contains(t, "pinned moment", m.Sentence, "JDK 21", "synchronized")
	free := newRun(t, "request-load/virtual-per-request", map[string]string{"pin": "true", "jdk": "25"}, 1)
	c = free.to(60, tick)
	contains(t, "pin on JDK 25", c, "virtual threads are asleep at once and hold none of the 11 carriers") // started: 11 of 12
	if _, ok := free.has(CarrierPinned); ok {
		t.Error("a pinned moment on JDK 25, where synchronized does not pin")
	}
	if _, ok := free.has(ManyWaiting); !ok {
		t.Error("no many-waiting moment with 10,000 virtual threads asleep")
	}
}

func TestRequestLoadPlatformPerTask(t *testing.T) {
	r := newRun(t, "request-load/platform-per-request", map[string]string{"requests": "3000"}, 3)
	c := r.to(100, tick)
	contains(t, "platform per task", c, "OS threads are alive, one per task", "of 3,000", "µs each")
}

func TestRouterRacesAndCancels(t *testing.T) {
	r := newRun(t, "llm-router/virtual", nil, 1)
	c := r.to(300, tick)
	// The lesson first, in at most twenty words; then one number of now,
	// the live virtual threads on how few OS threads, and why carriers
	// idle beside them.
	contains(t, "llm-router/virtual at 0.3 s", c, "Each request races Haiku, Sonnet and Opus, a virtual thread per call; the first answer wins.",
		" virtual threads share 8 carriers (OS threads); the parked threads wait for answers.")
	// Two sentences, no more: who holds a carrier is the threads' line's
	// (a longer caption read as dense).
	if n := strings.Count(c, ". "); n > 1 {
		t.Errorf("the caption grew past two sentences: %q", c)
	}
	if strings.Contains(c, "of the JVM's") {
		t.Errorf("the JVM's other OS threads are on point, not in the caption (readers asked what they were): %q", c)
	}
	if strings.Contains(c, "parked calls") {
		t.Errorf("the parked calls are the threads line's to count (the caption keeps to two lines): %q", c)
	}
	if strings.Contains(c, "of heap") {
		t.Errorf("the heap is the heap line's, not the caption's: %q", c)
	}
	lessonShort(t, c)
	m, ok := r.has(LosersCancelled)
	if !ok {
		t.Fatal("no losers-cancelled moment")
	}
	contains(t, "losers-cancelled", m.Sentence, "race is decided:", "answered first", "cancelled the other calls")
	if _, ok := r.has(RouterSingle); ok {
		t.Error("a router switch without the router")
	}
	router := newRun(t, "llm-router/router", map[string]string{"switch_after": "100"}, 2)
	c = router.to(1500, tick)
	contains(t, "router", c, "now calls", "alone", "races were decided")
	if _, ok := router.has(RouterSingle); !ok {
		t.Error("no router-single moment")
	}
	platform := newRun(t, "llm-router/platform", nil, 1)
	c = platform.to(300, tick)
	contains(t, "llm-router/platform", c, "of the pool's 200 platform threads", "requests wait for a thread")
	if _, ok := platform.has(PoolFull); !ok {
		t.Error("no pool-full moment on the platform pool")
	}
}

func TestBasicsMemoryAndStart(t *testing.T) {
	for _, kind := range []string{"virtual", "platform"} {
		r := newRun(t, "vt-basics/memory-virtual", map[string]string{"kind": kind, "threads": "2000"}, 1)
		c := r.to(1000, tick)
		contains(t, "2,000 sleeping "+kind, c, "All 2,000 "+kind+" threads ", "sleep", "each")
		m, ok := r.has(AllAsleep)
		if !ok {
			t.Errorf("%s: no all-asleep moment", kind)
			continue
		}
		// What each holds, true of the kind: a platform thread's stack is
		// an OS thread's, not a StackChunk in the heap.
		holds := map[string]string{"virtual": "its Thread object and its parked stack in the heap", "platform": "an OS thread and its reserved stack"}
		assert.Contains(t, m.Sentence, holds[kind], kind)
	}
	r := newRun(t, "vt-basics/create-platform", nil, 1)
	contains(t, "create-platform at 100 ms", r.to(100, tick), "Main has started", "of 10,000 platform threads", "prints a line")
	contains(t, "create-platform done", r.to(2000, tick), "All 10,000 platform threads started and finished in")
}

func TestCarrierLoopsAndRSS(t *testing.T) {
	loom := newRun(t, "loom-carrier/256-vthreads", nil, 1)
	c := loom.to(1500, tick)
	contains(t, "256-vthreads", c, "virtual threads cost", "8 carriers' OS threads", "of the container's 256 MB")
	if m, ok := loom.has(CarriersStarted); !ok {
		t.Error("no carriers-started moment with loom-carrier")
	} else {
		// It is told when the first carrier starts and stays on screen
		// while the others start: it gives no count that goes stale.
		assert.NotRegexp(t, `\d`, m.Bare, "the carriers-started moment")
		// It says why the carriers are idle on a still frame, not that
		// carriers start "as work arrives", which a still frame does
		// not show.
		assert.Contains(t, m.Bare, "a few carriers serve many loops")
		assert.NotContains(t, m.Bare, "as work arrives")
	}
	// The article's comparison first, in one sentence of at most twenty
	// words, as the model computes it: the virtual threads' heap against
	// the carriers' OS threads, each named as the memory it is (heap
	// objects, RAM outside the heap), with no ratio of the two; no saving
	// is claimed against a run with every loop a platform thread. Then
	// the memory, short. Nothing said of "parked" loops while one runs.
	vt, th := virtualThreadsHeap(&loom.snap), loom.snap.RSSThreads
	if !strings.HasPrefix(c, "16 virtual threads cost "+view.Size(vt)+" of heap; their 8 carriers' OS threads cost "+view.Size(th)+" of RAM outside it. ") {
		t.Errorf("256-vthreads: the contrast does not lead: %q", c)
	}
	if strings.Contains(c, "×") {
		t.Errorf("256-vthreads: a ratio of heap bytes to resident bytes: %q", c)
	}
	if strings.Contains(c, "parked, each") {
		t.Errorf("256-vthreads: a cost said of the parked loops alone: %q", c)
	}
	// The memory's largest part, the JVM itself, is named; its figures
	// are the memory bar's alone (readers found each number twice).
	contains(t, "256-vthreads", c, "Most of the container's 256 MB is the JVM itself.")
	for _, b := range []sim.Bytes{loom.snap.RSS, loom.snap.RSSJVM} {
		if strings.Contains(c, view.PartsSize(b)) {
			t.Errorf("256-vthreads: the bar's figure %s said again: %q", view.PartsSize(b), c)
		}
	}
	lessonShort(t, c)
	if strings.Contains(c, "so far") {
		t.Errorf("256-vthreads: an average beside the instant's counts: %q", c)
	}
	if strings.Contains(c, "less native memory") {
		t.Errorf("256-vthreads: a saving the container's runs do not show: %q", c)
	}
	even := newRun(t, "loom-carrier/256-vthreads", map[string]string{"event_loops": "4", "workers": "4"}, 2)
	contains(t, "8 loops on 8 carriers", even.to(500, tick), "saves no OS thread")
	plat := newRun(t, "loom-carrier/256-platform", nil, 1)
	c = plat.to(1500, tick)
	contains(t, "256-platform", c, "8 Netty event loops each own a platform thread", "Resident memory is")
	if _, ok := plat.has(CarriersStarted); ok {
		t.Error("a carriers-started moment with platform event loops")
	}
}

// A teller that starts on a run already under way (a scrubbed position)
// tells the state but announces none of what happened before it came.
func TestTellerStartedMidRunKeepsOldNewsQuiet(t *testing.T) {
	r := newRun(t, "request-load/pool-200", nil, 1)
	r.to(600, tick)
	late := New(r.teller.setup)
	if got := late.Observe(&r.snap, nil); len(got) != 0 {
		t.Errorf("moments from before the teller started: %v", got)
	}
	contains(t, "late teller", late.Caption(&r.snap, nil), "tasks wait for one")
}

func TestEveryStoryTellsEveryScenarioWithoutPanicAtTimeZero(t *testing.T) {
	var snap sim.Snapshot
	for _, id := range []string{"vt-pooling", "request-load", "vt-basics", "loom-carrier", "llm-router", "sandbox"} {
		tl := New(Setup{Scenario: id})
		tl.Observe(&snap, nil)
		if tl.Caption(&snap, nil) == "" {
			t.Errorf("%s: empty caption at time zero", id)
		}
		if len(tl.Kinds()) < 3 {
			t.Errorf("%s: kinds %v", id, tl.Kinds())
		}
	}
}

func TestFormats(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{count(8776), "8,776"}, {count(-1234567), "-1,234,567"}, {count(12), "12"},
		{size(549 * sim.MB), "549 MB"}, {size(7800 * sim.KB), "7.6 MB"}, {size(19 * 1024 * sim.MB), "19 GB"}, {size(816), "816 B"},
		{duration(2350 * sim.Millisecond), "2.35 s"}, {duration(52_500), "53 µs"}, {duration(5_200), "5.2 µs"}, {duration(600 * sim.Millisecond), "600 ms"},
		{percent(1, 3), "33 %"}, {percent(1, 1000), "under 1 %"}, {percent(0, 0), "0 %"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// Every event kind is named in words of its own (the step line), not by
// the kind's code name.
func TestEventSentences(t *testing.T) {
	for k := sim.EvThreadStart; k <= sim.EvPark; k++ {
		e := sim.Event{At: 5 * sim.Time(sim.Millisecond), Kind: k, Thread: 42, Carrier: 3, A: 1, B: 2}
		s := Event(&e)
		if s == k.String()+"." || !strings.HasSuffix(s, ".") || strings.Contains(s, "invalid") {
			t.Errorf("%s: %q", k, s)
		}
	}
}

// A pause's length is written as the picture's banner writes the time
// left: one decimal of a millisecond ("11.3 ms", not "11 ms").
func TestPauseLengthOneDecimal(t *testing.T) {
	e := sim.Event{Kind: sim.EvGCPause, A: int64(11300 * sim.Microsecond)}
	for a, want := range map[sim.Duration]string{11300 * sim.Microsecond: "stops for 11.3 ms.", 2 * sim.Millisecond: "stops for 2.0 ms."} {
		e.A = int64(a)
		if s := Event(&e); !strings.Contains(s, want) {
			t.Errorf("%q does not say %q", s, want)
		}
	}
}

// The caption says where the virtual threads' memory is (the heap; its
// parts are the heap panel's, drawn) and the OS threads in one sentence,
// with no aside on units: two lines, where three were "dense".
func TestBasicsSplitsTheThreadsMemory(t *testing.T) {
	r := newRun(t, "vt-basics/memory-virtual", nil, 1)
	c := r.to(300, tick)
	contains(t, "memory-virtual at 300 ms", c, "7.8\u00a0MB of heap, about", "each, and 11 OS threads", "as platform threads they'd reserve 18.75\u00a0GB")
	lacks(t, "memory-virtual at 300 ms", c, "StackChunk")
	if len(c) > 140 {
		t.Errorf("memory-virtual at 300 ms: %d characters, more than two lines: %q", len(c), c)
	}
	lacks(t, "memory-virtual at 300 ms", c, "the rest")
	lacks(t, "memory-virtual at 300 ms", c, "1,048,576")
}

// lessonShort fails when a caption's first sentence (its lesson) is longer
// than twenty words or the caption has more than two sentences.
func lessonShort(t *testing.T, caption string) {
	t.Helper()
	sentences := strings.SplitAfter(caption, ". ")
	if n := len(strings.Fields(sentences[0])); n > 20 {
		t.Errorf("the lesson takes %d words (at most 20): %q", n, sentences[0])
	}
	if len(sentences) > 2 {
		t.Errorf("%d sentences (at most 2): %q", len(sentences), caption)
	}
}

// A step to a win names the request (the scope's owner, as the scopes
// panel lists it) and the model, so the step line and the table agree.
func TestStepToWinNamesTheRequest(t *testing.T) {
	snap := &sim.Snapshot{Scopes: []sim.ScopeView{{Owner: 2902, Winner: 0, Subtasks: []sim.SubtaskView{
		{Thread: 2903, Model: 0}, {Thread: 2904, Model: 1}, {Thread: 2905, Model: 2}}}}}
	win := &sim.Event{Kind: sim.EvWin, Thread: 2903, A: 0}
	got := StepEvent(win, snap, []string{"haiku", "sonnet", "opus"}, 0)
	// The race cells no longer carry the calls' thread numbers: the step
	// names the request and the model, as the table does.
	if got != "Request #2902's Haiku call answered first: it wins, the others are cancelled." {
		t.Errorf("step line %q", got)
	}
	// A scope no longer listed: the owner the caller remembers, else the
	// thread and the model alone.
	if got = StepEvent(win, &sim.Snapshot{}, []string{"haiku"}, 2902); !strings.HasPrefix(got, "Request #2902's Haiku call answered first") {
		t.Errorf("step line %q", got)
	}
	got = StepEvent(win, &sim.Snapshot{}, []string{"haiku"}, 0)
	if !strings.HasPrefix(got, "The Haiku call on thread #2903 answered first") {
		t.Errorf("step line %q", got)
	}
	if e := (&sim.Event{Kind: sim.EvGCEnd}); StepEvent(e, snap, nil, 0) != Event(e) {
		t.Error("other events are told as Event tells them")
	}
}

// A scenario without an article (gc-lab) running platform threads only
// counts them as platform threads on the machine's CPUs, not as "0
// virtual threads on N carriers".
func TestGenericCaptionPlatformThreadsOnly(t *testing.T) {
	r := newRun(t, "gc-lab/pooled", nil, 1)
	c := r.to(500, tick)
	if r.snap.VirtualLive != 0 || r.snap.PlatformApp == 0 {
		t.Fatalf("the test's premise: platform threads only (virtual %d, platform %d)", r.snap.VirtualLive, r.snap.PlatformApp)
	}
	contains(t, "gc-lab/pooled at 500 ms", c, count(int64(r.snap.PlatformApp))+" platform threads, each its own OS thread, on "+counti(r.snap.Cores)+" CPUs")
	lacks(t, "gc-lab/pooled at 500 ms", c, "0 virtual threads", "carriers")
}

// The pooled caption says "fill" only once the old gen is half full, and
// the first Full GC's sentence gives the collector's reason (at the first
// Full GC of 1g-pool the old gen was a quarter full).
func TestPoolingFillWordAndFullGCReason(t *testing.T) {
	r := newRun(t, "vt-pooling/1g-pool", nil, 1)
	var c string
	for ms := 50.0; ms <= 700; ms += 50 {
		c = r.to(ms, tick)
		if r.snap.FullGCs > 0 {
			break
		}
	}
	if r.snap.FullGCs == 0 {
		t.Fatal("no Full GC by 700 ms: the test's premise is gone")
	}
	// In the Full GC's pause the caption's numbers are the old gen as the
	// collector found it, as the picture draws it then.
	h := r.snap.Heap
	if r.snap.PauseFull {
		h = h.AsFound()
	}
	half := 2*h.OldUsed >= h.OldCap
	if kept := h.OldLive[sim.CatThreadLocal]; 2*kept < h.OldUsed {
		contains(t, "after the first Full GC", c, "stay live")
	} else if half {
		contains(t, "after the first Full GC", c, "fill the old gen")
	} else {
		contains(t, "after the first Full GC", c, "pile up in the old gen")
		lacks(t, "after the first Full GC", c, "fill the old gen")
	}
	m, ok := r.has(FirstFullGC)
	if !ok {
		t.Fatalf("no Full GC moment; moments %v", r.seen)
	}
	contains(t, "first Full GC", m.Sentence, ", because ")
}

// A pause's step line names its kind: the caption counts Full GCs, and a
// young pause that did not say so was read as one of them.
func TestPauseNamesItsKind(t *testing.T) {
	young := sim.Event{Kind: sim.EvGCPause, A: int64(11300 * sim.Microsecond)}
	full := young
	full.B = 1
	if s := Event(&young); !strings.HasPrefix(s, "A young GC began") {
		t.Errorf("a young pause: %q", s)
	}
	if s := Event(&full); !strings.HasPrefix(s, "A Full GC began") {
		t.Errorf("a Full GC's pause: %q", s)
	}
}

// A platform thread's wake-up waits for a CPU, not a carrier: gc-lab's
// sleepers are platform threads.
func TestWakeSentenceNamesWhatItWaitsFor(t *testing.T) {
	platform := Event(&sim.Event{Kind: sim.EvUnpark, Thread: 42, A: 0})
	virtual := Event(&sim.Event{Kind: sim.EvUnpark, Thread: 42, A: 1})
	if platform != "platform thread #42 woke up and waits for a CPU." {
		t.Errorf("platform: %q", platform)
	}
	if !strings.Contains(virtual, "waits for a free carrier") {
		t.Errorf("virtual: %q", virtual)
	}
}
