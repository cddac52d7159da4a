package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/loomlab/loomlab/build/wasmjumps"
	"github.com/loomlab/loomlab/build/wasmopt"
	"github.com/loomlab/loomlab/sim/scenario"
)

// CaseRun is one article case run to completion, natively or in wasm.
type CaseRun struct {
	Ref        string // scenario/case
	Set        []string
	Outcome    string
	SimSeconds float64
	// WallSeconds is the simulation's own wall time per run (loomsim's
	// wall_seconds; in wasm, the mean of the warm runs when there were
	// any); ProcessSeconds adds the process's start and exit (node's start
	// and the wasm compile, in wasm).
	WallSeconds    float64
	ProcessSeconds float64
	FirstWall      float64 // wasm: the first (cold) run
	Runs           int     // runs timed (wasm: warm runs, 0 when only the first)
	Events         int64
	PeakRSS        int64  // bytes, the largest over the runs' processes
	SysBytes       uint64 // wasm: the Go runtime's memory (the linear memory)
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
		for run.Runs == 0 || (wall < o.min.Seconds() && run.Runs < maxRuns) {
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
			proc += p.wall.Seconds()
			run.PeakRSS = max(run.PeakRSS, p.maxRSS)
			run.Outcome, run.SimSeconds, run.Events = r.Outcome, r.SimSeconds, r.Events
		}
		run.WallSeconds = wall / float64(run.Runs)
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
	if err := goBuild(o.goCmd, []string{"GOOS=js", "GOARCH=wasm"}, bin, "./bench/wasmrun"); err != nil {
		return nil, err
	}
	// As the page ships its worker: forward jumps made direct
	// (build/wasmjumps), then binaryen's -O3 (build/wasmopt).
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
		var r wasmResult
		p, err := runJSON("node", args, &r)
		if err != nil {
			return nil, fmt.Errorf("wasmrun %s under node: %v", c.ref, err)
		}
		run := CaseRun{Ref: c.ref, Set: c.set, Outcome: r.Outcome, SimSeconds: r.SimSeconds,
			WallSeconds: r.WallSeconds, ProcessSeconds: p.wall.Seconds(), FirstWall: r.FirstWall, Runs: r.Runs,
			Events: r.Events, PeakRSS: p.maxRSS, SysBytes: r.SysBytes}
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

func goBuild(goCmd string, env []string, out, pkg string) error {
	cmd := exec.Command(goCmd, "build", "-o", out, pkg)
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
