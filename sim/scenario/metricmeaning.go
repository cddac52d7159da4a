package scenario

// MetricMeanings says in a line what each metric of the contract counts
// and over which part of a run: the measurement window (from warmup_s, for
// measure_s) or the whole run. A reader of a sweep's chart asked whether
// full_gcs was a total or a rate; the page's charts and metric boxes and
// `loomsim help metrics` print these lines.
var MetricMeanings = map[string]string{
	"throughput_rps":                "requests completed per second in the measurement window",
	"requests_completed":            "requests completed in the measurement window",
	"latency_mean_ms":               "mean time from a request's arrival to its response, over the measurement window",
	"latency_p50_ms":                "median request latency in the measurement window",
	"latency_p95_ms":                "95th-percentile request latency in the measurement window",
	"latency_p99_ms":                "99th-percentile request latency in the measurement window",
	"elapsed_ms":                    "a batch's time from its first submission to its last completion",
	"loop_ms":                       "the main thread's time in its submission loop, from the batch's start to its last submission",
	"os_threads_peak":               "most OS (platform and carrier) threads alive at once",
	"java_threads_peak":             "most platform threads plus most virtual threads alive, each at its own peak",
	"young_gcs":                     "young collections in the whole run, warm-up included",
	"full_gcs":                      "Full GCs in the whole run, warm-up included: a count, not a rate",
	"gc_pauses":                     "stop-the-world GC pauses in the whole run",
	"gc_pause_total_ms":             "time the application stood still in GC pauses, over the whole run",
	"old_capacity_mb":               "the old generation's size",
	"old_live_after_full_gc_mb":     "data still live in the old generation after a Full GC, the mean over the run's Full GCs",
	"old_live_breakdown_mb":         "what the old generation held after the last Full GC: StackChunks, thread-local data, application data, other",
	"stackchunk_alloc_bytes":        "bytes of StackChunk objects allocated in the whole run (frozen virtual-thread stacks)",
	"stackchunk_capacity_words_p50": "median size of the StackChunk a park froze into, in 8-byte words (steady state)",
	"stackchunk_frozen_words_p50":   "median stack words a park froze (steady state)",
	"memory_mb":                     "peak memory held for the workload's threads: platform threads' stacks, thread objects, StackChunks and thread-local data",
	"rss_mb":                        "the process's peak resident memory",
	"carrier_utilization":           "share of the run the carrier threads had a virtual thread mounted",
	"pinned_parks":                  "parks of a virtual thread pinned to its carrier (a native frame or a monitor held)",
	"win_rate_haiku":                "percentage of the router's races that Haiku, its first model, won",
	"races_before_single_model":     "races the router ran before it sent requests to one model only",
	"cost_savings_pct":              "the router's cost below sending every request to the baseline model, in percent",
	"requests":                      "requests completed in the measurement window (requests_completed, as the Java twin names it)",
	"gc_time_pct":                   "share of the whole run spent in GC pauses, in percent",
	"full_gcs_by_cause":             "the run's Full GCs by the cause HotSpot logs",
	"alloc_stalls_after_sleep_pct":  "percentage of requests whose first allocation after their sleep waited over a millisecond for the heap",
	"alloc_stall_after_sleep_ms":    "mean wait of those slow first allocations after a sleep",
	"alloc_stalls_other_pct":        "percentage of requests whose other allocations waited over a millisecond",
	"alloc_stalled_threads":         "threads waiting on an allocation at any moment, on average over the run",
	"step_ms":                       "each request step's time, timed as the Java twin times it",
}
