package play

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// vt-pooling's judged frame brackets, under each old gen, the part a Full
// GC frees (its garbage, from the model's snapshot, to the bar's scale):
// the pooled run's bracket is short and says "only this" (its threads'
// data stays), the per-request run's spans most of its bar and says its
// first Full GC will free "all this" (it has had none). Readers asked to
// see why the pooled run's Full GCs recur, and whether the other run had
// had one.
func TestFullGCFreesBracketsTheGarbage(t *testing.T) {
	spec := `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`
	p := contrastAt(t, spec, gcPauseAfter(t, spec, sim.Time(2300*sim.Millisecond)))
	in := p.Inputs(nil)[0]
	snaps := []*sim.Snapshot{in.Snap, in.Contrast.Snap}
	require.Positive(t, snaps[0].FullGCs, "the pooled run has had Full GCs by then")
	require.Zero(t, snaps[1].FullGCs, "the per-request run has had none")

	pal := &view.OkabeIto // desktopFrame's default palette
	l := desktopFrame(p)
	named := func(name string) []view.Region {
		return slices.DeleteFunc(slices.Clone(l.Regions()), func(r view.Region) bool { return r.Name != name })
	}
	oldRegions, brackets := named("old generation"), named("what a Full GC frees")
	require.Len(t, oldRegions, 2, "two old gens, one per column")
	require.Len(t, brackets, 2, "a bracket under each")
	var olds []view.Rect
	var says []string
	for i := range oldRegions {
		olds, says = append(olds, oldRegions[i].R), append(says, brackets[i].Text)
	}
	words := []string{"a Full GC frees only this", "a Full GC frees all this"}
	var spans [2]float32
	for i, old := range olds {
		h := &snaps[i].Heap
		_, fill := view.SpaceBands(old, 1)
		// The garbage's grey block, which the bracket spans.
		var grey view.Rect
		for _, it := range l.Items {
			if r := it.Bounds(); it.Kind == view.KindRect && it.Meaning == view.MeanGarbage && r.Y >= fill.Y-0.5 && r.Bottom() <= fill.Bottom()+0.5 && r.X >= fill.X-0.5 && r.Right() <= fill.Right()+0.5 {
				grey = r
			}
		}
		require.InDelta(t, fill.W*float32(h.OldGarbage)/float32(h.OldCap), grey.W, 1.5, "column %d: the grey block is the garbage to scale", i)
		// The bracket's line: in the text ink, under the bar, as wide as
		// the grey block and aligned with it.
		var line view.Rect
		for _, it := range l.Items {
			if r := it.Bounds(); it.Kind == view.KindRect && it.Color == pal.Text && r.Y > old.Bottom()-0.5 && r.Y < old.Bottom()+view.CharH && r.W > 4 && r.H <= 2 {
				if r.X >= fill.X-0.5 && r.Right() <= fill.Right()+0.5 {
					line = r
				}
			}
		}
		require.InDelta(t, grey.X, line.X, 0.5, "column %d: the bracket starts where the garbage does", i)
		require.InDelta(t, grey.W, line.W, 0.5, "column %d: the bracket spans the garbage", i)
		spans[i] = line.W
		said := false
		for _, it := range l.Items {
			said = said || (it.Kind == view.KindText && it.Text == words[i] && it.Y > line.Y && it.Y < line.Bottom()+view.CharH)
		}
		require.True(t, said, "column %d says %q under its bracket", i, words[i])
		require.Contains(t, says[i], view.Size(h.OldGarbage)+" of it here", "column %d's hover gives what it frees", i)
	}
	require.Less(t, 2*spans[0], spans[1], "the pooled run's bracket is the shorter by far")
	require.True(t, strings.Contains(says[1], "no Full GC yet"), "the per-request run's hover says it has had none")
}
