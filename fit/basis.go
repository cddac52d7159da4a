package fit

import (
	"fmt"
	"math"
	"slices"

	"github.com/loomlab/loomlab/gclog"
	"github.com/loomlab/loomlab/sim/scenario"
)

// Basis is what the fit reads from the log. Rates are over the log's window: from its first
// collection to its last timed line. The time before the first collection is left out because a
// JVM spends it starting (in gc-lab's twin, compiling its source file) rather than serving.
type Basis struct {
	Collector string  `json:"collector"`
	HeapMB    int     `json:"heap_mb"`
	JDK       string  `json:"jdk"`
	CPUs      int     `json:"cpus"`
	NewRatio  int     `json:"new_ratio"` // 0: the collector's default layout
	WindowS   float64 `json:"window_s"`

	YoungGCsPerS      float64  `json:"young_gcs_per_s"` // young and mixed collections
	FullGCsPerS       float64  `json:"full_gcs_per_s"`
	AllocationRateMBs float64  `json:"allocation_rate_mb_s"`
	PromotionRateMBs  *float64 `json:"promotion_rate_mb_s"`
	OldCapacityMB     *float64 `json:"old_capacity_mb"`
	GCTimePct         float64  `json:"gc_time_pct"`
	OldAfterFullMB    *float64 `json:"old_after_full_gc_mb"` // mean over the window's Full GCs
	OldAfterFullMaxMB *float64 `json:"old_after_full_gc_max_mb"`
	OldAfterLastFull  *float64 `json:"old_after_last_full_gc_mb"` // the live set's latest picture
	OldAtEndMB        *float64 `json:"old_at_end_mb"`             // the old gen after the last collection
	EdenMB            *float64 `json:"eden_mb"`                   // mean eden at a young collection
	SurvivedMB        *float64 `json:"survived_mb"`               // median kept by a young collection
	// PauseCPUs: the CPUs the GC threads had in the window's pauses (their gc+cpu lines' User+Sys
	// over Real); GCThreads: how many the collector runs (ParallelGCThreads; Serial's one).
	PauseCPUs *float64 `json:"pause_cpus,omitempty"`
	GCThreads int      `json:"gc_threads"`

	window *gclog.Log
}

// ReadBasis takes what the fit needs from a parsed log, or says why the log cannot be fitted.
func ReadBasis(l *gclog.Log) (*Basis, error) {
	b := &Basis{Collector: l.Collector.String()}
	switch l.Collector {
	case gclog.Serial, gclog.Parallel, gclog.G1:
	case gclog.ZGC, gclog.Shenandoah:
		return nil, fmt.Errorf("fit: the log's collector is %s; the model has Serial, Parallel and G1 only", b.Collector)
	default:
		return nil, fmt.Errorf("fit: the log names no collector (no \"Using ...\" line); the fit needs a Serial, Parallel or G1 log written with -Xlog:gc*")
	}
	if l.Clock == "none" {
		return nil, fmt.Errorf("fit: the log's lines have no time decorations, so it has no rates; write it with -Xlog:gc*:file=gc.log (uptime is the default decoration)")
	}
	heap := l.HeapMax
	if heap == 0 {
		for _, e := range l.Events {
			heap = max(heap, e.Commit)
		}
	}
	if heap == 0 {
		return nil, fmt.Errorf("fit: the log gives no heap size (no gc,init line and no heap sizes); the fit needs -Xlog:gc* output")
	}
	b.HeapMB = int(math.Round(heap.MiB()))
	if b.HeapMB < 16 || b.HeapMB > 65536 {
		return nil, fmt.Errorf("fit: heap %d MB: the model takes 16 to 65536 MB", b.HeapMB)
	}
	b.JDK = "17"
	if l.Version != "" {
		jdk, err := scenario.JDKBuildFor(l.Version)
		if err != nil {
			return nil, fmt.Errorf("fit: %v", err)
		}
		b.JDK = jdk
	}
	b.CPUs = min(max(l.CPUs, 1), 256)
	if l.CPUs == 0 {
		b.CPUs = 2
	}
	b.NewRatio = newRatio(l)

	first := -1
	for i, e := range l.Events {
		if e.HasHeap && (e.Kind == gclog.Young || e.Kind == gclog.Mixed || e.Kind == gclog.Full) {
			first = i
			break
		}
	}
	if first < 0 {
		return nil, fmt.Errorf("fit: the log has no collection with heap sizes; the fit needs young collections to measure the allocation rate")
	}
	w := l.Between(l.Events[first].Time, l.Last)
	b.window = w
	b.WindowS = round3((w.Last - w.First).Seconds())
	if b.WindowS < 1 {
		return nil, fmt.Errorf("fit: the log's collections span %.3f s; the fit needs at least 1 s of them", b.WindowS)
	}
	s := w.Summary()
	if s.AllocationRateMBs == nil || *s.AllocationRateMBs <= 0 {
		return nil, fmt.Errorf("fit: the log has fewer than two collections with heap sizes, so no allocation rate; the fit needs several young collections")
	}
	b.YoungGCsPerS = round3(float64(s.YoungGCs+s.MixedGCs) / b.WindowS)
	b.FullGCsPerS = round3(float64(s.FullGCs) / b.WindowS)
	b.AllocationRateMBs = *s.AllocationRateMBs
	b.PromotionRateMBs, b.OldCapacityMB = s.PromotionRateMBs, s.OldCapacityMB
	if s.GCTimePct != nil {
		b.GCTimePct = *s.GCTimePct
	}
	b.OldAfterFullMB, b.OldAfterFullMaxMB, b.OldAfterLastFull = s.OldAfterFullMB, s.OldAfterFullMaxMB, s.OldAfterFullLastMB
	b.OldAtEndMB, b.EdenMB, b.SurvivedMB = oldAtEnd(w), edenAtYoung(w), survivedYoung(w)
	b.PauseCPUs = s.PauseCPUs
	// ParallelGCThreads' default: every CPU up to 8, then 5/8 of the rest.
	b.GCThreads = b.CPUs
	if b.CPUs > 8 {
		b.GCThreads = 8 + (b.CPUs-8)*5/8
	}
	if l.Collector == gclog.Serial {
		b.GCThreads = 1
	}
	return b, nil
}

// newRatio reads old/young from the first collection that logs both generations' capacities
// (before the collection, so Parallel's adaptive resizing has not moved them yet). A ratio the
// collector would pick by itself (2 for Serial and Parallel) gives 0, which passes no flag; G1
// sizes young itself.
func newRatio(l *gclog.Log) int {
	if l.Collector == gclog.G1 {
		return 0
	}
	for i := range l.Events {
		e := &l.Events[i]
		young, ok1 := e.Gen(gclog.YoungGen)
		old, ok2 := e.Gen(gclog.OldGen)
		if !ok1 || !ok2 || young.CapacityBefore <= 0 || old.CapacityBefore <= 0 {
			continue
		}
		r := int(math.Round(float64(old.CapacityBefore) / float64(young.CapacityBefore)))
		if r <= 2 {
			return 0
		}
		return min(r, 64)
	}
	return 0
}

// oldAtEnd is the old gen after the window's last collection that logs it: an upper bound of the
// live set when the log has no Full GC.
func oldAtEnd(w *gclog.Log) *float64 {
	for i := len(w.Events) - 1; i >= 0; i-- {
		if _, after, ok := w.Events[i].Old(); ok {
			return num(after.MiB())
		}
	}
	return nil
}

// edenAtYoung is the mean eden occupancy when a young collection starts: the size of eden the
// collector chose, which with the allocation rate sets how often young collections come.
func edenAtYoung(w *gclog.Log) *float64 {
	var sum float64
	n := 0
	for i := range w.Events {
		e := &w.Events[i]
		if e.Kind != gclog.Young && e.Kind != gclog.Mixed {
			continue
		}
		if g, ok := e.Gen(gclog.Eden); ok && g.Before > 0 {
			sum += g.Before.MiB()
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return num(sum / float64(n))
}

// survivedYoung is the median of what the later half of the young collections kept: the young gen after it (the
// survivor space) plus what it promoted into the old gen. In a request loop that is the state of
// the requests in flight, so it says how many requests the log's JVM had going at once.
func survivedYoung(w *gclog.Log) *float64 {
	var kept []float64
	for i := range w.Events {
		e := &w.Events[i]
		if e.Kind != gclog.Young {
			continue
		}
		young, ok := e.Gen(gclog.YoungGen)
		if !ok {
			young, ok = e.Gen(gclog.Survivor)
		}
		before, after, okOld := e.Old()
		if !ok || !okOld {
			continue
		}
		kept = append(kept, young.After.MiB()+max(0, after-before).MiB())
	}
	if len(kept) == 0 {
		return nil
	}
	// The later half: early on, per-thread state still growing survives too.
	kept = kept[len(kept)/2:]
	slices.Sort(kept)
	return num(kept[len(kept)/2])
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

func num(x float64) *float64 {
	v := round3(x)
	return &v
}
