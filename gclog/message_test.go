package gclog

import (
	"fmt"
	"strings"
	"testing"
)

// The message reader at its bounds: each case sits on the value where a rule flips, so a bound
// moved by one (< for <=) or an operator turned round fails.

// mustParse parses a log the test expects to read.
func mustParse(t *testing.T, s string) *Log {
	t.Helper()
	l, err := parseString(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

const usingParallel = "[0.040s][info][gc] Using Parallel\n"

// CPUs up to six digits are read; a seven-digit count is no CPU count HotSpot prints.
func TestInitLineCPUs(t *testing.T) {
	for _, c := range []struct {
		line string
		want int
	}{
		{"CPUs: 2 total, 2 available", 2},
		{"CPUs: 999999 total, 2 available", 999999},
		{"CPUs: 1000000 total, 2 available", 0},
	} {
		l := mustParse(t, usingParallel+"[0.051s][info][gc,init] "+c.line+"\n")
		if l.CPUs != c.want {
			t.Errorf("%q: CPUs %d, want %d", c.line, l.CPUs, c.want)
		}
	}
}

// A G1 region size is read up to 1 GB, the bound that keeps regions × size inside int64.
func TestInitLineRegionSizeBound(t *testing.T) {
	for _, c := range []struct {
		value string
		want  Bytes
	}{{"1M", MB}, {"1024M", GB}, {"1025M", 0}} {
		l := mustParse(t, "[0.004s][info][gc] Using G1\n[0.004s][info][gc,init] Heap Region Size: "+c.value+"\n")
		if l.RegionSize != c.want {
			t.Errorf("region size %s: read %v, want %v", c.value, l.RegionSize, c.want)
		}
	}
}

// A Shenandoah trigger keeps its words before the first number; a trigger that starts with a
// parenthesis has no words before it and is kept whole.
func TestShortTrigger(t *testing.T) {
	for in, want := range map[string]string{
		"Learning 1 of 5. Free (91648K) is below initial threshold (91750K)": "Learning 1 of 5",
		"Average GC time (12.3 ms) is above the time for average allocation": "Average GC time",
		"(unspecified) Handle Allocation Failure":                            "(unspecified) Handle Allocation Failure",
	} {
		if got := shortTrigger(in); got != want {
			t.Errorf("shortTrigger(%q) = %q, want %q", in, got, want)
		}
	}
}

// A GC id has one to nine digits: "GC()" and a ten-digit id are not a collector's lines.
func TestGCIDDigits(t *testing.T) {
	for _, c := range []struct {
		id     string
		events int
	}{{"", 0}, {"7", 1}, {"123456789", 1}, {"1234567890", 0}} {
		l := mustParse(t, usingParallel+"[1.0s][info][gc] GC("+c.id+") Pause Young (Allocation Failure) 16M->4M(61M) 3.400ms\n")
		if len(l.Events) != c.events {
			t.Errorf("GC(%s): %d events, want %d", c.id, len(l.Events), c.events)
		}
		if c.events == 1 && fmt.Sprint(l.Events[0].ID) != c.id {
			t.Errorf("GC(%s): id %d", c.id, l.Events[0].ID)
		}
	}
}

// One GC keeps at most 16 generation lines: the 16th is kept, the 17th (a repeated line) is not.
func TestGenerationsPerGCBound(t *testing.T) {
	for _, lines := range []int{16, 17} {
		log := usingParallel + strings.Repeat("[1.0s][info][gc,heap] GC(0) ParOldGen: 0K(44032K)->1580K(44032K)\n", lines) +
			"[1.0s][info][gc] GC(0) Pause Young (Allocation Failure) 16M->4M(61M) 3.400ms\n"
		l := mustParse(t, log)
		if len(l.Events) != 1 || len(l.Events[0].Gens) != 16 {
			t.Fatalf("%d generation lines: %d events, want 1 with 16 generations: %+v", lines, len(l.Events), l.Events)
		}
	}
}

// Ids waiting for their summary line are bounded (hostile input): when 64 wait and a new id
// comes, those more than 32 below it are forgotten, and the rest kept. A few ids waiting are
// kept however far apart they are.
func TestPendingIDsBound(t *testing.T) {
	gen := func(id int) string {
		return fmt.Sprintf("[1.0s][info][gc,heap] GC(%d) ParOldGen: 0K(44032K)->1580K(44032K)\n", id)
	}
	start := func(id int) string {
		return fmt.Sprintf("[1.0s][info][gc,start] GC(%d) Pause Young (Allocation Failure)\n", id)
	}
	end := func(id int) string {
		return fmt.Sprintf("[1.1s][info][gc] GC(%d) Pause Young (Allocation Failure) 16M->4M(61M) 3.400ms\n", id)
	}
	gens := func(l *Log) map[int]int {
		m := map[int]int{}
		for _, e := range l.Events {
			m[e.ID] = len(e.Gens)
		}
		return m
	}

	var b strings.Builder
	b.WriteString(usingParallel + gen(0) + gen(32))
	for id := 1; id < 64; id++ {
		if id != 32 {
			b.WriteString(start(id))
		}
	}
	// 64 ids wait (0 to 63); id 64 forgets those below 32.
	b.WriteString(start(64) + end(0) + end(32))
	got := gens(mustParse(t, b.String()))
	if got[0] != 0 || got[32] != 1 {
		t.Errorf("with 64 waiting: GC(0) kept %d generations (want 0, forgotten), GC(32) %d (want 1, kept)", got[0], got[32])
	}

	// 63 ids wait (0 to 62): id 63 forgets nothing.
	b.Reset()
	b.WriteString(usingParallel + gen(0))
	for id := 1; id < 64; id++ {
		b.WriteString(start(id))
	}
	b.WriteString(end(0))
	if got := gens(mustParse(t, b.String())); got[0] != 1 {
		t.Errorf("with 63 waiting: GC(0) kept %d generations, want 1", got[0])
	}

	got = gens(mustParse(t, usingParallel+gen(0)+start(100)+end(0)))
	if got[0] != 1 {
		t.Errorf("two ids waiting, 100 apart: GC(0) kept %d generations, want 1", got[0])
	}
}

// A log without a "Using" line names Shenandoah by its Init Mark pause; ZGC's Mark Start pause
// does not.
func TestShenandoahInferredFromInitMark(t *testing.T) {
	for line, want := range map[string]Collector{
		"[2.631s][info][gc] GC(0) Pause Init Mark (unload classes) 0.054ms": Shenandoah,
		"[2.631s][info][gc] GC(0) Pause Init Mark 0.054ms":                  Shenandoah,
		"[1.839s][info][gc,phases] GC(0) Pause Mark Start 0.016ms":          0,
	} {
		l := mustParse(t, line+"\n")
		if l.Collector != want {
			t.Errorf("%q: collector %v, want %v", line, l.Collector, want)
		}
	}
	l := mustParse(t, "[0.068s][info][gc] Using The Z Garbage Collector\n[2.631s][info][gc] GC(0) Pause Init Mark 0.054ms\n")
	if l.Collector != ZGC {
		t.Errorf("a Using line is not overridden: collector %v", l.Collector)
	}
}

// Only Shenandoah's cycles are made from their lines: another collector's concurrent phase that
// starts (a line without a time) and is followed by pauses makes no cycle event of its own.
func TestOnlyShenandoahCyclesFromPhases(t *testing.T) {
	l := mustParse(t, `[0.068s][info][gc] Using The Z Garbage Collector
[1.835s][info][gc,start    ] GC(0) Garbage Collection (Warmup)
[1.839s][info][gc,phases   ] GC(0) Pause Mark Start 0.016ms
[1.839s][info][gc,phases   ] GC(0) Concurrent Mark
[2.400s][info][gc,phases   ] GC(0) Pause Mark End 0.020ms
[2.515s][info][gc          ] GC(0) Garbage Collection (Warmup) 14M(11%)->12M(9%)
`)
	var cycles []Event
	for _, e := range l.Events {
		if e.Kind == Concurrent {
			cycles = append(cycles, e)
		}
	}
	if len(cycles) != 1 || cycles[0].Phase != "Garbage Collection" {
		t.Errorf("concurrent events %+v, want the one Garbage Collection", cycles)
	}
}
