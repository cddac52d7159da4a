package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/classroom"
)

// scenarios.json carries every exercise with the question of each variant
// and its runs, and nothing that would give the answer away.
func TestExerciseMeta(t *testing.T) {
	f := readMeta(t)
	if len(f.Exercises) != len(classroom.Exercises()) {
		t.Fatalf("%d exercises in scenarios.json, %d in package classroom", len(f.Exercises), len(classroom.Exercises()))
	}
	for _, e := range f.Exercises {
		if len(e.Variants) == 0 || e.Title == "" || e.Measure == "" || (e.Kind != "choice" && e.Kind != "number") {
			t.Errorf("%s: incomplete: %+v", e.ID, e)
		}
		if (e.Kind == "choice") != (len(e.Choices) > 0) {
			t.Errorf("%s: choices %v for a %s exercise", e.ID, e.Choices, e.Kind)
		}
		for _, v := range e.Variants {
			if v.Question == "" || strings.Contains(v.Question, "{") || len(v.Runs) == 0 {
				t.Errorf("%s: variant %+v", e.ID, v)
			}
			for _, r := range v.Runs {
				if r.Case == "" || len(r.Effective) == 0 {
					t.Errorf("%s: run %+v", e.ID, r)
				}
			}
		}
	}
	eb, _ := json.Marshal(f.Exercises)
	if strings.Contains(string(eb), "xplanation") || strings.Contains(string(eb), "expect") {
		t.Error("scenarios.json carries explanations or expected answers: grading belongs to the worker")
	}
}
