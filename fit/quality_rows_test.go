package fit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A rate's verdict at its edges: a ratio of exactly 1.5 either way is
// within, as rateRow promises, including where the product rounds below
// the other value (0.7 × 1.5 is 1.0499999999999998 in floating point);
// a little past it is a miss.
func TestRateRowEdges(t *testing.T) {
	for _, c := range []struct {
		log, model float64
		want       string
	}{
		{0.7, 1.05, "within"}, // model = log × 1.5
		{1.05, 0.7, "within"}, // model = log ÷ 1.5
		{10, 15, "within"},
		{10, 15.01, "miss"},
		{15.01, 10, "miss"},
		{0, 0, "agree"},
		{0, 1, "miss"},
		{1, 0, "miss"},
	} {
		assert.Equal(t, c.want, rateRow("young_gcs_per_s", c.log, c.model).Verdict, "log %v, model %v", c.log, c.model)
	}
}

// A band's verdict at its edges: exactly ±15 % of the log's value is
// within; a little past it is a miss; a side without the figure agrees
// only with another without it.
func TestBandRowEdges(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for _, c := range []struct {
		log, model *float64
		want       string
	}{
		{f(20), f(23), "within"}, // 0.15 × 20 is exactly 3
		{f(20), f(17), "within"},
		{f(20), f(23.01), "miss"},
		{f(20), f(16.99), "miss"},
		{nil, nil, "agree"},
		{f(20), nil, "miss"},
		{nil, f(20), "miss"},
	} {
		assert.Equal(t, c.want, bandRow("old_after_full_mb", c.log, c.model).Verdict, "log %v, model %v", c.log, c.model)
	}
}

// G1's note names both edens, and says young GCs per second cannot match
// when the model's eden is more than ×1.5 off the log's either way.
func TestG1EdenNoteSaysWhenYoungGCsCannotMatch(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for _, c := range []struct {
		log, model float64
		cannot     bool
	}{
		{60, 20, true},  // ×0.33
		{60, 50, false}, // ×0.83
		{60, 90, false}, // ×1.5: the edge is within
		{60, 100, true}, // ×1.67
	} {
		q := quality(&Basis{Collector: "g1", EdenMB: f(c.log)}, &Model{EdenMB: f(c.model)}, 1)
		notes := strings.Join(q.Notes, " ")
		assert.Contains(t, notes, fmt.Sprintf("Here the log's eden averaged %.1f MB, the model's %.1f MB", c.log, c.model))
		assert.Equal(t, c.cannot, strings.Contains(notes, "so young GCs per second cannot match"), "log %v, model %v", c.log, c.model)
	}
}
