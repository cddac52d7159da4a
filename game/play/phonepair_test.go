package play

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// phoneFrame is p's frame on the page's phone (390 CSS pixels wide at
// device scale 2: a 712x890 canvas) and the words it draws above the
// legend.
func phoneFrame(p *Playground) (*view.List, string) {
	var l view.List
	hdr := p.Header()
	// As the page draws it: at scale 1.5 (game.MaxDeviceScale; a phone's
	// screen has 2), after frames drawn while the compared run caught up
	// without it (the sides remember their legend from frame to frame).
	sides, ins := p.Views(nil), p.Inputs(nil)
	alone := append([]view.SideInput(nil), ins...)
	for i := range alone {
		alone[i].Contrast = nil
	}
	opts := &view.Options{Scale: 1.5}
	view.Build(&l, 534, 667, &hdr, sides, alone, opts)
	view.Build(&l, 534, 667, &hdr, sides, ins, opts)
	legend := l.H
	for i := len(l.Items) - 1; i >= 0; i-- {
		if it := &l.Items[i]; it.Kind == view.KindRect && it.X == 0 && it.W == l.W && it.Color == view.OkabeIto.Panel {
			legend = it.Y
			break
		}
	}
	var words []string
	for _, it := range l.Items {
		if it.Kind == view.KindText && it.Y < legend {
			words = append(words, it.Text)
		}
	}
	return &l, strings.Join(words, "\n")
}

// On a phone, vt-pooling's still frame draws the two runs as rows, as the
// desktop draws them as columns: readers of the phone's one run could not
// tell where "the per-request run 15 %" of the caption was. Its
// lines for the carriers and the live threads (all stopped; a count the
// header says) read as empty rows and went; each run's old gen keeps a
// label line over a bar that names its block, and its share stopped.
func TestPhoneDrawsThePoolingPairAsRows(t *testing.T) {
	// The page's shot steps into the young GC after 2.3 s: its step line
	// takes two of the caption's lines more.
	stepped := contrastAt(t, pooledSpec, sim.Time(2300*sim.Millisecond))
	found, err := stepped.StepTo(EventFilter{Kinds: []sim.EventKind{sim.EvGCPause}})
	require.NoError(t, err)
	require.True(t, found)
	stepped.SyncContrast(1 << 30)
	for _, c := range []struct {
		name   string
		p      *Playground
		paused bool
	}{
		{"the judged moment", contrastAt(t, pooledSpec, judged), false},
		{"stepped into a young GC", stepped, true},
	} {
		p := c.p
		l, words := phoneFrame(p)
		require.True(t, l.ContrastDrawn(), c.name)
		require.Contains(t, words, "10,000 pooled virtual threads\n", c.name)
		require.Contains(t, words, "a virtual thread per request", c.name)
		require.Equal(t, 2, strings.Count(words, "% stopped for GC\n"), c.name+": each run its share, beside its bar")
		// Each old gen says how much of it is live, not only how full:
		// the two runs' "67 % full" and "63 % full" read alike.
		require.Equal(t, 2, len(regexp.MustCompile(`old generation 910 MB: ([0-9]+ % full, )?[0-9]+ % live\n`).FindAllString(words, -1)), c.name+": %s", words)
		// Each share's parts are said under its bar where the row has a
		// line for them, and then the bar is split; else the bar is
		// whole and the caption names the pooled run's young part
		// (view's TestShareBarSplitOnlyWithItsWords).
		if n := len(regexp.MustCompile(`\n[0-9]+ young × [0-9.]+ ms\n`).FindAllString(words, -1)); n == 0 {
			require.Regexp(t, `Young\x{a0}(and\x{a0}Full\x{a0})?GCs\x{a0}have\x{a0}stopped`, p.Inputs(nil)[0].Caption, c.name+": the young part in the caption")
		} else {
			require.Equal(t, 2, n, c.name+": each share's young pauses said under it")
		}
		require.Equal(t, 2, strings.Count(words, "\neden\n"), c.name+": each run's eden named beside its old gen")
		require.Len(t, regexp.MustCompile(`old generation [0-9.]+ [MG]B: `).FindAllString(words, -1), 2, c.name+": each old gen its label line, with its size")
		// Each block named on it.
		require.Contains(t, words, "thread-local data", c.name+": the pooled run's block named on it")
		require.Regexp(t, `garbage of ended requests|ended requests' garbage`, words, c.name+": the other run's block named on it")
		require.NotContains(t, words, "carriers (OS threads)", c.name)
		require.NotContains(t, words, "live virtual threads", c.name)
		require.True(t, strings.HasPrefix(words[strings.Index(words, "\n")+1:], "two runs, same load, 1 GB heap each\n"), c.name+": the header says what the runs share")
		// The header is its one line: no empty row under it.
		for _, r := range l.Regions() {
			if r.Name == "side header" {
				require.LessOrEqual(t, r.R.H, float32(view.CharH*2+4), c.name+": one row")
			}
		}
		require.Equal(t, c.paused, p.Inputs(nil)[0].Snap.Paused, c.name)
		if c.paused {
			require.Equal(t, 1, strings.Count(words, "young GC in both runs: emptying eden"), c.name+": one flag over both runs")
		}
	}
}

// request-load's pool on a phone: the CPUs' panel, folded to its title,
// counts them there ("CPUs" over nothing read as "idle or failed to
// draw?"), and the pool's time bar says it finishes at its end, not
// "done", and when (the axis's end does not say it again); the threads'
// scale says what a square counts ("1 square = 5": 5 of what?).
func TestPhonePoolFrameSaysItsCPUsAndItsEnd(t *testing.T) {
	p := contrastAt(t, poolSpec, sim.Time(600*sim.Millisecond))
	_, words := phoneFrame(p)
	in := p.Inputs(nil)[0]
	require.Contains(t, words, "all "+view.Count(int64(in.Snap.Cores))+" idle\nCPUs\n", "the count at the title's end")
	require.Regexp(t, `\nfinishes at ~[0-9,]+ ms\nfixed pool\n[^\n]+\n0 ms\n`, words)
	require.Len(t, regexp.MustCompile(`~[0-9,]+ ms`).FindAllString(words, -1), 1, "the end said once: %s", words)
	require.Regexp(t, `\n1 square = [0-9,]+ threads\n`, words)
	require.NotContains(t, words, "\ndone\n")
}

// An old gen's right edge is marked as where a Full GC runs only where it
// is said on it ("Full GC when full"): on a phone's pair the words do not
// fit beside the bar's label, and the bare white line at the bar's end
// was a mark readers could not read. (The desktop's columns say it:
// TestPoolingRunsAreColumns.)
func TestFullGCEdgeIsDrawnOnlyWhereSaid(t *testing.T) {
	p := contrastAt(t, pooledSpec, judged)
	phone, _ := phoneFrame(p)
	for _, f := range []struct {
		name string
		l    *view.List
	}{{"phone", phone}, {"desktop", desktopFrame(p)}} {
		said, edges := 0, 0
		for _, it := range f.l.Items {
			switch {
			case it.Kind == view.KindText && it.Text == "Full GC when full":
				said++
			case it.Kind == view.KindRect && it.Color == view.OkabeIto.Text && it.W > 0 && it.H >= 4*it.W && it.H >= view.CharH:
				edges++
			}
		}
		require.Equal(t, said, edges, "%s: each edge mark said, none bare", f.name)
	}
}

// On a phone, the pooled run's grey part is named "garbage" on it where
// the word fits, as the desktop's bracket says what it is: bare, it was
// the one part of the pair with no words. (At 1.75 s it is wide; at the
// judged moment, under the word's width, it stays bare.)
func TestPhonePooledGarbageIsNamed(t *testing.T) {
	_, words := phoneFrame(contrastAt(t, pooledSpec, sim.Time(1750*sim.Millisecond)))
	require.Contains(t, words, "\ngarbage\n", "the pooled run's garbage named on it")
}

// The frame is the state's, not its history's: the page draws frames
// without the compared run while it catches up, and the sides remember
// the legend those frames drew (a taller one, for one run's marks). On a
// phone a little shorter than the shots' (440 CSS pixels), that legend
// left the pair no room, and the same state drew one run after such
// frames and two after frames of the pair.
func TestThePairsFrameDoesNotDependOnTheFramesBefore(t *testing.T) {
	at := func() *Playground {
		p := contrastAt(t, pooledSpec, sim.Time(2300*sim.Millisecond))
		found, err := p.StepTo(EventFilter{Kinds: []sim.EventKind{sim.EvGCPause}})
		require.NoError(t, err)
		require.True(t, found)
		require.True(t, p.SyncContrast(1<<30))
		return p
	}
	after, steady := at(), at()
	opts := &view.Options{Scale: 1.5}
	for _, h := range []float32{640, 660, 667} {
		var a, b view.List
		ha, hb := after.Header(), steady.Header()
		ins := after.Inputs(nil)
		alone := append([]view.SideInput(nil), ins...)
		for i := range alone {
			alone[i].Contrast = nil
		}
		view.Build(&a, 534, h, &ha, after.Views(nil), alone, opts)
		view.Build(&a, 534, h, &ha, after.Views(nil), ins, opts)
		for range 2 {
			view.Build(&b, 534, h, &hb, steady.Views(nil), steady.Inputs(nil), opts)
		}
		require.True(t, b.ContrastDrawn(), "h %v: the pair fits", h)
		require.True(t, a.ContrastDrawn(), "h %v: after frames of one run, the pair still drawn", h)
		require.True(t, a.Equal(&b), "h %v: the same frame", h)
	}
}

// vt-pooling's first screen on a phone names the compared run's grey block
// with the legend's word for it: "data of ended requests" beside the
// legend's "garbage" was asked about (a reader of the phone's first
// screen, stop 46).
func TestPhoneFirstScreenCallsTheGarbageGarbage(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	p.SyncContrast(1 << 30)
	l, words := phoneFrame(p)
	require.True(t, l.ContrastDrawn(), "the premise: the compared run is drawn")
	require.Regexp(t, `\n(garbage of ended requests|ended requests' garbage|requests' garbage|garbage: their threads ended)\n`, words)
}
