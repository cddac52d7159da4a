package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"
)

// runFull must print what `loomsim run --json` prints for the same input,
// except the wall-clock time.
func TestRunFullMatchesScenarioRun(t *testing.T) {
	sp, err := ParseSpec(`{"scenario":"request-load","case":"pool-200","knobs":{"requests":300},"seed":3}`)
	if err != nil {
		t.Fatal(err)
	}
	var fracs []float64
	got, err := runFull(sp, func(f float64) { fracs = append(fracs, f) })
	if err != nil {
		t.Fatal(err)
	}
	s, _ := scenario.Get("request-load")
	want, err := s.Run("pool-200", map[string]string{"requests": "300"}, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	got.WallSeconds, want.WallSeconds = 0, 0
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if string(gj) != string(wj) {
		t.Errorf("runFull:\n%s\nscenario.Run:\n%s", gj, wj)
	}
	if len(fracs) == 0 || fracs[len(fracs)-1] != 1 {
		t.Errorf("progress = %v, want it to end at 1", fracs)
	}
}

func TestRunFullRefusesBadKnob(t *testing.T) {
	sp, _ := ParseSpec(`{"scenario":"request-load","knobs":{"requests":0}}`)
	_, err := runFull(sp, nil)
	if err == nil || !strings.Contains(err.Error(), "knob requests") {
		t.Fatalf("err = %v, want a message naming the knob", err)
	}
	sp, _ = ParseSpec(`{"scenario":"nope"}`)
	if _, err := runFull(sp, nil); err == nil || !strings.Contains(err.Error(), "unknown scenario") {
		t.Fatalf("err = %v", err)
	}
}

func TestVerifyRequestLoad(t *testing.T) {
	var last float64
	v, err := verify("request-load", func(f float64, c string) {
		if f < last {
			t.Errorf("progress went back from %v to %v (%s)", last, f, c)
		}
		last = f
	})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := scenario.Get("request-load")
	if len(v.Checks) != len(s.Figures) {
		t.Fatalf("%d checks for %d figures", len(v.Checks), len(s.Figures))
	}
	if len(v.Results) != len(verifyCases(s)) {
		t.Errorf("results for %d cases, want %d", len(v.Results), len(verifyCases(s)))
	}
	if last != 1 {
		t.Errorf("progress ended at %v", last)
	}
}

// check on results that went through JSON (as from the page) gives the same
// verdicts as verify.
func TestCheckMatchesVerify(t *testing.T) {
	v, err := verify("request-load", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v.Results)
	var results map[string]*scenario.Result
	if err := json.Unmarshal(b, &results); err != nil {
		t.Fatal(err)
	}
	c, err := check("request-load", results)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.Checks, v.Checks) {
		t.Errorf("check:\n%+v\nverify:\n%+v", c.Checks, v.Checks)
	}
	delete(results, "pool-200")
	if _, err := check("request-load", results); err == nil || !strings.Contains(err.Error(), "pool-200") {
		t.Errorf("a missing case: err = %v", err)
	}
}
