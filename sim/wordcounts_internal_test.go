package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// wordCounts.add has a common case inlined at its callers and a rare one
// (the first size, which makes the exact table, and sizes beyond it): both
// must count, and the quantiles must read both parts.
func TestWordCountsCountsSizesInAndBeyondTheExactTable(t *testing.T) {
	var c wordCounts
	for _, v := range []int64{1149, 1144, 1149, 20000} {
		c.add(v)
	}
	assert.Equal(t, int64(4), c.n)
	assert.Equal(t, int64(2), c.exact[1149])
	assert.Equal(t, int64(1), c.exact[1144])
	assert.Equal(t, Words(1144), c.quantile(0.25))
	assert.Equal(t, Words(1149), c.quantile(0.5))
	assert.InDelta(t, 20000, float64(c.quantile(1)), 2000, "the largest size is beyond the exact table")
}
