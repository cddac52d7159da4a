package scenario

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// BenchmarkFullRun runs whole article cases natively and reports virtual
// seconds per wall second (the playground's budget is ≥ 20 for
// vt-pooling/4g-pool) and events per second.
func BenchmarkFullRun(b *testing.B) {
	for _, ref := range []string{"vt-pooling/4g-pool", "vt-pooling/1g-pool", "vt-pooling/1g-nopool", "loom-carrier/unlimited-vthreads", "llm-router/virtual", "request-load/platform-per-request"} {
		b.Run(ref, func(b *testing.B) {
			sc, c, err := ParseRef(ref)
			if err != nil {
				b.Fatal(err)
			}
			var simTime sim.Duration
			var events int64
			for i := 0; i < b.N; i++ {
				sm, _, err := sc.NewSim(c, nil, 1)
				if err != nil {
					b.Fatal(err)
				}
				sm.RunToEnd()
				simTime += sim.Duration(sm.Now())
				events += sm.EventsProcessed()
			}
			wall := b.Elapsed().Seconds()
			b.ReportMetric(simTime.Seconds()/wall, "virtual-s/wall-s")
			b.ReportMetric(float64(events)/wall, "events/s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(events), "ns/event")
		})
	}
}
