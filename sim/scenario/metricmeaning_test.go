package scenario

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every metric of the contract says what it counts, and no meaning is
// left for a metric that is gone.
func TestEveryMetricHasAMeaning(t *testing.T) {
	reported := map[string]bool{}
	for _, m := range MetricNames {
		assert.NotEmpty(t, MetricMeanings[m], "metric %s has no meaning in metricmeaning.go", m)
		reported[m] = true
	}
	for _, s := range All() {
		for _, m := range s.Metrics {
			assert.NotEmpty(t, MetricMeanings[m], "%s reports %s, which has no meaning", s.ID, m)
			reported[m] = true
		}
	}
	for m := range MetricMeanings {
		assert.True(t, reported[m], "a meaning for %s, which no scenario reports", m)
	}
}

// A windowed metric is counted over the measurement window where the
// scenario has a warm-up, over the whole run (its window) elsewhere; the
// others read the same in every scenario, except that no meaning speaks of
// a warm-up in a scenario without one.
func TestMetricMeaningNamesTheScenariosWindow(t *testing.T) {
	vt, _, err := ParseRef("vt-pooling")
	assert.NoError(t, err)
	rl, _, err := ParseRef("request-load")
	assert.NoError(t, err)
	assert.Equal(t, "requests completed per second in the measurement window", vt.MetricMeaning("throughput_rps"))
	assert.Equal(t, "requests completed per second over the whole run", rl.MetricMeaning("throughput_rps"))
	assert.Equal(t, MetricMeanings["throughput_rps"], vt.MetricMeaning("throughput_rps"))
	for _, s := range All() {
		_, warm := s.Knob("warmup_s")
		for _, m := range s.Metrics {
			got := s.MetricMeaning(m)
			if !warm {
				assert.NotContains(t, got, "warm-up", "%s has no warm-up: %s", s.ID, m)
			}
			mm := metricMeanings[m]
			switch {
			case mm.windowed && warm:
				assert.True(t, strings.HasSuffix(got, " in the measurement window"), "%s: %s reads %q", s.ID, m, got)
			case mm.windowed:
				assert.True(t, strings.HasSuffix(got, " over the whole run"), "%s: %s reads %q", s.ID, m, got)
			case !warm && mm.noWarmup != "":
				assert.Equal(t, mm.noWarmup, got, "%s: %s", s.ID, m)
			default:
				assert.Equal(t, MetricMeanings[m], got, "%s: %s", s.ID, m)
			}
		}
	}
}
