package play

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// poolingPairFirstScreen is the words of vt-pooling's first screen (its
// default case held at its moment) with the compared run caught up and
// drawn beside it.
func poolingPairFirstScreen(t *testing.T) string {
	t.Helper()
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	p.SyncContrast(1 << 30)
	l := desktopFrame(p)
	assert.True(t, l.ContrastDrawn(), "the premise: the compared run is drawn")
	return frameText(l)
}

// vt-pooling's opening draws its 10,000 live virtual threads as a hundred
// squares beside the compared run: the square's worth is said there too
// (a reader counted the squares against "10,000" and asked what one is).
func TestPoolingLiveThreadsSayTheSquaresWorth(t *testing.T) {
	words := poolingPairFirstScreen(t)
	assert.Contains(t, words, "\n10,000 live virtual threads\n")
	assert.Contains(t, words, "\n1 square = 100 threads\n")
}

// The live threads' key says what the parked ones wait for, where most
// wait for one thing: "3,624 parked" beside "6,368 waiting for a carrier"
// left a reader (nv228) asking why some were parked and others waiting.
// The 8 on carriers end that line as "the other 8": ", 8 on carriers"
// beside the parked square read as 8 of the parked (stop 68).
func TestPoolingLiveThreadsSayWhatTheParkedWaitFor(t *testing.T) {
	words := poolingPairFirstScreen(t)
	assert.Regexp(t, `\n[0-9,]+ waiting for a carrier\n[0-9,]+ parked \((most|all) waiting on a socket\); the other 8 on carriers\n`, words)
}

// poolingPageFrame is vt-pooling's opening (its default case held at its
// moment, the compared run caught up) built at the page's frame, 1134 ×
// 638, taller than desktopFrame's.
func poolingPageFrame(t *testing.T) (*Playground, *view.List) {
	t.Helper()
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	p.SyncContrast(1 << 30)
	var l view.List
	hdr := p.Header()
	view.Build(&l, 1134, 638, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
	require.True(t, l.ContrastDrawn(), "the premise: the compared run is drawn")
	return p, &l
}

// vt-pooling's first screen names the pooled run's lesson on its block in
// the old gen, with each thread's share under its name (a newcomer had to
// work it out from "51 % live" of 910 MB). At the page's frame (1134 ×
// 638). The grey beside it, the garbage a Full GC frees, was named here
// too (readers in stops 45 to 47 asked what the unnamed grey block was)
// while the opening held at the first Full GC that freed little; at the
// steady Full GCs it is too narrow for the word, and the legend's grey
// names it.
func TestPoolingPooledGarbageNamed(t *testing.T) {
	p, l := poolingPageFrame(t)
	m := regexp.MustCompile(`\nthread-local data( [0-9.]+ [KMG]B)?\n~([0-9.]+) KB a thread\n`).FindStringSubmatch(frameText(l))
	require.NotNil(t, m, "the pooled old gen's lesson, named on it, with each thread's share under its name")
	// The share is the block's bytes over the pooled threads (a newcomer
	// had to work it out from "51 % live" of 910 MB), to its one decimal.
	snap := p.Inputs(nil)[0].Snap
	kb, err := strconv.ParseFloat(m[2], 64)
	require.NoError(t, err)
	want := float64(snap.Heap.OldLive[sim.CatThreadLocal]) / float64(snap.VirtualLive) / 1024
	assert.InDelta(t, want, kb, 0.05, "each pooled thread's share of the thread-local data in the old gen")
}
