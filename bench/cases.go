package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/loomlab/loomlab/build/wasmjumps"
	"github.com/loomlab/loomlab/build/wasmopt"
	"github.com/loomlab/loomlab/build/workerflags"
	"github.com/loomlab/loomlab/sim/scenario"
)

// CaseRun is one article case run to completion, natively or in wasm.
type CaseRun struct {
	Ref        string // scenario/case
	Set        []string
	Outcome    string
	SimSeconds float64
	// WallSeconds is the simulation's own wall time per run (loomsim's
	// wall_seconds, the median of the runs; in wasm, the mean of the warm
	// runs when there were any, of the median process for the goal case);
	// ProcessSeconds adds the process's start and exit (node's start
	// and the wasm compile, in wasm).
	WallSeconds    float64
	ProcessSeconds float64
	FirstWall      float64 // wasm: the first (cold) run
	Runs           int     // runs timed (wasm: warm runs, 0 when only the first)
	Events         int64
	PeakRSS        int64  // bytes, the largest over the runs' processes
	SysBytes       uint64 // wasm: the Go runtime's memory (the linear memory)
	// Walls is each timed run's wall seconds when the case was timed more
	// than once (natively every run; in wasm one per node process, the
	// goal case only): WallSeconds is their median.
	Walls []float64
}

// Speed is virtual seconds per wall second.
func (c CaseRun) Speed() float64 { return ratio(c.SimSeconds, c.WallSeconds) }

// EventsPerSecond is events per wall second.
func (c CaseRun) EventsPerSecond() float64 { return ratio(float64(c.Events), c.WallSeconds) }

func ratio(a, b float64) float64 {
	if b <= 0 {
		return 0
	}
	return a / b
}

// Cases is a section of case runs.
type Cases struct {
	Load Load
	Runs []CaseRun
	Took time.Duration
	// RSSFloor is the peak RSS the helper reports for a program that uses
	// almost nothing (true): no peak RSS below it can be told apart.
	RSSFloor int64
}

type caseSpec struct {
	ref string
	set []string // knob=value, sorted
}

// allCases lists every case of every scenario, with the scenario's Short
// knobs when short.
func allCases(short bool) []caseSpec {
	var out []caseSpec
	for _, s := range scenario.All() {
		var set []string
		if short {
			for k, v := range s.ShortSet() {
				set = append(set, k+"="+v)
			}
			sort.Strings(set)
		}
		for _, c := range s.Cases {
			out = append(out, caseSpec{ref: s.ID + "/" + c.ID, set: set})
		}
	}
	return out
}

// maxRuns bounds the repetitions of a very short case.
const maxRuns = 50

// goalRuns is how many times the goal case's full run (budgetRef) is
// timed, natively, under node and in the page's worker; the median counts
// against the goal. Runs of one build differ by a few per cent (bench/notes.md,
// 7 December: the worker's 60 virtual s in 5.82 s and in 6.03 s, load
// under 1.3 both times), as much as a goal's margin, so one run cannot tell
// on which side of a goal the code is.
const goalRuns = 3

// timesRun is how many runs of case ref at least are timed.
func timesRun(ref, cases string) int {
	if ref == budgetRef && cases == "all" {
		return goalRuns
	}
	return 1
}

// median of xs (the mean of the middle two for an even count); 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// medianRun is the index of the run whose wall time is the median of an
// odd number of runs (the first of the middle two for an even number).
func medianRun(walls []float64) int {
	idx := make([]int, len(walls))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(walls[a], walls[b]) })
	return idx[(len(idx)-1)/2]
}

func runNative(o options, tmp string) (*Cases, error) {
	bin := filepath.Join(tmp, "loomsim")
	if err := goBuild(o.goCmd, nil, bin, "./cmd/loomsim"); err != nil {
		return nil, err
	}
	sec := &Cases{Load: startLoad(), RSSFloor: rssFloor()}
	start := time.Now()
	for _, c := range allCases(o.cases == "short") {
		run := CaseRun{Ref: c.ref, Set: c.set}
		var wall, proc float64
		need := timesRun(c.ref, o.cases)
		for run.Runs < need || (wall < o.min.Seconds() && run.Runs < maxRuns) {
			args := []string{"run", c.ref, "--json"}
			for _, kv := range c.set {
				args = append(args, "--set", kv)
			}
			var r scenario.Result
			p, err := runJSON(bin, args, &r)
			if err != nil {
				return nil, fmt.Errorf("loomsim %s: %v", strings.Join(args, " "), err)
			}
			run.Runs++
			wall += r.WallSeconds
			run.Walls = append(run.Walls, r.WallSeconds)
			proc += p.wall.Seconds()
			run.PeakRSS = max(run.PeakRSS, p.maxRSS)
			run.Outcome, run.SimSeconds, run.Events = r.Outcome, r.SimSeconds, r.Events
		}
		run.WallSeconds = median(run.Walls)
		if run.Runs == 1 {
			run.Walls = nil
		}
		run.ProcessSeconds = proc / float64(run.Runs)
		logf("bench: native %-36s %8.3f s virtual in %7.3f s wall (%d runs): %8.1f× real time, peak RSS %s",
			c.ref, run.SimSeconds, run.WallSeconds, run.Runs, run.Speed(), mb(run.PeakRSS))
		sec.Runs = append(sec.Runs, run)
	}
	sec.Took = time.Since(start)
	sec.Load.end()
	return sec, nil
}

func runWasm(o options, tmp string) (*Cases, error) {
	if _, err := exec.LookPath("node"); err != nil {
		return nil, fmt.Errorf("node is needed to run the cases in wasm (apt-get install -y nodejs), or pass -wasm=false")
	}
	goroot, err := goEnv(o.goCmd, "GOROOT")
	if err != nil {
		return nil, err
	}
	execJS := filepath.Join(goroot, "lib", "wasm", "wasm_exec_node.js")
	bin := filepath.Join(tmp, "wasmrun.wasm")
	// As the page ships its worker: its simulator without bounds checks
	// (build/workerflags), forward jumps made direct (build/wasmjumps),
	// then binaryen's -O3 (build/wasmopt).
	if err := goBuild(o.goCmd, []string{"GOOS=js", "GOARCH=wasm"}, bin, "./bench/wasmrun", workerflags.GoBuild...); err != nil {
		return nil, err
	}
	if _, err := wasmjumps.RewriteFile(bin); err != nil {
		return nil, err
	}
	if err := wasmopt.Optimize("web", bin); err != nil {
		return nil, err
	}
	sec := &Cases{Load: startLoad()}
	start := time.Now()
	for _, c := range allCases(o.cases == "short") {
		args := []string{execJS, bin, "-min", o.min.String(), "-warm", wasmWarm.String()}
		for _, kv := range c.set {
			args = append(args, "-set", kv)
		}
		args = append(args, c.ref)
		// The goal case in goalRuns processes (each its own cold start):
		// the run with the median wall time is the one reported.
		var runs []CaseRun
		var walls []float64
		for range timesRun(c.ref, o.cases) {
			var r wasmResult
			p, err := runJSON("node", args, &r)
			if err != nil {
				return nil, fmt.Errorf("wasmrun %s under node: %v", c.ref, err)
			}
			runs = append(runs, CaseRun{Ref: c.ref, Set: c.set, Outcome: r.Outcome, SimSeconds: r.SimSeconds,
				WallSeconds: r.WallSeconds, ProcessSeconds: p.wall.Seconds(), FirstWall: r.FirstWall, Runs: r.Runs,
				Events: r.Events, PeakRSS: p.maxRSS, SysBytes: r.SysBytes})
			walls = append(walls, r.WallSeconds)
		}
		run := runs[medianRun(walls)]
		if len(runs) > 1 {
			run.Walls = walls
			for _, x := range runs {
				run.PeakRSS = max(run.PeakRSS, x.PeakRSS)
			}
		}
		logf("bench: wasm   %-36s %8.3f s virtual in %7.3f s wall (first run %.3f s, %d warm): %8.1f× real time, node peak RSS %s",
			c.ref, run.SimSeconds, run.WallSeconds, run.FirstWall, run.Runs, run.Speed(), mb(run.PeakRSS))
		sec.Runs = append(sec.Runs, run)
	}
	sec.Took = time.Since(start)
	sec.Load.end()
	return sec, nil
}

// wasmWarm: a case whose first run in wasm is shorter than this is run
// again, warm, and timed on the warm runs (see bench/wasmrun).
const wasmWarm = 5 * time.Second

// wasmResult is what bench/wasmrun prints.
type wasmResult struct {
	Outcome     string  `json:"outcome"`
	SimSeconds  float64 `json:"sim_seconds"`
	WallSeconds float64 `json:"wall_seconds"`
	FirstWall   float64 `json:"first_wall_seconds"`
	Runs        int     `json:"runs"`
	Events      int64   `json:"events"`
	SysBytes    uint64  `json:"sys_bytes"`
}

type procStats struct {
	wall   time.Duration
	maxRSS int64 // bytes
}

// runJSON runs a program (through the peak-RSS helper, see rssexec.go)
// and decodes its standard output as JSON into out.
func runJSON(name string, args []string, out any) (procStats, error) {
	cmd := viaRSSExec(name, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	p := procStats{wall: time.Since(start)}
	msg, rss := cutRSSLine(stderr.Bytes())
	if err != nil {
		return p, fmt.Errorf("%v\n%s", err, tail(msg, 2000))
	}
	p.maxRSS = rss
	if err := json.Unmarshal(stdout.Bytes(), out); err != nil {
		return p, fmt.Errorf("reading its JSON: %v\n%s", err, tail(stdout.Bytes(), 2000))
	}
	return p, nil
}

func goBuild(goCmd string, env []string, out, pkg string, flags ...string) error {
	cmd := exec.Command(goCmd, append(append([]string{"build"}, flags...), "-o", out, pkg)...)
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s go build %s: %v\n%s", strings.Join(env, " "), pkg, err, b)
	}
	return nil
}

func goEnv(goCmd, name string) (string, error) {
	b, err := exec.Command(goCmd, "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("%s env %s: %v", goCmd, name, err)
	}
	return strings.TrimSpace(string(b)), nil
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}
