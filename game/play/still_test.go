package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// Still is what lets the game stop asking for frames (game/rest.go), so it
// must be false whenever a tick could still change the picture: playing,
// flights in the air, the compared run catching up.
func TestStillOnlyWhenNothingCanMoveWithoutBeingTold(t *testing.T) {
	p := New()
	mustLoad(t, p, pooledSpec)
	p.Play()
	p.Tick()
	assert.False(t, p.Still(), "playing")
	p.Pause()
	for i := 0; i < 400 && !p.Still(); i++ {
		p.Tick()
	}
	require.True(t, p.Still(), "paused, once the flights have landed and the contrast has caught up")

	// A seek: the compared run catches up over the ticks after it.
	_, err := p.Seek(judged, 1<<30)
	require.NoError(t, err)
	require.False(t, p.ContrastReady(), "the seek moved the shown side only")
	assert.False(t, p.Still(), "the contrast still catching up")
	for i := 0; i < 400 && !p.Still(); i++ {
		p.Tick()
	}
	require.True(t, p.ContrastReady())
	require.True(t, p.Still())

	// A step in a case with no compared run: only its flights are left.
	p = New()
	mustLoad(t, p, `{"scenario":"llm-router","case":"virtual","seed":1}`)
	_, err = p.Scrub(sim.Time(300*sim.Millisecond), 1<<30)
	require.NoError(t, err)
	for i := 0; i < 400 && !p.Still(); i++ {
		p.Tick()
	}
	require.True(t, p.Still())
	f, err := ParseEventFilter("win", 0, 0)
	require.NoError(t, err)
	ok, err := p.StepTo(f)
	require.NoError(t, err)
	require.True(t, ok)
	require.True(t, p.ContrastReady())
	assert.False(t, p.Still(), "the step's events are about to move")
	for i := 0; i < 400 && !p.Still(); i++ {
		p.Tick()
	}
	assert.True(t, p.Still(), "landed")
}

// Once Still has held for the frames the game waits before it rests
// (game/rest.go's restAfter, 10), no tick may change the picture: the game
// would leave the old one on the screen. Built every tick, as the game's
// Draw builds it, after playing each case a while at speeds where lanes
// keep a recent-activity strip.
func TestNoTickChangesThePictureOnceStill(t *testing.T) {
	const restAfter = 10
	for _, c := range []struct {
		spec  string
		speed float64
	}{
		{`{"scenario":"request-load","case":"virtual-per-request","seed":1}`, 1},
		{`{"scenario":"loom-carrier","case":"unlimited-vthreads","seed":1}`, 5},
		{`{"scenario":"llm-router","case":"router","seed":1}`, 5},
		{`{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, 0.5},
	} {
		p := New()
		mustLoad(t, p, c.spec)
		require.NoError(t, p.SetSpeed(c.speed))
		p.Play()
		for range 60 {
			p.Tick()
		}
		p.Pause()
		var prev, cur, rested view.List
		opts := &view.Options{Scale: 1}
		build := func(l *view.List) {
			hdr := p.Header()
			view.Build(l, 1134, 700, &hdr, p.Views(nil), p.Inputs(nil), opts)
		}
		still, tick := 0, 0
		for ; tick < 2000 && still < restAfter; tick++ {
			p.Tick()
			build(&cur)
			if p.Still() && cur.Equal(&prev) {
				still++
			} else {
				still = 0
			}
			prev, cur = cur, prev
		}
		require.Equal(t, restAfter, still, "%s never came to rest", c.spec)
		build(&rested)
		for i := range 300 {
			p.Tick()
			build(&cur)
			if !cur.Equal(&rested) {
				t.Errorf("%s: the picture changed %d ticks after the game would have rested", c.spec, i+1)
				break
			}
		}
	}
}
