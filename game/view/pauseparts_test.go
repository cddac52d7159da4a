package view

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// Each run's bar of time stopped for GC is split into its young pauses
// and its Full GCs' pauses, each part as long as its share of the run and
// said under it as its count times its average pause: "why 15 % from
// young GCs alone?" is answered by 55 of them at 6.3 ms. Ticks each tenth
// are its scale; no figure sits in its track.
func TestShareBarsSplitByKindOfPause(t *testing.T) {
	l, in := pairFrame(t, 2343*sim.Millisecond)
	var texts []string
	for _, it := range l.Items {
		if it.Kind == KindText {
			texts = append(texts, it.Text)
		}
	}
	all := strings.Join(texts, "\n")
	for i, snap := range []*sim.Snapshot{in.Snap, in.Contrast.Snap} {
		parts := pauseParts(snap)
		var sum sim.Duration
		for _, pp := range parts {
			require.Contains(t, texts, pp.words(), "run %d: its %s pauses said", i, pp.kind)
			sum += pp.sum
		}
		require.Equal(t, snap.GCPauseTotal, sum, "run %d: the parts are all of its time stopped", i)
	}
	// The figures the model gives: the pooled run's young and Full GCs,
	// the other run's young ones alone.
	require.Regexp(t, `(?m)^[0-9]+ young × 11\.[0-9] ms$`, all)
	require.Regexp(t, `(?m)^5 Full × [0-9.]+ ms$`, all)
	require.Regexp(t, `(?m)^55 young × 6\.[0-9] ms$`, all)

	// The pooled bar's two parts: young first, each as long as its share
	// of the column's width (all of the run's time).
	var bars []Rect
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Meaning == MeanGC && it.W > 2 && it.H >= CharH-1 {
			bars = append(bars, it.Bounds())
		}
	}
	require.Len(t, bars, 3, "two parts in the pooled bar, one in the other's")
	// The track: its frame's top edge, from the young part's left end.
	var track Rect
	for _, it := range l.Items {
		if b := it.Bounds(); it.Kind == KindRect && it.Color == OkabeIto.PanelEdge && b.H <= 1 && b.X == bars[0].X && b.Y == bars[0].Y && b.W > 2*bars[0].W {
			track = Rect{X: b.X, Y: b.Y, W: b.W, H: bars[0].H}
		}
	}
	require.False(t, track.Empty(), "the pooled bar's track")
	young := float64(in.Snap.GCPauseTotal-in.Snap.FullPauseTotal) / float64(in.Snap.Time)
	full := float64(in.Snap.FullPauseTotal) / float64(in.Snap.Time)
	require.InDelta(t, young, float64(bars[0].W)/float64(track.W), 0.01, "the young part's length")
	require.InDelta(t, full, float64(bars[1].W)/float64(track.W), 0.01, "the Full part's length")
	require.Greater(t, bars[1].X, bars[0].Right(), "a gap between the parts")
	ticks := 0
	for _, it := range l.Items {
		if b := it.Bounds(); it.Kind == KindRect && b.W <= 1 && b.Y == track.Bottom() && b.X >= track.X && b.X <= track.Right() {
			ticks++
		}
	}
	require.Equal(t, 11, ticks, "a tick each tenth of the run")
}

// On a phone's rows, where the parts' words find no line, each run's bar
// is drawn whole and without ticks: split without words, the gap between
// the parts read as a seam in the bar, and unlabelled ticks as a
// timeline. A split bar always has its parts' words.
func TestShareBarSplitOnlyWithItsWords(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2343 * sim.Millisecond})
	withContrast(t, &in, "vt-pooling", "1g-nopool", "a virtual thread per request")
	// With a step's line under the caption, as the judged frame has it:
	// the rows lose the line of the parts' words.
	in.Step = "A young GC began: every Java thread stops for 11.3 ms."
	sc := phoneCanvas[2]
	var l List
	Build(&l, phoneCanvas[0], phoneCanvas[1], &Header{Scenario: "vt-pooling", Time: in.Snap.Time}, []*Side{side}, []SideInput{in}, &Options{Scale: sc})
	worded := 0
	for _, it := range l.Items {
		for _, snap := range []*sim.Snapshot{in.Snap, in.Contrast.Snap} {
			for _, pp := range pauseParts(snap) {
				if it.Kind == KindText && it.Text == pp.words() {
					worded++
				}
			}
		}
	}
	var bars []Rect
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindRect && it.Meaning == MeanGC && it.H >= CharH*sc-1 {
			bars = append(bars, it.Bounds())
		}
	}
	ticks := 0
	for _, it := range l.Items[:l.legendFrom] {
		if b := it.Bounds(); it.Kind == KindRect && it.Meaning == MeanNone && b.W <= 1 && b.H >= 4*sc && b.H <= 6*sc {
			for _, bar := range bars {
				if b.Y == bar.Bottom() {
					ticks++
				}
			}
		}
	}
	if worded == 0 {
		require.Len(t, bars, 2, "one whole bar a run, without words for parts")
		require.Zero(t, ticks, "no ticks without words")
	} else {
		require.Len(t, bars, 3, "with their words, the pooled run's bar in its two parts")
	}
}
