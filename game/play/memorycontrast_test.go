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

// loom-carrier's article compares two runs' resident memory: its first
// screen draws the event loops' platform-thread run beside this one, to one
// scale, and the caption gives the gap (a newcomer set this run's 226 MB,
// early in the run, against the article's 628 against 706 MB and could
// not find the saving; the gap is there from the first request).
func TestLoomCarrierDrawsBothRunsMemory(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"loom-carrier","case":"unlimited-vthreads","seed":1}`, true)
	require.True(t, p.SyncContrast(1<<30), "the compared run caught up")
	l := desktopFrame(p)
	words := frameText(l)
	assert.Contains(t, words, "\nresident memory of both runs now, to scale\n")
	this := regexp.MustCompile(`\n([0-9.]+) MB: this run, ([0-9.]+) MB less( \(its 8 carriers: [0-9.]+ MB\))?\n`).FindStringSubmatch(words)
	other := regexp.MustCompile(`\n([0-9.]+) MB: event loops on platform threads(?:, separate run)?(?:, same load|, same [0-9,]+ requests?)?\n`).FindStringSubmatch(words)
	caption := regexp.MustCompile(`Resident\s+memory is ([0-9.]+) MB so far, ([0-9.]+) MB less than with event loops on platform threads\.`).FindStringSubmatch(words)
	require.NotNil(t, this, words)
	require.NotNil(t, other, words)
	require.NotNil(t, caption, words)
	// The gap is the difference of the two figures drawn: a reader who
	// subtracted 225.9 from 302.3 found 76.4 where the picture said 76.5.
	num := func(s string) float64 { f, err := strconv.ParseFloat(s, 64); require.NoError(t, err); return f }
	assert.InDelta(t, num(other[1])-num(this[1]), num(this[2]), 0.001, "the bars' gap is their figures' difference")
	assert.Equal(t, this[1], caption[1], "the caption's memory is the bar's")
	assert.Equal(t, this[2], caption[2], "the caption's gap is the bars'")
	assert.True(t, l.ContrastDrawn(), "the page names the compared run only when the picture draws it")
	// Without the compared run there is nothing to set this one against.
	q, _ := openedAtItsMoment(t, `{"scenario":"loom-carrier","case":"256-vthreads","seed":1}`, true)
	assert.NotContains(t, frameText(desktopFrame(q)), "both runs")
}

// Shown the event loops' platform-thread run, the same bars say what this run
// costs more, and in which of its parts.
func TestLoomCarrierPlatformRunDrawsBothRunsMemory(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"loom-carrier","case":"unlimited-platform","seed":1}`, true)
	require.True(t, p.SyncContrast(1<<30), "the compared run caught up")
	words := frameText(desktopFrame(p))
	assert.Regexp(t, `\n[0-9.]+ MB: this run, [0-9.]+ MB more( \(its 32 platform threads: [0-9.]+ MB\))?\n`, words)
	assert.Regexp(t, `Resident\s+memory is [0-9.]+ MB so far, [0-9.]+ MB more than with loom-carrier's virtual threads\.`, words)
}

// The two runs' memory bars put each run's threads last: the JVM's parts
// line up from the left, and this run's carriers, a part too narrow for
// its name, are named just past its bar's end (the white part, unnamed
// in the bar, was asked about in stops 46 and 47). The compared run's
// threads are named in their part.
func TestLoomCarrierMemoryBarsNameTheThreadsPart(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"loom-carrier","case":"unlimited-vthreads","seed":1}`, true)
	require.True(t, p.SyncContrast(1<<30), "the compared run caught up")
	words := frameText(desktopFrame(p))
	bars := `\n[0-9.]+ MB: this run, [^\n]*\nJVM itself [0-9.]+ MB( \+ heap [0-9.]+ KB)?\n<- (its )?8 carriers( [0-9.]+ MB)?\n[0-9.]+ MB: event loops on platform threads(, separate run)?(, same load|, same [0-9,]+ requests?)?\nJVM( itself)? [0-9.]+ MB( \+ (heap|(the )?same) [0-9.]+ KB( garbage)?)?\n([0-9,]+ )?threads( [0-9.]+ MB)?\n`
	assert.Regexp(t, bars, words)
	// The compared run's threads counted where its part has room: a
	// reader asked how many threads that run had.
	theirs := p.Inputs(nil)[0].Contrast.Snap
	require.Positive(t, theirs.PlatformApp)
	assert.Contains(t, words, "\n"+view.Count(int64(theirs.PlatformApp))+" threads "+view.PartsSize(theirs.RSSThreads)+"\n")
	// The heap's 0.3 MB, under a pixel at the first screen, is said
	// beside the JVM's part: a reader's sum of the parts named (200.1 +
	// 25.5) fell short of the bar's 225.9 MB.
	this := regexp.MustCompile(`\n([0-9.]+) MB: this run, [^\n]*\(its 8 carriers: ([0-9.]+) MB\)\nJVM itself ([0-9.]+) MB \+ heap ([0-9.]+) KB\n`).FindStringSubmatch(words)
	require.NotNil(t, this, "the heap named in this run's bar:\n%s", words)
	num := func(s string) float64 { f, err := strconv.ParseFloat(s, 64); require.NoError(t, err); return f }
	assert.InDelta(t, num(this[1]), num(this[2])+num(this[3])+num(this[4])/1024, 0.11, "the parts named add up to the bar")
	// Later, as the heap's pages grow, the shorter bar comes within a
	// name's width of the row's end: the bars are drawn shorter, to one
	// scale, so the carriers are still named (at 5 s they were not).
	for _, at := range []sim.Duration{5 * sim.Second, 10 * sim.Second} {
		q := pausedAt(t, `{"scenario":"loom-carrier","case":"unlimited-vthreads","seed":1}`, sim.Time(at))
		require.True(t, q.SyncContrast(1<<30), "the compared run caught up")
		assert.Regexp(t, bars, frameText(desktopFrame(q)), "at %v", at)
	}
	// A small embed (640 × 400) keeps the bars at full width where
	// shrinking them would un-name a part: at 2 s the compared run's
	// threads lost their name, and the JVM's parts their sizes.
	q := pausedAt(t, `{"scenario":"loom-carrier","case":"unlimited-vthreads","seed":1}`, sim.Time(2*sim.Second))
	require.True(t, q.SyncContrast(1<<30), "the compared run caught up")
	var l view.List
	hdr := q.Header()
	view.Build(&l, 640, 400, &hdr, q.Views(nil), q.Inputs(nil), &view.Options{})
	assert.Regexp(t, `\nJVM itself [0-9.]+ MB\n[0-9.]+ MB: (event loops on platform threads|other run)\nJVM itself [0-9.]+ MB\nthreads\n`, frameText(&l))
}
