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
	// Equal to the call it wraps is not enough (a runFull that ran another
	// case or dropped the knobs would still match a wrong wrapper): the
	// result must be this setup's. 300 requests that each sleep 100 ms on a
	// pool of 200 threads take two rounds, and the JVM's 6 threads join the
	// pool's 200.
	if got.Case != "pool-200" || got.Seed != 3 || got.Params["requests"] != int64(300) {
		t.Errorf("runFull ran %s seed %d with %v", got.Case, got.Seed, got.Params)
	}
	if ms, _ := got.Metrics["elapsed_ms"].(float64); ms < 200 || ms > 220 {
		t.Errorf("elapsed_ms = %v, want two 100 ms rounds (200-220 ms)", got.Metrics["elapsed_ms"])
	}
	if n := got.Metrics["os_threads_peak"]; n != 206 && n != int64(206) && n != float64(206) {
		t.Errorf("os_threads_peak = %v (%T), want 206", n, n)
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
	// The verdicts, not only their number: every figure of request-load
	// passes but the one declared deviation (the peak OS threads of a thread
	// per request, whose reason verify carries).
	for _, c := range v.Checks {
		want := "pass"
		if c.Case == "platform-per-request" && c.Metric == "os_threads_peak" {
			want = "deviation"
		}
		if c.Status != want {
			t.Errorf("%s %s: status %s (article %s, model %s), want %s", c.Case, c.Metric, c.Status, c.Article, c.Model, want)
		}
		if c.Status == "deviation" && c.Reason == "" {
			t.Errorf("%s %s: a deviation without its reason", c.Case, c.Metric)
		}
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
	if !reflect.DeepEqual(c.Checks, v.Checks) || c.Summary != v.Summary {
		t.Errorf("check:\n%+v %s\nverify:\n%+v %s", c.Checks, c.Summary, v.Checks, v.Summary)
	}
	if !strings.Contains(v.Summary, "predicted") {
		t.Errorf("the verification's summary counts figures by role: %q", v.Summary)
	}
	delete(results, "pool-200")
	if _, err := check("request-load", results); err == nil || !strings.Contains(err.Error(), "pool-200") {
		t.Errorf("a missing case: err = %v", err)
	}

	// checkSome without pool-200's run: the figures that need it wait
	// (null), the others have the verdicts verify gives them.
	some, err := checkSome("request-load", results)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := scenario.Get("request-load")
	if len(some) != len(v.Checks) {
		t.Fatalf("checkSome gave %d entries for %d figures", len(some), len(v.Checks))
	}
	waiting := 0
	for i, f := range s.Figures {
		if f.Case == "pool-200" || f.Than == "pool-200" {
			waiting++
			if some[i] != nil {
				t.Errorf("figure %d needs pool-200's run, yet checkSome judged it: %+v", i, *some[i])
			}
		} else if some[i] == nil || !reflect.DeepEqual(*some[i], v.Checks[i]) {
			t.Errorf("figure %d: checkSome %+v, verify %+v", i, some[i], v.Checks[i])
		}
	}
	if waiting == 0 || waiting == len(s.Figures) {
		t.Errorf("%d of request-load's %d figures need pool-200: the test needs some that do and some that do not", waiting, len(s.Figures))
	}
	out, _ := json.Marshal(some)
	if !strings.Contains(string(out), "null") {
		t.Errorf("a figure still waiting goes to the page as null: %s", out)
	}
}
