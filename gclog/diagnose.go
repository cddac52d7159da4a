package gclog

import (
	"fmt"
	"slices"
	"strings"
)

// Finding is one thing a log suggests, in plain words. Rule names the rule that found it, so a
// page or a test can tell findings apart without reading their sentences.
type Finding struct {
	Rule string `json:"rule"`
	Text string `json:"text"`
}

// NothingStandsOut is what to say when no rule fires.
const NothingStandsOut = "Nothing stands out: no rule of the diagnosis fired on this log."

// The rules' thresholds. They are rules of thumb, not HotSpot's numbers; each says why.
const (
	// An old gen still this full right after a Full GC holds mostly live data: the next
	// promotions have little room, so Full GCs come back. Against the whole heap (a log without
	// gc+heap lines) the share is lower, since the young gen is part of it.
	liveSetOldShare  = 0.70
	liveSetHeapShare = 0.60
	// Pause time above this share of the run is time the application did not run.
	gcTimeHighPct = 10.0
	// Young GCs more often than this (per second) cost a pause each and give objects little time
	// to die before they are copied.
	youngPerSecondHigh = 5.0
	// Stop-the-world collectors: a young or Full GC works through the live data of the spaces it
	// collects, which HotSpot does well under 1 ms per MB of heap on a machine with free cores.
	pauseMSPerHeapMBHigh = 1.0
	// Concurrent collectors (ZGC, Shenandoah) keep their pauses to a few milliseconds at any heap.
	concurrentPauseMSHigh = 10.0
	// More than this share of the allocation promoted: objects outlive the young gen.
	promotionShareHigh = 0.20
	// G1's humongous regions holding this share of the heap crowd out everything else.
	humongousHeapShare = 0.05
)

// facts are the numbers the rules read: the summary, and a few things read from the events.
type facts struct {
	s Summary
	// edenMB: the young generation's occupancy when a young GC starts (eden full), the median
	// over young GCs; null without gc+heap lines.
	edenMB *float64
	// humongousMaxMB: the most G1 humongous regions held before a GC, in MiB.
	humongousMaxMB *float64
	// fullFreedMB: the old gen's shrinkage summed over Full GCs (before - after).
	fullFreedMB *float64
}

// Diagnose applies every rule to the log and returns what fired, most serious first.
func Diagnose(l *Log) []Finding {
	return diagnose(readFacts(l))
}

func readFacts(l *Log) facts {
	f := facts{s: l.Summary()}
	var edens []Bytes
	var humongous Bytes
	hasHumongous := false
	var freed float64
	fulls := 0
	for i := range l.Events {
		e := &l.Events[i]
		if e.Kind == Young {
			if g, ok := e.Gen(Eden); ok {
				edens = append(edens, g.Before)
			} else if g, ok := e.Gen(YoungGen); ok {
				edens = append(edens, g.Before)
			}
		}
		if g, ok := e.Gen(Humongous); ok {
			hasHumongous = true
			humongous = max(humongous, g.Before)
		}
		if e.Kind == Full {
			if before, after, ok := e.Old(); ok {
				freed += max(0, before-after).MiB()
				fulls++
			}
		}
	}
	if len(edens) > 0 {
		slices.Sort(edens)
		f.edenMB = mib(edens[len(edens)/2])
	}
	if hasHumongous {
		f.humongousMaxMB = mib(humongous)
	}
	if fulls > 0 {
		f.fullFreedMB = num(freed)
	}
	return f
}

// rule reads the facts and returns a sentence, or "" when it does not fire.
type rule struct {
	name string
	say  func(f facts) string
}

// rules, in the order findings are shown: what costs the most first.
var rules = []rule{
	{"live-set-fills-old-gen", liveSetFillsOldGen},
	{"gc-time-high", gcTimeHigh},
	{"allocation-stalls", allocationStalls},
	{"degenerated-cycles", degeneratedCycles},
	{"to-space-exhausted", toSpaceExhausted},
	{"g1-full-gc", g1FullGC},
	{"young-gcs-frequent", youngGCsFrequent},
	{"premature-promotion", prematurePromotion},
	{"pauses-long", pausesLong},
	{"humongous", humongousAllocations},
	{"system-gc", systemGC},
	{"no-heap-lines", noHeapLines},
}

// RuleNames lists every rule's name, in the order findings are shown.
func RuleNames() []string {
	names := make([]string, len(rules))
	for i, r := range rules {
		names[i] = r.name
	}
	return names
}

func diagnose(f facts) []Finding {
	out := []Finding{}
	for _, r := range rules {
		if text := r.say(f); text != "" {
			out = append(out, Finding{Rule: r.name, Text: text})
		}
	}
	return out
}

// fullCauses lists the Full GCs' causes, most frequent first: "Ergonomics (7)".
func fullCauses(s Summary) string {
	var parts []string
	for _, c := range s.Causes {
		if c.Kind == Full {
			cause := c.Cause
			if cause == "" {
				cause = "no cause given"
			}
			parts = append(parts, fmt.Sprintf("%s (%d)", cause, c.Count))
		}
	}
	return strings.Join(parts, ", ")
}

func causeCount(s Summary, cause string) int {
	n := 0
	for _, c := range s.Causes {
		if c.Cause == cause {
			n += c.Count
		}
	}
	return n
}

func liveSetFillsOldGen(f facts) string {
	s := f.s
	if s.FullGCs < 2 || s.OldAfterFullMB == nil || s.OldAfterFullLastMB == nil {
		return ""
	}
	after := max(*s.OldAfterFullMB, *s.OldAfterFullLastMB)
	var capacity, share float64
	what, of := "old gen", "the old gen"
	switch {
	case s.OldAfterFullSource == "old_gen" && s.OldCapacityMB != nil && *s.OldCapacityMB > 0:
		capacity, share = *s.OldCapacityMB, liveSetOldShare
	case s.OldAfterFullSource == "heap" && s.HeapMaxMB != nil && *s.HeapMaxMB > 0:
		// A log without gc+heap lines: the whole heap after a Full GC, nearly all of it old.
		capacity, share, what, of = *s.HeapMaxMB, liveSetHeapShare, "heap", "the heap"
	case s.OldAfterFullSource == "old_gen" && s.HeapMaxMB != nil && *s.HeapMaxMB > 0:
		// G1 logs no old gen capacity: old regions may take the whole heap but young ones.
		capacity, share, of = *s.HeapMaxMB, liveSetHeapShare, "the heap"
	default:
		return ""
	}
	if after < share*capacity {
		return ""
	}
	return fmt.Sprintf("The %s right after a Full GC still holds %s MB, %s %% of %s (%s MB): the data that stays alive "+
		"nearly fills it, so young GCs' promotions find little room and the collector falls back on Full GCs — "+
		"%d here, by %s — each of which frees little. A larger heap (or old gen), or less data kept alive "+
		"(fewer threads, smaller caches, per-thread state that is not pooled), gives the promotions room.",
		what, mb(after), pct(100*after/capacity), of, mb(capacity), s.FullGCs, fullCauses(s))
}

func gcTimeHigh(f facts) string {
	s := f.s
	if s.GCTimePct == nil || *s.GCTimePct < gcTimeHighPct {
		return ""
	}
	return fmt.Sprintf("Stop-the-world pauses took %s %% of the log's %s s (%s ms in %d pauses): for that share of the time "+
		"no application thread ran. Above %s %% the collector, not the application, sets the throughput.",
		pct(*s.GCTimePct), secs(s.DurationS), mb(s.PauseTotalMS), s.Pauses, pct(gcTimeHighPct))
}

func allocationStalls(f facts) string {
	s := f.s
	if s.AllocationStalls == 0 {
		return ""
	}
	return fmt.Sprintf("ZGC stalled allocating threads %d times (%s ms in all): a thread asked for memory while the "+
		"concurrent cycle had not yet freed any, and waited for it. ZGC's pauses stay short, but these waits are "+
		"pauses to the threads that take them. The heap is too small for the allocation rate and live set, or the "+
		"collector has too few threads (-XX:ConcGCThreads) to keep up.", s.AllocationStalls, mb(s.AllocationStallsMS))
}

func degeneratedCycles(f facts) string {
	s := f.s
	if s.DegeneratedGCs == 0 && (s.Collector != "shenandoah" || s.FullGCs == 0) {
		return ""
	}
	return fmt.Sprintf("Shenandoah ran %d degenerated cycles and %d Full GCs (%d concurrent cycles were cancelled): the "+
		"heap ran out while a concurrent cycle was still working, so it finished with the application stopped. "+
		"Cycles start too late for the allocation rate or the heap is too small for the live set.",
		s.DegeneratedGCs, s.FullGCs, s.CancelledCycles)
}

func toSpaceExhausted(f facts) string {
	s := f.s
	if s.ToSpaceExhausted == 0 {
		return ""
	}
	return fmt.Sprintf("G1 ran out of free regions to copy into %d times (to-space exhausted): objects that could not be "+
		"moved stayed where they were, and such a young GC takes much longer. The heap has too little free room "+
		"for what survives a young GC.", s.ToSpaceExhausted)
}

func g1FullGC(f facts) string {
	s := f.s
	if s.Collector != "g1" || s.FullGCs == 0 {
		return ""
	}
	return fmt.Sprintf("G1 fell back on Full GCs %d times (%s): its concurrent marking and mixed GCs did not free old regions "+
		"as fast as they filled. A G1 Full GC stops everything to compact the whole heap; a larger heap, or marking "+
		"started earlier (-XX:InitiatingHeapOccupancyPercent), avoids it.", s.FullGCs, fullCauses(s))
}

func youngGCsFrequent(f facts) string {
	s := f.s
	if s.YoungGCsPerS == nil || *s.YoungGCsPerS < youngPerSecondHigh || s.YoungGCs < 10 {
		return ""
	}
	text := fmt.Sprintf("Young GCs come every %s ms on average (%s a second)", ms(1000 / *s.YoungGCsPerS), rate(*s.YoungGCsPerS))
	if f.edenMB != nil && s.AllocationRateMBs != nil {
		text += fmt.Sprintf(": the application allocates %s MB/s and the young gen holds about %s MB when one starts",
			rate(*s.AllocationRateMBs), mb(*f.edenMB))
	}
	return text + ". Each costs a pause, and objects get little time to die before they are copied. " +
		"A larger young generation (-Xmn, a lower -XX:NewRatio, or a larger heap) makes them rarer."
}

func prematurePromotion(f facts) string {
	s := f.s
	if s.PromotionRateMBs == nil || s.AllocationRateMBs == nil || *s.AllocationRateMBs <= 0 || s.YoungGCs < 10 {
		return ""
	}
	share := *s.PromotionRateMBs / *s.AllocationRateMBs
	if share < promotionShareHigh {
		return ""
	}
	text := fmt.Sprintf("Young GCs promote %s %% of what is allocated (%s of %s MB/s) to the old gen: either that much data "+
		"really lives long (caches, pools, per-thread state), or the survivor spaces are too small to let "+
		"medium-lived objects die young.", pct(100*share), rate(*s.PromotionRateMBs), rate(*s.AllocationRateMBs))
	if f.fullFreedMB != nil && s.PromotedMB != nil && s.OldAfterFullMB != nil && *f.fullFreedMB >= 0.5**s.PromotedMB {
		text += fmt.Sprintf(" Here Full GCs freed %s of the %s MB promoted and left %s MB: most promoted objects died in the "+
			"old gen, so they were promoted too early.", mb(*f.fullFreedMB), mb(*s.PromotedMB), mb(*s.OldAfterFullMB))
	}
	return text
}

func pausesLong(f facts) string {
	s := f.s
	if s.Pauses < 5 {
		return ""
	}
	if s.Collector == "z" || s.Collector == "shenandoah" {
		if s.PauseP95MS < concurrentPauseMSHigh {
			return ""
		}
		return fmt.Sprintf("One pause in twenty takes %s ms or more (the longest %s ms), long for a concurrent collector, "+
			"whose pauses stay near a millisecond when its threads get a core.", ms(s.PauseP95MS), ms(s.PauseMaxMS))
	}
	if s.HeapMaxMB == nil || *s.HeapMaxMB <= 0 || s.PauseP95MS < pauseMSPerHeapMBHigh**s.HeapMaxMB {
		return ""
	}
	return fmt.Sprintf("The pauses are long for a heap of %s MB: one in twenty takes %s ms or more (the longest %s ms), "+
		"%s ms per MB of heap where HotSpot usually needs well under 1. The GC threads were likely short of CPU "+
		"(a loaded machine, a container's CPU limit, more GC threads than cores), the heap was partly swapped out, "+
		"or many threads' stacks had to be scanned.",
		mb(*s.HeapMaxMB), ms(s.PauseP95MS), ms(s.PauseMaxMS), rate(s.PauseP95MS / *s.HeapMaxMB))
}

func humongousAllocations(f facts) string {
	s := f.s
	calls := causeCount(s, "G1 Humongous Allocation")
	big := f.humongousMaxMB != nil && s.HeapMaxMB != nil && *f.humongousMaxMB >= humongousHeapShare**s.HeapMaxMB
	if calls == 0 && !big {
		return ""
	}
	text := "G1 gives each object of half a region or more (a humongous object) whole regions of its own"
	if f.humongousMaxMB != nil {
		text += fmt.Sprintf("; here they held up to %s MB", mb(*f.humongousMaxMB))
	}
	if calls > 0 {
		text += fmt.Sprintf(", and %d GCs were started by such an allocation", calls)
	}
	return text + ". They waste the rest of their last region and are freed only by marking. Larger regions " +
		"(-XX:G1HeapRegionSize) make fewer objects humongous."
}

func systemGC(f facts) string {
	n := causeCount(f.s, "System.gc()")
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("The application (or a library) called System.gc() %d times; each forces a Full GC (or a "+
		"concurrent cycle) whether the heap needs one or not. -XX:+DisableExplicitGC ignores the calls.", n)
}

func noHeapLines(f facts) string {
	s := f.s
	if s.Collector == "z" || s.Collector == "shenandoah" || s.Events == 0 || s.PromotedMB != nil {
		return ""
	}
	return "The log has no per-generation (gc+heap) lines, so promotion and the old gen cannot be read from it; " +
		"-Xlog:gc* instead of -Xlog:gc writes them."
}

func mb(x float64) string   { return words(x) }
func ms(x float64) string   { return words(x) }
func rate(x float64) string { return words(x) }
func pct(x float64) string  { return fmt.Sprintf("%.0f", x) }

func secs(x *float64) string {
	if x == nil {
		return "?"
	}
	return words(*x)
}

// words writes a number for a sentence: three significant digits at most, no trailing zeros, never
// an exponent.
func words(x float64) string {
	var s string
	switch a := max(x, -x); {
	case a >= 100:
		s = fmt.Sprintf("%.0f", x)
	case a >= 10:
		s = fmt.Sprintf("%.1f", x)
	default:
		s = fmt.Sprintf("%.2f", x)
	}
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}
