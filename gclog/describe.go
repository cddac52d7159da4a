package gclog

import (
	"fmt"
	"strings"
)

// collectorTitles names each collector as people write it.
var collectorTitles = map[string]string{"serial": "Serial", "parallel": "Parallel", "g1": "G1", "z": "ZGC",
	"shenandoah": "Shenandoah", "unknown": "an unnamed"}

// Describe writes the summary as a few sentences, one per line: what `loomsim gclog summary`
// prints and what the page shows above its charts.
func Describe(s Summary) []string {
	var out []string
	head := collectorTitles[s.Collector] + " collector"
	if s.JVMVersion != "" {
		head += ", JVM " + s.JVMVersion
	}
	if s.CPUs > 0 {
		head += fmt.Sprintf(", %d CPUs", s.CPUs)
	}
	out = append(out, head+".")
	heap := "Heap: "
	if s.HeapMaxMB != nil {
		heap += words(*s.HeapMaxMB) + " MB at most"
		if s.HeapInitMB != nil {
			heap += fmt.Sprintf(" (%s MB at start)", words(*s.HeapInitMB))
		}
	} else {
		heap += "size not logged"
	}
	switch {
	case s.DurationS != nil:
		heap += fmt.Sprintf("; the log covers %s s", words(*s.DurationS))
	default:
		heap += "; the log's lines carry no time, so rates cannot be read"
	}
	out = append(out, heap+".")

	var kinds []string
	for _, k := range []struct {
		n    int
		name string
	}{{s.YoungGCs, "young"}, {s.MixedGCs, "mixed"}, {s.FullGCs, "Full"}, {s.Remarks, "remark"}, {s.Cleanups, "cleanup"},
		{s.ConcurrentCycles, "concurrent cycles"}, {s.ConcurrentPauses, "concurrent-collector pauses"}, {s.DegeneratedGCs, "degenerated"}} {
		if k.n > 0 {
			kinds = append(kinds, fmt.Sprintf("%d %s", k.n, k.name))
		}
	}
	if len(kinds) == 0 {
		out = append(out, "Collections: none.")
	} else {
		line := "Collections: " + strings.Join(kinds, ", ")
		if s.YoungGCsPerS != nil && s.YoungGCs > 0 {
			line += fmt.Sprintf(" (%s young a second", words(*s.YoungGCsPerS))
			if s.FullGCs > 0 && s.FullGCsPerS != nil {
				line += fmt.Sprintf(", %s Full a second", words(*s.FullGCsPerS))
			}
			line += ")"
		}
		out = append(out, line+".")
	}
	if len(s.Causes) > 0 {
		var parts []string
		for _, c := range s.Causes {
			if c.Cause != "" {
				parts = append(parts, fmt.Sprintf("%s %s ×%d", c.Kind, c.Cause, c.Count))
			}
		}
		if len(parts) > 0 {
			out = append(out, "Causes: "+strings.Join(parts, "; ")+".")
		}
	}
	if s.Pauses > 0 {
		line := fmt.Sprintf("Pauses: %d, %s ms in all", s.Pauses, words(s.PauseTotalMS))
		if s.GCTimePct != nil {
			line += fmt.Sprintf(" (%s %% of the time)", words(*s.GCTimePct))
		}
		line += fmt.Sprintf("; the longest %s ms, one in twenty %s ms or more, %s ms on average.",
			words(s.PauseMaxMS), words(s.PauseP95MS), words(s.PauseMeanMS))
		out = append(out, line)
	}
	switch {
	case s.AllocationRateMBs != nil && s.PromotionRateMBs != nil:
		out = append(out, fmt.Sprintf("Allocation: %s MB/s; promotion to the old gen: %s MB/s (%s MB in all).",
			words(*s.AllocationRateMBs), words(*s.PromotionRateMBs), words(*s.PromotedMB)))
	case s.AllocationRateMBs != nil:
		out = append(out, fmt.Sprintf("Allocation: %s MB/s; promotion not logged (no gc+heap lines).", words(*s.AllocationRateMBs)))
	case s.Collector == "z" || s.Collector == "shenandoah":
		out = append(out, "Allocation and promotion: not read for a concurrent collector (it collects while the application allocates).")
	}
	if s.OldAfterFullMB != nil {
		what := "Old gen"
		if s.OldAfterFullSource == "heap" {
			what = "Heap (no per-generation lines)"
		}
		line := fmt.Sprintf("%s after a Full GC: %s MB on average (%s to %s MB, the last %s MB)", what, words(*s.OldAfterFullMB),
			words(*s.OldAfterFullMinMB), words(*s.OldAfterFullMaxMB), words(*s.OldAfterFullLastMB))
		if s.OldCapacityMB != nil {
			line += fmt.Sprintf(", of an old gen of %s MB", words(*s.OldCapacityMB))
		}
		out = append(out, line+".")
	} else if s.FullGCs == 0 && s.Events > 0 {
		out = append(out, "No Full GC.")
	}
	if s.ToSpaceExhausted > 0 || s.AllocationStalls > 0 || s.CancelledCycles > 0 {
		out = append(out, fmt.Sprintf("Trouble: %d to-space exhausted, %d allocation stalls (%s ms), %d cancelled cycles.",
			s.ToSpaceExhausted, s.AllocationStalls, words(s.AllocationStallsMS), s.CancelledCycles))
	}
	out = append(out, fmt.Sprintf("Lines: %d read, %d recognised but not used, %d not recognised.", s.Lines, s.SkippedLines, s.UnknownLines))
	return out
}
