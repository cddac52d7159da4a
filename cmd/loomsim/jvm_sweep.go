package main

// loomsim jvm sweep: make jvm-check's sweep. It runs the Java twin at every
// point of sweepPoints, one at a time (the JVM wants the machine's cores to
// itself), keeps each GC log and twin output, and writes FIDELITY.md: one
// row per point, model against JVM, and every miss with its reason. With
// --replay it reads the kept runs again instead, so the table follows the
// model without running a JVM.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// sweepPoint is one JVM run of the sweep.
type sweepPoint struct {
	Name string
	Set  [][2]string
}

// sweepPoints go from tight heaps to roomy ones, pooled and fresh, for
// Parallel, Serial and G1, with 500 and 1,000 threads, and NewRatio 8 where
// it changes how the collector sizes young (Parallel's fixed ratio, G1's
// adaptive sizing switched off). 1,000 pooled threads
// keep ~73 MB of caches and buffers live, so they get 128 MB or more; 500
// keep half that. Each run is 6 s of workload (the JVM adds 5-15 s of
// startup on a shared 2-core machine), so the sweep stays within 10 minutes.
var sweepPoints = []sweepPoint{
	{"parallel-64m-pooled-500", [][2]string{{"gc", "parallel"}, {"heap_mb", "64"}, {"threads", "500"}, {"state", "pooled"}}},
	{"parallel-64m-fresh-500", [][2]string{{"gc", "parallel"}, {"heap_mb", "64"}, {"threads", "500"}, {"state", "fresh"}}},
	{"parallel-100m-nr8-pooled-1000", [][2]string{{"gc", "parallel"}, {"heap_mb", "100"}, {"new_ratio", "8"}, {"threads", "1000"}, {"state", "pooled"}}},
	{"parallel-100m-nr8-fresh-1000", [][2]string{{"gc", "parallel"}, {"heap_mb", "100"}, {"new_ratio", "8"}, {"threads", "1000"}, {"state", "fresh"}}},
	{"parallel-128m-pooled-1000", [][2]string{{"gc", "parallel"}, {"heap_mb", "128"}, {"threads", "1000"}, {"state", "pooled"}}},
	{"parallel-256m-pooled-1000", [][2]string{{"gc", "parallel"}, {"heap_mb", "256"}, {"threads", "1000"}, {"state", "pooled"}}},
	{"parallel-256m-fresh-1000", [][2]string{{"gc", "parallel"}, {"heap_mb", "256"}, {"threads", "1000"}, {"state", "fresh"}}},
	{"serial-64m-pooled-500", [][2]string{{"gc", "serial"}, {"heap_mb", "64"}, {"threads", "500"}, {"state", "pooled"}}},
	{"serial-64m-fresh-500", [][2]string{{"gc", "serial"}, {"heap_mb", "64"}, {"threads", "500"}, {"state", "fresh"}}},
	{"serial-128m-pooled-1000", [][2]string{{"gc", "serial"}, {"heap_mb", "128"}, {"threads", "1000"}, {"state", "pooled"}}},
	{"serial-256m-fresh-1000", [][2]string{{"gc", "serial"}, {"heap_mb", "256"}, {"threads", "1000"}, {"state", "fresh"}}},
	{"g1-64m-pooled-500", [][2]string{{"gc", "g1"}, {"heap_mb", "64"}, {"threads", "500"}, {"state", "pooled"}}},
	{"g1-128m-fresh-1000", [][2]string{{"gc", "g1"}, {"heap_mb", "128"}, {"threads", "1000"}, {"state", "fresh"}}},
	{"g1-128m-nr8-fresh-1000", [][2]string{{"gc", "g1"}, {"heap_mb", "128"}, {"new_ratio", "8"}, {"threads", "1000"}, {"state", "fresh"}}},
	{"g1-256m-pooled-1000", [][2]string{{"gc", "g1"}, {"heap_mb", "256"}, {"threads", "1000"}, {"state", "pooled"}}},
}

// sweepDuration is each run's duration_s.
const sweepDuration = "6"

// sweepMeta is what the sweep records about the machine and the JVM, so a
// replay writes the same header.
type sweepMeta struct {
	Date        string `json:"date"`
	JavaVersion string `json:"java_version"` // java -version's first lines
	Machine     string `json:"machine"`
	Load        string `json:"load_average,omitempty"`
}

func cmdJVMSweep(o *opts, stdout, stderr io.Writer) (int, error) {
	if (o.keep == "") == (o.replay == "") {
		return 2, &usageError{"loomsim jvm sweep needs --keep DIR (run the JVM, keep its logs there) or --replay DIR (compare the kept runs again)"}
	}
	if len(o.set) > 0 || o.json {
		return 2, &usageError{"loomsim jvm sweep takes no --set or --json: its points are fixed (cmd/loomsim/jvm_sweep.go)"}
	}
	dir := o.keep + o.replay
	meta, err := sweepMetadata(dir, o.replay != "")
	if err != nil {
		return 1, err
	}
	var reps []*jvmReport
	for i, p := range sweepPoints {
		set := map[string]string{"duration_s": sweepDuration}
		for _, kv := range p.Set {
			set[kv[0]] = kv[1]
		}
		prefix := filepath.Join(dir, p.Name)
		keep, replay := prefix, ""
		if o.replay != "" {
			keep, replay = "", prefix
		}
		fmt.Fprintf(stderr, "[%d/%d] %s\n", i+1, len(sweepPoints), p.Name)
		rep, err := jvmPoint(set, keep, replay, func(string) {})
		if err != nil {
			var nj noJVMError
			if errors.As(err, &nj) {
				return 2, err
			}
			return 1, fmt.Errorf("%s: %v", p.Name, err)
		}
		reps = append(reps, rep)
	}
	reasons, err := readReasons(filepath.Join("testdata", "jvm-check", "reasons.txt"))
	if err != nil {
		return 1, err
	}
	var w io.Writer = stdout
	if o.fidelity != "" {
		f, err := os.Create(o.fidelity)
		if err != nil {
			return 1, err
		}
		defer f.Close()
		w = f
	}
	if err := writeFidelity(w, meta, reps, reasons); err != nil {
		return 1, err
	}
	return 0, nil
}

// sweepMetadata records the date, the JVM and the machine in dir/sweep.json
// (or, on a replay, reads them back).
func sweepMetadata(dir string, replay bool) (*sweepMeta, error) {
	file := filepath.Join(dir, "sweep.json")
	var m sweepMeta
	if replay {
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, &usageError{fmt.Sprintf("--replay %s: %v", dir, err)}
		}
		return &m, json.Unmarshal(b, &m)
	}
	java, err := exec.LookPath("java")
	if err != nil {
		return nil, noJVMError{}
	}
	out, err := exec.Command(java, "-version").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("java -version: %v", err)
	}
	m.Date = time.Now().UTC().Format("2006-01-02 15:04 UTC")
	m.JavaVersion = strings.Join(strings.Split(strings.TrimSpace(string(out)), "\n"), "; ")
	m.Machine = fmt.Sprintf("%s/%s, %d CPUs", runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.Machine += ", " + strings.TrimSpace(v)
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			m.Load = strings.Join(f[:3], " ")
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	return &m, os.WriteFile(file, append(b, '\n'), 0o644)
}

// missReason explains the misses of points matching Point (a path.Match
// pattern) on metrics starting with Metric.
type missReason struct {
	Point, Metric, Reason string
}

// readReasons reads "point-pattern | metric-prefix | reason" lines; # starts
// a comment.
func readReasons(file string) ([]missReason, error) {
	f, err := os.Open(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rs []missReason
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		parts := strings.SplitN(l, "|", 3)
		if len(parts) != 3 {
			return nil, fmt.Errorf("%s:%d: expected point-pattern | metric-prefix | reason", file, n)
		}
		rs = append(rs, missReason{strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]), strings.TrimSpace(parts[2])})
	}
	return rs, sc.Err()
}

func reasonFor(rs []missReason, point, metric string) string {
	for _, r := range rs {
		if ok, _ := path.Match(r.Point, point); ok && strings.HasPrefix(strings.TrimSpace(metric), r.Metric) {
			return r.Reason
		}
	}
	return "not explained yet"
}

// writeFidelity writes FIDELITY.md.
func writeFidelity(w io.Writer, meta *sweepMeta, reps []*jvmReport, reasons []missReason) error {
	fmt.Fprintln(w, "# FIDELITY: the model against a real JVM")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Written by `make jvm-check` (`loomsim jvm sweep`): each point runs the gc-lab workload's Java twin,")
	fmt.Fprintln(w, "`jvm/GcLab.java`, under a real JVM with `-Xlog:gc*`, reads the GC log's measured window, and runs the")
	fmt.Fprintln(w, "`gc-lab` model with the same knobs for the same number of requests. Rates are per 1,000 requests, so")
	fmt.Fprintln(w, "they do not depend on how fast the machine ran the JVM; pause times and throughput do, and are not")
	fmt.Fprintln(w, "compared. Tolerances: ×1.5 for GC rates (the aim is ×1.2), ±15 % for the old gen after Full GC.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "The machine is shared, so the JVM had only part of its CPUs: the twin measures its process CPU (user +")
	fmt.Fprintln(w, "system, every thread's) over the window, and that over the window's wall time and the 2 cores is the")
	fmt.Fprintln(w, "JVM's CPU share. The model runs with it as `cpu_share` (every CPU burst, GC pause and marking thread")
	fmt.Fprintln(w, "takes 1/cpu_share as long: sim/cpushare.go), and again on a machine of its own (`cpu_share=1`, as")
	fmt.Fprintln(w, "before the share was measured); each cell shows the model's rate at the whole machine → at the share.")
	fmt.Fprintln(w, "The verdicts are the model's at the measured share. Beside the share: the GC threads' share of their")
	fmt.Fprintln(w, "cores in the pauses, from the GC log's `User= Sys= Real=` lines (Serial has one GC thread, the others 2);")
	fmt.Fprintln(w, "and, in runs since 2 December 2026, how long the JVM's threads waited for a CPU each time they were made")
	fmt.Fprintln(w, "runnable (their schedstat wait over the times they got a CPU), which the model takes as `wake_us` (its")
	fmt.Fprintln(w, "wake latency; 50 µs on a machine of its own and in runs kept before it was measured).")
	fmt.Fprintln(w)
	fmt.Fprintf(w, "- Date: %s\n- JVM: %s\n- Machine: %s", meta.Date, meta.JavaVersion, meta.Machine)
	if meta.Load != "" {
		fmt.Fprintf(w, " (load average %s when the sweep started: the machine is shared)", meta.Load)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "- Each point: `duration_s=%s`, every other knob at its default unless the point names it.\n\n", sweepDuration)

	var rate, rate12, rateIn, old, old5, oldIn int
	var wRate, wRate12, wRateIn, wOld, wOldIn int
	fmt.Fprintln(w, "Rates are per 1,000 requests with the counts in brackets; the ratio is model / JVM.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| point | requests | CPU share (load average); GC threads' share in pauses; wait for a CPU | young GCs: JVM · model 1 → share | Full GCs: JVM · model 1 → share | old after Full GC MB: JVM · model 1 → share | GC time %: JVM · model | verdicts |")
	fmt.Fprintln(w, "|---|--:|---|---|---|---|---|---|")
	var misses []miss
	for i, r := range reps {
		name := sweepPoints[i].Name
		cell := map[string]compareRow{}
		var verdicts []string
		for _, row := range r.Rows {
			cell[row.Metric] = row
			switch {
			case row.Tolerance == "—":
			case strings.HasPrefix(row.Metric, "old"):
				if row.Verdict != "agree" {
					old++
					if row.Verdict == "within" {
						oldIn++
						if row.Ratio != nil && *row.Ratio >= 0.95 && *row.Ratio <= 1.05 {
							old5++
						}
					}
				}
			case !strings.HasPrefix(row.Metric, "  "):
				if row.Verdict != "agree" {
					rate++
					if row.Verdict == "within" {
						rateIn++
						if *row.Ratio >= 1/1.2 && *row.Ratio <= 1.2 {
							rate12++
						}
					}
				}
			}
			if row.Verdict == "miss" {
				verdicts = append(verdicts, "miss: "+strings.TrimSpace(row.Metric))
				misses = append(misses, miss{name, row.Metric, fmt.Sprintf("JVM %s, model %s", fmtPtr(row.JVM), fmtPtr(row.Model))})
			}
		}
		if len(verdicts) == 0 {
			verdicts = []string{"all within"}
		}
		// The model on a machine of its own: the same rows when the share
		// was not measured below 1.
		whole, wholeSide := r.Rows, &r.Model
		if r.WholeMachine != nil {
			whole, wholeSide = r.WholeMachineRows, r.WholeMachine
		}
		wcell := map[string]compareRow{}
		for _, row := range whole {
			wcell[row.Metric] = row
			switch {
			case row.Tolerance == "—" || row.Verdict == "agree":
			case strings.HasPrefix(row.Metric, "old"):
				wOld++
				if row.Verdict == "within" {
					wOldIn++
				}
			case !strings.HasPrefix(row.Metric, "  "):
				wRate++
				if row.Verdict == "within" {
					wRateIn++
					if *row.Ratio >= 1/1.2 && *row.Ratio <= 1.2 {
						wRate12++
					}
				}
			}
		}
		share := "not measured"
		if r.JVM.CPUShare != nil {
			share = fmtPtr(r.JVM.CPUShare)
			if r.JVM.LoadAvg != "" {
				share += " (load " + strings.Fields(r.JVM.LoadAvg)[0] + ")"
			}
		}
		if r.JVM.PauseCPUShare != nil {
			share += "; GC threads in pauses " + fmtPtr(r.JVM.PauseCPUShare)
		}
		if r.JVM.WakeWaitUS != nil {
			share += fmt.Sprintf("; wait for a CPU %.2f ms", *r.JVM.WakeWaitUS/1000)
		}
		y, f, o, g := cell["young GCs per 1,000 requests"], cell["Full GCs per 1,000 requests"], cell["old gen after Full GC (MB)"], cell["GC time share (%)"]
		wy, wf, wo := wcell["young GCs per 1,000 requests"], wcell["Full GCs per 1,000 requests"], wcell["old gen after Full GC (MB)"]
		fmt.Fprintf(w, "| %s | %d | %s | %s (%d) · %s (%d) → %s (%d), ×%s | %s (%d) · %s (%d) → %s (%d), ×%s | %s · %s → %s | %s · %s | %s |\n", name,
			r.JVM.Requests, share,
			fmtPtr(y.JVM), r.JVM.YoungGCs, fmtPtr(wy.Model), wholeSide.YoungGCs, fmtPtr(y.Model), r.Model.YoungGCs, fmtPtr(y.Ratio),
			fmtPtr(f.JVM), r.JVM.FullGCs, fmtPtr(wf.Model), wholeSide.FullGCs, fmtPtr(f.Model), r.Model.FullGCs, fmtPtr(f.Ratio),
			fmtPtr(o.JVM), fmtPtr(wo.Model), fmtPtr(o.Model), fmtPtr(g.JVM), fmtPtr(g.Model), strings.Join(verdicts, "; "))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "**Summary.** GC rates (young and Full GCs per 1,000 requests, rows where either side had any): %d of %d within ×1.5, %d within ×1.2. Old gen after Full GC (points where either side had a Full GC): %d of %d within ±15 %%, %d within ±5 %%.\n\n",
		rateIn, rate, rate12, oldIn, old, old5)
	fmt.Fprintf(w, "The model on a machine of its own (`cpu_share=1`, the same JVM runs): GC rates %d of %d within ×1.5, %d within ×1.2; old gen after Full GC %d of %d within ±15 %%.\n\n",
		wRateIn, wRate, wRate12, wOldIn, wOld)
	fmt.Fprintln(w, "## Misses and their reasons")
	fmt.Fprintln(w)
	if len(misses) == 0 {
		fmt.Fprintln(w, "None.")
	}
	writeMisses(w, misses, reasons)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "## Commands")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Each point's JVM command (run from the repository's root; the GC log goes where `-Xlog` says):")
	fmt.Fprintln(w)
	for i, r := range reps {
		fmt.Fprintf(w, "- `%s`: `%s`\n", sweepPoints[i].Name, r.JVM.Command)
	}
	return nil
}

// miss is one verdict of FIDELITY.md's table that is not within its
// tolerance: the point, the metric and the two sides' values.
type miss struct{ point, metric, detail string }

// writeMisses lists the misses with their reasons. A point's misses that
// share a reason are one item naming each metric (a Full GC count and the
// same count by its cause printed the same long reason twice).
func writeMisses(w io.Writer, misses []miss, reasons []missReason) {
	for i := 0; i < len(misses); {
		m := misses[i]
		why := reasonFor(reasons, m.point, m.metric)
		metrics, details := []string{strings.TrimSpace(m.metric)}, []string{m.detail}
		j := i + 1
		for ; j < len(misses) && misses[j].point == m.point && reasonFor(reasons, misses[j].point, misses[j].metric) == why; j++ {
			metrics = append(metrics, strings.TrimSpace(misses[j].metric))
			if !slices.Contains(details, misses[j].detail) {
				details = append(details, misses[j].detail) // the same values said once
			}
		}
		fmt.Fprintf(w, "- **%s, %s** (%s): %s\n", m.point, strings.Join(metrics, "; "), strings.Join(details, "; "), why)
		i = j
	}
}

func fmtPtr(x *float64) string {
	if x == nil {
		return "—"
	}
	return strconv.FormatFloat(*x, 'f', -1, 64)
}
