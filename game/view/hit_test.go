package view

import (
	"strconv"
	"strings"
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

	var panel Rect
	for _, r := range l.Regions() {
		if r.Name == "carrier lanes" {
			panel = r.R
		}
	}
	require.False(t, panel.Empty(), "the carrier lanes are drawn")
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
		// The target is where the thread is drawn, found from the picture
		// and not from the target itself: inside the carrier lanes' panel,
		// around the token that writes the thread's id.
		assert.True(t, panel.Contains(lane.R), "thread %v's target %+v lies outside the carrier lanes %+v", c.Thread, lane.R, panel)
		assert.True(t, writesInside(&l, c.Thread.String(), lane.R), "thread %v's target %+v does not hold its token", c.Thread, lane.R)
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

	// Following the first carrier's thread outlines its lane, and nothing
	// else: every outline piece hugs one of that thread's targets (the
	// outline is at most 2 px wide, drawn just outside the target).
	id := snap.Carriers[0].Thread
	var own []Rect
	for _, h := range l.Hits() {
		if h.Thread == id {
			own = append(own, h.R)
		}
	}
	require.NotEmpty(t, own)
	Build(&l, 1200, 800, &Header{}, sides, ins, &Options{Scale: 1, Followed: []sim.ThreadID{id}})
	var outline []Rect
	for i := range l.Items[:l.legendFrom] { // (the legend's swatch is not an outline)
		if l.Items[i].Meaning == MeanFollowed {
			outline = append(outline, l.Items[i].Bounds())
		}
	}
	require.NotEmpty(t, outline, "an outline was drawn")
	for _, o := range outline {
		hugs := false
		for _, r := range own {
			if r.Inset(-2).Contains(o) && !r.Inset(1).Contains(o) {
				hugs = true
			}
		}
		assert.True(t, hugs, "outline piece %+v is not on the edge of thread %v's targets %v", o, id, own)
	}
	assertInside(t, &l, "followed")
}

// writesInside reports whether a text item of l containing s lies inside r.
func writesInside(l *List, s string, r Rect) bool {
	for i := range l.Items {
		it := &l.Items[i]
		if it.Kind == KindText && strings.Contains(it.Text, s) && r.Contains(it.Bounds()) {
			return true
		}
	}
	return false
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
	h, ok = l.HitTest(20, 15, 0)
	require.True(t, ok)
	assert.Equal(t, sim.ThreadID(1), h.Thread, "a target's right and bottom edges are its neighbour's pixels")
	_, ok = l.HitTest(48, 48, 0)
	assert.False(t, ok)
	h, ok = l.HitTest(48, 48, 4)
	require.True(t, ok, "a 2-pixel cell is widened")
	assert.Equal(t, sim.ThreadID(3), h.Thread)
	assert.Equal(t, 1, h.Side)
	_, ok = l.HitTest(40, 40, 4)
	assert.False(t, ok, "but not without bound")
	_, ok = l.HitTest(46.5, 51, 4)
	assert.False(t, ok, "a 2-pixel cell grows to 8 pixels (slop 4), not by 4 on each side")
	assert.Len(t, l.Hits(), 3)
	l.Reset(100, 100)
	assert.Empty(t, l.Hits())
	// A target already as large as the slop asks is not widened.
	l.hit(Rect{X: 10, Y: 10, W: 10, H: 10}, 5)
	_, ok = l.HitTest(21, 15, 4)
	assert.False(t, ok, "a 10-pixel target is not widened")
}

// A StackChunk block drawn one by one is a target of its owner's, marked
// as a chunk, so the sentence on point says whose chunk it is rather than
// calling the block the thread.
func TestChunkBlocksAreTheirOwnersChunkTargets(t *testing.T) {
	blocks := []sim.ChunkView{
		{ID: 1, Owner: 101, Capacity: 300, Space: sim.SpaceEden, Tier: sim.TierC2},
		{ID: 2, Owner: 102, Capacity: 300, Space: sim.SpaceEden, Tier: sim.TierC2},
	}
	var l List
	l.Reset(300, 60)
	drawBlocks(&l, Rect{W: 300, H: 60}, 0, blocks, true, &OkabeIto, 1)
	l.region(Rect{W: 300, H: 60}, "StackChunks", "The chunks.")
	require.Len(t, l.Hits(), 2)
	for i, h := range l.Hits() {
		assert.True(t, h.Chunk, "block %d", i)
		assert.Equal(t, blocks[i].Owner, h.Thread)
		x, y := h.R.Center()
		assert.Equal(t, "A StackChunk of thread #"+strconv.Itoa(101+i)+". The chunks.", l.ExplainAt(x, y))
	}
}
