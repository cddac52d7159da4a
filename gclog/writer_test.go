package gclog

import (
	"reflect"
	"strings"
	"testing"
)

func TestAppendEvent(t *testing.T) {
	for _, tc := range []struct {
		name string
		e    Event
		want string
	}{
		{"parallel young", Event{ID: 1, Time: 2812 * Millisecond, Kind: Young, Cause: "Allocation Failure", HasHeap: true,
			Before: 20 * MB, After: 6 * MB, Commit: 61 * MB, Pause: 52_382 * Microsecond, Gens: []Generation{
				{Space: YoungGen, Name: "PSYoungGen", Before: 18928 * KB, After: 2544 * KB, CapacityBefore: 18944 * KB, CapacityAfter: 18944 * KB},
				{Space: OldGen, Name: "ParOldGen", Before: 1580 * KB, After: 4254 * KB, CapacityBefore: 44032 * KB, CapacityAfter: 44032 * KB}}},
			"[2812000000ns][info][gc,heap] GC(1) PSYoungGen: 18928K(18944K)->2544K(18944K)\n" +
				"[2812000000ns][info][gc,heap] GC(1) ParOldGen: 1580K(44032K)->4254K(44032K)\n" +
				"[2812000000ns][info][gc] GC(1) Pause Young (Allocation Failure) 20M->6M(61M) 52.382000ms\n"},
		{"g1 mixed with regions", Event{ID: 14, Time: 7269 * Millisecond, Kind: Mixed, Phase: "Mixed", Cause: "G1 Evacuation Pause",
			HasHeap: true, Before: 38 * MB, After: 33 * MB, Commit: 64 * MB, Pause: 6282 * Microsecond, Gens: []Generation{
				{Space: Eden, Name: "Eden regions", RegionsBefore: 6, RegionsAfter: 0, RegionsTarget: 5},
				{Space: OldGen, Name: "Old regions", RegionsBefore: 39, RegionsAfter: 42}}},
			"[7269000000ns][info][gc,heap] GC(14) Eden regions: 6->0(5)\n" +
				"[7269000000ns][info][gc,heap] GC(14) Old regions: 39->42\n" +
				"[7269000000ns][info][gc] GC(14) Pause Young (Mixed) (G1 Evacuation Pause) 38M->33M(64M) 6.282000ms\n"},
		{"g1 cycle", Event{ID: 156, Time: 10274 * Millisecond, Kind: Concurrent, Phase: "Mark Cycle", Duration: 235_448 * Microsecond},
			"[10274000000ns][info][gc] GC(156) Concurrent Mark Cycle 235.448000ms\n"},
		{"system.gc", Event{ID: 3, Time: Second, Kind: Full, Cause: "System.gc()", HasHeap: true, Before: 5 * MB, After: 3 * MB, Commit: 61 * MB, Pause: 12300 * Microsecond},
			"[1000000000ns][info][gc] GC(3) Pause Full (System.gc()) 5M->3M(61M) 12.300000ms\n"},
		{"zgc pause", Event{ID: 0, Time: 1839 * Millisecond, Kind: Pause, Phase: "Mark Start", Pause: 16 * Microsecond},
			"[1839000000ns][info][gc] GC(0) Pause Mark Start 0.016000ms\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := AppendEvent(nil, &tc.e)
			if err != nil || string(got) != tc.want {
				t.Fatalf("AppendEvent =\n%s%v\nwant\n%s", got, err, tc.want)
			}
			l, err := Parse(strings.NewReader(string(got)))
			if err != nil || len(l.Events) != 1 {
				t.Fatalf("reading back: %v, %+v", err, l)
			}
			back := l.Events[0]
			back.Line = 0
			if !reflect.DeepEqual(back, tc.e) {
				t.Errorf("read back\n got %+v\nwant %+v", back, tc.e)
			}
		})
	}
}

func TestAppendEventRefuses(t *testing.T) {
	for _, e := range []Event{
		{ID: -1, Kind: Young},
		{ID: 1, Kind: 0},
		{ID: 1, Kind: Mixed, Phase: "Normal", Cause: "G1 Evacuation Pause"},
		{ID: 1, Kind: Young, Cause: "a (b"},
		{ID: 1, Kind: Young, Cause: "a) (b"},
		{ID: 1, Kind: Pause, Phase: "Init Mark (unload classes)"},
		{ID: 1, Kind: Pause, Phase: "Young"},
		{ID: 1, Kind: Concurrent, Phase: "Garbage Collection"},
		{ID: 1, Kind: Remark, Gens: []Generation{{Space: OldGen, Name: "Old regions"}}},
		{ID: 1, Kind: Full, HasHeap: true, Before: -1},
	} {
		if b, err := AppendEvent(nil, &e); err == nil {
			t.Errorf("AppendEvent(%+v) wrote %q; want a refusal", e, b)
		}
	}
}

// AppendEvent at the edges of what it writes: each edited event either is written and reads back
// as itself, or is refused; the values sit on the bounds (0 and the largest id, the last uptime
// below the wall-clock floor, zero sizes) and one past them.
func TestAppendEventBounds(t *testing.T) {
	young := func(edit func(e *Event)) Event {
		e := Event{ID: 1, Time: Second, Kind: Young, Cause: "Allocation Failure", HasHeap: true,
			Before: 20 * MB, After: 6 * MB, Commit: 61 * MB, Pause: 3 * Millisecond, Gens: []Generation{
				{Space: YoungGen, Name: "PSYoungGen", Before: 18 * MB, After: 2 * MB, CapacityBefore: 18 * MB, CapacityAfter: 18 * MB}}}
		edit(&e)
		return e
	}
	gen := func(edit func(g *Generation)) func(e *Event) { return func(e *Event) { edit(&e.Gens[0]) } }
	regions := func(edit func(g *Generation)) func(e *Event) {
		return func(e *Event) {
			e.Gens = []Generation{{Space: Eden, Name: "Eden regions", RegionsBefore: 6, RegionsAfter: 0, RegionsTarget: 5}}
			edit(&e.Gens[0])
		}
	}
	for _, c := range []struct {
		name string
		edit func(e *Event)
		ok   bool
	}{
		{"id 0", func(e *Event) { e.ID = 0 }, true},
		{"id 999999999", func(e *Event) { e.ID = 999_999_999 }, true},
		{"id 1000000000", func(e *Event) { e.ID = 1_000_000_000 }, false},
		{"id -1", func(e *Event) { e.ID = -1 }, false},
		{"time 0", func(e *Event) { e.Time = 0 }, true},
		{"the last uptime", func(e *Event) { e.Time = wallClockFloor - 1 }, true},
		{"the wall-clock floor", func(e *Event) { e.Time = wallClockFloor }, false},
		{"time -1", func(e *Event) { e.Time = -1 }, false},
		{"sizes 0", func(e *Event) { e.Before, e.After = 0, 0 }, true},
		{"before -1", func(e *Event) { e.Before = -1 }, false},
		{"after -1", func(e *Event) { e.After = -1 }, false},
		{"commit -1", func(e *Event) { e.Commit = -1 }, false},
		{"pause 0", func(e *Event) { e.Pause = 0 }, true},
		{"pause -1", func(e *Event) { e.Pause = -1 }, false},
		{"a young GC with a duration", func(e *Event) { e.Duration = 1 }, false},
		{"generation sizes 0", gen(func(g *Generation) { g.Before, g.After = 0, 0 }), true},
		{"generation before -1", gen(func(g *Generation) { g.Before = -1 }), false},
		{"generation after -1", gen(func(g *Generation) { g.After = -1 }), false},
		{"generation capacity before -1", gen(func(g *Generation) { g.CapacityBefore = -1 }), false},
		{"generation capacity after -1", gen(func(g *Generation) { g.CapacityAfter = -1 }), false},
		{"region counts 0", regions(func(g *Generation) { g.RegionsBefore, g.RegionsTarget = 0, 0 }), true},
		{"regions before -1", regions(func(g *Generation) { g.RegionsBefore = -1 }), false},
		{"regions after -1", regions(func(g *Generation) { g.RegionsAfter = -1 }), false},
		{"regions target -1", regions(func(g *Generation) { g.RegionsTarget = -1 }), false},
		{"cause with a newline", func(e *Event) { e.Cause = "Allocation\nFailure" }, false},
		{"cause with a carriage return", func(e *Event) { e.Cause = "Allocation\rFailure" }, false},
		{"cause with an arrow", func(e *Event) { e.Cause = "a->b" }, false},
		{"cause with a space around", func(e *Event) { e.Cause = " Allocation Failure" }, false},
		{"cause with two spaces", func(e *Event) { e.Cause = "Allocation  Failure" }, false},
		{"cause with balanced parentheses", func(e *Event) { e.Cause = "System.gc()" }, true},
		{"phase with parentheses", func(e *Event) { e.Phase = "Normal()" }, false},
		{"phase without a cause", func(e *Event) { e.Phase, e.Cause = "Normal", "" }, false},
		{"phase Initial Mark", func(e *Event) { e.Phase = "Initial Mark" }, false},
	} {
		e := young(c.edit)
		b, err := AppendEvent(nil, &e)
		if !c.ok {
			if err == nil {
				t.Errorf("%s: wrote %q; want a refusal", c.name, b)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		l, err := Parse(strings.NewReader(string(b)))
		if err != nil || len(l.Events) != 1 {
			t.Errorf("%s: reading back %q: %v", c.name, b, err)
			continue
		}
		back := l.Events[0]
		back.Line = 0
		if e.Gens[0].Name == "Eden regions" {
			back.Gens[0].Before, back.Gens[0].After, back.Gens[0].CapacityAfter = 0, 0, 0 // no region size line
		}
		if !reflect.DeepEqual(back, e) {
			t.Errorf("%s: read back\n got %+v\nwant %+v", c.name, back, e)
		}
	}
}

// The other kinds' rules: a Remark or Cleanup may carry heap sizes but no generations or cause; a
// degenerated GC has a phase and no cause; a G1 cycle no pause.
func TestAppendEventKinds(t *testing.T) {
	for _, c := range []struct {
		e    Event
		want string
	}{
		{Event{ID: 2, Time: Second, Kind: Remark, HasHeap: true, Before: 41 * MB, After: 41 * MB, Commit: 64 * MB, Pause: 1711 * Microsecond},
			"[1000000000ns][info][gc] GC(2) Pause Remark 41M->41M(64M) 1.711000ms\n"},
		{Event{ID: 2, Time: Second, Kind: Cleanup, HasHeap: true, Before: 40 * MB, After: 40 * MB, Commit: 64 * MB, Pause: 18 * Microsecond},
			"[1000000000ns][info][gc] GC(2) Pause Cleanup 40M->40M(64M) 0.018000ms\n"},
		{Event{ID: 4, Time: Second, Kind: Degenerated, Phase: "Evacuation", HasHeap: true, Before: 123 * MB, After: 16 * MB, Commit: 128 * MB, Pause: 115 * Millisecond},
			"[1000000000ns][info][gc] GC(4) Pause Degenerated GC (Evacuation) 123M->16M(128M) 115.000000ms\n"},
		{Event{ID: 5, Time: Second, Kind: Concurrent, Phase: "Undo Cycle", Duration: 2 * Millisecond},
			"[1000000000ns][info][gc] GC(5) Concurrent Undo Cycle 2.000000ms\n"},
	} {
		b, err := AppendEvent(nil, &c.e)
		if err != nil || string(b) != c.want {
			t.Errorf("AppendEvent(%+v) = %q, %v; want %q", c.e, b, err, c.want)
		}
	}
	for _, e := range []Event{
		{ID: 2, Kind: Remark, Cause: "x"},
		{ID: 2, Kind: Remark, Phase: "x"},
		{ID: 2, Kind: Pause, Phase: "Mark Start", HasHeap: true, Before: MB},
		{ID: 2, Kind: Degenerated, Cause: "x", Phase: "Mark"},
		{ID: 2, Kind: Degenerated},
		{ID: 2, Kind: Full, Phase: "x"},
		{ID: 2, Kind: Mixed, Phase: "Mixed"},
		{ID: 2, Kind: Concurrent, Phase: "Mark Cycle", Pause: 1},
		{ID: 2, Kind: Concurrent, Phase: "Undo Cycle", Duration: -1},
		{ID: 2, Kind: Pause, Phase: ""},
		{ID: 2, Kind: Pause, Phase: "Degenerated GC (x)"},
		{ID: 2, Kind: Pause, Phase: "Initial Mark"},
	} {
		if b, err := AppendEvent(nil, &e); err == nil {
			t.Errorf("AppendEvent(%+v) wrote %q; want a refusal", e, b)
		}
	}
}

// balanced: every parenthesis closed, none closed early, none at all is balanced.
func TestBalanced(t *testing.T) {
	for s, want := range map[string]bool{"": true, "System.gc()": true, "(a(b))": true, ")(": false, "(": false, "a)": false, "(()": false} {
		if got := balanced(s); got != want {
			t.Errorf("balanced(%q) = %v, want %v", s, got, want)
		}
	}
}

// A generation line writes the capacities it has: both, the JDK 9-16 form's one after, or none.
func TestAppendGenCapacities(t *testing.T) {
	for _, c := range []struct {
		g    Generation
		want string
	}{
		{Generation{Name: "PSYoungGen", Before: 16384 * KB, After: 2544 * KB, CapacityBefore: 18944 * KB, CapacityAfter: 18944 * KB},
			"PSYoungGen: 16384K(18944K)->2544K(18944K)"},
		{Generation{Name: "PSYoungGen", Before: 16384 * KB, After: 2544 * KB, CapacityAfter: 18944 * KB}, "PSYoungGen: 16384K->2544K(18944K)"},
		{Generation{Name: "ParOldGen", Before: 0, After: 1580 * KB}, "ParOldGen: 0K->1580K"},
		{Generation{Name: "ParOldGen", Before: 1, After: KB + 1}, "ParOldGen: 1B->1025B"},
	} {
		if got := string(appendGen(nil, c.g)); got != c.want {
			t.Errorf("appendGen(%+v) = %q, want %q", c.g, got, c.want)
		}
	}
}
