package gclog

import (
	"strconv"
	"testing"
)

// The summary of short excerpts of real logs, each figure worked out by hand from the lines (the
// arithmetic is in the comments), so that a rate divided the wrong way, a difference taken the
// wrong way round or a boundary moved by one shows.

// parallelExcerpt is testdata/gclog/parallel-100m-nr8-pooled.log's gc+init lines, its first two
// young GCs, and GC(74) and GC(75), the first Full GC: four events with gc+heap lines.
const parallelExcerpt = `[0.040s][info][gc] Using Parallel
[0.051s][info][gc,init] Version: 17.0.15+6-Debian-1deb12u1 (release)
[0.051s][info][gc,init] CPUs: 2 total, 2 available
[0.051s][info][gc,init] Memory: 24105M
[0.051s][info][gc,init] Large Page Support: Disabled
[0.051s][info][gc,init] NUMA Support: Disabled
[0.051s][info][gc,init] Compressed Oops: Enabled (32-bit)
[0.051s][info][gc,init] Alignments: Space 512K, Generation 512K, Heap 2M
[0.051s][info][gc,init] Heap Min Capacity: 100M
[0.051s][info][gc,init] Heap Initial Capacity: 100M
[0.051s][info][gc,init] Heap Max Capacity: 100M
[0.051s][info][gc,init] Pre-touch: Disabled
[0.051s][info][gc,init] Parallel Workers: 2
[2.068s][info][gc,start    ] GC(0) Pause Young (Allocation Failure)
[2.168s][info][gc,heap     ] GC(0) PSYoungGen: 9216K(10240K)->1024K(10240K) Eden: 9216K(9216K)->0K(9216K) From: 0K(1024K)->1024K(1024K)
[2.168s][info][gc,heap     ] GC(0) ParOldGen: 0K(91136K)->2148K(91136K)
[2.168s][info][gc,metaspace] GC(0) Metaspace: 8151K(8384K)->8151K(8384K) NonClass: 7194K(7296K)->7194K(7296K) Class: 957K(1088K)->957K(1088K)
[2.168s][info][gc          ] GC(0) Pause Young (Allocation Failure) 9M->3M(99M) 99.676ms
[2.168s][info][gc,cpu      ] GC(0) User=0.02s Sys=0.00s Real=0.10s
[2.974s][info][gc,start    ] GC(1) Pause Young (Allocation Failure)
[3.033s][info][gc,heap     ] GC(1) PSYoungGen: 10240K(10240K)->1008K(10240K) Eden: 9216K(9216K)->0K(9216K) From: 1024K(1024K)->1008K(1024K)
[3.033s][info][gc,heap     ] GC(1) ParOldGen: 2148K(91136K)->3627K(91136K)
[3.033s][info][gc,metaspace] GC(1) Metaspace: 8445K(8640K)->8445K(8640K) NonClass: 7463K(7552K)->7463K(7552K) Class: 982K(1088K)->982K(1088K)
[3.033s][info][gc          ] GC(1) Pause Young (Allocation Failure) 12M->4M(99M) 59.342ms
[3.033s][info][gc,cpu      ] GC(1) User=0.02s Sys=0.00s Real=0.06s
[8.801s][info][gc,start    ] GC(74) Pause Young (Allocation Failure)
[8.805s][info][gc,heap     ] GC(74) PSYoungGen: 6687K(7680K)->2560K(7680K) Eden: 4095K(4096K)->0K(4096K) From: 2592K(3584K)->2560K(3584K)
[8.805s][info][gc,heap     ] GC(74) ParOldGen: 88828K(91136K)->89391K(91136K)
[8.805s][info][gc,metaspace] GC(74) Metaspace: 10761K(10944K)->10761K(10944K) NonClass: 9484K(9600K)->9484K(9600K) Class: 1276K(1344K)->1276K(1344K)
[8.805s][info][gc          ] GC(74) Pause Young (Allocation Failure) 93M->89M(96M) 4.386ms
[8.805s][info][gc,cpu      ] GC(74) User=0.01s Sys=0.00s Real=0.01s
[8.843s][info][gc,start    ] GC(75) Pause Full (Ergonomics)
[8.843s][info][gc,phases,start] GC(75) Marking Phase
[8.910s][info][gc,phases      ] GC(75) Marking Phase 66.369ms
[8.910s][info][gc,phases,start] GC(75) Summary Phase
[8.910s][info][gc,phases      ] GC(75) Summary Phase 0.014ms
[8.910s][info][gc,phases,start] GC(75) Adjust Roots
[8.945s][info][gc,phases      ] GC(75) Adjust Roots 34.735ms
[8.945s][info][gc,phases,start] GC(75) Compaction Phase
[9.099s][info][gc,phases      ] GC(75) Compaction Phase 153.841ms
[9.099s][info][gc,phases,start] GC(75) Post Compact
[9.099s][info][gc,phases      ] GC(75) Post Compact 0.798ms
[9.099s][info][gc,heap        ] GC(75) PSYoungGen: 6656K(7680K)->0K(7680K) Eden: 4096K(4096K)->0K(4096K) From: 2560K(3584K)->0K(3584K)
[9.099s][info][gc,heap        ] GC(75) ParOldGen: 89391K(91136K)->43351K(91136K)
[9.099s][info][gc,metaspace   ] GC(75) Metaspace: 10761K(10944K)->10761K(10944K) NonClass: 9484K(9600K)->9484K(9600K) Class: 1276K(1344K)->1276K(1344K)
[9.099s][info][gc             ] GC(75) Pause Full (Ergonomics) 93M->42M(96M) 256.009ms
[9.100s][info][gc,cpu         ] GC(75) User=0.05s Sys=0.01s Real=0.25s
`

// eq reports whether a summary figure is the number want (nil is not a number).
func eq(got *float64, want float64) bool { return got != nil && *got == want }

func show(v *float64) string {
	if v == nil {
		return "null"
	}
	return strconv.FormatFloat(*v, 'f', -1, 64)
}

func TestSummaryOfARealExcerpt(t *testing.T) {
	l, err := parseString(parallelExcerpt)
	if err != nil {
		t.Fatal(err)
	}
	s := l.Summary()
	if s.Collector != "parallel" || s.CPUs != 2 || s.JVMVersion != "17.0.15+6-Debian-1deb12u1 (release)" || s.Clock != "uptime" {
		t.Errorf("collector %q, cpus %d, version %q, clock %q", s.Collector, s.CPUs, s.JVMVersion, s.Clock)
	}
	if s.Events != 4 || s.YoungGCs != 3 || s.FullGCs != 1 || s.Pauses != 4 {
		t.Errorf("events %d, young %d, full %d, pauses %d; want 4, 3, 1, 4", s.Events, s.YoungGCs, s.FullGCs, s.Pauses)
	}
	for _, c := range []struct {
		name string
		got  *float64
		want float64
	}{
		{"heap initial", s.HeapInitMB, 100},
		{"heap max", s.HeapMaxMB, 100},
		// From the first timed line (0.040 s) to the last (9.100 s).
		{"duration", s.DurationS, 9.06},
		{"young GCs per s", s.YoungGCsPerS, 0.331}, // 3 / 9.06
		{"full GCs per s", s.FullGCsPerS, 0.11},    // 1 / 9.06 = 0.1104
		// Pauses 99.676 + 59.342 + 4.386 + 256.009 = 419.413 ms over 9060 ms.
		{"GC time %", s.GCTimePct, 4.629},
		// Between the GCs' ends and the next starts: (12-3) + (93-4) + (93-89) = 102 MB, over
		// the 6.931 s from GC(0)'s end (2.168 s) to GC(75)'s (9.099 s).
		{"allocation rate", s.AllocationRateMBs, 14.716},
		// ParOldGen's growth in the young GCs: 2148K + (3627-2148)K + (89391-88828)K = 4190K.
		{"promoted", s.PromotedMB, 4.092},
		{"promotion rate", s.PromotionRateMBs, 0.59}, // 4190K / 6.931 s = 0.5904 MB/s
		// ParOldGen after the Full GC: 43351K.
		{"old after full", s.OldAfterFullMB, 42.335},
		{"old after full, least", s.OldAfterFullMinMB, 42.335},
		{"old after full, largest", s.OldAfterFullMaxMB, 42.335},
		{"old after full, last", s.OldAfterFullLastMB, 42.335},
		{"old capacity", s.OldCapacityMB, 89}, // 91136K
	} {
		if !eq(c.got, c.want) {
			t.Errorf("%s: %s, want %v", c.name, show(c.got), c.want)
		}
	}
	if s.PauseTotalMS != 419.413 || s.PauseMaxMS != 256.009 || s.PauseMeanMS != 104.853 || s.PauseP95MS != 256.009 {
		t.Errorf("pauses total %v, max %v, mean %v, p95 %v; want 419.413, 256.009, 104.853 (419.413/4), 256.009",
			s.PauseTotalMS, s.PauseMaxMS, s.PauseMeanMS, s.PauseP95MS)
	}
	if s.OldAfterFullSource != "old_gen" {
		t.Errorf("old after full read from %q, want old_gen", s.OldAfterFullSource)
	}
}

// The figures a log cannot give are null, not 0: each case is the smallest log that lacks one, at
// the boundary where it starts to exist.
func TestSummaryFiguresAtTheirBoundaries(t *testing.T) {
	for _, c := range []struct {
		name, log string
		check     func(s Summary) string
	}{
		{"one line: no duration, no heap, no GC time", "[0.040s][info][gc] Using Parallel\n", func(s Summary) string {
			if s.HeapMaxMB != nil || s.HeapInitMB != nil || s.GCTimePct != nil || s.YoungGCsPerS != nil {
				return "heap max " + show(s.HeapMaxMB) + ", initial " + show(s.HeapInitMB) + ", GC time " + show(s.GCTimePct) + ", young/s " + show(s.YoungGCsPerS)
			}
			return ""
		}},
		{"two lines, no pause: GC time 0 %", "[0.040s][info][gc] Using Parallel\n[0.051s][info][gc,init] CPUs: 2 total, 2 available\n", func(s Summary) string {
			if !eq(s.GCTimePct, 0) {
				return "GC time " + show(s.GCTimePct)
			}
			return ""
		}},
		// -Xlog:gc only: two events with heap sizes are enough for an allocation rate, (12-3) MB over
		// 0.865 s; no gc+heap lines, so nothing is known of promotion; the heap max is the largest
		// committed heap seen; there is no initial size.
		{"two GCs without generations", `[2.168s][info][gc] GC(0) Pause Young (Allocation Failure) 9M->3M(99M) 99.676ms
[3.033s][info][gc] GC(1) Pause Young (Allocation Failure) 12M->4M(100M) 59.342ms
`, func(s Summary) string {
			if !eq(s.AllocationRateMBs, 10.405) || s.PromotedMB != nil || s.PromotionRateMBs != nil || !eq(s.HeapMaxMB, 100) || s.HeapInitMB != nil {
				return "allocation rate " + show(s.AllocationRateMBs) + " (want 10.405), promoted " + show(s.PromotedMB) +
					", promotion rate " + show(s.PromotionRateMBs) + ", heap max " + show(s.HeapMaxMB) + " (want 100), initial " + show(s.HeapInitMB)
			}
			return ""
		}},
		// One GC with generations: promoted 2148K, but no time between two GCs to make a rate of it.
		{"one GC with generations", `[2.168s][info][gc,heap     ] GC(0) PSYoungGen: 9216K(10240K)->1024K(10240K) Eden: 9216K(9216K)->0K(9216K) From: 0K(1024K)->1024K(1024K)
[2.168s][info][gc,heap     ] GC(0) ParOldGen: 0K(91136K)->2148K(91136K)
[2.168s][info][gc          ] GC(0) Pause Young (Allocation Failure) 9M->3M(99M) 99.676ms
`, func(s Summary) string {
			if !eq(s.PromotedMB, 2.098) || s.PromotionRateMBs != nil || s.AllocationRateMBs != nil {
				return "promoted " + show(s.PromotedMB) + " (want 2.098), promotion rate " + show(s.PromotionRateMBs) + ", allocation rate " + show(s.AllocationRateMBs)
			}
			return ""
		}},
		// G1's region lines give no old capacity; a mixed GC's old regions that grow (37 -> 38, with
		// archive 2 and humongous 1 unchanged, 1 MB regions) are 1 MB promoted.
		{"G1 mixed GC with regions", `[0.077s][info][gc,init] Heap Region Size: 1M
[17.593s][info][gc,heap     ] GC(33) Eden regions: 2->0(7)
[17.593s][info][gc,heap     ] GC(33) Survivor regions: 1->1(1)
[17.593s][info][gc,heap     ] GC(33) Old regions: 37->38
[17.593s][info][gc,heap     ] GC(33) Archive regions: 2->2
[17.593s][info][gc,heap     ] GC(33) Humongous regions: 1->1
[17.593s][info][gc          ] GC(33) Pause Young (Mixed) (G1 Evacuation Pause) 41M->40M(64M) 5.230ms
`, func(s Summary) string {
			if s.OldCapacityMB != nil || !eq(s.PromotedMB, 1) || s.MixedGCs != 1 {
				return "old capacity " + show(s.OldCapacityMB) + ", promoted " + show(s.PromotedMB) + " (want 1), mixed " + strconv.Itoa(s.MixedGCs)
			}
			return ""
		}},
	} {
		l, err := parseString(c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if msg := c.check(l.Summary()); msg != "" {
			t.Errorf("%s: %s", c.name, msg)
		}
	}
}
