package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// gc-lab's main starts its 1,000 workers one after another over the first
// few hundred ms: while it does, the caption counts them as a part of the
// case's 1,000 ("633 platform threads" under "1,000 pooled workers" read
// as a miscount), and once all run, as they are.
func TestGCLabCaptionCountsTheWorkersStarted(t *testing.T) {
	early := frameText(desktopFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(142*sim.Millisecond))))
	assert.Regexp(t, `\n[0-9,]+ of the 1,000 platform threads started so far, each its own OS thread, on 2 CPUs`, early)
	later := frameText(desktopFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(2*sim.Second))))
	assert.Regexp(t, `\n1,00[0-9] platform threads, each its own OS thread`, later)
	assert.NotContains(t, later, "started so far")
}

// gcLabFirstScreen is the words of gc-lab's first screen, held. (Its
// story's first moment, a Full GC, is not in the default run: it opens on
// the first GC.)
func gcLabFirstScreen(t *testing.T) string {
	t.Helper()
	p := New()
	mustLoad(t, p, `{"scenario":"gc-lab","case":"pooled","seed":1}`)
	require.NoError(t, p.Open(true, false))
	ticksUntilOpened(t, p)
	return frameText(desktopFrame(p))
}

// Eden at gc-lab's first screen, just after its first GC, holds a few KB
// of 64 MB: its free end does not say "free 64.0 MB" under "eden 9.0 KB of
// 64.0 MB" (read as a contradiction), where the free part rounds to the
// whole.
func TestNearlyEmptySpaceSaysAlmostAllFree(t *testing.T) {
	words := gcLabFirstScreen(t)
	assert.Regexp(t, `\neden \(new objects\) [0-9.]+ KB of 64\.0 MB\n`, words, "the premise: eden nearly empty")
	assert.NotContains(t, words, "free 64.0 MB")
	assert.Regexp(t, `\nalmost all free(; parts not to scale)?\n`, words)
}

// gc-lab's panel of platform threads not waiting for a CPU says how they
// wait: beside "platform threads waiting for a CPU", "waiting platform
// threads" was the same words, and a reader added the panels up to tell
// them apart.
func TestGCLabWaitersSayHowTheyWait(t *testing.T) {
	words := frameText(desktopFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(142*sim.Millisecond))))
	require.Contains(t, words, "\nplatform threads waiting for a CPU\n", "the premise: the queue's panel")
	assert.Regexp(t, `\n(platform threads )?sleeping or waiting for work( \(each keeps its OS thread\))?\n`, words)
	assert.NotContains(t, words, "\nwaiting platform threads\n")
}

// The first GC's callout says eden was emptied, as the picture draws it
// just after ("eden filled up" beside an eden "almost all free" was read
// as a contradiction).
func TestFirstGCCalloutSaysEdenEmptied(t *testing.T) {
	words := strings.ReplaceAll(gcLabFirstScreen(t), "\n", " ") // the callout wraps
	assert.Contains(t, words, "when eden (64 MB) filled up, every thread stopped while its live objects were copied to the survivors, and eden was emptied (old gen 0 % full).")
	// Eden's size said with "filled up", not in the closing brackets,
	// where "eden 64 MB" was set against the 9.0 KB drawn.
	assert.NotContains(t, words, "(eden 64 MB")
}

// gc-lab's survivor spaces say their size: the pair's label has no room for
// "2 × 10.5 MB", and a reader worked the survivors' 21 MB out of the heap's
// other spaces. The spare box says it above its word ("10.5 MB / spare");
// over "in use" it read as the bytes in use.
func TestSurvivorBoxesSayTheirSize(t *testing.T) {
	words := gcLabFirstScreen(t)
	require.Contains(t, words, "\nsurvivors\n", "the premise: the pair's label without the size")
	assert.Equal(t, 1, strings.Count(words, "\n10.5 MB\n"), "the spare box's size:\n%s", words)
	assert.Contains(t, words, "\nspare\n10.5 MB\n", "said in the spare box")
}

// gc-lab's first GC callout gives the pause's length: "First GC at 142 ms"
// beside "7 % of the 141.7 ms so far" stopped left a reader asking when
// the pause began and ended. The share counts the pause whole.
func TestFirstGCSaysItsPause(t *testing.T) {
	words := gcLabFirstScreen(t)
	assert.Regexp(t, `\nFirst GC at [0-9]+ ms \([0-9.]+ ms pause\): `, words)
}
