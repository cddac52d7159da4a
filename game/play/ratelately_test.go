package play

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// vt-pooling's opening says under each run's share stopped for GC how many
// requests a second it has done over the last second: the throughput the
// title compares, as the run goes now. Readers set the title's −34 %
// against the picture and found it contradicted, since a count over the
// clock carries the run's faster first seconds. The figures are each run's
// requests done in its last second (about: its window starts at a tenth
// of a second) over that window, and at the held moment the pooled run's
// is at least 30 % under the other's, as the title says.
func TestPoolingPairSaysRatesLately(t *testing.T) {
	p, l := poolingPageFrame(t)
	words := frameText(l)
	rates := regexp.MustCompile(`\n([0-9,]+) req/s\nin the last 1 s\n`).FindAllStringSubmatch(words, -1)
	require.Len(t, rates, 2, "each run's rate in the last second, under its share:\n%s", words)
	in := p.Inputs(nil)[0]
	require.NotNil(t, in.Contrast)
	var got [2]float64
	for i, snap := range []*sim.Snapshot{in.Snap, in.Contrast.Snap} {
		n, err := strconv.ParseFloat(strings.ReplaceAll(rates[i][1], ",", ""), 64)
		require.NoError(t, err)
		got[i] = n
		assert.GreaterOrEqual(t, snap.LatelySpan, sim.Second, "run %d: a second's window", i)
		assert.Less(t, snap.LatelySpan, 1100*sim.Millisecond, "run %d", i)
		assert.Equal(t, math.Round(float64(snap.RequestsLately)/snap.LatelySpan.Seconds()), n, "run %d", i)
	}
	t.Logf("pooled %.0f, per request %.0f req/s in the last second: %+.1f %%", got[0], got[1], 100*(got[0]/got[1]-1))
	assert.Less(t, got[0], 0.7*got[1], "the pooled run at least 30 % behind, as the title says of its steady pace")
	// The header says the gap in a percentage, after the run's count,
	// for a reader to set against the title's −34 % without dividing.
	gap := regexp.MustCompile(`\n· in the last 1 s: ([0-9]+) % fewer requests than the other run\n`).FindStringSubmatch(words)
	require.NotNil(t, gap, "the header's gap:\n%s", words)
	pct, _ := strconv.Atoi(gap[1])
	assert.InDelta(t, 100*(1-got[0]/got[1]), pct, 0.51, "the gap of the two rates drawn")
}
