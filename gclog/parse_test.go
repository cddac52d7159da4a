package gclog

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func parseString(s string) (*Log, error) { return Parse(strings.NewReader(s)) }

// TestEventLines reads real HotSpot 17 lines (from the logs under testdata/gclog and HotSpot's
// formats of other builds) and checks the one event each group of lines makes.
func TestEventLines(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines string
		want  Event
	}{
		{"parallel young with generations", `[1.617s][info][gc,start    ] GC(0) Pause Young (Allocation Failure)
[1.719s][info][gc,heap     ] GC(0) PSYoungGen: 16384K(18944K)->2544K(18944K) Eden: 16384K(16384K)->0K(16384K) From: 0K(2560K)->2544K(2560K)
[1.719s][info][gc,heap     ] GC(0) ParOldGen: 0K(44032K)->1580K(44032K)
[1.719s][info][gc,metaspace] GC(0) Metaspace: 8431K(8640K)->8431K(8640K) NonClass: 7449K(7552K)->7449K(7552K) Class: 981K(1088K)->981K(1088K)
[1.719s][info][gc          ] GC(0) Pause Young (Allocation Failure) 16M->4M(61M) 101.380ms
[1.719s][info][gc,cpu      ] GC(0) User=0.02s Sys=0.02s Real=0.10s
`, Event{ID: 0, Line: 5, Time: 1719 * Millisecond, Kind: Young, Cause: "Allocation Failure", HasHeap: true,
			Before: 16 * MB, After: 4 * MB, Commit: 61 * MB, Pause: 101_380 * Microsecond, Gens: []Generation{
				{Space: YoungGen, Name: "PSYoungGen", Before: 16384 * KB, After: 2544 * KB, CapacityBefore: 18944 * KB, CapacityAfter: 18944 * KB},
				{Space: Eden, Name: "Eden", Before: 16384 * KB, After: 0, CapacityBefore: 16384 * KB, CapacityAfter: 16384 * KB},
				{Space: Survivor, Name: "From", Before: 0, After: 2544 * KB, CapacityBefore: 2560 * KB, CapacityAfter: 2560 * KB},
				{Space: OldGen, Name: "ParOldGen", Before: 0, After: 1580 * KB, CapacityBefore: 44032 * KB, CapacityAfter: 44032 * KB},
			}, CPU: &PauseCPU{User: 20 * Millisecond, Sys: 20 * Millisecond, Real: 100 * Millisecond}}},
		{"parallel full, -Xlog:gc only", "[4.388s][info][gc] GC(22) Pause Full (Ergonomics) 53M->26M(57M) 40.387ms\n",
			Event{ID: 22, Line: 1, Time: 4388 * Millisecond, Kind: Full, Cause: "Ergonomics", HasHeap: true,
				Before: 53 * MB, After: 26 * MB, Commit: 57 * MB, Pause: 40_387 * Microsecond}},
		{"serial young, uptimemillis", `[5579ms][info][gc,heap     ] GC(1) DefNew: 17472K(19648K)->2176K(19648K) Eden: 17472K(17472K)->0K(17472K) From: 0K(2176K)->2176K(2176K)
[5579ms][info][gc,heap     ] GC(1) Tenured: 0K(43712K)->5000K(43712K)
[5580ms][info][gc          ] GC(1) Pause Young (Allocation Failure) 17M->6M(61M) 7.5ms
`, Event{ID: 1, Line: 3, Time: 5580 * Millisecond, Kind: Young, Cause: "Allocation Failure", HasHeap: true,
			Before: 17 * MB, After: 6 * MB, Commit: 61 * MB, Pause: 7500 * Microsecond, Gens: []Generation{
				{Space: YoungGen, Name: "DefNew", Before: 17472 * KB, After: 2176 * KB, CapacityBefore: 19648 * KB, CapacityAfter: 19648 * KB},
				{Space: Eden, Name: "Eden", Before: 17472 * KB, After: 0, CapacityBefore: 17472 * KB, CapacityAfter: 17472 * KB},
				{Space: Survivor, Name: "From", Before: 0, After: 2176 * KB, CapacityBefore: 2176 * KB, CapacityAfter: 2176 * KB},
				{Space: OldGen, Name: "Tenured", Before: 0, After: 5000 * KB, CapacityBefore: 43712 * KB, CapacityAfter: 43712 * KB},
			}}},
		{"g1 young with regions", `[0.004s][info][gc,init] Heap Region Size: 1M
[10.341s][info][gc,heap        ] GC(172) Eden regions: 6->0(5)
[10.341s][info][gc,heap        ] GC(172) Survivor regions: 0->1(1)
[10.341s][info][gc,heap        ] GC(172) Old regions: 39->42
[10.341s][info][gc,heap        ] GC(172) Archive regions: 2->2
[10.341s][info][gc,heap        ] GC(172) Humongous regions: 0->0
[10.342s][info][gc             ] GC(172) Pause Young (Normal) (G1 Evacuation Pause) 45M->44M(64M) 44.603ms
`, Event{ID: 172, Line: 7, Time: 10342 * Millisecond, Kind: Young, Phase: "Normal", Cause: "G1 Evacuation Pause", HasHeap: true,
			Before: 45 * MB, After: 44 * MB, Commit: 64 * MB, Pause: 44_603 * Microsecond, Gens: []Generation{
				{Space: Eden, Name: "Eden regions", Before: 6 * MB, After: 0, CapacityAfter: 5 * MB, RegionsBefore: 6, RegionsAfter: 0, RegionsTarget: 5},
				{Space: Survivor, Name: "Survivor regions", Before: 0, After: MB, CapacityAfter: MB, RegionsBefore: 0, RegionsAfter: 1, RegionsTarget: 1},
				{Space: OldGen, Name: "Old regions", Before: 39 * MB, After: 42 * MB, RegionsBefore: 39, RegionsAfter: 42},
				{Space: Archive, Name: "Archive regions", Before: 2 * MB, After: 2 * MB, RegionsBefore: 2, RegionsAfter: 2},
				{Space: Humongous, Name: "Humongous regions", RegionsBefore: 0, RegionsAfter: 0},
			}}},
		{"g1 mixed", "[7.269s][info][gc          ] GC(14) Pause Young (Mixed) (G1 Evacuation Pause) 38M->33M(64M) 6.282ms\n",
			Event{ID: 14, Line: 1, Time: 7269 * Millisecond, Kind: Mixed, Phase: "Mixed", Cause: "G1 Evacuation Pause", HasHeap: true,
				Before: 38 * MB, After: 33 * MB, Commit: 64 * MB, Pause: 6282 * Microsecond}},
		{"g1 concurrent start", "[3.1s][info][gc] GC(5) Pause Young (Concurrent Start) (G1 Humongous Allocation) 100M->90M(256M) 5.123ms\n",
			Event{ID: 5, Line: 1, Time: 3100 * Millisecond, Kind: Young, Phase: "Concurrent Start", Cause: "G1 Humongous Allocation", HasHeap: true,
				Before: 100 * MB, After: 90 * MB, Commit: 256 * MB, Pause: 5123 * Microsecond}},
		{"g1 full", "[9.013s][info][gc             ] GC(96) Pause Full (G1 Compaction Pause) 61M->38M(64M) 101.261ms\n",
			Event{ID: 96, Line: 1, Time: 9013 * Millisecond, Kind: Full, Cause: "G1 Compaction Pause", HasHeap: true,
				Before: 61 * MB, After: 38 * MB, Commit: 64 * MB, Pause: 101_261 * Microsecond}},
		{"g1 remark", "[10.1s][info][gc] GC(156) Pause Remark 41M->41M(64M) 1.711ms\n",
			Event{ID: 156, Line: 1, Time: 10100 * Millisecond, Kind: Remark, HasHeap: true, Before: 41 * MB, After: 41 * MB, Commit: 64 * MB, Pause: 1711 * Microsecond}},
		{"g1 cleanup", "[10.274s][info][gc             ] GC(156) Pause Cleanup 40M->40M(64M) 0.018ms\n",
			Event{ID: 156, Line: 1, Time: 10274 * Millisecond, Kind: Cleanup, HasHeap: true, Before: 40 * MB, After: 40 * MB, Commit: 64 * MB, Pause: 18 * Microsecond}},
		{"g1 concurrent mark cycle", "[10.274s][info][gc             ] GC(156) Concurrent Mark Cycle 235.448ms\n",
			Event{ID: 156, Line: 1, Time: 10274 * Millisecond, Kind: Concurrent, Phase: "Mark Cycle", Duration: 235_448 * Microsecond}},
		{"system.gc nests parentheses", "[1.000s][info][gc] GC(3) Pause Full (System.gc()) 5M->3M(61M) 12.300ms\n",
			Event{ID: 3, Line: 1, Time: Second, Kind: Full, Cause: "System.gc()", HasHeap: true, Before: 5 * MB, After: 3 * MB, Commit: 61 * MB, Pause: 12300 * Microsecond}},
		{"decimal commas", "[1,719s][info][gc] GC(0) Pause Young (Allocation Failure) 16M->4M(61M) 101,380ms\n",
			Event{ID: 0, Line: 1, Time: 1719 * Millisecond, Kind: Young, Cause: "Allocation Failure", HasHeap: true,
				Before: 16 * MB, After: 4 * MB, Commit: 61 * MB, Pause: 101_380 * Microsecond}},
		{"no decorations", "GC(0) Pause Young (Allocation Failure) 16M->4M(61M) 101.380ms\n",
			Event{ID: 0, Line: 1, Kind: Young, Cause: "Allocation Failure", HasHeap: true,
				Before: 16 * MB, After: 4 * MB, Commit: 61 * MB, Pause: 101_380 * Microsecond}},
		{"JDK 9-16 generation form", `[2.0s][gc,heap] GC(4) PSYoungGen: 16384K->2544K(18944K)
[2.0s][gc] GC(4) Pause Young (Allocation Failure) 16M->4M(61M) 3.000ms
`, Event{ID: 4, Line: 2, Time: 2 * Second, Kind: Young, Cause: "Allocation Failure", HasHeap: true, Before: 16 * MB, After: 4 * MB, Commit: 61 * MB,
			Pause: 3 * Millisecond, Gens: []Generation{{Space: YoungGen, Name: "PSYoungGen", Before: 16384 * KB, After: 2544 * KB, CapacityAfter: 18944 * KB}}}},
		{"zgc cycle", `[0.068s][info][gc     ] Using The Z Garbage Collector
[1.835s][info][gc,start    ] GC(0) Garbage Collection (Warmup)
[1.839s][info][gc,phases   ] GC(0) Pause Mark Start 0.016ms
[2.515s][info][gc          ] GC(0) Garbage Collection (Warmup) 14M(11%)->12M(9%)
`, Event{ID: 0, Line: 4, Time: 2515 * Millisecond, Kind: Concurrent, Phase: "Garbage Collection", Cause: "Warmup", HasHeap: true,
			Before: 14 * MB, After: 12 * MB, Duration: 680 * Millisecond}},
		{"shenandoah degenerated", "[4.919s][info][gc             ] GC(4) Pause Degenerated GC (Evacuation) 123M->16M(128M) 115.056ms\n",
			Event{ID: 4, Line: 1, Time: 4919 * Millisecond, Kind: Degenerated, Phase: "Evacuation", HasHeap: true,
				Before: 123 * MB, After: 16 * MB, Commit: 128 * MB, Pause: 115_056 * Microsecond}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := parseString(tc.lines)
			if err != nil {
				t.Fatal(err)
			}
			var got []Event
			for _, e := range l.Events {
				if e.Kind != Pause {
					got = append(got, e)
				}
			}
			if len(got) != 1 {
				t.Fatalf("got %d events, want 1: %+v", len(got), l.Events)
			}
			if !reflect.DeepEqual(got[0], tc.want) {
				t.Errorf("event\n got %+v\nwant %+v", got[0], tc.want)
			}
		})
	}
}

// TestShenandoahCycle: a Shenandoah cycle has no summary line; it is made from its lines, from the
// trigger before it to its last concurrent cleanup, and its pauses are events of their own.
func TestShenandoahCycle(t *testing.T) {
	l, err := parseString(`[0.023s][info][gc] Using Shenandoah
[2.556s][info][gc          ] Trigger: Learning 1 of 5. Free (91648K) is below initial threshold (91750K)
[2.556s][info][gc,start    ] GC(0) Concurrent reset
[2.572s][info][gc          ] GC(0) Concurrent reset 15.452ms
[2.631s][info][gc          ] GC(0) Pause Init Mark (unload classes) 0.054ms
[2.868s][info][gc          ] GC(0) Concurrent marking (unload classes) 206.882ms
[2.868s][info][gc          ] GC(0) Pause Final Mark (unload classes) 0.107ms
[2.873s][info][gc          ] GC(0) Concurrent cleanup 32M->32M(128M) 0.015ms
[3.063s][info][gc          ] GC(0) Concurrent evacuation 186.728ms
[3.065s][info][gc          ] GC(0) Pause Init Update Refs 0.025ms
[3.199s][info][gc          ] GC(0) Pause Final Update Refs 0.029ms
[3.211s][info][gc          ] GC(0) Concurrent cleanup 38M->8M(128M) 0.053ms
`)
	if err != nil {
		t.Fatal(err)
	}
	var pauses []string
	var cycles []Event
	for _, e := range l.Events {
		switch e.Kind {
		case Pause:
			pauses = append(pauses, e.Phase)
		case Concurrent:
			cycles = append(cycles, e)
		}
	}
	wantPauses := []string{"Init Mark", "Final Mark", "Init Update Refs", "Final Update Refs"}
	if !reflect.DeepEqual(pauses, wantPauses) {
		t.Errorf("pauses %q, want %q", pauses, wantPauses)
	}
	want := Event{ID: 0, Line: 12, Time: 3211 * Millisecond, Kind: Concurrent, Phase: "Cycle", Cause: "Learning 1 of 5",
		HasHeap: true, Before: 32 * MB, After: 8 * MB, Commit: 128 * MB, Duration: 655 * Millisecond}
	if len(cycles) != 1 || !reflect.DeepEqual(cycles[0], want) {
		t.Errorf("cycles %+v, want [%+v]", cycles, want)
	}
}

func TestRefusals(t *testing.T) {
	long := strings.Repeat("x", 10<<20) // a 10 MB line
	for _, tc := range []struct {
		name  string
		input string
		kind  error
		line  int
		says  string
	}{
		{"empty", "", ErrEmpty, 0, "-Xlog:gc"},
		{"blank lines", "\n\n  \n", ErrEmpty, 0, "-Xlog:gc"},
		{"prose", "hello\nworld\n", ErrNotGCLog, 0, "-Xlog:gc*"},
		{"NUL byte", "[0.1s][info][gc] Using G1\nab\x00cd\n", ErrBinary, 2, "0x00 at column 3"},
		{"invalid UTF-8", "\xff\xfe[0.1s]\n", ErrBinary, 1, "0xff"},
		{"10 MB line", "[0.1s][info][gc] Using G1\n" + long + "\n", ErrLineTooLong, 2, "64 KiB"},
		{"10 MB line without newline", long, ErrLineTooLong, 1, "64 KiB"},
		{"JDK 8 details", "Java HotSpot(TM) 64-Bit Server VM (25.40-b25) for linux-amd64 JRE (1.8.0_40-b25)\n" +
			"CommandLine flags: -XX:InitialHeapSize=264241152 -XX:+PrintGCDetails\n", ErrLegacyFormat, 2, "-Xlog:gc*"},
		{"JDK 8 young", "2.345: [GC (Allocation Failure) [PSYoungGen: 16384K->2544K(18944K)] 16384K->4000K(62976K), 0.0101 secs]\n",
			ErrLegacyFormat, 1, "-Xlog:gc*"},
		{"JDK 8 with dates", "2024-05-01T10:00:00.123+0000: 5.678: [Full GC (Ergonomics) [PSYoungGen: 2544K->0K(18944K)]\n",
			ErrLegacyFormat, 1, "-Xlog:gc*"},
		{"JDK 8 G1", "0.512: [GC pause (G1 Evacuation Pause) (young), 0.0012 secs]\n", ErrLegacyFormat, 1, "JDK 9"},
		{"JDK 8 without details", "[GC (Allocation Failure)  16384K->2000K(62976K), 0.0034 secs]\n", ErrLegacyFormat, 1, "-Xlog:gc*"},
		{"malformed summary", "[0.1s][info][gc] Using Parallel\n[1.0s][info][gc] GC(0) Pause Young (Allocation Failure) 16M->xM(61M) 3.4ms\n",
			ErrMalformed, 2, "Pause Young"},
		{"too many events", strings.Repeat("GC(1) Pause Young (Allocation Failure) 2M->1M(4M) 1ms\n", MaxEvents+1),
			ErrTooLarge, MaxEvents + 1, "shorter part"},
		{"malformed generation", "[1.0s][info][gc,heap] GC(0) ParOldGen: 0K(44032K)->15Q(44032K)\n", ErrMalformed, 1, "ParOldGen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseString(tc.input)
			var le *LineError
			if !errors.Is(err, tc.kind) || !errors.As(err, &le) || le.Line != tc.line || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("error %v; want %v on line %d saying %q", err, tc.kind, tc.line, tc.says)
			}
			if len(err.Error()) > 400 {
				t.Errorf("message is %d bytes long; a clear message is short", len(err.Error()))
			}
		})
	}
}

// TestUnknownLinesCounted: text the reader does not know is counted and shown, never fatal.
func TestUnknownLinesCounted(t *testing.T) {
	l, err := parseString(`some banner a wrapper script printed
[0.016s][info][gc] Using Parallel
[0.500s][info][gc,ergo] something a future JDK says
GC(0) Pause Young (Allocation Failure) 16M->4M(61M) 1.000ms
[0.900s][info][jit] not a collector's line
Allocation Stall (
`)
	if err != nil {
		t.Fatal(err)
	}
	if l.Unknown != 3 || l.Skipped != 1 || l.Lines != 6 || len(l.Events) != 1 {
		t.Errorf("unknown %d, skipped %d, lines %d, events %d; want 3, 1, 6, 1", l.Unknown, l.Skipped, l.Lines, len(l.Events))
	}
	if len(l.UnknownExamples) != 3 || l.UnknownExamples[0].Line != 1 || l.UnknownExamples[1].Line != 5 || l.UnknownExamples[2].Line != 6 {
		t.Errorf("examples %+v; want lines 1, 5 and 6", l.UnknownExamples)
	}
}

// TestCollectorInferred: a log whose first lines (with "Using ...") were cut still names its collector.
func TestCollectorInferred(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Collector
	}{
		{"[1s][gc,heap] GC(9) DefNew: 1K(2K)->0K(2K)\n[1s][gc] GC(9) Pause Young (Allocation Failure) 1M->0M(2M) 1.000ms", Serial},
		{"[1s][gc,heap] GC(9) PSYoungGen: 1K(2K)->0K(2K)\n[1s][gc] GC(9) Pause Young (Allocation Failure) 1M->0M(2M) 1.000ms", Parallel},
		{"[1s][gc] GC(9) Pause Young (Normal) (G1 Evacuation Pause) 1M->0M(2M) 1.000ms", G1},
		{"[1s][gc] GC(9) Garbage Collection (Warmup) 14M(11%)->12M(9%)", ZGC},
		{"[1s][gc] GC(9) Pause Degenerated GC (Mark) 1M->0M(2M) 1.000ms", Shenandoah},
	} {
		l, err := parseString(tc.line)
		if err != nil || l.Collector != tc.want {
			t.Errorf("%q: collector %v, %v; want %v", tc.line, l.Collector, err, tc.want)
		}
	}
}

func TestBetween(t *testing.T) {
	l, err := parseString(`[1.000s][gc] GC(0) Pause Young (Allocation Failure) 16M->4M(61M) 1.000ms
[2.000s][gc] GC(1) Pause Young (Allocation Failure) 20M->6M(61M) 2.000ms
[3.000s][gc] GC(2) Pause Full (Ergonomics) 30M->10M(61M) 30.000ms
[4.000s][gc] GC(3) Pause Young (Allocation Failure) 20M->12M(61M) 4.000ms
`)
	if err != nil {
		t.Fatal(err)
	}
	s := l.Between(1500*Millisecond, 3500*Millisecond).Summary()
	if s.YoungGCs != 1 || s.FullGCs != 1 || s.PauseTotalMS != 32 || *s.DurationS != 2 || *s.OldAfterFullMB != 10 {
		t.Errorf("window: young %d, full %d, pause %v ms, duration %v s, old after full %v; want 1, 1, 32, 2, 10",
			s.YoungGCs, s.FullGCs, s.PauseTotalMS, *s.DurationS, *s.OldAfterFullMB)
	}
	if whole := l.Summary(); whole.YoungGCs != 3 {
		t.Errorf("the whole log has %d young GCs after Between; want 3 (Between must not change it)", whole.YoungGCs)
	}
}

// TestWallClock: a log with only wall-clock decorations is timed from its first line.
func TestWallClock(t *testing.T) {
	l, err := parseString(`[2026-12-01T23:59:59.500+0000][info][gc] Using Serial
[2026-12-02T00:00:01.000+0000][info][gc] GC(0) Pause Young (Allocation Failure) 17M->4M(61M) 2.000ms
`)
	if err != nil {
		t.Fatal(err)
	}
	s := l.Summary()
	if l.Clock != "wall" || l.Events[0].Time != 1500*Millisecond || *s.DurationS != 1.5 || *s.GCTimePct != 0.133 {
		t.Errorf("clock %q, event at %d ns, duration %v s, GC time %v %%; want wall, 1.5e9, 1.5, 0.133",
			l.Clock, l.Events[0].Time, *s.DurationS, *s.GCTimePct)
	}
}

// TestNoTimes: without time decorations the summary says so (null) instead of inventing zeros.
func TestNoTimes(t *testing.T) {
	l, err := parseString("Using Parallel\nGC(0) Pause Young (Allocation Failure) 16M->4M(61M) 1.000ms\n")
	if err != nil {
		t.Fatal(err)
	}
	if s := l.Summary(); l.Clock != "none" || s.DurationS != nil || s.GCTimePct != nil || s.YoungGCsPerS != nil || s.PauseTotalMS != 1 {
		t.Errorf("clock %q, summary %+v; want none and null duration, GC time share and rates", l.Clock, s)
	}
}

// An error about the whole input names no line; an error about one line starts with its number.
func TestLineErrorNamesItsLine(t *testing.T) {
	whole := lineErr(0, ErrEmpty, "no lines").Error()
	one := lineErr(2, ErrMalformed, "bad").Error()
	if whole != ErrEmpty.Error()+": no lines" || one != "line 2: "+ErrMalformed.Error()+": bad" {
		t.Errorf("errors %q and %q", whole, one)
	}
}

// A line of MaxLineBytes is read; one byte more is refused.
func TestLineLengthBound(t *testing.T) {
	line := []byte("[1.0s][info][gc] Using Parallel " + strings.Repeat("x", MaxLineBytes))[:MaxLineBytes]
	if err := NewParser().Line(line); err != nil {
		t.Errorf("a line of %d bytes: %v", len(line), err)
	}
	if err := NewParser().Line(append(line, 'x')); !errors.Is(err, ErrLineTooLong) {
		t.Errorf("a line of %d bytes: %v, want %v", len(line)+1, err, ErrLineTooLong)
	}
	// Parse and Stream draw the line at the same length, with any line
	// ending (Parse once refused a line of exactly MaxLineBytes).
	for _, end := range []string{"", "\n", "\r\n"} {
		for _, extra := range []int{0, 1} {
			text := string(line) + strings.Repeat("x", extra) + end
			_, perr := Parse(strings.NewReader(text))
			s := NewStream()
			_, serr := s.Write([]byte(text))
			if serr == nil {
				_, serr = s.Close()
			}
			if extra == 0 && (perr != nil || serr != nil) {
				t.Errorf("a line of %d bytes ending %q: Parse %v, Stream %v; want both accepted", len(line), end, perr, serr)
			}
			if extra == 1 && (!errors.Is(perr, ErrLineTooLong) || !errors.Is(serr, ErrLineTooLong)) {
				t.Errorf("a line of %d bytes ending %q: Parse %v, Stream %v; want %v from both", len(line)+1, end, perr, serr, ErrLineTooLong)
			}
		}
	}
}

// Every byte from 0x80 up that starts no valid UTF-8 sequence is binary, 0x80 included.
func TestBinaryAtContinuationByte(t *testing.T) {
	for s, want := range map[string]int{"ab\x80c": 2, "a\xc3\xa9b": -1, "a\tb": -1, "a\x7fb": 1, "\x1fa": 0} {
		if got := binaryAt([]byte(s)); got != want {
			t.Errorf("binaryAt(%q) = %d, want %d", s, got, want)
		}
	}
}

// clip keeps at most n bytes and never splits a UTF-8 sequence.
func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{{"abc", 3, "abc"}, {"abc", 2, "ab"}, {"aé", 2, "a"}, {"aé", 3, "aé"}, {"éa", 1, ""}, {"abc", 0, ""}} {
		if got := clip(c.s, c.n); got != c.want {
			t.Errorf("clip(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

// The first maxUnknownExamples unknown lines are kept as examples, and no more.
func TestUnknownExamplesBound(t *testing.T) {
	l, err := parseString("[0.04s][info][gc] Using Parallel\n" + strings.Repeat("some other program's line\n", maxUnknownExamples+1))
	if err != nil {
		t.Fatal(err)
	}
	if l.Unknown != maxUnknownExamples+1 || len(l.UnknownExamples) != maxUnknownExamples || l.UnknownExamples[0].Line != 2 {
		t.Errorf("%d unknown lines, %d examples (first on line %d); want %d, %d, 2",
			l.Unknown, len(l.UnknownExamples), l.UnknownExamples[0].Line, maxUnknownExamples+1, maxUnknownExamples)
	}
}

// Shenandoah's cycles close when the next id starts, from GC(0) on, and at the end of the log; a
// "Cancelling GC" cuts only the cycle that is open then. GC(0)'s lines are
// testdata/gclog/shenandoah-128m-pooled.log's (those with a time); GC(1)'s are its GC(3), the
// first cancelled cycle, renumbered.
func TestShenandoahCyclesCloseAndCancel(t *testing.T) {
	const log = `[0.023s][info][gc] Using Shenandoah
[10.747s][info][gc          ] GC(0) Concurrent reset 0.186ms
[10.771s][info][gc          ] GC(0) Pause Init Mark (unload classes) 0.108ms
[11.283s][info][gc          ] GC(0) Concurrent marking (unload classes) 487.155ms
[11.284s][info][gc          ] GC(0) Pause Final Mark (unload classes) 0.385ms
[11.344s][info][gc          ] GC(0) Concurrent cleanup 32M->32M(128M) 0.021ms
[14.734s][info][gc          ] Trigger: Learning 4 of 5. Free (45350K) is below initial threshold (91750K)
[14.735s][info][gc          ] GC(1) Concurrent reset 0.554ms
[14.871s][info][gc          ] GC(1) Pause Init Mark (unload classes) 0.107ms
[15.148s][info][gc          ] GC(1) Concurrent marking (unload classes) 262.386ms
`
	const cancel = "[15.149s][info][gc          ] Cancelling GC: Allocation Failure\n"
	cycles := func(l *Log) (ids []int) {
		for _, e := range l.Events {
			if e.Kind == Concurrent {
				ids = append(ids, e.ID)
			}
		}
		return ids
	}
	l := mustParse(t, log)
	if got := cycles(l); !reflect.DeepEqual(got, []int{0, 1}) || l.CancelledCycles != 0 {
		t.Errorf("two cycles, the last closed by the log's end: cycles %v, %d cancelled; want [0 1], 0", got, l.CancelledCycles)
	}
	l = mustParse(t, log+cancel)
	if got := cycles(l); !reflect.DeepEqual(got, []int{0}) || l.CancelledCycles != 1 {
		t.Errorf("GC(1) cancelled: cycles %v, %d cancelled; want [0], 1", got, l.CancelledCycles)
	}
}

// Between includes both its ends: events at exactly from and to are in, a nanosecond outside is not.
func TestBetweenIsInclusive(t *testing.T) {
	l := mustParse(t, `[1.000s][gc] GC(0) Pause Young (Allocation Failure) 16M->4M(61M) 1.000ms
[2.000s][gc] GC(1) Pause Young (Allocation Failure) 20M->6M(61M) 2.000ms
[3.000s][gc] GC(2) Pause Full (Ergonomics) 30M->10M(61M) 30.000ms
`)
	for _, c := range []struct {
		from, to Nanos
		want     int
	}{{2 * Second, 2 * Second, 1}, {Second, 3 * Second, 3}, {Second + 1, 3*Second - 1, 1}, {2*Second + 1, 3*Second - 1, 0}} {
		if got := len(l.Between(c.from, c.to).Events); got != c.want {
			t.Errorf("Between(%d, %d): %d events, want %d", c.from, c.to, got, c.want)
		}
	}
}

// Events are ordered by time, and among equal times by line: HotSpot stamps a line before it takes
// the output lock, so a line can land just after a later one. G1's Cleanup pause and the end of its
// mark cycle carry the same stamp (testdata/gclog's G1 logs show it).
func TestEventsOrderedByTimeThenLine(t *testing.T) {
	l := mustParse(t, `[0.004s][info][gc] Using G1
[10.275s][info][gc             ] GC(157) Pause Young (Normal) (G1 Evacuation Pause) 45M->44M(64M) 4.603ms
[10.274s][info][gc             ] GC(156) Pause Cleanup 40M->40M(64M) 0.018ms
[10.274s][info][gc             ] GC(156) Concurrent Mark Cycle 235.448ms
`)
	var got []Kind
	for _, e := range l.Events {
		got = append(got, e.Kind)
	}
	if want := []Kind{Cleanup, Concurrent, Young}; !reflect.DeepEqual(got, want) {
		t.Errorf("events in order %v, want %v", got, want)
	}
}

// A log whose "Using" line was cut off is named by its events: a Shenandoah cycle names
// Shenandoah; G1's mark cycle alone names nothing.
func TestInferCollectorFromCycles(t *testing.T) {
	for _, c := range []struct {
		e    Event
		want Collector
	}{
		{Event{Kind: Concurrent, Phase: "Cycle"}, Shenandoah},
		{Event{Kind: Concurrent, Phase: "Mark Cycle"}, 0},
		{Event{Kind: Concurrent, Phase: "Garbage Collection"}, ZGC},
		{Event{Kind: Young, Phase: "Cycle"}, 0},
	} {
		if got := inferCollector([]Event{c.e}); got != c.want {
			t.Errorf("inferCollector(%+v) = %v, want %v", c.e, got, c.want)
		}
	}
}
