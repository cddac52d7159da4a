package play

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Right after a step, before the tick that turns its events into
// flights, state() already says the picture is moving; the flights end
// within the ticks they take and it says still. (The scene shots wait on
// it: with only the running animations counted, a shot taken before that
// tick caught threads in flight over the counts.)
func TestStateSaysAnimatingFromTheMoveToTheLanding(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"llm-router","case":"virtual","seed":1}`)
	_, err := p.Scrub(sim.Time(300*sim.Millisecond), 1<<30)
	require.NoError(t, err)
	for i := 0; i < 200 && p.State().Animating; i++ {
		p.Tick()
	}
	require.False(t, p.State().Animating, "still after the seek's motion")
	f, err := ParseEventFilter("win", 0, 0)
	require.NoError(t, err)
	ok, err := p.StepTo(f)
	require.NoError(t, err)
	require.True(t, ok)
	assert.True(t, p.State().Animating, "the step's events are about to move")
	ticks := 0
	for ; ticks < 200 && p.State().Animating; ticks++ {
		p.Tick()
	}
	assert.False(t, p.State().Animating, "the flights land")
	assert.Greater(t, ticks, 1, "something flew")
}
