package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGroupDigits(t *testing.T) {
	assert.Equal(t, "1,144", GroupDigits("1144"))
	assert.Equal(t, "-12,345.67", GroupDigits("-12345.67"))
	assert.Equal(t, "999", GroupDigits("999"))
	assert.Equal(t, "100,000", GroupDigits("100000"))
}

// Each metric reads in the unit its name carries, as the article's column
// beside it does.
func TestMetricText(t *testing.T) {
	for _, c := range []struct {
		name string
		v    float64
		want string
	}{
		{"throughput_rps", 127697.3, "127,697 req/s"},
		{"gc_pause_total_ms", 7824.343, "7,824 ms"},
		{"latency_p50_ms", 1.23456, "1.235 ms"},
		{"old_live_after_full_gc_mb", 719.4, "719.4 MB"},
		{"memory_mb", 19199.2, "19.2 GB"},
		{"stackchunk_alloc_bytes", 16032497184, "16.0 GB"},
		{"stackchunk_alloc_bytes", 250e6, "250.0 MB"},
		{"stackchunk_capacity_words_p50", 1149, "1,149 words"},
		{"carrier_utilization", 0.1433, "14 %"},
		{"cost_savings_pct", 42.25, "42.2 %"},
		{"win_rate_haiku", 61, "61.0 %"},
		{"full_gcs", 382, "382"},
		{"races_before_single_model", 2.5, "2.50"},
	} {
		assert.Equal(t, c.want, MetricText(c.name, c.v), c.name)
	}
}
