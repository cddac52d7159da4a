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

// Decorators at the edges of what they may hold: each value is read at its bound and refused one
// past it, so that a bound moved by one shows.
func TestDecoratorBounds(t *testing.T) {
	for _, tc := range []struct {
		dec   string
		ok    bool
		wall  Nanos
		up    Nanos
		isUp  bool
		about string
	}{
		// A clock of 10^8 s or more is wall-clock time; one millisecond less is uptime.
		{"100000000000ms", true, 100_000_000 * Second, 0, false, "at the wall-clock floor"},
		{"99999999999ms", true, 0, 99_999_999_999 * Millisecond, true, "just below it"},
		{"123456789012345678ns", true, 123456789012345678, 0, false, "18 digits of nanoseconds"},
		{"2024-01-01T00:00:00.000+0000", true, 1704067200 * Second, 0, false, "the first of every field"},
		{"2024-12-31T23:59:60.999+2359", true, 1735603260999 * Millisecond, 0, false, "the last of every field (a leap second)"},
		{"2024-05-01T10:00:00,123+0130", true, 1714552200123 * Millisecond, 0, false, "decimal comma; offset in hours and minutes"},
		{"2024-05-01T10:00:00.123-0200", true, 1714564800123 * Millisecond, 0, false, "an offset behind UTC"},
		{"2024-00-01T00:00:00.000+0000", false, 0, 0, false, "month 0"},
		{"2024-13-01T00:00:00.000+0000", false, 0, 0, false, "month 13"},
		{"2024-01-00T00:00:00.000+0000", false, 0, 0, false, "day 0"},
		{"2024-01-32T00:00:00.000+0000", false, 0, 0, false, "day 32"},
		{"2024-01-01T24:00:00.000+0000", false, 0, 0, false, "hour 24"},
		{"2024-01-01T00:60:00.000+0000", false, 0, 0, false, "minute 60"},
		{"2024-01-01T00:00:61.000+0000", false, 0, 0, false, "second 61"},
		{"2024-01-01T00:00:00.000+2400", false, 0, 0, false, "offset hour 24"},
		{"2024-01-01T00:00:00.000+0060", false, 0, 0, false, "offset minute 60"},
	} {
		var d decorations
		ok := d.read(tc.dec)
		if ok != tc.ok || d.wall != tc.wall || d.hasWall != (tc.ok && !tc.isUp) || d.uptime != tc.up || d.hasUp != tc.isUp {
			t.Errorf("%s, %q: read %v, %+v; want %v, wall %d, uptime %d", tc.about, tc.dec, ok, d, tc.ok, tc.wall, tc.up)
		}
	}
	// Nineteen digits of nanoseconds are no clock (they would read as a tag set).
	if v, ok := parseClock("1234567890123456789ns"); ok {
		t.Errorf("19 digits of nanoseconds read as a clock: %d", v)
	}
}

// A tag set is lowercase letters, digits, '_' and commas: each end of each range is in, the
// characters either side of a range are out.
func TestTagListCharacters(t *testing.T) {
	for _, s := range []string{"a", "z", "0", "9", "_", "gc,heap", "gc,phases,start", "gc,ref0_9"} {
		if !isTagList(s) {
			t.Errorf("%q is a tag set", s)
		}
	}
	for _, s := range []string{"`", "{", "/", ":", "A", "Info", "gc heap", ",gc", "gc,", "gc,,heap", "-"} {
		if isTagList(s) {
			t.Errorf("%q is not a tag set", s)
		}
	}
}
