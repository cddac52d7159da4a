package view

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/sim"
)

// The gap between two sizes is what a reader finds subtracting the two
// figures drawn (PartsSize), in either order, in MB and in GB; sizes in
// two units give their gap as it is.
func TestPartsGapIsTheDifferenceOfTheFiguresDrawn(t *testing.T) {
	mb := func(f float64) sim.Bytes { return sim.Bytes(f * float64(sim.MB)) }
	gb := func(f float64) sim.Bytes { return sim.Bytes(f * float64(sim.GB)) }
	// 302.34 and 225.88 MB are drawn 302.3 and 225.9: 76.4, though their
	// own gap, 76.46, rounds to 76.5 (as loom-carrier's did).
	a, b := mb(302.34), mb(225.88)
	assert.Equal(t, "302.3 MB", PartsSize(a))
	assert.Equal(t, "225.9 MB", PartsSize(b))
	assert.Equal(t, "76.5 MB", PartsSize(a-b), "the premise: the bare gap rounds otherwise")
	assert.Equal(t, "76.4 MB", PartsGap(a, b))
	assert.Equal(t, "76.4 MB", PartsGap(b, a), "either order")
	assert.Equal(t, "76.4 MB less", PartsGapWords(b, a))
	assert.Equal(t, "76.4 MB more", PartsGapWords(a, b))
	// The same in GB, hundredths.
	c, d := gb(2.344), gb(1.236)
	assert.Equal(t, "2.34 GB", PartsSize(c))
	assert.Equal(t, "1.24 GB", PartsSize(d))
	assert.Equal(t, "1.10 GB", PartsGap(c, d))
	// The same in KB, tenths (loom-carrier's heap: 10.04 KB less 1.06 KB
	// is drawn 10.0 less 1.1, though the gap itself is 9.0).
	kb := func(f float64) sim.Bytes { return sim.Bytes(f * float64(sim.KB)) }
	e, g := kb(10.04), kb(1.06)
	assert.Equal(t, "9.0 KB", PartsSize(e-g), "the premise: the bare gap rounds otherwise")
	assert.Equal(t, "8.9 KB", PartsGap(e, g))
	// Two units: the gap as it is.
	assert.Equal(t, PartsSize(gb(1.5)-mb(300)), PartsGap(gb(1.5), mb(300)))
	assert.Equal(t, PartsSize(mb(2)-512*sim.KB), PartsGap(mb(2), 512*sim.KB))
	// Many pairs: the gap is always the drawn figures' difference.
	for i := range 200 {
		x, y := mb(100+float64(i)*1.37), mb(50+float64(i)*0.91)
		f := func(s string) float64 { v, _ := strconv.ParseFloat(strings.TrimSuffix(s, " MB"), 64); return v }
		assert.InDelta(t, f(PartsSize(x))-f(PartsSize(y)), f(PartsGap(x, y)), 1e-9, "%v %v", x, y)
	}
}
