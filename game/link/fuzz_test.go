package link

import (
	"reflect"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/loomlab/loomlab/sweep"
)

// The fuzz target of the link parser. `make test` runs it for a bounded
// number of inputs, `make fuzz` for longer; failing inputs land in
// testdata/fuzz/ and stay as regression seeds.

// Any query string gives a usable link or clear messages, never a panic,
// and whatever loads also builds a simulator.
func FuzzParseLink(f *testing.F) {
	for _, s := range []string{"", "scenario=vt-pooling", "?scenario=request-load&case=pool-200&pool_size=abc",
		"scenario=llm-router&controls=none&t=3&lock=all", "#scenario=loom-carrier&vus_max=0&arrival_rps=0",
		"scenario=vt-basics&threads=1e6&kind=virtual&seed=18446744073709551615", "scenario=%zz&&&=",
		"scenario=vt-pooling&compare=1g-pool,1g-nopool,4g-pool,4g-nopool",
		"scenario=vt-pooling&case=1g-pool&sweep=heap_mb:512:4096:8&sweep_side=pool=true|pool=false&sweep_metric=throughput_rps,full_gcs",
		"scenario=request-load&sweep=pool_size:1:9:3:log&sweep_side=case=pool-200|executor=virtual,requests=9&sweep_metric=elapsed_ms",
		"scenario=vt-basics&sweep=threads:1:2:64&sweep_side=|,=&sweep_metric=,",
		"?scenario=vt-pooling&case=1g-pool&heap_mb=2048&pool=true&seed=9&speed=0.01&compare=1g-nopool,1g-pool&theme=high-contrast&present=1",
		"#scenario=request-load&controls=minimal&autoplay=visible&t=2.5&loop=1&exercise=load-pool-threads&lock=executor,pool_size",
		"scenario=gc-lab&heap_mb=128&threads=1100&state=pooled&whatif=heap_mb:256,gc:g1,state:fresh,threads:500",
		"scenario=gc-lab&whatif=heap_mb:1,gc:zgc,threads,cache_max_kb:9,heap_mb:64,:", "scenario=vt-basics&whatif=heap_mb:256"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		l, errs := Parse(q)
		for _, e := range errs {
			if e == nil || e.Error() == "" || strings.Contains(e.Error(), "\n") {
				t.Fatalf("message %q is not one clear line", e)
			}
		}
		if l.Spec.Scenario == "" {
			return
		}
		sc, err := scenario.Get(l.Spec.Scenario)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := sc.NewSim(l.Spec.Case, l.Spec.Knobs, l.Spec.Seed); err != nil {
			t.Fatalf("link %q loaded knobs that do not build: %v", q, err)
		}
		// The rendered link reads back the same, all of it: scenario, case,
		// knobs, seed, compared cases, speed, the embed and classroom
		// parameters and the sweep (a Query that dropped or misspelt any one of them would
		// still give back the scenario and case).
		rendered := l.Query()
		back, errs := Parse(rendered)
		if len(errs) > 0 {
			t.Fatalf("%q rendered as %q, which reads back with errors: %v", q, rendered, errs)
		}
		if !reflect.DeepEqual(l, back) {
			t.Fatalf("round trip of %q through %q:\nparsed   %+v\nread back %+v", q, rendered, l, back)
		}
		// A sweep that loads is one `loomsim sweep` would run.
		if l.Sweep != "" {
			if _, err := sweep.Parse(l.SweepRequest()); err != nil {
				t.Fatalf("link %q loaded a sweep that does not parse: %v", q, err)
			}
		}
	})
}
