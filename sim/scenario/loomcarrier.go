package scenario

import "github.com/loomlab/loomlab/sim"

// loom-carrier: Micronaut's experimental mode that runs Netty event loops
// as virtual threads, on a reactive (non-blocking) stack.
var loomCarrier = &Scenario{
	ID:    "loom-carrier",
	Title: "Netty event loops as virtual threads: same throughput, 78 MB less RSS (Micronaut loom-carrier)",
	Article: "\"Loom Carrier on a Reactive Stack: 78 MB for Free\" — Micronaut 5 with Netty, R2DBC PostgreSQL " +
		"and Reactor on Java 25, under k6",
	Summary: "A fully reactive server never blocks a thread, so virtual threads cannot add throughput. What " +
		"changes with Micronaut's loom-carrier mode is where the event loops live: instead of one platform " +
		"thread per loop, each loop is a virtual thread multiplexed on the scheduler's carriers. With the " +
		"JVM's default thread counts that removes a couple of dozen platform threads and their native " +
		"memory; in a 256 MB container with the loop counts already cut to 4 + 4, doubling them as virtual " +
		"threads costs next to nothing. The loops park and unpark for every burst of work, so their frames " +
		"are frozen into StackChunks each time, which gives the collector a little more to do.",
	Knobs: []Knob{
		{Name: "loom_carrier", Kind: Bool, Default: "false", Help: "run the Netty event loops as virtual threads"},
		{Name: "container_mb", Kind: Int, Default: "0", Min: 0, Max: 1048576, Unit: "MB", Help: "container memory limit (0 = unlimited: the host's RAM)", ZeroMeans: "no container limit: the host's RAM", SweepHint: "1024:8192:5"},
		{Name: "host_mb", Kind: Int, Default: "24576", Min: 512, Max: 1048576, Unit: "MB", Help: "host RAM when the container is unlimited"},
		{Name: "heap_mb", Kind: Int, Default: "0", Min: 0, Max: 65536, Unit: "MB", Help: "-Xms = -Xmx (0 = JVM defaults: 1/64 and 1/4 of RAM)", ZeroMeans: "no heap size given: the JVM takes 1/64 of RAM for -Xms and 1/4 for -Xmx", SweepHint: "256:4096:5"},
		{Name: "xss_kb", Kind: Int, Default: "1024", Min: 64, Max: 65536, Unit: "KB", Help: "platform thread stack (-Xss)"},
		{Name: "code_cache_mb", Kind: Int, Default: "240", Min: 8, Max: 2048, Unit: "MB", Help: "-XX:ReservedCodeCacheSize"},
		{Name: "event_loops", Kind: Int, Default: "16", Min: 1, Max: 1024, Unit: "loops", Help: "HTTP client event loops (default: 2 × cores)"},
		{Name: "workers", Kind: Int, Default: "16", Min: 1, Max: 1024, Unit: "loops", Help: "server worker event loops (default: 2 × cores)"},
		{Name: "gc", Kind: Enum, Default: "g1", Options: []string{"serial", "parallel", "g1"}, Help: "collector (g1 is simplified)"},
		{Name: "cores", Kind: Int, Default: "8", Min: 1, Max: 256, Unit: "CPUs", Help: "CPUs, and so carriers"},
		{Name: "vus_max", Kind: Int, Default: "200", Min: 0, Max: 100000, Unit: "users", Help: "k6 virtual users, ramped up from 10"},
		{Name: "arrival_rps", Kind: Float, Default: "500", Min: 0, Max: 1e6, Unit: "req/s", Help: "constant-arrival-rate stream"},
		{Name: "duration_s", Kind: Float, Default: "1200", Min: 1, Max: 36000, Unit: "s", Help: "test length"},
	},
	Cases: []Case{
		{ID: "unlimited-platform", Title: "no memory limit, event loops on platform threads", Set: [][2]string{}},
		{ID: "unlimited-vthreads", Title: "no memory limit, loom-carrier", Set: [][2]string{{"loom_carrier", "true"}}},
		{ID: "256-platform", Title: "256 MB container: 8 event loops (4 client, 4 server) on platform threads",
			Set: [][2]string{{"container_mb", "256"}, {"heap_mb", "64"}, {"xss_kb", "256"}, {"code_cache_mb", "32"},
				{"gc", "serial"}, {"event_loops", "4"}, {"workers", "4"}}},
		{ID: "256-vthreads", Title: "256 MB container: 16 event loops (8 client, 8 server) as virtual threads",
			Set: [][2]string{{"container_mb", "256"}, {"heap_mb", "64"}, {"xss_kb", "256"}, {"code_cache_mb", "32"},
				{"gc", "serial"}, {"event_loops", "8"}, {"workers", "8"}, {"loom_carrier", "true"}}},
	},
	DefaultCase: "unlimited-vthreads",
	Compare:     []string{"unlimited-platform", "unlimited-vthreads"},
	Short:       [][2]string{{"duration_s", "2"}, {"vus_max", "30"}, {"arrival_rps", "200"}},
	Metrics: []string{"requests_completed", "throughput_rps", "latency_mean_ms", "latency_p50_ms", "latency_p95_ms",
		"rss_mb", "os_threads_peak", "java_threads_peak", "young_gcs", "full_gcs", "gc_pauses", "gc_pause_total_ms",
		"stackchunk_alloc_bytes", "carrier_utilization"},
	Figures: []Figure{
		{Case: "unlimited-platform", Metric: "requests_completed", Role: Calibrated, Value: 1.66e6, Tol: Tolerance{Rel: 0.15}, Text: "~1.66 M"},
		{Case: "unlimited-vthreads", Metric: "requests_completed", Role: Calibrated, Value: 1.66e6, Tol: Tolerance{Rel: 0.15}, Text: "~1.66 M"},
		{Case: "256-platform", Metric: "requests_completed", Role: Calibrated, Value: 1.66e6, Tol: Tolerance{Rel: 0.15}, Text: "~1.66 M"},
		{Case: "256-vthreads", Metric: "requests_completed", Role: Calibrated, Value: 1.66e6, Tol: Tolerance{Rel: 0.15}, Text: "~1.66 M"},
		{Case: "unlimited-platform", Metric: "latency_mean_ms", Role: Calibrated, Value: 0.246, Tol: Tolerance{Rel: 0.15}},
		{Case: "unlimited-vthreads", Metric: "latency_mean_ms", Role: Calibrated, Value: 0.227, Tol: Tolerance{Rel: 0.15}},
		{Case: "256-platform", Metric: "latency_mean_ms", Role: Calibrated, Value: 0.235, Tol: Tolerance{Rel: 0.15}},
		{Case: "256-vthreads", Metric: "latency_mean_ms", Role: Calibrated, Value: 0.245, Tol: Tolerance{Rel: 0.15}},
		{Case: "unlimited-platform", Metric: "rss_mb", Role: Calibrated, Value: 706, Tol: Tolerance{Rel: 0.15}, Text: "706 MB"},
		{Case: "unlimited-vthreads", Metric: "rss_mb", Role: Calibrated, Value: 628, Tol: Tolerance{Rel: 0.15}, Text: "628 MB"},
		{Case: "256-platform", Metric: "rss_mb", Role: Calibrated, Value: 242, Tol: Tolerance{Rel: 0.15}, Text: "242 MB"},
		{Case: "256-vthreads", Metric: "rss_mb", Role: Predicted, Value: 248, Tol: Tolerance{Rel: 0.15}, Text: "248 MB"},
		{Case: "256-platform", Metric: "os_threads_peak", Role: Calibrated, Value: 74, Tol: Tolerance{Rel: 0.15}, Text: "74 threads at most"},
		{Case: "unlimited-platform", Metric: "java_threads_peak", Role: Predicted, Value: 98, Tol: Tolerance{Rel: 0.15}, Text: "98 logical threads"},
		{Case: "unlimited-vthreads", Metric: "java_threads_peak", Role: Predicted, Value: 101, Tol: Tolerance{Rel: 0.15}, Text: "101 logical threads"},
		{Case: "unlimited-vthreads", Metric: "rss_mb", Role: Calibrated, Than: "unlimited-platform", Cmp: "<"},
		{Case: "256-vthreads", Metric: "rss_mb", Role: Predicted, Than: "256-platform", Cmp: "≈", Tol: Tolerance{Rel: 0.05}},
		{Case: "256-vthreads", Metric: "gc_pauses", Role: Predicted, Than: "256-platform", Cmp: ">",
			Deviation: "The article saw 148 more GC pauses (0.87 s) with carriers. In the model a virtual event loop " +
				"freezes into its own StackChunk in place and allocates a fresh one only after the collector has promoted " +
				"the old one, a few hundred bytes per loop per promotion: next to ~22 KB of request garbage per request " +
				"it does not move the pause count. Whatever the real loops allocate per wake-up (the article does not " +
				"say) is not modelled.", Pinned: []float64{2067, 2068}},
		{Case: "256-vthreads", Metric: "requests_completed", Role: Calibrated, Than: "256-platform", Cmp: "≈", Tol: Tolerance{Rel: 0.02}},
	},
	Profile: []Constant{
		{"JVM threads", "66", "74 platform threads at most in the 256 MB run, minus its 4 + 4 event loops (the 2 scheduled threads are counted with the JVM's)",
			[]string{"256-platform os_threads_peak"}},
		{"native memory per event-loop platform thread", "3.2 MB", "the unlimited runs differ by 78 MB; with the JVM's default 2 × 8 + 2 × 8 loops, loom-carrier replaces 32 loop threads by 8 carriers: 78 MB / 24 ≈ 3.25 MB (touched stack, malloc arena, Netty's per-thread buffer caches)",
			[]string{"unlimited-vthreads rss_mb"}},
		{"JVM and framework baseline RSS", "150 MB + the code cache in use (at most its reservation; ~48 MB used)", "fitted to the 256 MB platform run's 242 MB after its 64 MB heap, its threads and the collector's tables: metaspace, libraries, JIT and the framework's classes",
			[]string{"256-platform rss_mb"}},
		{"load", "10 → 200 users thinking 120 ms, plus 500 req/s, for 20 minutes", "the article gives the shape but not the length or think time; these give its ~1.66 M requests",
			[]string{"unlimited-platform requests_completed", "unlimited-vthreads requests_completed", "256-platform requests_completed", "256-vthreads requests_completed"}},
		{"CPU per request", "30 µs decode + 10 µs database reply + 20 µs encode", "estimate; with the ~90 µs database round trip, two loop wake-ups and loopback networking it gives the ~0.23 ms latency",
			[]string{"unlimited-platform latency_mean_ms", "unlimited-vthreads latency_mean_ms", "256-platform latency_mean_ms", "256-vthreads latency_mean_ms"}},
		{"host RAM", "24 GB", "not given; the JVM's default initial heap (1/64 of RAM, 384 MB) with the baseline gives the unlimited platform run's 706 MB",
			[]string{"unlimited-platform rss_mb"}},
		{"event-loop wake-up", "15 µs", "a loop blocked in epoll_wait on a quiet machine [est]", nil},
		gcTablesRow,
	},
	Notes: []string{
		"Without loom-carrier every event loop is a platform thread: a lane in the OS-thread panel with its stack and native memory.",
		"With loom-carrier the loops are virtual threads: each burst of work mounts a loop on a carrier and parks it again, freezing its frames into a StackChunk.",
		"Throughput is the same either way: the stack never blocks, so there is nothing for virtual threads to unblock.",
	},
	build: buildLoomCarrier,
}

func buildLoomCarrier(v *Values) (sim.Config, error) {
	j := jvmDefaults(25)
	j.BaseThreads = 66
	j.Xss = sim.Bytes(v.Int("xss_kb")) * sim.KB
	j.PlatformCreate = 50 * sim.Microsecond
	// Per platform thread the workload or scheduler starts: touched stack
	// (at most the reservation) plus native memory.
	touched := min(j.Xss, 64*sim.KB)
	j.PlatformRSS = touched + 3200*sim.KB
	// Baseline: metaspace, libraries, JIT arenas ~150 MB, plus the code
	// cache as it fills (at most its reservation, ~48 MB used here).
	j.BaselineRSS = 150*sim.MB + min(sim.Bytes(v.Int("code_cache_mb"))*sim.MB, 48*sim.MB)
	j.ThreadFrames = 14
	j.PoolFrames = 40 // NioEventLoop.run, select loop
	j.IdleFrames = 30
	ram := sim.Bytes(v.Int("host_mb")) * sim.MB
	if c := v.Int("container_mb"); c > 0 {
		ram = sim.Bytes(c) * sim.MB
	}
	maxHeap, initHeap := ram/4, ram/64 // MaxRAMPercentage 25, InitialRAMPercentage 1.5625
	if hm := v.Int("heap_mb"); hm > 0 {
		maxHeap, initHeap = sim.Bytes(hm)*sim.MB, sim.Bytes(hm)*sim.MB
	}
	h := heapDefaults(gcKind(v.Str("gc")), maxHeap, 2, 8)
	h.InitialBytes = initHeap
	loopVirtual := v.Bool("loom_carrier")
	const server, client = 0, 1
	progs := []sim.Program{
		{Name: "HTTP request", Path: []int{0}, Steps: []sim.Step{
			{Kind: sim.StepCPU, Dist: sim.Const(30 * sim.Microsecond), Label: "decode, route, start query"},
			{Kind: sim.StepGarbage, Bytes: 12 * sim.KB},
			{Kind: sim.StepAsync, Dist: sim.LogNormal(0, 90*sim.Microsecond, 0.3, 0), Then: 1, ThenExec: client, Label: "R2DBC query"},
		}},
		{Name: "database reply", Path: []int{1}, Steps: []sim.Step{
			{Kind: sim.StepCPU, Dist: sim.Const(10 * sim.Microsecond), Label: "decode rows"},
			{Kind: sim.StepGarbage, Bytes: 4 * sim.KB},
			{Kind: sim.StepAsync, Dist: sim.Const(2 * sim.Microsecond), Then: 2, ThenExec: server, Label: "hand back to the channel's loop"},
		}},
		{Name: "HTTP response", Path: []int{0}, Steps: []sim.Step{
			{Kind: sim.StepCPU, Dist: sim.Const(20 * sim.Microsecond), Label: "encode, write"},
			{Kind: sim.StepGarbage, Bytes: 6 * sim.KB},
		}},
	}
	dur := ms64(v.Float("duration_s") * 1000)
	var loads []sim.LoadConfig
	if n := v.Int("vus_max"); n > 0 {
		loads = append(loads, sim.LoadConfig{Kind: sim.LoadRamp, Executor: server, Program: 0, Users: min(10, n), UsersMax: n,
			Think: sim.Const(120 * sim.Millisecond), NetDelay: 10 * sim.Microsecond})
	}
	if r := v.Float("arrival_rps"); r > 0 {
		loads = append(loads, sim.LoadConfig{Kind: sim.LoadOpen, Executor: server, Program: 0, Rate: r, NetDelay: 10 * sim.Microsecond})
	}
	if len(loads) == 0 {
		return sim.Config{}, &KnobError{Scenario: "loom-carrier", Knob: "vus_max", Value: "0",
			Reason: "with arrival_rps also 0 there is no load; set one of them above 0"}
	}
	m := machine(v.Int("cores"))
	// An event loop blocked in epoll_wait on an otherwise quiet machine
	// wakes in ~10–20 µs [est].
	m.WakeLatency = 15 * sim.Microsecond
	return sim.Config{
		Machine: m,
		JVM:     j,
		Heap:    h,
		JIT:     sim.JITConfig{StartTier: sim.TierC2},
		Methods: []sim.Method{
			{Name: "HttpServerHandler.channelRead", Frame: [5]sim.Words{240, 120, 120, 124, 70}},
			{Name: "PostgresqlConnection.onMessage", Frame: [5]sim.Words{200, 100, 100, 104, 60}},
		},
		Programs: progs,
		Executors: []sim.ExecutorConfig{
			{Name: "server workers", Kind: sim.ExecEventLoops, Size: v.Int("workers"), Virtual: loopVirtual},
			{Name: "client event loops", Kind: sim.ExecEventLoops, Size: v.Int("event_loops"), Virtual: loopVirtual},
		},
		Loads: loads,
		Run:   sim.RunConfig{Duration: dur},
	}, nil
}
