package main

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/loomlab/loomlab/gclog"
	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/stretchr/testify/require"
)

// gc-lab's copy rates are calibrated: each is fitted to the young pauses of real JDK 17 logs of the
// Java twin (written on 2 shared CPUs), from their gc+cpu lines (the CPU the JVM used in the pause,
// User + Sys) against the bytes each pause copied. The model prices a young pause at
// YoungFixed + copied / (CopyRate × threads) + old / (CardRate × threads) of wall time on `threads`
// GC threads, so its GC threads use threads × that of CPU; the fit takes the model's fixed and card
// parts off each pause's CPU and divides the bytes copied by what is left, summed over the pauses
// (a ratio of sums: the pauses that copy most, the ones a pause goal sees, weigh most).
//
// Re-run: go test ./cmd/loomsim -run TestGCLabCopyRateFitsTheLogs -v
// (it logs each collector's fit beside the profile's constant).

// copyRateTolerance is how far gc-lab's constant may be from what its logs give.
const copyRateTolerance = 0.10

// copyRateLogs are the logs each collector's rate is fitted to, as named in gc-lab's profile and
// docs/model.md. G1's are the three runs with gc+phases=debug, whose "Copied Bytes" lines give
// the bytes each pause copied exactly (the region counts of gc+heap round a survivor space up to
// whole regions).
var copyRateLogs = map[string][]string{
	"parallel": {"gclog/parallel-100m-nr8-fresh.log", "gclog/parallel-100m-nr8-pooled.log", "gclog/parallel-256m-pooled.log",
		"jvm-check/parallel-128m-pooled-1000.log", "jvm-check/parallel-64m-pooled-500.log"},
	"serial": {"gclog/serial-64m-fresh-tags.log", "gclog/serial-64m-pooled.log", "jvm-check/serial-64m-pooled-500.log"},
	"g1": {"gclog/g1-256m-pooled-1000-phases.log", "gclog/g1-256m-pooled-500-phases.log", "gclog/g1-128m-fresh-1000-phases.log",
		"gclog/g1-256m-pooled.log", "gclog/g1-64m-pooled.log", "jvm-check/g1-256m-pooled-1000.log", "jvm-check/g1-128m-fresh-1000.log"},
}

// g1CopiedBytes reads G1's per-pause "Copied Bytes ... Sum: N" (gc+phases=debug), by GC id.
var g1CopiedBytes = regexp.MustCompile(`GC\((\d+)\)\s+Copied Bytes .*Sum: (\d+),`)

// copyFit is one collector's fit: pauses, their CPU, what the model's fixed and card parts take
// of it, and the bytes copied.
type copyFit struct {
	pauses                   int
	cpuMs, fixedMs, mb       float64
	sumX, sumY, sumXX, sumXY float64 // for the least-squares line, shown beside the fit
	// freshMB is what the pauses promoted above the old gen's high-water mark (pages
	// written for the first time), touchMs the CPU the model's FirstTouchRate gives it;
	// the sums fit CPU - fixed = copied MB x a + fresh MB x b (least squares, no intercept).
	freshMB, touchMs        float64
	sCC, sCF, sFF, sCY, sFY float64
}

// twoRates is the least-squares fit of the CPU left after the model's fixed and card parts
// against the MB copied and the MB of them written to fresh pages: ms per MB of each.
func (f *copyFit) twoRates() (copyMsPerMB, freshMsPerMB float64) {
	det := f.sCC*f.sFF - f.sCF*f.sCF
	return (f.sCY*f.sFF - f.sFY*f.sCF) / det, (f.sFY*f.sCC - f.sCY*f.sCF) / det
}

// msPerMB is the fitted GC-thread CPU per MB copied; rate the same as the model's CopyRate.
func (f *copyFit) msPerMB() float64 { return (f.cpuMs - f.fixedMs - f.touchMs) / f.mb }
func (f *copyFit) rate() sim.Bytes  { return sim.Bytes(float64(sim.MB) / f.msPerMB()) }

// line is the least-squares fit CPU ms = a + b × MB over the pauses, for comparison only.
func (f *copyFit) line() (a, b float64) {
	n := float64(f.pauses)
	b = (n*f.sumXY - f.sumX*f.sumY) / (n*f.sumXX - f.sumX*f.sumX)
	return (f.sumY - b*f.sumX) / n, b
}

// fitCopyRate reads a collector's logs and fits its copy rate against the model's heap config h
// (whose YoungFixed and CardRate it takes off each pause's CPU).
func fitCopyRate(t *testing.T, gc string, h sim.HeapConfig) *copyFit {
	t.Helper()
	f := &copyFit{}
	for _, name := range copyRateLogs[gc] {
		b, l := readTwinLog(t, name, gc)
		exact := map[int]float64{}
		for _, m := range g1CopiedBytes.FindAllStringSubmatch(string(b), -1) {
			id, _ := strconv.Atoi(m[1])
			v, _ := strconv.ParseFloat(m[2], 64)
			exact[id] += v
		}
		threads := twinGCThreads(t, l, gc, name)
		var high gclog.Bytes // the old gen's high-water mark so far: its pages have been written
		for _, e := range l.Events {
			highBefore := high
			if _, oa, ok := e.Old(); ok {
				high = max(high, oa)
			}
			if e.Kind != gclog.Young || e.CPU == nil {
				continue
			}
			copied, old, ok := pauseCopied(&e, gc, exact)
			require.True(t, ok, "%s: GC(%d) has no heap sizes", name, e.ID)
			cpu := float64(e.CPU.User+e.CPU.Sys) / 1e6
			fixed := float64(threads) * float64(h.YoungFixed+bytesAtMs(old, h.CardRate)) / float64(sim.Millisecond)
			mb := copied / float64(sim.MB)
			fresh := float64(max(0, high-highBefore)) / float64(sim.MB)
			if h.FirstTouchRate > 0 {
				f.touchMs += fresh * float64(sim.MB) / float64(h.FirstTouchRate)
			}
			f.freshMB += fresh
			y := cpu - fixed
			f.sCC += mb * mb
			f.sCF += mb * fresh
			f.sFF += fresh * fresh
			f.sCY += mb * y
			f.sFY += fresh * y
			f.pauses++
			f.cpuMs += cpu
			f.fixedMs += fixed
			f.mb += mb
			f.sumX += mb
			f.sumY += cpu
			f.sumXX += mb * mb
			f.sumXY += mb * cpu
		}
	}
	return f
}

// pauseCopied is what a young pause copied: into the survivor space and promoted to the old
// generation (G1: the Copied Bytes line), and the old generation's occupancy before it. Serial's
// young pause ahead of a Full GC its promotion guarantee chose logs no gc+heap lines: it copies
// nothing, and its heap is the same after it.
func pauseCopied(e *gclog.Event, gc string, exact map[int]float64) (copied float64, old sim.Bytes, ok bool) {
	ob, oa, ok := e.Old()
	if !ok {
		return 0, 0, e.HasHeap && len(e.Gens) == 0 && e.Before == e.After
	}
	if gc == "g1" {
		if c, ok := exact[e.ID]; ok {
			return c, sim.Bytes(ob), true
		}
		// Without gc+phases=debug: the survivor regions after the pause and the old
		// gen's growth (whole regions, so a little more than was copied).
		surv, ok := e.Gen(gclog.Survivor)
		return float64(surv.After + max(0, oa-ob)), sim.Bytes(ob), ok
	}
	young, ok := e.Gen(gclog.YoungGen)
	if !ok {
		return 0, 0, false
	}
	return float64(young.After + max(0, oa-ob)), sim.Bytes(ob), true
}

func bytesAtMs(n, rate sim.Bytes) sim.Duration {
	if n <= 0 || rate <= 0 {
		return 0
	}
	return sim.Duration(int64(n) * int64(sim.Millisecond) / int64(rate))
}

// gcLabHeapFor is gc-lab's heap config for a collector, as the model builds it.
func gcLabHeapFor(t *testing.T, gc string) sim.HeapConfig {
	t.Helper()
	s, err := scenario.Get("gc-lab")
	require.NoError(t, err)
	v, err := s.Resolve("pooled", map[string]string{"gc": gc})
	require.NoError(t, err)
	cfg, err := s.Config(v)
	require.NoError(t, err)
	return cfg.Heap
}

func TestGCLabCopyRateFitsTheLogs(t *testing.T) {
	for _, gc := range []string{"parallel", "serial", "g1"} {
		t.Run(gc, func(t *testing.T) {
			h := gcLabHeapFor(t, gc)
			f := fitCopyRate(t, gc, h)
			require.Greater(t, f.pauses, 40, "too few pauses to fit")
			a, b := f.line()
			t.Logf("%s: %d young pauses, %.0f ms of CPU (%.0f ms of it the model's fixed and card parts) for %.1f MB copied: "+
				"%.2f ms per MB, a copy rate of %d KB per ms per GC thread (least squares: %.1f ms + %.2f ms per MB); gc-lab's CopyRate %d KB per ms",
				gc, f.pauses, f.cpuMs, f.fixedMs, f.mb, f.msPerMB(), f.rate()/sim.KB, a, b, h.CopyRate/sim.KB)
			fit := float64(f.rate())
			require.InDelta(t, fit, float64(h.CopyRate), copyRateTolerance*fit,
				"gc-lab's CopyRate for %s (%d B/ms) is more than %.0f %% from the logs' fit (%d B/ms)", gc, h.CopyRate, copyRateTolerance*100, f.rate())
			if gc == "g1" {
				require.Equal(t, h.CopyRate, h.G1MixedCopyRate, "a mixed pause evacuates with the same workers at the same rate")
				// G1's pauses cost more per byte where they promote into old-gen pages never
				// written before (the 256 MB runs' old gen grew through fresh pages all window;
				// the 64 MB run's cycled through pages touched long before): the fit of both
				// terms together gives gc-lab's FirstTouchRate. With one rate for every byte
				// (the profile before), the 64 MB pauses were priced at twice their CPU.
				cp, fr := f.twoRates()
				t.Logf("g1: %.1f MB copied, %.1f MB of it into fresh pages: %.2f ms per MB copied (%d KB per ms) + %.2f ms per fresh MB (%d KB per ms); gc-lab's FirstTouchRate %d KB per ms",
					f.mb, f.freshMB, cp, int(1024/cp), fr, int(1024/fr), h.FirstTouchRate/sim.KB)
				require.Positive(t, h.FirstTouchRate, "gc-lab prices G1's first touches")
				touch := float64(sim.MB) / fr
				require.InDelta(t, touch, float64(h.FirstTouchRate), 0.15*touch, "FirstTouchRate against the logs' two-term fit")
			}
		})
	}
}
