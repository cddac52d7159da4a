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
