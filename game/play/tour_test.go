package play

import (
	"testing"

	"github.com/loomlab/loomlab/game/story"
	"github.com/loomlab/loomlab/sim"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Moments noticed in the same tick are stops of their own, in order, and a
// stop with another still to come is not the last, even once the run has
// ended.
func TestTourStopsAtEveryMomentOfOneTick(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"pool-200","knobs":{"requests":"400"},"seed":3}`)
	require.NoError(t, p.StartTour())
	_, err := p.Seek(sim.Time(5*sim.Second), 1<<40)
	require.NoError(t, err)
	require.True(t, p.allDone(), "400 tasks on 200 threads end within 5 s")
	first := story.Moment{Kind: story.PoolFull, At: p.Now(), Sentence: "First."}
	second := story.Moment{Kind: story.Finished, At: p.Now(), Sentence: "Second."}
	p.tourTick([]story.Moment{first, second})
	assert.Equal(t, TourState{Active: true, Step: 1, Text: "First.", Kind: "pool-full", Waiting: true}, p.State().Tour,
		"the first moment, with one more to come: not the last stop")
	require.NoError(t, p.ContinueTour())
	assert.Equal(t, TourState{Active: true, Step: 2, Text: "Second.", Kind: "finished", Waiting: true, Last: true}, p.State().Tour)
	assert.False(t, p.Running(), "the second moment holds the clock too")
	require.NoError(t, p.ContinueTour())
	assert.False(t, p.State().Tour.Active, "Continue after the last stop ends the tour")
}

// Tour plays the story from its start, wherever the reader had got to:
// the clock goes back to zero and the moments are news again.
func TestTourStartsTheRunOver(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"pool-200","seed":1}`)
	watchUntil(t, p, 600*sim.Millisecond)
	require.NotEmpty(t, p.State().Moments, "the pool filled on the way")
	require.NoError(t, p.StartTour())
	assert.Equal(t, sim.Time(0), p.Now())
	assert.Empty(t, p.State().Moments, "the story starts over")
	assert.Equal(t, TourState{Active: true, Text: tourIntro}, p.State().Tour)
}

// In a comparison the tour follows the shown case (the spec's case), not
// the side beside it: comparing a fixed pool with a virtual thread per
// task, it never stops at the virtual side's thousands waiting.
func TestTourFollowsTheShownCaseInACompare(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"pool-200","knobs":{"requests":"2000"},"seed":1,"compare":["pool-200","virtual-per-request"]}`)
	require.Len(t, p.Sides(), 2)
	require.NoError(t, p.SetSpeed(1))
	require.NoError(t, p.StartTour())
	var kinds []string
	for ticks := 0; ticks < 3000 && p.tour.active; ticks++ {
		p.Tick()
		if ts := p.State().Tour; ts.Waiting {
			kinds = append(kinds, ts.Kind)
			require.NoError(t, p.ContinueTour())
		}
	}
	assert.Equal(t, []string{"pool-full", "finished"}, kinds)
}
