package scenario

import "github.com/loomlab/loomlab/sim"

// vt-basics: what 10,000 threads cost in memory and in start-up time.
var vtBasics = &Scenario{
	ID:    "vt-basics",
	Title: "Thread construction: memory and creation time of 10,000 platform vs virtual threads",
	Article: "\"Understanding Java Virtual Threads: Construction, Performance, and Best Practices\" " +
		"(its two small measurements: memory of 10,000 sleeping threads, and time to start 10,000 printing threads)",
	Summary: "A main thread starts 10,000 threads. In the memory runs each thread sleeps for ten minutes: " +
		"a platform thread reserves its whole -Xss stack and other per-thread native memory up front, " +
		"while a sleeping virtual thread is a small Thread object plus a StackChunk holding a few dozen frame " +
		"words. In the timing runs each thread prints a line, and main times its own loop: starting an OS thread " +
		"costs main tens of microseconds, a virtual thread a few. The clock stops when the loop ends, while " +
		"the last threads may still be waiting for the shared, synchronized System.out.",
	Knobs: []Knob{
		{Name: "threads", Kind: Int, Default: "10000", Min: 1, Max: 1000000, Unit: "threads", Help: "threads started by main"},
		{Name: "kind", Kind: Enum, Default: "virtual", Options: []string{"platform", "virtual"}, Help: "platform or virtual threads"},
		{Name: "xss_kb", Kind: Int, Default: "1024", Min: 64, Max: 65536, Unit: "KB", Help: "platform thread stack reservation (-Xss)"},
		{Name: "cores", Kind: Int, Default: "4", Min: 1, Max: 256, Unit: "CPUs", Help: "CPUs, and so carriers"},
		{Name: "print", Kind: Bool, Default: "false", Help: "each thread prints a line (System.out is shared and synchronized)"},
		{Name: "sleep_s", Kind: Float, Default: "600", Min: 0, Max: 3600, Unit: "s", Help: "how long each thread sleeps"},
		{Name: "jdk", Kind: Enum, Default: "21", Options: []string{"21", "25"}, Help: jdkKnobHelp("on 25 a blocked println no longer pins", "21", "25")},
	},
	Cases: []Case{
		{ID: "memory-platform", Title: "10,000 sleeping platform threads, -Xss1m", Set: [][2]string{{"kind", "platform"}}},
		{ID: "memory-virtual", Title: "10,000 sleeping virtual threads", Set: [][2]string{{"kind", "virtual"}}},
		{ID: "create-platform", Title: "start 10,000 platform threads that print a line",
			Set: [][2]string{{"kind", "platform"}, {"print", "true"}, {"sleep_s", "0"}}},
		{ID: "create-virtual", Title: "start 10,000 virtual threads that print a line",
			Set: [][2]string{{"kind", "virtual"}, {"print", "true"}, {"sleep_s", "0"}}},
	},
	DefaultCase: "memory-virtual",
	Short:       [][2]string{{"threads", "300"}, {"sleep_s", "0.05"}},
	Compare:     []string{"memory-platform", "memory-virtual"},
	Metrics:     []string{"memory_mb", "loop_ms", "elapsed_ms", "os_threads_peak", "pinned_parks", "carrier_utilization"},
	Figures: []Figure{
		{Case: "memory-platform", Metric: "memory_mb", Role: Calibrated, Value: 19200, Tol: Tolerance{Rel: 0.15}, Text: "~19.2 GB"},
		{Case: "memory-virtual", Metric: "memory_mb", Role: Calibrated, Value: 7.8, Tol: Tolerance{Rel: 0.15}, Text: "~7.8 MB"},
		{Case: "create-platform", Metric: "loop_ms", Role: Calibrated, Value: 346, Tol: Tolerance{Rel: 0.15}, Text: "~346 ms"},
		{Case: "create-virtual", Metric: "loop_ms", Role: Calibrated, Value: 84, Tol: Tolerance{Rel: 0.15}, Text: "~84 ms"},
		{Case: "memory-platform", Metric: "memory_mb", Role: Calibrated, Than: "memory-virtual", Cmp: ">"},
		{Case: "create-platform", Metric: "loop_ms", Role: Calibrated, Than: "create-virtual", Cmp: ">"},
	},
	Profile: withMeasuredResident([]Constant{
		{"per-platform-thread native memory", "0.92 MB", "19.2 GB / 10,000 threads = 1.92 MB each, minus the 1 MB -Xss reservation",
			[]string{"memory-platform memory_mb"}},
		{"virtual thread heap objects", "256 B", "Thread + Continuation before the first park, ~250 B (docs/model.md)", nil},
		{"frames of a sleeping virtual thread", "60 words", "7.8 MB / 10,000 = ~818 B per thread; minus 256 B leaves a ~562 B StackChunk (48 B header + 62 words + bitmap): 60 frame words + 2 metadata words",
			[]string{"memory-virtual memory_mb"}},
		{"platform thread creation", "34.6 µs", "346 ms / 10,000 threads, paid by main in Thread.start()",
			[]string{"create-platform loop_ms"}},
		{"virtual thread creation", "8.4 µs", "84 ms / 10,000 threads, paid by main in Thread.startVirtualThread, as platform creation is fitted. It is well above a warm loop's cost (~1 µs [est]), so it also holds what the model does not separate: the first use of the virtual thread machinery (class loading, starting the scheduler). The request-load lesson's machine took 5.2 µs",
			[]string{"create-virtual loop_ms"}},
		{"console line", "3 µs", "estimate: System.out flushes every line, so each println is a write(2) of ~30 bytes, a few µs [est]; no figure depends on it (main does not print, and the timer stops with main's loop)", nil},
		{"timed", "main's loop (loop_ms)", "the article's timer stops when main's loop has started the last thread; the model reads that moment off the main thread. elapsed_ms, until the last line is written, is reported too", nil},
		{"cores", "4", "not given by the article (a RedHat VM); no figure depends on it", nil},
	}),
	Notes: []string{
		"Platform threads appear as OS-thread lanes with their reserved stacks; the memory counter adds up -Xss plus native reservations.",
		"A sleeping virtual thread is a token in the 'sleep' group; its frames sit in a small StackChunk in the heap.",
		"With print on, every thread needs System.out's lock: on JDK 21 a virtual thread that blocks on it pins its carrier.",
	},
	build: buildVTBasics,
}

func buildVTBasics(v *Values) (sim.Config, error) {
	jdk := 21
	if v.Str("jdk") == "25" {
		jdk = 25
	}
	j := jvmDefaults(jdk)
	j.BaseThreads = 6
	j.Xss = sim.Bytes(v.Int("xss_kb")) * sim.KB
	j.PlatformNative = 942 * sim.KB // 0.92 MB
	j.PlatformCreate = us64(34.6)
	j.PlatformExit = 5 * sim.Microsecond
	j.VThreadCreate = us64(8.4)
	j.ThreadFrames = 20 // VirtualThread.run and the Runnable
	var steps []sim.Step
	if s := v.Float("sleep_s"); s > 0 {
		steps = append(steps, sim.Step{Kind: sim.StepSleep, Dist: sim.Const(ms64(s * 1000)), Label: "Thread.sleep"})
	}
	if v.Bool("print") {
		steps = append(steps,
			sim.Step{Kind: sim.StepEnter, Monitor: 0, Label: "System.out lock"},
			sim.Step{Kind: sim.StepCPU, Dist: sim.Const(3 * sim.Microsecond), Label: "println"},
			sim.Step{Kind: sim.StepExit, Monitor: 0})
	}
	if len(steps) == 0 {
		steps = append(steps, sim.Step{Kind: sim.StepCPU, Dist: sim.Const(sim.Microsecond), Label: "run"})
	}
	exec := sim.ExecutorConfig{Name: "Thread.start", Kind: sim.ExecVirtualPerTask}
	if v.Str("kind") == "platform" {
		exec.Kind = sim.ExecPlatformPerTask
	}
	return sim.Config{
		Machine: machine(v.Int("cores")),
		JVM:     j,
		Heap:    heapDefaults(sim.GCParallel, 4*sim.GB, 2, 8),
		JIT:     sim.JITConfig{StartTier: sim.TierC2},
		// Thread.sleep's frames (sleepNanos, parkNanos, yieldContinuation, ...).
		Methods:   []sim.Method{{Name: "MyTask.run → Thread.sleep", Frame: [5]sim.Words{70, 44, 44, 46, 40}}},
		Programs:  []sim.Program{{Name: "task", Path: []int{0}, Steps: steps}},
		Monitors:  1,
		Executors: []sim.ExecutorConfig{exec},
		Loads:     []sim.LoadConfig{{Kind: sim.LoadBatch, Count: v.Int("threads")}},
	}, nil
}
