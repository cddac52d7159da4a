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
	require.True(t, strings.HasPrefix(words, "two runs, same load, 1 GB heap each young GC in both runs: emptying eden 10,000 pooled"), "no count in the header: %s", words)
	require.Empty(t, regexp.MustCompile(`[0-9,]+ (requests )?done`).FindAllString(words, -1), "no requests-done count in the frame")
	// Each old gen says where a Full GC runs: at its full edge.
	require.Equal(t, 2, strings.Count(words, "Full GC when full"), "each old gen's threshold said on it")
	// Each run its share, in a line over its bar; what made it is the
	// bar's parts' words (TestShareBarsSplitByKindOfPause).
	// "of 2.342 s": the bar's whole length is the run's time so far (a
	// reader asked what the bar's scale was).
	require.Regexp(t, `[0-9]+ % of [0-9.]+ s stopped for GC .*[0-9]+ % of [0-9.]+ s stopped for GC`, words, "each run its share, of its time")
	require.Equal(t, 1, strings.Count(words, "young GC in both runs"))
	// The run without a Full GC says so under its bar, beside its young
	// pauses (a reader asked how many the other run had had).
	require.Regexp(t, `a virtual thread per request .*[0-9]+ young × [0-9.]+ ms no Full GC yet`, words)
	require.Equal(t, 1, strings.Count(words, "no Full GC yet"), "the pooled run has had its Full GCs")
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
	require.Contains(t, words, "requests' data and thread-locals garbage: their threads ended", "the compared run's garbage says it is garbage, and why")
	// Each run's eden is a bar named with its size (edenrow.go); the
	// survivor spaces, slivers readers called noise, are not drawn.
	require.Len(t, regexp.MustCompile(`eden [0-9.]+ MB`).FindAllString(words, -1), 2, "each run its eden")
	require.NotContains(t, words, "survivor")
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
	shares := find(" s stopped for GC", 2)
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
	col := b.X - a.X - 2*view.CharW
	for i, sh := range shares {
		var stripes float32
		var right float32
		for _, it := range l.Items {
			if r := it.Bounds(); it.Kind == view.KindRect && it.Meaning == view.MeanGC && it.W > 2 && r.Y > sh.Bottom() && r.X >= sh.X-1 && r.X < sh.X+col {
				stripes += r.W
				right = max(right, r.Right())
			}
		}
		share := float64(snaps[i].GCPauseTotal) / float64(snaps[i].Time)
		require.InDelta(t, share, float64(stripes)/float64(col), 0.02, "bar %d's stripes are its run's share", i)
		// No figure in its track past the stripes ("looks shorter than
		// 33 %"): the share is said over the bar, the scale is ticks.
		pct := fmt.Sprintf("%d %%", int(math.Round(100*share)))
		for _, it := range l.Items {
			if tb := it.Bounds(); it.Kind == view.KindText && it.Text == pct && tb.X >= sh.X && tb.X < sh.X+col {
				t.Errorf("bar %d: %q written at %v, in its track", i, pct, tb)
			}
		}
	}

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
