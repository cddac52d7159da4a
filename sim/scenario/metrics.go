package scenario

import (
	"math"

	"github.com/loomlab/loomlab/sim"
)

// MetricNames lists every metric of the contract, in report order.
var MetricNames = []string{
	"throughput_rps", "requests_completed", "latency_mean_ms", "latency_p50_ms", "latency_p95_ms",
	"latency_p99_ms", "elapsed_ms", "loop_ms", "os_threads_peak", "java_threads_peak", "young_gcs", "full_gcs", "gc_pauses",
	"gc_pause_total_ms", "old_capacity_mb", "old_live_after_full_gc_mb", "stackchunk_alloc_bytes",
	"stackchunk_capacity_words_p50", "stackchunk_frozen_words_p50", "memory_mb", "rss_mb",
	"carrier_utilization", "pinned_parks", "win_rate_haiku", "races_before_single_model",
	"cost_savings_pct", "requests", "gc_time_pct", "full_gcs_by_cause",
	"alloc_stalls_after_sleep_pct", "alloc_stall_after_sleep_ms", "alloc_stalls_other_pct", "alloc_stalled_threads",
	"step_ms",
}

// loopMetric is the time a batch's main thread spent in its submission
// loop, from the batch's start to its last submission (mainloop.go).
const loopMetric = "loop_ms"

// round rounds to a number of decimals; every platform computes it the same.
func round(x float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	return math.Round(x*p) / p
}

func ms(d sim.Duration) float64 { return round(float64(d)/1e6, 3) }
func mb(b sim.Bytes) float64    { return round(float64(b)/float64(sim.MB), 1) }

// allMetrics computes every contract metric from a run's raw metrics.
func allMetrics(m *sim.Metrics) map[string]any {
	out := map[string]any{
		"throughput_rps":     round(m.ThroughputRPS, 1),
		"requests_completed": m.RequestsCompleted,
		"latency_mean_ms":    ms(m.LatencyMean),
		"latency_p50_ms":     ms(m.LatencyP50),
		"latency_p95_ms":     ms(m.LatencyP95),
		"latency_p99_ms":     ms(m.LatencyP99),
		"elapsed_ms":         ms(m.Elapsed),
		"os_threads_peak":    m.OSThreadsPeak,
		// Platform and virtual threads together, each at its peak: the
		// live Java threads when both peaks coincide (long-lived threads
		// such as event loops), else an upper bound.
		"java_threads_peak": m.OSThreadsPeak + m.VirtualThreadsPeak,
		// Filled in by result from the main thread's history (mainloop.go).
		loopMetric:                      nil,
		"young_gcs":                     m.YoungGCs,
		"full_gcs":                      m.FullGCs,
		"gc_pauses":                     m.GCPauses,
		"gc_pause_total_ms":             ms(m.GCPauseTotal),
		"old_capacity_mb":               mb(m.OldCapacity),
		"old_live_after_full_gc_mb":     mb(m.OldLiveAfterFull),
		"stackchunk_alloc_bytes":        int64(m.StackChunkAllocBytes),
		"stackchunk_capacity_words_p50": int64(m.StackChunkCapacityP50),
		"stackchunk_frozen_words_p50":   int64(m.StackChunkFrozenP50),
		"memory_mb":                     mb(m.MemoryPeak),
		"rss_mb":                        mb(m.RSSPeak),
		"carrier_utilization":           round(m.CarrierUtilization, 4),
		"pinned_parks":                  m.PinnedParks,
		"races_before_single_model":     m.RacesBeforeSingle,
		"cost_savings_pct":              round(m.RouterCostSavingsPct, 2),
		// requests is requests_completed under the name the Java twin
		// (jvm/GcLab.java) prints.
		"requests":    m.RequestsCompleted,
		"gc_time_pct": gcTimePct(m),
	}
	allocStallMetrics(m, out)
	if len(m.RouterWinRates) > 0 {
		out["win_rate_haiku"] = round(100*m.RouterWinRates[0], 2)
	} else {
		out["win_rate_haiku"] = 0.0
	}
	return out
}

// gcTimePct is the share of the run's time spent in GC pauses, in percent.
func gcTimePct(m *sim.Metrics) float64 {
	if m.SimTime <= 0 {
		return 0
	}
	return round(100*float64(m.GCPauseTotal)/float64(m.SimTime), 2)
}

// metricMap returns the metrics a scenario reports. Scenarios with a heap
// story add the old generation's contents after Full GC by category.
func (s *Scenario) metricMap(m *sim.Metrics) map[string]any {
	all := allMetrics(m)
	out := make(map[string]any, len(s.Metrics)+1)
	for _, name := range s.Metrics {
		if name == "old_live_breakdown_mb" || name == "full_gcs_by_cause" || name == "step_ms" {
			continue
		}
		out[name] = all[name]
	}
	for _, name := range s.Metrics {
		if name == "full_gcs_by_cause" {
			// Keyed by the cause's name (allocation failure, ergonomics,
			// promotion failed, no room); empty without Full GCs.
			b := map[string]any{}
			for c, n := range m.FullGCsByCause {
				b[c] = n
			}
			out[name] = b
		}
		if name == "step_ms" {
			out[name] = stepMetrics(m.StepTimes)
		}
		if name == "old_live_breakdown_mb" {
			b := map[string]any{"chunks": 0.0, "thread_local": 0.0, "application": 0.0, "other": 0.0}
			if m.OldLiveByCategory != nil {
				c := m.OldLiveByCategory
				b["chunks"] = mb(c["stackchunk"])
				b["thread_local"] = mb(c["thread-local"])
				b["application"] = mb(c["app"] + c["request"])
				b["other"] = mb(c["thread"] + c["garbage"])
			}
			out[name] = b
		}
	}
	return out
}

// latencyMetrics are the metrics taken from the requests completed in the
// measurement window.
var latencyMetrics = []string{"latency_mean_ms", "latency_p50_ms", "latency_p95_ms", "latency_p99_ms"}

// unmeasured leaves out the window's metrics that a run did not measure,
// as result does loop_ms, so that a reader (verify, a sweep's chart and
// table) sees no value instead of a zero that reads as one: the
// throughput of a run that ended before its measurement window opened (an
// OutOfMemoryError in the warm-up), and the latencies of a run in which no
// request completed in the window; and the carriers' utilization of a run
// that started no carrier (platform threads only), whose "0" read as idle
// carriers. A count (requests_completed, full_gcs) stays: zero requests
// counted is what happened.
func unmeasured(metrics map[string]any, m *sim.Metrics, measureFrom sim.Time) {
	if m.Carriers == 0 {
		delete(metrics, "carrier_utilization")
	}
	if m.RequestsCompleted == 0 {
		for _, k := range latencyMetrics {
			delete(metrics, k)
		}
	}
	if sim.Time(m.SimTime) <= measureFrom {
		delete(metrics, "throughput_rps")
	}
}

// Unmeasured lists the metrics the scenario reports that r has no value
// for, in report order.
func (s *Scenario) Unmeasured(r *Result) []string {
	var out []string
	for _, name := range s.Metrics {
		if _, ok := r.Metrics[name]; !ok {
			out = append(out, name)
		}
	}
	return out
}

// MetricValue returns a numeric metric from a result.
func (r *Result) MetricValue(name string) (float64, bool) {
	switch x := r.Metrics[name].(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case int:
		return float64(x), true
	}
	return 0, false
}

// allocStallMetrics are the allocation stalls (sim.Metrics.AllocStall*) as
// the Java twin counts its slow steps: the share of requests whose first
// allocations after the sleep waited over a millisecond and their mean
// wait, the same share for the other allocation steps, and how many
// threads were stalled in an allocation at any moment (their stalls' total
// time over the run's, Little's law).
func allocStallMetrics(m *sim.Metrics, out map[string]any) {
	pct := func(n int64) float64 {
		if m.RequestsCompleted <= 0 {
			return 0
		}
		return round(100*float64(n)/float64(m.RequestsCompleted), 2)
	}
	out["alloc_stalls_after_sleep_pct"] = pct(m.AllocStallsAfterSleep)
	out["alloc_stalls_other_pct"] = pct(m.AllocStallsOther)
	after := 0.0
	if m.AllocStallsAfterSleep > 0 {
		after = ms(m.AllocStallAfterSleep / sim.Duration(m.AllocStallsAfterSleep))
	}
	out["alloc_stall_after_sleep_ms"] = after
	threads := 0.0
	if m.SimTime > 0 {
		threads = round(float64(m.AllocStallTotal)/float64(m.SimTime), 1)
	}
	out["alloc_stalled_threads"] = threads
}

// stepMetrics are the requests' step times (sim.Metrics.StepTimes) in the
// shape of the Java twin's step_ms: per step its quantiles in ms, the sum
// over every request in s, and the requests whose step took over 1 ms
// with their sum. Empty where the program does not time its steps.
func stepMetrics(steps []sim.StepTime) map[string]any {
	out := map[string]any{}
	sec := func(d sim.Duration) float64 { return round(float64(d)/1e9, 3) }
	for _, st := range steps {
		out[st.Name] = map[string]any{"p50": ms(st.P50), "p75": ms(st.P75), "p90": ms(st.P90), "p99": ms(st.P99),
			"total_s": sec(st.Total), "over_1ms": st.Over1ms, "over_1ms_total_s": sec(st.Over1msTotal)}
	}
	return out
}
