package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// vt-pooling's judged frame marks, on each old gen that has had a Full
// GC, the level its latest one left it at (from the model's snapshot, to
// the bar's scale), with its words and its MB on point; the per-request
// run, with none yet at that moment, draws no such mark. Readers asked to
// see why the pooled run refills: a Full GC frees only the part past it.
func TestAfterFullGCMarkAtItsLevel(t *testing.T) {
	spec := `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`
	p := contrastAt(t, spec, gcPauseAfter(t, spec, sim.Time(2300*sim.Millisecond)))
	in := p.Inputs(nil)[0]
	after := in.Snap.Heap.OldAfterLastFull
	require.Positive(t, in.Snap.FullGCs, "the pooled run has had Full GCs by then")
	require.Positive(t, after, "the snapshot has the old gen's occupancy after its last Full GC")
	require.Zero(t, in.Contrast.Snap.FullGCs, "the per-request run has had none")
	require.Zero(t, in.Contrast.Snap.Heap.OldAfterLastFull, "nor a level after one")

	pal := &view.OkabeIto // desktopFrame's default palette
	l := desktopFrame(p)
	var olds, marks []view.Rect
	for _, r := range l.Regions() {
		switch r.Name {
		case "old generation":
			olds = append(olds, r.R)
		case "after the last Full GC":
			marks = append(marks, r.R)
			require.Contains(t, r.Text, view.Size(after), "its hover gives the size")
		}
	}
	require.Len(t, olds, 2, "two old gens, one per column")
	require.Len(t, marks, 1, "one mark: only the run with a Full GC draws it")
	pooled := olds[0]
	_, fill := view.SpaceBands(pooled, 1)
	wantX := fill.X + fill.W*float32(after)/float32(in.Snap.Heap.OldCap)
	var lines []view.Rect
	for _, it := range l.Items {
		r := it.Bounds()
		if it.Kind == view.KindRect && it.Color == pal.Text && r.W <= 3 && r.X > fill.X && r.Right() < fill.Right()-4 &&
			r.Y >= pooled.Y && r.Y < fill.Y && r.Bottom() >= fill.Bottom()-0.01 {
			lines = append(lines, r)
		}
	}
	require.Len(t, lines, 1, "one upright line in the text ink across the pooled old gen")
	require.InDelta(t, wantX, lines[0].X+lines[0].W/2, 0.5, "at the level the snapshot gives, to the bar's scale")
	require.Contains(t, l.ExplainAt(wantX, fill.Y+fill.H/2), "after this run's latest Full GC its old generation still held "+view.Size(after), "its hover is on the line")
	said := false
	for _, it := range l.Items {
		r := it.Bounds()
		near := r.Right() <= wantX && r.Right() >= wantX-2*view.CharW || r.X >= wantX && r.X <= wantX+view.CharW
		said = said || (it.Kind == view.KindText && strings.HasPrefix(it.Text, "after") && strings.HasSuffix(it.Text, "Full GC") && r.Y >= pooled.Y && r.Bottom() <= fill.Y+1 && near)
	}
	require.True(t, said, "its words beside it in the bar's label band")
}
