package scenario

// metricMeanings says in a line what each metric of the contract counts
// and over which part of a run. A reader of a sweep's chart asked whether
// full_gcs was a total or a rate; the page's charts and metric boxes,
// `loomsim params` and `loomsim help metrics` print these lines.
var metricMeanings = map[string]metricMeaning{
	"throughput_rps":                {"requests completed per second", true},
	"requests_completed":            {"requests completed", true},
	"latency_mean_ms":               {"mean time from a request's arrival to its response", true},
	"latency_p50_ms":                {"median request latency", true},
	"latency_p95_ms":                {"95th-percentile request latency", true},
	"latency_p99_ms":                {"99th-percentile request latency", true},
	"elapsed_ms":                    {"a batch's time from its first submission to its last completion", false},
	"loop_ms":                       {"the main thread's time in its submission loop, from the batch's start to its last submission", false},
	"os_threads_peak":               {"most OS (platform and carrier) threads alive at once", false},
	"java_threads_peak":             {"most platform threads plus most virtual threads alive, each at its own peak", false},
	"young_gcs":                     {"young collections in the whole run, warm-up included", false},
	"full_gcs":                      {"Full GCs in the whole run, warm-up included: a count, not a rate", false},
	"gc_pauses":                     {"stop-the-world GC pauses in the whole run", false},
	"gc_pause_total_ms":             {"time the application stood still in GC pauses, over the whole run", false},
	"old_capacity_mb":               {"the old generation's size", false},
	"old_live_after_full_gc_mb":     {"data still live in the old generation after a Full GC, the mean over the run's Full GCs", false},
	"old_live_breakdown_mb":         {"what the old generation held after the last Full GC: StackChunks, thread-local data, application data, other", false},
	"stackchunk_alloc_bytes":        {"bytes of StackChunk objects allocated in the whole run (frozen virtual-thread stacks)", false},
	"stackchunk_capacity_words_p50": {"median size of the StackChunk a park froze into, in 8-byte words (steady state)", false},
	"stackchunk_frozen_words_p50":   {"median stack words a park froze (steady state)", false},
	"memory_mb":                     {"peak memory held for the workload's threads: platform threads' stacks, thread objects, StackChunks and thread-local data", false},
	"rss_mb":                        {"the process's peak resident memory", false},
	"carrier_utilization":           {"share of the run the carrier threads had a virtual thread mounted", false},
	"pinned_parks":                  {"parks of a virtual thread pinned to its carrier (a native frame or a monitor held)", false},
	"win_rate_haiku":                {"percentage of the router's races that Haiku, its first model, won", false},
	"races_before_single_model":     {"races the router ran before it sent requests to one model only", false},
	"cost_savings_pct":              {"the router's cost below sending every request to the baseline model, in percent", false},
	"requests":                      {"requests completed (requests_completed, as the Java twin names it)", true},
	"gc_time_pct":                   {"share of the whole run spent in GC pauses, in percent", false},
	"full_gcs_by_cause":             {"the run's Full GCs by the cause HotSpot logs", false},
	"alloc_stalls_after_sleep_pct":  {"percentage of requests whose first allocation after their sleep waited over a millisecond for the heap", false},
	"alloc_stall_after_sleep_ms":    {"mean wait of those slow first allocations after a sleep", false},
	"alloc_stalls_other_pct":        {"percentage of requests whose other allocations waited over a millisecond", false},
	"alloc_stalled_threads":         {"threads waiting on an allocation at any moment, on average over the run", false},
	"step_ms":                       {"each request step's time, timed as the Java twin times it", false},
}

// metricMeaning is what a metric counts; windowed says it is counted over
// the measurement window, whose extent depends on the scenario.
type metricMeaning struct {
	what     string
	windowed bool
}

// MetricMeanings are the meanings in general, a windowed metric's "in the
// measurement window" (from warmup_s, for measure_s, in a scenario with a
// warm-up; the whole run otherwise): what `loomsim help metrics` prints.
var MetricMeanings = func() map[string]string {
	out := map[string]string{}
	for m, mm := range metricMeanings {
		out[m] = mm.text("in the measurement window")
	}
	return out
}()

func (mm metricMeaning) text(window string) string {
	if mm.windowed {
		return mm.what + " " + window
	}
	return mm.what
}

// MetricMeaning is what metric m counts in scenario s: over the measurement
// window where s has a warm-up (warmup_s), over the whole run otherwise,
// which is then the window. A sweep's chart of request-load said "in the
// measurement window" of a scenario that has none.
func (s *Scenario) MetricMeaning(m string) string {
	window := "over the whole run"
	if _, ok := s.Knob("warmup_s"); ok {
		window = "in the measurement window"
	}
	return metricMeanings[m].text(window)
}
