package scenario

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Verify's verdicts, on results the test makes up: the logic that turns a
// model value into pass, fail or deviation, independent of any model run.

func verdicts(t *testing.T, figs []Figure, metrics map[string]map[string]any) []Check {
	t.Helper()
	s := &Scenario{ID: "test", Figures: figs}
	checks, err := s.Verify(func(c string) (*Result, error) {
		return &Result{Case: c, Metrics: metrics[c]}, nil
	})
	require.NoError(t, err)
	require.Len(t, checks, len(figs))
	return checks
}

func TestVerifyVerdicts(t *testing.T) {
	m := map[string]map[string]any{
		"a": {"elapsed_ms": 105.0, "full_gcs": int64(4)},
		"b": {"elapsed_ms": 90.0, "full_gcs": int64(4)},
		"c": {"full_gcs": int64(4)},
	}
	cases := []struct {
		name    string
		fig     Figure
		status  string
		wouldBe string
		reason  string
	}{
		{"within tolerance", Figure{Case: "a", Metric: "elapsed_ms", Value: 100, Tol: Tolerance{Rel: 0.1}}, "pass", "", ""},
		{"outside tolerance", Figure{Case: "a", Metric: "elapsed_ms", Value: 80, Tol: Tolerance{Rel: 0.1}}, "fail", "", ""},
		{"a missing metric is not zero", Figure{Case: "a", Metric: "young_gcs", Value: 0, Tol: Tolerance{Abs: 1}}, "fail", "",
			"reports no young_gcs"},
		{"an ordering whose other side is missing", Figure{Case: "a", Metric: "elapsed_ms", Than: "c", Cmp: ">"}, "fail", "",
			"the c run reports no elapsed_ms"},
		{"about the same, within the band", Figure{Case: "a", Metric: "elapsed_ms", Than: "b", Cmp: "≈", Tol: Tolerance{Rel: 0.2}}, "pass", "", ""},
		{"about the same, outside the band", Figure{Case: "a", Metric: "elapsed_ms", Than: "b", Cmp: "≈", Tol: Tolerance{Rel: 0.1}}, "fail", "", ""},
		{"ordering held", Figure{Case: "a", Metric: "elapsed_ms", Than: "b", Cmp: ">"}, "pass", "", ""},
		{"ordering broken", Figure{Case: "a", Metric: "elapsed_ms", Than: "b", Cmp: "<"}, "fail", "", ""},
		{"equal is not an ordering", Figure{Case: "a", Metric: "full_gcs", Than: "b", Cmp: ">"}, "fail", "", ""},
		{"deviation as pinned", Figure{Case: "a", Metric: "elapsed_ms", Value: 80, Tol: Tolerance{Rel: 0.1},
			Deviation: "why", Pinned: []float64{105}}, "deviation", "fail", "why"},
		{"deviation that would pass", Figure{Case: "a", Metric: "elapsed_ms", Value: 100, Tol: Tolerance{Rel: 0.1},
			Deviation: "why", Pinned: []float64{105}}, "deviation", "pass", "why"},
		{"deviation whose model moved", Figure{Case: "a", Metric: "elapsed_ms", Value: 80, Tol: Tolerance{Rel: 0.1},
			Deviation: "why", Pinned: []float64{104}}, "fail", "fail", "moved from 104 (declared) to 105"},
		{"deviation whose model moved a ten-thousandth", Figure{Case: "a", Metric: "elapsed_ms", Value: 80, Tol: Tolerance{Rel: 0.1},
			Deviation: "why", Pinned: []float64{105.01}}, "fail", "fail", "moved from 105.01 (declared) to 105"},
		{"deviation whose model moved a ten-millionth", Figure{Case: "a", Metric: "elapsed_ms", Value: 80, Tol: Tolerance{Rel: 0.1},
			Deviation: "why", Pinned: []float64{105 * (1 + 1e-7)}}, "fail", "fail", "moved from 105.0000105 (declared) to 105"},
		{"deviation pinned to the last digits", Figure{Case: "a", Metric: "elapsed_ms", Value: 80, Tol: Tolerance{Rel: 0.1},
			Deviation: "why", Pinned: []float64{105 * (1 + 1e-12)}}, "deviation", "fail", "why"},
		{"deviation pinning more values than the model gives", Figure{Case: "a", Metric: "elapsed_ms", Value: 80, Tol: Tolerance{Rel: 0.1},
			Deviation: "why", Pinned: []float64{105, 90}}, "fail", "fail", "pins 2 values for 1"},
		{"deviation never pinned", Figure{Case: "a", Metric: "elapsed_ms", Value: 80, Tol: Tolerance{Rel: 0.1},
			Deviation: "why"}, "fail", "fail", "pins 0 values"},
		{"ordering deviation as pinned", Figure{Case: "a", Metric: "full_gcs", Than: "b", Cmp: ">",
			Deviation: "why", Pinned: []float64{4, 4}}, "deviation", "fail", "why"},
		{"ordering deviation whose other side moved", Figure{Case: "a", Metric: "full_gcs", Than: "b", Cmp: ">",
			Deviation: "why", Pinned: []float64{4, 3}}, "fail", "fail", "moved from 3"},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// Every other case is calibrated: the check must carry the
			// figure's role, not a constant.
			c.fig.Role = []Role{Predicted, Calibrated}[i%2]
			got := verdicts(t, []Figure{c.fig}, m)[0]
			assert.Equal(t, string(c.fig.Role), got.Role, "the check carries the figure's role")
			assert.Equal(t, c.status, got.Status)
			assert.Equal(t, c.wouldBe, got.WouldBe)
			assert.Contains(t, got.Reason, c.reason)
		})
	}
}

// Each band of a tolerance, at and just past its edges, the figures worked
// out by hand: ±25 % of 100 is 75–125 (of the article, not the model), ±3
// of 96 is 93–99, ×/÷1.5 of 10 is 6.67–15, exact admits only the figure.
func TestToleranceBands(t *testing.T) {
	for _, c := range []struct {
		tol            Tolerance
		article, model float64
		ok             bool
	}{
		{Tolerance{Rel: 0.25}, 100, 125, true}, {Tolerance{Rel: 0.25}, 100, 75, true},
		{Tolerance{Rel: 0.25}, 100, 126, false}, {Tolerance{Rel: 0.25}, 100, 74, false},
		{Tolerance{Rel: 0.25}, 100, 130, false}, // a quarter of 130 would admit it
		{Tolerance{Rel: 0.25}, -100, -125, true}, {Tolerance{Rel: 0.25}, -100, -126, false},
		{Tolerance{Abs: 3}, 96, 99, true}, {Tolerance{Abs: 3}, 96, 93, true},
		{Tolerance{Abs: 3}, 96, 99.5, false}, {Tolerance{Abs: 3}, 96, 92.5, false},
		{Tolerance{Factor: 1.5}, 10, 15, true}, {Tolerance{Factor: 1.5}, 10, 6.7, true},
		{Tolerance{Factor: 1.5}, 10, 16, false}, {Tolerance{Factor: 1.5}, 10, 6.6, false},
		{Tolerance{Factor: 1.5}, 0, 0, true}, {Tolerance{Factor: 1.5}, 0, 1, false}, // a factor of 0 is 0
		{Tolerance{Exact: true}, 500, 500, true}, {Tolerance{Exact: true}, 500, 501, false}, {Tolerance{Exact: true}, 500, 499, false},
		{Tolerance{Rel: 0.25, Abs: 30}, 100, 130, true}, // either band admits
		{Tolerance{}, 100, 100, false},                  // no band admits nothing
	} {
		assert.Equal(t, c.ok, c.tol.OK(c.article, c.model), "%s: %v vs %v", c.tol, c.article, c.model)
	}
}

// A check shows the article's figure as the article reads, when the figure
// says how, and the model's values in the metric's unit, an ordering's in
// the order of its cases.
func TestCheckTexts(t *testing.T) {
	m := map[string]map[string]any{"a": {"elapsed_ms": 105.0}, "b": {"elapsed_ms": 90.0}}
	checks := verdicts(t, []Figure{
		{Case: "a", Metric: "elapsed_ms", Value: 100, Text: "~100 ms", Tol: Tolerance{Rel: 0.1}},
		{Case: "a", Metric: "elapsed_ms", Value: 100, Tol: Tolerance{Rel: 0.1}},
		{Case: "a", Metric: "elapsed_ms", Than: "b", Cmp: ">"},
	}, m)
	assert.Equal(t, "~100 ms", checks[0].Article)
	assert.Equal(t, "100", checks[1].Article)
	assert.Equal(t, "105 ms", checks[1].ModelText())
	assert.Equal(t, "105 ms > 90 ms", checks[2].ModelText())
	assert.Equal(t, "a vs b", checks[2].Case)
	// The JSON carries the reader's text too (the page shows it).
	b, err := json.Marshal(checks[2])
	require.NoError(t, err)
	assert.Contains(t, string(b), `"model_text":"105 ms \u003e 90 ms"`)
}

// Every declared deviation of every scenario pins the model's value, so a
// model change that moves it fails verify instead of passing unseen.
func TestDeviationsArePinned(t *testing.T) {
	for _, s := range All() {
		for _, f := range s.Deviations() {
			want := 1
			if f.Than != "" {
				want = 2
			}
			assert.Len(t, f.Pinned, want, "%s %s %s: a deviation pins the model's value", s.ID, f.Case, f.Metric)
		}
	}
}

// CheckAvailable, for each set of cases that have run: a figure whose cases
// are all there gets the verdict Verify gives it when every case has run
// (the page shows it before the last run ends); any other figure none.
func TestCheckAvailableAgreesWithVerify(t *testing.T) {
	m := map[string]map[string]any{
		"a": {"elapsed_ms": 105.0, "full_gcs": int64(4)},
		"b": {"elapsed_ms": 90.0, "full_gcs": int64(3)},
		"c": {"full_gcs": int64(4)},
	}
	figs := []Figure{
		{Case: "a", Metric: "elapsed_ms", Value: 100, Tol: Tolerance{Rel: 0.1}},
		{Case: "b", Metric: "elapsed_ms", Value: 100, Tol: Tolerance{Rel: 0.05}},
		{Case: "a", Metric: "elapsed_ms", Than: "b", Cmp: ">"},
		{Case: "c", Metric: "full_gcs", Than: "a", Cmp: "≈", Tol: Tolerance{Abs: 1}},
		{Case: "c", Metric: "elapsed_ms", Value: 1, Tol: Tolerance{Abs: 1}},
	}
	all := verdicts(t, figs, m)
	s := &Scenario{ID: "test", Figures: figs}
	for _, ran := range [][]string{{}, {"a"}, {"b"}, {"c"}, {"a", "b"}, {"a", "c"}, {"b", "c"}, {"a", "b", "c"}} {
		results := map[string]*Result{}
		for _, c := range ran {
			results[c] = &Result{Case: c, Metrics: m[c]}
		}
		got := s.CheckAvailable(results)
		require.Len(t, got, len(figs), "ran %v", ran)
		for i, f := range figs {
			_, caseRan := results[f.Case]
			_, thanRan := results[f.Than]
			if caseRan && (f.Than == "" || thanRan) {
				if assert.NotNil(t, got[i], "figure %d once %v ran", i, ran) {
					assert.Equal(t, all[i], *got[i], "figure %d once %v ran", i, ran)
				}
			} else {
				assert.Nil(t, got[i], "figure %d once %v ran", i, ran)
			}
		}
	}
}

// TestToleranceRangeIsItsBands: a model value passes exactly when one of
// the tolerance's bands, each written out here on its own, holds it. (The
// grid's values keep off the bands' edges, where the two forms may round
// differently in the last bit.)
func TestToleranceRangeIsItsBands(t *testing.T) {
	bands := func(tol Tolerance, a, m float64) bool {
		return tol.Count && math.Abs(m-a) <= math.Max(2, 2*math.Sqrt(math.Abs(a))) ||
			tol.Rel > 0 && math.Abs(m-a) <= tol.Rel*math.Abs(a) ||
			tol.Abs > 0 && math.Abs(m-a) <= tol.Abs ||
			tol.Factor > 0 && m >= a/tol.Factor && m <= a*tol.Factor
	}
	tols := []Tolerance{{Rel: 0.1}, {Abs: 3}, {Factor: 1.5}, {Factor: 1.5, Count: true}, {Rel: 0.25, Abs: 5}, {Count: true}, {Rel: 0.2, Factor: 2}}
	for _, tol := range tols {
		for _, a := range []float64{0, 1, 4, 37, 461, 145000, -20} {
			for i := -400; i <= 400; i++ {
				m := a + (float64(i)+0.37)*math.Max(0.05, math.Abs(a)/100)
				if got, want := tol.OK(a, m), bands(tol, a, m); got != want {
					t.Fatalf("%v at %g: OK(%g) = %v, its bands say %v", tol, a, m, got, want)
				}
			}
		}
	}
}

func TestAcceptText(t *testing.T) {
	for _, c := range []struct {
		f    Figure
		want string
	}{
		{Figure{Metric: "throughput_rps", Value: 145000, Tol: Tolerance{Factor: 1.5}}, "96,667 – 217,500 req/s"},
		{Figure{Metric: "full_gcs", Value: 0, Tol: Tolerance{Factor: 1.5, Count: true}}, "0 – 2"},
		{Figure{Metric: "full_gcs", Value: 16, Tol: Tolerance{Factor: 1.5, Count: true}}, "8 – 24"},
		{Figure{Metric: "full_gcs", Value: 461, Tol: Tolerance{Factor: 1.5, Count: true}}, "308 – 691"},
		{Figure{Metric: "stackchunk_alloc_bytes", Value: 14.4e9, Tol: Tolerance{Rel: 0.25}}, "10.8 – 18.0 GB"},
		{Figure{Metric: "old_live_after_full_gc_mb", Value: 9000, Tol: Tolerance{Rel: 0.25}}, "6,750.0 MB – 11.2 GB"},
		{Figure{Metric: "elapsed_ms", Value: 1000, Tol: Tolerance{Rel: 0.1}}, "900 – 1,100 ms"},
		// A time the article gives in seconds is accepted in seconds.
		{Figure{Metric: "gc_pause_total_ms", Value: 9000, Tol: Tolerance{Rel: 0.15}, Text: "~9 s"}, "7.65 – 10.35 s"},
		{Figure{Metric: "gc_pause_total_ms", Value: 9000, Tol: Tolerance{Rel: 0.15}, Text: "9,000 ms"}, "7,650 – 10,350 ms"},
		{Figure{Metric: "os_threads_peak", Value: 5, Tol: Tolerance{Exact: true}}, "exactly 5"},
		{Figure{Metric: "os_threads_peak", Value: 2708, Tol: Tolerance{Rel: 0.15}}, "2,302 – 3,114"},
		{Figure{Metric: "elapsed_ms", Than: "b", Cmp: ">"}, "above the model's value for b"},
		{Figure{Metric: "elapsed_ms", Than: "b", Cmp: "≈", Tol: Tolerance{Rel: 0.2}}, "within ±20% of the model's value for b"},
	} {
		if got := c.f.AcceptText(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.f, got, c.want)
		}
	}
}

// A row's model value and accepted range read in the unit of the article's
// value: seconds beside an article's "~9 s", milliseconds otherwise.
func TestCheckTextsShareTheArticlesUnit(t *testing.T) {
	m := map[string]map[string]any{"a": {"gc_pause_total_ms": 7824.343}}
	checks := verdicts(t, []Figure{
		{Case: "a", Metric: "gc_pause_total_ms", Value: 9000, Tol: Tolerance{Rel: 0.15}, Text: "~9 s"},
		{Case: "a", Metric: "gc_pause_total_ms", Value: 9000, Tol: Tolerance{Rel: 0.15}},
	}, m)
	assert.Equal(t, "7.82 s", checks[0].Text)
	assert.Equal(t, "7.65 – 10.35 s", checks[0].Accepts)
	assert.Equal(t, "7,824 ms", checks[1].Text)
	assert.Equal(t, "7,650 – 10,350 ms", checks[1].Accepts)
}

// A figure's tolerance reads with its own numbers: the counting noise of
// a count is worked out (2√n, at least 2), not left as a formula.
func TestToleranceWords(t *testing.T) {
	for _, c := range []struct {
		tol     Tolerance
		article float64
		want    string
	}{
		{Tolerance{Rel: 0.15}, 126851, "±15%"},
		{Tolerance{Rel: 0.2, Abs: 0.3}, 1, "the wider of ±20% and ±0.3"},
		{Tolerance{Factor: 1.5, Count: true}, 461, "the wider of ×/÷1.5 and ±43 (counting noise)"},
		{Tolerance{Factor: 1.5, Count: true}, 0, "the wider of ×/÷1.5 and ±2 (counting noise)"},
		{Tolerance{Factor: 1.5, Count: true}, 4, "the wider of ×/÷1.5 and ±4 (counting noise)"},
		{Tolerance{Rel: 0.1, Abs: 2, Factor: 1.5}, 10, "the wider of ±10%, ±2 and ×/÷1.5"},
		{Tolerance{Count: true}, 1e6, "±2,000 (counting noise)"},
		{Tolerance{Exact: true}, 3, "exact"},
	} {
		assert.Equal(t, c.want, c.tol.Words(c.article), "%+v of %v", c.tol, c.article)
	}
}
