package sweep

import (
	"fmt"
	"reflect"

	"github.com/loomlab/loomlab/sim/scenario"
)

// Result is a finished sweep: its setup, its points, and for every side
// each metric at every point beside the full result of every run (what
// `loomsim run --json` prints for it).
type Result struct {
	Scenario string            `json:"scenario"`
	Case     string            `json:"case"`
	Knob     Range             `json:"knob"`
	Set      map[string]string `json:"set"`
	Seed     uint64            `json:"seed"`
	// Points are the knob's values, as numbers of its type.
	Points  []any        `json:"points"`
	Sides   []Side       `json:"sides"`
	Metrics []string     `json:"metrics"`
	Results []SideResult `json:"results"`
	// Findings say in words what each metric's chart shows, once every run
	// has ended (findings.go); absent while runs are still to come.
	Findings map[string]string `json:"findings,omitempty"`
	// NoRandomDraws says every run has ended and none drew anything at
	// random (scenario.Result.DrewAtRandom): another seed gives this
	// sweep. A reader of a sweep of one seed asked whether its few percent
	// were luck. DrewAtRandom says a run that has ended drew: another seed
	// can move its lines. (Neither: runs are still to come, and none of
	// those ended drew.)
	NoRandomDraws bool `json:"no_random_draws"`
	DrewAtRandom  bool `json:"drew_at_random"`
}

// SideResult is one side's line on every chart.
type SideResult struct {
	Side string `json:"side"`
	// Values holds, per metric, its value at each point (null where the
	// run did not report it).
	Values map[string][]*float64 `json:"values"`
	// Outcomes say how each run ended ("completed", an OutOfMemoryError).
	Outcomes []string           `json:"outcomes"`
	Runs     []*scenario.Result `json:"runs"`
	// Alike says every point ran alike once all have ended (as many
	// events, equal metrics): the knob changed nothing the side's runs
	// read, and its flat line is no finding (request-load's virtual
	// threads and pool_size). The table and the page's key say so.
	Alike bool `json:"alike"`
}

// stoppedEarly says whether a run's outcome is an early stop (an
// OutOfMemoryError), not "completed" nor "" (a run not ended yet), as the
// page's sweeplines.ts stoppedEarly does.
func stoppedEarly(outcome string) bool { return outcome != "" && outcome != "completed" }

// Collect assembles a sweep's result from its runs' results, given in the
// order of st.Runs().
func Collect(st *Setup, results []*scenario.Result) (*Result, error) {
	return collect(st, results, false)
}

// CollectSome assembles what the runs that have ended show: results are in
// the order of st.Runs(), nil for a run still to come, whose values stay
// null and whose outcome stays "". (The page draws a sweep's lines as its
// runs end.) Each value is the one Collect gives once every run has ended.
func CollectSome(st *Setup, results []*scenario.Result) (*Result, error) {
	return collect(st, results, true)
}

func collect(st *Setup, results []*scenario.Result, some bool) (*Result, error) {
	runs := st.Runs()
	if len(results) != len(runs) {
		return nil, fmt.Errorf("sweep: %d results for %d runs", len(results), len(runs))
	}
	p := st.Knob.Points()
	out := &Result{Scenario: st.Scenario, Case: st.Case, Knob: st.Knob, Set: st.Set, Seed: st.Seed,
		Points: make([]any, len(p)), Sides: st.Sides, Metrics: st.Metrics, Results: make([]SideResult, len(st.Sides))}
	for i, x := range p {
		out.Points[i] = st.Knob.Value(x)
	}
	for j, sd := range st.Sides {
		sr := SideResult{Side: sd.Label, Values: map[string][]*float64{}, Outcomes: make([]string, len(p)),
			Runs: make([]*scenario.Result, len(p))}
		for _, m := range st.Metrics {
			sr.Values[m] = make([]*float64, len(p))
		}
		out.Results[j] = sr
	}
	for i, r := range results {
		run := runs[i]
		if r == nil && some {
			continue
		}
		if r == nil {
			return nil, fmt.Errorf("sweep: no result for %s=%s on side %s", st.Knob.Knob, st.Knob.Text(p[run.Point]), st.Sides[run.Side].Label)
		}
		if r.Scenario != st.Scenario || r.Case != run.Spec.Case || r.Seed != st.Seed {
			return nil, fmt.Errorf("sweep: result %d is of %s/%s seed %d, not of %s/%s seed %d",
				i, r.Scenario, r.Case, r.Seed, st.Scenario, run.Spec.Case, st.Seed)
		}
		sr := &out.Results[run.Side]
		sr.Runs[run.Point] = r
		sr.Outcomes[run.Point] = r.Outcome
		for _, m := range st.Metrics {
			if v, ok := r.MetricValue(m); ok {
				sr.Values[m][run.Point] = &v
			}
		}
	}
	out.NoRandomDraws = true
	for j := range out.Results {
		out.Results[j].Alike = sameRunEverywhere(out.Results[j].Runs)
		for _, run := range out.Results[j].Runs {
			out.NoRandomDraws = out.NoRandomDraws && run != nil && !run.DrewAtRandom
			out.DrewAtRandom = out.DrewAtRandom || run != nil && run.DrewAtRandom
		}
	}
	out.Findings = out.describe()
	return out, nil
}

// sameRunEverywhere reports whether runs, one per point, all ended and ran
// alike: as many events and equal metrics.
func sameRunEverywhere(runs []*scenario.Result) bool {
	if len(runs) < 2 {
		return false
	}
	for _, run := range runs {
		if run == nil || run.Events != runs[0].Events || !reflect.DeepEqual(run.Metrics, runs[0].Metrics) {
			return false
		}
	}
	return true
}
