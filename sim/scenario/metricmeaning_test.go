package scenario

import (
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
