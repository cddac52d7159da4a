package play

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// vt-pooling's judged frame draws the two runs as two columns laid out
// alike, each from its own snapshot: its name, its live threads as
// squares of one unit said on the row, its old gen, and one bold line
// with its share stopped for GC and its Full GCs. Readers of the rows
// (stop 23, round 2) asked for the runs side by side with the same marks
// in the same places; the big grid of one run's threads and the carriers'
// line went (their counts are on point). Both runs in a young GC at the
// judged moment: said once, not once per run.
func TestPoolingRunsAreColumns(t *testing.T) {
	spec := `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`
	at := gcPauseAfter(t, spec, sim.Time(2300*sim.Millisecond))
	words := strings.Join(frameWords(t, spec, at), " ")
	require.Contains(t, words, "10,000 pooled virtual threads ")
	require.Contains(t, words, "a virtual thread per request ")
	require.NotContains(t, words, "(this run)", "the header says they are two runs")
	// The threads' row is folded (ten squares for 10,000 beside ten for
	// 9,986 told nothing; each title says pooled or per request): their
	// counts are on point. A row grown back fails here.
	require.NotContains(t, words, "live threads", "the threads' row is folded into the titles' hover")
	require.NotContains(t, words, "kept forever")
	// The header says what the runs share. No count of requests done in
	// the frame (round 3's per-column counts, 245,726 against 258,280
	// beside 33 % against 15 % stopped, read as numbers that do not add
	// up): a count grown back fails here; each share's hover has it.
	require.True(t, strings.HasPrefix(words, "two runs, same load, 1 GB heap each both runs in a young GC: it empties eden (not drawn), not the old gen 10,000 pooled"), "no count in the header: %s", words)
	require.Empty(t, regexp.MustCompile(`[0-9,]+ (requests )?done`).FindAllString(words, -1), "no requests-done count in the frame")
	// Each old gen says where a Full GC runs: at its full edge.
	require.Equal(t, 2, strings.Count(words, "Full GC when full"), "each old gen's threshold said on it")
	// The per-request run has had no Full GC: its share is young pauses
	// only, said so ("0 Full GCs" beside "one Full GC frees it" read as
	// a contradiction, round 3).
	// The pooled run's share says it counts the young pauses too ("does
	// 33 % include the young GCs?").
	require.Regexp(t, `([0-9]+ %) of time stopped for GC · young \+ [0-9]+ Full GCs? [0-9]+ % .*[0-9]+ % of time stopped for GC · young GCs only [0-9]+ %`, words, "each run its share and what made it, the share also at its bar's end")
	require.Equal(t, 1, strings.Count(words, "both runs in a young GC"))
	require.NotContains(t, words, "stopped now", "the pause said once")
	require.NotContains(t, words, "waiting for a carrier", "the big grid of one run's threads is gone")
	require.NotContains(t, words, "OS threads", "the OS threads' line, the same for both runs, gave its room to the live/dead words")
	// Which block is live and which dead, said over each (readers told
	// them apart only by colour).
	require.Regexp(t, `thread-local data [0-9.]+ [MG]B live: no GC frees it`, words, "the pooled run's live block says what a GC frees of it")
	// Without its MB: 613 MB dead beside 549 MB live read as "about
	// the same". What frees it is its bracket's (TestFullGCFreesBracketsTheGarbage).
	// Whose: the ended requests' data and their threads' thread-locals
	// ("where did its thread-local data go?").
	require.Contains(t, words, "garbage: requests' data and thread-locals dead: their threads ended", "the compared run's garbage says it is dead, and why")
	// (The young GC's flag names eden, not drawn: no size of it.)
	require.NotRegexp(t, `eden [0-9]`, words, "no young row: its slivers were noise beside the old gens")
	require.NotContains(t, words, "0 Full GCs")

	// The columns match: each title and each share line at one height,
	// the compared run's to the right of the shown run's.
	p := New()
	mustLoad(t, p, spec)
	p.Pause()
	_, err := p.Seek(at, 1<<30)
	require.NoError(t, err)
	p.SyncContrast(1 << 30)
	l := desktopFrame(p)
	find := func(part string, n int) []view.Rect {
		var rs []view.Rect
		for _, it := range l.Items {
			if it.Kind == view.KindText && strings.Contains(it.Text, part) {
				rs = append(rs, it.Bounds())
			}
		}
		require.Len(t, rs, n, part)
		return rs
	}
	a, b := find("10,000 pooled virtual threads", 1)[0], find("a virtual thread per request", 1)[0]
	require.InDelta(t, a.Y, b.Y, 0.5, "titles at one height")
	require.Greater(t, b.X, a.Right(), "side by side")
	shares := find("% of time stopped for GC", 2)
	require.InDelta(t, shares[0].Y, shares[1].Y, 0.5, "the shares at one height")
	require.InDelta(t, shares[1].X-shares[0].X, b.X-a.X, 0.5, "each share under its run's title")
	// Each share's hover counts its run's requests done and says why the
	// shares stopped and the counts differ by less than they seem to.
	in := p.Inputs(nil)[0]
	snaps := []*sim.Snapshot{in.Snap, in.Contrast.Snap}
	for i, r := range shares {
		s := l.ExplainAt(r.X+1, r.Y+r.H/2)
		require.Contains(t, s, "finished "+view.Count(snaps[i].RequestsDone)+" requests", "share %d's hover", i)
		require.Contains(t, s, "costs no request", "share %d's hover says why", i)
	}

	// Each share is also a bar of stripes under its line, at one scale
	// for both (a column's width is all of its run's time): the lesson's
	// 33 % against 15 % as two lengths.
	var bars []view.Rect
	for _, it := range l.Items {
		if it.Kind == view.KindRect && it.Meaning == view.MeanGC && it.W > 2*view.CharW {
			if r := it.Bounds(); r.Y > shares[0].Y {
				bars = append(bars, r)
			}
		}
	}
	require.Len(t, bars, 2, "one share bar per run")
	for i, r := range bars {
		share := float64(snaps[i].GCPauseTotal) / float64(snaps[i].Time)
		col := b.X - a.X
		require.InDelta(t, share, float64(r.W)/float64(col-2*view.CharW), 0.02, "bar %d's length is its run's share", i)
		// Its figure at the stripes' end, on the bar ("looks 22 %, not
		// 33 %": nothing on it said its number).
		pct := fmt.Sprintf("%d %%", int(math.Round(100*share)))
		at := false
		for _, it := range l.Items {
			if tb := it.Bounds(); it.Kind == view.KindText && it.Text == pct && tb.X >= r.Right() && tb.X <= r.Right()+view.CharW && tb.Y >= r.Y-1 && tb.Bottom() <= r.Bottom()+1 {
				at = true
			}
		}
		require.True(t, at, "bar %d says %s at its end", i, pct)
	}
	require.Greater(t, bars[0].W, bars[1].W, "the pooled run stops longer")

	// Beside the live and dead blocks, the Thread objects' and
	// StackChunks' few MB are said on point, not drawn as slivers too
	// thin to name ("why would ended threads leave Thread objects?").
	for _, it := range l.Items {
		if it.Kind == view.KindRect && (it.Meaning == view.MeanThreadObj || it.Meaning == view.MeanChunkData) {
			t.Errorf("a %v sliver drawn at %v", it.Meaning, it.Bounds())
		}
	}
	require.Contains(t, l.Describe(), "StackChunks", "their bytes are on point")
}

// At the first Full GC the pooled run's thread-local data is not yet the
// old gen's bulk (121 MB beside 661 MB of garbage): its block still says
// it is live, over its size (a pink block with "121 MB" alone was "121 MB
// of what?"), and the run's pause is a flag at its title's end.
func TestPoolingFirstFullGCNamesTheLiveBlock(t *testing.T) {
	spec := `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`
	words := strings.Join(frameWords(t, spec, sim.Time(492*sim.Millisecond)), " ")
	require.Contains(t, words, "Full GC now", "the pooled run's Full GC, flagged")
	require.Regexp(t, `[0-9.]+ MB live garbage`, words, "the thread-local block said live over its size")
}
