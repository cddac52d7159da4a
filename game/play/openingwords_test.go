package play

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// The pair's young row names eden and the survivor spaces on one line:
// at vt-pooling's opening (the pooled run at 1.979 s beside a thread per
// request) "eden 50.7 MB" ended where "survivors" began, and a reader
// read "MBsurvivors". Labels on one line keep a character's gap. (The
// names now sit on a line over the bars, "survivor spaces" over theirs.)
func TestYoungRowLabelsKeepApart(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	l := desktopFrame(p)
	texts := shownTexts(l)
	survivors := 0
	for _, a := range texts {
		if a.Text != "survivor spaces" {
			continue
		}
		survivors++
		ab := a.Bounds()
		for _, b := range texts {
			bb := b.Bounds()
			if b.Text == a.Text && bb == ab || bb.Y >= ab.Bottom() || ab.Y >= bb.Bottom() {
				continue
			}
			gap := max(ab.X-bb.Right(), bb.X-ab.Right())
			assert.GreaterOrEqual(t, gap, float32(view.CharW)/2, "%q at %v and %q at %v on one line", a.Text, ab, b.Text, bb)
		}
	}
	require.Positive(t, survivors, "the premise: the survivor spaces named by one word")
	// A shortened label's plate shrinks with it: no plate left reaching
	// past its words towards "survivors".
	for i := 1; i < len(l.Items); i++ {
		if it, pl := l.Items[i], l.Items[i-1]; it.Kind == view.KindText && it.Text == "eden" && pl.Kind == view.KindRect && pl.Y == it.Y && pl.X < it.X {
			assert.LessOrEqual(t, pl.X+pl.W, it.Bounds().Right()+float32(view.CharW)/2, "eden's plate %v beyond its word %v", pl.Bounds(), it.Bounds())
		}
	}
}

// A thin young row names its garbage by the word alone, if at all: at
// vt-pooling's opening "garbage 69.2 MB" inside the other run's eden,
// beside "eden 74.2 MB", was summed with it as a space of its own (nv226).
func TestYoungRowGarbageHasNoSize(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	words := frameText(desktopFrame(p))
	require.Regexp(t, `\neden \(new objects\) [0-9.]+ MB of [0-9.]+ MB\n`, words, "the premise: an eden row gives its use")
	assert.Contains(t, words, "\ngarbage\n")
	assert.NotRegexp(t, `\ngarbage [0-9.]+ [KMG]B\n`, words)
}

// Each run's old gen says how full it is and how much of it is live, from
// the run's own heap: at vt-pooling's opening the two bars' "67 % full"
// and "63 % full" read alike to a newcomer; the live shares differ.
func TestPairOldGenSaysItsLiveShare(t *testing.T) {
	p, st := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	require.False(t, st.Paused, "the premise: no run in a pause")
	in := p.Inputs(nil)[0]
	require.NotNil(t, in.Contrast, "the premise: the pair drawn")
	words := frameText(desktopFrame(p))
	got := regexp.MustCompile(`old generation [0-9.]+ [MG]B: ([0-9]+) % full, ([0-9]+) % live`).FindAllStringSubmatch(words, -1)
	require.Len(t, got, 2, words)
	pct := func(b, of sim.Bytes) string { return strconv.Itoa(int((200*b + of) / (2 * of))) }
	for i, snap := range []*sim.Snapshot{in.Snap, in.Contrast.Snap} {
		h := &snap.Heap
		assert.Equal(t, pct(h.OldUsed, h.OldCap), got[i][1], "run %d: full", i)
		assert.Equal(t, pct(h.OldUsed-h.OldGarbage, h.OldCap), got[i][2], "run %d: live", i)
	}
	assert.NotEqual(t, got[0][2], got[1][2], "the live shares tell the runs apart")
}

// The OS threads' line at vt-pooling's opening names what its count is
// made of, in the tight form where the long one does not fit: "OS
// threads: 28; 8 on a CPU" beside "8 of 8 busy" left a newcomer asking
// what the other 20 were.
func TestOpeningOSLineNamesItsParts(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	words := frameText(desktopFrame(p))
	assert.Regexp(t, `OS threads: [0-9,]+ = [0-9,]+ carriers \+ [0-9,]+ (of the )?JVM's own`, words)
}

// Just after a Full GC's pause, its garbage still collapsing on the bar,
// the motion's words say it in the past ("Full GC: compacting" beside "no
// GC now" read as a contradiction) and cover none of the bar's own words
// (at the bar's top they ran over "thread-local data"). The
// frame is vt-pooling's pooled run played a tick at a time from inside its
// fourth Full GC's pause (1.821 to 1.873 s) to the first tick after it.
func TestCompactionWordsAfterThePause(t *testing.T) {
	p := pausedAt(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, sim.Time(1860*sim.Millisecond))
	require.True(t, p.Inputs(nil)[0].Snap.PauseFull, "the premise: inside the Full GC's pause")
	require.NoError(t, p.SetSpeed(0.1))
	p.Play()
	for i := 0; i < 100 && p.Inputs(nil)[0].Snap.Paused; i++ {
		p.Tick()
	}
	p.Pause()
	require.False(t, p.Inputs(nil)[0].Snap.Paused, "the premise: the pause is over")
	l := desktopFrame(p)
	words := frameText(l)
	assert.Contains(t, words, "\nFull GC just ended", "the motion's words, in the past")
	assert.NotContains(t, words, "compacting", "the pause is over")
	texts := shownTexts(l)
	for i, a := range texts {
		if !strings.Contains(a.Text, "ended") {
			continue
		}
		for j, b := range texts {
			assert.False(t, i != j && overlapBy(a, b, 0), "%q at %v covers %q at %v", a.Text, a.Bounds(), b.Text, b.Bounds())
		}
	}
}

// vt-pooling's first screen holds 100 ms after its fourth Full GC, with
// three young GCs since that promoted into the old gen: it does not say
// the Full GC "just ended: old gen compacted" over the garbage promoted
// since (a reader asked why a just-compacted old gen held 16 % garbage).
func TestOpeningSaysNoStaleCompaction(t *testing.T) {
	p, st := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	require.False(t, st.Paused, "the premise: no run in a pause")
	words := frameText(desktopFrame(p))
	assert.NotContains(t, words, "just ended")
	assert.NotContains(t, words, "compacted")
	assert.Equal(t, 2, strings.Count(words, "no GC now"), "neither run is in a GC:\n%s", words)
}

// The StackChunk strip's old column, when its dead count fits on its
// first line, says which bricks are the dead ones: "dead until a Full GC"
// over the column's first, live (tier-coloured) bricks left a newcomer
// asking which were dead.
func TestChunkColumnNamesTheGreyBricks(t *testing.T) {
	p := pausedAt(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, sim.Time(272*sim.Millisecond))
	words := frameText(desktopFrame(p))
	require.Regexp(t, `in old: [0-9,]+ \+ [0-9,]+ dead\n`, words, "the premise: the dead count on the column's first line")
	assert.Regexp(t, `\ngrey: dead (until|till) a Full GC\n`, words)
}

// The compared run's heading in the pair says it is a run of its own: with
// "Choose cases to compare" unticked, a newcomer of the opening frame took
// the two rows for one run. Its name alone was all that fitted beside the
// threads' bar.
func TestPairHeadingSaysOtherRun(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	require.NotNil(t, p.Inputs(nil)[0].Contrast, "the premise: the pair drawn")
	assert.Regexp(t, `\na virtual thread per request \((other run|separate run[^)]*)\)\n`, frameText(desktopFrame(p)))
}

// At the page's opening, each run of the pair counts its Full GCs under
// its share stopped, and the counts cross no other words: a newcomer
// found the per-request run's count nowhere ("no Full GC for the
// per-request run") once the young rows' names took a line from each row.
func TestPairOpeningCountsEachRunsFullGCs(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	in := p.Inputs(nil)[0]
	require.NotNil(t, in.Contrast, "the premise: the pair drawn")
	l := desktopFrame(p)
	texts := shownTexts(l)
	for i, n := range []int64{in.Snap.FullGCs, in.Contrast.Snap.FullGCs} {
		want := regexp.MustCompile(`^` + strconv.FormatInt(n, 10) + ` Full GCs?( so far)?$`)
		if n == 0 {
			want = regexp.MustCompile(`^no Full GC( yet)?$`)
		}
		found := 0
		for _, a := range texts {
			if !want.MatchString(a.Text) {
				continue
			}
			found++
			for _, b := range texts {
				if b.Bounds() != a.Bounds() {
					assert.False(t, overlapBy(a, b, 1), "run %d's count %q at %v crosses %q at %v", i, a.Text, a.Bounds(), b.Text, b.Bounds())
				}
			}
		}
		assert.Equal(t, 1, found, "run %d says its %d Full GCs once", i, n)
	}
}
