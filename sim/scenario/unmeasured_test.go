package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A run that ends before its measurement window opens measured no
// throughput and no latency: those metrics are left out (a zero would read
// as a measured 0 req/s, 0 ms), while its counts stay. One that ends inside
// the window keeps its throughput over the part of the window it ran.
func TestUnmeasuredMetricsAreLeftOut(t *testing.T) {
	s, err := Get("vt-pooling")
	require.NoError(t, err)
	window := []string{"throughput_rps", "latency_mean_ms", "latency_p50_ms", "latency_p99_ms"}

	// 512 MB of heap for 10,000 pooled threads: an OutOfMemoryError after
	// ~4 s, long before the 30 s warm-up ends.
	r, err := s.Run("4g-pool", map[string]string{"heap_mb": "512"}, 1, nil)
	require.NoError(t, err)
	require.Contains(t, r.Outcome, "OutOfMemoryError")
	require.Less(t, r.SimSeconds, 30.0)
	for _, m := range window {
		assert.NotContains(t, r.Metrics, m, "a run that stopped in its warm-up measured no %s", m)
	}
	assert.Equal(t, window, s.Unmeasured(r))
	assert.EqualValues(t, 0, r.Metrics["requests_completed"])
	full, ok := r.MetricValue("full_gcs")
	assert.True(t, ok)
	assert.Greater(t, full, 0.0, "its Full GCs are counted over the whole run")

	// The same heap with no warm-up: the window opens at once, requests
	// complete in it before the error, and every metric has its value.
	r, err = s.Run("4g-pool", map[string]string{"heap_mb": "512", "warmup_s": "0"}, 1, nil)
	require.NoError(t, err)
	require.Contains(t, r.Outcome, "OutOfMemoryError")
	assert.Empty(t, s.Unmeasured(r))
	rps, ok := r.MetricValue("throughput_rps")
	assert.True(t, ok)
	assert.Greater(t, rps, 0.0)
}

// A run of platform threads only starts no carrier: the carriers'
// utilization is left out, not given as 0 (read as idle carriers). A run
// with carriers keeps it (CPU work: a sleeping task's mounts take no
// simulated time, and its carriers are busy 0 % of it).
func TestCarrierUtilizationNeedsCarriers(t *testing.T) {
	s, err := Get("request-load")
	require.NoError(t, err)
	r, err := s.Run("pool-200", map[string]string{"requests": "1000"}, 1, nil)
	require.NoError(t, err)
	assert.NotContains(t, r.Metrics, "carrier_utilization")
	assert.Equal(t, []string{"carrier_utilization"}, s.Unmeasured(r))
	r, err = s.Run("virtual-per-request", map[string]string{"requests": "200", "work": "cpu"}, 1, nil)
	require.NoError(t, err)
	u, ok := r.MetricValue("carrier_utilization")
	assert.True(t, ok)
	assert.Greater(t, u, 0.0)
}
