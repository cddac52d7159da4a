package fit

import (
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/gclog"
)

// The fit runs the model at most four times, and stops early only once
// the model's allocation rate is within 3 % of the log's (for the three
// logs here, after one correction); its progress climbs from 0 to 1 and
// ends at 1. (Its tests of the fitted figures hold
// for many wrong loops: they never read how many runs it took or when it
// stopped.)
func TestFitStopsWhenCloseOrAfterFourRuns(t *testing.T) {
	for _, h := range []handRead{parallel128, serial64, g1Fresh} {
		name := h.file
		f, err := os.Open("../testdata/jvm-check/" + name + ".log")
		require.NoError(t, err)
		l, err := gclog.Parse(f)
		f.Close()
		require.NoError(t, err)
		var seen []float64
		r, m, err := Fit(l, func(x float64) { seen = append(seen, x) })
		require.NoError(t, err)
		runs := r.Quality.Runs
		assert.True(t, runs >= 1 && runs <= maxRuns, "%s: %d runs", name, runs)
		// One correction is enough for these logs (the page's fit costs a
		// model run a step): the first run, from the log alone, and the
		// corrected one. Not for parallel-128m-pooled-1000, whose live set
		// the model does not reach (its last Full GC comes while the caches
		// still grow: fit_test.go, TestFitReproducesParallel), so the fit
		// runs until its last.
		if name == parallel128.file {
			assert.Equal(t, maxRuns, runs, "%s: runs", name)
		} else {
			assert.LessOrEqual(t, runs, 2, "%s: runs", name)
		}
		alloc := row(t, r, "allocation rate (MB/s)")
		require.NotNil(t, alloc.Log)
		if runs < maxRuns {
			assert.LessOrEqual(t, math.Abs(m.AllocationRateMBs / *alloc.Log - 1), closeEnough+1e-9,
				"%s: stopped after %d runs with the rate %v against the log's %v", name, runs, m.AllocationRateMBs, *alloc.Log)
		}
		// The model's series is drawn on the log's clock: its first
		// sample at the log's window's start, as read by hand.
		require.NotEmpty(t, m.Series.TimeS)
		assert.InDelta(t, h.firstS, m.Series.TimeS[0]+m.Series.OffsetS, 0.001, "%s: the series' offset", name)
		require.NotEmpty(t, seen, name)
		assert.Equal(t, 1.0, seen[len(seen)-1], "%s: progress ends at 1", name)
		for i, x := range seen {
			assert.True(t, x >= 0 && x <= 1, "%s: progress %v", name, x)
			if i > 0 {
				assert.GreaterOrEqual(t, x, seen[i-1], "%s: progress goes back", name)
			}
		}
		assert.Greater(t, seen[len(seen)-2], float64(runs-1)/maxRuns-1e-9, "%s: the last run's progress is past the runs before it", name)
	}
}
