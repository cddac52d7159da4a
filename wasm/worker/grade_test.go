package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/classroom"
	"github.com/loomlab/loomlab/sim/scenario"
)

// The worker's grade takes the runs as the page got them from runFull.
func TestGradeFromRunFullResults(t *testing.T) {
	e, err := classroom.ExerciseByID("load-pool-threads")
	if err != nil {
		t.Fatal(err)
	}
	st, err := e.Setup(5)
	if err != nil {
		t.Fatal(err)
	}
	var results []*scenario.Result
	for _, r := range st.Runs {
		b, _ := json.Marshal(r)
		sp, err := ParseSpec(string(b))
		if err != nil {
			t.Fatal(err)
		}
		res, err := runFull(sp, nil)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	b, _ := json.Marshal(results)
	g, err := grade(e.ID, "5", string(b), "56")
	if err != nil {
		t.Fatal(err)
	}
	if !g.Correct || g.Model.Value != 56 {
		t.Errorf("a pool of 50 plus the JVM's 6: graded %+v", g)
	}
	g, err = grade(e.ID, "5", string(b), "206")
	if err != nil || g.Correct {
		t.Errorf("206 for a pool of 50: %+v, %v", g, err)
	}
	for _, bad := range [][4]string{
		{"nope", "5", string(b), "56"},
		{e.ID, "x", string(b), "56"},
		{e.ID, "5", "{", "56"},
		{e.ID, "6", string(b), "56"},
		{e.ID, "5", string(b), "lots"},
	} {
		if _, err := grade(bad[0], bad[1], bad[2], bad[3]); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("grade%q: %v", bad, err)
		}
	}
}
