package main

// loomsim jvm gc-lab: run the gc-lab workload's Java twin (jvm/GcLab.java)
// under the `java` on PATH, read its GC log, run the model with the same
// knobs and print the two side by side.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/loomlab/loomlab/gclog"
	"github.com/loomlab/loomlab/sim/scenario"
)

// installJava is the command that installs a JVM on the project's
// reference system (Debian).
const installJava = "apt-get install -y openjdk-17-jdk-headless"

// twinFile is the Java twin, relative to the module's root.
const twinFile = "jvm/GcLab.java"

// twinKnobs are the gc-lab knobs the twin takes as key=value arguments;
// the others are JVM flags.
var twinKnobs = []string{"threads", "state", "threads_kind", "garbage_kb", "data_kb", "cache_step_kb",
	"cache_max_kb", "sticky_kb", "backend_ms", "cpu_us", "duration_s"}

// Tolerances of the comparison: rates within a factor, the old gen after a
// Full GC within a relative band.
const (
	rateFactor = 1.5
	oldRel     = 0.15
)

// twinResult is the JSON line the twin prints at the end.
type twinResult struct {
	Requests      int64   `json:"requests"`
	ThroughputRPS float64 `json:"throughput_rps"`
	DurationS     float64 `json:"duration_s"`
	WindowStartS  float64 `json:"window_start_uptime_s"`
	WindowEndS    float64 `json:"window_end_uptime_s"`
	JavaVersion   string  `json:"java_version"`
	MaxHeapMB     float64 `json:"max_heap_mb"`
	// ProcessCPUS is the CPU time (user + system) of all the JVM's threads
	// over the window; absent from runs kept before the twin measured it.
	ProcessCPUS *float64 `json:"process_cpu_s"`
	LoadAvg     string   `json:"loadavg"` // the machine's load averages at the window's end
	// Schedule is, per group of the JVM's threads (its own by name, the
	// workers together), [CPU s, s runnable waiting for a CPU] over the
	// window, and since the twin counted them [times given a CPU, context
	// switches] (-1 where the kernel does not count them).
	Schedule map[string][]float64 `json:"threads_cpu_wait_s"`
	// Steps is how long the requests and their steps took, wall clock, in
	// ms at the quantiles "p50", "p75", "p90", "p99" (runs since 2 December
	// 2026): "request" whole, "alloc_before_sleep", "sleep" (with the wait
	// for a CPU after it) and "alloc_after_sleep".
	Steps map[string]map[string]float64 `json:"step_ms"`
	// PerThread is the requests each worker finished (percentiles over the
	// workers) and the correlation of a worker's count in the window's
	// first half with its count in the second.
	PerThread map[string]float64 `json:"requests_per_thread"`
}

// jvmSide is the JVM's half of the comparison, from the twin's output and
// the GC log's measured window.
type jvmSide struct {
	JavaVersion    string         `json:"java_version"`
	JDK            string         `json:"jdk"` // the gc-lab jdk value this version is
	Command        string         `json:"command"`
	Log            string         `json:"log,omitempty"` // the GC log's file name when kept (--keep)
	Requests       int64          `json:"requests"`
	ThroughputRPS  float64        `json:"throughput_rps"`
	DurationS      float64        `json:"duration_s"`
	YoungGCs       int            `json:"young_gcs"`
	FullGCs        int            `json:"full_gcs"`
	FullGCsByCause map[string]int `json:"full_gcs_by_cause"`
	OldAfterFullMB *float64       `json:"old_after_full_gc_mb"`
	GCPauseTotalMS float64        `json:"gc_pause_total_ms"`
	GCTimePct      *float64       `json:"gc_time_pct"`
	// CPUShare is the part of its CPUs' time the JVM had: its process CPU
	// over the window's wall time and its cores (nil when not measured).
	CPUShare *float64 `json:"cpu_share"`
	// PauseCPUShare is the part of their cores' time the GC threads had in
	// the window's pauses, from the log's gc+cpu lines: their CPU time over
	// the pauses' wall time and their number (nil without those lines).
	PauseCPUShare *float64 `json:"pause_cpu_share"`
	// WakeWaitUS is how long, on average, one of the JVM's threads made
	// runnable waited for a CPU: every thread's wait over the times they
	// were given a CPU, in µs (nil for runs kept before the twin counted them).
	WakeWaitUS *float64 `json:"wake_wait_us"`
	// RequestMS and the rest are the twin's step_ms and requests_per_thread
	// (nil for runs kept before it measured them).
	RequestMS  map[string]float64 `json:"request_ms,omitempty"`
	AfterSleep map[string]float64 `json:"alloc_after_sleep_ms,omitempty"`
	// BeforeSleep: the allocations before the sleep (the request's state,
	// garbage and data), timed the same way.
	BeforeSleep map[string]float64 `json:"alloc_before_sleep_ms,omitempty"`
	// SleepMS: the sleep with the wait for a CPU after it, timed the same way.
	SleepMS   map[string]float64 `json:"sleep_ms,omitempty"`
	PerThread map[string]float64 `json:"requests_per_thread,omitempty"`
	LoadAvg   string             `json:"loadavg,omitempty"`
	Summary   gclog.Summary      `json:"gc_log_summary"`
}

// modelSide is the model's half.
type modelSide struct {
	Params         map[string]any   `json:"params"`
	Requests       int64            `json:"requests"`
	ThroughputRPS  float64          `json:"throughput_rps"`
	YoungGCs       int64            `json:"young_gcs"`
	FullGCs        int64            `json:"full_gcs"`
	FullGCsByCause map[string]int64 `json:"full_gcs_by_cause"` // in HotSpot's cause names
	OldAfterFullMB *float64         `json:"old_after_full_gc_mb"`
	GCPauseTotalMS float64          `json:"gc_pause_total_ms"`
	GCTimePct      float64          `json:"gc_time_pct"`
	LatencyP50MS   float64          `json:"latency_p50_ms"`
	LatencyP99MS   float64          `json:"latency_p99_ms"`
	// The allocation stalls (gc-lab's alloc_* metrics; zero unless its
	// heap_lock is on).
	StallsAfterSleepPct float64 `json:"alloc_stalls_after_sleep_pct"`
	StallAfterSleepMS   float64 `json:"alloc_stall_after_sleep_ms"`
	StallsOtherPct      float64 `json:"alloc_stalls_other_pct"`
	StalledThreads      float64 `json:"alloc_stalled_threads"`
	// StepMS is gc-lab's step_ms: its requests' steps timed as the twin
	// times its own (step → p50/p75/p90/p99 in ms, total_s, over_1ms,
	// over_1ms_total_s).
	StepMS  map[string]map[string]float64 `json:"step_ms,omitempty"`
	Outcome string                        `json:"outcome"`
}

// compareRow is one line of the side-by-side table.
type compareRow struct {
	Metric    string   `json:"metric"`
	JVM       *float64 `json:"jvm"`
	Model     *float64 `json:"model"`
	Ratio     *float64 `json:"ratio"` // model / JVM
	Tolerance string   `json:"tolerance"`
	// Verdict: "within", "miss", "agree" (neither has any), or "info" for
	// a row without a tolerance (machine-dependent).
	Verdict string `json:"verdict"`
}

type jvmReport struct {
	JVM   jvmSide      `json:"jvm"`
	Model modelSide    `json:"model"`
	Rows  []compareRow `json:"rows"`
	// The model again on a machine of its own (cpu_share 1), when the JVM's
	// share was measured below it: what the measured share changes.
	WholeMachine     *modelSide   `json:"model_whole_machine,omitempty"`
	WholeMachineRows []compareRow `json:"rows_whole_machine,omitempty"`
	// Replay says where a replay's knobs came from (jvm_kept.go).
	Replay *replayKnobs `json:"replay,omitempty"`
}

// noJVMError is a missing `java`: exit 2 with the command that installs one.
type noJVMError struct{}

func (noJVMError) Error() string {
	return "no java on PATH: install a JDK with  " + installJava + "  (as root) and run again"
}

func cmdJVM(args []string, stdout, stderr io.Writer) (int, error) {
	o, err := parseOpts(args, "set", "json", "keep", "replay", "dir", "fidelity")
	if err != nil {
		return 2, err
	}
	if len(o.pos) == 1 && o.pos[0] == "sweep" {
		return cmdJVMSweep(o, stdout, stderr)
	}
	if len(o.pos) != 1 || o.pos[0] != "gc-lab" {
		return 2, &usageError{"usage: loomsim jvm gc-lab [--set k=v]... [--keep PREFIX | --replay PREFIX] [--json], or loomsim jvm sweep --keep DIR | --replay DIR [--fidelity FILE]"}
	}
	if o.dir != "" || o.fidelity != "" {
		return 2, &usageError{"--dir and --fidelity belong to loomsim jvm sweep"}
	}
	set := o.set
	var replayed *replayKnobs
	if o.replay != "" {
		if set, replayed, err = knobsForReplay(o.replay, o.set); err != nil {
			var u *usageError
			if errors.As(err, &u) {
				return 2, err
			}
			return 1, err
		}
	}
	rep, err := jvmPoint(set, o.keep, o.replay, func(cmd string) {
		if !o.json {
			fmt.Fprintln(stderr, "running:", cmd)
		}
	})
	if err != nil {
		return 1, err
	}
	rep.Replay = replayed
	if o.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return 0, enc.Encode(rep)
	}
	return 0, writeJVMReport(stdout, rep)
}

// jvmPoint runs the twin with the knobs set (or, with replay, reads a run
// kept earlier from replay+".log" and replay+".twin.json") and compares it with
// the model. keep, when not empty, keeps the GC log and the twin's output
// under that prefix. started is told the command before it runs.
func jvmPoint(set map[string]string, keep, replay string, started func(string)) (*jvmReport, error) {
	sc, err := scenario.Get("gc-lab")
	if err != nil {
		return nil, err
	}
	// The knobs are checked before anything runs.
	v, err := sc.Resolve("", set)
	if err != nil {
		return nil, &usageError{err.Error()}
	}
	if v.Int("requests") != 0 {
		return nil, &usageError{"requests: loomsim jvm sets it to the twin's count; leave it out"}
	}
	twinArgs := twinArguments(v)
	shown := javaCommand(v)
	var logPath string
	var out []byte
	if replay != "" {
		logPath = replay + ".log"
		if out, err = os.ReadFile(replay + ".twin.json"); err != nil {
			return nil, &usageError{fmt.Sprintf("--replay %s: %v", replay, err)}
		}
	} else {
		java, err := exec.LookPath("java")
		if err != nil {
			return nil, noJVMError{}
		}
		root, err := moduleRoot()
		if err != nil {
			return nil, err
		}
		logPath = keep + ".log"
		if keep == "" {
			dir, err := os.MkdirTemp("", "loomsim-jvm-")
			if err != nil {
				return nil, err
			}
			defer os.RemoveAll(dir)
			logPath = filepath.Join(dir, "gc.log")
		}
		started(shown)
		cmd := exec.Command(java, append(append(jvmFlags(v, logPath), filepath.Join(root, twinFile)), twinArgs...)...)
		var stdout, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &errOut
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("java failed (%v): %s", err, lastLines(errOut.String(), 3))
		}
		out = stdout.Bytes()
		if keep != "" {
			if err := os.WriteFile(keep+".twin.json", out, 0o644); err != nil {
				return nil, err
			}
			// The knobs, for a replay (jvm_kept.go).
			if err := os.WriteFile(keep+commandSuffix, []byte(shown+"\n"), 0o644); err != nil {
				return nil, err
			}
		}
	}
	twin, err := readTwin(out)
	if err != nil {
		return nil, err
	}
	rep, err := compareWithJVM(sc, v, set, twin, logPath)
	if err != nil {
		return nil, err
	}
	rep.JVM.Command = shown
	if keep != "" {
		rep.JVM.Log = filepath.Base(keep) + ".log"
	}
	return rep, nil
}

// twinArguments are the twin's knob=value arguments.
func twinArguments(v *scenario.Values) []string {
	args := make([]string, 0, len(twinKnobs))
	for _, k := range twinKnobs {
		args = append(args, k+"="+v.Text(k))
	}
	return args
}

// javaCommand is the run's command as shown and kept (the GC log as
// gc.log): knobsFromCommand reads the knobs back from it.
func javaCommand(v *scenario.Values) string {
	return "java " + strings.Join(append(jvmFlags(v, "gc.log"), twinFile), " ") + " " + strings.Join(twinArguments(v), " ")
}

// jvmFlags are the JVM flags the knobs give. A knob at its default passes
// no flag, so the JVM uses its own default, as the model does.
func jvmFlags(v *scenario.Values, logPath string) []string {
	mb := v.Text("heap_mb")
	f := []string{"-Xms" + mb + "m", "-Xmx" + mb + "m"}
	if v.Int("new_ratio") != 0 {
		f = append(f, "-XX:NewRatio="+v.Text("new_ratio"))
	}
	if v.Int("survivor_ratio") != 8 {
		f = append(f, "-XX:SurvivorRatio="+v.Text("survivor_ratio"))
	}
	switch v.Str("gc") {
	case "serial":
		f = append(f, "-XX:+UseSerialGC")
	case "g1":
		f = append(f, "-XX:+UseG1GC")
	default:
		f = append(f, "-XX:+UseParallelGC")
	}
	f = append(f, "-XX:ActiveProcessorCount="+v.Text("cores"), "-Xlog:gc*:file="+logPath)
	return f
}

// moduleRoot finds the directory of the project's go.mod, from the working
// directory up, so the twin is found wherever loomsim runs in the tree.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil &&
			bytes.HasPrefix(b, []byte("module github.com/loomlab/loomlab\n")) {
			if _, err := os.Stat(filepath.Join(dir, twinFile)); err != nil {
				return "", fmt.Errorf("the Java twin %s is missing from the module at %s", twinFile, dir)
			}
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run loomsim jvm inside the loomlab module: " + twinFile + " is found from its go.mod")
		}
		dir = parent
	}
}

// readTwin takes the twin's last JSON line from its output.
func readTwin(out []byte) (*twinResult, error) {
	l := twinLine(out)
	if l == "" {
		return nil, fmt.Errorf("the twin printed no result line: %s", clipText(string(out), 120))
	}
	var t twinResult
	if err := json.Unmarshal([]byte(l), &t); err != nil {
		return nil, fmt.Errorf("the twin's result line is not valid JSON: %v", err)
	}
	if t.WindowEndS <= t.WindowStartS || t.JavaVersion == "" {
		return nil, fmt.Errorf("the twin's result line has no measured window or Java version: %s", clipText(l, 120))
	}
	return &t, nil
}

// twinLine is the twin's result line: the last line of its output that
// starts a JSON object ("" when there is none).
func twinLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); strings.HasPrefix(l, "{") {
			return l
		}
	}
	return ""
}

// compareWithJVM reads the GC log's measured window, runs the model with
// the same knobs and the JVM's build, and builds the rows.
func compareWithJVM(sc *scenario.Scenario, v *scenario.Values, set map[string]string, twin *twinResult, logPath string) (*jvmReport, error) {
	jdk, err := scenario.JDKBuildFor(twin.JavaVersion)
	if err != nil {
		return nil, err
	}
	if want, ok := set["jdk"]; ok && want != jdk {
		return nil, &usageError{fmt.Sprintf("jdk=%s, but the java on PATH is %s (jdk %s): the JVM's version sets jdk", want, twin.JavaVersion, jdk)}
	}
	f, err := os.Open(logPath)
	if err != nil {
		return nil, fmt.Errorf("the GC log: %v", err)
	}
	defer f.Close()
	full, err := gclog.Parse(f)
	if err != nil {
		return nil, fmt.Errorf("the GC log: %v", err)
	}
	win := full.Between(gclog.Nanos(twin.WindowStartS*1e9), gclog.Nanos(twin.WindowEndS*1e9))
	sum := win.Summary()
	j := jvmSide{JavaVersion: twin.JavaVersion, JDK: jdk, Requests: twin.Requests, ThroughputRPS: twin.ThroughputRPS,
		DurationS: twin.DurationS, YoungGCs: sum.YoungGCs + sum.MixedGCs, FullGCs: sum.FullGCs,
		FullGCsByCause: map[string]int{}, OldAfterFullMB: sum.OldAfterFullMB, GCPauseTotalMS: sum.PauseTotalMS,
		GCTimePct: sum.GCTimePct, Summary: sum}
	for _, c := range sum.Causes {
		if c.Kind == gclog.Full {
			j.FullGCsByCause[c.Cause] += c.Count
		}
	}
	j.LoadAvg = twin.LoadAvg
	if sum.PauseCPUs != nil {
		// ParallelGCThreads is every CPU up to 8; Serial has one GC thread.
		threads := min(v.Int("cores"), 8)
		if v.Str("gc") == "serial" {
			threads = 1
		}
		j.PauseCPUShare = ptr(round3(min(1, *sum.PauseCPUs/float64(threads))))
	}
	if twin.ProcessCPUS != nil && twin.DurationS > 0 {
		j.CPUShare = ptr(measuredShare(*twin.ProcessCPUS, twin.DurationS, v.Int("cores")))
	}
	j.WakeWaitUS = measuredWakeWait(twin.Schedule)
	j.RequestMS, j.AfterSleep, j.PerThread = twin.Steps["request"], twin.Steps["alloc_after_sleep"], twin.PerThread
	j.BeforeSleep, j.SleepMS = twin.Steps["alloc_before_sleep"], twin.Steps["sleep"]

	modelSet := map[string]string{}
	for k, x := range set {
		modelSet[k] = x
	}
	modelSet["jdk"] = jdk
	// The model does the twin's work: as many requests as the JVM
	// completed in its window. Its GC rates per request then compare the
	// same requests per thread (caches filled as far), however much slower
	// the JVM's machine ran than the model's idle cores.
	modelSet["requests"] = strconv.FormatInt(twin.Requests, 10)
	// The model runs on the CPUs the JVM had, unless the caller set them.
	_, shareSet := set["cpu_share"]
	if !shareSet && j.CPUShare != nil {
		modelSet["cpu_share"] = strconv.FormatFloat(*j.CPUShare, 'f', -1, 64)
	}
	// And a woken thread waits as long for a CPU as the JVM's did.
	_, wakeSet := set["wake_us"]
	if !wakeSet && j.WakeWaitUS != nil {
		modelSet["wake_us"] = strconv.FormatFloat(*j.WakeWaitUS, 'f', -1, 64)
	}
	// The twin's threads are scheduled by Linux, which does not run them
	// in turn: a freed CPU takes any runnable thread (gc-lab's run_queue).
	if _, queueSet := set["run_queue"]; !queueSet {
		modelSet["run_queue"] = "random"
	}
	m, err := runModel(sc, v, modelSet)
	if err != nil {
		return nil, err
	}
	rep := &jvmReport{JVM: j, Model: *m, Rows: comparisonRows(&j, m)}
	if !shareSet && j.CPUShare != nil && *j.CPUShare < 1 {
		modelSet["cpu_share"] = "1"
		if !wakeSet {
			delete(modelSet, "wake_us") // a machine of its own: a wake-up's own cost
		}
		whole, err := runModel(sc, v, modelSet)
		if err != nil {
			return nil, err
		}
		rep.WholeMachine, rep.WholeMachineRows = whole, comparisonRows(&j, whole)
	}
	return rep, nil
}

// measuredShare is the part of its cores' time a JVM had that used cpuS
// seconds of CPU in wallS seconds, to three decimals, within cpu_share's
// range. It is what the JVM used: the part it had when it wanted more, as
// the twin's workers do when they are many (their CPU work and the GC's
// keep more threads runnable than there are cores).
func measuredShare(cpuS, wallS float64, cores int) float64 {
	share := math.Round(1000*cpuS/(wallS*float64(cores))) / 1000
	return min(max(share, 0.01), 1)
}

// measuredWakeWait is the mean time one of the JVM's threads made runnable
// waited for a CPU, in µs to one decimal and within wake_us's range: their
// waits (schedstat's second field) over the times they got a CPU (its
// third). Each time on a CPU ends in a context switch, so the twin's count
// of those must agree; nil when either count is missing (runs kept before
// the twin counted them) or they disagree by more than 2 %.
func measuredWakeWait(schedule map[string][]float64) *float64 {
	var wait, runs, switches float64
	for _, g := range schedule {
		if len(g) < 4 || g[2] < 0 || g[3] < 0 {
			return nil
		}
		wait += g[1]
		runs += g[2]
		switches += g[3]
	}
	if runs <= 0 || math.Abs(switches-runs) > 0.02*runs {
		return nil
	}
	us := math.Round(10*1e6*wait/runs) / 10
	return ptr(min(max(us, 1), 1e6))
}

// runModel runs gc-lab with the knobs set and reads the figures compared.
func runModel(sc *scenario.Scenario, v *scenario.Values, modelSet map[string]string) (*modelSide, error) {
	res, err := sc.Run("", modelSet, 1, nil)
	if err != nil {
		return nil, err
	}
	num := func(name string) float64 { x, _ := res.MetricValue(name); return x }
	m := modelSide{Params: res.Params, Requests: int64(num("requests")), ThroughputRPS: num("throughput_rps"),
		YoungGCs: int64(num("young_gcs")), FullGCs: int64(num("full_gcs")), FullGCsByCause: map[string]int64{},
		GCPauseTotalMS: num("gc_pause_total_ms"), GCTimePct: num("gc_time_pct"),
		LatencyP50MS: num("latency_p50_ms"), LatencyP99MS: num("latency_p99_ms"),
		StallsAfterSleepPct: num("alloc_stalls_after_sleep_pct"), StallAfterSleepMS: num("alloc_stall_after_sleep_ms"),
		StallsOtherPct: num("alloc_stalls_other_pct"), StalledThreads: num("alloc_stalled_threads"), Outcome: res.Outcome}
	if steps, ok := res.Metrics["step_ms"].(map[string]any); ok && len(steps) > 0 {
		m.StepMS = map[string]map[string]float64{}
		for name, figures := range steps {
			f, _ := figures.(map[string]any)
			m.StepMS[name] = map[string]float64{}
			for k, x := range f {
				switch x := x.(type) {
				case float64:
					m.StepMS[name][k] = x
				case int64:
					m.StepMS[name][k] = float64(x)
				}
			}
		}
	}
	if m.FullGCs > 0 {
		x := num("old_live_after_full_gc_mb")
		m.OldAfterFullMB = &x
	}
	if byCause, ok := res.Metrics["full_gcs_by_cause"].(map[string]any); ok {
		for c, n := range byCause {
			if k, ok := n.(int64); ok {
				m.FullGCsByCause[hotspotCause(v.Str("gc"), c)] += k
			}
		}
	}
	return &m, nil
}

// hotspotCause names a model's Full GC cause as the collector's log does:
// Parallel logs its promotion guarantee's choice as "Ergonomics"; a Full
// GC after a failed or insufficient young collection is "Allocation
// Failure" for Serial and Parallel; G1's Full GC after an evacuation
// failure is "G1 Compaction Pause".
func hotspotCause(gc, cause string) string {
	switch {
	case gc == "parallel" && cause == "ergonomics":
		return "Ergonomics"
	case gc == "g1":
		return "G1 Compaction Pause"
	}
	return "Allocation Failure"
}

func comparisonRows(j *jvmSide, m *modelSide) []compareRow {
	per1000 := func(n, req int64) float64 {
		if req <= 0 {
			return 0
		}
		return 1000 * float64(n) / float64(req)
	}
	var rows []compareRow
	rows = append(rows, rateRow("young GCs per 1,000 requests", per1000(int64(j.YoungGCs), j.Requests), per1000(m.YoungGCs, m.Requests)))
	rows = append(rows, rateRow("Full GCs per 1,000 requests", per1000(int64(j.FullGCs), j.Requests), per1000(m.FullGCs, m.Requests)))
	causes := map[string]bool{}
	for c := range j.FullGCsByCause {
		causes[c] = true
	}
	for c := range m.FullGCsByCause {
		causes[c] = true
	}
	names := make([]string, 0, len(causes))
	for c := range causes {
		names = append(names, c)
	}
	sort.Strings(names)
	for _, c := range names {
		rows = append(rows, rateRow("  Full GCs ("+c+") per 1,000", per1000(int64(j.FullGCsByCause[c]), j.Requests),
			per1000(m.FullGCsByCause[c], m.Requests)))
	}
	rows = append(rows, oldRow(j.OldAfterFullMB, m.OldAfterFullMB))
	gcj := j.GCTimePct
	rows = append(rows, infoRow("GC time share (%)", gcj, ptr(m.GCTimePct)))
	rows = append(rows, infoRow("throughput (req/s)", ptr(j.ThroughputRPS), ptr(m.ThroughputRPS)))
	// How long a request takes decides how many young GCs a per-thread
	// buffer lives through (it dies when its thread ends its next request),
	// so the shape of the requests' times, not only their mean, sets what
	// is promoted. Shown where the twin measured it.
	if p50, ok := j.RequestMS["p50"]; ok {
		rows = append(rows, infoRow("request time p50 (ms)", ptr(p50), ptr(m.LatencyP50MS)))
		if p99, ok := j.RequestMS["p99"]; ok {
			rows = append(rows, infoRow("request time p99 (ms)", ptr(p99), ptr(m.LatencyP99MS)))
		}
	}
	// The sleep with the wait for a CPU after it: for the requests that do
	// not stall, a per-thread buffer lives about this long, so its spread
	// around the young GCs' interval decides how many of their buffers see
	// two young GCs and are promoted (docs/model.md, "The heap lock as
	// HotSpot takes it").
	if js, ms := j.SleepMS, m.StepMS["sleep"]; js != nil && ms != nil {
		for _, q := range []string{"p50", "p75", "p90", "p99"} {
			rows = append(rows, infoRow("sleep and wait for a CPU "+q+" (ms)", ptr(js[q]), ptr(ms[q])))
		}
	}
	return append(rows, stallRows(j, m)...)
}

// stallRows set the model's allocation stalls beside the twin's: the
// requests whose allocations after the sleep waited over 1 ms, their mean
// wait, the requests whose other allocations did, and the workers waiting
// in an allocation at any moment (Little's law over the window). The
// model stalls only with gc-lab's heap_lock on; a JVM's stalls sit almost
// all in the first allocation after the sleep (docs/model.md, "Where the
// JVM's requests wait"). Shown where the twin timed its steps.
func stallRows(j *jvmSide, m *modelSide) []compareRow {
	a, b := j.AfterSleep, j.BeforeSleep
	if a == nil || j.Requests <= 0 || j.DurationS <= 0 {
		return nil
	}
	pct := func(n float64) float64 { return math.Round(1e4*n/float64(j.Requests)) / 100 }
	mean := 0.0
	if a["over_1ms"] > 0 {
		mean = math.Round(1e6*a["over_1ms_total_s"]/a["over_1ms"]) / 1000
	}
	waiting := a["over_1ms_total_s"] + b["over_1ms_total_s"]
	return []compareRow{
		infoRow("requests stalled >1 ms after the sleep (%)", ptr(pct(a["over_1ms"])), ptr(m.StallsAfterSleepPct)),
		infoRow("their mean stall (ms)", ptr(mean), ptr(m.StallAfterSleepMS)),
		infoRow("requests stalled >1 ms before it (%)", ptr(pct(b["over_1ms"])), ptr(m.StallsOtherPct)),
		infoRow("workers stalled in an allocation at a time", ptr(math.Round(10*waiting/j.DurationS)/10), ptr(m.StalledThreads)),
	}
}

func ptr(x float64) *float64 { return &x }

func ratio(j, m float64) *float64 {
	if j == 0 {
		return nil
	}
	return ptr(round3(m / j))
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// rateRow compares two rates within a factor; both zero agree.
func rateRow(name string, j, m float64) compareRow {
	r := compareRow{Metric: name, JVM: ptr(round3(j)), Model: ptr(round3(m)), Ratio: ratio(j, m),
		Tolerance: "×" + strconv.FormatFloat(rateFactor, 'f', -1, 64)}
	switch {
	case j == 0 && m == 0:
		r.Verdict = "agree"
	// A ratio exactly at the factor (2 Full GCs against 3) is within it;
	// the epsilon only absorbs the rounding of the two divisions.
	case j > 0 && m > 0 && m <= j*rateFactor*(1+1e-9) && m*rateFactor*(1+1e-9) >= j:
		r.Verdict = "within"
	default:
		r.Verdict = "miss"
	}
	return r
}

// oldRow compares the old gen after Full GC; when only one side had a Full
// GC there is nothing to compare it with.
func oldRow(j, m *float64) compareRow {
	r := compareRow{Metric: "old gen after Full GC (MB)", JVM: j, Model: m,
		Tolerance: "±" + strconv.Itoa(int(oldRel*100)) + " %"}
	switch {
	case j == nil && m == nil:
		r.Verdict = "agree"
	case j == nil || m == nil:
		r.Verdict = "miss"
	default:
		r.Ratio = ratio(*j, *m)
		if math.Abs(*m-*j) <= oldRel**j {
			r.Verdict = "within"
		} else {
			r.Verdict = "miss"
		}
	}
	return r
}

// infoRow shows a figure that depends on the machine the JVM ran on (pause
// times, throughput), with no tolerance.
func infoRow(name string, j, m *float64) compareRow {
	r := compareRow{Metric: name, JVM: j, Model: m, Tolerance: "—", Verdict: "info"}
	if j != nil && m != nil {
		r.Ratio = ratio(*j, *m)
	}
	return r
}

func writeJVMReport(w io.Writer, r *jvmReport) error {
	if k := r.Replay; k != nil {
		if k.From == "" {
			fmt.Fprintln(w, "Replay: the run's knobs were not kept; the model runs at --set's knobs and gc-lab's defaults for the rest")
		} else {
			fmt.Fprintf(w, "Replay: the run's knobs from %s: %s\n", k.From, strings.Join(sortedKnobs(k.Kept), " "))
		}
		if len(k.Overridden) > 0 {
			fmt.Fprintf(w, "        overridden by --set: %s\n", strings.Join(k.Overridden, ", "))
		}
	}
	fmt.Fprintf(w, "JVM: Java %s (jdk=%s), %d requests in %.1f s\n", r.JVM.JavaVersion, r.JVM.JDK, r.JVM.Requests, r.JVM.DurationS)
	if r.JVM.CPUShare != nil {
		fmt.Fprintf(w, "     its CPUs: %.3f of each core's time (its process CPU over the window's wall time and cores; load average %s)\n", *r.JVM.CPUShare, r.JVM.LoadAvg)
	}
	if r.JVM.PauseCPUShare != nil {
		fmt.Fprintf(w, "     its GC threads in pauses: %.3f of each of their cores' time (the GC log's User+Sys over Real)\n", *r.JVM.PauseCPUShare)
	}
	if r.JVM.WakeWaitUS != nil {
		fmt.Fprintf(w, "     its threads waited %.1f µs for a CPU each time they were made runnable (schedstat, mean)\n", *r.JVM.WakeWaitUS)
	}
	if q := r.JVM.RequestMS; q != nil {
		fmt.Fprintf(w, "     its requests took %s ms (p50/p75/p90/p99); their allocations after the sleep %s ms\n", quartet(q), quartet(r.JVM.AfterSleep))
	}
	if a := r.JVM.AfterSleep; a["over_1ms"] > 0 && r.JVM.Requests > 0 && r.JVM.DurationS > 0 {
		// By Little's law the stalls' total time over the window is how
		// many workers were waiting there at any moment, on average.
		fmt.Fprintf(w, "     %.0f requests (%.1f %%) waited over 1 ms in their allocations after the sleep, %.0f ms each on average: %.0f workers waiting there at a time\n",
			a["over_1ms"], 100*a["over_1ms"]/float64(r.JVM.Requests), 1000*a["over_1ms_total_s"]/a["over_1ms"], a["over_1ms_total_s"]/r.JVM.DurationS)
	}
	if p := r.JVM.PerThread; p != nil {
		fmt.Fprintf(w, "     its workers finished %.0f/%.0f/%.0f requests each (p10/p50/p90); a worker's first half against its second: correlation %.2f\n",
			p["p10"], p["p50"], p["p90"], p["halves_correlation"])
	}
	fmt.Fprintf(w, "model: gc-lab, %d requests, cpu_share %v, wake_us %v, %s\n", r.Model.Requests, r.Model.Params["cpu_share"], r.Model.Params["wake_us"], r.Model.Outcome)
	if m := r.WholeMachine; m != nil {
		per1000 := func(n int64) float64 { return 1000 * float64(n) / float64(max(m.Requests, 1)) }
		fmt.Fprintf(w, "       on a machine of its own (cpu_share 1): %.3f young and %.3f Full GCs per 1,000 requests\n",
			per1000(m.YoungGCs), per1000(m.FullGCs))
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\tJVM\tmodel\tratio\ttolerance\tverdict\t")
	show := func(x *float64) string {
		if x == nil {
			return "—"
		}
		return strconv.FormatFloat(*x, 'f', -1, 64)
	}
	for _, row := range r.Rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t\n", row.Metric, show(row.JVM), show(row.Model), show(row.Ratio), row.Tolerance, row.Verdict)
	}
	return tw.Flush()
}

// quartet is a step's p50/p75/p90/p99 in ms, as the twin measured them.
func quartet(q map[string]float64) string {
	parts := make([]string, 0, 4)
	for _, k := range []string{"p50", "p75", "p90", "p99"} {
		parts = append(parts, strconv.FormatFloat(q[k], 'f', 1, 64))
	}
	return strings.Join(parts, "/")
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return clipText(strings.Join(lines, " | "), 400)
}

func clipText(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
