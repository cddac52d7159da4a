package main

import (
	"math"
	"testing"

	"github.com/loomlab/loomlab/gclog"
	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/require"
)

// gc-lab's Full GC cost is calibrated as its copy rate is: on the CPU of each Full GC of the Java
// twin's JDK 17 logs (2 shared CPUs; the gc+cpu line, User + Sys) against what the model prices a
// Full GC by (sim.HeapConfig.FullGCPause): a fixed part on every GC thread, the live bytes (the
// heap after the GC) at MarkRate per thread and the used bytes (the heap before) at SweepRate. The
// model's GC threads use threads × its pause of CPU. SweepRate stays the project's estimate (a
// heap walk of 4 GB per ms: well under a millisecond here) and is taken off each Full GC's CPU; the
// rest is fitted by least squares, Parallel's and Serial's logs together: one CPU per MB live for
// both (each marks every live object, adjusts its pointers and moves it once) and a fixed part per
// collector (their roots, class unloading and phases differ). Parallel's Full GCs span 5 to 75 MB
// live, so they set the per-MB part; Serial's span 29 to 41 MB, which sets its fixed part only.
// G1's Full GC runs the same four phases on parallel workers: it takes Parallel's constants, and
// the logs' one G1 Full GC checks them (not fitted).
//
// Re-run: go test ./cmd/loomsim -run TestGCLabFullGCCostFitsTheLogs -v

// fullGCCostTolerance is how far gc-lab's constants may be from what the logs give.
const fullGCCostTolerance = 0.10

// fullGCLogs are the logs with Full GCs and gc+cpu lines, per collector. The 100 MB NewRatio 8 logs
// and the jvm-check ones are the points: pooled Full GCs with 42 to 75 MB live, fresh ones
// with 5 to 7 MB.
var fullGCLogs = map[string][]string{
	"parallel": {"gclog/parallel-100m-nr8-pooled.log", "gclog/parallel-100m-nr8-fresh.log",
		"jvm-check/parallel-128m-pooled-1000.log", "jvm-check/parallel-64m-pooled-500.log"},
	"serial": {"gclog/serial-64m-pooled.log", "jvm-check/serial-64m-pooled-500.log"},
	"g1":     {"gclog/g1-64m-pooled.log"},
}

// twinFullGC is one logged Full GC: its GC threads' CPU, the live and used bytes, its GC threads.
type twinFullGC struct {
	cpuMs      float64
	live, used sim.Bytes
	threads    int
}

func readTwinFullGCs(t *testing.T, gc string) []twinFullGC {
	t.Helper()
	var out []twinFullGC
	for _, name := range fullGCLogs[gc] {
		_, l := readTwinLog(t, name, gc)
		threads := twinGCThreads(t, l, gc, name)
		for _, e := range l.Events {
			if e.Kind != gclog.Full || e.CPU == nil {
				continue
			}
			require.True(t, e.HasHeap, "%s: GC(%d) has no heap sizes", name, e.ID)
			out = append(out, twinFullGC{cpuMs: float64(e.CPU.User+e.CPU.Sys) / 1e6,
				live: sim.Bytes(e.After), used: sim.Bytes(e.Before), threads: threads})
		}
	}
	return out
}

// modelCPUMs is the CPU the model's GC threads spend on a Full GC of the heap h prices.
func modelCPUMs(h *sim.HeapConfig, g twinFullGC) float64 {
	return float64(g.threads) * float64(h.FullGCPause(g.live, g.used, g.threads)) / float64(sim.Millisecond)
}

// fullGCFit is the least-squares fit of CPU − sweep = threads × FullFixed(collector) + MB live ×
// msPerMB over Parallel's and Serial's Full GCs.
type fullGCFit struct {
	fixed   map[string]float64 // FullFixed in ms, per collector
	msPerMB float64            // GC-thread CPU per MB live: 1/MarkRate
}

func fitFullGCCost(t *testing.T, heaps map[string]sim.HeapConfig, gcs map[string][]twinFullGC) fullGCFit {
	t.Helper()
	// Unknowns: FullFixed(parallel), FullFixed(serial), ms per MB live; normal equations.
	var a [3][4]float64
	for k, gc := range []string{"parallel", "serial"} {
		h := heaps[gc]
		for _, g := range gcs[gc] {
			sweep := float64(g.used) / float64(h.SweepRate) // the model's SweepRate part, in CPU ms
			var x [3]float64
			x[k] = float64(g.threads)
			x[2] = float64(g.live) / float64(sim.MB)
			y := g.cpuMs - sweep
			for i := range 3 {
				for j := range 3 {
					a[i][j] += x[i] * x[j]
				}
				a[i][3] += x[i] * y
			}
		}
	}
	c := solveNormal(a)
	return fullGCFit{fixed: map[string]float64{"parallel": c[0], "serial": c[1]}, msPerMB: c[2]}
}

// solveNormal solves a 3×3 system given as an augmented matrix (Gauss-Jordan, partial pivoting).
func solveNormal(a [3][4]float64) [3]float64 {
	for col := range 3 {
		p := col
		for r := col + 1; r < 3; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		a[col], a[p] = a[p], a[col]
		for r := range 3 {
			if r == col {
				continue
			}
			f := a[r][col] / a[col][col]
			for k := col; k < 4; k++ {
				a[r][k] -= f * a[col][k]
			}
		}
	}
	return [3]float64{a[0][3] / a[0][0], a[1][3] / a[1][1], a[2][3] / a[2][2]}
}

func TestGCLabFullGCCostFitsTheLogs(t *testing.T) {
	heaps := map[string]sim.HeapConfig{}
	gcs := map[string][]twinFullGC{}
	for _, gc := range []string{"parallel", "serial", "g1"} {
		heaps[gc] = gcLabHeapFor(t, gc)
		gcs[gc] = readTwinFullGCs(t, gc)
	}
	require.Len(t, gcs["parallel"], 18)
	require.Len(t, gcs["serial"], 32)
	require.Len(t, gcs["g1"], 1)
	f := fitFullGCCost(t, heaps, gcs)
	markRate := sim.Bytes(float64(sim.MB) / f.msPerMB)
	t.Logf("fit over %d Parallel and %d Serial Full GCs: FullFixed %.2f ms (Parallel, on each of its GC threads), %.2f ms (Serial); "+
		"%.3f ms of CPU per MB live, a MarkRate of %d KB per ms per GC thread", len(gcs["parallel"]), len(gcs["serial"]),
		f.fixed["parallel"], f.fixed["serial"], f.msPerMB, markRate/sim.KB)
	for _, gc := range []string{"parallel", "serial"} {
		h := heaps[gc]
		t.Logf("gc-lab's %s: FullFixed %v, MarkRate %d KB per ms", gc, h.FullFixed, h.MarkRate/sim.KB)
		fixed := f.fixed[gc] * float64(sim.Millisecond)
		require.InDelta(t, fixed, float64(h.FullFixed), fullGCCostTolerance*fixed,
			"gc-lab's %s FullFixed (%v) is more than %.0f %% from the logs' fit", gc, h.FullFixed, fullGCCostTolerance*100)
		require.InDelta(t, float64(markRate), float64(h.MarkRate), fullGCCostTolerance*float64(markRate),
			"gc-lab's %s MarkRate (%d B/ms) is more than %.0f %% from the logs' fit (%d B/ms)", gc, h.MarkRate, fullGCCostTolerance*100, markRate)
	}
	// Over each collector's Full GCs the model's GC threads spend what the JVM's did, and the one
	// G1 Full GC, not fitted, is priced within a quarter of its CPU (logged to 10 ms).
	for _, gc := range []string{"parallel", "serial", "g1"} {
		h := heaps[gc]
		var jvm, model float64
		for _, g := range gcs[gc] {
			jvm += g.cpuMs
			model += modelCPUMs(&h, g)
		}
		n := float64(len(gcs[gc]))
		t.Logf("%s: %d Full GCs, %.1f ms of CPU each in the logs, %.1f ms in the model", gc, len(gcs[gc]), jvm/n, model/n)
		tol := fullGCCostTolerance
		if gc == "g1" {
			tol = 0.25
		}
		require.InDelta(t, jvm, model, tol*jvm, "%s: the model's Full GCs against the logs' CPU", gc)
	}
}
