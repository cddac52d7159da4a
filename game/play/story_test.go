package play

import (
	"testing"

	"github.com/loomlab/loomlab/sim"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The caption, the queued tasks and the moments reach state() and the
// view's input as the run moves.
func TestStateTellsTheStory(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"pool-200","seed":1}`)
	require.NoError(t, p.SetSpeed(1))
	start := p.State().Caption
	assert.NotEmpty(t, start)
	p.Play()
	for p.Now() < 600_000_000 {
		p.Tick()
	}
	st := p.State()
	assert.Greater(t, st.QueuedTasks, 1000, "pool-200 at 0.6 s: thousands of tasks wait for a pool thread")
	assert.Contains(t, st.Caption, "tasks wait for one")
	assert.NotEqual(t, start, st.Caption)
	require.NotEmpty(t, st.Moments)
	assert.Equal(t, "pool-full", st.Moments[0].Kind)
	in := p.Inputs(nil)
	assert.Equal(t, st.Caption, in[0].Caption)
	assert.False(t, st.Tour.Active)
}

// Callouts stay about four seconds of playing, and do not age while paused.
func TestCalloutsLastWhilePlaying(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"pool-200","seed":1}`)
	require.NoError(t, p.SetSpeed(0.1))
	p.Play()
	for i := 0; i < 30 && len(p.Inputs(nil)[0].Callouts) == 0; i++ {
		p.Tick()
	}
	c := p.Inputs(nil)[0].Callouts
	require.Len(t, c, 1, "the pool fills within half a second of playing")
	assert.Equal(t, "pool-full", c[0].Kind)
	p.Pause()
	for i := 0; i < 10*TicksPerSecond; i++ {
		p.Tick()
	}
	require.Len(t, p.Inputs(nil)[0].Callouts, 1, "paused: the callout stays")
	p.Play()
	for i := 0; i < calloutTicks; i++ {
		p.Tick()
	}
	assert.Empty(t, p.Inputs(nil)[0].Callouts, "after four seconds of playing it is gone")
}

// The tour stops at each moment with its sentence and Continue resumes;
// after the last moment Continue ends it.
func TestTourStopsAtEachMomentAndResumes(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"pool-200","knobs":{"requests":"1000"},"seed":3}`)
	require.NoError(t, p.SetSpeed(2))
	require.NoError(t, p.StartTour())
	assert.True(t, p.Running())
	assert.Equal(t, TourState{Active: true, Text: tourIntro}, p.State().Tour)
	var kinds []string
	for ticks := 0; ticks < 10_000 && p.tour.active; ticks++ {
		p.Tick()
		ts := p.State().Tour
		if ts.Waiting {
			assert.False(t, p.Running(), "stopped at a moment")
			assert.Equal(t, len(kinds)+1, ts.Step)
			assert.NotEmpty(t, ts.Text)
			kinds = append(kinds, ts.Kind)
			before := p.Now()
			p.Tick()
			assert.Equal(t, before, p.Now(), "a stop holds the clock")
			require.NoError(t, p.ContinueTour())
		}
	}
	assert.Equal(t, []string{"pool-full", "finished"}, kinds)
	assert.False(t, p.State().Tour.Active, "Continue after the last moment ends the tour")
	assert.Error(t, p.ContinueTour())
}

// The tour of vt-pooling's 1 GB pooled run meets the article's moments in
// the live model, whatever the seed.
func TestTourOfPooling(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"vt-pooling","case":"1g-pool","seed":11}`)
	require.NoError(t, p.SetSpeed(1))
	require.NoError(t, p.StartTour())
	seen := map[string]bool{}
	var last TourState
	for ticks := 0; ticks < 300 && p.State().Tour.Active; ticks++ {
		p.Tick()
		if ts := p.State().Tour; ts.Waiting {
			seen[ts.Kind] = true
			last = ts
			require.NoError(t, p.ContinueTour())
		}
	}
	for _, k := range []string{"chunk-abandoned", "old-gen-half", "c2-compiled", "full-gc"} {
		assert.True(t, seen[k], "the tour stopped at %s", k)
	}
	assert.True(t, last.Last, "the last stop says it is the last")
	assert.False(t, p.State().Tour.Active, "once the story is told, Continue ends the tour")
	assert.True(t, p.Running(), "... and the run plays on")
	// The caption is the lesson's chain; the Full GCs are counted on the
	// heap's old gen (game/view), not a third claim in it.
	// (At the tour's end, just after the first Full GC, the old gen is a
	// quarter full: the caches pile up in it; "fill" waits for half.)
	assert.Regexp(t, `(fill|pile up in) the old gen`, p.State().Caption)
	assert.Regexp(t, `(GC[ \x{a0}]takes|GC[ \x{a0}]has[ \x{a0}]stopped the pooled run|GCs[ \x{a0}]have[ \x{a0}]stopped the pooled run) [0-9]+[ \x{a0}]% of the time`, p.State().Caption)
}

// A seek ahead of anything watched does not announce what happened on the
// way as news of the seek's time ("At 2.3 s: the first Full GC" beside
// five Full GCs; "the old gen passed half full" beside 76 %). Playing on
// from there, later moments are news again.
func TestSeekAheadTellsNoStaleMoments(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`)
	_, err := p.Seek(sim.Time(2300*sim.Millisecond), 1<<30)
	require.NoError(t, err)
	p.Tick()
	require.Greater(t, p.Inputs(nil)[0].Snap.FullGCs, int64(0), "Full GCs happened on the way")
	assert.Empty(t, p.Inputs(nil)[0].Callouts)
	assert.Empty(t, p.State().Moments)
	// Without the seek, watched tick by tick, the same run does tell them.
	w := New()
	mustLoad(t, w, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`)
	watchUntil(t, w, 2300*sim.Millisecond)
	assert.NotEmpty(t, w.State().Moments)
}

// A side knows whether its JVM thread count is the article's measurement.
func TestBaseThreadsMeasured(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"loom-carrier","case":"256-vthreads","seed":1}`)
	assert.True(t, p.Inputs(nil)[0].BaseMeasured, "loom-carrier fits its 66 JVM threads to the article's thread count")
	mustLoad(t, p, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`)
	assert.False(t, p.Inputs(nil)[0].BaseMeasured, "vt-pooling's 20 is an estimate")
}

// A callout told before a seek does not stay on the picture sought to:
// paused, callouts do not age, and "the scheduler has started 8 carriers"
// (t = 0) stood beside a picture at 1 s.
func TestSeekForgetsEarlierCallouts(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"loom-carrier","case":"256-vthreads","seed":1}`)
	p.Tick()
	require.NotEmpty(t, p.Inputs(nil)[0].Callouts, "the start tells a moment at t = 0")
	_, err := p.Seek(sim.Time(sim.Second), 1<<30)
	require.NoError(t, err)
	p.Tick()
	assert.Empty(t, p.Inputs(nil)[0].Callouts)
	// Back to the start, paused: the moment at t = 0 is not told again.
	_, err = p.Seek(0, 1<<30)
	require.NoError(t, err)
	p.Tick()
	for _, c := range p.Inputs(nil)[0].Callouts {
		assert.Failf(t, "a callout after seeking back", "%q", c.Text)
	}
}
