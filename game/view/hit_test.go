package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// A click on a carrier lane, a parked token or a chunk maps back to the
// thread drawn there; the followed thread is outlined.
func TestHitTestFindsTheThreadDrawnThere(t *testing.T) {
	// Pinned sleeps keep every carrier busy with a known thread; the rest
	// wait in the run queue.
	snap, _ := runCase(t, "virtual-per-request", 5*sim.Millisecond,
		map[string]string{"requests": "40", "pin": "true", "cores": "4"})
	require.NotEmpty(t, snap.Carriers)
	var l List
	sides := []*Side{NewSide()}
	ins := []SideInput{input("virtual-per-request", snap, true)}
	Build(&l, 1200, 800, &Header{}, sides, ins, &Options{Scale: 1})
	hits := l.Hits()
	require.NotEmpty(t, hits)

	lanes := 0
	for _, c := range snap.Carriers {
		if c.Thread == 0 {
			continue
		}
		var lane *Hit
		for i := range hits {
			if hits[i].Thread == c.Thread && !hits[i].Chunk {
				lane = &hits[i]
				break
			}
		}
		require.NotNil(t, lane, "carrier %v's thread %v has no target", c.ID, c.Thread)
		x, y := lane.R.Center()
		h, ok := l.HitTest(x, y, 4)
		require.True(t, ok)
		assert.Equal(t, c.Thread, h.Thread)
		assert.Equal(t, 0, h.Side)
		lanes++
	}
	assert.Equal(t, 4, lanes, "four pinned carriers")

	// Queued threads are targets too.
	require.Greater(t, snap.RunQueueLen, 0)
	found := false
	for _, h := range hits {
		if h.Thread == snap.RunQueue[0] {
			found = true
		}
	}
	assert.True(t, found, "the first queued thread %v is a target", snap.RunQueue[0])

	_, ok := l.HitTest(1, 1, 4)
	assert.False(t, ok, "the header is not a thread")

	// Following the first carrier's thread outlines its lane.
	id := snap.Carriers[0].Thread
	before := len(l.Items)
	Build(&l, 1200, 800, &Header{}, sides, ins, &Options{Scale: 1, Followed: []sim.ThreadID{id}})
	assert.Greater(t, len(l.Items), before, "an outline was drawn")
	assertInside(t, &l, "followed")
}

func TestHitTestPrefersTheSmallestAndWidensTinyTargets(t *testing.T) {
	var l List
	l.Reset(100, 100)
	l.hit(Rect{X: 0, Y: 0, W: 100, H: 20}, 1)
	l.hit(Rect{X: 10, Y: 5, W: 10, H: 10}, 2)
	l.hits.side = 1
	l.hit(Rect{X: 50, Y: 50, W: 2, H: 2}, 3)
	l.hit(Rect{}, 4) // empty: ignored
	l.hit(Rect{X: 0, Y: 0, W: 5, H: 5}, 0)

	h, ok := l.HitTest(12, 8, 0)
	require.True(t, ok)
	assert.Equal(t, sim.ThreadID(2), h.Thread)
	h, ok = l.HitTest(50, 8, 0)
	require.True(t, ok)
	assert.Equal(t, sim.ThreadID(1), h.Thread)
	_, ok = l.HitTest(48, 48, 0)
	assert.False(t, ok)
	h, ok = l.HitTest(48, 48, 4)
	require.True(t, ok, "a 2-pixel cell is widened")
	assert.Equal(t, sim.ThreadID(3), h.Thread)
	assert.Equal(t, 1, h.Side)
	_, ok = l.HitTest(40, 40, 4)
	assert.False(t, ok, "but not without bound")
	assert.Len(t, l.Hits(), 3)
	l.Reset(100, 100)
	assert.Empty(t, l.Hits())
}
