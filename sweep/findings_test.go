package sweep

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sweepOf builds a finished sweep of heap_mb over points, one side per
// values (nil: a run that stopped early, its value left out).
func sweepOf(spacing string, points []float64, sides map[string][]*float64, order ...string) *Result {
	r := &Result{Knob: Range{Knob: "heap_mb", Unit: "MB", Spacing: spacing}, Metrics: []string{"m"}}
	for _, p := range points {
		r.Points = append(r.Points, p)
	}
	for _, side := range order {
		sr := SideResult{Side: side, Values: map[string][]*float64{"m": sides[side]}}
		for _, v := range sides[side] {
			o := "completed"
			if v == nil {
				o = "java.lang.OutOfMemoryError: Java heap space"
			}
			sr.Outcomes = append(sr.Outcomes, o)
		}
		r.Results = append(r.Results, sr)
	}
	return r
}

func vals(v ...float64) []*float64 {
	out := make([]*float64, len(v))
	for i := range v {
		out[i] = &v[i]
	}
	return out
}

var eight = []float64{512, 1024, 1536, 2048, 2560, 3072, 3584, 4096}

// Each shape of one line gets its own words, with the values read from the
// line (not from the code's own formatting of them).
func TestFindingNamesTheShapeOfOneLine(t *testing.T) {
	for _, c := range []struct {
		name   string
		values []*float64
		want   string
	}{
		{"the same everywhere", vals(5, 5, 5, 5, 5, 5, 5, 5), "m is 5 at every point."},
		{"level within a percent", vals(1000, 1004, 998, 1001, 1000, 1003, 999, 1002), "m stays level at 998–1,004 from heap_mb 512 MB to 4,096 MB."},
		{"a straight rise", vals(100, 200, 300, 400, 500, 600, 700, 800), "m rises from 100 at heap_mb 512 MB to 800 at 4,096 MB, steadily (about +195 for each 1,000 MB)."},
		{"a straight fall", vals(800, 700, 600, 500, 400, 300, 200, 100), "m falls from 800 at heap_mb 512 MB to 100 at 4,096 MB, steadily (about −195 for each 1,000 MB)."},
		{"a fall with a cliff", vals(400, 390, 60, 55, 50, 48, 47, 46), "m falls from 400 at heap_mb 512 MB to 46 at 4,096 MB, mostly (93 %) in one step, from 1,024 to 1,536 MB."},
		{"a rise that slows", vals(10, 50, 75, 88, 94, 97, 99, 100), "m rises from 10 at heap_mb 512 MB to 100 at 4,096 MB, fast at first (87 % of the rise by 2,048 MB), then slowly."},
		{"a rise that starts slowly", vals(0, 1, 3, 6, 12, 30, 60, 100), "m rises from 0 at heap_mb 512 MB to 100 at 4,096 MB, slowly at first (94 % of the rise comes after 2,048 MB)."},
		{"a peak", vals(10, 40, 80, 90, 70, 50, 30, 20), "m rises from 10 at heap_mb 512 MB to a peak of 90 at 2,048 MB, then falls to 20 at 4,096 MB."},
		{"a low", vals(90, 40, 20, 10, 30, 50, 70, 80), "m falls from 90 at heap_mb 512 MB to a low of 10 at 2,048 MB, then rises to 80 at 4,096 MB."},
		{"up and down", vals(10, 90, 10, 90, 10, 90, 10, 90), "m goes up and down, between 10 at heap_mb 512 MB and 90 at 1,024 MB."},
		{"small steps against a rise are noise", vals(100, 200, 199, 300, 400, 500, 600, 700), "m rises from 100 at heap_mb 512 MB to 700 at 4,096 MB, steadily (about +167 for each 1,000 MB)."},
		{"two points have no shape", vals(1.5, 12345.678)[:2], "m rises from 1.5 at heap_mb 512 MB to 12,346 at 1,024 MB."},
	} {
		t.Run(c.name, func(t *testing.T) {
			points := eight[:len(c.values)]
			r := sweepOf(Linear, points, map[string][]*float64{"s": c.values}, "s")
			require.Equal(t, map[string]string{"m": c.want}, r.describe())
		})
	}
}

// Half the range being a power of ten gives that power as the step.
func TestFindingsRateStepIsExact(t *testing.T) {
	r := sweepOf(Linear, []float64{512, 1512, 2512}, map[string][]*float64{"s": vals(0, 500, 1000)}, "s")
	require.Equal(t, "m rises from 0 at heap_mb 512 MB to 1,000 at 2,512 MB, steadily (about +500 for each 1,000 MB).", r.describe()["m"])
}

// A log axis puts its middle at the geometric mean: a line that gets half
// its rise by 2,048 MB of 512..8,192 rises steadily on that chart.
func TestFindingReadsTheChartsScale(t *testing.T) {
	points := []float64{512, 1024, 2048, 4096, 8192}
	line := map[string][]*float64{"s": vals(0, 25, 50, 75, 100)}
	require.Contains(t, sweepOf(Log, points, line, "s").describe()["m"], ", steadily.")
	require.Contains(t, sweepOf(Linear, points, line, "s").describe()["m"], ", fast at first (75 % of the rise by 4,096 MB), then slowly.",
		"on a linear axis 4,096 is the last point before the middle, with three quarters of the rise: a line that slows: %s", sweepOf(Linear, points, line, "s").describe()["m"])
}

// Two sides: which is higher, by how much, and where they cross.
func TestFindingComparesTheSides(t *testing.T) {
	four := eight[:4]
	t.Run("one above everywhere", func(t *testing.T) {
		r := sweepOf(Linear, four, map[string][]*float64{"pool=true": vals(110, 220, 330, 440), "pool=false": vals(100, 200, 250, 400)}, "pool=true", "pool=false")
		require.Equal(t, "m: pool=true is higher than pool=false at every point (by 10–32 %). "+
			"pool=true rises from 110 at heap_mb 512 MB to 440 at 2,048 MB, steadily (about +21.5 for each 100 MB); pool=false rises from 100 at heap_mb 512 MB to 400 at 2,048 MB, steadily (about +19.5 for each 100 MB).",
			r.describe()["m"])
	})
	t.Run("no margin over a 0", func(t *testing.T) {
		// Full GCs falling to none: "times as high as 0" says nothing.
		r := sweepOf(Linear, four, map[string][]*float64{"a": vals(50, 30, 10, 10), "b": vals(20, 10, 0, 0)}, "a", "b")
		require.True(t, strings.HasPrefix(r.describe()["m"], "m: a is higher than b at every point. "), r.describe()["m"])
	})
	t.Run("crossing", func(t *testing.T) {
		r := sweepOf(Linear, four, map[string][]*float64{"a": vals(50, 80, 120, 160), "b": vals(100, 100, 100, 100)}, "a", "b")
		require.True(t, strings.HasPrefix(r.describe()["m"], "m: b is higher at 512–1,024 MB, a at 1,536–2,048 MB; the lines cross between 1,024 and 1,536 MB. "), r.describe()["m"])
	})
	t.Run("touching", func(t *testing.T) {
		// 85,757 against 85,084 is under a percent apart, with b ahead on
		// either side: the chart draws the lines touching there, one mark,
		// not two crossings, and the words say the same.
		r := sweepOf(Linear, eight[:3], map[string][]*float64{"a": vals(79501, 85757, 86145), "b": vals(90415, 85084, 94848)}, "a", "b")
		require.True(t, strings.HasPrefix(r.describe()["m"], "m: b is higher at 512 MB, the lines tie at 1,024 MB (a ahead there by under 1 %), b is higher again at 1,536 MB. "), r.describe()["m"])
	})
	t.Run("crossing twice", func(t *testing.T) {
		r := sweepOf(Linear, eight[:3], map[string][]*float64{"a": vals(79501, 95757, 86145), "b": vals(90415, 85084, 94848)}, "a", "b")
		require.True(t, strings.HasPrefix(r.describe()["m"], "m: b is higher at 512 MB, a at 1,024 MB, b is higher again at 1,536 MB. "), r.describe()["m"])
	})
	t.Run("crossing to under a percent ahead", func(t *testing.T) {
		r := sweepOf(Linear, eight[:3], map[string][]*float64{"a": vals(45094, 87236, 87079), "b": vals(90159, 94862, 86868)}, "a", "b")
		require.True(t, strings.HasPrefix(r.describe()["m"], "m: b is higher at 512–1,024 MB, a at 1,536 MB (by under 1 %); the lines cross between 1,024 and 1,536 MB. "+
			"a rises from 45,094 at heap_mb 512 MB to 87,079 at 1,536 MB, all in one step, from 512 to 1,024 MB; "), r.describe()["m"])
	})
	t.Run("ahead by under a percent at some points", func(t *testing.T) {
		r := sweepOf(Linear, eight[:3], map[string][]*float64{"a": vals(100.3, 150, 200), "b": vals(100, 100, 100)}, "a", "b")
		require.True(t, strings.HasPrefix(r.describe()["m"], "m: a is higher than b at every point (by under 1 % to 100 %). "), r.describe()["m"])
	})
	t.Run("level", func(t *testing.T) {
		r := sweepOf(Linear, four, map[string][]*float64{"a": vals(100, 200, 300, 400), "b": vals(100.5, 200, 299, 401)}, "a", "b")
		require.True(t, strings.HasPrefix(r.describe()["m"], "m: the same on every side (within 1 %) at every point. "), r.describe()["m"])
	})
	t.Run("three sides", func(t *testing.T) {
		r := sweepOf(Linear, four, map[string][]*float64{"a": vals(1, 2, 3, 4), "b": vals(5, 5, 5, 5), "c": vals(6, 7, 8, 9)}, "a", "b", "c")
		require.True(t, strings.HasPrefix(r.describe()["m"], "m: c is highest at every point. "), r.describe()["m"])
	})
	t.Run("a side that stopped early", func(t *testing.T) {
		r := sweepOf(Linear, four, map[string][]*float64{"a": {nil, vals(80)[0], vals(120)[0], vals(160)[0]}, "b": vals(10, 20, 30, 40)}, "a", "b")
		require.Equal(t, "Out of memory: a at 512 MB (not counted in what follows). "+
			"m: a is higher than b at every point where both completed (4 times as high). "+
			"a rises from 80 at heap_mb 1,024 MB to 160 at 2,048 MB, steadily (about +7.81 for each 100 MB); b rises from 10 at heap_mb 512 MB to 40 at 2,048 MB, steadily (about +1.95 for each 100 MB).",
			r.describe()["m"])
		// Another way of stopping is named by its outcome; one side names the knob.
		r = sweepOf(Linear, four, map[string][]*float64{"s": {nil, vals(80)[0], nil, vals(160)[0]}}, "s")
		r.Results[0].Outcomes[2] = "stopped: deadlock"
		require.True(t, strings.HasPrefix(r.describe()["m"], "Stopped early: heap_mb 512 MB; heap_mb 1,536 MB (stopped: deadlock) (not counted in what follows). m rises from 80"), r.describe()["m"])
	})
}

// While a run is still to come there is no finding: half a line has no shape.
func TestNoFindingWhileRunsAreToCome(t *testing.T) {
	r := sweepOf(Linear, eight[:3], map[string][]*float64{"s": vals(1, 2, 3)}, "s")
	r.Results[0].Outcomes[1] = ""
	require.Nil(t, r.describe())
}

func TestNumberWritesAsThePageDoes(t *testing.T) {
	for f, want := range map[float64]string{86144.5: "86,145", 2.125: "2.13", 0: "0", 0.01234: "0.012", 1.005: "1", 1.5: "1.5", 12.34: "12.3", 99.96: "100", 145251.9: "145,252", 1234567: "1,234,567", -4096: "-4,096", -0.0001: "0"} {
		require.Equal(t, want, Number(f), "%v", f)
	}
}
