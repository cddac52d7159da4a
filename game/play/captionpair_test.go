package play

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// vt-pooling's caption states the pair the frame draws: its own share of
// the run stopped for GC and the per-request run's beside it, the
// same figures as the two bars' "N % stopped" (readers asked for both in
// the headline). Without a contrast drawn (not caught up) it says only its own.
func TestPoolingCaptionStatesThePair(t *testing.T) {
	spec := `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`
	at := gcPauseAfter(t, spec, sim.Time(2300*sim.Millisecond))
	p := New()
	mustLoad(t, p, spec)
	p.Pause()
	_, err := p.Seek(at, 1<<30)
	require.NoError(t, err)
	require.NotContains(t, p.Inputs(nil)[0].Caption, "thread-per-request", "a contrast not yet caught up is not told")
	require.True(t, p.SyncContrast(1<<30))
	in := p.Inputs(nil)[0]
	share := func(s *sim.Snapshot) string {
		return fmt.Sprintf("%d %%", int(math.Round(100*float64(s.GCPauseTotal)/float64(s.Time))))
	}
	mine, theirs := share(in.Snap), share(in.Contrast.Snap)
	require.NotEqual(t, mine, theirs, "the premise: the two runs differ")
	nb := func(s string) string { return strings.ReplaceAll(s, " ", "\u00a0") } // a share is not wrapped apart from its "%"
	// The pooled run's young GCs are most of its share: the caption names
	// both kinds (readers took the 33 % for its Full GCs' alone, then
	// "(mostly young GCs)" for a ranking that puzzled them).
	require.Greater(t, 2*(in.Snap.GCPauseTotal-in.Snap.FullPauseTotal), in.Snap.GCPauseTotal, "the premise: young pauses are most of it")
	require.Contains(t, in.Caption, ". "+nb("Young and Full GCs have stopped")+" the pooled run "+nb(mine)+" of the time, the per-request run "+nb(theirs)+".")
	words := strings.Join(shownWords(p), " ")
	require.Equal(t, in.Caption, p.State().Caption, "the page's caption is the canvas's")
	require.Contains(t, words, mine+" of "+view.Clock(sim.Duration(in.Snap.Time))+" stopped for GC")
	require.Contains(t, words, theirs+" of "+view.Clock(sim.Duration(in.Contrast.Snap.Time))+" stopped for GC")
	require.LessOrEqual(t, utf8.RuneCountInString(in.Caption), 200, "two lines of the desktop canvas")
}

// The pair's stopped shares give the time as the header's clock writes it:
// at 2.75 s, "34 % of 2.75 s stopped for GC", not "2.750 s" under
// "simulated time 2.75 s".
func TestPairSharesUseTheHeadersClock(t *testing.T) {
	p := pausedAt(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, sim.Time(2750*sim.Millisecond))
	require.True(t, p.SyncContrast(1<<30))
	words := frameText(desktopFrame(p))
	require.Contains(t, words, "simulated time 2.75 s", "the premise")
	require.Contains(t, words, "of 2.75 s stopped for GC")
	require.NotContains(t, words, "2.750 s")
}
