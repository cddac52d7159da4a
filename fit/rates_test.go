package fit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The model's rate windows are gclog's: at most 60 windows of at least a
// second over the run, a window's time its start, its rate what ended in
// it over its length. (A run of 600 s has 10 s windows; one of 30 s, 1 s
// ones.) What ends at or past the run's end falls in its last window,
// what is stamped before 0 in its first.
func TestModelRateWindows(t *testing.T) {
	r := newModelRates(600)
	assert.Equal(t, 10.0, r.width)
	require.Len(t, r.alloc, 61)
	r.add(0, 1, 0.5)
	r.add(9.99, 2, 0)
	r.add(10, 40, 4)
	r.add(599, 8, 0)
	r.add(5000, 3, 1)
	r.add(-2, 7, 0)
	var s Series
	r.fill(&s)
	assert.Equal(t, 10.0, s.RateWindowS)
	assert.Equal(t, []float64{0, 10, 20}, s.RateTimeS[:3])
	assert.Equal(t, 600.0, s.RateTimeS[60])
	assert.Equal(t, []float64{1, 4, 0}, s.AllocationMBs[:3], "(1 + 2 + 7) MiB in the first 10 s; 40 in the second")
	assert.Equal(t, []float64{0.05, 0.4, 0}, s.PromotionMBs[:3])
	assert.Equal(t, 0.8, s.AllocationMBs[59])
	assert.Equal(t, 0.3, s.AllocationMBs[60], "past the end: the last window")
	assert.Equal(t, 0.1, s.PromotionMBs[60])

	short := newModelRates(30)
	assert.Equal(t, 1.0, short.width, "never under a second")
	assert.Len(t, short.alloc, 31)
}
