package scenario

import (
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
		{"ordering held", Figure{Case: "a", Metric: "elapsed_ms", Than: "b", Cmp: ">"}, "pass", "", ""},
		{"ordering broken", Figure{Case: "a", Metric: "elapsed_ms", Than: "b", Cmp: "<"}, "fail", "", ""},
		{"equal is not an ordering", Figure{Case: "a", Metric: "full_gcs", Than: "b", Cmp: ">"}, "fail", "", ""},
		{"deviation as pinned", Figure{Case: "a", Metric: "elapsed_ms", Value: 80, Tol: Tolerance{Rel: 0.1},
			Deviation: "why", Pinned: []float64{105}}, "deviation", "fail", "why"},
		{"deviation that would pass", Figure{Case: "a", Metric: "elapsed_ms", Value: 100, Tol: Tolerance{Rel: 0.1},
			Deviation: "why", Pinned: []float64{105}}, "deviation", "pass", "why"},
		{"deviation whose model moved", Figure{Case: "a", Metric: "elapsed_ms", Value: 80, Tol: Tolerance{Rel: 0.1},
			Deviation: "why", Pinned: []float64{104}}, "fail", "fail", "moved from 104 (declared) to 105"},
		{"deviation never pinned", Figure{Case: "a", Metric: "elapsed_ms", Value: 80, Tol: Tolerance{Rel: 0.1},
			Deviation: "why"}, "fail", "fail", "pins 0 values"},
		{"ordering deviation as pinned", Figure{Case: "a", Metric: "full_gcs", Than: "b", Cmp: ">",
			Deviation: "why", Pinned: []float64{4, 4}}, "deviation", "fail", "why"},
		{"ordering deviation whose other side moved", Figure{Case: "a", Metric: "full_gcs", Than: "b", Cmp: ">",
			Deviation: "why", Pinned: []float64{4, 3}}, "fail", "fail", "moved from 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.fig.Role = Predicted
			got := verdicts(t, []Figure{c.fig}, m)[0]
			assert.Equal(t, "predicted", got.Role, "the check carries the figure's role")
			assert.Equal(t, c.status, got.Status)
			assert.Equal(t, c.wouldBe, got.WouldBe)
			assert.Contains(t, got.Reason, c.reason)
		})
	}
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
