package classroom

import "github.com/loomlab/loomlab/sim/scenario"

import "math"

// The classroom exercises, three or more per article. Each asks for a
// prediction in the project's own words, names the runs that answer it and
// explains the result after grading. Setups are small enough that grading
// takes a second or two in a browser: where an article's run is long, the
// exercise says how it is scaled down (the effect it asks about survives
// the scaling; the tests check that for every variant).

var (
	inf    = math.Inf(1)
	negInf = math.Inf(-1)
)

// compareChoices are the three answers to "how does A compare with B?",
// measured as A / B with a band of ±margin counted as "about the same".
func compareChoices(more, same, fewer string, margin float64) []ExerciseChoice {
	return []ExerciseChoice{
		{ID: "more", Text: more, Min: 1 + margin, Max: inf},
		{ID: "same", Text: same, Min: 1 - margin, Max: 1 + margin},
		{ID: "fewer", Text: fewer, Min: negInf, Max: 1 - margin},
	}
}

// The vt-pooling article's server at a quarter of its size: 2 cores
// instead of 8, 2,500 connections and pooled threads instead of 10,000,
// and heaps a quarter as large, run for 5 s of warm-up and 5 s measured.
var quarterPooling = [][2]string{{"cores", "2"}, {"connections", "2500"}, {"pool_size", "2500"},
	{"warmup_s", "5"}, {"measure_s", "5"}}

var _ = registerExercise(&Exercise{
	ID:       "pooling-small-heap",
	Scenario: "vt-pooling",
	Title:    "Pooling on a tight heap",
	Question: "The article's server at a quarter of its size: {cores} cores, {connections} connections, each " +
		"request blocking on a 30 ms backend call, and a heap of only {heap_mb} MB. Run A keeps {pool_size} " +
		"virtual threads in a pool and reuses them; run B starts a fresh virtual thread for every request. " +
		"How will the pooled run's throughput compare with B's?",
	Kind: Choice,
	Choices: compareChoices("Higher: reuse saves work, so it serves at least 5 % more",
		"About the same (within 5 %)", "Lower: it serves at least 5 % fewer requests per second", 0.05),
	Runs: []ExerciseRun{{Label: "pooled", Case: "1g-pool"}, {Label: "a thread per request", Case: "1g-nopool"}},
	Set:  quarterPooling,
	Variants: []Variant{
		{Set: [][2]string{{"heap_mb", "256"}}, Expect: "fewer"},
		{Set: [][2]string{{"heap_mb", "240"}}, Expect: "fewer"},
		{Set: [][2]string{{"heap_mb", "280"}}, Expect: "fewer"},
	},
	Measure: Measure{Metric: "throughput_rps", Op: "ratio", Text: "throughput of the pooled run ÷ throughput with a thread per request"},
	Explain: "Pooled: {a.throughput_rps}, with {a.full_gcs} Full GCs beside {a.young_gcs} young collections; " +
		"a thread per request: {b.throughput_rps}, with {b.full_gcs} Full GCs. The pooled threads live for the " +
		"whole run, so everything they keep — their per-thread caches, their last request's data, their " +
		"StackChunks — survives young collections and is promoted. On a small heap that fills the old " +
		"generation, and once a chunk is old it can no longer be written in place: each freeze allocates a " +
		"new chunk and the old one becomes garbage in the old generation. Young collections keep ending in " +
		"Full GCs, and the pauses ({a.gc_pause_total_ms} in total) eat the time the pool was meant to save. A " +
		"fresh thread's data dies young, so run B mostly pays for cheap young collections.",
	Lock: []string{"heap_mb", "pool"},
})

var _ = registerExercise(&Exercise{
	ID:       "pooling-big-heap",
	Scenario: "vt-pooling",
	Title:    "Pooling with room to spare",
	Question: "The same quarter-size server ({cores} cores, {connections} connections, a 30 ms backend call), " +
		"now with a roomy {heap_mb} MB heap. Run A reuses {pool_size} pooled virtual threads; run B starts a " +
		"fresh virtual thread per request. How will the pooled run's throughput compare with B's?",
	Kind: Choice,
	Choices: compareChoices("Higher by at least 5 %", "About the same (within 5 %)",
		"Lower by at least 5 %", 0.05),
	Runs: []ExerciseRun{{Label: "pooled", Case: "4g-pool"}, {Label: "a thread per request", Case: "4g-nopool"}},
	Set:  quarterPooling,
	Variants: []Variant{
		{Set: [][2]string{{"heap_mb", "1024"}}, Expect: "more"},
		{Set: [][2]string{{"heap_mb", "768"}}, Expect: "more"},
		{Set: [][2]string{{"heap_mb", "1536"}}, Expect: "more"},
	},
	Measure: Measure{Metric: "throughput_rps", Op: "ratio", Text: "throughput of the pooled run ÷ throughput with a thread per request"},
	Explain: "Pooled: {a.throughput_rps}; a thread per request: {b.throughput_rps}. With the whole working set " +
		"fitting in the old generation and survivors, garbage collection costs both runs little " +
		"({a.full_gcs} and {b.full_gcs} Full GCs), and the CPU decides. A fresh virtual thread costs each " +
		"request its own setup: the Thread object, a new thread-local map and the first-use work that a pooled " +
		"thread has already done. That is the gain the article measured on 4 GB — and the reason the " +
		"same pool is a loss on a small heap (see the tight-heap exercise).",
	Lock: []string{"heap_mb", "pool"},
})

var _ = registerExercise(&Exercise{
	ID:       "pooling-full-gcs",
	Scenario: "vt-pooling",
	Title:    "Counting Full GCs",
	Question: "The quarter-size server with a {heap_mb} MB heap, pool = {pool} and reuse_fix = {reuse_fix}, run " +
		"for {warmup_s} s of warm-up and {measure_s} s measured. How many Full GCs will the whole run have?",
	Kind: Choice,
	Choices: []ExerciseChoice{
		{ID: "few", Text: "None or a few (at most 5)", Min: negInf, Max: 5.5},
		{ID: "some", Text: "Some (6 to 20)", Min: 5.5, Max: 20.5},
		{ID: "many", Text: "Many (more than 20): several every second", Min: 20.5, Max: inf},
	},
	Runs: []ExerciseRun{{Label: "the run", Case: "1g-nopool"}},
	Set:  append(append([][2]string{}, quarterPooling...), [2]string{"heap_mb", "256"}),
	Variants: []Variant{
		{Set: [][2]string{{"pool", "true"}}, Expect: "many"},
		{Set: [][2]string{{"pool", "false"}}, Expect: "few"},
		{Set: [][2]string{{"pool", "true"}, {"reuse_fix", "true"}}, Expect: "many"},
	},
	Measure: Measure{Metric: "full_gcs", Text: "Full GCs in the run"},
	Explain: "The model ran {a.full_gcs} Full GCs ({a.young_gcs} young collections, {a.gc_pause_total_ms} of " +
		"pauses in all). A Full GC comes when the old generation cannot promise room for what the next young " +
		"collection may promote. Fresh threads leave little behind: their data and chunks die young, and the " +
		"old generation grows slowly. Pooled threads keep caches and chunks alive for the whole run; on this " +
		"heap they fill the old generation, so young collections keep being followed by Full GCs. The " +
		"reuse fix only lets promoted chunks be reused; it does not shrink what the pool keeps alive.",
	Lock: []string{"heap_mb", "pool", "reuse_fix"},
})

var _ = registerExercise(&Exercise{
	ID:       "pooling-chunk-capacity",
	Scenario: "vt-pooling",
	Title:    "How big is a StackChunk?",
	Question: "At steady state, with the hot path compiled by C2, a request's freeze copies about 286 words of " +
		"frames. In the quarter-size server with pool = {pool} and reuse_fix = {reuse_fix}, what will the " +
		"median capacity of the StackChunks be, in words?",
	Kind:     Number,
	Unit:     "words",
	Tol:      scenario.Tolerance{Rel: 0.15},
	Runs:     []ExerciseRun{{Label: "the run", Case: "1g-nopool"}},
	Set:      append(append([][2]string{}, quarterPooling...), [2]string{"heap_mb", "256"}),
	Variants: []Variant{{Set: [][2]string{{"pool", "true"}, {"reuse_fix", "true"}}}, {Set: [][2]string{{"pool", "true"}}}, {Set: [][2]string{{"pool", "false"}}}},
	Measure:  Measure{Metric: "stackchunk_capacity_words_p50", Text: "median StackChunk capacity (frames + 2 metadata words)"},
	Explain: "The model's median chunk held {model} (frozen frames at the median: {a.stackchunk_frozen_words_p50}). " +
		"A chunk's capacity is fixed when it is allocated: exactly the frames frozen then, plus 2 words. A " +
		"fresh thread's first chunk is born at its first freeze, with whatever frames the code has at that " +
		"moment — C2-sized once the path is hot. Pooled threads froze for the first time during warm-up, " +
		"while the code was still C1-compiled and its frames four times larger. Without the fix, a promoted " +
		"chunk is abandoned at the next freeze and a new, C2-sized one replaces it; with the reuse fix the " +
		"old C1-sized chunk is reused forever, which is why the article saw 1,149-word chunks holding " +
		"286 words.",
	Lock: []string{"pool", "reuse_fix"},
})

var _ = registerExercise(&Exercise{
	ID:       "basics-platform-memory",
	Scenario: "vt-basics",
	Title:    "Memory of sleeping platform threads",
	Question: "A main thread starts {threads} platform threads with -Xss {xss_kb} KB, and each one sleeps. " +
		"How much memory (MB) will the threads take at the peak? The article measured about 19.2 GB for " +
		"10,000 threads at -Xss 1 MB.",
	Kind:     Number,
	Unit:     "MB",
	Tol:      scenario.Tolerance{Rel: 0.15},
	Runs:     []ExerciseRun{{Label: "the run", Case: "memory-platform"}},
	Set:      [][2]string{{"sleep_s", "1"}},
	Variants: []Variant{{Set: [][2]string{{"threads", "5000"}, {"xss_kb", "512"}}}, {Set: [][2]string{{"threads", "2000"}, {"xss_kb", "1024"}}}, {Set: [][2]string{{"threads", "4000"}, {"xss_kb", "2048"}}}, {Set: [][2]string{{"threads", "10000"}, {"xss_kb", "256"}}}},
	Measure:  Measure{Metric: "memory_mb", Text: "peak memory of the threads"},
	Explain: "The model counted {model}. A platform thread is an OS thread: it reserves its whole -Xss stack " +
		"when it starts, and the JVM and the C library add other per-thread memory (about 0.92 MB each in " +
		"this article's measurement: 19.2 GB ÷ 10,000 threads − 1 MB of stack). So the total is roughly " +
		"threads × (-Xss + 0.92 MB), whether the threads do anything or just sleep.",
	Lock: []string{"threads", "xss_kb", "kind"},
})

var _ = registerExercise(&Exercise{
	ID:       "basics-virtual-memory",
	Scenario: "vt-basics",
	Title:    "Memory of sleeping virtual threads",
	Question: "Now {threads} virtual threads, each sleeping. How much memory (MB) will they take? The article " +
		"measured about 7.8 MB for 10,000.",
	Kind:     Number,
	Unit:     "MB",
	Decimals: 1,
	Tol:      scenario.Tolerance{Rel: 0.2, Abs: 0.3},
	Runs:     []ExerciseRun{{Label: "the run", Case: "memory-virtual"}},
	Set:      [][2]string{{"sleep_s", "1"}},
	Variants: []Variant{{Set: [][2]string{{"threads", "20000"}}}, {Set: [][2]string{{"threads", "5000"}}}, {Set: [][2]string{{"threads", "50000"}}}},
	Measure:  Measure{Metric: "memory_mb", Text: "peak memory of the threads"},
	Explain: "The model counted {model}: under a kilobyte per thread. A parked virtual thread is two small heap " +
		"objects (the Thread and its continuation, ~256 bytes) plus a StackChunk holding only the frames it " +
		"had when it parked — a few dozen words here. No OS thread and no reserved stack: the carriers, a few " +
		"platform threads, are shared by all of them.",
	Lock: []string{"threads", "kind"},
})

var _ = registerExercise(&Exercise{
	ID:       "basics-start-time",
	Scenario: "vt-basics",
	Title:    "Starting threads that print",
	Question: "Main starts {threads} {kind} threads, and each prints one line to System.out. How long (ms) " +
		"until the last line is written? For 10,000 threads the article measured ~346 ms with platform " +
		"threads and ~84 ms with virtual ones.",
	Kind:     Number,
	Unit:     "ms",
	Tol:      scenario.Tolerance{Rel: 0.2},
	Runs:     []ExerciseRun{{Label: "the run", Case: "create-virtual"}},
	Variants: []Variant{{Set: [][2]string{{"kind", "platform"}, {"threads", "5000"}}}, {Set: [][2]string{{"kind", "virtual"}, {"threads", "20000"}}}, {Set: [][2]string{{"kind", "platform"}, {"threads", "20000"}}}, {Set: [][2]string{{"kind", "virtual"}, {"threads", "5000"}}}},
	Measure:  Measure{Metric: "elapsed_ms", Text: "time until the last line is written"},
	Explain: "The model took {model}. Both costs grow linearly with the number of threads. A platform " +
		"thread costs main about 35 µs to create (an OS thread), a virtual one about 8 µs (the article's " +
		"84 ms over 10,000, first use of the scheduler included). Printing a line takes System.out's lock " +
		"for a few microseconds, less than main needs to start the next thread, so both runs are bound by " +
		"main's loop and the last line follows the last start closely.",
	Lock: []string{"threads", "kind"},
})

var _ = registerExercise(&Exercise{
	ID:       "basics-println-pin",
	Scenario: "vt-basics",
	Title:    "Does println pin?",
	Question: "{threads} virtual threads each print a line; System.out is guarded by a monitor, so many of them " +
		"find it taken and wait. On JDK {jdk}, will threads that block on that monitor pin their carriers?",
	Kind: Choice,
	Choices: []ExerciseChoice{
		{ID: "yes", Text: "Yes: a virtual thread blocked on a monitor holds its carrier", Min: 0.5, Max: inf},
		{ID: "no", Text: "No: it unmounts and the carrier runs other threads", Min: negInf, Max: 0.5},
	},
	Runs:     []ExerciseRun{{Label: "the run", Case: "create-virtual"}},
	Set:      [][2]string{{"threads", "2000"}},
	Variants: []Variant{{Set: [][2]string{{"jdk", "21"}}, Expect: "yes"}, {Set: [][2]string{{"jdk", "25"}}, Expect: "no"}},
	Measure:  Measure{Metric: "pinned_parks", Text: "parks that pinned a carrier"},
	Explain: "The model counted {a.pinned_parks} pinned parks. Up to JDK 23, a virtual thread that blocks on a " +
		"monitor (entering synchronized, or waiting inside it) cannot unmount: it stays on its carrier and " +
		"the carrier waits with it. JDK 24 (JEP 491) lets it unmount like any other park, so on JDK 25 the " +
		"carriers stay free while threads queue for System.out.",
	Lock: []string{"jdk"},
})

var _ = registerExercise(&Exercise{
	ID:       "carrier-rss",
	Scenario: "loom-carrier",
	Title:    "What loom-carrier saves",
	Question: "A reactive server on {cores} cores with the default {event_loops} client and {workers} server " +
		"event loops, no container limit. Run A runs the loops as platform threads; run B turns on " +
		"loom-carrier, which runs them as virtual threads on {cores} carriers. How many MB of RSS will run B " +
		"save compared with A?",
	Kind:     Number,
	Unit:     "MB",
	Tol:      scenario.Tolerance{Rel: 0.25, Abs: 8},
	Runs:     []ExerciseRun{{Label: "platform event loops", Case: "unlimited-platform"}, {Label: "loom-carrier", Case: "unlimited-vthreads"}},
	Set:      [][2]string{{"duration_s", "20"}},
	Variants: []Variant{{Set: [][2]string{{"cores", "8"}, {"event_loops", "16"}, {"workers", "16"}}}, {Set: [][2]string{{"cores", "4"}, {"event_loops", "8"}, {"workers", "8"}}}, {Set: [][2]string{{"cores", "12"}, {"event_loops", "24"}, {"workers", "24"}}}},
	Measure:  Measure{Metric: "rss_mb", Op: "diff", Text: "RSS with platform loops − RSS with loom-carrier"},
	Explain: "Platform loops: {a.rss_mb}; loom-carrier: {b.rss_mb}; saved {model}. Each platform event loop is " +
		"an OS thread with its own touched stack, malloc arena and per-thread buffers (about 3.2 MB each in " +
		"this article's numbers). With loom-carrier the {event_loops} + {workers} loops become virtual " +
		"threads on {cores} carriers, so the machine has fewer OS threads; the loops' frames live in small " +
		"StackChunks on the heap instead.",
	Lock: []string{"loom_carrier", "event_loops", "workers", "cores"},
})

var _ = registerExercise(&Exercise{
	ID:       "carrier-throughput",
	Scenario: "loom-carrier",
	Title:    "Does loom-carrier serve more?",
	Question: "The same reactive server ({cores} cores, a 500 req/s stream plus up to {vus_max} users). Run A " +
		"uses platform event loops, run B loom-carrier. How will B's completed requests compare with A's?",
	Kind: Choice,
	Choices: compareChoices("More: virtual threads add throughput (at least 2 % more)", "About the same (within 2 %)",
		"Fewer (at least 2 % fewer)", 0.02),
	Runs:     []ExerciseRun{{Label: "loom-carrier", Case: "unlimited-vthreads"}, {Label: "platform event loops", Case: "unlimited-platform"}},
	Set:      [][2]string{{"duration_s", "20"}},
	Variants: []Variant{{Set: [][2]string{{"cores", "8"}}, Expect: "same"}, {Set: [][2]string{{"cores", "4"}, {"event_loops", "8"}, {"workers", "8"}}, Expect: "same"}},
	Measure:  Measure{Metric: "requests_completed", Op: "ratio", Text: "requests completed with loom-carrier ÷ with platform loops"},
	Explain: "loom-carrier completed {a.requests_completed} requests, platform loops {b.requests_completed}. " +
		"The load is an arrival rate and a set of users, not a race to the limit, and a reactive server " +
		"never blocks a thread: nothing waits for a thread that virtual threads could free. Both serve " +
		"what arrives, at the same latency ({a.latency_mean_ms} vs {b.latency_mean_ms} mean). What changes is " +
		"where the loops live, which shows in memory, not in throughput.",
	Lock: []string{"loom_carrier"},
})

var _ = registerExercise(&Exercise{
	ID:       "carrier-os-threads",
	Scenario: "loom-carrier",
	Title:    "Counting OS threads in a container",
	Question: "In the 256 MB container the JVM runs 66 threads of its own (GC, JIT, timers and the framework's). " +
		"With {event_loops} client and {workers} server event loops and loom_carrier = {loom_carrier}, on " +
		"{cores} cores, how many OS threads will the JVM show at its peak?",
	Kind:     Number,
	Unit:     "threads",
	Tol:      scenario.Tolerance{Abs: 2},
	Runs:     []ExerciseRun{{Label: "the run", Case: "256-platform"}},
	Set:      [][2]string{{"duration_s", "20"}},
	Variants: []Variant{{Set: [][2]string{{"event_loops", "4"}, {"workers", "4"}}}, {Set: [][2]string{{"event_loops", "8"}, {"workers", "8"}, {"loom_carrier", "true"}}}, {Set: [][2]string{{"event_loops", "6"}, {"workers", "6"}}}, {Set: [][2]string{{"event_loops", "8"}, {"workers", "8"}, {"loom_carrier", "true"}, {"cores", "4"}}}},
	Measure:  Measure{Metric: "os_threads_peak", Text: "peak OS threads (as ThreadMXBean counts them)"},
	Explain: "The model saw {model} at the peak. Platform event loops are one OS thread each, so they add " +
		"{event_loops} + {workers} to the JVM's own 66. With loom-carrier the loops are virtual threads: " +
		"however many there are, they add only the scheduler's carriers — one per core — to the count.",
	Lock: []string{"loom_carrier", "event_loops", "workers", "cores"},
})

var _ = registerExercise(&Exercise{
	ID:       "router-executor",
	Scenario: "llm-router",
	Title:    "Racing models on a thread pool",
	Question: "Each request races three LLM calls in a StructuredTaskScope and keeps the first answer; " +
		"{concurrency} requests are in flight at once, {requests} in all. Run A gives each request a virtual " +
		"thread; run B uses a pool of {b.pool_size} platform threads. How will A's throughput compare with B's?",
	Kind: Choice,
	Choices: []ExerciseChoice{
		{ID: "more", Text: "Virtual threads serve at least 1.5× as many requests per second", Min: 1.5, Max: inf},
		{ID: "same", Text: "About the same (between 0.67× and 1.5×)", Min: 1 / 1.5, Max: 1.5},
		{ID: "fewer", Text: "The platform pool serves at least 1.5× as many", Min: negInf, Max: 1 / 1.5},
	},
	Runs: []ExerciseRun{{Label: "virtual threads", Case: "virtual"}, {Label: "platform pool", Case: "platform"}},
	Variants: []Variant{
		{Set: [][2]string{{"pool_size", "200"}}, Expect: "more"},
		{Set: [][2]string{{"pool_size", "150"}}, Expect: "more"},
		{Set: [][2]string{{"pool_size", "2000"}, {"concurrency", "1000"}}, Expect: "same"},
	},
	Measure: Measure{Metric: "throughput_rps", Op: "ratio", Text: "throughput with virtual threads ÷ with the platform pool"},
	Explain: "Virtual threads: {a.throughput_rps}; the pool of {b.pool_size}: {b.throughput_rps}. The work is " +
		"almost all waiting for the models. On the pool, a request holds one pool thread for its whole race, so " +
		"at most {b.pool_size} races run at once and the other requests queue for a thread: throughput is " +
		"the pool size ÷ the time a race takes. With a virtual thread per request every request in flight " +
		"races at once. When the pool is larger than the number of requests in flight, it has nothing to " +
		"queue and the two come out alike.",
	Lock: []string{"executor", "pool_size", "concurrency"},
})

var _ = registerExercise(&Exercise{
	ID:       "router-pool-throughput",
	Scenario: "llm-router",
	Title:    "Little's law for a thread pool",
	Question: "The router on a pool of {pool_size} platform threads, {concurrency} requests in flight. Each " +
		"request holds its thread for the whole race — about 130 ms on average with these models. How many " +
		"requests per second will it serve?",
	Kind:     Number,
	Unit:     "req/s",
	Tol:      scenario.Tolerance{Rel: 0.2},
	Runs:     []ExerciseRun{{Label: "platform pool", Case: "platform"}},
	Variants: []Variant{{Set: [][2]string{{"pool_size", "200"}}}, {Set: [][2]string{{"pool_size", "100"}}}, {Set: [][2]string{{"pool_size", "300"}}}},
	Measure:  Measure{Metric: "throughput_rps", Text: "requests per second"},
	Explain: "The model served {model}. Little's law: requests in service = throughput × time in service. The " +
		"pool caps requests in service at {pool_size}, each for roughly 130 ms, so throughput ≈ {pool_size} ÷ " +
		"0.13 s; the rest queue. Connection setup and the first races' slower models bend the number a little.",
	Lock: []string{"executor", "pool_size"},
})

var _ = registerExercise(&Exercise{
	ID:       "router-haiku-wins",
	Scenario: "llm-router",
	Title:    "Who wins the race?",
	Question: "Three models race for every request: Haiku's latency has a median of {haiku_median_ms} ms, " +
		"Sonnet's {sonnet_median_ms} ms and Opus's {opus_median_ms} ms, each with a wide spread. What share of " +
		"the races (%) will Haiku win?",
	Kind:     Number,
	Unit:     "%",
	Tol:      scenario.Tolerance{Abs: 8},
	Runs:     []ExerciseRun{{Label: "virtual threads", Case: "virtual"}},
	Set:      [][2]string{{"requests", "4000"}},
	Variants: []Variant{{Set: [][2]string{{"haiku_median_ms", "90"}}}, {Set: [][2]string{{"haiku_median_ms", "300"}}}, {Set: [][2]string{{"haiku_median_ms", "500"}}}},
	Measure:  Measure{Metric: "win_rate_haiku", Text: "races won by Haiku"},
	Explain: "Haiku won {model} of the races. The first answer wins, so what matters is how often Haiku's " +
		"latency, drawn from its spread, comes in below both others'. With a median far below Sonnet's it " +
		"wins almost always — the consistency the router learns from and then stops racing. As its median " +
		"nears Sonnet's, its slow tail loses more and more races.",
	Lock: []string{"haiku_median_ms", "sonnet_median_ms", "opus_median_ms", "haiku_sigma"},
})

var _ = registerExercise(&Exercise{
	ID:       "load-pool-threads",
	Scenario: "request-load",
	Title:    "OS threads of a fixed pool",
	Question: "{requests} requests, each sleeping {sleep_ms} ms, run on Executors.newFixedThreadPool({pool_size}). " +
		"How many live OS threads will ThreadMXBean report at the peak? (The lesson's JVM had 6 threads of its own.)",
	Kind:     Number,
	Unit:     "threads",
	Tol:      scenario.Tolerance{Abs: 2},
	Runs:     []ExerciseRun{{Label: "the pool", Case: "pool-200"}},
	Set:      [][2]string{{"requests", "1000"}},
	Variants: []Variant{{Set: [][2]string{{"pool_size", "200"}}}, {Set: [][2]string{{"pool_size", "50"}}}, {Set: [][2]string{{"pool_size", "400"}}}, {Set: [][2]string{{"pool_size", "2000"}}}},
	Measure:  Measure{Metric: "os_threads_peak", Text: "peak live OS threads"},
	Explain: "The model saw {model}. A fixed pool starts a thread for each task it is given until it has " +
		"{pool_size}, then queues the rest; its threads never exit. So the peak is the pool size plus the " +
		"JVM's 6 — unless there are fewer requests than pool threads, in which case only as many threads " +
		"as requests are ever started.",
	Lock: []string{"pool_size", "requests", "executor"},
})

var _ = registerExercise(&Exercise{
	ID:       "load-pool-elapsed",
	Scenario: "request-load",
	Title:    "How long does the pool take?",
	Question: "{requests} requests, each sleeping {sleep_ms} ms, on a fixed pool of {pool_size} platform threads. " +
		"How long (ms) until all of them are done?",
	Kind:     Number,
	Unit:     "ms",
	Tol:      scenario.Tolerance{Rel: 0.1},
	Runs:     []ExerciseRun{{Label: "the pool", Case: "pool-200"}},
	Variants: []Variant{{Set: [][2]string{{"requests", "1000"}, {"pool_size", "200"}}}, {Set: [][2]string{{"requests", "10000"}, {"pool_size", "200"}}}, {Set: [][2]string{{"requests", "3000"}, {"pool_size", "100"}, {"sleep_ms", "50"}}}, {Set: [][2]string{{"requests", "2000"}, {"pool_size", "500"}}}},
	Measure:  Measure{Metric: "elapsed_ms", Text: "time until the last request is done"},
	Explain: "The model took {model}. Only {pool_size} requests can sleep at once, so the requests go through " +
		"in rounds: {requests} ÷ {pool_size} rounds of {sleep_ms} ms each, plus a little for starting the " +
		"pool's threads. Virtual threads would sleep all at once and finish in about one round.",
	Lock: []string{"pool_size", "requests", "sleep_ms", "executor"},
})

var _ = registerExercise(&Exercise{
	ID:       "load-pinned-carriers",
	Scenario: "request-load",
	Title:    "Sleeping inside synchronized",
	Question: "{requests} virtual threads each sleep {sleep_ms} ms inside a synchronized block, on JDK {jdk}, " +
		"on a machine with {cores} cores. On average over the run, how many carriers are busy?",
	Kind:     Number,
	Unit:     "carriers",
	Decimals: 1,
	Tol:      scenario.Tolerance{Abs: 1},
	Runs:     []ExerciseRun{{Label: "the run", Case: "virtual-per-request"}},
	Set:      [][2]string{{"pin", "true"}, {"requests", "600"}},
	Variants: []Variant{{Set: [][2]string{{"cores", "12"}, {"jdk", "21"}}}, {Set: [][2]string{{"cores", "4"}, {"jdk", "21"}}}, {Set: [][2]string{{"cores", "8"}, {"jdk", "25"}}}, {Set: [][2]string{{"cores", "8"}, {"jdk", "21"}}}},
	Measure:  Measure{Metric: "carrier_utilization", Times: "cores", Text: "carrier utilisation × carriers (one per core)"},
	Explain: "The model's carriers were busy {a.carrier_utilization} of the time: {model} on average, and the " +
		"run took {a.elapsed_ms}. On JDK 21 a virtual thread that sleeps while holding a monitor is pinned: it " +
		"cannot unmount, so its carrier sleeps with it. With one carrier per core, only {cores} requests sleep " +
		"at a time and every carrier is busy doing nothing. JDK 24 and later (JEP 491) let it unmount, so the " +
		"carriers are almost never busy and all the requests sleep at once.",
	Lock: []string{"pin", "jdk", "cores"},
})

var _ = registerExercise(&Exercise{
	ID:       "load-cpu-bound",
	Scenario: "request-load",
	Title:    "When the work is CPU",
	Question: "The lesson's practice question: replace each request's sleep by {cpu_ms} ms of CPU work. " +
		"{requests} requests on {cores} cores; run A uses a virtual thread per request, run B the pool of " +
		"{b.pool_size}. How will A's elapsed time compare with B's?",
	Kind: Choice,
	Choices: []ExerciseChoice{
		{ID: "faster", Text: "Virtual threads finish in under 2/3 of the pool's time", Min: negInf, Max: 2.0 / 3},
		{ID: "same", Text: "About the same (within a third either way)", Min: 2.0 / 3, Max: 1.5},
		{ID: "slower", Text: "Virtual threads take at least 1.5× as long", Min: 1.5, Max: inf},
	},
	Runs:     []ExerciseRun{{Label: "virtual threads", Case: "virtual-per-request"}, {Label: "pool of 200", Case: "pool-200"}},
	Set:      [][2]string{{"work", "cpu"}},
	Variants: []Variant{{Set: [][2]string{{"requests", "600"}, {"cpu_ms", "100"}, {"cores", "4"}}, Expect: "same"}, {Set: [][2]string{{"requests", "1200"}, {"cpu_ms", "50"}, {"cores", "12"}}, Expect: "same"}},
	Measure:  Measure{Metric: "elapsed_ms", Op: "ratio", Text: "elapsed time with virtual threads ÷ with the pool"},
	Explain: "Virtual threads: {a.elapsed_ms}; the pool: {b.elapsed_ms}. CPU work needs a core, and there " +
		"are {cores}: either way the total work is {requests} × {cpu_ms} ms shared by {cores} cores. Virtual " +
		"threads help when threads wait, because a waiting virtual thread gives its carrier back; a thread " +
		"that computes keeps its core busy whatever kind of thread it is.",
	Lock: []string{"work", "executor"},
})
