package play

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

func mustLoad(t *testing.T, p *Playground, spec string) {
	t.Helper()
	s, err := ParseSpec(spec)
	require.NoError(t, err)
	require.NoError(t, p.Load(s))
}

func TestParseSpec(t *testing.T) {
	s, err := ParseSpec(`{"scenario":"request-load","case":"pool-200","knobs":{"pool_size":100,"pin":true,"work":"cpu","sleep_ms":2.5},"seed":7,"compare":["pool-200","virtual-per-request"]}`)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"pool_size": "100", "pin": "true", "work": "cpu", "sleep_ms": "2.5"}, s.Knobs)
	assert.Equal(t, uint64(7), s.Seed)
	assert.Equal(t, []string{"pool-200", "virtual-per-request"}, s.Cases())

	s, err = ParseSpec(`{"scenario":"request-load"}`)
	require.NoError(t, err)
	assert.Equal(t, uint64(1), s.Seed, "seed defaults to 1")
	assert.Equal(t, []string{""}, s.Cases())

	for _, bad := range []struct{ spec, want string }{
		{`{"scenario":"request-load","knobs":{"pool_size":[1]}}`, "knob pool_size"},
		{`{"scenario":"request-load","seed":-1}`, "seed"},
		{`{"scenario":"request-load","seed":1.5}`, "seed"},
		{`{"scenario":"request-load","colour":"red"}`, "unknown field"},
		{`{"case":"pool-200"}`, "scenario"},
		{`not json`, "bad spec"},
		{`{"scenario":"request-load","compare":["a","b","c","d"]}`, "at most 3"},
	} {
		_, err := ParseSpec(bad.spec)
		require.Error(t, err, bad.spec)
		assert.Contains(t, err.Error(), bad.want, bad.spec)
		assert.NotContains(t, err.Error(), "\n")
	}
}

func TestLoadErrorKeepsPreviousSimulation(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request"}`)
	p.Play()
	for i := 0; i < 5; i++ {
		p.Tick()
	}
	before := p.Now()
	require.Greater(t, before, sim.Time(0))

	for _, bad := range []struct{ spec, want string }{
		{`{"scenario":"request-load","knobs":{"pool_size":"0"}}`, "pool_size"},
		{`{"scenario":"request-load","knobs":{"pool_size":"many"}}`, "an integer from 1 to 10000"},
		{`{"scenario":"request-load","knobs":{"no_such":"1"}}`, "no_such"},
		{`{"scenario":"request-load","case":"nope"}`, "unknown case"},
		{`{"scenario":"nope"}`, "unknown scenario"},
		{`{"scenario":"request-load","compare":["pool-200","nope"]}`, "nope"},
	} {
		s, err := ParseSpec(bad.spec)
		require.NoError(t, err)
		err = p.Load(s)
		require.Error(t, err, bad.spec)
		assert.Contains(t, err.Error(), bad.want)
		assert.NotContains(t, err.Error(), "\n")
	}
	assert.Equal(t, before, p.Now())
	assert.Equal(t, "virtual-per-request", p.Sides()[0].Case)
	assert.True(t, p.Running())
	p.Tick()
	assert.Greater(t, p.Now(), before, "the previous simulation keeps running")
}

func TestTickAdvancesBySpeed(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"pool-200"}`)
	require.NoError(t, p.SetSpeed(0.06))
	p.Tick()
	assert.Equal(t, sim.Time(0), p.Now(), "paused: no progress")
	p.Play()
	p.Tick()
	assert.Equal(t, sim.Time(sim.Millisecond), p.Now(), "0.06 virtual s per real s = 1 ms per tick")
	for _, bad := range []float64{0, -1, 1e9} {
		assert.Error(t, p.SetSpeed(bad))
	}
	assert.Equal(t, 0.06, p.Speed())
}

func TestEventBudgetBoundsATick(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request"}`)
	p.EventBudget = 100
	require.NoError(t, p.SetSpeed(10))
	p.Play()
	p.Tick()
	s := p.Sides()[0]
	assert.LessOrEqual(t, s.Sim().EventsProcessed(), int64(100))
	assert.True(t, p.Lagging())
	assert.Less(t, p.Now(), sim.Time(10*sim.Second/60))
	assert.True(t, p.Header().Lagging)
}

func TestCompareSidesLockStep(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request","knobs":{"requests":"2000"},"seed":3,"compare":["pool-200","platform-per-request","virtual-per-request"]}`)
	require.Len(t, p.Sides(), 3)
	require.NoError(t, p.SetSpeed(0.3))
	p.Play()
	for i := 0; i < 30; i++ {
		p.Tick()
		for _, s := range p.Sides() {
			if !s.Sim().Done() {
				assert.Equal(t, p.Now(), s.Sim().Now(), "%s at tick %d", s.Case, i)
			} else {
				assert.LessOrEqual(t, s.Sim().Now(), p.Now())
			}
		}
	}
	st := p.State()
	require.Len(t, st.Sides, 3)
	assert.Equal(t, "virtual-per-request", st.Case)
	assert.Equal(t, "virtual", st.Knobs["executor"], "top-level numbers are the named case's side")
	assert.Equal(t, "pool", st.Sides[0].Knobs["executor"])
	assert.Equal(t, "2000", st.Sides[1].Knobs["requests"], "all sides share the knobs")
	// Pool threads are platform threads; virtual threads are not.
	assert.Greater(t, st.Sides[0].Platform, 200)
	assert.Greater(t, st.Sides[2].Virtual+int(st.Sides[2].RequestsDone), 0)
}

func TestLaggingSideCatchesUp(t *testing.T) {
	// A budget too small for one side's events: it falls behind, the clock
	// (the earliest running side) waits for it, and the other side never
	// runs ahead by more than one tick.
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","compare":["pool-200","virtual-per-request"]}`)
	p.EventBudget = 400
	require.NoError(t, p.SetSpeed(0.06))
	p.Play()
	tick := sim.Duration(0.06 * float64(sim.Second) / TicksPerSecond)
	lagged := 0
	for i := 0; i < 40; i++ {
		before := p.Now()
		p.Tick()
		require.Greater(t, p.Now(), before, "tick %d: the clock must move on even while a side lags", i)
		if p.Lagging() {
			lagged++
		}
		for _, s := range p.Sides() {
			assert.LessOrEqual(t, s.Sim().Now(), p.Now().Add(tick))
			assert.GreaterOrEqual(t, s.Sim().Now(), p.Now())
		}
	}
	require.Positive(t, lagged, "the budget must be small enough for a side to lag, or the test shows nothing")
	// With room in the budget again, the lagging side catches up: within a
	// few ticks no side lags and both stand on the clock, one tick apart at
	// most.
	p.EventBudget = 1 << 22
	caught := false
	for i := 0; i < 10 && !caught; i++ {
		p.Tick()
		caught = !p.Lagging()
	}
	require.True(t, caught, "the lagging side never caught up")
	for _, s := range p.Sides() {
		if !s.Sim().Done() {
			assert.Equal(t, p.Now(), s.Sim().Now(), "a side that caught up stands on the clock")
		}
	}
}

func TestStepFollowsOneThread(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request","knobs":{"requests":"3","sleep_ms":"1"}}`)
	p.Play()
	var kinds []string
	last := sim.Time(0)
	for i := 0; i < 200 && !p.Sides()[0].Sim().Done(); i++ {
		p.Step()
		assert.False(t, p.Running(), "step pauses")
		p.Tick()
		ev := p.Sides()[0].Events
		require.NotEmpty(t, ev, "each step yields an observable event")
		assert.GreaterOrEqual(t, p.Now(), last)
		last = p.Now()
		for _, e := range ev {
			if e.Thread == 0 || e.Kind == sim.EvThreadStart || e.Kind == sim.EvThreadEnd {
				continue
			}
			kinds = append(kinds, e.Kind.String()+e.Thread.String())
		}
	}
	// Find one thread's life: mount, freeze, unmount (park), unpark, mount (thaw).
	joined := strings.Join(kinds, " ")
	var id string
	for _, k := range kinds {
		if strings.HasPrefix(k, "unpark") {
			id = strings.TrimPrefix(k, "unpark")
			break
		}
	}
	require.NotEmpty(t, id, joined)
	var life []string
	for _, k := range kinds {
		if strings.HasSuffix(k, id) {
			life = append(life, strings.TrimSuffix(k, id))
		}
	}
	assert.Equal(t, []string{"mount", "freeze", "unmount", "unpark", "mount"}, life[:5], joined)
}

func TestResetPausesAtZero(t *testing.T) {
	p := New()
	assert.Error(t, p.Reset(), "nothing loaded")
	mustLoad(t, p, `{"scenario":"request-load","case":"pool-200"}`)
	p.Play()
	for i := 0; i < 3; i++ {
		p.Tick()
	}
	require.NoError(t, p.Reset())
	assert.False(t, p.Running())
	assert.Equal(t, sim.Time(0), p.Now())
	assert.Equal(t, sim.Time(0), p.Sides()[0].Sim().Now())
}

func TestSeek(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request"}`)
	ok, err := p.Seek(sim.Time(50*sim.Millisecond), 1<<30)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, sim.Time(50*sim.Millisecond), p.Now())
	ok, err = p.Seek(sim.Time(10*sim.Millisecond), 1<<30)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, sim.Time(10*sim.Millisecond), p.Now(), "seeking back rebuilds")
}

func TestStateJSONContract(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request","seed":5}`)
	require.NoError(t, p.SetSpeed(0.2))
	p.Play()
	for i := 0; i < 20; i++ {
		p.Tick()
	}
	p.Timing().AddUpdate(1.5)
	p.Timing().AddDraw(2.5)
	b, err := json.Marshal(p.State())
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	for _, k := range []string{"scenario", "case", "knobs", "seed", "simTimeNs", "running", "speed", "fps", "virtual",
		"platform", "mounted", "parked", "runQueue", "requestsDone", "youngGCs", "fullGCs", "gcPauseMs", "paused", "rssMb",
		"threadMemoryMb", "heap", "recentLatency", "frame", "done", "oom", "error", "sides", "caption", "moments", "queuedTasks", "tour"} {
		assert.Contains(t, m, k)
	}
	for _, k := range []string{"edenCap", "edenUsed", "survivorCap", "survivorUsed", "oldCap", "oldUsed", "oldGarbage", "liveMb"} {
		assert.Contains(t, m["heap"], k)
	}
	for _, k := range []string{"request", "threadLocal", "thread", "chunk", "app"} {
		assert.Contains(t, m["heap"].(map[string]any)["liveMb"], k, "live data by kind, as the picture colours the heap")
	}
	assert.Equal(t, map[string]any{"count": 0.0, "p50Ms": 0.0, "p95Ms": 0.0}, m["recentLatency"], "no request finished yet")
	assert.Equal(t, map[string]any{"updateMs": 1.5, "drawMs": 2.5, "updateP95Ms": 1.5, "drawP95Ms": 2.5, "draws": 1.0}, m["frame"])
	assert.Equal(t, 5.0, m["seed"])
	assert.Equal(t, "100", m["knobs"].(map[string]any)["sleep_ms"])
	sides := m["sides"].([]any)
	require.Len(t, sides, 1)
	for _, k := range []string{"case", "simTimeNs", "virtual", "platform", "mounted", "parked", "requestsDone", "youngGCs",
		"fullGCs", "gcPauseMs", "rssMb", "heap", "recentLatency"} {
		assert.Contains(t, sides[0], k)
	}
	assert.Equal(t, m["simTimeNs"], sides[0].(map[string]any)["simTimeNs"])
	assert.Greater(t, m["virtual"].(float64), 100.0)

	// Latency: requests finish after 100 ms; state() reports those since
	// the previous call, then starts over.
	for i := 0; i < 40; i++ {
		p.Tick()
	}
	st := p.State()
	require.Greater(t, st.RecentLatency.Count, int64(0))
	assert.GreaterOrEqual(t, st.RecentLatency.P50Ms, 100.0, "every task sleeps 100 ms")
	assert.Less(t, st.RecentLatency.P50Ms, 200.0)
	assert.GreaterOrEqual(t, st.RecentLatency.P95Ms, st.RecentLatency.P50Ms)
	assert.Equal(t, int64(0), p.State().RecentLatency.Count)
}

func TestTimingQuantiles(t *testing.T) {
	var tm Timing
	for i := 0; i < 1000; i++ {
		tm.AddUpdate(1000) // old frames drop out of the window
	}
	for i := 0; i < timingFrames; i++ {
		tm.AddUpdate(float64(i * 100 / timingFrames))
		tm.AddDraw(1)
	}
	u, d, u95, d95 := tm.Stats()
	assert.InDelta(t, 50, u, 2)
	assert.InDelta(t, 94, u95, 2)
	assert.Equal(t, 1.0, d)
	assert.Equal(t, 1.0, d95)
}

func TestMotionOnlyWhenSlow(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load"}`)
	assert.True(t, p.Motion(), "paused (stepping) animates")
	p.Play()
	require.NoError(t, p.SetSpeed(0.001))
	assert.True(t, p.Motion())
	require.NoError(t, p.SetSpeed(5))
	assert.False(t, p.Motion())
}

func TestStateRightAfterStepAndSeek(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request"}`)
	p.Tick()
	for i := 0; i < 5; i++ {
		p.Step()
	}
	st := p.State()
	assert.Equal(t, int64(p.Now()), st.SimTimeNs)
	assert.Equal(t, p.Sides()[0].Sim().Now(), sim.Time(st.SimTimeNs))
	assert.Greater(t, st.Virtual, 0, "the step's new threads show without a tick")
	_, err := p.Seek(sim.Time(60*sim.Millisecond), 1<<30)
	require.NoError(t, err)
	assert.Equal(t, 10000, p.State().Virtual)
}

// A step names the event it stopped at under the picture (the caption is
// about the whole state); playing on drops the line, and so does a scrub.
func TestStepNamesItsEvent(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request","knobs":{"requests":"3","sleep_ms":"1"}}`)
	s := p.Sides()[0]
	assert.Empty(t, s.Input(nil).Step, "no step yet")
	for i := 0; i < 6; i++ {
		p.Step()
		p.Tick()
		ev := s.Events
		require.NotEmpty(t, ev)
		line := p.Sides()[0].Input(nil).Step
		require.NotEmpty(t, line, "step %d", i)
		assert.Contains(t, line, "Step: ")
		if th := ev[0].Thread; th != 0 {
			assert.Contains(t, line, th.String(), "the line names the stepped event's thread")
		}
	}
	p.Play()
	p.Tick()
	assert.Empty(t, p.Sides()[0].Input(nil).Step, "playing drops the step's line")
	p.Step()
	_, err := p.Scrub(0, 1<<20)
	require.NoError(t, err)
	assert.Empty(t, p.Sides()[0].Input(nil).Step, "a scrub is not a step")
}

// Every scenario runs a JVM, so state().rssMb is a number above zero from
// the first steps, and its parts are each above zero: the JVM's own part
// (its baseline and the collector's tables), the heap's touched pages and
// the program's OS threads (carriers or platform threads it started). A
// profile whose baseline or per-thread memory is left at 0 fails here.
func TestRSSKnownInEveryScenario(t *testing.T) {
	for _, sc := range scenario.All() {
		p := New()
		mustLoad(t, p, `{"scenario":"`+sc.ID+`"}`)
		for i := 0; i < 10; i++ {
			p.Step()
		}
		b, err := json.Marshal(p.State())
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, json.Unmarshal(b, &m))
		if assert.NotNil(t, m["rssMb"], "%s: rssMb is null (unknown)", sc.ID) {
			assert.Greater(t, m["rssMb"], 0.0, sc.ID)
		}
		s := &p.Sides()[0].Snap
		assert.Equal(t, s.RSS, s.RSSJVM+s.RSSHeap+s.RSSThreads, "%s: the parts sum to the total", sc.ID)
		assert.Positive(t, s.RSSJVM, "%s: the JVM's own part", sc.ID)
		assert.Positive(t, s.RSSHeap, "%s: the heap's touched pages", sc.ID)
		assert.Positive(t, s.RSSThreads, "%s: the program's OS threads", sc.ID)
	}
	// A size the model does not know is null in the JSON, never 0.
	assert.Nil(t, mbKnown(0))
}

// Beside a compared run's columns the step line says whose event it is
// (a young pause's length was read against the other run's pauses).
func TestStepLineNamesItsRunBesideAnother(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request","knobs":{"requests":"3","sleep_ms":"1"}}`)
	p.Step()
	p.Tick()
	s := p.Sides()[0]
	alone := s.Input(nil).Step
	require.True(t, strings.HasPrefix(alone, "Step: "), alone)
	con := &view.Contrast{Title: "a fixed pool of 200 platform threads", Snap: &sim.Snapshot{}}
	s.Title = "a new virtual thread per request"
	assert.Equal(t, "Step in the run of a new virtual thread per request:"+strings.TrimPrefix(alone, "Step:"), s.Input(con).Step)
}

// A pause beside a compared run stops the stepped run's threads, and the
// line says so (not "every Java thread", read as both runs').
func TestComparedPauseStepSaysWhoseThreadsStop(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`)
	_, err := p.Seek(sim.Time(2300*sim.Millisecond), 1<<30)
	require.NoError(t, err)
	f, err := ParseEventFilter("gc-pause", 0, 0)
	require.NoError(t, err)
	found, err := p.StepTo(f)
	require.NoError(t, err)
	require.True(t, found, "a pause was reached")
	p.Tick()
	s := p.Sides()[0]
	alone := s.Input(nil).Step
	require.Contains(t, alone, "every Java thread stops for")
	con := &view.Contrast{Title: "a virtual thread per request", Snap: &sim.Snapshot{}}
	s.Title = "10,000 pooled virtual threads"
	got := s.Input(con).Step
	assert.True(t, strings.HasPrefix(got, "Step in the run of 10,000 pooled virtual threads: "), got)
	assert.Contains(t, got, "that run's Java threads stop for")
	assert.Empty(t, s.Input(con).StepOther, "the other run is not in a pause")
	// The other run in a young GC too: the line says so, with its length
	// (the pair's flag said "young GC in both runs" over a line naming
	// one pause).
	con.Snap = &sim.Snapshot{Paused: true, PauseStart: 1000, PauseEnd: 1000 + sim.Time(6300*sim.Microsecond)}
	assert.Equal(t, "The other run is in a young GC too, of 6.3 ms.", s.Input(con).StepOther)
	assert.Equal(t, got, s.Input(con).Step, "the step's own words unchanged")
	con.Snap.PauseFull = true
	assert.Empty(t, s.Input(con).StepOther, "a Full GC there is not this step's kind of pause")
}
