package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeJava puts on PATH a `java` that behaves like the twin under a real
// JVM: it writes a real GC log (from testdata) where -Xlog:gc*:file= says,
// prints the twin's JSON line from that run, and records its arguments.
// So `loomsim jvm` is tested without a JVM.
func fakeJava(t *testing.T, log, twinJSON string) (argsFile string) {
	t.Helper()
	if runtime.GOOS == "windows" || runtime.GOOS == "js" {
		t.Skip("the fake java is a shell script")
	}
	dir := t.TempDir()
	logAbs, err := filepath.Abs(log)
	require.NoError(t, err)
	jsonFile := filepath.Join(dir, "twin.json")
	require.NoError(t, os.WriteFile(jsonFile, []byte(twinJSON+"\n"), 0o644))
	argsFile = filepath.Join(dir, "args")
	script := "#!/bin/sh\n" +
		"printf '%s\\n' \"$@\" > '" + argsFile + "'\n" +
		"for a in \"$@\"; do case \"$a\" in -Xlog:gc\\*:file=*) cp '" + logAbs + "' \"${a#-Xlog:gc*:file=}\";; esac; done\n" +
		"cat '" + jsonFile + "'\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "java"), []byte(script), 0o755))
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return argsFile
}

// The twin's output for testdata/gclog/parallel-100m-nr8-pooled.log, as
// testdata/gclog/README.md records it.
const nr8PooledTwin = `{"requests":61262,"throughput_rps":4743.0,"duration_s":12.916,"threads":1000,"state":"pooled","threads_kind":"platform","garbage_kb":6,"data_kb":1,"cache_step_kb":2,"cache_max_kb":64,"sticky_kb":7,"backend_ms":30,"cpu_us":50,"window_start_uptime_s":5.023,"window_end_uptime_s":17.939,"java_version":"17.0.15","max_heap_mb":96.5,"collectors":[{"name":"PS MarkSweep","count":7,"time_ms":1046},{"name":"PS Scavenge","count":238,"time_ms":3968}]}`

func TestJVMComparesTheTwinsLogWithTheModel(t *testing.T) {
	args := fakeJava(t, "../../testdata/gclog/parallel-100m-nr8-pooled.log", nr8PooledTwin)
	code, out, stderr := loomsim("jvm", "gc-lab", "--set", "heap_mb=100", "--set", "new_ratio=8", "--set", "duration_s=2", "--json")
	require.Equal(t, 0, code, stderr)
	rep := decodeReport(t, out)

	// The JVM's flags: the heap, NewRatio (set), no SurvivorRatio (left
	// at its default), the collector, the CPUs, the log; then the twin.
	raw, err := os.ReadFile(args)
	require.NoError(t, err)
	got := strings.Split(strings.TrimSpace(string(raw)), "\n")
	require.GreaterOrEqual(t, len(got), 8)
	assert.Equal(t, []string{"-Xms100m", "-Xmx100m", "-XX:NewRatio=8", "-XX:+UseParallelGC", "-XX:ActiveProcessorCount=2"}, got[:5])
	assert.True(t, strings.HasPrefix(got[5], "-Xlog:gc*:file="), got[5])
	assert.True(t, strings.HasSuffix(got[6], filepath.Join("jvm", "GcLab.java")), got[6])
	assert.Contains(t, got, "duration_s=2")
	assert.Contains(t, got, "state=pooled")

	// The JVM side is the log's measured window: between 5.023 s and
	// 17.939 s the log has 233 "Pause Young" and 7 "Pause Full
	// (Ergonomics)" summary lines (counted from its lines, not by gclog).
	assert.Equal(t, "17", rep.JVM.JDK, "17.0.15 is a 17 without the post-scavenge check")
	assert.Equal(t, int64(61262), rep.JVM.Requests)
	assert.Equal(t, 233, rep.JVM.YoungGCs)
	assert.Equal(t, 7, rep.JVM.FullGCs)
	assert.Equal(t, map[string]int{"Ergonomics": 7}, rep.JVM.FullGCsByCause)
	require.NotNil(t, rep.JVM.OldAfterFullMB)

	// The model did the twin's work: the same number of requests, with
	// the JVM's build.
	assert.Equal(t, rep.JVM.Requests, rep.Model.Requests)
	assert.Equal(t, "17", rep.Model.Params["jdk"])
	assert.Equal(t, int64(61262), int64(rep.Model.Params["requests"].(float64)))

	rows := map[string]compareRow{}
	for _, r := range rep.Rows {
		rows[r.Metric] = r
	}
	young := rows["young GCs per 1,000 requests"]
	require.NotNil(t, young.JVM)
	assert.InDelta(t, 1000*233.0/61262, *young.JVM, 0.001)
	assert.Contains(t, []string{"within", "miss"}, young.Verdict)
	assert.Equal(t, "×1.5", young.Tolerance)
	assert.Equal(t, "±15 %", rows["old gen after Full GC (MB)"].Tolerance)
	assert.Equal(t, "info", rows["throughput (req/s)"].Verdict)
}

func TestJVMTextReportHasEveryRow(t *testing.T) {
	fakeJava(t, "../../testdata/gclog/parallel-100m-nr8-pooled.log", nr8PooledTwin)
	code, out, stderr := loomsim("jvm", "gc-lab", "--set", "heap_mb=100", "--set", "new_ratio=8")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "running: java -Xms100m -Xmx100m -XX:NewRatio=8")
	for _, want := range []string{"Java 17.0.15 (jdk=17)", "young GCs per 1,000 requests", "Full GCs per 1,000 requests",
		"Full GCs (Ergonomics) per 1,000", "old gen after Full GC (MB)", "GC time share (%)", "throughput (req/s)"} {
		assert.Contains(t, out, want)
	}
}

func TestJVMRefusals(t *testing.T) {
	t.Run("no java", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		code, _, stderr := loomsim("jvm", "gc-lab")
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, "apt-get install -y openjdk-17-jdk-headless")
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line")
	})
	t.Run("bad knob before any JVM runs", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		code, _, stderr := loomsim("jvm", "gc-lab", "--set", "gc=zgc")
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, "parallel, serial, g1")
	})
	t.Run("jdk contradicting the JVM", func(t *testing.T) {
		fakeJava(t, "../../testdata/gclog/parallel-100m-nr8-pooled.log", nr8PooledTwin)
		code, _, stderr := loomsim("jvm", "gc-lab", "--set", "jdk=21")
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, "the JVM's version sets jdk")
	})
	t.Run("other scenario", func(t *testing.T) {
		code, _, stderr := loomsim("jvm", "vt-pooling")
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, "gc-lab")
	})
}

func TestJVMReplaysAKeptRun(t *testing.T) {
	rep := replayReport(t, append(keptSerialRun(t, ""), "--json")...)
	assert.Equal(t, int64(26553), rep.Model.Requests)
	assert.Positive(t, rep.JVM.FullGCs)
	assert.Contains(t, rep.JVM.FullGCsByCause, "Allocation Failure")
}

// keptSerialRun keeps a run as `loomsim jvm --keep` would: the real GC log
// of Serial at 64 MB with 500 pooled threads and the twin's JSON line from
// that run, with extra (JSON fields, each followed by a comma) added to
// what every twin writes. It returns loomsim's arguments replaying it, with
// no java on PATH.
func keptSerialRun(t *testing.T, extra string) []string {
	t.Helper()
	prefix := filepath.Join(t.TempDir(), "p")
	log, err := os.ReadFile("../../testdata/gclog/serial-64m-pooled.log")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(prefix+".log", log, 0o644))
	twin := `{"requests":26553,"throughput_rps":2504.5,"duration_s":10.602,"threads":500,"state":"pooled","threads_kind":"platform","garbage_kb":6,"data_kb":1,"cache_step_kb":2,"cache_max_kb":64,"sticky_kb":7,"backend_ms":30,"cpu_us":50,"window_start_uptime_s":17.075,"window_end_uptime_s":27.677,` + extra + `"java_version":"17.0.15","max_heap_mb":61.9,"collectors":[]}`
	require.NoError(t, os.WriteFile(prefix+".twin.json", []byte(twin+"\n"), 0o644))
	t.Setenv("PATH", t.TempDir())
	return []string{"jvm", "gc-lab", "--set", "gc=serial", "--set", "heap_mb=64", "--set", "threads=500", "--replay", prefix}
}

// committedRun is loomsim's arguments replaying one of make jvm-check's
// runs in testdata/jvm-check at the knobs its command file keeps.
func committedRun(name string) []string {
	return []string{"jvm", "gc-lab", "--replay", committedPrefix(name), "--json"}
}

// committedPrefix is the path prefix of a committed run.
func committedPrefix(name string) string {
	return filepath.Join("..", "..", "testdata", "jvm-check", name)
}

// replayReport runs loomsim with args, which must succeed, and reads its
// JSON report.
func replayReport(t *testing.T, args ...string) jvmReport {
	t.Helper()
	code, out, stderr := loomsim(args...)
	require.Equal(t, 0, code, stderr)
	return decodeReport(t, out)
}

// decodeReport reads `loomsim jvm --json` back; the GC log's summary is
// left out (gclog's kinds are written as names and not read back).
func decodeReport(t *testing.T, out string) jvmReport {
	t.Helper()
	var raw map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(out), &raw))
	var jvm map[string]any
	require.NoError(t, json.Unmarshal(raw["jvm"], &jvm))
	require.Contains(t, jvm, "gc_log_summary")
	delete(jvm, "gc_log_summary")
	j, err := json.Marshal(jvm)
	require.NoError(t, err)
	raw["jvm"] = j
	b, err := json.Marshal(raw)
	require.NoError(t, err)
	var rep jvmReport
	require.NoError(t, json.Unmarshal(b, &rep))
	return rep
}

// The committed runs of make jvm-check replay without a JVM and without
// --set: each at the knobs of its own command file (NAME.command, as --keep
// writes it), not at gc-lab's defaults. The JVM's side is read from the
// real logs (counts checked against the logs' own "Pause" lines in the
// measured window).
func TestJVMReplaysTheCommittedSweepRuns(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	for _, c := range []struct {
		name        string
		knobs       map[string]any
		young, full int
		cause       string
	}{
		{"parallel-64m-pooled-500", map[string]any{"gc": "parallel", "heap_mb": 64.0, "threads": 500.0, "state": "pooled"}, 98, 3, "Ergonomics"},
		{"parallel-128m-pooled-1000", map[string]any{"gc": "parallel", "heap_mb": 128.0, "threads": 1000.0, "state": "pooled"}, 59, 3, "Ergonomics"},
		{"serial-64m-pooled-500", map[string]any{"gc": "serial", "heap_mb": 64.0, "threads": 500.0, "state": "pooled"}, 52, 24, "Allocation Failure"},
		{"g1-128m-fresh-1000", map[string]any{"gc": "g1", "heap_mb": 128.0, "threads": 1000.0, "state": "fresh"}, 26, 0, ""},
		{"g1-256m-pooled-1000", map[string]any{"gc": "g1", "heap_mb": 256.0, "threads": 1000.0, "state": "pooled"}, 28, 0, ""},
		{"parallel-256m-fresh-1000", map[string]any{"gc": "parallel", "heap_mb": 256.0, "threads": 1000.0, "state": "fresh"}, 56, 0, ""},
		{"parallel-100m-nr8-pooled-1000-1533", map[string]any{"gc": "parallel", "heap_mb": 100.0, "new_ratio": 8.0, "threads": 1000.0, "state": "pooled"}, 176, 2, "Ergonomics"},
		{"parallel-100m-nr8-fresh-1000-0903", map[string]any{"gc": "parallel", "heap_mb": 100.0, "new_ratio": 8.0, "threads": 1000.0, "state": "fresh"}, 897, 25, "Ergonomics"},
		{"serial-64m-fresh-500-0911", map[string]any{"gc": "serial", "heap_mb": 64.0, "threads": 500.0, "state": "fresh"}, 100, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := replayReport(t, committedRun(c.name)...)
			require.NotNil(t, rep.Replay)
			assert.Equal(t, committedPrefix(c.name)+commandSuffix, rep.Replay.From, "the knobs come from the run's command file")
			assert.Empty(t, rep.Replay.Overridden)
			for k, v := range c.knobs {
				assert.Equal(t, v, rep.Model.Params[k], k)
			}
			assert.Equal(t, 6.0, rep.Model.Params["duration_s"], "the sweep's duration")
			assert.Equal(t, c.young, rep.JVM.YoungGCs)
			assert.Equal(t, c.full, rep.JVM.FullGCs)
			if c.cause != "" {
				assert.Equal(t, c.full, rep.JVM.FullGCsByCause[c.cause])
			}
			assert.Equal(t, rep.JVM.Requests, rep.Model.Requests, "the model did the twin's work")
			assert.NotEmpty(t, rep.Rows)
			for _, r := range rep.Rows {
				assert.Contains(t, []string{"within", "miss", "agree", "info"}, r.Verdict, r.Metric)
			}
		})
	}
}

// Every committed run has its command file, and each is byte for byte what
// --keep writes for the knobs it holds (javaCommand and a newline).
func TestCommittedRunsKeepTheirCommandAsKeepWritesIt(t *testing.T) {
	sc, err := scenario.Get("gc-lab")
	require.NoError(t, err)
	logs, err := filepath.Glob(filepath.Join("..", "..", "testdata", "jvm-check", "*.log"))
	require.NoError(t, err)
	require.NotEmpty(t, logs)
	for _, log := range logs {
		prefix := strings.TrimSuffix(log, ".log")
		b, err := os.ReadFile(prefix + commandSuffix)
		require.NoError(t, err, "a committed run replays from its own command file")
		knobs, err := knobsFromCommand(strings.TrimSpace(string(b)))
		require.NoError(t, err, prefix)
		require.NoError(t, agreesWithTwin(knobs, prefix+".twin.json"), prefix)
		v, err := sc.Resolve("", knobs)
		require.NoError(t, err, prefix)
		assert.Equal(t, javaCommand(v)+"\n", string(b), prefix)
	}
}

func TestFidelityListsEveryMissWithItsReason(t *testing.T) {
	one := func(j, m float64) *jvmReport {
		return &jvmReport{JVM: jvmSide{Requests: 1000, Command: "java …"}, Model: modelSide{Requests: 1000},
			Rows: []compareRow{rateRow("young GCs per 1,000 requests", j, m), rateRow("Full GCs per 1,000 requests", 0, 0),
				oldRow(nil, nil), infoRow("GC time share (%)", ptr(10), ptr(1))}}
	}
	saved := sweepPoints
	t.Cleanup(func() { sweepPoints = saved })
	sweepPoints = []sweepPoint{{Name: "a-1"}, {Name: "b-1"}, {Name: "c-1"}}
	var buf strings.Builder
	reasons := []missReason{{"a-*", "young", "because of A"}}
	require.NoError(t, writeFidelity(&buf, &sweepMeta{Date: "d", JavaVersion: "v", Machine: "m"},
		[]*jvmReport{one(2, 2.2), one(2, 3.5), one(2, 1)}, reasons))
	out := buf.String()
	assert.Contains(t, out, "1 of 3 within ×1.5, 1 within ×1.2")
	assert.Contains(t, out, "**b-1, young GCs per 1,000 requests** (JVM 2, model 3.5): not explained yet")
	assert.Contains(t, out, "**c-1, young GCs per 1,000 requests** (JVM 2, model 1): not explained yet")
	assert.NotContains(t, out, "**a-1", "a-1 is within ×1.5")
	assert.Equal(t, 2, strings.Count(out, "not explained yet"))
}

// The twin's process CPU over its window's wall time and cores is the
// JVM's share of the machine; the model runs on that share, and again on
// a machine of its own, unless cpu_share is set.
func TestJVMRunsTheModelOnTheJVMsCPUShare(t *testing.T) {
	// 5.301 s of CPU in 10.602 s on 2 cores: a quarter of the machine.
	base := keptSerialRun(t, `"process_cpu_s":5.301,"loadavg":"17.00 16.00 15.00",`)

	rep := replayReport(t, append(base, "--json")...)
	require.NotNil(t, rep.JVM.CPUShare)
	assert.Equal(t, 0.25, *rep.JVM.CPUShare)
	assert.Equal(t, "17.00 16.00 15.00", rep.JVM.LoadAvg)
	require.NotNil(t, rep.JVM.PauseCPUShare, "the log has gc+cpu lines")
	assert.Less(t, *rep.JVM.PauseCPUShare, 0.5, "the GC threads of that run had less than half their core")
	assert.Equal(t, 0.25, rep.Model.Params["cpu_share"])
	require.NotNil(t, rep.WholeMachine, "the model on a machine of its own too")
	assert.Equal(t, 1.0, rep.WholeMachine.Params["cpu_share"])
	assert.Equal(t, rep.JVM.Requests, rep.WholeMachine.Requests)
	// 500 threads need about 0.9 CPUs at the whole machine; half a CPU serves fewer.
	assert.Less(t, rep.Model.ThroughputRPS, 0.6*rep.WholeMachine.ThroughputRPS, "half a CPU serves fewer requests a second")
	assert.NotEmpty(t, rep.WholeMachineRows)

	rep = replayReport(t, append(base, "--set", "cpu_share=1", "--json")...)
	assert.Equal(t, 1.0, rep.Model.Params["cpu_share"], "a cpu_share set is kept")
	assert.Nil(t, rep.WholeMachine)

	code, out, stderr := loomsim(base...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "its CPUs: 0.250 of each core's time")
	assert.Contains(t, out, "on a machine of its own (cpu_share 1)")
}

func TestMeasuredShareStaysInTheKnobsRange(t *testing.T) {
	assert.Equal(t, 0.5, measuredShare(10, 10, 2))
	assert.Equal(t, 1.0, measuredShare(25, 10, 2), "the JVM cannot have had more than its cores")
	assert.Equal(t, 0.01, measuredShare(0.001, 10, 2))
	assert.Equal(t, 0.123, measuredShare(2.46, 10, 2))
}

// The 15:22 UTC sweep's G1 256 MB run measured its CPU: 6.090 s of process CPU in 11.198 s on 2
// cores is a share of 0.272; the gc+cpu lines of its window (28 young pauses, no Full GC), summed
// by hand with a script, give User+Sys over Real of 0.270 CPUs: 0.135 of each GC thread's core. The model runs
// on that share. With gc-lab's copy rate fitted to G1's logs (6.4 ms of CPU per MB), its pauses, stretched,
// reach G1's 200 ms goal, which then keeps eden smaller: more young GCs than on a machine of its own, where
// the same pauses take 0.272 as long and the goal does not bind.
func TestJVMReplaysARunWithItsCPUShare(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	rep := replayReport(t, committedRun("g1-256m-pooled-1000")...)
	require.NotNil(t, rep.JVM.CPUShare)
	assert.Equal(t, 0.272, *rep.JVM.CPUShare)
	require.NotNil(t, rep.JVM.PauseCPUShare)
	assert.Equal(t, 0.135, *rep.JVM.PauseCPUShare)
	assert.Equal(t, 0.272, rep.Model.Params["cpu_share"])
	require.NotNil(t, rep.WholeMachine)
	assert.Greater(t, rep.Model.YoungGCs, 2*rep.WholeMachine.YoungGCs, "the pause goal binds at the measured share only")
	assert.Greater(t, rep.Model.GCPauseTotalMS, 3*rep.WholeMachine.GCPauseTotalMS, "the same pauses take 1/0.272 as long")
}

// The twin counts, per group of the JVM's threads, their wait for a CPU and
// the times they got one (and, to check that count, their context switches):
// the mean wait per time made runnable is the model's wake_us, as the CPU
// share is its cpu_share; on a machine of its own the model keeps a wake-up's
// own cost, and a wake_us set is kept.
func TestJVMRunsTheModelWithTheJVMsWaitForACPU(t *testing.T) {
	// 2.4 s + 0.6 s of waiting over 1,000 + 200 times on a CPU: 2.5 ms each.
	base := keptSerialRun(t, `"process_cpu_s":5.301,"loadavg":"17.00 16.00 15.00","threads_cpu_wait_s":{"VM Thread":[0.1,0.6,200,201],"workers":[1.5,2.4,1000,1000]},`)

	rep := replayReport(t, append(base, "--json")...)
	require.NotNil(t, rep.JVM.WakeWaitUS)
	assert.Equal(t, 2500.0, *rep.JVM.WakeWaitUS)
	assert.Equal(t, 2500.0, rep.Model.Params["wake_us"])
	require.NotNil(t, rep.WholeMachine)
	assert.Equal(t, 50.0, rep.WholeMachine.Params["wake_us"], "a machine of its own: a wake-up's own cost")

	rep = replayReport(t, append(base, "--set", "wake_us=100", "--json")...)
	assert.Equal(t, 100.0, rep.Model.Params["wake_us"], "a wake_us set is kept")
	assert.Equal(t, 100.0, rep.WholeMachine.Params["wake_us"])

	code, out, stderr := loomsim(base...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "its threads waited 2500.0 µs for a CPU each time they were made runnable")

	// A real run that counted them (00:06 UTC, 2 December 2026): 2,843 s of
	// waiting over 312,449 times on a CPU (312,490 context switches).
	rep = replayReport(t, committedRun("parallel-256m-fresh-1000")...)
	require.NotNil(t, rep.JVM.WakeWaitUS)
	assert.Equal(t, 9111.0, *rep.JVM.WakeWaitUS)
	assert.Equal(t, 9111.0, rep.Model.Params["wake_us"])

	// A run kept before the twin counted them: the model keeps its default.
	rep = replayReport(t, committedRun("serial-64m-pooled-500")...)
	assert.Nil(t, rep.JVM.WakeWaitUS)
	assert.Equal(t, 50.0, rep.Model.Params["wake_us"])
}

func TestMeasuredWakeWaitNeedsCountsThatAgree(t *testing.T) {
	w := measuredWakeWait(map[string][]float64{"a": {1, 0.003, 2, 2}, "b": {1, 0.001, 2, 2}})
	require.NotNil(t, w)
	assert.Equal(t, 1000.0, *w)
	assert.Nil(t, measuredWakeWait(map[string][]float64{"a": {1, 0.5}}), "kept before the twin counted")
	assert.Nil(t, measuredWakeWait(map[string][]float64{"a": {1, 0.5, -1, -1}}), "a kernel without the counts")
	assert.Nil(t, measuredWakeWait(map[string][]float64{"a": {1, 0.5, 100, 150}}), "counts that disagree")
	assert.Nil(t, measuredWakeWait(map[string][]float64{"a": {0, 0, 0, 0}}), "nothing ran")
	assert.Equal(t, 1.0, *measuredWakeWait(map[string][]float64{"a": {1, 0, 10, 10}}), "within wake_us's range")
}

// The model charges the twin's CPU per request (the spin's whole length,
// one wake-up per request, gc-lab's 32 µs per wake-up), so at a point where
// the JVM was short of CPU rather than blocked the model serves about the
// JVM's requests per second: the kept Parallel 256 MB fresh run (CPU share
// 0.526, 10,091 requests per second) replays at 12,679, where a spin using
// the share of its length, 3 µs per wake-up and a second wake-up per
// request gave 20,146 (×2.0); with only the spin's whole length, ×1.56.
func TestJVMReplayOfACPUBoundRunServesAboutTheJVMsRequests(t *testing.T) {
	rep := replayReport(t, committedRun("parallel-256m-fresh-1000")...)
	require.NotZero(t, rep.JVM.ThroughputRPS)
	ratio := rep.Model.ThroughputRPS / rep.JVM.ThroughputRPS
	assert.Greater(t, ratio, 0.8, "the model's requests cost about the twin's CPU")
	assert.Less(t, ratio, 1.5, "the model's requests cost about the twin's CPU")
	t.Logf("throughput: JVM %.0f, model %.0f (×%.2f)", rep.JVM.ThroughputRPS, rep.Model.ThroughputRPS, ratio)
}

// Where the twin timed its requests' steps and counted each worker's
// requests, the report shows them and the request-time rows set the
// model's latency beside the JVM's: the shape of the requests' times
// decides how many young GCs a per-thread buffer lives through. A twin line
// without them (runs kept before) adds no rows.
func TestJVMShowsTheRequestTimes(t *testing.T) {
	dir := t.TempDir()
	prefix := filepath.Join(dir, "p")
	log, err := os.ReadFile("../../testdata/gclog/serial-64m-pooled.log")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(prefix+".log", log, 0o644))
	twin := `{"requests":26553,"throughput_rps":2504.5,"duration_s":10.602,"threads":500,"state":"pooled","threads_kind":"platform","garbage_kb":6,"data_kb":1,"cache_step_kb":2,"cache_max_kb":64,"sticky_kb":7,"backend_ms":30,"cpu_us":50,"window_start_uptime_s":17.075,"window_end_uptime_s":27.677,` +
		`"requests_per_thread":{"p10":52,"p50":73,"p90":99,"min":30,"max":134,"halves_correlation":0.010},` +
		`"step_ms":{"request":{"p50":35.733,"p75":55.108,"p90":524.287,"p99":881.743},"alloc_before_sleep":{"p50":0.001,"p75":0.001,"p90":0.002,"p99":0.058},"sleep":{"p50":35.733,"p75":42.494,"p90":60.096,"p99":142.934},"alloc_after_sleep":{"p50":0.001,"p75":0.002,"p90":480.773,"p99":881.743,"total_s":3204.4,"over_1ms":5310,"over_1ms_total_s":3204.1}},` +
		`"java_version":"17.0.15","max_heap_mb":61.9,"collectors":[]}`
	require.NoError(t, os.WriteFile(prefix+".twin.json", []byte(twin+"\n"), 0o644))
	t.Setenv("PATH", t.TempDir()) // no java needed
	set := []string{"jvm", "gc-lab", "--set", "gc=serial", "--set", "heap_mb=64", "--set", "threads=500", "--replay", prefix}
	code, out, stderr := loomsim(append(set, "--json")...)
	require.Equal(t, 0, code, stderr)
	rep := decodeReport(t, out)
	assert.Equal(t, 524.287, rep.JVM.RequestMS["p90"])
	assert.Equal(t, 480.773, rep.JVM.AfterSleep["p90"])
	assert.Equal(t, 0.01, rep.JVM.PerThread["halves_correlation"])
	rows := map[string]compareRow{}
	for _, r := range rep.Rows {
		rows[r.Metric] = r
	}
	require.Contains(t, rows, "request time p50 (ms)")
	require.Contains(t, rows, "request time p99 (ms)")
	assert.Equal(t, 35.733, *rows["request time p50 (ms)"].JVM)
	assert.Equal(t, 881.743, *rows["request time p99 (ms)"].JVM)
	assert.Equal(t, rep.Model.LatencyP50MS, *rows["request time p50 (ms)"].Model)
	assert.Greater(t, rep.Model.LatencyP50MS, 30.0, "a request sleeps 30 ms")
	assert.GreaterOrEqual(t, rep.Model.LatencyP99MS, rep.Model.LatencyP50MS)

	code, out, stderr = loomsim(set...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "its requests took 35.7/55.1/524.3/881.7 ms (p50/p75/p90/p99); their allocations after the sleep 0.0/0.0/480.8/881.7 ms")
	assert.Contains(t, out, "finished 52/73/99 requests each (p10/p50/p90)")
	// 5,310 of 26,553 requests; 3,204.1 s over the 10.602 s window.
	assert.Contains(t, out, "5310 requests (20.0 %) waited over 1 ms in their allocations after the sleep, 603 ms each on average: 302 workers waiting there at a time")

	// The stall rows: the twin's counts over its requests and window, and
	// the model's stalls (none without gc-lab's heap_lock; with it, most
	// after the sleep).
	for _, name := range []string{"requests stalled >1 ms after the sleep (%)", "their mean stall (ms)",
		"requests stalled >1 ms before it (%)", "workers stalled in an allocation at a time"} {
		require.Contains(t, rows, name)
		assert.Zero(t, *rows[name].Model, name)
	}
	assert.Equal(t, 20.0, *rows["requests stalled >1 ms after the sleep (%)"].JVM)
	assert.Equal(t, 603.409, *rows["their mean stall (ms)"].JVM)
	assert.Equal(t, 302.2, *rows["workers stalled in an allocation at a time"].JVM)
	code, out, stderr = loomsim(append(set, "--set", "heap_lock=on", "--json")...)
	require.Equal(t, 0, code, stderr)
	locked := decodeReport(t, out)
	// Most stalls come after the sleep (0.29 % of the requests against 0.03 % before it since the
	// Full GCs are priced at the twin's cost: a longer Full GC holds the lock over more of the
	// allocations before a sleep; 0.30 against 0.02 before; 0.36 against 0.12 since main starts
	// the workers one by one after the JVM's start, when the first requests of workers just
	// started meet a collection under way).
	assert.Greater(t, locked.Model.StallsAfterSleepPct, 2*locked.Model.StallsOtherPct)
	assert.Positive(t, locked.Model.StalledThreads)

	old := strings.Replace(twin, `"requests_per_thread"`, `"ignored"`, 1)
	old = strings.Replace(old, `"step_ms"`, `"ignored2"`, 1)
	require.NoError(t, os.WriteFile(prefix+".twin.json", []byte(old+"\n"), 0o644))
	code, out, stderr = loomsim(set...)
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, out, "request time")
	assert.NotContains(t, out, "its requests took")
	assert.NotContains(t, out, "waited over 1 ms")
	assert.NotContains(t, out, "stalled")
}

// Fresh workers on a small young generation: a young GC keeps what a dead
// old state object references (nepotism), so a whole request's state
// survives each young GC, and the old gen fills with it. The JDK 17 twin
// (kept 3 December 2026, 09:03 UTC, on a quiet machine) had 4.2 young and
// 0.12 Full GCs per 1,000 requests; without nepotism the model had 1.8 and
// 0.005 (×0.43 and ×0.04).
func TestJVMReplayOfFreshWorkersShowsNepotism(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	rep := replayReport(t, committedRun("parallel-100m-nr8-fresh-1000-0903")...)
	verdict := map[string]string{}
	for _, r := range rep.Rows {
		verdict[r.Metric] = r.Verdict
	}
	assert.Equal(t, "within", verdict["young GCs per 1,000 requests"])
	assert.Equal(t, "within", verdict["Full GCs per 1,000 requests"])
}

// -XX:NewRatio on the command line fixes G1's young generation at
// 1/(NewRatio+1) of the heap (G1YoungGenSizer). The JDK 17 twin on G1,
// 128 MB, NewRatio 8, 1,000 fresh workers (7 December 2026, 13:44 UTC) kept
// eden at 12 regions and had 1.45 young GCs per 1,000 requests; the model,
// sizing young itself as G1 does without the flag (76 regions), had 0.22
// (×0.15).
func TestJVMReplayOfG1WithNewRatioKeepsYoungFixed(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	rep := replayReport(t, committedRun("g1-128m-nr8-fresh-1000-1344")...)
	assert.Equal(t, 8.0, rep.Model.Params["new_ratio"])
	verdict := map[string]string{}
	for _, r := range rep.Rows {
		verdict[r.Metric] = r.Verdict
	}
	assert.Equal(t, "within", verdict["young GCs per 1,000 requests"])
	assert.Equal(t, "agree", verdict["Full GCs per 1,000 requests"])
}

// Serial copies what the thread stacks hold before what dead old objects
// hold, so the requests in flight stay in the survivor space and nothing
// is promoted once the start is over: the twin on Serial, 64 MB, 500 fresh
// workers (3 December 2026, 09:11 UTC) had no Full GC. Copying the held
// parts in allocation order instead gave the model 11.
func TestJVMReplayOfSerialFreshWorkersHasNoFullGC(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	rep := replayReport(t, committedRun("serial-64m-fresh-500-0911")...)
	verdict := map[string]string{}
	for _, r := range rep.Rows {
		verdict[r.Metric] = r.Verdict
	}
	assert.Equal(t, "within", verdict["young GCs per 1,000 requests"])
	assert.Equal(t, "agree", verdict["Full GCs per 1,000 requests"])
}
