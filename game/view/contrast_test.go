package view

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// withContrast attaches to in the state of caseID run to the same moment,
// as game/play's contrast run hands it.
func withContrast(t *testing.T, in *SideInput, scen, caseID, name string) {
	sc, err := scenario.Get(scen)
	require.NoError(t, err)
	sm, _, err := sc.NewSim(caseID, nil, 1)
	require.NoError(t, err)
	sm.Advance(in.Snap.Time, 1<<30)
	snap := &sim.Snapshot{}
	sm.Fill(snap)
	in.Contrast = &Contrast{Case: caseID, Title: caseID, Name: name, Snap: snap}
}

// vt-pooling's pooled frame draws the thread-per-request case's old gen
// under its own at the same scale (the same heap: a byte is as wide in
// both), and its GC share under its own as wide, every mark in the legend
// at every size and palette; without a contrast neither is drawn.
func TestContrastDrawnAtTheShownScale(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2342 * sim.Millisecond})
	var bare List
	Build(&bare, 1134, 464, &Header{Scenario: "vt-pooling", Time: in.Snap.Time}, []*Side{side}, []SideInput{in}, &Options{})
	for _, r := range bare.Regions() {
		require.False(t, strings.HasPrefix(r.Name, "compared case"), "a frame without a contrast draws %s", r.Name)
	}
	withContrast(t, &in, "vt-pooling", "1g-nopool", "a virtual thread per request")
	for _, sz := range sceneSizes {
		for _, p := range Palettes {
			var l List
			Build(&l, sz[0], sz[1], &Header{Scenario: "vt-pooling", Time: in.Snap.Time}, []*Side{side}, []SideInput{in}, &Options{Palette: p, Scale: sz[2]})
			checkGrammar(t, &l, p, fmt.Sprintf("contrast %gx%g@%g %s", sz[0], sz[1], sz[2], p.Name))
		}
	}
	var l List
	Build(&l, 1134, 464, &Header{Scenario: "vt-pooling", Time: in.Snap.Time}, []*Side{side}, []SideInput{in}, &Options{})
	var old, conOld, share, conShare Rect
	for _, r := range l.Regions() {
		switch r.Name {
		case "old generation":
			old = r.R
		case "compared case's old generation":
			conOld = r.R
		case "time stopped for GC":
			share = r.R
		case "compared case's time stopped for GC":
			conShare = r.R
		}
	}
	require.False(t, conOld.Empty(), "the desktop frame draws the contrast's old gen")
	require.False(t, conShare.Empty(), "the desktop frame draws the contrast's GC share")
	require.Greater(t, old.H, 3*conOld.H, "the shown old gen stays the big mark")
	require.GreaterOrEqual(t, conOld.Y, old.Bottom(), "under the shown old gen")
	require.GreaterOrEqual(t, conShare.Y, conOld.Bottom()-0.01, "its share under its old gen")
	// Same scale: the contrast's garbage (most of its old gen) is as wide
	// as its bytes are in the shown old gen's fill.
	_, inner := SpaceBands(old, 1)
	h := &in.Contrast.Snap.Heap
	want := inner.W * float32(h.OldGarbage) / float32(h.OldCap)
	got := float32(0)
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Meaning == MeanGarbage && it.Y >= conOld.Y && it.Y < conOld.Bottom() {
			got += it.W
		}
	}
	require.InDelta(t, want, got, 1.5, "the contrast's garbage to the shown old gen's scale")
	var words []string
	for _, it := range l.Items {
		if it.Kind == KindText && it.Y >= conOld.Y && it.Y < conShare.Bottom() {
			words = append(words, it.Text)
		}
	}
	joined := strings.Join(words, " | ")
	require.Contains(t, joined, "a virtual thread per request: old gen "+Count(int64((200*h.OldUsed+h.OldCap)/(2*h.OldCap)))+" % full, ")
	require.Contains(t, joined, " garbage", "its garbage said, not only drawn")
	require.Contains(t, joined, "a virtual thread per request: ", "its share named as the shown one's")
	// The pair reads as a pair: the shown share right under the shown old
	// gen, the compared case's old gen under that and its share right
	// under it; the arrow from the threads' data down onto the shown
	// share crosses none of the compared case's marks.
	require.Less(t, share.Bottom(), conOld.Y+0.01, "the shown share before the compared case's marks")
	for _, it := range l.Items {
		if it.Kind == KindLine && it.X == it.X2 && it.Color == OkabeIto.Text {
			require.False(t, max(it.Y, it.Y2) > conOld.Y, "a vertical arrow runs into the compared case's marks at x %v", it.X)
		}
	}
}
