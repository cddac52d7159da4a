package gclog

import (
	"cmp"
	"math"
	"slices"
)

// Summary is the whole log in numbers, the shape `loomsim gclog summary --json` prints. Sizes are in
// MiB (HotSpot's M), times in seconds or milliseconds as the key says. A number the log cannot give
// (no Full GC, no gc+heap lines, no time decorations) is null, never 0, so a missing figure cannot
// pass for a measured zero.
type Summary struct {
	Collector  string   `json:"collector"` // serial, parallel, g1, z, shenandoah or unknown
	JVMVersion string   `json:"jvm_version,omitempty"`
	CPUs       int      `json:"cpus,omitempty"`
	HeapMaxMB  *float64 `json:"heap_max_mb"` // the gc+init line's, else the largest committed heap seen
	HeapInitMB *float64 `json:"heap_initial_mb"`
	Clock      string   `json:"clock"`      // uptime, wall or none (see Log.Clock)
	DurationS  *float64 `json:"duration_s"` // from the first timed line to the last

	Lines        int `json:"lines"`
	SkippedLines int `json:"skipped_lines"`
	UnknownLines int `json:"unknown_lines"`

	Events           int          `json:"events"`
	YoungGCs         int          `json:"young_gcs"`
	MixedGCs         int          `json:"mixed_gcs"`
	FullGCs          int          `json:"full_gcs"`
	Remarks          int          `json:"remark_pauses"`
	Cleanups         int          `json:"cleanup_pauses"`
	ConcurrentCycles int          `json:"concurrent_cycles"`
	ConcurrentPauses int          `json:"concurrent_pauses"` // ZGC's and Shenandoah's own pauses
	DegeneratedGCs   int          `json:"degenerated_gcs"`
	Causes           []CauseCount `json:"causes"`
	YoungGCsPerS     *float64     `json:"young_gcs_per_s"`
	FullGCsPerS      *float64     `json:"full_gcs_per_s"`

	Pauses       int      `json:"pauses"`
	PauseTotalMS float64  `json:"pause_total_ms"`
	PauseMaxMS   float64  `json:"pause_max_ms"`
	PauseMeanMS  float64  `json:"pause_mean_ms"`
	PauseP95MS   float64  `json:"pause_p95_ms"` // nearest rank
	GCTimePct    *float64 `json:"gc_time_pct"`  // pause time as a share of the duration

	// Allocation: the heap's growth between one GC's end and the next one's start, summed from the
	// second GC on (the first includes whatever happened before the log began) over the time
	// between them. Promotion: the old generation's growth during young and mixed GCs over the
	// same time (gc+heap lines needed; G1's mixed GCs that shrink old count as 0). Both are null for
	// ZGC and Shenandoah: their cycles run while the application allocates, and a cycle's
	// before->after does not bound what was allocated during it.
	AllocationRateMBs *float64 `json:"allocation_rate_mb_s"`
	PromotedMB        *float64 `json:"promoted_mb"`
	PromotionRateMBs  *float64 `json:"promotion_rate_mb_s"`

	// Old generation after each Full GC: mean, least, largest and last. Source says whether it
	// was read from the old generation's gc+heap line ("old_gen") or, lacking those, is the whole
	// heap after the Full GC ("heap"), which for Serial and Parallel is nearly all old.
	OldAfterFullMB     *float64 `json:"old_after_full_gc_mb"`
	OldAfterFullMinMB  *float64 `json:"old_after_full_gc_min_mb"`
	OldAfterFullMaxMB  *float64 `json:"old_after_full_gc_max_mb"`
	OldAfterFullLastMB *float64 `json:"old_after_full_gc_last_mb"`
	OldAfterFullSource string   `json:"old_after_full_gc_source,omitempty"`
	OldCapacityMB      *float64 `json:"old_capacity_mb"` // the last logged old generation capacity

	// PauseCPUs is how many CPUs the GC threads had in the pauses with a gc+cpu line: their CPU
	// time (user + system) over the pauses' wall time (Real). With N GC threads it is at most N on
	// a machine of the JVM's own; on a shared one, other processes take the rest. PauseCPUPauses
	// counts the pauses it is measured over.
	PauseCPUs      *float64 `json:"pause_cpus,omitempty"`
	PauseCPUPauses int      `json:"pause_cpu_pauses,omitempty"`

	ToSpaceExhausted   int     `json:"to_space_exhausted"`
	CancelledCycles    int     `json:"cancelled_cycles"`
	AllocationStalls   int     `json:"allocation_stalls"`
	AllocationStallsMS float64 `json:"allocation_stall_total_ms"`
}

// CauseCount is how many events of a kind had a cause.
type CauseCount struct {
	Kind  Kind   `json:"kind"`
	Cause string `json:"cause"`
	Count int    `json:"count"`
}

// Summary computes the log's summary.
func (l *Log) Summary() Summary {
	s := Summary{
		Collector: l.Collector.String(), JVMVersion: l.Version, CPUs: l.CPUs, Clock: l.Clock,
		Lines: l.Lines, SkippedLines: l.Skipped, UnknownLines: l.Unknown, Events: len(l.Events),
		ToSpaceExhausted: l.ToSpaceExhausted, CancelledCycles: l.CancelledCycles, AllocationStalls: l.AllocationStalls,
		AllocationStallsMS: round3(l.StallTime.Millis()),
	}
	if l.HeapInitial > 0 {
		s.HeapInitMB = mib(l.HeapInitial)
	}
	s.HeapMaxMB = mib(l.HeapMax)
	if l.HeapMax == 0 {
		s.HeapMaxMB = nil
		var largest Bytes
		for _, e := range l.Events {
			largest = max(largest, e.Commit)
		}
		if largest > 0 {
			s.HeapMaxMB = mib(largest)
		}
	}
	var duration Nanos
	if l.Clock != "none" {
		duration = l.Last - l.First
		s.DurationS = num(duration.Seconds())
	}
	s.countKinds(l.Events)
	if duration > 0 {
		s.YoungGCsPerS = num(float64(s.YoungGCs) / duration.Seconds())
		s.FullGCsPerS = num(float64(s.FullGCs) / duration.Seconds())
	}
	s.pauseStats(l.Events, duration)
	if l.Collector != ZGC && l.Collector != Shenandoah {
		s.rates(l.Events)
	}
	s.oldAfterFull(l.Events)
	s.pauseCPU(l.Events)
	return s
}

// pauseCPU sums the pauses' gc+cpu lines.
func (s *Summary) pauseCPU(events []Event) {
	var used, real Nanos
	for i := range events {
		if c := events[i].CPU; c != nil {
			used += c.User + c.Sys
			real += c.Real
			s.PauseCPUPauses++
		}
	}
	if real > 0 {
		s.PauseCPUs = num(float64(used) / float64(real))
	}
}

func (s *Summary) countKinds(events []Event) {
	counts := map[CauseCount]int{}
	for _, e := range events {
		switch e.Kind {
		case Young:
			s.YoungGCs++
		case Mixed:
			s.MixedGCs++
		case Full:
			s.FullGCs++
		case Remark:
			s.Remarks++
		case Cleanup:
			s.Cleanups++
		case Concurrent:
			s.ConcurrentCycles++
		case Pause:
			s.ConcurrentPauses++
		case Degenerated:
			s.DegeneratedGCs++
		}
		counts[CauseCount{Kind: e.Kind, Cause: e.Cause}]++
	}
	s.Causes = []CauseCount{}
	for c, n := range counts {
		c.Count = n
		s.Causes = append(s.Causes, c)
	}
	slices.SortFunc(s.Causes, func(a, b CauseCount) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(b.Count, a.Count), cmp.Compare(a.Cause, b.Cause))
	})
}

// pauseStats: every stop-the-world pause (all kinds but a concurrent cycle, whose time is not a pause).
func (s *Summary) pauseStats(events []Event, duration Nanos) {
	var pauses []Nanos
	var total Nanos
	for _, e := range events {
		if e.Kind == Concurrent {
			continue
		}
		pauses = append(pauses, e.Pause)
		total += e.Pause
	}
	s.Pauses = len(pauses)
	if len(pauses) == 0 {
		if duration > 0 {
			s.GCTimePct = num(0)
		}
		return
	}
	slices.Sort(pauses)
	s.PauseTotalMS = round3(total.Millis())
	s.PauseMaxMS = round3(pauses[len(pauses)-1].Millis())
	s.PauseMeanMS = round3((total / Nanos(len(pauses))).Millis())
	s.PauseP95MS = round3(pauses[(95*len(pauses)+99)/100-1].Millis())
	if duration > 0 {
		s.GCTimePct = num(100 * float64(total) / float64(duration))
	}
}

// Sums are in float64 MiB: int64 bytes could overflow over many events of hostile input, and
// float64 adds in the same order to the same bits on every platform.
func (s *Summary) rates(events []Event) {
	var allocated, promoted float64
	var prev *Event
	var from, to Nanos
	heapEvents, withOld := 0, 0
	for i := range events {
		e := &events[i]
		if !e.HasHeap {
			continue
		}
		heapEvents++
		if prev == nil {
			from = e.Time
		} else {
			allocated += max(0, e.Before-prev.After).MiB()
		}
		to = e.Time
		prev = e
		if e.Kind == Young || e.Kind == Mixed {
			if before, after, ok := e.Old(); ok {
				withOld++
				promoted += max(0, after-before).MiB()
			}
		}
	}
	period := to - from
	if heapEvents >= 2 && period > 0 {
		s.AllocationRateMBs = num(allocated / period.Seconds())
	}
	if withOld > 0 {
		s.PromotedMB = num(promoted)
		if period > 0 {
			s.PromotionRateMBs = num(promoted / period.Seconds())
		}
	}
}

func (s *Summary) oldAfterFull(events []Event) {
	var olds []Bytes
	fromGens := true
	for i := range events {
		e := &events[i]
		if old, ok := lastOldCapacity(e); ok {
			s.OldCapacityMB = mib(old)
		}
		if e.Kind != Full {
			continue
		}
		if _, after, ok := e.Old(); ok {
			olds = append(olds, after)
		} else if e.HasHeap {
			olds = append(olds, e.After)
			fromGens = false
		}
	}
	if len(olds) == 0 {
		return
	}
	var sum float64
	for _, o := range olds {
		sum += float64(o)
	}
	s.OldAfterFullMB = num(sum / float64(len(olds)) / float64(MB))
	s.OldAfterFullMinMB = mib(slices.Min(olds))
	s.OldAfterFullMaxMB = mib(slices.Max(olds))
	s.OldAfterFullLastMB = mib(olds[len(olds)-1])
	s.OldAfterFullSource = "old_gen"
	if !fromGens {
		s.OldAfterFullSource = "heap"
	}
}

// lastOldCapacity: the old generation's capacity after the event, where the log gives it.
func lastOldCapacity(e *Event) (Bytes, bool) {
	if g, ok := e.Gen(OldGen); ok && g.CapacityAfter > 0 {
		return g.CapacityAfter, true
	}
	return 0, false
}

// round3 keeps three decimals: enough for microseconds in milliseconds and KiB in MiB, and the
// same digits on every platform.
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

func num(x float64) *float64 {
	v := round3(x)
	return &v
}

func mib(b Bytes) *float64 { return num(b.MiB()) }
