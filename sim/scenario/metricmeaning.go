package scenario

// metricMeanings says in a line what each metric of the contract counts
// and over which part of a run. A reader of a sweep's chart asked whether
// full_gcs was a total or a rate; the page's charts and metric boxes,
// `loomsim params` and `loomsim help metrics` print these lines.
var metricMeanings = map[string]metricMeaning{
	"throughput_rps":                {what: "requests completed per second", windowed: true},
	"requests_completed":            {what: "requests completed", windowed: true},
	"latency_mean_ms":               {what: "mean time from a request's arrival to its response", windowed: true},
	"latency_p50_ms":                {what: "median request latency", windowed: true},
	"latency_p95_ms":                {what: "95th-percentile request latency", windowed: true},
	"latency_p99_ms":                {what: "99th-percentile request latency", windowed: true},
	"elapsed_ms":                    {what: "a batch's time from its first submission to its last completion", windowed: false},
	"loop_ms":                       {what: "the main thread's time in its submission loop, from the batch's start to its last submission", windowed: false},
	"os_threads_peak":               {what: "most OS (platform and carrier) threads alive at once", windowed: false},
	"java_threads_peak":             {what: "most platform threads plus most virtual threads alive, each at its own peak", windowed: false},
	"young_gcs":                     {what: "young collections in the whole run, warm-up included", windowed: false, noWarmup: "young collections in the whole run"},
	"full_gcs":                      {what: "Full GCs in the whole run, warm-up included: a count, not a rate", windowed: false, noWarmup: "Full GCs in the whole run: a count, not a rate"},
	"gc_pauses":                     {what: "stop-the-world GC pauses in the whole run", windowed: false},
	"gc_pause_total_ms":             {what: "time the application stood still in GC pauses, over the whole run", windowed: false},
	"old_capacity_mb":               {what: "the old generation's size", windowed: false},
	"old_live_after_full_gc_mb":     {what: "data still live in the old generation after a Full GC, the mean over the run's Full GCs", windowed: false},
	"old_live_breakdown_mb":         {what: "what the old generation held after the last Full GC: StackChunks, thread-local data, application data, other", windowed: false},
	"stackchunk_alloc_bytes":        {what: "bytes of StackChunk objects allocated in the whole run (frozen virtual-thread stacks)", windowed: false},
	"stackchunk_capacity_words_p50": {what: "median size of the StackChunk a park froze into, in 8-byte words (steady state)", windowed: false},
	"stackchunk_frozen_words_p50":   {what: "median stack words a park froze (steady state)", windowed: false},
	"memory_mb":                     {what: "peak memory held for the workload's threads: platform threads' stacks, thread objects, StackChunks and thread-local data", windowed: false},
	"rss_mb":                        {what: "the process's peak resident memory", windowed: false},
	"carrier_utilization":           {what: "share of the run the carrier threads had a virtual thread mounted", windowed: false},
	"pinned_parks":                  {what: "parks of a virtual thread pinned to its carrier (a native frame or a monitor held)", windowed: false},
	"win_rate_haiku":                {what: "percentage of the router's races that Haiku, its first model, won", windowed: false},
	"races_before_single_model":     {what: "races the router ran before it sent requests to one model only", windowed: false},
	"cost_savings_pct":              {what: "the router's cost below sending every request to the baseline model, in percent", windowed: false},
	"requests":                      {what: "requests completed (requests_completed, as the Java twin names it)", windowed: true},
	"gc_time_pct":                   {what: "share of the whole run spent in GC pauses, in percent", windowed: false},
	"full_gcs_by_cause":             {what: "the run's Full GCs by the cause HotSpot logs", windowed: false},
	"alloc_stalls_after_sleep_pct":  {what: "percentage of requests whose first allocation after their sleep waited over a millisecond for the heap", windowed: false},
	"alloc_stall_after_sleep_ms":    {what: "mean wait of those slow first allocations after a sleep", windowed: false},
	"alloc_stalls_other_pct":        {what: "percentage of requests whose other allocations waited over a millisecond", windowed: false},
	"alloc_stalled_threads":         {what: "threads waiting on an allocation at any moment, on average over the run", windowed: false},
	"step_ms":                       {what: "each request step's time, timed as the Java twin times it", windowed: false},
}

// metricMeaning is what a metric counts; windowed says it is counted over
// the measurement window, whose extent depends on the scenario.
type metricMeaning struct {
	what     string
	windowed bool
	// noWarmup, when set, is what in a scenario without a warm-up (what
	// names the warm-up).
	noWarmup string
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
// which is then the window, and with no mention of a warm-up. A sweep's
// chart of request-load said "in the measurement window" of a scenario
// that has none.
func (s *Scenario) MetricMeaning(m string) string {
	mm := metricMeanings[m]
	if _, ok := s.Knob("warmup_s"); ok {
		return mm.text("in the measurement window")
	}
	if mm.noWarmup != "" {
		mm.what = mm.noWarmup
	}
	return mm.text("over the whole run")
}
