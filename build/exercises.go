package main

import (
	"github.com/loomlab/loomlab/classroom"
)

// The classroom's exercises, in scenarios.json beside the scenarios: what
// the page shows before anything runs (the question of every variant, the
// choices, the runs to simulate). The explanation and the grading stay in
// Go: the worker grades (classroom.Exercise.Grade) on the runs' results.

type metaExercise struct {
	ID       string       `json:"id"`
	Scenario string       `json:"scenario"`
	Title    string       `json:"title"`
	Kind     string       `json:"kind"` // choice or number
	Choices  []metaChoice `json:"choices"`
	Unit     string       `json:"unit,omitempty"`
	Decimals int          `json:"decimals"`
	// Tolerance says how close a number must be ("±15%", "±2").
	Tolerance string `json:"tolerance,omitempty"`
	// Measure says what the model's answer is.
	Measure string `json:"measure"`
	// Lock lists the knobs a teacher link locks by default.
	Lock []string `json:"lock"`
	// Variants: an attempt with seed s is variant s mod len(variants), its
	// runs simulated with seed s.
	Variants []metaVariant `json:"variants"`
}

type metaChoice struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

type metaVariant struct {
	Question string    `json:"question"`
	Runs     []metaRun `json:"runs"`
}

type metaRun struct {
	Label string `json:"label"`
	Case  string `json:"case"`
	// Knobs are the exercise's values over the case's (as load() takes them).
	Knobs map[string]string `json:"knobs"`
	// Effective is every knob's value in the run.
	Effective map[string]string `json:"effective"`
}

func exerciseMeta() ([]metaExercise, error) {
	out := []metaExercise{}
	for _, e := range classroom.Exercises() {
		m := metaExercise{ID: e.ID, Scenario: e.Scenario, Title: e.Title, Kind: e.Kind.String(), Choices: []metaChoice{},
			Unit: e.Unit, Decimals: e.Decimals, Measure: e.Measure.Text, Lock: nonNil(e.Lock), Variants: []metaVariant{}}
		if e.Kind == classroom.Number {
			m.Tolerance = e.Tol.String()
		}
		for _, c := range e.Choices {
			m.Choices = append(m.Choices, metaChoice{ID: c.ID, Text: c.Text})
		}
		for v := 0; v < max(1, len(e.Variants)); v++ {
			st, err := e.Setup(uint64(v))
			if err != nil {
				return nil, err
			}
			mv := metaVariant{Question: st.Question, Runs: []metaRun{}}
			for i, r := range st.Runs {
				mv.Runs = append(mv.Runs, metaRun{Label: st.Labels[i], Case: r.Case, Knobs: r.Knobs, Effective: st.Knobs[i]})
			}
			m.Variants = append(m.Variants, mv)
		}
		out = append(out, m)
	}
	return out, nil
}
