package main

import (
	"fmt"
	"runtime"
	"strings"
	"time"
)

// Sweep is the heap sweep issue 13's goal names: vt-pooling at eight heap
// sizes, pooled and not, every point a full run, natively and in parallel
// where the cores allow (`loomsim sweep`'s own scheduling).
type Sweep struct {
	Args        []string
	Points      int     // runs: points × sides
	WallSeconds float64 // the whole sweep, as the process took it
	PeakRSS     int64   // the sweep process's (the runs share it)
	Load        Load
}

// sweepArgs is the measured sweep.
var sweepArgs = []string{"sweep", "vt-pooling/1g-pool", "--knob", "heap_mb=512:4096:8",
	"--side", "pool=true", "--side", "pool=false", "--metric", "throughput_rps", "--metric", "full_gcs", "--json"}

// runSweep times sweepArgs with the built loomsim (bin). Full runs only:
// with -cases=short it is not measured.
func runSweep(bin string) (*Sweep, error) {
	sw := &Sweep{Args: sweepArgs, Load: startLoad()}
	// loomsim sweep --json: per side, its points' outcomes.
	var out struct {
		Results []struct {
			Outcomes []string `json:"outcomes"`
		} `json:"results"`
	}
	p, err := runJSON(bin, sweepArgs, &out)
	if err != nil {
		return nil, fmt.Errorf("loomsim %s: %v", strings.Join(sweepArgs, " "), err)
	}
	sw.Load.end()
	for _, r := range out.Results {
		sw.Points += len(r.Outcomes)
	}
	if sw.Points == 0 {
		return nil, fmt.Errorf("loomsim %s: no runs in its JSON", strings.Join(sweepArgs, " "))
	}
	sw.WallSeconds, sw.PeakRSS = p.wall.Seconds(), p.maxRSS
	logf("bench: sweep %d runs in %.1f s wall on %d CPUs, peak RSS %s", sw.Points, sw.WallSeconds, runtime.NumCPU(), mb(sw.PeakRSS))
	return sw, nil
}

// sweepSection writes the sweep's paragraph.
func (r *Report) sweepSection(p func(string, ...any)) {
	s := r.Sweep
	if s == nil {
		return
	}
	p("## A heap sweep, native\n\n`loomsim %s`: %d full runs (8 heap sizes × pooled and not), %s of wall time, peak RSS %s — %s.\n\n",
		strings.Join(s.Args, " "), s.Points, (time.Duration(s.WallSeconds * float64(time.Second))).Round(100*time.Millisecond), mbOrDash(s.PeakRSS), s.Load)
}
