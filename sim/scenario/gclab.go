package scenario

import (
	"fmt"
	"math"

	"github.com/loomlab/loomlab/sim"
)

// gc-lab: a workload a real JVM can run too. Its Java twin, jvm/GcLab.java,
// runs the same loop under `java`, and `loomsim jvm gc-lab` puts the two
// side by side. No article: every constant here is a JVM fact
// (docs/model.md) or a knob.
var gcLab = &Scenario{
	ID:    "gc-lab",
	Title: "GC lab: a request loop that a real JVM also runs (compare with `loomsim jvm gc-lab`)",
	Article: "No article: the Java twin jvm/GcLab.java runs the same loop on a real JVM, and " +
		"`loomsim jvm gc-lab` compares its GC log with the model",
	Summary: "A fixed set of worker threads, each looping on its own requests with no pause between them. " +
		"A request allocates short-lived 1 KB arrays, holds a small piece of request data across a CPU " +
		"burst and a sleep standing in for a backend call, then grows a per-thread cache up to a cap and " +
		"replaces a per-thread buffer. Pooled workers keep that per-thread state for the whole run, so " +
		"the caches end up in the old generation; fresh workers start every request with empty state, as " +
		"a new thread would, so almost nothing outlives a request. Heap size, generation ratios, collector " +
		"and JDK build are the JVM's flags; the model uses the JVM's defaults for the ones left alone.",
	Knobs: []Knob{
		{Name: "threads", Kind: Int, Default: "1000", Min: 1, Max: 100000, Unit: "threads", Help: "worker threads, each looping on its own requests"},
		{Name: "state", Kind: Enum, Default: "pooled", Options: []string{"pooled", "fresh"}, Help: "pooled: a worker keeps its cache and buffer for the run; fresh: every request starts with empty per-thread state"},
		{Name: "threads_kind", Kind: Enum, Default: "platform", Options: []string{"platform", "virtual"}, Help: "platform threads, or virtual threads (JDK 21 or later)"},
		{Name: "garbage_kb", Kind: Int, Default: "6", Min: 0, Max: 1048576, Unit: "KB", Help: "allocated per request as 1 KB byte arrays that die at once"},
		{Name: "data_kb", Kind: Int, Default: "1", Min: 0, Max: 1048576, Unit: "KB", Help: "allocated per request and held until it ends"},
		{Name: "cache_step_kb", Kind: Int, Default: "2", Min: 0, Max: 1048576, Unit: "KB", Help: "added to the per-thread cache per request"},
		{Name: "cache_max_kb", Kind: Int, Default: "64", Min: 0, Max: 1048576, Unit: "KB", Help: "the per-thread cache stops growing at this size"},
		{Name: "sticky_kb", Kind: Int, Default: "7", Min: 0, Max: 1048576, Unit: "KB", Help: "the per-thread buffer replaced by every request"},
		{Name: "backend_ms", Kind: Int, Default: "30", Min: 0, Max: 60000, Unit: "ms", Help: "sleep per request (the backend call)"},
		{Name: "cpu_us", Kind: Int, Default: "50", Min: 0, Max: 10000000, Unit: "µs", Help: "CPU work per request: a spin until the clock has moved on this much, as the twin's (a core runs it at full speed, so it uses this much CPU unless a pause or the end of a time slice catches it past its deadline)"},
		{Name: "duration_s", Kind: Int, Default: "10", Min: 1, Max: 600, Unit: "s", Help: "how long the workers run (all of it is measured)"},
		{Name: "requests", Kind: Int, Default: "0", Min: 0, Max: 100000000, Unit: "requests", Help: "0: run for duration_s; N: stop after N requests instead (`loomsim jvm` sets the twin's count, so both sides do the same work per thread however fast the JVM's machine was)", ZeroMeans: "no count: the run lasts duration_s", SweepHint: "50000:400000:4"},
		{Name: "heap_mb", Kind: Int, Default: "256", Min: 16, Max: 65536, Unit: "MB", Help: "heap size, -Xms = -Xmx"},
		{Name: "new_ratio", Kind: Int, Default: "0", Min: 0, Max: 64, Help: "young gen gets 1/(ratio+1) of the heap, old gen the rest (-XX:NewRatio). G1 normally resizes young after every pause; the flag fixes it there too. 0: no flag, the JVM's default (Parallel and Serial use 2; G1 resizes young itself)", ZeroMeans: "no -XX:NewRatio flag, so the JVM picks: 2 under Parallel and Serial, G1 sizes young itself"},
		{Name: "survivor_ratio", Kind: Int, Default: "8", Min: 1, Max: 64, Help: "eden/survivor, -XX:SurvivorRatio; 8 is the JVM's default and passes no flag (Parallel then starts survivors at young/8 and lets them grow to young/3; a flag makes both young/(ratio+2))"},
		{Name: "gc", Kind: Enum, Default: "parallel", Options: []string{"parallel", "serial", "g1"}, Help: "collector (g1 is simplified)"},
		{Name: "jdk", Kind: Enum, Default: "17", Options: jdkBuildNames(), Help: "JDK build: 17 = 17.0.12 or later, 17.0.11 = up to 17.0.11, 21 = 21.0.4 or later, 21.0.3 = up to 21.0.3, 25 (the older builds still run Parallel's post-scavenge Full GC check)"},
		{Name: "cores", Kind: Int, Default: "2", Min: 1, Max: 256, Unit: "CPUs", Help: "CPUs the JVM sees (-XX:ActiveProcessorCount)"},
		{Name: "cpu_share", Kind: Float, Default: "1", Min: 0.01, Max: 1, Help: "part of each CPU's time the JVM's threads get: 1 is a machine of its own; on one shared with other work less, and every CPU burst (cpu_us's spin too), GC pause and marking thread takes 1/cpu_share as long (no JVM flag: `loomsim jvm` measures it, the twin's process CPU over its window's wall time and cores)"},
		{Name: "wake_us", Kind: Float, Default: "50", Min: 1, Max: 1000000, Unit: "µs", Help: "time from waking a thread (after a sleep, a lock handed on, a pause's end) until it can run: 50 is a wake-up's own cost on a machine of its own; on a shared one a woken thread also waits for the other work's time slices (no JVM flag: `loomsim jvm` measures it, the twin's threads' mean wait for a CPU each time they were made runnable)"},
		{Name: "heap_lock", Kind: Enum, Default: "off", Options: []string{"off", "on"}, Help: "on: a platform thread whose allocation finds eden full takes the JVM's heap lock, and the one that asks for the collection holds it until it has run again after the pause; the others that find eden full wait on the lock and leave it one hand-off at a time (HotSpot's Heap_lock); off: the allocation collects at once and nobody waits (no JVM flag). `loomsim jvm` leaves it off: with it the stalls take the JVM's shape, but its Full GCs fall to about a third of the JVM's and the kept sweeps agree no better"},
		{Name: "handoff_us", Kind: Float, Default: "400", Min: 1, Max: 1000000, Unit: "µs", Help: "with heap_lock on, the time from an unlock of the heap lock until the waiter it wakes runs (no JVM flag). 400: at it the model lets the waiters through one per 0.64 ms of unpaused time, as the twin's lock did (one per 0.63 ms, 2 December 2026, 05:53 UTC, at 3.25 ms of wait per wake-up), and its stalls take the twin's share and length (16.1 % of the requests, 537 ms, against 14.4 % and 601 ms), where 200 stalls 24 % for 341 ms; the price follows the machine's load (the twin's drain at twice that wait, 06:37 UTC, wants about 800)"},
		{Name: "run_queue", Kind: Enum, Default: "in_order", Options: []string{"in_order", "random"}, Help: "which runnable thread a freed CPU takes: in_order the one that waited longest (round robin, every scenario's machine); random any of them, as Linux's scheduler on a loaded machine leaves some wake-ups waiting many times longer than others, so the threads progress unevenly (no JVM flag)"},
	},
	Cases: []Case{
		{ID: "pooled", Title: "1,000 pooled workers, 256 MB heap, Parallel GC", Set: [][2]string{{"state", "pooled"}}},
		{ID: "fresh", Title: "1,000 workers starting each request fresh, 256 MB heap, Parallel GC", Set: [][2]string{{"state", "fresh"}}},
		{ID: "tight-pooled", Title: "1,000 pooled workers on 100 MB with NewRatio=8 (issue 12's setup)",
			Set: [][2]string{{"state", "pooled"}, {"heap_mb", "100"}, {"new_ratio", "8"}}},
		{ID: "tight-fresh", Title: "1,000 fresh workers on 100 MB with NewRatio=8",
			Set: [][2]string{{"state", "fresh"}, {"heap_mb", "100"}, {"new_ratio", "8"}}},
	},
	DefaultCase: "pooled",
	Compare:     []string{"tight-pooled", "tight-fresh"},
	Short:       [][2]string{{"threads", "50"}, {"duration_s", "1"}, {"heap_mb", "16"}},
	Metrics: []string{"requests", "throughput_rps", "latency_mean_ms", "latency_p50_ms", "latency_p99_ms", "young_gcs", "full_gcs", "full_gcs_by_cause",
		"gc_pauses", "gc_pause_total_ms", "gc_time_pct", "old_capacity_mb", "old_live_after_full_gc_mb",
		"os_threads_peak", "old_live_breakdown_mb",
		"alloc_stalls_after_sleep_pct", "alloc_stall_after_sleep_ms", "alloc_stalls_other_pct", "alloc_stalled_threads", "step_ms"},
	Profile: withMeasuredResident([]Constant{
		{"object sizes", "byte[n] takes n + 16 bytes rounded up to 8", "HotSpot's array header with compressed class pointers: 12-byte header + 4-byte length; a 1 KB array is 1,040 bytes", nil},
		{"per-thread state object", "112 bytes", "the twin's ThreadState (12-byte header + 4 + 8 + 4 → 32), its ArrayList (24) and the list's first Object[10] (16 + 40 → 56), allocated on a thread's first request, and on every request when fresh", nil},
		{"JVM's own live heap", "3,875 KB (Parallel, Serial), 4,395 KB (G1), and 528 bytes per platform worker", "measured: a class histogram of the twin (`jcmd PID GC.class_histogram`, 3 December 2026) counts 3,875 KB live with one worker on Parallel and on Serial (Serial's 6 MB less the int[] fillers of its dead space) and 4,395 KB on G1 (the JDK's and the source launcher's objects), and 528 bytes more per platform worker (its Thread, name, blocker lock, AccessControlContext and Runnable). With 500 pooled workers and full caches that is 39.5 MB in all, as the model's sizes add up; the JVM's log at Parallel 64 MB keeps 39.3 MB after its last Full GC. " +
			"Until 4 December 2026 the model kept 3 MB, calibrated and known to be low, because the measured value set off a Full GC storm at Parallel 64 MB with 500 pooled workers that the JVM did not have (178 Full GCs against 3); the JVM's start below removed the storm", nil},
		{"the JVM's start", "44 MB allocated before the workers start, the live heap above among them; a working set of 3 MB whose objects each live 16 MB of allocation; collected as eden fills, uncounted and taking no time", "a `java File.java` run loads classes and compiles the twin before main runs, and its GC log shows young GCs before the twin's measured window: two at Parallel and Serial 64 MB (eden 16 to 17 MB), four at Parallel 100 MB with NewRatio 8 (eden 10 MB), one at 128 MB (eden 32.5 MB), none at 256 MB, and the first in the window soon after it begins: about 44 MB in all. " +
			"Those collections seed the collector's adaptive state the workload starts with (its survivor and promotion averages, its tenuring threshold). The working set is fitted to what they kept (survivors plus promoted) in the 10 such collections of the kept Parallel and Serial runs of the sweep of 04:02 UTC, 4 December 2026: a grid of working sets (1 to 3.5 MB) and lifetimes (4 to 32 MB) put the least squared error at 3.5 and 24 MB, and 3 and 16 MB, the round values next to it, keep 2.6 to 6.3 MB a collection against the JVM's 2.4 to 6.8. " +
			"With it (and the measured live heap) the replayed sweep has 19 of 21 GC rates within ×1.5 and 7 of 7 old gens after Full GC within ±15 % (17 and 5 before): the Parallel 64 MB storm is gone and Serial 64 MB's Full GCs went from ×0.54 to ×0.93", nil},
		{"Thread.start", "145 µs of main's CPU per worker", "measured: the twin's main starts its workers one after another when its window begins; jvm/ThreadStartCost.java times main's CPU per Thread.start of a sleeping worker on a JVM just started (JDK 17.0.15, this project's 2-CPU machine, 4 December 2026: 133 to 159 µs over runs of 500 and 1,000 starts). The model's main pays it for each worker, on the CPUs the started workers use, so the workers start over 70 to 300 ms as the JVM's do", nil},
		{"heap layout", "the JVM's defaults unless a knob is set", "Parallel and Serial: NewRatio 2; Parallel: survivors start at young/8 and adapt between 512 KB and young/3 (InitialSurvivorRatio 8, MinSurvivorRatio 3); Serial: survivors young/(SurvivorRatio+2), fixed", nil},
		{"space alignment", "Parallel 512 KB, Serial 64 KB", "the unit HotSpot sizes generations and spaces in on x86-64 (the logs' Alignments line and space sizes)", nil},
		{"copy rate of a pause (per GC thread)", "Parallel 525 KB per ms, Serial 225 KB per ms, G1 342 KB per ms (young and mixed) and 202 KB per ms more for what a young pause promotes into old-gen pages not written before",
			"calibrated on this project's JDK 17 runs of the twin (2 shared CPUs): the GC threads' CPU in each young pause (its gc+cpu line, User + Sys), less the cost model's fixed and card parts, against the bytes it copied (survivor after + promoted; G1's Copied Bytes), summed over the pauses: " +
				"Parallel 1.95 ms per MB over 736 pauses of testdata/gclog/parallel-100m-nr8-fresh, parallel-100m-nr8-pooled, parallel-256m-pooled and testdata/jvm-check/parallel-128m-pooled-1000, parallel-64m-pooled-500; " +
				"Serial 4.54 ms per MB over 181 pauses of testdata/gclog/serial-64m-fresh-tags, serial-64m-pooled and testdata/jvm-check/serial-64m-pooled-500; " +
				"G1 2.87 ms per MB copied plus 5.19 ms per MB promoted above the old gen's high-water mark (first writes to a page: the kernel's page faults, in the pauses' Sys time), least squares over 263 pauses of all seven G1 logs (testdata/gclog/g1-*, testdata/jvm-check/g1-*; where Copied Bytes is not logged, survivor regions after plus the old gen's growth). " +
				"CPU time, so the machine's load inflates it little; another machine will differ (cmd/loomsim/copyrate_test.go re-fits it)", nil},
		{"wait for a CPU when woken", "50 µs (a wake-up's own cost, as every scenario's machine) unless wake_us is set", "a measured input, not a constant: `loomsim jvm` sets it to the twin's threads' mean wait for a CPU each time they were made runnable (schedstat's wait over its count of times on a CPU, checked against the threads' context switches), 1.7 to 11 ms in the sweep of 00:06 UTC, 2 December 2026 (load average 32 to 82 with the JVM's own threads); a woken thread waits that long before it joins the run queue", nil},
		{"Full GC cost (per GC thread)", "Parallel and G1 15.3 ms, Serial 20.4 ms, plus the live bytes at 3,170 KB per ms",
			"calibrated on this project's JDK 17 runs of the twin (2 shared CPUs): each Full GC's CPU (its gc+cpu line, User + Sys), less the heap walk's estimate, against threads × a fixed part per collector plus the MB live after it, least squares over 18 Parallel Full GCs " +
				"(testdata/gclog/parallel-100m-nr8-pooled, parallel-100m-nr8-fresh, testdata/jvm-check/parallel-128m-pooled-1000, parallel-64m-pooled-500; 5 to 75 MB live, 20 to 80 ms of CPU) and 32 Serial ones (testdata/gclog/serial-64m-pooled, testdata/jvm-check/serial-64m-pooled-500; 29 to 41 MB live, too narrow for a slope of their own, so they share Parallel's): " +
				"0.323 ms of CPU per MB live; the fixed part holds what no heap size sets (thread stacks, class unloading, the code cache). G1 takes Parallel's: its one logged Full GC (40 ms of CPU, 36 MB live) is priced at 42 ms. " +
				"The project's estimates before (2 ms, 400 MB per ms) priced a Full GC at a twentieth of the logs' CPU (cmd/loomsim/fullgccost_test.go re-fits it)", nil},
		{"other pause costs", "the project's default cost model", "a young pause's fixed part, card scanning and a Full GC's heap walk are estimates: no article calibrates them here", nil},
		{"CPU share", "1 (the whole machine) unless cpu_share is set", "a measured input, not a constant: `loomsim jvm` sets it to the twin's process CPU over its window's wall time and cores, the part of the machine the JVM had beside other work (0.13 to 0.66 in the 15:22 UTC sweep on 2 shared CPUs); every CPU burst, pause and marking thread then takes 1/cpu_share as long, cpu_us's spin too: a core runs a spin at full speed, so it uses its whole length of CPU (the twin's workers used 105.6 µs of CPU per request with cpu_us 50 and 50.7 µs with cpu_us 0 at shares of 0.65 and 0.61: 55 µs for the spin)", nil},
		{"which runnable thread a freed CPU takes", "the one that waited longest (round robin, every article's machine) unless run_queue is random", "`loomsim jvm` sets random: the twin's waits per wake-up (perf sched, 2 December 2026, 03:06 UTC) were a quarter under 0.06 ms, median 3.1, a tenth over 11.2 ms at a mean of 4.9, a geometric spread above the quick ones rather than the one wait a queue served in turn gives every thread; drawn at random, 1,000 threads drift apart as the JVM's did, and fewer of their buffers live through two young GCs", nil},
		{"heap lock around a collection", "none unless heap_lock is on (then a hand-off of handoff_us, 400 µs, before the woken waiter runs)", "HotSpot 17's Heap_lock (sim/heaplock.go): eden and new TLABs are taken without a lock, and only an allocation that finds eden full waits, on the lock and for the collection its requester asked the VM thread for. `loomsim jvm` leaves it off: at 400 µs, the twin's drain of one waiter per 0.63 ms, it gives the twin's stalls (at the 05:53 UTC run of 2 December 2026 16.1 % of the requests stalled after the sleep, 537 ms each, against 14.4 % and 601 ms) but a third of its Full GCs, and the kept sweeps agree no better (docs/model.md, \"The heap lock as HotSpot takes it\")", nil},
		{"CPU of a wake-up", "32 µs each time a worker gets a core again (every article's machine: 3 µs)", "calibrated on the twin's JDK 17 runs (2 shared CPUs): the workers' CPU per request less cpu_us, over their times on a CPU per request (schedstat), least squares through zero over the 14 points of the sweep of 00:06 UTC, 2 December 2026 and two runs at 02:26 UTC (Parallel 256 MB, 1,000 fresh threads, cpu_us 50 and 0): 65 to 109 µs per request at 1.03 to 1.59 times on a CPU; 14 to 43 µs a time, rms 8.5 µs a request. The sleep's system calls and timer, the switch, and caches gone cold among a thousand threads; a time on a CPU after a wait for the heap lock seems to cost more (the points with the most times per request lie above the line)", nil},
	}),
	Notes: []string{
		"Pooled: each worker's cache grows 2 KB a request to 64 KB and stays; watch the old generation fill with thread-local data.",
		"Fresh: the same work, but the per-thread state dies with each request; the old generation stays nearly empty.",
		"Compare with a real JVM: `loomsim jvm gc-lab --set heap_mb=100 --set new_ratio=8` runs jvm/GcLab.java beside the model.",
	},
	build: buildGCLab,
}

// gcLabProfile holds the JVM facts the workload's sizes depend on.
var gcLabProfile = struct {
	ArrayHeader sim.Bytes // a byte[]'s header and length (compressed class pointers)
	ObjectAlign sim.Bytes // every object's size is a multiple of this
	ThreadState sim.Bytes // the twin's per-thread state: ThreadState, ArrayList, Object[10]
	// JVMLiveHeap is the JVM's own live heap besides the workload, by
	// collector, and JVMLivePerWorker what each platform worker adds to it
	// (its Thread, name, lock, access control context and Runnable):
	// measured by class histogram of the twin (docs/model.md).
	JVMLiveHeap      map[sim.GCKind]sim.Bytes
	JVMLivePerWorker sim.Bytes
	// Launch is the JVM's start before the workers (sim.LaunchConfig):
	// what class loading and the source launcher's compile allocate, and
	// the compile's working set and its objects' lifetime, fitted to the
	// young GCs the twin's logs show before its measured window.
	Launch sim.LaunchConfig
	// ThreadStart (sim.JVM.PlatformCreate) is main's CPU per Thread.start
	// of a worker: the twin's main starts its workers one after another
	// when the measured window begins, on the CPUs the started ones use.
	ThreadStart  sim.Duration
	ParallelUnit sim.Bytes // Parallel's SpaceAlignment
	SerialUnit   sim.Bytes // Serial's SpaceAlignment
	// CopyRate is what a GC thread copies per ms of its CPU in a young
	// (and G1's mixed) pause, per collector: fitted to the twin's JDK 17
	// logs (cmd/loomsim/copyrate_test.go), 290 (Parallel) to 680 (Serial) times
	// slower than the project's default estimate. Serial's and G1's pauses
	// used more CPU per byte than Parallel's (why was not measured).
	CopyRate map[sim.GCKind]sim.Bytes
	// FirstTouchRate (sim.HeapConfig.FirstTouchRate) prices apart what a
	// young pause promotes into old-gen pages no pause had written yet:
	// fitted with CopyRate on G1's logs, where the old gen of the 256 MB
	// runs grew into fresh pages all through the window and the 64 MB
	// run's cycled within pages touched long before. Parallel's and
	// Serial's CopyRate still include it on average (not fitted apart).
	FirstTouchRate map[sim.GCKind]sim.Bytes
	// FullFixed and FullMarkRate price a Full GC (sim.HeapConfig.FullGCPause):
	// FullFixed on every GC thread, per collector, for the work no heap
	// size sets (thread stacks and the other roots, class unloading, the
	// code cache and string table, the phases' hand-offs), and the live
	// bytes at FullMarkRate per GC thread (each marked, its pointers
	// adjusted and moved once). Fitted to the twin's JDK 17 Full GCs
	// (cmd/loomsim/fullgccost_test.go): the project's estimates (2 ms and
	// 400 MB per ms) priced one at about 4 ms of CPU where the logs show
	// 20 to 80. The per-MB part is one for both collectors (Parallel's
	// Full GCs, 5 to 75 MB live, set it; Serial's span too little). G1's
	// Full GC, the same four phases on parallel workers, takes Parallel's.
	FullFixed    map[sim.GCKind]sim.Duration
	FullMarkRate sim.Bytes
	// WakeCPU (sim.Machine.ContextSwitch) is the CPU a worker spends each
	// time it gets a core again, besides its Java work: the sleep's system
	// calls and timer, the switch, and the caches a thread finds cold after
	// 30 ms away among a thousand others. Fitted to the twin's workers'
	// CPU per request less the spin, over their times on a CPU per request
	// (schedstat): 32 µs, about ten times the 3 µs every article's machine
	// assumes (docs/model.md, "The CPU of a wake-up").
	WakeCPU sim.Duration
}{
	ArrayHeader: 16, ObjectAlign: 8, ThreadState: 112,
	JVMLiveHeap:      map[sim.GCKind]sim.Bytes{sim.GCParallel: 3875 * sim.KB, sim.GCSerial: 3875 * sim.KB, sim.GCG1: 4395 * sim.KB},
	JVMLivePerWorker: 528,
	Launch:           sim.LaunchConfig{Alloc: 44 * sim.MB, Working: 3 * sim.MB, Lifetime: 16 * sim.MB},
	ThreadStart:      145 * sim.Microsecond,
	ParallelUnit:     512 * sim.KB, SerialUnit: 64 * sim.KB,
	CopyRate:       map[sim.GCKind]sim.Bytes{sim.GCParallel: 525 * sim.KB, sim.GCSerial: 225 * sim.KB, sim.GCG1: 342 * sim.KB},
	FirstTouchRate: map[sim.GCKind]sim.Bytes{sim.GCG1: 202 * sim.KB},
	FullFixed:      map[sim.GCKind]sim.Duration{sim.GCParallel: 15300 * sim.Microsecond, sim.GCSerial: 20400 * sim.Microsecond},
	FullMarkRate:   3170 * sim.KB,
	WakeCPU:        32 * sim.Microsecond,
}

// jdkBuildNames lists the jdk knob's values.
func jdkBuildNames() []string {
	names := make([]string, len(jdkBuilds))
	for i, b := range jdkBuilds {
		names[i] = b.Name
	}
	return names
}

// byteArray is the heap size of a byte[] of n bytes.
func byteArray(n sim.Bytes) sim.Bytes {
	p := &gcLabProfile
	size := p.ArrayHeader + n
	return (size + p.ObjectAlign - 1) / p.ObjectAlign * p.ObjectAlign
}

// GCLabJVMLive is what gc-lab's JVM keeps live of its own with the
// collector gc ("parallel", "serial" or "g1") and n platform workers: the
// fit takes it out of a log's live set before it shares the rest among the
// threads.
func GCLabJVMLive(gc string, n int) sim.Bytes { return gcLabJVMLive(gcKind(gc), n) }

func gcLabJVMLive(gc sim.GCKind, workers int) sim.Bytes {
	p := &gcLabProfile
	return p.JVMLiveHeap[gc] + sim.Bytes(workers)*p.JVMLivePerWorker
}

// gcLabHeapFor is gcLabHeap on a JDK build: G1's preventive collections
// are JDK 17's (G1UsePreventiveGC; JDK 21 no longer has them).
func gcLabHeapFor(v *Values, build jdkBuild) sim.HeapConfig {
	h := gcLabHeap(v)
	h.G1PreventiveGC = build.Feature == 17
	return h
}

// gcLabHeap is the heap the JVM's flags give: -Xms = -Xmx = heap_mb, the
// collector, and the generation ratios only where a flag is passed.
func gcLabHeap(v *Values) sim.HeapConfig {
	p := &gcLabProfile
	gc := gcKind(v.Str("gc"))
	newRatio, given := newRatioFlag(v)
	h := heapDefaults(gc, sim.Bytes(v.Int("heap_mb"))*sim.MB, newRatio, v.Int("survivor_ratio"))
	h.NewRatioGiven = given
	workers := 0
	if v.Str("threads_kind") == "platform" {
		workers = v.Int("threads")
	}
	h.AppBytes = gcLabJVMLive(gc, workers)
	// The twin makes its workers' Thread objects before its window: the
	// start allocates them besides its own.
	h.Launch = p.Launch
	h.Launch.Alloc += h.AppBytes - gcLabJVMLive(gc, 0)
	h.CopyRate = p.CopyRate[gc]
	h.FirstTouchRate = p.FirstTouchRate[gc]
	h.FullFixed, h.MarkRate = p.FullFixed[fullGCCostOf(gc)], p.FullMarkRate
	if gc == sim.GCG1 {
		// A mixed pause evacuates old regions with the same workers
		// and copying code as a young one.
		h.G1MixedCopyRate = h.CopyRate
	}
	switch gc {
	case sim.GCParallel:
		h.SpaceAlign = p.ParallelUnit
		// Without -XX:SurvivorRatio the adaptive policy starts survivors at
		// young/InitialSurvivorRatio (8) and lets them grow to
		// young/MinSurvivorRatio (3); with it, both become SurvivorRatio+2
		// (ParallelArguments::initialize).
		if v.Int("survivor_ratio") == 8 {
			h.InitialSurvivorRatio, h.MinSurvivorRatio = 8, 3
		} else {
			h.InitialSurvivorRatio = v.Int("survivor_ratio") + 2
			h.MinSurvivorRatio = h.InitialSurvivorRatio
		}
	case sim.GCSerial:
		h.SpaceAlign = p.SerialUnit
	}
	return h
}

// fullGCCostOf is the collector whose fitted Full GC cost gc takes: G1's
// Full GC (mark, prepare, adjust, compact on parallel workers) takes
// Parallel's, as the logs hold one G1 Full GC, enough to check but not to fit.
func fullGCCostOf(gc sim.GCKind) sim.GCKind {
	if gc == sim.GCG1 {
		return sim.GCParallel
	}
	return gc
}

func buildGCLab(v *Values) (sim.Config, error) {
	p := &gcLabProfile
	build, err := lookupJDK(v.Str("jdk"))
	if err != nil {
		return sim.Config{}, err
	}
	virtual := v.Str("threads_kind") == "virtual"
	if virtual && build.Feature < 21 {
		return sim.Config{}, &KnobError{Scenario: "gc-lab", Knob: "threads_kind", Value: "virtual",
			Reason: fmt.Sprintf("jdk %s has no virtual threads: use jdk 21, 21.0.3 or 25, or threads_kind=platform", build.Name)}
	}
	j := jvmDefaults(build.Feature)
	j.PostScavengeFullGC = build.PostScavengeFullGC
	// The JVM's own threads as ThreadMXBean counts them when the twin starts
	// (JDK 17.0.15, Parallel, 2 CPUs, `java GcLab.java`): main, Reference
	// Handler, Finalizer, Signal Dispatcher, Common-Cleaner and Notification
	// Thread. (The OS sees 15: the GC, compiler and VM threads besides, which
	// ThreadMXBean does not count; their memory is in BaselineRSS.) Without
	// them the OS threads' panel counted the workers alone and said "the 0
	// JVM threads".
	j.BaseThreads = 6
	j.PlatformCreate = p.ThreadStart
	// The twin's worker threads: Thread.run and the lambda's frames.
	j.ThreadFrames = 12

	kb := func(name string) sim.Bytes { return sim.Bytes(v.Int(name)) * sim.KB }
	// The twin creates a worker's state object when a request starts (every
	// request when fresh), so it is live through the request's wait: a
	// first thread-local use allocates it there, the one after the wait
	// grows the cache and replaces the buffer.
	steps := []sim.Step{{Kind: sim.StepThreadLocal, InitBytes: p.ThreadState, Label: "per-thread state"}}
	if n := v.Int("garbage_kb"); n > 0 {
		steps = append(steps, sim.Step{Kind: sim.StepGarbage, Bytes: sim.Bytes(n) * byteArray(sim.KB), Label: "1 KB arrays that die at once"})
	}
	if kb("data_kb") > 0 {
		steps = append(steps, sim.Step{Kind: sim.StepLive, Bytes: byteArray(kb("data_kb")), Label: "request data"})
	}
	if us := v.Int("cpu_us"); us > 0 {
		// The twin's CPU work spins until System.nanoTime passes a deadline
		// (jvm/GcLab.java, cpuWork): a wall-clock spin, which uses less CPU
		// where the JVM gets only part of a core or a pause falls in it.
		steps = append(steps, sim.Step{Kind: sim.StepCPU, Dist: sim.Const(us64(float64(us))), WallClock: true, Label: "CPU work"})
	}
	if ms := v.Int("backend_ms"); ms > 0 {
		steps = append(steps, sim.Step{Kind: sim.StepSleep, Dist: sim.Const(ms64(float64(ms))), Label: "backend call (sleep)"})
	}
	// The cache grows one cache_step_kb array per request while it holds
	// less than cache_max_kb of payload: ceil(max/step) arrays in all.
	tl := sim.Step{Kind: sim.StepThreadLocal, Label: "per-thread cache and buffer"}
	if step, limit := kb("cache_step_kb"), kb("cache_max_kb"); step > 0 && limit > 0 {
		tl.Bytes = byteArray(step)
		tl.Cap = (limit + step - 1) / step * tl.Bytes
	}
	if kb("sticky_kb") > 0 {
		tl.Sticky = byteArray(kb("sticky_kb"))
	}
	steps = append(steps, tl)

	threads := v.Int("threads")
	exec := sim.ExecutorConfig{Name: "workers", Kind: sim.ExecPlatformPool, Size: threads}
	if virtual {
		exec = sim.ExecutorConfig{Name: "virtual-workers", Kind: sim.ExecVirtualPool, Size: threads}
	}
	dur := sim.Duration(v.Int("duration_s")) * sim.Second
	total := v.Int("requests")
	if total > 0 {
		dur = 0 // the run ends when the last request is done
	}
	m := machine(v.Int("cores"))
	m.CPUShare = v.Float("cpu_share")
	m.WakeLatency = sim.Duration(math.Round(v.Float("wake_us") * float64(sim.Microsecond)))
	m.ContextSwitch = p.WakeCPU
	m.RandomRunQueue = v.Str("run_queue") == "random"
	heap := gcLabHeapFor(v, build)
	heap.HeapLock = v.Str("heap_lock") == "on"
	heap.HandOff = sim.Duration(math.Round(v.Float("handoff_us") * float64(sim.Microsecond)))
	return sim.Config{
		Machine: m,
		JVM:     j,
		Heap:    heap,
		// Its requests' steps are timed as the twin times them (step_ms), to
		// set beside the twin's.
		Programs: []sim.Program{{Name: "request", Steps: steps,
			FreshThreadState: v.Str("state") == "fresh", TimeSteps: true}},
		Executors: []sim.ExecutorConfig{exec},
		// Each worker loops on its own requests: as many closed-loop
		// connections as workers, with no think time and no network, and
		// each the worker's own loop (Loop): the next request starts on the
		// thread that ended the last, with no hand-off and no wake-up.
		Loads: []sim.LoadConfig{{Kind: sim.LoadClosed, Program: 0, Connections: threads, Total: total, Loop: true, StartedByMain: true}},
		Run:   sim.RunConfig{Duration: dur, MeasureFrom: 0, MeasureTo: sim.Time(dur)},
	}, nil
}
