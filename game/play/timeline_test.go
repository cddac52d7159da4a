package play

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// stateJSON is State() without what measures the browser rather than the
// model (frame rates and times). It reads State twice so that the latency
// window (completions since the previous call) is the empty one.
func stateJSON(t *testing.T, p *Playground) string {
	t.Helper()
	p.State()
	st := p.State()
	st.FPS, st.TPS, st.Frame = 0, 0, FrameState{}
	// Whether the contrast run has caught up yet depends on the frames
	// since the move, not on the position (TestContrastCatchesUpLazily).
	st.ContrastReady = false
	// So is whether the picture is still moving (the ticks since).
	st.Animating = false
	b, err := json.Marshal(st)
	require.NoError(t, err)
	return string(b)
}

// fullState is everything the model exposes about each side: the
// snapshot, the metrics and the trace of the next stretch (run on clones).
func fullState(t *testing.T, p *Playground, next sim.Duration) []string {
	t.Helper()
	var out []string
	for _, s := range p.Sides() {
		var snap sim.Snapshot
		s.Sim().Fill(&snap)
		// The latency window is the observer's (since its last state()
		// call), not the model's.
		snap.RecentLatency = sim.LatencySummary{}
		h, n, err := scenario.TraceHash(s.Sim().Clone(), s.Sim().Now().Add(next))
		require.NoError(t, err)
		b, err := json.Marshal(struct {
			Snap    sim.Snapshot
			Metrics sim.Metrics
			Events  int64
			Hash    uint64
			N       int
		}{snap, s.Sim().Metrics(), s.Sim().EventsProcessed(), h, n})
		require.NoError(t, err)
		out = append(out, string(b))
	}
	return out
}

// sameText compares long texts, reporting only where they first differ.
func sameText(t *testing.T, want, got any, msg string, args ...any) {
	t.Helper()
	w, g := fmt.Sprint(want), fmt.Sprint(got)
	if w == g {
		return
	}
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	lo := max(0, i-300)
	t.Errorf("%s: differs at byte %d of %d/%d:\nwant …%s…\ngot  …%s…", fmt.Sprintf(msg, args...), i, len(w), len(g),
		w[lo:min(len(w), i+200)], g[lo:min(len(g), i+200)])
}

// fresh builds the spec's sides from the seed and advances each to t.
func fresh(t *testing.T, p *Playground, at sim.Time) *Playground {
	t.Helper()
	q := New()
	require.NoError(t, q.Load(p.Spec()))
	for _, s := range q.Sides() {
		toTime(s, at, 1<<30)
		s.fill()
	}
	q.now = q.clock()
	return q
}

// play runs n ticks at a speed with a small event budget, so that some
// ticks stop between two events of one instant (the hard case for exact
// scrubbing).
func play(t *testing.T, p *Playground, speed float64, budget, n int) {
	t.Helper()
	require.NoError(t, p.SetSpeed(speed))
	p.EventBudget = budget
	p.Play()
	for i := 0; i < n; i++ {
		p.Tick()
	}
	p.Pause()
	p.Tick()
}

// watchUntil plays p at speed 1 tick by tick, as a reader watching it
// would (no seek), until its clock reaches until.
func watchUntil(t *testing.T, p *Playground, until sim.Duration) {
	t.Helper()
	require.NoError(t, p.SetSpeed(1))
	p.Play()
	for p.Now() < sim.Time(until) {
		p.Tick()
	}
}

var timelineSpecs = []string{
	`{"scenario":"vt-pooling","case":"1g-pool","knobs":{"connections":"300","pool_size":"300","warmup_s":"0.2","measure_s":"0.3","heap_mb":"128"},"seed":3}`,
	`{"scenario":"request-load","compare":["pool-200","virtual-per-request"],"knobs":{"requests":"2000","sleep_ms":"20"},"seed":2}`,
	`{"scenario":"llm-router","case":"router","knobs":{"requests":"600","concurrency":"100","switch_after":"60"},"seed":4}`,
}

func TestScrubBackThenForwardReturnsToTheIdenticalState(t *testing.T) {
	for _, spec := range timelineSpecs {
		p := New()
		mustLoad(t, p, spec)
		play(t, p, 0.2, 3000, 150)
		require.Greater(t, p.Timeline().Checkpoints, 2, spec)
		live := stateJSON(t, p)
		liveFull := fullState(t, p, 5*sim.Millisecond)
		end := p.Now()

		tl := p.Timeline()
		assert.True(t, tl.Live)
		assert.Equal(t, int64(end), tl.EndNs)
		for _, frac := range []float64{0.5, 0.1, 0.9, 0.3} {
			at := sim.Time(float64(end) * frac)
			ok, err := p.Scrub(at, 1<<30)
			require.NoError(t, err)
			require.True(t, ok)
			assert.Equal(t, at, p.Now(), spec)
			assert.False(t, p.Timeline().Live)
			assert.Equal(t, int64(end), p.Timeline().EndNs, "the live position stays the end")
			assert.NotEqual(t, live, stateJSON(t, p))
			// Exact: the same as a run from the seed to that time.
			sameText(t, fullState(t, fresh(t, p, at), 5*sim.Millisecond), fullState(t, p, 5*sim.Millisecond), "%s at %v", spec, at)
		}
		ok, err := p.Scrub(end, 1<<30)
		require.NoError(t, err)
		require.True(t, ok)
		assert.True(t, p.Timeline().Live)
		sameText(t, live, stateJSON(t, p), "%s", spec)
		sameText(t, liveFull, fullState(t, p, 5*sim.Millisecond), "%s", spec)
	}
}

func TestPlayingFromAnEarlierPositionGoesOnExactly(t *testing.T) {
	p := New()
	mustLoad(t, p, timelineSpecs[0])
	play(t, p, 0.2, 5000, 90)
	end := p.Now()
	_, err := p.Scrub(end/3, 1<<30)
	require.NoError(t, err)
	play(t, p, 0.2, 5000, 10)
	assert.True(t, p.Timeline().Live, "playing makes the earlier position live")
	assert.GreaterOrEqual(t, p.Timeline().EndNs, int64(end), "the old live state stays reachable")
	later := end + sim.Time(20*sim.Millisecond)
	_, err = p.Scrub(later, 1<<30)
	require.NoError(t, err)
	sameText(t, fullState(t, fresh(t, p, later), 2*sim.Millisecond), fullState(t, p, 2*sim.Millisecond), "later")
	_, err = p.Scrub(end/2, 1<<30)
	require.NoError(t, err)
	sameText(t, fullState(t, fresh(t, p, end/2), 2*sim.Millisecond), fullState(t, p, 2*sim.Millisecond), "half")
}

func TestStepToAndBackVisitTheSamePositions(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request","knobs":{"requests":"40","sleep_ms":"2","cores":"2"}}`)
	play(t, p, 0.001, 60000, 3)
	f, err := ParseEventFilter("mount", 0, 0)
	require.NoError(t, err)
	var states []string
	var times []sim.Time
	for i := 0; i < 12; i++ {
		ok, err := p.StepTo(f)
		require.NoError(t, err)
		require.True(t, ok)
		p.Tick()
		mounted := false
		for _, e := range p.sides[0].Events {
			mounted = mounted || e.Kind == sim.EvMount
		}
		assert.True(t, mounted, "the step stops right after a mount")
		states = append(states, stateJSON(t, p))
		times = append(times, p.Now())
	}
	for i := len(states) - 2; i >= 0; i-- {
		ok, err := p.StepBack(f)
		require.NoError(t, err)
		require.True(t, ok, "step back %d", i)
		assert.Equal(t, times[i], p.Now())
		sameText(t, states[i], stateJSON(t, p), "back to mount %d", i)
	}
	for i := 1; i < len(states); i++ {
		ok, err := p.StepTo(f)
		require.NoError(t, err)
		require.True(t, ok)
		sameText(t, states[i], stateJSON(t, p), "forward again to mount %d", i)
	}

	// Before the first mount there is none to step back to.
	_, err = p.Scrub(0, 1<<30)
	require.NoError(t, err)
	ok, err := p.StepBack(f)
	require.NoError(t, err)
	assert.False(t, ok)

	// GC: step to the next pause.
	g, err := ParseEventFilter("gc", 0, 0)
	require.NoError(t, err)
	mustLoad(t, p, timelineSpecs[0])
	ok, err = p.StepTo(g)
	require.NoError(t, err)
	require.True(t, ok)
	assert.True(t, p.sides[0].Snap.Paused, "right after a pause began the world is stopped")

	for _, bad := range []string{"mounts", "gc,nope"} {
		_, err := ParseEventFilter(bad, 0, 0)
		assert.Error(t, err, bad)
	}
	f, err = ParseEventFilter("park, freeze", 0, 7)
	require.NoError(t, err)
	assert.Equal(t, []sim.EventKind{sim.EvUnmount, sim.EvPinned, sim.EvPark, sim.EvFreeze}, f.Kinds)
	assert.Equal(t, sim.ThreadID(7), f.Thread)
}

func TestCheckpointsStayWithinTheirBudget(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"vt-pooling","case":"1g-pool","knobs":{"connections":"2000","pool_size":"2000"}}`)
	play(t, p, 5, DefaultEventBudget, 120)
	tl := p.Timeline()
	assert.LessOrEqual(t, tl.CheckpointMB, float64(checkpointBudget)/(1<<20)*1.2)
	assert.LessOrEqual(t, tl.Checkpoints, maxCheckpoints)
	assert.GreaterOrEqual(t, tl.Checkpoints, minCheckpoints)
	assert.Len(t, tl.MarksNs, tl.Checkpoints)
	assert.LessOrEqual(t, tl.StartNs, tl.EndNs)
}

func TestFollowCard(t *testing.T) {
	p := New()
	mustLoad(t, p, timelineSpecs[0]) // pooled virtual threads: they live for the whole run
	assert.Nil(t, p.Card())
	play(t, p, 0.05, 2000, 40)
	before := fullState(t, p, sim.Millisecond)
	side, id, err := p.FollowAny()
	require.NoError(t, err)
	assert.Equal(t, 0, side)
	assert.Equal(t, []sim.ThreadID{id}, p.FollowedIDs(nil))
	sameText(t, before, fullState(t, p, sim.Millisecond), "following changes nothing in the model")

	c := p.Card()
	require.NotNil(t, c)
	require.NotEmpty(t, c.History)
	assert.Less(t, c.History[0].FromNs, int64(p.Now()), "the history starts before the thread was picked (replayed)")

	// Its own events: parks and mounts.
	mine, _ := ParseEventFilter("park,mount", 0, int64(id))
	for i := 0; i < 4; i++ {
		ok, err := p.StepTo(mine)
		require.NoError(t, err)
		require.True(t, ok)
	}
	c = p.Card()
	require.NotNil(t, c)
	assert.Equal(t, int64(id), c.ID)
	assert.True(t, c.Alive)
	assert.True(t, c.Virtual)
	assert.Equal(t, "pool-worker", c.Role)
	assert.GreaterOrEqual(t, len(c.History), 4)
	assert.NotEmpty(t, c.Carriers, "it ran on a carrier")
	assert.NotEmpty(t, c.Chunks, "its frames were frozen")
	assert.NotEmpty(t, c.InState)
	assert.GreaterOrEqual(t, c.Mounts, int32(2))
	for _, h := range c.History {
		assert.LessOrEqual(t, h.FromNs, h.ToNs)
	}

	// A scrub back keeps following it, with its history from there.
	_, err = p.Scrub(p.Now()/2, 1<<30)
	require.NoError(t, err)
	assert.Equal(t, []sim.ThreadID{id}, p.FollowedIDs(nil))
	c = p.Card()
	require.NotNil(t, c)
	assert.True(t, c.Alive)
	assert.NotEmpty(t, c.History)

	p.Unfollow()
	assert.Nil(t, p.Card())
	assert.Error(t, p.Follow(0, 1<<40))
	assert.Error(t, p.Follow(3, id))
}

func TestFollowAShortLivedThreadToItsEnd(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request","knobs":{"requests":"30","sleep_ms":"3","cores":"2"}}`)
	play(t, p, 0.005, 60000, 3)
	sleeping := p.Sides()[0].Snap.Parked[sim.ParkSleep]
	require.NotEmpty(t, sleeping)
	id := sleeping[0]
	require.NoError(t, p.Follow(0, id))
	c := p.Card()
	require.NotNil(t, c)
	require.True(t, c.Alive)
	assert.Equal(t, "task", c.Role)
	states := ""
	for _, h := range c.History {
		states += h.State + " "
	}
	assert.Contains(t, states, "running", "its history goes back to its first mount: %s", states)
	assert.NotEmpty(t, c.Carriers)

	// Scrub back to before it started, then to the end.
	_, err := p.Scrub(0, 1<<30)
	require.NoError(t, err)
	assert.Equal(t, "not started yet", p.Card().State)
	_, err = p.Scrub(sim.Time(sim.Second), 1<<30)
	require.NoError(t, err)
	c = p.Card()
	require.NotNil(t, c)
	assert.False(t, c.Alive)
	assert.Equal(t, "terminated", c.State)
	assert.Equal(t, id, sim.ThreadID(c.ID))
}

func TestLargeSimulationsAreCheckpointedLessOften(t *testing.T) {
	assert.Equal(t, 1, minTicks(0))
	assert.Equal(t, 1, minTicks(300<<10))
	assert.Equal(t, 25, minTicks(25<<20))
	assert.Equal(t, checkpointTicks, minTicks(1<<30))
}

func TestFollowPickedAtAnEarlierPositionStaysFollowedLive(t *testing.T) {
	p := New()
	mustLoad(t, p, timelineSpecs[0])
	play(t, p, 0.05, 2000, 40)
	end := p.Now()
	live := fullState(t, p, sim.Millisecond)
	_, err := p.Scrub(end/2, 1<<30)
	require.NoError(t, err)
	_, id, err := p.FollowAny()
	require.NoError(t, err)
	_, err = p.Scrub(end, 1<<30)
	require.NoError(t, err)
	sameText(t, live, fullState(t, p, sim.Millisecond), "following changes nothing")
	c := p.Card()
	require.NotNil(t, c)
	assert.Equal(t, int64(id), c.ID)
	assert.NotEmpty(t, c.History, "the live position follows it too")
	p.Unfollow()
	assert.Nil(t, p.Card())
}

// The timeline says its position in the picture header's words: "7.08 ms"
// under a header saying "7.1 ms" left two newcomers asking which was right.
func TestTimelineNowIsTheHeadersClock(t *testing.T) {
	p := pausedAt(t, `{"scenario":"request-load","case":"virtual-per-request","seed":1}`, sim.Time(7080*sim.Microsecond))
	now := p.Timeline().Now
	require.NotEmpty(t, now)
	assert.Contains(t, frameText(desktopFrame(p)), "simulated time "+now+"\n")
}
