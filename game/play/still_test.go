package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
