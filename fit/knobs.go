package fit

import (
	"math"
	"strconv"

	"github.com/loomlab/loomlab/sim/scenario"
)

// The workload's shape the fit keeps: gc-lab's (and its Java twin's) per-request sizes. The log
// gives rates and sizes of the heap, not what one request does, so the fit keeps the request's
// shape and chooses how many requests a second (backend_ms) and how much each thread keeps
// (state, cache_max_kb) to meet the log's allocation rate and live set.
const (
	defaultThreads    = 1000 // gc-lab's default, when the log has no gc+heap lines to estimate from
	stickyKB          = 7    // gc-lab's sticky_kb default: the per-thread buffer each request replaces
	dataKB            = 1    // data_kb: request data held across the backend call
	cacheStepKB       = 2    // cache_step_kb: what a pooled thread's cache grows by per request
	garbageKB         = 6    // garbage_kb: short-lived arrays per request
	cpuUS             = 50   // cpu_us: CPU work per request
	defaultCacheMaxKB = 64   // cache_max_kb
	// maxModelS bounds the model's runs: a log of hours is fitted by its rates per second, and an
	// hour of 1,000 threads would take the page's worker minutes per run.
	maxModelS       = 60
	arrayOverheadKB = 16.0 / 1024
	// maxCPUShare keeps the fitted request rate well inside what the model's CPUs serve
	// (cores / cpu_us), so CPU queueing does not bend the request rate the fit aims for; past it
	// the fit allocates more per request instead.
	maxCPUShare = 0.25
)

// perRequestKB is what one request allocates in the steady state: its garbage, its data and the
// buffer it replaces, each array with its header (the cache's growth comes on top while it grows).
func perRequestKB(garbage int) float64 {
	// The explicit conversion rounds the product, so no platform fuses it with the sum (FMA) and
	// native and wasm fits agree to the bit.
	return float64(float64(garbage)*(1+arrayOverheadKB)) + float64(dataKB) + float64(stickyKB) + 2*arrayOverheadKB
}

// firstKnobs is the fit's starting point from the log alone.
func firstKnobs(b *Basis) knobs {
	k := knobs{gc: b.Collector, heapMB: b.HeapMB, jdk: b.JDK, cores: b.CPUs, newRatio: b.NewRatio,
		durationS: min(max(1, int(math.Round(b.WindowS))), maxModelS), threads: threadsFor(b), garbageKB: garbageKB, state: "fresh",
		cacheMaxKB: defaultCacheMaxKB}
	if live := liveTarget(b); live != nil {
		// What the JVM keeps of its own is not the threads'.
		own := float64(scenario.GCLabJVMLive(k.gc, k.threads)) / 1024
		perThreadKB := (*live*1024 - own) / float64(k.threads)
		k.setCache(perThreadKB - stickyKB - dataKB)
	}
	k.setRate(b.AllocationRateMBs * 1024 / perRequestKB(k.garbageKB))
	return k
}

// inFlightKB is what one request in flight holds when a young collection comes: its data and
// its thread's current buffer. Requests spend nearly all their time in the backend call, so at a
// collection almost every thread holds one.
func inFlightKB() float64 { return float64(dataKB+stickyKB) + 2*arrayOverheadKB }

// threadsFor estimates the threads from what a young collection keeps (Basis.SurvivedMB),
// rounded to two significant digits: the log does not count threads, and the estimate is no
// finer than that.
func threadsFor(b *Basis) int {
	if b.SurvivedMB == nil || *b.SurvivedMB <= 0 {
		return defaultThreads
	}
	n := *b.SurvivedMB * 1024 / inFlightKB()
	return min(max(1, int(twoDigits(n))), 100000)
}

// twoDigits finds its power of ten by multiplying, not with a logarithm, whose last bits differ
// between platforms.
func twoDigits(x float64) float64 {
	if x < 100 {
		return math.Max(1, math.Round(x))
	}
	p := 1.0
	for x/p >= 100 {
		p *= 10
	}
	return math.Round(x/p) * p
}

// liveTarget is what the fit tries to keep live: the largest old gen after a Full GC (the live set
// grows while per-thread state fills, so the largest is the latest picture of it), or, with no
// Full GC, the old gen after the last collection, which bounds the live set from above.
func liveTarget(b *Basis) *float64 {
	if b.OldAfterLastFull != nil {
		return b.OldAfterLastFull
	}
	return b.OldAtEndMB
}

// knobs is the fit's choice in gc-lab's terms.
type knobs struct {
	gc                   string
	heapMB, newRatio     int
	jdk                  string
	cores, durationS     int
	threads              int
	state                string
	cacheMaxKB           int
	garbageKB, backendMS int
}

// setCache makes pooled threads keep about perThreadKB each in their cache; too little for one
// cache step means the threads keep nothing: fresh per-thread state.
func (k *knobs) setCache(kb float64) {
	steps := int(math.Round(kb / cacheStepKB))
	if steps < 1 {
		// The twin's 64 KB cap stays for a what-if that pools the threads.
		k.state, k.cacheMaxKB = "fresh", defaultCacheMaxKB
		return
	}
	k.state, k.cacheMaxKB = "pooled", min(steps*cacheStepKB, 1048576)
}

// setRate picks the backend call's length so the threads, each looping on its own requests, make
// rps requests a second; a rate beyond the CPU share makes each request allocate more instead.
func (k *knobs) setRate(rps float64) {
	limit := maxCPUShare * float64(k.cores) * 1e6 / cpuUS
	if rps > limit {
		need := perRequestKB(k.garbageKB) * rps / limit
		k.garbageKB = min(int(math.Ceil(need-perRequestKB(0))), 1048576)
		rps = limit
	}
	cycleMS := float64(k.threads) / max(rps, 1e-3) * 1000
	k.backendMS = min(max(1, int(math.Round(cycleMS-cpuUS/1000.0))), 60000)
}

// set is the knobs as `loomsim run gc-lab --set` takes them. Only what the fit chose is listed;
// the others stay at gc-lab's defaults, which are the twin's.
func (k *knobs) set() map[string]string {
	s := map[string]string{
		"gc": k.gc, "heap_mb": strconv.Itoa(k.heapMB), "jdk": k.jdk, "cores": strconv.Itoa(k.cores),
		"new_ratio": strconv.Itoa(k.newRatio), "duration_s": strconv.Itoa(k.durationS),
		"threads": strconv.Itoa(k.threads), "state": k.state, "garbage_kb": strconv.Itoa(k.garbageKB),
		"backend_ms": strconv.Itoa(k.backendMS), "cache_max_kb": strconv.Itoa(k.cacheMaxKB),
	}
	return s
}
