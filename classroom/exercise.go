// Package classroom holds the exercises a teacher hands out and their
// grading: each exercise asks for a prediction about one scenario
// (package sim/scenario), then grades it against the model's own runs.
// It sits above the scenarios and nothing below it imports it: the
// playground's canvas never links it (its download stays small), and
// whoever needs an exercise's scenario asks this package (the worker, the
// build's scenarios.json, from which the page resolves a link naming only
// an exercise).
package classroom

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim/scenario"
)

// Classroom exercises: a question about one scenario that asks for a
// prediction before anything runs, then runs the model and grades the
// prediction against what the model actually did. Nothing here stores an
// answer: the model's answer is computed from the runs' results every
// time (Exercise.Model), so a change to the model changes the answers,
// and the tests check that the explanations still hold.
//
// Variants: an attempt has a seed; the seed picks one of the exercise's
// variants (seed mod the number of variants) and is also the simulator's
// seed, so two students with different seeds get different numbers, and
// the same seed always gives the same question and the same answer.

// AnswerKind is what an exercise asks for. The zero value is invalid.
type AnswerKind uint8

const (
	_ AnswerKind = iota // the zero value is invalid
	// Choice: one of the exercise's choices.
	Choice
	// Number: a number, correct within the exercise's tolerance of the
	// model's value.
	Number
)

func (k AnswerKind) String() string { return [...]string{"invalid", "choice", "number"}[k] }

// Exercise is one classroom question.
type Exercise struct {
	ID       string
	Scenario string
	// Title names the exercise in lists.
	Title string
	// Question asks for the prediction. {knob} is replaced by run A's
	// effective value of that knob, {b.knob} by run B's.
	Question string
	Kind     AnswerKind
	// Choices (Kind Choice): the model's choice is the one whose
	// [Min, Max) holds the measured value.
	Choices []ExerciseChoice
	// Unit and Decimals format a Number answer; Tol is how close a
	// prediction must be to the model's value (relative to the model's).
	Unit     string
	Decimals int
	Tol      scenario.Tolerance
	// Runs are the simulations the model answers with: one, or two that
	// are compared (A and B). Set applies to every run, then the variant's
	// values, then the run's own.
	Runs     []ExerciseRun
	Set      [][2]string
	Variants []Variant
	Measure  Measure
	// Explain is shown after grading: why the model did what it did, in
	// the project's words. {model} is the model's answer; {a.metric} and
	// {b.metric} are the runs' metrics; {knob} and {b.knob} knob values.
	Explain string
	// Lock lists the knobs a teacher would lock so that the answer cannot
	// be looked up by turning them (the page's "teacher link" default).
	Lock []string
}

// ExerciseChoice is one option of a Choice exercise.
type ExerciseChoice struct {
	ID   string
	Text string
	Min  float64 // inclusive; math.Inf(-1) for no bound
	Max  float64 // exclusive; math.Inf(1) for no bound
}

// ExerciseRun is one simulation of an exercise.
type ExerciseRun struct {
	Label string // what the run is, in a few words ("pooled", "a thread per request")
	Case  string
	Set   [][2]string
}

// Variant is one randomised version of an exercise.
type Variant struct {
	Set [][2]string
	// Expect is the choice the explanation is written for: tests check
	// that the model's answer in this variant is that choice (it is never
	// used to grade).
	Expect string
}

// Measure says how the model's answer is computed from the runs.
type Measure struct {
	Metric string
	// Op combines run A's metric with run B's: "" (A alone), "ratio"
	// (A / B) or "diff" (A − B).
	Op string
	// Times multiplies by a knob of run A (e.g. carrier utilisation ×
	// cores = busy carriers).
	Times string
	// Text says in words what is measured (shown with the grade).
	Text string
}

var exercises []*Exercise

func registerExercise(e *Exercise) *Exercise {
	exercises = append(exercises, e)
	return e
}

// Exercises returns every exercise, by scenario (in All's order) and then
// in the order they were defined.
func Exercises() []*Exercise {
	order := map[string]int{}
	for i, s := range scenario.All() {
		order[s.ID] = i
	}
	out := append([]*Exercise(nil), exercises...)
	sort.SliceStable(out, func(i, j int) bool { return order[out[i].Scenario] < order[out[j].Scenario] })
	return out
}

// ExerciseByID returns an exercise.
func ExerciseByID(id string) (*Exercise, error) {
	for _, e := range exercises {
		if e.ID == id {
			return e, nil
		}
	}
	ids := make([]string, 0, len(exercises))
	for _, e := range Exercises() {
		ids = append(ids, e.ID)
	}
	return nil, fmt.Errorf("unknown exercise %q: expected one of %s", id, strings.Join(ids, ", "))
}

// ExerciseSetup is one attempt's setup: the variant the seed picked, the
// question with its numbers, and the runs to simulate.
type ExerciseSetup struct {
	Exercise string          `json:"exercise"`
	Seed     uint64          `json:"seed"`
	Variant  int             `json:"variant"`
	Question string          `json:"question"`
	Runs     []scenario.Spec `json:"runs"`
	// Labels name the runs (as ExerciseRun.Label).
	Labels []string `json:"labels"`
	// Knobs are every run's effective knob values (text).
	Knobs  []map[string]string `json:"knobs"`
	values []*scenario.Values
}

// Setup returns the attempt with the given seed.
func (e *Exercise) Setup(seed uint64) (*ExerciseSetup, error) {
	sc, err := scenario.Get(e.Scenario)
	if err != nil {
		return nil, err
	}
	v := 0
	if n := len(e.Variants); n > 0 {
		v = int(seed % uint64(n))
	}
	st := &ExerciseSetup{Exercise: e.ID, Seed: seed, Variant: v}
	for _, r := range e.Runs {
		set := map[string]string{}
		for _, kv := range e.Set {
			set[kv[0]] = kv[1]
		}
		if len(e.Variants) > 0 {
			for _, kv := range e.Variants[v].Set {
				set[kv[0]] = kv[1]
			}
		}
		for _, kv := range r.Set {
			set[kv[0]] = kv[1]
		}
		vals, err := sc.Resolve(r.Case, set)
		if err != nil {
			return nil, fmt.Errorf("exercise %s: %v", e.ID, err)
		}
		if _, err := sc.Config(vals); err != nil {
			return nil, fmt.Errorf("exercise %s: %v", e.ID, err)
		}
		knobs := map[string]string{}
		for _, name := range vals.Names() {
			knobs[name] = vals.Text(name)
		}
		st.Runs = append(st.Runs, scenario.Spec{Scenario: sc.ID, Case: r.Case, Knobs: set, Seed: seed})
		st.Labels = append(st.Labels, r.Label)
		st.Knobs = append(st.Knobs, knobs)
		st.values = append(st.values, vals)
	}
	st.Question = e.fill(e.Question, st, nil)
	return st, nil
}

// Answer is a value and, for a Choice exercise, the choice it falls in.
type Answer struct {
	Value  float64 `json:"value"`
	Choice string  `json:"choice,omitempty"`
	Text   string  `json:"text"`
}

// Model computes the model's answer from the setup's runs. results must be
// the runs of st, in order (checked: scenario, case, seed and every
// effective knob value).
func (e *Exercise) Model(st *ExerciseSetup, results []*scenario.Result) (Answer, error) {
	if err := st.check(results); err != nil {
		return Answer{}, err
	}
	m := e.Measure
	a, ok := results[0].MetricValue(m.Metric)
	if !ok {
		return Answer{}, fmt.Errorf("exercise %s: run %s reports no %s", e.ID, st.Labels[0], m.Metric)
	}
	x := a
	switch m.Op {
	case "ratio", "diff":
		if len(results) < 2 {
			return Answer{}, fmt.Errorf("exercise %s: %s needs two runs", e.ID, m.Op)
		}
		b, ok := results[1].MetricValue(m.Metric)
		if !ok {
			return Answer{}, fmt.Errorf("exercise %s: run %s reports no %s", e.ID, st.Labels[1], m.Metric)
		}
		if m.Op == "diff" {
			x = a - b
		} else if b == 0 {
			x = math.Inf(1)
		} else {
			x = a / b
		}
	}
	if m.Times != "" {
		x *= st.values[0].Float(m.Times)
	}
	ans := Answer{Value: x}
	if e.Kind == Choice {
		for _, c := range e.Choices {
			if x >= c.Min && x < c.Max {
				ans.Choice, ans.Text = c.ID, c.Text
				break
			}
		}
		if ans.Choice == "" {
			return ans, fmt.Errorf("exercise %s: the model's value %v falls in no choice", e.ID, x)
		}
	} else {
		ans.Value = roundTo(x, e.Decimals)
		ans.Text = e.number(ans.Value)
	}
	return ans, nil
}

// check verifies that results are the setup's runs.
func (st *ExerciseSetup) check(results []*scenario.Result) error {
	if len(results) != len(st.Runs) {
		return fmt.Errorf("exercise %s: %d results for %d runs", st.Exercise, len(results), len(st.Runs))
	}
	for i, r := range results {
		want := st.Runs[i]
		if r == nil || r.Scenario != want.Scenario || r.Case != want.Case || r.Seed != want.Seed {
			got := "nothing"
			if r != nil {
				got = fmt.Sprintf("%s/%s seed %d", r.Scenario, r.Case, r.Seed)
			}
			return fmt.Errorf("exercise %s: run %d is %s, not the exercise's %s/%s seed %d",
				st.Exercise, i+1, got, want.Scenario, want.Case, want.Seed)
		}
		for name, v := range st.Knobs[i] {
			if got, ok := r.Params[name]; !ok || paramText(got) != v {
				return fmt.Errorf("exercise %s: run %d has %s=%v, the exercise sets %s", st.Exercise, i+1, name, got, v)
			}
		}
		if r.Outcome != "completed" {
			return fmt.Errorf("exercise %s: run %d did not complete: %s", st.Exercise, i+1, r.Outcome)
		}
	}
	return nil
}

// paramText is a parameter's value as text, whether it came from Values
// (int64, float64) or from JSON (float64).
func paramText(x any) string {
	if f, ok := x.(float64); ok && f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	return scenario.FormatValue(x)
}

// Grade is the verdict on one prediction.
type Grade struct {
	Exercise string `json:"exercise"`
	Seed     uint64 `json:"seed"`
	Variant  int    `json:"variant"`
	Kind     string `json:"kind"`
	// Answer is the prediction as given; AnswerText as the page shows it.
	Answer     string `json:"answer"`
	AnswerText string `json:"answerText"`
	Correct    bool   `json:"correct"`
	Model      Answer `json:"model"`
	// Tolerance says how close a number had to be ("" for choices).
	Tolerance   string `json:"tolerance"`
	Measure     string `json:"measure"`
	Explanation string `json:"explanation"`
	// Runs lists each run with the metrics the explanation uses.
	Runs []GradeRun `json:"runs"`
}

// GradeRun is one run in a grade.
type GradeRun struct {
	Label   string  `json:"label"`
	Case    string  `json:"case"`
	Metric  string  `json:"metric"`
	Value   float64 `json:"value"`
	Outcome string  `json:"outcome"`
}

// Grade grades a prediction (a choice ID, or a number as text) against the
// model's answer from results, the runs of the attempt with this seed.
func (e *Exercise) Grade(seed uint64, results []*scenario.Result, answer string) (*Grade, error) {
	st, err := e.Setup(seed)
	if err != nil {
		return nil, err
	}
	model, err := e.Model(st, results)
	if err != nil {
		return nil, err
	}
	g := &Grade{Exercise: e.ID, Seed: seed, Variant: st.Variant, Kind: e.Kind.String(), Answer: answer,
		Model: model, Measure: e.Measure.Text}
	switch e.Kind {
	case Choice:
		c := e.choice(answer)
		if c == nil {
			ids := make([]string, len(e.Choices))
			for i, c := range e.Choices {
				ids[i] = c.ID
			}
			return nil, fmt.Errorf("exercise %s: answer %q is not a choice: expected one of %s", e.ID, answer, strings.Join(ids, ", "))
		}
		g.AnswerText = c.Text
		g.Correct = c.ID == model.Choice
	case Number:
		x, err := ParseNumber(answer)
		if err != nil {
			return nil, fmt.Errorf("exercise %s: answer %q: %v", e.ID, answer, err)
		}
		g.AnswerText = e.number(x)
		g.Tolerance = e.Tol.String()
		g.Correct = e.Tol.OK(model.Value, x)
	default:
		return nil, fmt.Errorf("exercise %s has no answer kind", e.ID)
	}
	g.Explanation = e.fill(e.Explain, st, results)
	g.Explanation = strings.ReplaceAll(g.Explanation, "{model}", model.Text)
	for i, r := range results {
		v, _ := r.MetricValue(e.Measure.Metric)
		g.Runs = append(g.Runs, GradeRun{Label: st.Labels[i], Case: r.Case, Metric: e.Measure.Metric, Value: v, Outcome: r.Outcome})
	}
	return g, nil
}

func (e *Exercise) choice(id string) *ExerciseChoice {
	for i := range e.Choices {
		if e.Choices[i].ID == id {
			return &e.Choices[i]
		}
	}
	return nil
}

// ParseNumber reads a predicted number: digits with an optional sign,
// decimal point and exponent; thousands separators (",", "_", spaces) are
// ignored, and so is one trailing unit word or "%".
func ParseNumber(text string) (float64, error) {
	t := strings.TrimRight(strings.TrimSpace(text), "% ")
	// One trailing unit word ("words", "MB", "req/s").
	t = strings.TrimRightFunc(t, func(r rune) bool {
		return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || r == 'µ' || r == '/'
	})
	t = strings.TrimSpace(t)
	t = strings.NewReplacer(",", "", "_", "", " ", "", "\u00a0", "", "\u202f", "").Replace(t)
	if t == "" {
		return 0, errors.New("expected a number")
	}
	x, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("%q is not a number", text)
	}
	return x, nil
}

// number formats a value with the exercise's decimals and unit.
func (e *Exercise) number(x float64) string {
	s := scenario.GroupDigits(strconv.FormatFloat(roundTo(x, e.Decimals), 'f', e.Decimals, 64))
	if e.Unit != "" {
		if e.Unit == "%" {
			return s + " %"
		}
		return s + " " + e.Unit
	}
	return s
}

func roundTo(x float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	return math.Round(x*p) / p
}

// fill replaces {knob}, {b.knob}, {a.metric} and {b.metric} in text.
// Metrics need results; knob values come from the setup.
func (e *Exercise) fill(text string, st *ExerciseSetup, results []*scenario.Result) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		name := text[i+1 : i+j]
		b.WriteString(e.placeholder(name, st, results))
		text = text[i+j+1:]
	}
}

func (e *Exercise) placeholder(name string, st *ExerciseSetup, results []*scenario.Result) string {
	run := 0
	if r, rest, ok := strings.Cut(name, "."); ok && (r == "a" || r == "b") {
		if r == "b" {
			run = 1
		}
		name = rest
	}
	if run < len(st.Knobs) {
		if v, ok := st.Knobs[run][name]; ok {
			return knobWords(v)
		}
	}
	if run < len(results) {
		if v, ok := results[run].MetricValue(name); ok {
			return scenario.MetricText(name, v)
		}
	}
	// Not ours ({model}, filled by the caller) or unknown: left as is.
	return "{" + name + "}"
}

// knobWords formats a knob value for a sentence: whole numbers get
// thousands separators.
func knobWords(v string) string {
	if f, err := strconv.ParseFloat(v, 64); err == nil && f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return scenario.GroupDigits(strconv.FormatInt(int64(f), 10))
	}
	return v
}
