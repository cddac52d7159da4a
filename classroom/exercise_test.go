package classroom

import (
	"encoding/json"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The exercises' definitions are data; these tests check that every one of
// them can be set up, run and graded, that the model's own answer is
// graded right and a wrong one wrong, and that each variant's outcome is
// the one its explanation was written for.

func TestExercisesAreWellFormed(t *testing.T) {
	perScenario := map[string]int{}
	ids := map[string]bool{}
	for _, e := range Exercises() {
		require.False(t, ids[e.ID], "duplicate exercise id %s", e.ID)
		ids[e.ID] = true
		perScenario[e.Scenario]++
		sc, err := scenario.Get(e.Scenario)
		require.NoError(t, err, e.ID)
		assert.NotEmpty(t, e.Title, e.ID)
		assert.Contains(t, sc.Metrics, e.Measure.Metric, "%s measures a metric its scenario reports", e.ID)
		assert.NotEmpty(t, e.Measure.Text, e.ID)
		require.True(t, len(e.Runs) == 1 || len(e.Runs) == 2, e.ID)
		if e.Measure.Op != "" {
			assert.Contains(t, []string{"ratio", "diff"}, e.Measure.Op, e.ID)
			assert.Len(t, e.Runs, 2, "%s compares two runs", e.ID)
		}
		for _, k := range e.Lock {
			_, ok := sc.Knob(k)
			assert.True(t, ok, "%s locks unknown knob %s", e.ID, k)
		}
		switch e.Kind {
		case Choice:
			require.GreaterOrEqual(t, len(e.Choices), 2, e.ID)
			// The bands cover the line without gaps or overlaps.
			lo := math.Inf(-1)
			covered := 0
			for range e.Choices {
				next := -1
				for j, c := range e.Choices {
					if c.Min == lo {
						next = j
					}
				}
				require.GreaterOrEqual(t, next, 0, "%s: no choice starts at %v", e.ID, lo)
				require.Less(t, e.Choices[next].Min, e.Choices[next].Max, e.ID)
				lo = e.Choices[next].Max
				covered++
			}
			assert.Equal(t, math.Inf(1), lo, "%s: the choices do not reach +∞", e.ID)
			for _, v := range e.Variants {
				assert.NotNil(t, e.choice(v.Expect), "%s: variant %v expects %q, not a choice", e.ID, v.Set, v.Expect)
			}
		case Number:
			assert.True(t, e.Tol.Abs > 0 || e.Tol.Rel > 0, "%s has a tolerance", e.ID)
			assert.NotEmpty(t, e.Unit, e.ID)
		default:
			t.Errorf("%s has no answer kind", e.ID)
		}
		n := max(1, len(e.Variants))
		questions := map[string]bool{}
		for v := 0; v < n; v++ {
			st, err := e.Setup(uint64(v))
			require.NoError(t, err, e.ID)
			assert.Equal(t, v, st.Variant)
			assert.NotContains(t, st.Question, "{", "%s: a placeholder is left in %q", e.ID, st.Question)
			questions[st.Question] = true
			again, err := e.Setup(uint64(v + n))
			require.NoError(t, err)
			assert.Equal(t, st.Question, again.Question, "the seed picks the variant")
			assert.Equal(t, st.Knobs, again.Knobs)
		}
		assert.Len(t, questions, n, "%s: every variant asks something different", e.ID)
	}
	// Every article has at least three exercises; a scenario with no
	// article figures (gc-lab, the real JVM's twin) need not have any.
	for _, s := range scenario.All() {
		if len(s.Figures) > 0 {
			assert.GreaterOrEqual(t, perScenario[s.ID], 3, "%s has at least three exercises", s.ID)
		}
	}
}

// runs simulates an attempt's runs to the end.
func runs(t *testing.T, st *ExerciseSetup) []*scenario.Result {
	t.Helper()
	var out []*scenario.Result
	for _, r := range st.Runs {
		sc, err := scenario.Get(r.Scenario)
		require.NoError(t, err)
		res, err := sc.Run(r.Case, r.Knobs, r.Seed, nil)
		require.NoError(t, err)
		out = append(out, res)
	}
	return out
}

// wrongAnswer returns an answer the grader must reject.
func wrongAnswer(e *Exercise, model Answer) string {
	if e.Kind == Choice {
		for _, c := range e.Choices {
			if c.ID != model.Choice {
				return c.ID
			}
		}
	}
	off := 3*max(e.Tol.Abs, e.Tol.Rel*math.Abs(model.Value)) + 1
	return strconv.FormatFloat(model.Value+off, 'f', -1, 64)
}

func TestExercisesGradeAgainstTheModel(t *testing.T) {
	answers := map[string]string{} // pinned in testdata/answers.golden (answers_golden_test.go)
	complete := true
	for _, e := range Exercises() {
		variants := max(1, len(e.Variants))
		n := variants
		if testing.Short() || runtime.GOARCH == "wasm" {
			n = 1 // the first variant only: the wasm tests re-run the whole sim suite under node
			complete = false
		}
		if runtime.GOARCH == "wasm" && e.Scenario == "vt-pooling" {
			continue // seconds each under node; the native run covers them
		}
		for v := 0; v < n; v++ {
			seed := uint64(v + variants) // not the variant's index: the simulator's seed changes too
			st, err := e.Setup(seed)
			require.NoError(t, err)
			results := runs(t, st)
			model, err := e.Model(st, results)
			require.NoError(t, err, e.ID)
			answers[answerKey(e.ID, st.Variant, seed)] = answerText(e.Kind, model)
			if len(e.Variants) > 0 && e.Variants[st.Variant].Expect != "" {
				assert.Equal(t, e.Variants[st.Variant].Expect, model.Choice,
					"%s variant %d: the model's answer is not the one the explanation was written for (value %v)", e.ID, st.Variant, model.Value)
			}
			own := model.Choice
			if e.Kind == Number {
				own = strconv.FormatFloat(model.Value, 'f', -1, 64)
			}
			g, err := e.Grade(seed, results, own)
			require.NoError(t, err, e.ID)
			assert.True(t, g.Correct, "%s variant %d: the model's own answer %q is graded wrong", e.ID, st.Variant, own)
			assert.NotContains(t, g.Explanation, "{", "%s: a placeholder is left in the explanation", e.ID)
			assert.NotEmpty(t, g.Runs)
			assert.Equal(t, model, g.Model)

			bad := wrongAnswer(e, model)
			g, err = e.Grade(seed, results, bad)
			require.NoError(t, err, e.ID)
			assert.False(t, g.Correct, "%s variant %d: the wrong answer %q is graded right (model %v)", e.ID, st.Variant, bad, model.Value)
			if band := max(e.Tol.Abs, e.Tol.Rel*math.Abs(model.Value)); e.Kind == Number && band > 0 {
				// The tolerance's edge, worked out here from its bands: a
				// tenth of the band inside is right, a tenth outside wrong.
				for _, c := range []struct {
					by    float64
					right bool
				}{{0.9, true}, {-0.9, true}, {1.1, false}, {-1.1, false}} {
					near := strconv.FormatFloat(model.Value+c.by*band, 'f', -1, 64)
					g, err = e.Grade(seed, results, near)
					require.NoError(t, err, e.ID)
					assert.Equal(t, c.right, g.Correct, "%s variant %d: %s against the model's %v (%s)", e.ID, st.Variant, near, model.Value, e.Tol)
				}
			}

			// The worker grades results that went through JSON.
			b, err := json.Marshal(results)
			require.NoError(t, err)
			var back []*scenario.Result
			require.NoError(t, json.Unmarshal(b, &back))
			g2, err := e.Grade(seed, back, own)
			require.NoError(t, err, e.ID)
			assert.True(t, g2.Correct, e.ID)
			assert.Equal(t, model, g2.Model, e.ID)
		}
	}
	checkAnswers(t, answers, complete)
}

func TestGradeRefusesRunsThatAreNotTheExercises(t *testing.T) {
	e, st, results := poolThreadsAttempt(t)
	_, err := e.Grade(1, results, "56")
	require.NoError(t, err)

	_, err = e.Grade(2, results, "56")
	require.Error(t, err, "a different seed is a different attempt")
	assert.Contains(t, err.Error(), "seed")

	sc, _ := scenario.Get("request-load")
	other, err := sc.Run("pool-200", map[string]string{"requests": "1000", "pool_size": "60"}, 1, nil)
	require.NoError(t, err)
	_, err = e.Grade(1, []*scenario.Result{other}, "66")
	require.Error(t, err, "a run with other knob values")
	assert.Contains(t, err.Error(), "pool_size")

	virt, err := sc.Run("virtual-per-request", st.Runs[0].Knobs, 1, nil)
	require.NoError(t, err)
	_, err = e.Grade(1, []*scenario.Result{virt}, "56")
	require.Error(t, err, "a run of another case")
	assert.Contains(t, err.Error(), "is request-load/virtual-per-request seed 1, not the exercise's request-load/pool-200", "refused for its case, not for a knob")

	_, err = e.Grade(1, nil, "56")
	require.Error(t, err)

	for _, bad := range []string{"", "many", "12 threads and more"} {
		_, err = e.Grade(1, results, bad)
		require.Error(t, err, bad)
		assert.NotContains(t, err.Error(), "\n")
	}
	c, err := ExerciseByID("load-cpu-bound")
	require.NoError(t, err)
	cs, err := c.Setup(0)
	require.NoError(t, err)
	_, err = c.Grade(0, runs(t, cs), "maybe")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "faster, same, slower")

	_, err = ExerciseByID("nope")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "load-pool-threads")
}

// poolThreadsAttempt is load-pool-threads with seed 1, set up and run.
func poolThreadsAttempt(t *testing.T) (*Exercise, *ExerciseSetup, []*scenario.Result) {
	t.Helper()
	e, err := ExerciseByID("load-pool-threads")
	require.NoError(t, err)
	st, err := e.Setup(1)
	require.NoError(t, err)
	return e, st, runs(t, st)
}

func TestParseNumber(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
	}{
		{"206", 206}, {" 1,144 ", 1144}, {"1 144 words", 1144}, {"7.5", 7.5}, {"96 %", 96}, {"96%", 96},
		{"-3", -3}, {"1e3", 1000}, {"12 carriers", 12}, {"19_200 MB", 19200}, {"0.5ms", 0.5},
	} {
		got, err := ParseNumber(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, got, c.in)
	}
	for _, bad := range []string{"", "  ", "abc", "1.2.3", "NaN", "Inf", "--1"} {
		_, err := ParseNumber(bad)
		assert.Error(t, err, bad)
	}
}

func TestExerciseText(t *testing.T) {
	e, _ := ExerciseByID("load-pool-elapsed")
	st, err := e.Setup(1)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(st.Question, "10,000 requests, each sleeping 100 ms"), st.Question)
	assert.Equal(t, "5,013 ms", e.number(5013.4))
}

// A choice's band holds its lower bound and not its upper one: a value on
// the boundary between two choices is the upper choice's. The bands are
// set here at the run's own value, so the value sits on the boundary.
func TestChoiceBandHoldsItsLowerBound(t *testing.T) {
	base, st, results := poolThreadsAttempt(t)
	v, ok := results[0].MetricValue(base.Measure.Metric)
	require.True(t, ok)
	e := *base
	e.Kind, e.Measure.Op, e.Measure.Times = Choice, "", ""
	e.Choices = []ExerciseChoice{{ID: "below", Min: math.Inf(-1), Max: v}, {ID: "from", Min: v, Max: math.Inf(1)}}
	got, err := e.Model(st, results)
	require.NoError(t, err)
	assert.Equal(t, "from", got.Choice, "the value %v on the boundary", v)
	e.Choices = []ExerciseChoice{{ID: "below", Min: math.Inf(-1), Max: v + 1}, {ID: "from", Min: v + 1, Max: math.Inf(1)}}
	got, err = e.Model(st, results)
	require.NoError(t, err)
	assert.Equal(t, "below", got.Choice, "the value %v under the boundary", v)
}

// A run that did not complete (out of memory, out of its event budget) is
// not graded: its metrics are not the exercise's answer.
func TestGradeRefusesARunThatDidNotComplete(t *testing.T) {
	e, _, results := poolThreadsAttempt(t)
	cut := *results[0]
	cut.Outcome = "event budget exhausted"
	_, err := e.Grade(1, []*scenario.Result{&cut}, "56")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "did not complete")
}

// {knob} is run A's value and {b.knob} run B's, whole numbers with
// thousands separators.
func TestPlaceholdersNameEachRunsKnob(t *testing.T) {
	e := &Exercise{ID: "two-pools", Scenario: "request-load", Runs: []ExerciseRun{
		{Label: "small", Case: "pool-200", Set: [][2]string{{"pool_size", "10"}}},
		{Label: "large", Case: "pool-200", Set: [][2]string{{"pool_size", "2000"}}}}}
	st, err := e.Setup(1)
	require.NoError(t, err)
	assert.Equal(t, "10 threads, then 2,000 threads; {model} stays", e.fill("{pool_size} threads, then {b.pool_size} threads; {model} stays", st, nil))
	assert.Equal(t, "2,000", e.fill("{a.pool_size}", &ExerciseSetup{Knobs: st.Knobs[1:]}, nil))
}
