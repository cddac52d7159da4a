package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// gc-lab's first screen, just after its first GC, has 9.0 KB in a 64 MB
// eden: the whole of it under a pixel. Eden's title gives the bytes and
// its bar is drawn free, with no part. Drawn as slivers 6 px wide, each
// pointed at with its size, the parts had looked like a twentieth of eden
// and taken five lines (a reader rated the frame 2: "too much text"); with
// only the largest named, their sizes had not added up to the title's.
// At the page's frame (1134 × 638 on a 1200 px wide window), at a shorter
// one (1134 × 464) and on a small embed (640 × 400).
func TestNearlyEmptyEdenDrawsNoParts(t *testing.T) {
	p := gcLabAtFirstGC(t)
	for _, size := range [][2]float32{{1134, 638}, {1134, 464}, {640, 400}} {
		var l view.List
		hdr := p.Header()
		view.Build(&l, size[0], size[1], &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
		words := frameText(&l)
		require.Regexp(t, `\neden( \(new objects\))? [0-9.]+ KB( of 64\.0 MB)?\n`, words, "the premise at %v: eden's title with its KB", size)
		assert.NotRegexp(t, `(?m)^<- `, words, "%v: no part pointed at", size)
		assert.NotContains(t, words, "not to scale;", size)
		if size[1] > 400 {
			assert.Contains(t, words, "\nalmost all free\n", "%v", size)
		}
		// No heap data drawn in eden's bar: the survivors' parts are the
		// only ones in the young row.
		eden := edenBar(t, &l)
		for _, it := range l.Items {
			if it.Kind == view.KindRect && heapData(it.Meaning) && eden.Contains(it.Bounds()) {
				t.Errorf("%v: a %v mark in eden's bar at %v", size, it.Meaning, it.Bounds())
			}
		}
	}
}

// edenBar is the rectangle of eden's bar: its free fill, the widest of
// the free marks in the heap's first row (the young spaces'; eden is the
// widest of them).
func edenBar(t *testing.T, l *view.List) view.Rect {
	t.Helper()
	var best view.Rect
	for _, it := range l.Items {
		if it.Kind != view.KindRect || it.Meaning != view.MeanFree {
			continue
		}
		if b := it.Bounds(); best.W == 0 || b.Y < best.Y-0.5 || b.Y < best.Y+0.5 && b.W > best.W {
			best = b
		}
	}
	require.Positive(t, best.W, "eden's free fill")
	return best
}

// heapData reports whether m is a kind of heap data (not free space).
func heapData(m view.Meaning) bool {
	switch m {
	case view.MeanRequest, view.MeanThreadLocal, view.MeanThreadObj, view.MeanChunkData, view.MeanApp, view.MeanGarbage:
		return true
	}
	return false
}

// A space that holds virtual threads' own objects draws them however small
// they are in it: request-load's embed (playing, 543 × 290 at 117 ms) has
// 6 MB of StackChunks and Thread objects in a 1.3 GB eden, and with no
// part drawn its heap showed no StackChunk while its caption spoke of them.
func TestTinyEdenStillShowsTheThreadsObjects(t *testing.T) {
	p := pausedAt(t, `{"scenario":"request-load","case":"virtual-per-request","seed":1}`, sim.Time(117*sim.Millisecond))
	var l view.List
	hdr := p.Header()
	hdr.Running = true
	view.Build(&l, 543, 290, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
	eden := edenBar(t, &l)
	found := map[view.Meaning]bool{}
	for _, it := range l.Items {
		if it.Kind == view.KindRect && eden.Contains(it.Bounds()) {
			found[it.Meaning] = true
		}
	}
	assert.True(t, found[view.MeanChunkData], "StackChunks drawn in eden")
	assert.True(t, found[view.MeanThreadObj], "Thread objects drawn in eden")
}
