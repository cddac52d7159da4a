package gclog

import (
	"os"
	"path/filepath"
	"testing"
)

// The logs under testdata/gclog are real: JDK 17.0.15 running jvm/GcLab.java (the commands are in
// testdata/gclog/README.md), some cut at a line boundary to stay small. Every number below was read
// from the log by hand (grep; the comments say how), not computed by this package.

func readLog(t *testing.T, name string) *Log {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "gclog", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := Parse(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	checkLog(t, l)
	return l
}

// eventByID returns the event of a GC id and kind.
func eventByID(t *testing.T, l *Log, id int, kind Kind) Event {
	t.Helper()
	for _, e := range l.Events {
		if e.ID == id && e.Kind == kind {
			return e
		}
	}
	t.Fatalf("no %v event with GC(%d)", kind, id)
	return Event{}
}

// TestRealLogCounts: the counts by kind, against
//
//	grep -cE '\[gc *\] GC\([0-9]+\) Pause Young \((Allocation|Normal|Concurrent Start|Prepare)'  (young)
//	grep -cE '\[gc *\] GC\([0-9]+\) Pause Young \(Mixed\)'                                       (mixed)
//	grep -cE '\[gc *\] GC\([0-9]+\) Pause (Full|Remark|Cleanup|Degenerated GC) .*ms$'            (the others)
//	grep -cE 'Concurrent Mark Cycle [0-9.]+ms$|Garbage Collection \(.*\) .*->'                     (cycles)
func TestRealLogCounts(t *testing.T) {
	for _, tc := range []struct {
		file                                 string
		collector                            Collector
		heapMax                              Bytes
		young, mixed, full, remark, cleanup  int
		cycles, pauses, degenerated, tospace int
	}{
		{"parallel-100m-nr8-pooled.log", Parallel, 100 * MB, 238, 0, 7, 0, 0, 0, 0, 0, 0},
		{"parallel-100m-nr8-fresh.log", Parallel, 100 * MB, 306, 0, 5, 0, 0, 0, 0, 0, 0},
		{"parallel-100m-plain.log", Parallel, 0, 39, 0, 25, 0, 0, 0, 0, 0, 0},
		{"parallel-256m-pooled.log", Parallel, 256 * MB, 31, 0, 0, 0, 0, 0, 0, 0, 0},
		{"serial-64m-pooled.log", Serial, 64 * MB, 27, 0, 8, 0, 0, 0, 0, 0, 0},
		{"serial-64m-fresh-tags.log", Serial, 64 * MB, 100, 0, 0, 0, 0, 0, 0, 0, 0},
		{"g1-64m-pooled.log", G1, 64 * MB, 115, 29, 1, 18, 17, 17, 0, 0, 2},
		{"g1-256m-pooled.log", G1, 256 * MB, 38, 5, 0, 1, 1, 1, 0, 0, 0},
		// ZGC: 3 pauses per cycle, grep -cE 'GC\([0-9]+\) Pause (Mark Start|Mark End|Relocate Start) '
		{"zgc-128m-pooled.log", ZGC, 128 * MB, 0, 0, 0, 0, 0, 5, 15, 0, 0},
		// Shenandoah: GC(0), GC(1), GC(2) finish; GC(3), GC(5), GC(7) are cancelled ("Cancelling GC");
		// pauses: grep -cE '\[gc *\] GC\([0-9]+\) Pause (Init|Final)'.
		{"shenandoah-128m-pooled.log", Shenandoah, 128 * MB, 0, 0, 0, 0, 0, 3, 18, 2, 0},
	} {
		t.Run(tc.file, func(t *testing.T) {
			l := readLog(t, tc.file)
			s := l.Summary()
			got := [...]int{s.YoungGCs, s.MixedGCs, s.FullGCs, s.Remarks, s.Cleanups, s.ConcurrentCycles, s.ConcurrentPauses, s.DegeneratedGCs, s.ToSpaceExhausted}
			want := [...]int{tc.young, tc.mixed, tc.full, tc.remark, tc.cleanup, tc.cycles, tc.pauses, tc.degenerated, tc.tospace}
			if got != want {
				t.Errorf("young, mixed, full, remark, cleanup, cycles, pauses, degenerated, to-space exhausted = %v; want %v", got, want)
			}
			if l.Collector != tc.collector || l.HeapMax != tc.heapMax {
				t.Errorf("collector %v, heap max %v; want %v, %v", l.Collector, l.HeapMax, tc.collector, tc.heapMax)
			}
			if l.Unknown != 0 || l.Clock != "uptime" {
				t.Errorf("%d unknown lines (first %+v), clock %q; want none, uptime", l.Unknown, l.UnknownExamples, l.Clock)
			}
		})
	}
}

// TestRealLogOldAfterFullGC: the old generation after each Full GC, from the gc+heap lines of the
// Full GCs' ids (grep "GC(n) ParOldGen" / "GC(n) Tenured"), or the heap after for -Xlog:gc.
func TestRealLogOldAfterFullGC(t *testing.T) {
	for _, tc := range []struct {
		file                 string
		mean, min, max, last float64 // MiB, rounded to 3 decimals like the summary
		source               string
	}{
		// ParOldGen after: 43351K 57609K 63517K 69250K 72579K 75346K 76964K; mean 458616K/7.
		{"parallel-100m-nr8-pooled.log", 63.981, 42.335, 75.16, 75.16, "old_gen"},
		// ParOldGen after: 7130K 7254K 5240K 5250K 5264K; mean 30138K/5.
		{"parallel-100m-nr8-fresh.log", 5.886, 5.117, 7.084, 5.141, "old_gen"},
		// Heap after each "Pause Full": 44M ... 73M, 50M; 1685M over 25.
		{"parallel-100m-plain.log", 67.4, 44, 73, 50, "heap"},
		// Tenured after: 31176K 37499K 39558K 38141K 41756K 42018K 42218K 40137K; mean 312503K/8.
		{"serial-64m-pooled.log", 38.147, 30.445, 41.229, 39.196, "old_gen"},
		// GC(83): Old regions 62->36, Archive regions 2->2, Humongous 0->0, region size 1M.
		{"g1-64m-pooled.log", 38, 38, 38, 38, "old_gen"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			s := readLog(t, tc.file).Summary()
			if s.OldAfterFullMB == nil {
				t.Fatal("no old gen after Full GC")
			}
			got := [...]float64{*s.OldAfterFullMB, *s.OldAfterFullMinMB, *s.OldAfterFullMaxMB, *s.OldAfterFullLastMB}
			want := [...]float64{tc.mean, tc.min, tc.max, tc.last}
			if got != want || s.OldAfterFullSource != tc.source {
				t.Errorf("old after Full GC mean, min, max, last = %v from %s; want %v from %s", got, s.OldAfterFullSource, want, tc.source)
			}
		})
	}
	for _, file := range []string{"parallel-256m-pooled.log", "serial-64m-fresh-tags.log", "g1-256m-pooled.log"} {
		if s := readLog(t, file).Summary(); s.OldAfterFullMB != nil {
			t.Errorf("%s has no Full GC but old after Full GC reads %v; want null", file, *s.OldAfterFullMB)
		}
	}
}

// TestRealLogEvents: single events, each copied here from its lines in the log.
func TestRealLogEvents(t *testing.T) {
	t.Run("parallel Full GC(75)", func(t *testing.T) {
		// [9.099s][info][gc,heap        ] GC(75) ParOldGen: 89391K(91136K)->43351K(91136K)
		// [9.099s][info][gc             ] GC(75) Pause Full (Ergonomics) 93M->42M(96M) 256.009ms
		e := eventByID(t, readLog(t, "parallel-100m-nr8-pooled.log"), 75, Full)
		old, _ := e.Gen(OldGen)
		if e.Time != 9099*Millisecond || e.Cause != "Ergonomics" || e.Before != 93*MB || e.After != 42*MB || e.Commit != 96*MB ||
			e.Pause != 256_009*Microsecond || old.Before != 89391*KB || old.After != 43351*KB || old.CapacityAfter != 91136*KB {
			t.Errorf("GC(75) = %+v", e)
		}
	})
	t.Run("parallel first young GC(0)", func(t *testing.T) {
		// [3.543s][info][gc          ] GC(0) Pause Young (Allocation Failure) 9M->3M(99M) 47.315ms
		// [3.543s][info][gc,heap     ] GC(0) PSYoungGen: 9216K(10240K)->1008K(10240K) Eden: ... From: ...
		// [3.543s][info][gc,heap     ] GC(0) ParOldGen: 0K(91136K)->2164K(91136K)
		e := eventByID(t, readLog(t, "parallel-100m-nr8-fresh.log"), 0, Young)
		young, _ := e.Gen(YoungGen)
		before, after, ok := e.Old()
		if e.Before != 9*MB || e.After != 3*MB || e.Commit != 99*MB || e.Pause != 47_315*Microsecond ||
			young.Before != 9216*KB || young.After != 1008*KB || !ok || before != 0 || after != 2164*KB {
			t.Errorf("GC(0) = %+v", e)
		}
	})
	t.Run("serial uptimemillis GC(0)", func(t *testing.T) {
		// [13324ms][info][gc          ] GC(0) Pause Young (Allocation Failure) 17M->4M(61M) 289.106ms
		e := eventByID(t, readLog(t, "serial-64m-fresh-tags.log"), 0, Young)
		if e.Time != 13324*Millisecond || e.Before != 17*MB || e.After != 4*MB || e.Commit != 61*MB || e.Pause != 289_106*Microsecond {
			t.Errorf("GC(0) = %+v", e)
		}
	})
	t.Run("g1 Full GC(83)", func(t *testing.T) {
		// [18.805s][info][gc             ] GC(83) Pause Full (G1 Compaction Pause) 62M->36M(64M) 86.859ms
		e := eventByID(t, readLog(t, "g1-64m-pooled.log"), 83, Full)
		old, _ := e.Gen(OldGen)
		if e.Cause != "G1 Compaction Pause" || e.Before != 62*MB || e.After != 36*MB || e.Pause != 86_859*Microsecond ||
			old.RegionsBefore != 62 || old.RegionsAfter != 36 || old.After != 36*MB {
			t.Errorf("GC(83) = %+v", e)
		}
	})
	t.Run("g1 concurrent mark cycle GC(32)", func(t *testing.T) {
		// [24.147s] GC(32) Pause Remark 137M->137M(256M) 27.198ms
		// [24.330s] GC(32) Concurrent Mark Cycle 307.008ms
		l := readLog(t, "g1-256m-pooled.log")
		r := eventByID(t, l, 32, Remark)
		c := eventByID(t, l, 32, Concurrent)
		if r.Before != 137*MB || r.Pause != 27_198*Microsecond || c.Duration != 307_008*Microsecond || c.Pause != 0 {
			t.Errorf("GC(32) remark %+v, cycle %+v", r, c)
		}
	})
	t.Run("zgc cycle GC(4)", func(t *testing.T) {
		// [18.016s][info][gc,start    ] GC(4) Garbage Collection (Allocation Stall)
		// [19.852s][info][gc          ] GC(4) Garbage Collection (Allocation Stall) 128M(100%)->128M(100%)
		l := readLog(t, "zgc-128m-pooled.log")
		e := eventByID(t, l, 4, Concurrent)
		if e.Cause != "Allocation Stall" || e.Before != 128*MB || e.After != 128*MB || e.Duration != 1836*Millisecond {
			t.Errorf("GC(4) = %+v", e)
		}
		// grep -c "Allocation Stall (worker": the stall lines, not the two lines above nor the
		// statistics' "Critical: Allocation Stall" rows.
		if l.AllocationStalls != 848 {
			t.Errorf("allocation stalls %d; want 848", l.AllocationStalls)
		}
		// The longest of the 15 pauses: grep -oE 'Pause (Mark Start|Mark End|Relocate Start) [0-9.]+ms' | sort -n
		if s := l.Summary(); s.PauseMaxMS != 0.039 {
			t.Errorf("pause max %v ms; want 0.039", s.PauseMaxMS)
		}
	})
	t.Run("shenandoah degenerated GC(4)", func(t *testing.T) {
		// [15.324s][info][gc          ] GC(4) Pause Degenerated GC (Outside of Cycle) 121M->50M(128M) 102.242ms
		l := readLog(t, "shenandoah-128m-pooled.log")
		e := eventByID(t, l, 4, Degenerated)
		if e.Phase != "Outside of Cycle" || e.Before != 121*MB || e.After != 50*MB || e.Pause != 102_242*Microsecond {
			t.Errorf("GC(4) = %+v", e)
		}
		if l.CancelledCycles != 3 {
			t.Errorf("cancelled cycles %d; want 3 (GC(3), GC(5), GC(7))", l.CancelledCycles)
		}
	})
}
