package scenario

import "github.com/loomlab/loomlab/sim"

// vt-pooling: pooling 10,000 long-lived virtual threads on a 4 GB and a 1 GB
// heap, and what StackChunks and the old generation make of it.
var vtPooling = &Scenario{
	ID:    "vt-pooling",
	Title: "Pooling virtual threads: throughput −34 % with a 1 GB heap, +13.5 % with 4 GB (StackChunks, JIT tiers, Full GCs)",
	Article: "\"Why you should not pool virtual threads\" — the Quarkus performance team's experiment and " +
		"JVM investigation (Netty server, blocking backend call, ParallelGC, instrumented freeze/thaw)",
	Summary: "10,000 clients keep a request each in flight against an HTTP server on 8 cores. Each request " +
		"runs on a virtual thread that makes a blocking call to a backend with 30 ms think time, then " +
		"answers. Without pooling every request gets a fresh virtual thread; with pooling 10,000 virtual " +
		"threads are created at start, one per connection, and reused. Reuse saves each request the cost " +
		"of a fresh thread and its thread-local state, which wins on a 4 GB heap. On a 1 GB heap the " +
		"long-lived threads' state fills the old generation; their StackChunks, once promoted, can no " +
		"longer be written in place, so every cycle allocates fresh chunks and abandons the old ones; and " +
		"the chunks born while the code was still C1-compiled are four times the size the C2-compiled " +
		"code needs. The collector ends up running a Full GC after almost every young collection.",
	Knobs: []Knob{
		{Name: "heap_mb", Kind: Int, Default: "4096", Min: 64, Max: 65536, Unit: "MB", Help: "maximum heap (-Xmx)"},
		{Name: "new_ratio", Kind: Int, Default: "8", Min: 0, Max: 64, Help: "young gen gets 1/(ratio+1) of the heap, old gen the rest (-XX:NewRatio); 8 gives the article's 910 MB old gen in a 1 GB heap. G1 normally resizes young after every pause; the flag fixes it there too. 0: no flag, the JVM's default (Parallel and Serial use 2; G1 resizes young itself)", ZeroMeans: "no -XX:NewRatio flag, so the JVM picks: 2 under Parallel and Serial, G1 sizes young itself"},
		{Name: "survivor_ratio", Kind: Int, Default: "8", Min: 1, Max: 64, Help: "eden/survivor (-XX:SurvivorRatio)"},
		{Name: "gc", Kind: Enum, Default: "parallel", Options: []string{"parallel", "serial", "g1"}, Help: "collector (g1 is simplified)"},
		{Name: "pool", Kind: Bool, Default: "false", Help: "pool long-lived virtual threads instead of one per request"},
		{Name: "pool_size", Kind: Int, Default: "10000", Min: 1, Max: 100000, Unit: "threads", Help: "pooled virtual threads (with pool=true)"},
		{Name: "connections", Kind: Int, Default: "10000", Min: 1, Max: 100000, Unit: "clients", Help: "closed-loop connections"},
		{Name: "cores", Kind: Int, Default: "8", Min: 1, Max: 256, Unit: "CPUs", Help: "CPUs, and so carriers"},
		{Name: "backend_ms", Kind: Float, Default: "30", Min: 0, Max: 10000, Unit: "ms", Help: "backend think time"},
		{Name: "warmup_s", Kind: Float, Default: "30", Min: 0, Max: 600, Unit: "s", Help: "simulated time before the measurement window opens"},
		{Name: "measure_s", Kind: Float, Default: "30", Min: 0.1, Max: 600, Unit: "s", Help: "length of the measurement window (simulated time)"},
		{Name: "reuse_fix", Kind: Bool, Default: "false", Help: "patched JVM: reuse empty old-gen chunks in place (Serial/Parallel)"},
		{Name: "tiered_stop_at_level", Kind: Int, Default: "4", Min: 1, Max: 4, Help: "-XX:TieredStopAtLevel (1 = C1 only)"},
		{Name: "jdk", Kind: Enum, Default: "21.0.3", Options: jdkBuildNames()[2:], Help: "JDK build: 21.0.3 (up to 21.0.3: Parallel runs a Full GC after a young GC when the promotion average exceeds old free space), 21 (21.0.4 or later: no such check), 25 (25 or any 25 update)"},
	},
	Cases: []Case{
		{ID: "4g-nopool", Title: "4 GB heap, a virtual thread per request", Set: [][2]string{{"heap_mb", "4096"}}},
		{ID: "4g-pool", Title: "4 GB heap, 10,000 pooled virtual threads", Set: [][2]string{{"heap_mb", "4096"}, {"pool", "true"}}},
		{ID: "1g-nopool", Title: "1 GB heap, a virtual thread per request", Set: [][2]string{{"heap_mb", "1024"}}},
		{ID: "1g-pool", Title: "1 GB heap, 10,000 pooled virtual threads", Set: [][2]string{{"heap_mb", "1024"}, {"pool", "true"}}},
		{ID: "1g-pool-reusefix", Title: "1 GB heap, pooled, JVM patched to reuse old-gen chunks",
			Set: [][2]string{{"heap_mb", "1024"}, {"pool", "true"}, {"reuse_fix", "true"}}},
		{ID: "1g-pool-c1only", Title: "1 GB heap, pooled, -XX:TieredStopAtLevel=1",
			Set: [][2]string{{"heap_mb", "1024"}, {"pool", "true"}, {"tiered_stop_at_level", "1"}}},
	},
	DefaultCase: "1g-pool",
	Short:       [][2]string{{"connections", "400"}, {"pool_size", "400"}, {"warmup_s", "0.2"}, {"measure_s", "0.3"}},
	Compare:     []string{"1g-nopool", "1g-pool"},
	Metrics: []string{"throughput_rps", "requests_completed", "latency_mean_ms", "latency_p50_ms", "latency_p99_ms",
		"young_gcs", "full_gcs", "gc_pauses", "gc_pause_total_ms", "old_capacity_mb", "old_live_after_full_gc_mb",
		"stackchunk_alloc_bytes", "stackchunk_capacity_words_p50", "stackchunk_frozen_words_p50",
		"carrier_utilization", "os_threads_peak", "old_live_breakdown_mb"},
	Figures: []Figure{
		{Case: "4g-nopool", Metric: "throughput_rps", Role: Calibrated, Value: 126851, Tol: Tolerance{Rel: 0.15}, Text: "126,851 req/s"},
		{Case: "4g-pool", Metric: "throughput_rps", Role: Calibrated, Value: 143966, Tol: Tolerance{Rel: 0.15}, Text: "143,966 req/s"},
		{Case: "1g-nopool", Metric: "throughput_rps", Role: Predicted, Value: 108272, Tol: Tolerance{Rel: 0.15}, Text: "108,272 req/s"},
		{Case: "1g-pool", Metric: "throughput_rps", Role: Predicted, Value: 71252, Tol: Tolerance{Rel: 0.15}, Text: "71,252 req/s"},
		{Case: "1g-pool-reusefix", Metric: "throughput_rps", Role: Predicted, Value: 68290, Tol: Tolerance{Rel: 0.15}, Text: "68,290 req/s"},
		{Case: "4g-nopool", Metric: "full_gcs", Role: Predicted, Value: 0, Tol: Tolerance{Factor: 1.5, Count: true}},
		{Case: "4g-pool", Metric: "full_gcs", Role: Predicted, Value: 0, Tol: Tolerance{Factor: 1.5, Count: true},
			Deviation: "The model runs 5 Full GCs in the 60 s where the article saw none. Its long-lived pooled threads " +
				"promote their per-thread data and StackChunks, which then die in the old generation; on 4 GB that " +
				"garbage fills the 3.6 GB old generation about every 12 s. The survivor spaces are kept at " +
				"SurvivorRatio 8 (the profile's fixed survivors), while HotSpot's Parallel resizes them adaptively; " +
				"with adaptive sizing the model gives 2 Full GCs (within counting noise of 0) but 137,634 req/s " +
				"instead of 145,252. To re-examine when the collector's survivor sizing is fixed.", Pinned: []float64{5}},
		{Case: "1g-nopool", Metric: "full_gcs", Role: Calibrated, Value: 4, Tol: Tolerance{Factor: 1.5, Count: true}},
		{Case: "1g-pool", Metric: "full_gcs", Role: Calibrated, Value: 461, Tol: Tolerance{Factor: 1.5, Count: true}},
		{Case: "1g-pool-reusefix", Metric: "full_gcs", Role: Predicted, Value: 435, Tol: Tolerance{Factor: 1.5, Count: true}},
		{Case: "1g-nopool", Metric: "gc_pause_total_ms", Role: Calibrated, Value: 9000, Tol: Tolerance{Rel: 0.15}, Text: "~9 s"},
		{Case: "1g-pool", Metric: "gc_pause_total_ms", Role: Calibrated, Value: 30600, Tol: Tolerance{Rel: 0.15}, Text: "30.6 s"},
		{Case: "1g-pool", Metric: "old_live_after_full_gc_mb", Role: Calibrated, Value: 713, Tol: Tolerance{Rel: 0.15}, Text: "~713 MB (also given as 640–710 MB)"},
		{Case: "1g-pool-reusefix", Metric: "old_live_after_full_gc_mb", Role: Predicted, Value: 728, Tol: Tolerance{Rel: 0.15}, Text: "~728 MB"},
		{Case: "1g-nopool", Metric: "stackchunk_alloc_bytes", Role: Predicted, Value: 14.4e9, Tol: Tolerance{Rel: 0.25}, Text: "~14.4 GB"},
		{Case: "1g-pool", Metric: "stackchunk_alloc_bytes", Role: Predicted, Value: 3.7e9, Tol: Tolerance{Rel: 0.25}, Text: "~3.7 GB",
			Deviation: "The article's own account has every pooled thread allocate a fresh chunk each time its chunk is " +
				"promoted, in every GC cycle; with its ~460 Full GCs that alone is millions of chunks of at least 2.3 KB, " +
				"over 10 GB, and the model, which counts every chunk, gets ~13 GB. The article's 3.7 GB is a JFR estimate " +
				"(allocation is sampled, per class) that cannot be squared with its own mechanism and Full GC count.", Pinned: []float64{12835498176}},
		{Case: "1g-pool-reusefix", Metric: "stackchunk_capacity_words_p50", Role: Calibrated, Value: 1149, Tol: Tolerance{Rel: 0.15}, Text: "1,149 words"},
		{Case: "1g-pool-reusefix", Metric: "stackchunk_frozen_words_p50", Role: Calibrated, Value: 286, Tol: Tolerance{Rel: 0.15}, Text: "~286 words"},
		{Case: "1g-pool-c1only", Metric: "stackchunk_capacity_words_p50", Role: Calibrated, Value: 1144, Tol: Tolerance{Rel: 0.15}, Text: "1,144 words"},
		{Case: "4g-pool", Metric: "throughput_rps", Role: Calibrated, Than: "4g-nopool", Cmp: ">"},
		{Case: "1g-pool", Metric: "throughput_rps", Role: Predicted, Than: "1g-nopool", Cmp: "<"},
		{Case: "1g-pool-reusefix", Metric: "throughput_rps", Role: Predicted, Than: "1g-pool", Cmp: "<"},
		{Case: "1g-pool-reusefix", Metric: "full_gcs", Role: Predicted, Than: "1g-pool", Cmp: "<",
			Deviation: "With the fix each pooled thread keeps its C1-sized 1,149-word chunk (9.3 KB) instead of a " +
				"288-word one: ~70 MB more live old data, as the article's own estimate of ~90 MB of waste says. On a " +
				"910 MB old gen that leaves less room after every Full GC, so in the model more collections end in a " +
				"Full GC than without the fix (throughput still drops, as in the article). The article measured only " +
				"+15 MB of live data (713 → 728 MB) and slightly fewer Full GCs (435 vs 461, over fewer requests); a " +
				"model cannot have both the ~90 MB of waste and a +15 MB live set.", Pinned: []float64{503, 382}},
		{Case: "1g-pool", Metric: "full_gcs", Role: Calibrated, Than: "1g-nopool", Cmp: ">"},
		{Case: "1g-pool", Metric: "stackchunk_alloc_bytes", Role: Predicted, Than: "1g-nopool", Cmp: "<"},
	},
	Profile: withMeasuredResident([]Constant{
		{"cores, connections, backend", "8, 10,000, 30 ms + 0.3 ms network", "the article's setup", nil},
		{"heap layout", "NewRatio 8, SurvivorRatio 8", "a 910 MB old gen in a 1 GB heap is 8/9 of it (the JVM default NewRatio 2 would give 683 MB); young 114 MB, eden 91 MB, survivors 11.4 MB.", nil},
		{"survivors pinned", "at 11.4 MB (FixedSurvivors)", "a calibration choice, not the JVM's default: the article's JVM ran Parallel's adaptive size policy, which resizes the survivors (the model implements it, gc-lab uses it, and real JDK 17 logs confirm it). With it the model gives 292 Full GCs at 1g-pool (article 461, outside ×1.5) and 10 at 1g-nopool (article 4); pinned, 382 and 8. The pinned survivors stand in for what the model lacks here, most likely the pause-time and throughput goals that also resize eden; the tenuring threshold still adapts",
			[]string{"1g-pool full_gcs"}},
		{"no nepotism", "a dead thread's young cache and buffer die with it (Nepotism off)", "a calibration choice, not the JVM's behaviour: a young GC keeps alive what a dead old object references, which the JDK 17 twin of gc-lab shows and gc-lab models. Here, with the survivors pinned, a young GC promotes the thread-local maps of many virtual threads still in flight, so with nepotism their last cache entry and buffer would be promoted after they end: 49 Full GCs at 1g-nopool (article 4) and 7 at 4g-nopool (article 0). The two stand-ins go together: to be re-examined when the collector's survivor sizing is fixed",
			[]string{"1g-nopool full_gcs"}},
		{"JDK build", "21.0.3 (jdk knob; 21 and 25 on the page)", "the article names no build. Its 1 GB pooled run collects almost every cycle with a Full GC right after a young one, which only builds with Parallel's post-scavenge check do (up to 21.0.3; JDK-8319713 removed it in 21.0.4): without it the 1 GB figures change (about 92,600 req/s and 300 Full GCs at 1g-pool)", nil},
		{"CPU per request", "24 µs + 24 µs, plus freeze/thaw", "8 cores / 143,966 req/s ≈ 56 µs per pooled request with ~4 % of the time in young GCs",
			[]string{"4g-pool throughput_rps"}},
		{"fresh thread", "11 µs", "the extra CPU a new virtual thread costs a request (object, thread-local map and first-use state): 4 GB throughput without pooling is 12 % lower (126,851 vs 143,966); the article's arithmetic gives ≈ 7.5 µs before GC differences, the model's pooled runs also copy more per young GC",
			[]string{"4g-nopool throughput_rps"}},
		{"request garbage", "6 KB", "with the chunk, thread and per-thread data it makes ~16 KB allocated per request, the order of the article's ~10 KB hypothesis", nil},
		{"request data in flight", "0.5 KB", "small: 4 Full GCs in 60 s without pooling on 1 GB means little in-flight data survives young collections",
			[]string{"1g-nopool full_gcs"}},
		{"per-thread cache", "grows 2 KB per request up to 64 KB, lives with the thread", "640–710 MB live after Full GC with 10,000 pooled threads ≈ 64–71 KB per thread; a fresh thread only ever holds one request's 2 KB",
			[]string{"1g-pool old_live_after_full_gc_mb"}},
		{"per-thread sticky data", "7 KB, replaced by each request", "a per-thread buffer/context kept for the thread's next request: on a pooled thread it survives into the next GC cycle and, on 1 GB, overflows the 11 MB survivor space — the premature promotion that keeps the old gen full", nil},
		{"frames per tier", "request path 1,115 words under C1 (level 3), 1,110 under C1 alone, 254 under C2; 32 words of thread and pool frames", "the article's chunk capacities 1,149 and 1,144 words (frozen + 2 metadata words) and ~286 frozen words at steady state",
			[]string{"1g-pool-reusefix stackchunk_capacity_words_p50", "1g-pool-c1only stackchunk_capacity_words_p50", "1g-pool-reusefix stackchunk_frozen_words_p50"}},
		{"JIT", "tier 3 after 200 invocations (2 ms to compile), tier 4 after 5,000 more (500 ms)", "HotSpot's thresholds; the delays are estimates — the pool's first requests freeze C1 frames", nil},
		{"young pause", "3.3 ms + copied bytes at 1.25 MB/ms per GC thread + old gen at 80 MB/ms", "fitted to ~9 s of pauses in the 1 GB run without pooling",
			[]string{"1g-nopool gc_pause_total_ms"}},
		{"Full GC pause", "5 ms + live bytes at 2 MB/ms per GC thread + used bytes at 20 MB/ms", "fitted to 30.6 s of pauses over the 1 GB pooled run (~66 ms per Full GC)",
			[]string{"1g-pool gc_pause_total_ms"}},
		{"dead wood", "7 % of the live old data", "Parallel's dense prefix keeps some dead space uncompacted (ParallelOldDeadWoodLimiterMean)", nil},
	}),
	Notes: []string{
		"Each request's virtual thread mounts, runs, and parks on the backend call: its frames freeze into a StackChunk block that flies into eden.",
		"Chunk blocks are coloured by the JIT tier their capacity was sized for: the pooled threads' chunks were born while the code was C1-compiled.",
		"Promoted chunks are in GC mode: the next freeze cannot write into them, so a fresh chunk appears in eden and the old one becomes garbage in the old generation.",
		"On 1 GB with pooling, watch the old generation stay full after every Full GC, and the GC band cover the lanes half the time.",
	},
	build: buildVTPooling,
}

// The request path's methods: frame words at each tier (interpreter, C1
// levels 1–3, C2). The sums are the article's measured pair: 1,147 frozen
// words under C1 with profiling (chunk capacity 1,149 with 2 metadata words),
// 1,142 under C1 alone (capacity 1,144), and 286 under C2 — minus the 32
// words of the thread's own frames (VirtualThread.run, the pool's loop).
var vtPoolingMethods = []sim.Method{
	{Name: "NettyHandler.channelRead", Frame: [5]sim.Words{260, 150, 150, 150, 34}},
	{Name: "RequestTask.run", Frame: [5]sim.Words{210, 120, 121, 121, 28}},
	{Name: "BackendClient.call", Frame: [5]sim.Words{250, 145, 145, 146, 32}},
	{Name: "CloseableHttpClient.execute", Frame: [5]sim.Words{240, 140, 140, 140, 30}},
	{Name: "MainClientExec.execute", Frame: [5]sim.Words{230, 135, 135, 136, 32}},
	{Name: "BHttpConnectionBase.receiveResponseHeader", Frame: [5]sim.Words{220, 130, 131, 131, 30}},
	{Name: "SessionInputBufferImpl.fillBuffer", Frame: [5]sim.Words{220, 130, 130, 131, 32}},
	{Name: "NioSocketImpl.read", Frame: [5]sim.Words{270, 160, 160, 160, 36}},
}

// vtPoolingProfile is the article's one set of physical constants (every
// case uses it; docs/articles.md lists each with its derivation).
type vtPoolingProfileT struct {
	CPUParse, CPUReply     float64 // µs of CPU before and after the backend call
	FreshThread            float64 // µs: first use of a thread's thread-local state (fresh thread cost)
	GarbageA, GarbageB     sim.Bytes
	RequestLive            sim.Bytes // request data live while in flight
	ThreadInit             sim.Bytes // thread-local state allocated on a thread's first use
	CacheUse, CacheCap     sim.Bytes // per-thread cache growth per request, and its size
	Sticky                 sim.Bytes // per-thread data kept until the thread's next request
	DeadWood               int
	FixedSurvivors         int       // 1: keep survivor spaces at -XX:SurvivorRatio
	Nepotism               int       // 1: dead old objects keep their young referents (HeapConfig.Nepotism)
	YoungFixed, FullFixed  float64   // ms
	CopyRate, MarkRate     sim.Bytes // per ms per GC thread
	CardRate, SweepRate    sim.Bytes
	C1Delay, C2Delay       float64 // ms
	NetDelay, BackendExtra float64 // µs
}

var vtPoolingProfile = vtPoolingProfileT{
	CPUParse: 24, CPUReply: 24, FreshThread: 11,
	GarbageA: 3 * sim.KB, GarbageB: 3 * sim.KB, RequestLive: 512, ThreadInit: 256,
	CacheUse: 2 * sim.KB, CacheCap: 64 * sim.KB, Sticky: 7 * sim.KB,
	DeadWood: 7, FixedSurvivors: 1, Nepotism: 0,
	YoungFixed: 3.3, FullFixed: 5,
	CopyRate: 1280 * sim.KB, MarkRate: 2000 * sim.KB, CardRate: 80 * sim.MB, SweepRate: 20 * sim.MB,
	C1Delay: 2, C2Delay: 500, NetDelay: 50, BackendExtra: 300,
}

func buildVTPooling(v *Values) (sim.Config, error) {
	p := &vtPoolingProfile
	build, err := lookupJDK(v.Str("jdk"))
	if err != nil {
		return sim.Config{}, err
	}
	j := jvmDefaults(build.Feature)
	j.PostScavengeFullGC = build.PostScavengeFullGC
	j.BaseThreads = 20
	j.PlatformCreate = 50 * sim.Microsecond
	j.ThreadFrames = 12
	j.PoolFrames = 20
	j.IdleFrames = 30
	j.VThreadCreate = 1 * sim.Microsecond
	newRatio, given := newRatioFlag(v)
	h := heapDefaults(gcKind(v.Str("gc")), sim.Bytes(v.Int("heap_mb"))*sim.MB, newRatio, v.Int("survivor_ratio"))
	h.NewRatioGiven = given
	h.ReuseFix = v.Bool("reuse_fix")
	h.YoungFixed = ms64(p.YoungFixed)
	h.CopyRate = p.CopyRate
	h.CardRate = p.CardRate
	h.FullFixed = ms64(p.FullFixed)
	h.MarkRate = p.MarkRate
	h.SweepRate = p.SweepRate
	h.DeadWood = p.DeadWood
	h.FixedSurvivors = p.FixedSurvivors == 1
	h.Nepotism = p.Nepotism == 1
	h.MaxCompactionEvery = 20
	backend := ms64(v.Float("backend_ms")) + us64(p.BackendExtra)
	steps := []sim.Step{
		{Kind: sim.StepThreadLocal, Init: us64(p.FreshThread), InitBytes: p.ThreadInit, Label: "thread-local state"},
		{Kind: sim.StepCPU, Dist: sim.Const(us64(p.CPUParse)), Label: "parse request, build backend call"},
		{Kind: sim.StepGarbage, Bytes: p.GarbageA},
		{Kind: sim.StepLive, Bytes: p.RequestLive},
		{Kind: sim.StepBlock, Dist: sim.Const(backend), Label: "backend call"},
		{Kind: sim.StepCPU, Dist: sim.Const(us64(p.CPUReply)), Label: "read response, write reply"},
		{Kind: sim.StepGarbage, Bytes: p.GarbageB},
		{Kind: sim.StepThreadLocal, Bytes: p.CacheUse, Cap: p.CacheCap, Sticky: p.Sticky, Label: "per-thread cache"},
	}
	exec := sim.ExecutorConfig{Name: "virtual-per-request", Kind: sim.ExecVirtualPerTask}
	if v.Bool("pool") {
		exec = sim.ExecutorConfig{Name: "virtual-pool", Kind: sim.ExecVirtualPool, Size: v.Int("pool_size"), Submit: 200}
	}
	warm := ms64(v.Float("warmup_s") * 1000)
	meas := ms64(v.Float("measure_s") * 1000)
	path := make([]int, len(vtPoolingMethods))
	for i := range path {
		path[i] = i
	}
	return sim.Config{
		Machine: machine(v.Int("cores")),
		JVM:     j,
		Heap:    h,
		JIT: sim.JITConfig{Enabled: true, Tier3Invocations: 200, Tier4Invocations: 5000,
			C1Delay: ms64(p.C1Delay), C2Delay: ms64(p.C2Delay), StopAtLevel: v.Int("tiered_stop_at_level")},
		Methods:   vtPoolingMethods,
		Programs:  []sim.Program{{Name: "request", Path: path, Steps: steps}},
		Executors: []sim.ExecutorConfig{exec},
		Loads: []sim.LoadConfig{{Kind: sim.LoadClosed, Program: 0, Connections: v.Int("connections"),
			NetDelay: us64(p.NetDelay)}},
		Run: sim.RunConfig{Duration: warm + meas, MeasureFrom: sim.Time(warm), MeasureTo: sim.Time(warm + meas)},
	}, nil
}
