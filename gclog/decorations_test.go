package gclog

import "testing"

func TestParseDecorations(t *testing.T) {
	const msg = "GC(0) Pause Young (Allocation Failure) 16M->4M(61M) 101.380ms"
	for _, tc := range []struct {
		name   string
		line   string
		uptime Nanos
		hasUp  bool
		wall   Nanos
		tags   string
		msg    string
	}{
		{"default uptime,level,tags", "[1.719s][info][gc          ] " + msg, 1719 * Millisecond, true, 0, "gc", msg},
		{"uptimemillis", "[2812ms][info][gc          ] " + msg, 2812 * Millisecond, true, 0, "gc", msg},
		{"uptimenanos", "[2812000123ns][info][gc,heap] " + msg, 2812000123, true, 0, "gc,heap", msg},
		{"comma decimal", "[1,719s][info][gc] " + msg, 1719 * Millisecond, true, 0, "gc", msg},
		{"time", "[2026-12-01T08:36:31.123+0000][info][gc] " + msg, 0, false, 1796114191123 * Millisecond, "gc", msg},
		{"time with offset", "[2026-12-01T09:36:31.123+0100][gc] " + msg, 0, false, 1796114191123 * Millisecond, "gc", msg},
		{"timemillis", "[1796114191123ms][gc] " + msg, 0, false, 1796114191123 * Millisecond, "gc", msg},
		{"pid and tid", "[0.016s][12345][12346][info][gc] Using Parallel", 16 * Millisecond, true, 0, "gc", "Using Parallel"},
		{"level padded", "[0.016s][info   ][gc,init] Version: 17", 16 * Millisecond, true, 0, "gc,init", "Version: 17"},
		{"none", msg, 0, false, 0, "", msg},
		{"a message starting with a bracket", "[GC (Allocation Failure)", 0, false, 0, "", "[GC (Allocation Failure)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, m := parseDecorations(tc.line)
			if d.uptime != tc.uptime || d.hasUp != tc.hasUp || d.wall != tc.wall || d.tags != tc.tags || m != tc.msg {
				t.Errorf("parseDecorations(%q) = %+v, %q; want uptime %d (%v), wall %d, tags %q, message %q",
					tc.line, d, m, tc.uptime, tc.hasUp, tc.wall, tc.tags, tc.msg)
			}
		})
	}
}

func TestDaysFromCivil(t *testing.T) {
	for _, tc := range []struct{ y, m, d, want int64 }{
		{1970, 1, 1, 0}, {2000, 3, 1, 11017}, {2024, 2, 29, 19782}, {1969, 12, 31, -1},
	} {
		if got := daysFromCivil(tc.y, tc.m, tc.d); got != tc.want {
			t.Errorf("daysFromCivil(%d-%d-%d) = %d; want %d", tc.y, tc.m, tc.d, got, tc.want)
		}
	}
}
