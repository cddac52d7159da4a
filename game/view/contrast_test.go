package view

import (
	"fmt"
	"slices"
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
// as the pair's second bar: as high as its own and as wide for the same
// capacity (one scale), under it, each with its share of the run stopped
// for GC at its end, every mark in the legend at every size and palette;
// the StackChunks' bricks folded away; without a contrast none of it.
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
	var conOld, share, conShare Rect
	var olds []Rect
	for _, r := range l.Regions() {
		switch r.Name {
		case "old generation":
			olds = append(olds, r.R)
		case "compared case's old generation":
			conOld = r.R
		case "time stopped for GC":
			share = r.R
		case "compared case's time stopped for GC":
			conShare = r.R
		}
	}
	require.Len(t, olds, 2, "two old gen bars, the shown one's and the compared one's")
	old, other := olds[0], olds[1]
	require.False(t, conOld.Empty(), "the desktop frame draws the contrast's old gen")
	require.False(t, conShare.Empty(), "the desktop frame draws the contrast's GC share")
	require.InDelta(t, old.H, other.H, 0.01, "the two bars equally high")
	require.InDelta(t, old.W, other.W, 0.01, "and equally wide: one scale")
	require.GreaterOrEqual(t, other.Y, old.Bottom(), "the compared bar under the shown one")
	require.Greater(t, old.H, float32(4*CharH), "the pair is the big mark")
	require.GreaterOrEqual(t, share.X, old.Right()-0.01, "the shown share at its bar's end")
	require.GreaterOrEqual(t, conShare.Y, share.Bottom()-0.01, "the compared share at its own bar's end")
	for _, it := range l.Items {
		require.False(t, it.Kind == KindText && strings.Contains(it.Text, "brick"), "no StackChunk bricks beside the pair: %q", it.Text)
	}
	// Same scale: the contrast's garbage (most of its old gen) is as wide
	// as its bytes are in the shown old gen's fill.
	_, inner := SpaceBands(old, 1)
	h := &in.Contrast.Snap.Heap
	want := inner.W * float32(h.OldGarbage) / float32(h.OldCap)
	got := float32(0)
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Meaning == MeanGarbage && it.Y >= other.Y && it.Y < other.Bottom() {
			got += it.W
		}
	}
	require.InDelta(t, want, got, 1.5, "the contrast's garbage to the shown old gen's scale")
	var words []string
	for _, it := range l.Items {
		if it.Kind == KindText && it.Y >= conOld.Y && it.Y < conOld.Bottom() {
			words = append(words, it.Text)
		}
	}
	joined := strings.Join(words, " | ")
	// Its row is labelled with its name (its live threads beside it
	// where the row is wide enough: TestPoolingRunsAreLabelledRows).
	require.Contains(t, joined, "a virtual thread per request")
	require.Contains(t, joined, "old generation "+Size(h.OldCap)+": "+Count(int64((200*h.OldUsed+h.OldCap)/(2*h.OldCap)))+" % full")
	require.Contains(t, joined, "garbage", "its garbage said, not only drawn")
	pct := Count(int64(float64(in.Contrast.Snap.GCPauseTotal)/float64(in.Contrast.Snap.Time)*100+0.5)) + " % stopped"
	require.Contains(t, joined, pct, "its share at its end")
}

// The compared run's old-gen garbage says whose it is in ONE label on
// its block, never with its MB (613 MB of dead data beside 549 MB of live
// read as "about the same"; its bytes are on point): "ended requests: no
// Full GC needed yet" on a line of its own over "garbage" read as one
// garbled sentence. At every size a garbage block of either bar holds one
// label and at most one reason, which starts "garbage:" as the live
// block's starts "live:" (readers told the two blocks apart only by
// colour and asked for both words; "dead:" over "garbage: ..." read as
// two things in the block).
func TestComparedGarbageIsOneLabel(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2342 * sim.Millisecond})
	withContrast(t, &in, "vt-pooling", "1g-nopool", "a virtual thread per request")
	mb := Size(in.Contrast.Snap.Heap.OldGarbage)
	named, reasoned := 0, 0
	for _, sz := range append([][3]float32{{1134, 464, 1}, {1500, 600, 1}}, sceneSizes...) {
		var l List
		Build(&l, sz[0], sz[1], &Header{Scenario: "vt-pooling", Time: in.Snap.Time}, []*Side{side}, []SideInput{in}, &Options{Scale: sz[2]})
		for _, g := range l.Items {
			if g.Kind != KindRect || g.Meaning != MeanGarbage || g.H < 2*CharH*sz[2] {
				continue
			}
			var on []string
			for i := range l.Items {
				it := &l.Items[i]
				if b := it.Bounds(); it.Kind == KindText && b.X < g.X+g.W && b.X+b.W > g.X && b.Y < g.Y+g.H && b.Y+b.H > g.Y {
					on = append(on, it.Text)
				}
			}
			var reasons []string
			on = slices.DeleteFunc(on, func(t string) bool {
				// ("dead" alone: the short reason of a narrow block.)
				// ("garbage" alone: the short reason of a narrow block,
				// or the pooled run's block's own label.)
				if strings.HasPrefix(t, "garbage: ") || t == "garbage" && len(on) > 1 {
					reasons = append(reasons, t)
					return true
				}
				return false
			})
			require.LessOrEqual(t, len(on), 1, "%gx%g: one label on a garbage block, not %q", sz[0], sz[1], on)
			require.LessOrEqual(t, len(reasons), len(on), "%gx%g: a reason only over a label, not %q", sz[0], sz[1], reasons)
			if len(on) == 0 || !strings.HasPrefix(on[0], "data of ended requests") && !strings.HasPrefix(on[0], "requests' data") && !strings.HasPrefix(on[0], "requests' garbage") {
				continue
			}
			named++
			reasoned += len(reasons)
			require.NotContains(t, on[0], mb, "%gx%g: the compared garbage without its MB", sz[0], sz[1])
		}
	}
	require.Positive(t, named, "the compared garbage named as ended requests' somewhere")
	require.Positive(t, reasoned, "and said dead, with what frees it, where the block has room")
}

// pairFrame is vt-pooling's pooled run at `at` beside the thread-per-
// request run at the same moment, as the desktop draws it.
func pairFrame(t *testing.T, at sim.Duration) (*List, SideInput) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", at})
	withContrast(t, &in, "vt-pooling", "1g-nopool", "a virtual thread per request")
	var l List
	Build(&l, 1134, 464, &Header{Scenario: "vt-pooling", Time: in.Snap.Time}, []*Side{side}, []SideInput{in}, &Options{})
	return &l, in
}

// While both runs are in a young GC, the pair's flag says what that GC
// does to what the pair draws (it emptying eden, each run's small bar:
// TestPairDrawsEachRunsEdenEmptying), and its hover gives each run's eden,
// that the old gens' garbage waits for a Full GC, and when each pause
// ends, from their states: readers found the step's "a young GC began"
// tied to no mark.
func TestPairYoungGCFlagSaysWhatItDoes(t *testing.T) {
	// (A millisecond into the judged frame's pause, which begins at
	// 2.342 s.)
	l, in := pairFrame(t, 2343*sim.Millisecond)
	require.True(t, in.Snap.Paused && !in.Snap.PauseFull && in.Contrast.Snap.Paused && !in.Contrast.Snap.PauseFull,
		"the judged frame is during a young GC of both runs")
	flag := ""
	for _, it := range l.Items {
		if it.Kind == KindText && strings.HasPrefix(it.Text, "young GC in both runs") {
			flag = it.Text
		}
	}
	require.Contains(t, flag, "emptying eden", "the flag says what the young GC collects")
	var say string
	for _, r := range l.Regions() {
		if r.Name == "GC pause" {
			say = r.Text
		}
	}
	require.Contains(t, say, Size(in.Snap.Heap.EdenCap)+" in this run", "the hover gives this run's eden")
	require.Contains(t, say, Size(in.Contrast.Snap.Heap.EdenCap)+" in the other", "and the other's")
	require.Contains(t, say, "It never frees the old generation's garbage", "and what it leaves")
	require.Contains(t, say, Dur(sim.Duration(in.Snap.PauseEnd-in.Snap.Time))+" in this run", "and when this run's pause ends")
}

// Each old gen's label gives its size beside how full it is: a reader
// measured 549 MB as 60 % of the bar and could not check "82 % full".
func TestPairOldGensGiveTheirSize(t *testing.T) {
	for _, at := range []sim.Duration{492 * sim.Millisecond, 2342 * sim.Millisecond} {
		l, in := pairFrame(t, at)
		n := 0
		for _, it := range l.Items {
			if it.Kind != KindText {
				continue
			}
			for _, h := range []*sim.HeapView{&in.Snap.Heap, &in.Contrast.Snap.Heap} {
				if strings.HasPrefix(it.Text, "old generation "+Size(h.OldCap)+": ") {
					n++
					break
				}
			}
		}
		require.Equal(t, 2, n, "at %v both old gens' labels give their size", at)
	}
}

// Beside the lesson's blocks no part's name lies over another part: a
// part narrower than its own name is said on point instead (the first
// Full GC's "<- StackChunks 24.3 MB" lay across the pink thread-local
// block), and the Full GC's "compacting" stands clear of the old gen's
// label.
func TestPairNamesStayOnTheirParts(t *testing.T) {
	for _, at := range []sim.Duration{492 * sim.Millisecond, 2342 * sim.Millisecond} {
		l, _ := pairFrame(t, at)
		for _, it := range l.Items {
			if it.Kind == KindText && strings.HasPrefix(it.Text, "<-") {
				t.Errorf("at %v a pointer beside the pair's blocks: %q", at, it.Text)
			}
		}
	}
	// Just after the first Full GC began (478 ms), while it compacts.
	l, _ := pairFrame(t, 479*sim.Millisecond)
	var label, compacting Rect
	for _, it := range l.Items {
		switch {
		case it.Kind != KindText:
		case strings.HasPrefix(it.Text, "old generation") && strings.Contains(it.Text, "when this GC began"):
			label = it.Bounds()
		case strings.Contains(it.Text, "compacting"):
			compacting = it.Bounds()
		}
	}
	require.False(t, label.Empty() || compacting.Empty(), "the Full GC's frame labels its old gen and says it compacts")
	if compacting.Y < label.Bottom() && compacting.Bottom() > label.Y {
		require.GreaterOrEqual(t, compacting.X-label.Right(), float32(3*CharW-0.01), "%q clear of the old gen's label", "compacting")
	}
}

// With the second run's panel under the pooled heap, the arrow out of the
// grid of live threads still ends in the pooled run's thread-local data:
// drawn straight at the grid's height it ran into the second run's eden
// (the opening's frame, 1.979 s), pointing at the wrong run.
func TestPairThreadsArrowEndsInTheirData(t *testing.T) {
	l, _ := pairFrame(t, 1979*sim.Millisecond)
	var data []Rect
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Meaning == MeanThreadLocal {
			data = append(data, it.Bounds())
		}
	}
	require.NotEmpty(t, data, "the premise: the pooled run's thread-local data is drawn")
	tips := 0
	for _, it := range l.Items {
		// An arrowhead's stroke runs back and aside from its tip.
		if it.Kind != KindLine || it.Color != OkabeIto.Text || it.Size < 3 || it.X2 >= it.X || it.Y2 == it.Y {
			continue
		}
		tips++
		in := false
		for _, d := range data {
			in = in || it.X > d.X && it.X < d.Right() && it.Y > d.Y && it.Y < d.Bottom()
		}
		require.True(t, in, "the arrowhead at (%v, %v) lies in a thread-local data block %v", it.X, it.Y, data)
	}
	require.Positive(t, tips, "the premise: an arrow is drawn")
}

// The arrow out of the grid crosses no words: its head, drawn a quarter
// of the block in, struck through the block's own name ("thr->ead-local
// data") in the opening's frame.
func TestPairThreadsArrowCrossesNoWords(t *testing.T) {
	l, _ := pairFrame(t, 1979*sim.Millisecond)
	strokes := 0
	for _, ar := range l.Items {
		if ar.Kind != KindLine || ar.Color != OkabeIto.Text || ar.Size < 3 {
			continue
		}
		strokes++
		half := ar.Size / 2
		box := Rect{X: min(ar.X, ar.X2) - half, Y: min(ar.Y, ar.Y2) - half}
		box.W, box.H = max(ar.X, ar.X2)+half-box.X, max(ar.Y, ar.Y2)+half-box.Y
		for _, it := range l.Items {
			if it.Kind != KindText {
				continue
			}
			require.False(t, overlapsAny(it.Bounds(), []Rect{box}), "the arrow's stroke %v crosses %q at %v", box, it.Text, it.Bounds())
		}
	}
	require.Positive(t, strokes, "the premise: an arrow is drawn")
}

// Each run's young spaces are named on a line over their bars, over the
// space each name is for: written on a bar one line high, "eden" and
// "survivors" both sat in eden's free room after its garbage, and a
// reader took "garbage | eden | survivors" for three parts of one bar.
func TestPairYoungNamesOverTheirBars(t *testing.T) {
	l, _ := pairFrame(t, 1979*sim.Millisecond)
	var fills []Rect
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Meaning != MeanNone {
			fills = append(fills, it.Bounds())
		}
	}
	var eden, surv []Item
	for _, it := range l.Items {
		if it.Kind != KindText {
			continue
		}
		switch {
		case strings.HasPrefix(it.Text, "eden"):
			eden = append(eden, it)
		case strings.Contains(it.Text, "survivor"):
			surv = append(surv, it)
		default:
			continue
		}
		require.False(t, overlapsAny(it.Bounds(), fills), "%q at %v lies on a drawn part", it.Text, it.Bounds())
	}
	require.Len(t, eden, 2, "each run names its eden")
	require.Len(t, surv, 2, "each run names its survivor spaces")
	for i := range 2 {
		// Over the survivor spaces, which follow eden: right of where
		// eden's name starts by more than eden's own name.
		require.Greater(t, surv[i].Bounds().X, eden[i].Bounds().Right(), "run %d: the survivors' name %v is over the survivor spaces, not in eden (%v)", i, surv[i].Bounds(), eden[i].Bounds())
		require.Equal(t, "survivor spaces", surv[i].Text, "run %d: the survivors' name says spaces", i)
	}
}

// The one-line eden of the second run keeps its label a character clear
// of its garbage part's words: "eden 75.9 MB of 91.0 MB" ran into
// "70.8 MB" and read as one number.
func TestPairEdenLabelClearOfItsParts(t *testing.T) {
	l, _ := pairFrame(t, 1979*sim.Millisecond)
	var texts []Rect
	var eden Rect
	for _, it := range l.Items {
		if it.Kind != KindText {
			continue
		}
		texts = append(texts, it.Bounds())
		if strings.HasPrefix(it.Text, "eden ") && it.Y > eden.Y {
			eden = it.Bounds()
		}
	}
	require.False(t, eden.Empty(), "the premise: the second run's eden is labelled")
	for _, b := range texts {
		if b == eden || b.Y+b.H <= eden.Y || b.Y >= eden.Y+eden.H || b.X < eden.X {
			continue
		}
		require.GreaterOrEqual(t, b.X-eden.Right(), float32(CharW), "text at %v starts within a character of eden's label %v", b, eden)
	}
}

// Each run of the pair says its Full GCs under its share stopped: the
// caption counts the pooled run's, and a reader found that count nowhere
// in the picture, nor the other run's.
func TestPairCountsEachRunsFullGCs(t *testing.T) {
	l, in := pairFrame(t, 2342*sim.Millisecond)
	require.Positive(t, in.Snap.FullGCs, "the pooled run has had Full GCs by now")
	for i, snap := range []*sim.Snapshot{in.Snap, in.Contrast.Snap} {
		n := 0
		for _, it := range l.Items {
			if it.Kind == KindText && slices.Contains(fullGCsSoFar(snap.FullGCs), it.Text) {
				n++
			}
		}
		require.Equal(t, 1, n, "run %d says its %d Full GCs once", i, snap.FullGCs)
	}
	require.Equal(t, "no Full GC yet", fullGCsSoFar(0)[0])
	require.Equal(t, []string{"5 Full GCs so far", "5 Full GCs", "5 Full"}, fullGCsSoFar(5))
}
