// The mutants build tag (make mutants) leaves this external test out: the
// mutation scores count what the package's internal tests catch, not runs
// of whole scenarios.

//go:build !mutants

package sim_test

import (
	"runtime"
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// BenchmarkEngine measures the event loop in steady state: a vt-pooling
// run on 4 GB is warmed up for 2 virtual seconds (pool created, code C2
// compiled, caches full), then b.N events are processed. It reports
// nanoseconds and heap allocations per event; the hot path should not
// allocate at all once the model's slices have grown.
func BenchmarkEngine(b *testing.B) {
	for _, ref := range []string{"vt-pooling/4g-pool", "vt-pooling/4g-nopool", "llm-router/virtual"} {
		b.Run(ref, func(b *testing.B) {
			sc, c, err := scenario.ParseRef(ref)
			if err != nil {
				b.Fatal(err)
			}
			set := map[string]string{}
			if sc.ID == "vt-pooling" {
				set["warmup_s"], set["measure_s"] = "1", "599"
			} else {
				set["requests"] = "1000000"
			}
			sm, _, err := sc.NewSim(c, set, 1)
			if err != nil {
				b.Fatal(err)
			}
			sm.Advance(sim.Time(2*sim.Second), 1<<62)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := sm.EventsProcessed()
			b.ResetTimer()
			for n := 0; n < b.N; {
				done := sm.Advance(sim.Never, 4096)
				n = int(sm.EventsProcessed() - start)
				if done {
					b.Fatal("the run ended during the benchmark")
				}
			}
			b.StopTimer()
			runtime.ReadMemStats(&after)
			events := float64(sm.EventsProcessed() - start)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/events, "ns/event")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/events, "allocs/event")
			b.ReportMetric(events/b.Elapsed().Seconds(), "events/s")
		})
	}
}
