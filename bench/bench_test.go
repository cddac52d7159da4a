package main

import (
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/loomlab/loomlab/build/repo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bench's parsing and formatting, on recorded inputs: quick enough for
// `make test`, which never runs the benchmarks themselves.

const goTestBench = `goos: linux
goarch: amd64
pkg: github.com/loomlab/loomlab/sim
cpu: Intel(R) Xeon(R) Processor
BenchmarkEngine/vt-pooling/4g-pool-2         	 3471500	       674.3 ns/op	         0.0000040 allocs/event	   1484212 events/s	       673.8 ns/event	      25 B/op	       0 allocs/op
BenchmarkEngine/llm-router/virtual-2         	 3511635	       374.5 ns/op	         0.0000139 allocs/event	   2672179 events/s	       374.2 ns/event	     119 B/op	       0 allocs/op
PASS
ok  	github.com/loomlab/loomlab/sim	13.745s
pkg: github.com/loomlab/loomlab/game/view
BenchmarkBuild10k-2   	   25708	     45684 ns/op	       385.0 items	    1722 B/op	      83 allocs/op
`

func TestParseBench(t *testing.T) {
	cpu, rows := parseBench([]byte(goTestBench))
	assert.Equal(t, "Intel(R) Xeon(R) Processor", cpu)
	require.Len(t, rows, 3)
	assert.Equal(t, "Engine/vt-pooling/4g-pool", rows[0].Name)
	assert.Equal(t, int64(3471500), rows[0].N)
	assert.Equal(t, map[string]float64{"ns/op": 674.3, "allocs/event": 0.000004, "events/s": 1484212,
		"ns/event": 673.8, "B/op": 25, "allocs/op": 0}, rows[0].Values)
	assert.Equal(t, "Engine/llm-router/virtual", rows[1].Name)
	assert.Equal(t, "Build10k", rows[2].Name)
	assert.Equal(t, []string{"ns/event", "allocs/event", "events/s", "ns/op", "B/op", "allocs/op", "items"}, engineUnits(rows))
}

func TestParseMachine(t *testing.T) {
	cpuinfo := "processor\t: 0\nmodel name\t: Intel(R) Xeon(R) Processor\n\nprocessor\t: 1\nmodel name\t: Intel(R) Xeon(R) Processor\n"
	model, n := parseCPUInfo([]byte(cpuinfo), 1)
	assert.Equal(t, "Intel(R) Xeon(R) Processor", model)
	assert.Equal(t, 2, n)
	model, n = parseCPUInfo(nil, 4)
	assert.Equal(t, "unknown", model)
	assert.Equal(t, 4, n)
	assert.Equal(t, 23539, parseMemTotalMB([]byte("MemTotal:       24104608 kB\nMemFree: 1 kB\n")))
}

func TestRSSLine(t *testing.T) {
	out, n := cutRSSLine([]byte("some warning\n\n" + rssExecLine + "123456\n"))
	assert.Equal(t, "some warning", string(out))
	assert.Equal(t, int64(123456), n)
	out, n = cutRSSLine([]byte("no report"))
	assert.Equal(t, "no report", string(out))
	assert.Equal(t, int64(-1), n)
}

func TestServerURL(t *testing.T) {
	u, err := serverURL(strings.NewReader("Loomlab is at http://127.0.0.1:41853/  (serving dist; Ctrl-C stops)\n"))
	require.NoError(t, err)
	assert.Equal(t, "http://127.0.0.1:41853", u)
	_, err = serverURL(strings.NewReader("build: failed\n"))
	assert.Error(t, err)
}

func TestNumbers(t *testing.T) {
	for _, c := range []struct {
		x          float64
		sig, group string
	}{
		{0, "0", "0"},
		{0.000123456, "0.000123", "0"},
		{2.4267, "2.43", "2"},
		{24.267, "24.3", "24"},
		{242.67, "243", "243"},
		{1484212.4, "1,484,212", "1,484,212"},
		{-1234.5, "-1,235", "-1,235"},
	} {
		assert.Equal(t, c.sig, sig3(c.x), "sig3(%v)", c.x)
		assert.Equal(t, c.group, thousands(c.x), "thousands(%v)", c.x)
	}
	assert.Equal(t, "2.86 MB", mbOrDash(2998927))
	assert.Equal(t, "–", mbOrDash(-1))
}

func TestMarkdown(t *testing.T) {
	_, rows := parseBench([]byte(goTestBench))
	r := &Report{
		Date:    time.Date(2026, 11, 30, 0, 21, 0, 0, time.UTC),
		Machine: Machine{CPU: "Intel(R) Xeon(R) Processor", CPUs: 2, MemoryMB: 23539, Kernel: "linux 6.1", Go: "go version go1.26.8 linux/amd64"},
		Cases:   "all",
		Engine:  &Engine{Command: engineCmd, Rows: rows, Load: Load{1.5, 2.25}},
		Native: &Cases{Runs: []CaseRun{{Ref: budgetRef, Outcome: "completed", SimSeconds: 60, WallSeconds: 24.7,
			Runs: 1, Events: 34747386, PeakRSS: 120 << 20}}},
		Sweep: &Sweep{Args: sweepArgs, Points: 16, WallSeconds: 95.25, PeakRSS: 60 << 20, Load: Load{2, 3}},
		Wasm:  &Cases{Runs: []CaseRun{{Ref: budgetRef, Outcome: "completed", SimSeconds: 60, WallSeconds: 49.4, FirstWall: 49.4, Events: 34747386}}},
		Browser: &Browser{Chromium: "Chrome/156", Starts: []Start{{900, 1000, 700}, {800, 900, 600}, {1000, 1100, 3500}},
			Transfers: []Transfer{{Name: "playground.1234567890.wasm", Encoding: "br", Bytes: 2 << 20}},
			Frames:    []FrameRun{{Label: "~10,000 virtual threads", Virtual: 10000, UpdateMs: 1.4, DrawMs: 1.5, FPS: 8, PageRAF: 15, Samples: 3, Play: true}},
			Worker:    &WorkerRun{Ref: budgetRef, SimSeconds: 60, WallSeconds: 30, PageSeconds: 30.5, Events: 34747386},
			Table:     &TableRun{Scenario: "vt-pooling", Seconds: 41.25, Checks: 27, Summary: "27 figures", Workers: 2},
			Sweep:     &PageSweep{Seconds: 96.84, Runs: 16, Workers: 2}},
		Sizes: []Size{{Name: "playground.wasm", Raw: 12 << 20, Gz: 2998927, Br: 2 << 20}},
		Notes: "The simulator is the limit.",
	}
	md := r.Markdown()
	for _, want := range []string{
		"- **Date:** 2026-11-30 00:21 UTC",
		"Intel(R) Xeon(R) Processor, 2 logical CPUs, 23,539 MB memory",
		"| full vt-pooling/4g-pool, native | ≥ 30× real time | 2.43× | **missed** |",
		"| full vt-pooling/4g-pool, wasm (node) | ≥ 10× real time | 1.21× | **missed** |",
		"| full vt-pooling/4g-pool, wasm (Chromium worker) | ≥ 10× real time | 2.00× | **missed** |",
		"| 10,000 virtual threads: update + draw (median) | ≤ 8 ms | 2.90 ms | met |",
		"| 10,000 virtual threads: frames per second | 60 | 8 | **missed** |",
		"| playground wasm, gzip | ≤ 3 MB (2^20 bytes) | 2.86 MB (2,998,927 bytes) | met |",
		"| first frame after navigation (localhost, median) | ≤ 3 s | 0.70 s | met |",
		"| full vt-pooling/4g-pool, native peak RSS | ≤ 50 MB | 120.00 MB | **missed** |",
		"| 8-point two-sided heap sweep of vt-pooling, native | ≤ 60 s | 95.2 s | **missed** |",
		"| vt-pooling article-vs-model table, in the browser | ≤ 30 s | 41.2 s | **missed** |",
		"| 8-point two-sided heap sweep of vt-pooling, in the browser | ≤ 60 s | 96.8 s | **missed** |",
		"run in a fresh page's sweep panel, the playground paused: 16 runs in the page's workers, 2 at once, from the click to \"done\" in 96.8 s.",
		"`loomlab.verify(\"vt-pooling\")` in a fresh page, the playground paused: every case's full run in the page's workers, 2 at once, 27 figures checked in 41.2 s (27 figures).",
		"## A heap sweep, native\n\n`loomsim sweep vt-pooling/1g-pool --knob heap_mb=512:4096:8 --side pool=true --side pool=false --metric throughput_rps --metric full_gcs --json`: 16 full runs",
		"## Notes\n\nThe simulator is the limit.",
		"| benchmark | ns/event | allocs/event | events/s | ns/op | B/op | allocs/op | items |",
		"| Engine/vt-pooling/4g-pool | 673.8 | 4e-06 | 1,484,212 | 674 | 25 | 0 | – |",
		"| Build10k | – | – | – | 45,684 | 1,722 | 83 | 385 |",
		"load average 1.50 → 2.25",
		"| vt-pooling/4g-pool | completed | 60.0 | 24.7 | 1 | 2.43× | 1,406,777 | 120.00 MB |",
		"| vt-pooling/4g-pool | 49.4 | 49.4 | 0 | 1.21× | 703,388 | 2.0× |",
		"| ~10,000 virtual threads | 10,000 | 0 | 1.40 ms | 0.00 ms | 1.50 ms | 0.00 ms | **2.90 ms** | 8 | 15 |",
		"| playground.wasm | 12.00 MB | 2.86 MB | 2,998,927 | 2.00 MB | 2,097,152 |",
		"The first navigation received playground.1234567890.wasm br-encoded: 2.00 MB (2,097,152 bytes) over the wire.",
	} {
		assert.Contains(t, md, want)
	}
	// Nothing measured: every budget says so, nothing is "met".
	empty := (&Report{Cases: "none"}).Markdown()
	assert.NotContains(t, empty, "| met |")
	assert.Equal(t, 11, strings.Count(empty, "not measured"))
}

// The helper's report line is the one the bench reads.
func TestRSSHelper(t *testing.T) {
	if _, err := exec.LookPath("true"); err != nil {
		t.Skip("no true command")
	}
	root, err := repo.Root()
	require.NoError(t, err)
	t.Chdir(root)
	require.NoError(t, buildRSSHelper("go", t.TempDir()))
	n := rssFloor()
	assert.Positive(t, n)
	assert.Less(t, n, int64(64<<20))
}

// The goal case is timed several times; the median counts against the
// goal, and the report shows the runs' spread beside it.
func TestGoalRunsMedian(t *testing.T) {
	assert.Equal(t, 2.0, median([]float64{3, 1, 2}))
	assert.Equal(t, 2.5, median([]float64{4, 1, 3, 2}))
	assert.Equal(t, 1, medianRun([]float64{6.03, 5.91, 5.82}))
	assert.Equal(t, goalRuns, timesRun(budgetRef, "all"))
	assert.Equal(t, 1, timesRun(budgetRef, "short"))
	assert.Equal(t, 1, timesRun("vt-pooling/1g-pool", "all"))

	walls := []float64{6.03, 5.91, 5.82}
	r := &Report{
		Cases: "all", Min: 200 * time.Millisecond,
		Native: &Cases{Runs: []CaseRun{{Ref: budgetRef, Outcome: "completed", SimSeconds: 60, WallSeconds: 2.0,
			Runs: 3, Walls: []float64{2.1, 2.0, 1.9}, Events: 34747386, PeakRSS: 24 << 20},
			{Ref: "gc-lab/pooled", Outcome: "completed", SimSeconds: 2, WallSeconds: 0.05, Runs: 4, Walls: []float64{0.05, 0.05, 0.05, 0.05}}}},
		Wasm: &Cases{Runs: []CaseRun{{Ref: budgetRef, Outcome: "completed", SimSeconds: 60, WallSeconds: 6.2,
			FirstWall: 6.2, Walls: []float64{6.2, 6.7, 6.0}, Events: 34747386}}},
		Browser: &Browser{Worker: &WorkerRun{Ref: budgetRef, SimSeconds: 60, WallSeconds: 5.91, PageSeconds: 6, Events: 34747386, Walls: walls}},
	}
	md := r.Markdown()
	for _, want := range []string{
		"| full vt-pooling/4g-pool, native | ≥ 30× real time | 30.0× (median of 3 runs: 28.6–31.6×) | met |",
		"| full vt-pooling/4g-pool, wasm (node) | ≥ 10× real time | 9.68× (median of 3 runs: 8.96–10.0×) | **missed** |",
		"| full vt-pooling/4g-pool, wasm (Chromium worker) | ≥ 10× real time | 10.2× (median of 3 runs: 9.95–10.3×) | met |",
		"vt-pooling/4g-pool was timed in 3 runs, one after another, for its goal; *wall s* is their median: 2.10, 2.00 and 1.90 s.",
		"vt-pooling/4g-pool was timed in 3 node processes, one after another",
		"The median of 3 runs, one after another: 6.03, 5.91 and 5.82 s.",
		"(vt-pooling/4g-pool, the goal case, at least 3 times)",
	} {
		assert.Contains(t, md, want)
	}
	assert.NotContains(t, md, "gc-lab/pooled was timed", "a short case repeated to add up to -min is not the goal case")
}
