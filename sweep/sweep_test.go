package sweep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustScenario(t *testing.T, id string) *scenario.Scenario {
	t.Helper()
	s, err := scenario.Get(id)
	require.NoError(t, err)
	return s
}

func TestPointsAreExact(t *testing.T) {
	vt := mustScenario(t, "vt-pooling")
	for _, c := range []struct {
		text string
		want []float64
	}{
		{"heap_mb=512:4096:8", []float64{512, 1024, 1536, 2048, 2560, 3072, 3584, 4096}},
		{"heap_mb:512:4096:8", []float64{512, 1024, 1536, 2048, 2560, 3072, 3584, 4096}},
		{"heap_mb=512:4096:4:log", []float64{512, 1024, 2048, 4096}},
		{"heap_mb=512:4096:8:log", []float64{512, 689, 927, 1248, 1680, 2261, 3043, 4096}},
		{"pool_size=1:10:3", []float64{1, 6, 10}}, // 5.5 rounds away from zero
		{"new_ratio=1:64:2", []float64{1, 64}},
		{"backend_ms=0:1:3", []float64{0, 0.5, 1}},
		{"measure_s=0.1:0.3:3", []float64{0.1, 0.2, 0.3}},
		{"backend_ms=1:100:3:log", []float64{1, 10, 100}},
		{"backend_ms=0:10:4", []float64{0, 3.33333, 6.66667, 10}},
	} {
		r, err := ParseRange(vt, c.text)
		require.NoError(t, err, c.text)
		assert.Equal(t, c.want, r.Points(), c.text)
	}
	r, err := ParseRange(vt, "heap_mb=512:4096:8:log")
	require.NoError(t, err)
	assert.Equal(t, "heap_mb:512:4096:8:log", r.String())
	assert.Equal(t, "689", r.Text(r.Points()[1]))
	assert.Equal(t, int64(689), r.Value(689))
	back, err := ParseRange(vt, r.String())
	require.NoError(t, err)
	assert.Equal(t, r, back, "the link form reads back the same")
}

func TestRangeRefusals(t *testing.T) {
	vt := mustScenario(t, "vt-pooling")
	for _, c := range []struct{ text, want string }{
		{"hep=1:2:3", `no knob "hep"; numeric knobs are heap_mb`},
		{"pool=0:1:2", "knob pool of vt-pooling is a bool; only numeric knobs can be swept"},
		{"gc=1:2:2", "is an enum"},
		{"heap_mb=4096:512:8", "LO 4096 must be below HI 512"},
		{"heap_mb=512:512:2", "LO 512 must be below HI 512"},
		{"heap_mb=512:4096:1", `N "1" is not allowed: expected a whole number of points from 2 to 64`},
		{"heap_mb=512:4096:65", `N "65"`},
		{"heap_mb=512:4096:x", `N "x"`},
		{"heap_mb=1:4096:8", `LO "1" is not allowed: expected an integer from 64 to 65536 MB`},
		{"heap_mb=512:99999:8", `HI "99999" is not allowed`},
		{"heap_mb=512.5:4096:8", `LO "512.5"`},
		{"heap_mb=512:4096:8:cubic", `spacing "cubic" is not allowed: expected log or linear`},
		{"heap_mb=512:4096", "expected heap_mb=LO:HI:N"},
		{"heap_mb", "expected KNOB=LO:HI:N"},
		{"backend_ms=0:10:4:log", "log spacing needs LO above 0, not 0"},
		{"heap_mb=512:520:16", "16 points from 512 to 520 repeat a value (513)"},
	} {
		_, err := ParseRange(vt, c.text)
		require.Error(t, err, c.text)
		assert.Contains(t, err.Error(), c.want, c.text)
		assert.NotContains(t, err.Error(), "\n", c.text)
	}
}

func TestSetupRefusals(t *testing.T) {
	base := Request{Ref: "vt-pooling/1g-pool", Knob: "heap_mb=512:4096:8", Metrics: []string{"throughput_rps"}, Seed: 1}
	for _, c := range []struct {
		edit func(q *Request)
		want string
	}{
		{func(q *Request) { q.Ref = "nope" }, `unknown scenario "nope"`},
		{func(q *Request) { q.Ref = "vt-pooling/nope" }, `unknown case "nope"`},
		{func(q *Request) { q.Metrics = nil }, "needs at least one metric: vt-pooling reports throughput_rps"},
		{func(q *Request) { q.Metrics = []string{"nope"} }, `unknown metric "nope": vt-pooling reports`},
		{func(q *Request) { q.Metrics = []string{"old_live_breakdown_mb"} }, `unknown metric "old_live_breakdown_mb"`},
		{func(q *Request) { q.Metrics = []string{"full_gcs", "full_gcs"} }, "given twice"},
		{func(q *Request) { q.Sides = []string{"pool=maybe"} }, `knob pool="maybe" is not allowed: expected true or false`},
		{func(q *Request) { q.Sides = []string{"nokob=1"} }, `has no knob "nokob"`},
		{func(q *Request) { q.Sides = []string{"case=nope"} }, `unknown case "nope"`},
		{func(q *Request) { q.Sides = []string{"pool"} }, "expected knob=value or case=CASE"},
		{func(q *Request) { q.Sides = []string{"heap_mb=2048"} }, "sets heap_mb, the knob swept"},
		{func(q *Request) { q.Sides = []string{"pool=true", "pool=true"} }, "given twice"},
		{func(q *Request) { q.Sides = []string{"pool=true,pool=false"} }, "sets pool twice"},
		{func(q *Request) { q.Sides = []string{"gc=serial", "gc=g1", "gc=parallel", "pool=true"} }, "at most 3"},
		// A combination the simulator refuses at an end of the range (a heap
		// under its 4 MB floor) is refused before any run starts.
		{func(q *Request) { q.Ref, q.Knob, q.Metrics = "loom-carrier", "heap_mb=1:8:2", []string{"rss_mb"} }, "at heap_mb=1: loom-carrier: heap 1.0MB: must be at least 4MB"},
		{func(q *Request) { q.Set = map[string]string{"heap_mb": "1024"} }, "the knob is swept"},
		{func(q *Request) { q.Set = map[string]string{"cores": "0"} }, `cores="0" is not allowed`},
	} {
		q := base
		c.edit(&q)
		_, err := Parse(q)
		require.Error(t, err, c.want)
		assert.Contains(t, err.Error(), c.want)
		assert.NotContains(t, err.Error(), "\n")
	}
	st, err := Parse(base)
	require.NoError(t, err)
	assert.Equal(t, []Side{{Label: "1g-pool", Case: "1g-pool", Set: map[string]string{}}}, st.Sides, "no side given: the case itself")
	three := base
	three.Sides = []string{"gc=serial", "gc=g1", "gc=parallel"}
	_, err = Parse(three)
	assert.NoError(t, err, "three sides are allowed")
}

func TestRunsMergeSetSideAndPoint(t *testing.T) {
	st, err := Parse(Request{Ref: "vt-pooling/1g-pool", Knob: "heap_mb=512:1024:2", Seed: 9,
		Set: map[string]string{"cores": "4", "pool": "true"}, Sides: []string{"pool=false,gc=serial", "case=4g-nopool"},
		Metrics: []string{"full_gcs"}})
	require.NoError(t, err)
	runs := st.Runs()
	require.Len(t, runs, 4)
	assert.Equal(t, Run{Point: 0, Side: 0, Spec: scenario.Spec{Scenario: "vt-pooling", Case: "1g-pool", Seed: 9,
		Knobs: map[string]string{"cores": "4", "pool": "false", "gc": "serial", "heap_mb": "512"}}}, runs[0], "the side's values win over --set")
	assert.Equal(t, Run{Point: 1, Side: 1, Spec: scenario.Spec{Scenario: "vt-pooling", Case: "4g-nopool", Seed: 9,
		Knobs: map[string]string{"cores": "4", "pool": "true", "heap_mb": "1024"}}}, runs[3], "a case side runs that case, still at the point")
	assert.Equal(t, "pool=false,gc=serial", st.Sides[0].Label)
}

// short is a request-load sweep of a few hundred requests: eight runs of
// milliseconds each.
func short(t *testing.T) *Setup {
	t.Helper()
	st, err := Parse(Request{Ref: "request-load/pool-200", Knob: "pool_size=50:400:4", Seed: 3,
		Set: map[string]string{"requests": "400"}, Sides: []string{"executor=pool", "executor=virtual"},
		Metrics: []string{"elapsed_ms", "os_threads_peak"}})
	require.NoError(t, err)
	return st
}

func runOne(r Run) (*scenario.Result, error) {
	s, err := scenario.Get(r.Spec.Scenario)
	if err != nil {
		return nil, err
	}
	return s.Run(r.Spec.Case, r.Spec.Knobs, r.Spec.Seed, nil)
}

func TestExecuteIsTheSameWhateverTheParallelism(t *testing.T) {
	st := short(t)
	var texts []string
	for _, p := range []int{1, 3, 8} {
		calls := 0
		res, err := Execute(st, p, runOne, func(finished, total int, _ Run) {
			calls++
			assert.Equal(t, calls, finished)
			assert.Equal(t, 8, total)
		})
		require.NoError(t, err)
		assert.Equal(t, 8, calls)
		b, err := json.Marshal(res)
		require.NoError(t, err)
		texts = append(texts, string(b))
	}
	assert.Equal(t, texts[0], texts[1])
	assert.Equal(t, texts[0], texts[2])
}

func TestExecuteCollectsEachRunInItsPlace(t *testing.T) {
	st := short(t)
	res, err := Execute(st, 4, runOne, nil)
	require.NoError(t, err)
	assert.Equal(t, []any{int64(50), int64(167), int64(283), int64(400)}, res.Points)
	require.Len(t, res.Results, 2)
	pool, virt := res.Results[0], res.Results[1]
	assert.Equal(t, "executor=pool", pool.Side)
	s := mustScenario(t, "request-load")
	for i, p := range []string{"50", "167", "283", "400"} {
		// Each cell equals a run made on its own: the sweep adds nothing.
		alone, err := s.Run("pool-200", map[string]string{"requests": "400", "executor": "pool", "pool_size": p}, 3, nil)
		require.NoError(t, err)
		v, _ := alone.MetricValue("elapsed_ms")
		require.NotNil(t, pool.Values["elapsed_ms"][i])
		assert.Equal(t, v, *pool.Values["elapsed_ms"][i], "pool_size=%s", p)
		assert.Equal(t, alone, pool.Runs[i])
		assert.Equal(t, "completed", pool.Outcomes[i])
	}
	// The mechanism shows: a bigger pool finishes sooner, virtual threads
	// do not depend on the pool.
	e := pool.Values["elapsed_ms"]
	assert.Greater(t, *e[0], *e[3])
	assert.Equal(t, *virt.Values["elapsed_ms"][0], *virt.Values["elapsed_ms"][3])

	_, err = Collect(st, make([]*scenario.Result, 3))
	assert.ErrorContains(t, err, "3 results for 8 runs")
	_, err = Collect(st, make([]*scenario.Result, 8))
	assert.ErrorContains(t, err, "no result for pool_size=50 on side executor=pool")
	swapped := append([]*scenario.Result(nil), pool.Runs[0], pool.Runs[0])
	for range 6 {
		swapped = append(swapped, pool.Runs[0])
	}
	swapped[1] = &scenario.Result{Scenario: "request-load", Case: "virtual-per-request", Seed: 3}
	_, err = Collect(st, swapped)
	assert.ErrorContains(t, err, "not of request-load/pool-200 seed 3")
}

// CollectSome with some runs still to come: their cells are empty, every
// other cell is the one the whole sweep has.
func TestCollectSomeLeavesTheRunsToCome(t *testing.T) {
	st := short(t)
	whole, err := Execute(st, 4, runOne, nil)
	require.NoError(t, err)
	runs := st.Runs()
	results := make([]*scenario.Result, len(runs))
	for i, r := range runs {
		if i%3 != 1 { // every third still running
			results[i] = whole.Results[r.Side].Runs[r.Point]
		}
	}
	some, err := CollectSome(st, results)
	require.NoError(t, err)
	assert.Equal(t, whole.Points, some.Points)
	for i, r := range runs {
		got, want := some.Results[r.Side], whole.Results[r.Side]
		for _, m := range st.Metrics {
			if results[i] == nil {
				assert.Nil(t, got.Values[m][r.Point], "run %d, still to come: %s", i, m)
			} else {
				assert.Equal(t, want.Values[m][r.Point], got.Values[m][r.Point], "run %d: %s", i, m)
			}
		}
		if results[i] == nil {
			assert.Equal(t, "", got.Outcomes[r.Point], "run %d", i)
			assert.Nil(t, got.Runs[r.Point], "run %d", i)
		} else {
			assert.Equal(t, want.Outcomes[r.Point], got.Outcomes[r.Point], "run %d", i)
		}
	}
	// It still refuses a result that is not the run's.
	results[0] = &scenario.Result{Scenario: "request-load", Case: "virtual-per-request", Seed: 3}
	_, err = CollectSome(st, results)
	assert.ErrorContains(t, err, "not of request-load/pool-200 seed 3")
}

// Every run of the second side fails, each with its own error: the sweep
// returns the first in run order (point 0's), whichever finished first.
func TestExecuteReturnsTheFirstErrorInRunOrder(t *testing.T) {
	st := short(t)
	_, err := Execute(st, 4, func(r Run) (*scenario.Result, error) {
		if r.Side == 1 {
			return nil, fmt.Errorf("run at point %d failed", r.Point)
		}
		return runOne(r)
	}, nil)
	assert.EqualError(t, err, "run at point 0 failed")
}

func TestTableAndCSV(t *testing.T) {
	st := short(t)
	res, err := Execute(st, 2, runOne, nil)
	require.NoError(t, err)
	var tab, csv bytes.Buffer
	require.NoError(t, res.WriteTable(&tab))
	require.NoError(t, res.WriteCSV(&csv))
	lines := strings.Split(strings.TrimSpace(tab.String()), "\n")
	require.Len(t, lines, 11, tab.String())
	// request-load's waits are constants: no run drew at random, said so.
	assert.Equal(t, "  seed: no run drew anything at random, so another seed gives the same numbers", lines[6])
	// The virtual threads never read pool_size: a flat line, said so.
	assert.Equal(t, "  executor=virtual: every point ran the same (the same events and metrics): its runs do not use pool_size", lines[7])
	// Each metric's finding follows, in the metrics' order (findings_test.go
	// checks their words).
	assert.Equal(t, []string{"In words:", "  " + res.Findings["elapsed_ms"], "  " + res.Findings["os_threads_peak"]}, lines[8:])
	assert.True(t, strings.HasPrefix(lines[9], "  elapsed_ms: executor=pool is higher than executor=virtual at every point"), lines[9])
	assert.Contains(t, lines[0], "request-load/pool-200 seed 3: pool_size from 50 to 400 threads, 4 points (linear spacing), 2 sides: executor=pool, executor=virtual")
	assert.Equal(t, []string{"pool_size", "elapsed_ms[executor=pool]", "elapsed_ms[executor=virtual]",
		"os_threads_peak[executor=pool]", "os_threads_peak[executor=virtual]"}, strings.Fields(lines[1]))
	rows := strings.Split(strings.TrimSpace(csv.String()), "\n")
	require.Len(t, rows, 5)
	assert.Equal(t, "pool_size,elapsed_ms[executor=pool],elapsed_ms[executor=virtual],os_threads_peak[executor=pool],os_threads_peak[executor=virtual]", rows[0])
	// Each row carries its own point's values, in the sides' order; the
	// numbers are read back, not formatted by the code under test.
	for i, row := range rows[1:] {
		cells := strings.Split(row, ",")
		require.Len(t, cells, 5, row)
		assert.Equal(t, st.Knob.Text(st.Knob.Points()[i]), cells[0])
		for j, v := range []*float64{res.Results[0].Values["elapsed_ms"][i], res.Results[1].Values["elapsed_ms"][i],
			res.Results[0].Values["os_threads_peak"][i], res.Results[1].Values["os_threads_peak"][i]} {
			got, err := strconv.ParseFloat(cells[j+1], 64)
			require.NoError(t, err, row)
			assert.InDelta(t, *v, got, 0.0005, "point %d, column %d", i, j+1)
		}
		assert.Equal(t, strings.Fields(lines[2+i]), cells, "the table and the CSV carry the same cells")
	}
	assert.NotEqual(t, rows[1], rows[4], "the pooled side's points differ, so a row showing another point's values shows")
}

// A run that stopped before measuring a metric has no value for it: the
// table writes "—" and says why, and names how and when the run ended;
// the CSV leaves the cell empty. What it did count before it stopped is
// marked "*" in the table, as on the page (a newcomer took the count for a
// whole run's), and written plainly in the CSV.
func TestTableSaysWhatARunDidNotMeasure(t *testing.T) {
	st, err := Parse(Request{Ref: "vt-pooling/1g-pool", Knob: "heap_mb=64:256:3", Seed: 1, Metrics: []string{"throughput_rps", "full_gcs"},
		Set: map[string]string{"connections": "3000", "pool_size": "3000", "warmup_s": "1", "measure_s": "4"}})
	require.NoError(t, err)
	res, err := Execute(st, 2, runOne, nil)
	require.NoError(t, err)
	require.Nil(t, res.Results[0].Values["throughput_rps"][0], "64 MB stops before its 1 s warm-up ends")
	var tab, csv bytes.Buffer
	require.NoError(t, res.WriteTable(&tab))
	require.NoError(t, res.WriteCSV(&csv))
	lines := strings.Split(strings.TrimSpace(tab.String()), "\n")
	gcs := fmtNum(*res.Results[0].Values["full_gcs"][0])
	assert.Equal(t, []string{"64", "—", gcs, "*"}, strings.Fields(lines[2]), tab.String())
	for i, o := range res.Results[0].Outcomes {
		assert.Equal(t, o != "completed", strings.HasSuffix(lines[2+i], "*"), "point %d (%s) marked as a stopped run: %q", i, o, lines[2+i])
	}
	require.Equal(t, "completed", res.Results[0].Outcomes[2], "the largest heap completes")
	assert.Contains(t, tab.String(), "  * heap_mb=64 on 1g-pool: java.lang.OutOfMemoryError: Java heap space after 0.61 of its 5 s of virtual time; its numbers cover only that part")
	assert.Contains(t, tab.String(), "—: the run did not measure it")
	assert.Equal(t, "64,,"+gcs, strings.Split(strings.TrimSpace(csv.String()), "\n")[1])
}

// A sweep says no run drew at random only when every run has ended and
// none drew: one run that drew, or one still to come, and it does not.
func TestNoRandomDrawsOnlyWhenNoRunDrew(t *testing.T) {
	st := short(t)
	whole, err := Execute(st, 4, runOne, nil)
	require.NoError(t, err)
	require.True(t, whole.NoRandomDraws, "request-load's runs draw nothing at random")
	runs := st.Runs()
	results := make([]*scenario.Result, len(runs))
	for i, r := range runs {
		results[i] = whole.Results[r.Side].Runs[r.Point]
	}
	drew := *results[5]
	drew.DrewAtRandom = true
	one := append([]*scenario.Result(nil), results...)
	one[5] = &drew
	res, err := Collect(st, one)
	require.NoError(t, err)
	assert.False(t, res.NoRandomDraws, "one run drew")
	assert.True(t, res.DrewAtRandom, "one run drew")
	var tab bytes.Buffer
	require.NoError(t, res.WriteTable(&tab))
	assert.Contains(t, tab.String(), "\n  seed: runs drew at random, so another seed can give other numbers\n")
	some := append([]*scenario.Result(nil), results...)
	some[2] = nil
	res, err = CollectSome(st, some)
	require.NoError(t, err)
	assert.False(t, res.NoRandomDraws, "a run still to come may draw")
	assert.False(t, res.DrewAtRandom, "no run that ended drew")
	assert.Equal(t, "", res.SeedWords(), "nothing to say while it is not known")
}
