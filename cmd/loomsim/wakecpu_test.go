package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/stretchr/testify/require"
)

// gc-lab's CPU of a wake-up (sim.Machine.ContextSwitch, 32 µs) is calibrated on the twin's own
// counts: each run's workers' CPU per request less the spin (cpu_us: a core runs it at full
// speed), against the times per request they got a CPU (schedstat's third field), least squares
// through zero. The runs are the twin's result lines in testdata/jvm-check/wake-cpu: the 14
// points of the sweep of 00:06 UTC, 2 December 2026, and two runs at 02:26 UTC (Parallel 256 MB,
// 1,000 fresh threads, cpu_us 50 and 0; their difference, 55 µs of CPU per request, is what the
// spin itself costs).
//
// Re-run: go test ./cmd/loomsim -run TestGCLabWakeCPUFitsTheTwin -v

// wakeCPUTolerance is how far gc-lab's constant may be from what the runs give.
const wakeCPUTolerance = 0.10

func TestGCLabWakeCPUFitsTheTwin(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "jvm-check", "wake-cpu", "*.twin.json"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 10, "too few runs to fit")
	var sxy, sxx float64
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		var run struct {
			Requests float64              `json:"requests"`
			CPUUS    float64              `json:"cpu_us"`
			Sched    map[string][]float64 `json:"threads_cpu_wait_s"`
		}
		require.NoError(t, json.Unmarshal(raw, &run), f)
		w := run.Sched["workers"]
		require.Len(t, w, 4, "%s: the workers' CPU, wait, times on a CPU and switches", f)
		x := w[2] / run.Requests               // times on a CPU per request
		y := w[0]*1e6/run.Requests - run.CPUUS // µs of CPU per request besides the spin
		sxy += x * y
		sxx += x * x
		t.Logf("%s: %.2f times on a CPU and %.1f µs besides the spin per request, %.1f µs a time", filepath.Base(f), x, y, y/x)
	}
	fit := sxy / sxx
	s, err := scenario.Get("gc-lab")
	require.NoError(t, err)
	v, err := s.Resolve("pooled", nil)
	require.NoError(t, err)
	cfg, err := s.Config(v)
	require.NoError(t, err)
	got := float64(cfg.Machine.ContextSwitch) / float64(sim.Microsecond)
	t.Logf("fit: %.1f µs of CPU a time on a CPU; gc-lab's ContextSwitch %.1f µs", fit, got)
	require.InDelta(t, fit, got, wakeCPUTolerance*fit, "gc-lab's CPU of a wake-up is more than %.0f %% from the twin's runs", wakeCPUTolerance*100)
}
