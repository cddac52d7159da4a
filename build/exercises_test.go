package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/classroom"
	"github.com/stretchr/testify/require"
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
	// No field of what the page receives may carry a grading aid, whatever
	// its case (the question text may well say "answer").
	eb, _ := json.Marshal(f.Exercises)
	var tree any
	require.NoError(t, json.Unmarshal(eb, &tree))
	for _, k := range jsonKeys(tree, nil) {
		low := strings.ToLower(k)
		for _, w := range []string{"explain", "explanation", "expect", "answer", "correct", "solution"} {
			if strings.Contains(low, w) {
				t.Errorf("scenarios.json carries %q: grading belongs to the worker", k)
			}
		}
	}
}

// jsonKeys lists every object key in a decoded JSON value, at any depth.
func jsonKeys(v any, keys []string) []string {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			keys = jsonKeys(e, append(keys, k))
		}
	case []any:
		for _, e := range x {
			keys = jsonKeys(e, keys)
		}
	}
	return keys
}
