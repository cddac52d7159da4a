// Command wasmrun runs one article case to completion and prints how long
// it took, as one JSON object. The bench program builds it with GOOS=js
// GOARCH=wasm, makes its forward jumps direct as the page's build does
// (build/wasmjumps), and runs it under node, to compare the simulator's
// speed in WebAssembly with the native loomsim. It is plain Go, so it also runs
// natively:
//
//	wasmrun [-set k=v]... [-seed N] [-min 200ms] [-warm 5s] SCENARIO/CASE
//
// The first run is cold: under V8 it runs baseline-compiled code until the
// optimising tier has caught up, which weighs on a short run. A first run
// shorter than -warm is followed by warm runs (same seed, same result)
// until they add up to -min; wall_seconds is then the mean of the warm runs
// and first_wall_seconds the cold one.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/loomlab/loomlab/sim/scenario"
)

// Result is what wasmrun prints.
type Result struct {
	Scenario    string  `json:"scenario"`
	Case        string  `json:"case"`
	Outcome     string  `json:"outcome"`
	SimSeconds  float64 `json:"sim_seconds"`
	WallSeconds float64 `json:"wall_seconds"`       // mean of the warm runs, or the first run alone
	FirstWall   float64 `json:"first_wall_seconds"` // the first (cold) run
	Runs        int     `json:"runs"`               // warm runs (0: only the first)
	Events      int64   `json:"events"`
	// SysBytes is the memory the Go runtime obtained from the host: in
	// wasm, the size of the linear memory, which never shrinks, so the peak.
	SysBytes uint64 `json:"sys_bytes"`
}

type setFlag map[string]string

func (s setFlag) String() string { return fmt.Sprint(map[string]string(s)) }
func (s setFlag) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok {
		return fmt.Errorf("-set %q: expected knob=value", v)
	}
	s[k] = val
	return nil
}

func main() {
	set := setFlag{}
	flag.Var(set, "set", "knob=value (repeatable)")
	seed := flag.Uint64("seed", 1, "seed")
	min := flag.Duration("min", 200*time.Millisecond, "warm runs add up to this much wall time")
	warm := flag.Duration("warm", 5*time.Second, "warm runs follow a first run shorter than this")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmrun [-set k=v]... [-seed N] [-min D] [-warm D] SCENARIO/CASE")
		os.Exit(2)
	}
	r, err := run(flag.Arg(0), set, *seed, *min, *warm)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmrun:", err)
		os.Exit(1)
	}
	json.NewEncoder(os.Stdout).Encode(r)
}

func run(ref string, set map[string]string, seed uint64, min, warm time.Duration) (*Result, error) {
	s, c, err := scenario.ParseRef(ref)
	if err != nil {
		return nil, err
	}
	out := &Result{Scenario: s.ID, Case: c}
	once := func() (time.Duration, error) {
		start := time.Now()
		// Yield at each progress call, as the page's worker does
		// (wasm/worker: progressOf says why), so that these runs are the
		// worker's under node.
		r, err := s.Run(c, set, seed, func(float64) { runtime.Gosched() })
		if err != nil {
			return 0, err
		}
		out.Outcome, out.SimSeconds, out.Events = r.Outcome, r.SimSeconds, r.Events
		return time.Since(start), nil
	}
	first, err := once()
	if err != nil {
		return nil, err
	}
	out.FirstWall, out.WallSeconds = first.Seconds(), first.Seconds()
	if first < warm {
		var total time.Duration
		for out.Runs == 0 || total < min {
			d, err := once()
			if err != nil {
				return nil, err
			}
			total += d
			out.Runs++
		}
		out.WallSeconds = total.Seconds() / float64(out.Runs)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	out.SysBytes = ms.Sys
	return out, nil
}
