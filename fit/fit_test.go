package fit

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/gclog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The expected figures below were read from the logs by hand (grep), not by the code under test:
// the window runs from the line that completes GC(0) to the log's last line; collections are the
// "Pause Young ... ms" and "Pause Full ... ms" summary lines; the old gen after each Full GC is the
// "->" value of its ParOldGen or Tenured line.
type handRead struct {
	file        string
	firstS      float64 // GC(0)'s completing line's time: the window's start
	windowS     float64 // last line's time minus firstS
	young, full int
	oldAfter    float64 // MiB, mean over the Full GCs; 0: none
}

var parallel128 = handRead{
	// GC(0) at 7.815 s, last line 18.785 s; ParOldGen after the three Full GCs: 51285K, 72204K, 76221K.
	file: "parallel-128m-pooled-1000", firstS: 7.815, windowS: 18.785 - 7.815, young: 60, full: 3,
	oldAfter: (51285.0 + 72204 + 76221) / 3 / 1024,
}

var serial64 = handRead{
	// GC(0) at 4.857 s, last line 15.060 s; the Tenured values after the 24 Full GCs have a mean
	// of 38.969 MiB (29794K, 35243K, 38044K, 38062K, 41787K, 42224K, 42379K, 40250K, 42176K,
	// 42180K, 42180K, 40268K, 40268K, 40268K, 40283K, and nine of 40254K-40255K).
	file: "serial-64m-pooled-500", firstS: 4.857, windowS: 15.060 - 4.857, young: 54, full: 24, oldAfter: 38.969,
}

var g1Fresh = handRead{
	// GC(0) at 3.582 s, last line 19.827 s; no Full GC.
	file: "g1-128m-fresh-1000", firstS: 3.582, windowS: 19.827 - 3.582, young: 29, full: 0,
}

func fitLog(t *testing.T, name string) (*Result, *Model) {
	t.Helper()
	return fitFile(t, "../testdata/jvm-check/"+name+".log")
}

// fitFile fits the model to the GC log at path.
func fitFile(t *testing.T, path string) (*Result, *Model) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	l, err := gclog.Parse(f)
	require.NoError(t, err)
	r, m, err := Fit(l, nil)
	require.NoError(t, err)
	return r, m
}

func row(t *testing.T, r *Result, metric string) Row {
	t.Helper()
	for _, x := range r.Quality.Metrics {
		if x.Metric == metric {
			return x
		}
	}
	t.Fatalf("no quality row %q", metric)
	return Row{}
}

// withinFactor: both rates zero, or each within RateFactor of the other.
func withinFactor(log, model float64) bool {
	if log == 0 || model == 0 {
		return log == model
	}
	return model <= log*RateFactor*(1+1e-9) && log <= model*RateFactor*(1+1e-9)
}

// checkReproduces asserts the criteria against the hand-read figures and returns nothing
// more: young and Full GCs per second within ×1.5, the old gen after Full GC within ±15 %.
func checkReproduces(t *testing.T, h handRead) *Result {
	return checkReproducesBut(t, h, false)
}

// checkReproducesBut is checkReproduces where fullGap says the Full GC rate is a gap the fit
// does not close: it asserts the miss (a fix should flip it) and the rest as checkReproduces does.
func checkReproducesBut(t *testing.T, h handRead, fullGap bool) *Result {
	r, m := fitLog(t, h.file)
	youngLog, fullLog := float64(h.young)/h.windowS, float64(h.full)/h.windowS
	// The fit read the log as by hand.
	assert.InDelta(t, youngLog, *row(t, r, "young GCs per second").Log, 0.002)
	assert.InDelta(t, fullLog, *row(t, r, "Full GCs per second").Log, 0.002)
	assert.True(t, withinFactor(youngLog, m.YoungGCsPerS), "young GCs/s: log %.3f, model %.3f", youngLog, m.YoungGCsPerS)
	assert.Equal(t, !fullGap, withinFactor(fullLog, m.FullGCsPerS), "Full GCs/s: log %.3f, model %.3f", fullLog, m.FullGCsPerS)
	if h.full == 0 {
		assert.Nil(t, m.OldAfterFullMB, "the model had a Full GC the log did not")
	} else if assert.NotNil(t, m.OldAfterFullMB) {
		assert.InEpsilon(t, h.oldAfter, *m.OldAfterFullMB, OldBand, "old gen after Full GC: log %.3f, model %.3f", h.oldAfter, *m.OldAfterFullMB)
	}
	for _, x := range r.Quality.Metrics[:3] {
		if fullGap && x.Metric == "Full GCs per second" {
			continue
		}
		assert.Contains(t, []string{"within", "agree"}, x.Verdict, x.Metric)
	}
	return r
}

// Its Full GCs are a gap: 2 in the model's 11 s against the log's 3 (×0.665, the fit's figures
// rounded to the thousandth make it ×0.667 and "within"). The model's last Full GC comes while
// the caches still grow, so the fit cannot reach the log's live set either (four runs, the old gen
// after Full GC ×0.89): FIDELITY.md's miss at this point, with its reason. Since the JVM's start
// came into gc-lab's model (its young GCs before the twin's window, sim/launch_heap.go); 3 against
// 3 before it.
func TestFitReproducesParallel(t *testing.T) {
	r := checkReproducesBut(t, parallel128, true)
	assert.Equal(t, "parallel", r.Knobs["gc"])
	assert.Equal(t, "128", r.Knobs["heap_mb"])
	assert.Equal(t, "pooled", r.Knobs["state"], "the log keeps 65 MB after Full GC: per-thread state lives on")
}

// Its Full GCs are on the cliff the quality names (the live set fills 92 % of the old gen): the
// model has 37 in 10 s against the log's 24 (×1.57; 25 before the JVM's start came into the model,
// sim/launch_heap.go). The replay of the sweep's run at this point, at the twin's own knobs, has
// 57 against 61 (FIDELITY.md).
func TestFitReproducesSerial(t *testing.T) {
	r := checkReproducesBut(t, serial64, true)
	assert.Contains(t, strings.Join(r.Quality.Notes, " "), "Full GCs are on a cliff here")
	assert.Equal(t, "serial", r.Knobs["gc"])
	assert.Equal(t, "64", r.Knobs["heap_mb"])
}

// G1 sizes young for its pause goal, which the model does not: the fit reaches this log because its
// G1 kept eden near the model's size (61 MB of 128); the quality says so, with both edens.
func TestFitReproducesG1AndNamesItsGap(t *testing.T) {
	r := checkReproduces(t, g1Fresh)
	assert.Equal(t, "g1", r.Knobs["gc"])
	var gap string
	for _, n := range r.Quality.Notes {
		if strings.Contains(n, "pause-time goal") {
			gap = n
		}
	}
	assert.Contains(t, gap, "the log's eden averaged 61.2 MB")
	assert.NotContains(t, gap, "cannot match")
}

// A G1 log whose collector kept eden small for its pause goal (3.7 MB of 64): the model's G1 sizes
// young the same way, so young GCs per second now match; the log's one Full GC the model's G1 does not
// have, and the quality gives the figures to judge it by: the log's concurrent cycles against the
// model's markings, which now take time (G1MarkRate per marking thread; they took well under a
// millisecond before). (Before G1's young sizing was modelled, young GCs/s missed ×0.21.)
func TestFitOfAPauseGoalG1(t *testing.T) {
	r, m := fitFile(t, "../testdata/gclog/g1-64m-pooled.log")
	assert.Equal(t, "within", row(t, r, "allocation rate (MB/s)").Verdict)
	assert.Equal(t, "within", row(t, r, "young GCs per second").Verdict)
	assert.Equal(t, "miss", row(t, r, "Full GCs per second").Verdict)
	notes := strings.Join(r.Quality.Notes, " ")
	require.NotNil(t, m.EdenMB)
	assert.Contains(t, notes, fmt.Sprintf("the log's eden averaged 3.7 MB, the model's %.1f MB", *m.EdenMB))
	assert.NotEqual(t, "3.7", fmt.Sprintf("%.1f", *m.EdenMB), "the two edens differ here, so a note that printed one twice shows")
	assert.Contains(t, notes, "The log's G1 fell back to Full GCs (after evacuation failures: its old gen ran out of "+
		"free regions); the model's G1 did not. The log's concurrent cycles took 96 ms (the median of 17)")
	require.NotNil(t, m.MarkMs)
	assert.Greater(t, *m.MarkMs, 10.0, "40 MB live at 4 MB/ms on one marking thread, until the next young pause")
}

func TestFitIsDeterministic(t *testing.T) {
	a, ma := fitLog(t, serial64.file)
	b, mb := fitLog(t, serial64.file)
	assert.Equal(t, a, b)
	assert.Equal(t, ma.Series, mb.Series)
}

func TestFitRefusesWhatTheModelCannotRun(t *testing.T) {
	for name, want := range map[string]string{
		"zgc-128m-pooled.log": "the model has Serial, Parallel and G1 only",
	} {
		f, err := os.Open("../testdata/gclog/" + name)
		require.NoError(t, err)
		l, err := gclog.Parse(f)
		f.Close()
		require.NoError(t, err)
		_, _, err = Fit(l, nil)
		require.Error(t, err)
		assert.Contains(t, err.Error(), want)
	}
	l, err := gclog.Parse(strings.NewReader("[0.010s][info][gc] Using Parallel\n"))
	require.NoError(t, err)
	_, _, err = Fit(l, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no heap size")
}

// Parallel, 64 MB, 500 pooled threads: the live set fills 90 % of the old gen, where Full GCs are
// on a cliff. The quality says so only beside a miss of the Full GCs (serial64 above has the
// note); here they are within, so it does not. The fit meets the allocation rate, the promotion rate, the
// old gen after Full GC and the Full GCs (0.214 a second against the log's 0.208). Until the JVM's
// start came into gc-lab's model (sim/launch_heap.go) its model fell here into a Full GC storm the
// JVM did not have (8 a second).
func TestFitAtTheFullGCCliffMeetsTheLog(t *testing.T) {
	r, _ := fitLog(t, "parallel-64m-pooled-500")
	assert.Equal(t, "within", row(t, r, "allocation rate (MB/s)").Verdict)
	assert.Equal(t, "within", row(t, r, "old gen after Full GC (MB)").Verdict)
	assert.InDelta(t, 1, *row(t, r, "promotion rate (MB/s)").Ratio, 0.15)
	assert.Equal(t, "within", row(t, r, "Full GCs per second").Verdict)
	assert.Equal(t, "within", row(t, r, "young GCs per second").Verdict)
	assert.NotContains(t, strings.Join(r.Quality.Notes, " "), "on a cliff", "no miss, no cliff note")
}

// The model's rate windows add up to its allocation rate, as the log's do to the summary's.
func TestModelRateWindowsAddUp(t *testing.T) {
	_, m := fitLog(t, parallel128.file)
	s := m.Series
	require.NotEmpty(t, s.RateTimeS)
	var alloc, promo float64
	for i := range s.RateTimeS {
		alloc += s.AllocationMBs[i] * s.RateWindowS
		promo += s.PromotionMBs[i] * s.RateWindowS
	}
	span := s.TimeS[len(s.TimeS)-1] - s.TimeS[0]
	assert.InEpsilon(t, m.AllocationRateMBs, alloc/span, 0.02)
	assert.InEpsilon(t, m.PromotionRateMBs*m.DurationS, promo, 0.15, "promotion after the first collection, of the run's")
}

// A log of hours is fitted with a model run of at most maxModelS seconds (the knob allows 600, and
// the page's worker runs the model several times).
func TestLongLogsAreFittedByAShortRun(t *testing.T) {
	b := &Basis{Collector: "parallel", HeapMB: 512, JDK: "17", CPUs: 4, WindowS: 7200, AllocationRateMBs: 50}
	k := firstKnobs(b)
	assert.Equal(t, maxModelS, k.durationS)
	assert.Contains(t, strings.Join(quality(b, &Model{Knobs: k.set()}, 1).Notes, " "), "The log spans 7200 s")
}

// The log's gc+cpu lines say how much of their cores the GC threads had in pauses; the quality
// shows it and says which cpu_share would put the model on that machine. In the window of
// testdata/jvm-check/parallel-128m-pooled-1000.log, from its first collection on, the 63 lines sum
// to User 0.99 s + Sys 0.66 s over Real 3.38 s (grep 'gc,cpu' | awk): 0.488 CPUs of 2 GC threads.
func TestFitShowsTheGCThreadsShareOfTheCores(t *testing.T) {
	r, _ := fitLog(t, parallel128.file)
	share := row(t, r, "GC threads' share of their cores in pauses")
	require.NotNil(t, share.Log)
	assert.InDelta(t, 0.244, *share.Log, 0.001)
	assert.Nil(t, share.Model)
	assert.Equal(t, "info", share.Verdict)
	found := false
	for _, n := range r.Quality.Notes {
		found = found || strings.Contains(n, "`--set cpu_share=0.24`")
	}
	assert.True(t, found, "a note says which cpu_share: %q", r.Quality.Notes)
}
