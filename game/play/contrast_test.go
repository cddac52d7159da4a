package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

const pooledSpec = `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`

var judged = sim.Time(2342 * sim.Millisecond)

// contrastAt loads spec, seeks to at and returns what the view is handed.
func contrastAt(t *testing.T, spec string, at sim.Time) *Playground {
	p := New()
	mustLoad(t, p, spec)
	p.Pause()
	_, err := p.Seek(at, 1<<30)
	require.NoError(t, err)
	require.True(t, p.SyncContrast(1<<30))
	return p
}

// One case shown: the case its article compares it with runs beside it at
// the same simulated time, through a seek, a step, a tick, a seek back and
// a reset, and the view is handed its state.
func TestContrastFollowsTheShownTime(t *testing.T) {
	p := contrastAt(t, pooledSpec, judged)
	check := func(what string) {
		t.Helper()
		// It catches up over the frames after a move (paused: a tick
		// may spend the frame's whole event budget on it).
		for i := 0; i < 400 && !p.ContrastReady(); i++ {
			p.Tick()
		}
		c := p.Inputs(nil)[0].Contrast
		require.NotNil(t, c, what)
		require.Equal(t, "1g-nopool", c.Case, what)
		require.Equal(t, "a virtual thread per request", c.Name, what)
		require.Equal(t, p.Now(), c.Snap.Time, what)
		require.Equal(t, p.Now(), p.contrast.sm.Now(), what)
	}
	check("after a seek")
	p.Step()
	check("after a step")
	require.NoError(t, p.SetSpeed(0.01))
	p.Play()
	for range 5 {
		p.Tick()
	}
	p.Pause()
	check("after ticks")
	_, err := p.Seek(sim.Time(100*sim.Millisecond), 1<<30)
	require.NoError(t, err)
	check("after a seek back")
	require.NoError(t, p.Reset())
	check("after a reset")
	require.Equal(t, sim.Time(0), p.Now())
}

// Compare mode draws both cases whole: no contrast run, nothing handed,
// no contrast words in the frame.
func TestNoContrastInCompareMode(t *testing.T) {
	spec := `{"scenario":"vt-pooling","compare":["1g-nopool","1g-pool"],"seed":1}`
	p := contrastAt(t, spec, judged)
	require.Nil(t, p.contrast)
	for _, in := range p.Inputs(nil) {
		require.Nil(t, in.Contrast, in.Case)
	}
	words := strings.Join(frameWords(t, spec, judged), " ")
	require.NotContains(t, words, "a virtual thread per request (")
	// And the single case's frame has them (the test could fail).
	// (At the judged frame: the young GC after 2.3 s.) Since stop 23's
	// last round each run is a column titled with its name, the compared
	// one "(separate run)": "run beside it" read as the same JVM; since
	// stop 25's second round the names alone under a header of "two
	// runs" ("(this run)" and "(separate run)" read as two kinds of run).
	alone := strings.Join(frameWords(t, pooledSpec, gcPauseAfter(t, pooledSpec, sim.Time(2300*sim.Millisecond))), " ")
	require.Contains(t, alone, "two runs, same load")
	require.Contains(t, alone, "10,000 pooled virtual threads ")
	require.Contains(t, alone, "a virtual thread per request ")
	require.Equal(t, 2, strings.Count(alone, " % full"), "each bar its fill")
	require.Regexp(t, `pooled virtual threads .*[0-9]+ % of [0-9.]+ s stopped for GC .*a virtual thread per request`, alone)
	require.Regexp(t, `a virtual thread per request .*[0-9]+ % of [0-9.]+ s stopped for GC`, alone)
}

// The contrast is the live model with the reader's knobs: a smaller heap
// changes its figures; the same spec gives the same figures.
func TestContrastIsTheLiveModel(t *testing.T) {
	a := contrastAt(t, pooledSpec, judged).Inputs(nil)[0].Contrast.Snap
	again := contrastAt(t, pooledSpec, judged).Inputs(nil)[0].Contrast.Snap
	require.Equal(t, a.Heap, again.Heap, "same spec, same contrast")
	require.Equal(t, a.GCPauseTotal, again.GCPauseTotal)
	small := contrastAt(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1,"knobs":{"heap_mb":"512"}}`, judged).Inputs(nil)[0].Contrast.Snap
	require.NotEqual(t, a.Heap.OldCap, small.Heap.OldCap, "the heap knob reaches the contrast")
	require.NotEqual(t, a.GCPauseTotal, small.GCPauseTotal)
}

// A seek, a step or the opening's fast-forward moves only the shown
// sides: the contrast run (as large a simulator) catches up over the
// ticks after, and is not handed to the view until it has.
func TestContrastCatchesUpLazily(t *testing.T) {
	p := New()
	mustLoad(t, p, pooledSpec)
	p.Pause()
	_, err := p.Seek(judged, 1<<30)
	require.NoError(t, err)
	require.Less(t, p.contrast.sm.Now(), p.Now(), "a seek leaves the contrast behind")
	require.Nil(t, p.Inputs(nil)[0].Contrast, "a contrast behind the shown time is not drawn")
	require.False(t, p.State().ContrastReady)
	ticks := 0
	for ; ticks < 1000 && !p.ContrastReady(); ticks++ {
		p.Tick()
	}
	require.True(t, p.State().ContrastReady, "caught up after %d ticks", ticks)
	require.Equal(t, p.Now(), p.Inputs(nil)[0].Contrast.Snap.Time)
	require.Greater(t, ticks, 1, "it took more than one frame's budget (the test can fail)")
	t.Logf("the contrast caught up with %s in %d paused ticks of %d events", judged, ticks, p.EventBudget)

	// The opening's fast-forward: the contrast waits until the moment has
	// come (the opening then holds where neither run is paused, so it
	// catches up there), or else until the opening ends.
	require.NoError(t, p.Reset())
	require.NoError(t, p.Open(true, false))
	for i := 0; i < 100000 && p.open.active; i++ {
		p.Tick()
		require.True(t, !p.open.active || p.open.settling || p.contrast.sm.Now() == 0, "the contrast ran on the way to the moment")
	}
	require.False(t, p.open.active)
	for i := 0; i < 1000 && !p.ContrastReady(); i++ {
		p.Tick()
	}
	require.True(t, p.ContrastReady(), "caught up with the opening's moment")
}

// The contrast's case is the far end of the article's comparison.
func TestContrastCase(t *testing.T) {
	for _, c := range []struct{ scen, shown, want string }{
		{"vt-pooling", "1g-pool", "1g-nopool"},
		{"vt-pooling", "1g-nopool", "1g-pool"},
		{"vt-pooling", "4g-pool", ""},
		{"request-load", "pool-200", "virtual-per-request"},
		{"request-load", "virtual-per-request", "pool-200"},
		// loom-carrier draws the compared run's resident memory (stop 45).
		{"loom-carrier", "unlimited-vthreads", "unlimited-platform"},
		{"loom-carrier", "unlimited-platform", "unlimited-vthreads"},
		{"loom-carrier", "256-vthreads", ""}, // not in the article's comparison
		// Stories that draw no compared case run no second simulator.
		{"vt-basics", "memory-virtual", ""},
		{"llm-router", "virtual", ""},
	} {
		p := New()
		mustLoad(t, p, `{"scenario":"`+c.scen+`","case":"`+c.shown+`","seed":1}`)
		got := ""
		if p.contrast != nil {
			got = p.contrast.caseID
		}
		require.Equal(t, c.want, got, "%s/%s", c.scen, c.shown)
	}
}

// The contrast's cost: a seek to the judged moment with it and without
// it (go test -bench SeekContrast ./game/play).
func BenchmarkSeekContrast(b *testing.B) {
	for _, with := range []bool{false, true} {
		name := "without"
		if with {
			name = "with"
		}
		b.Run(name, func(b *testing.B) {
			for range b.N {
				p := New()
				if err := p.Load(Spec{Scenario: "vt-pooling", Case: "1g-pool", Seed: 1}); err != nil {
					b.Fatal(err)
				}
				if !with {
					p.contrast = nil
				}
				if _, err := p.Seek(judged, 1<<30); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Beside a compared run, the header's count says it is this run's, as
// the heap's rows name the runs: a reader of vt-pooling's pair asked
// which run had done the requests. Without one it says nothing more.
func TestHeaderCountSaysWhoseBesideAComparedRun(t *testing.T) {
	with := frameText(pageFrame(contrastAt(t, pooledSpec, sim.Time(1979*sim.Millisecond))))
	require.Contains(t, with, "(other run)", "the frame draws the compared run")
	require.Regexp(t, `· requests done [0-9,]+ \(this run\)\n`, with)
	alone := frameText(pageFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(142*sim.Millisecond))))
	require.Regexp(t, `· requests done [0-9,]+\n`, alone)
}
