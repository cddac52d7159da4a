package view

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// request-load's fixed pool at 600 ms: 8,800 tasks wait behind 200
// sleeping threads. The tasks and the threads are squares of one size at
// one scale, said in each panel, so the backlog is the larger block (a row of 36
// squares "and 8,764 more" above a grid of 200 looked the smaller); the
// threads' grid has no "sleeping" label beside it (its title says it),
// and the legend names the queued colour after the tasks, not requests.
func TestBacklogAtThePoolsScale(t *testing.T) {
	in, side := runScene(t, sceneCase{"request-load", "pool-200", 600 * sim.Millisecond})
	snap := in.Snap
	require.Greater(t, snap.ExecQueued, 10*snap.PlatformApp, "the test's premise: a backlog far larger than the pool")
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	txt := texts(&l)
	assert.NotContains(t, txt, "more (", "every queued task is drawn")
	// Said under the tasks, and again in the threads' panel: said only
	// under the tasks' grid, a reader counted the threads' 10 squares as
	// 10 threads (TestPoolThreadsSayTheirOwnScale).
	// Each says what a square counts ("1 square = 20": 20 of what?).
	m := regexp.MustCompile(`\n1 square = (\d+) tasks\n`).FindStringSubmatch(txt)
	require.NotNil(t, m, "the tasks' scale: %s", txt)
	assert.Contains(t, txt+"\n", "\n1 square = "+m[1]+" threads\n", "one scale, said in each panel: %s", txt)
	assert.NotContains(t, txt, "\nsleeping\n", "the grid's label repeated its title")
	// At one scale and one square size the areas drawn are as the
	// counts (the partial last squares aside).
	px := pixelCounts(&l, Rect{W: l.W, H: l.Items[l.legendFrom].Y})
	tasks, threads := px[MeanRequest], px[MeanPlatform]
	require.Positive(t, threads)
	assert.InDelta(t, float64(snap.ExecQueued)/float64(snap.PlatformApp), float64(tasks)/float64(threads), 2, "the areas are the counts' ratio")
	var legend []string
	for _, it := range l.Items[l.legendFrom:] {
		if it.Kind == KindText {
			legend = append(legend, it.Text)
		}
	}
	assert.Contains(t, legend, "tasks:")
	assert.NotContains(t, strings.Join(legend, " "), "request", "nothing on the frame is called a request")
}
