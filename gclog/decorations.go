package gclog

import "strings"

// decorations is what the bracketed prefix of one line says. HotSpot writes the decorators chosen
// by -Xlog's third part, each in its own brackets, in a fixed order; which ones are present varies
// from log to log, so each bracket is recognised by its content rather than its position.
type decorations struct {
	present bool   // at least one bracket was read
	uptime  Nanos  // since JVM start: "[1.234s]", "[1234ms]", "[1234ns]"
	hasUp   bool   //
	wall    Nanos  // since the Unix epoch: "[2024-05-01T10:00:00.123+0000]", "[1714557600123ms]"
	hasWall bool   //
	tags    string // "gc,heap" with HotSpot's padding removed; "" when not logged
}

// Uptime values at least this large are taken to be wall-clock times (timemillis, timenanos): a
// JVM up for more than three years is less likely than an epoch time.
const wallClockFloor = 100_000_000 * Second

// parseDecorations splits a line into its decorations and its message. A bracket whose content is
// no known decorator ends the prefix, so a message that itself starts with "[" is left whole.
func parseDecorations(line string) (decorations, string) {
	var d decorations
	rest := line
	for strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			break
		}
		if !d.read(strings.TrimSpace(rest[1:end])) {
			break
		}
		d.present = true
		rest = rest[end+1:]
	}
	return d, strings.TrimPrefix(rest, " ")
}

// read records one decorator's value and reports whether it was one.
func (d *decorations) read(s string) bool {
	if s == "" {
		return false
	}
	if t, ok := parseISOTime(s); ok {
		d.wall, d.hasWall = t, true
		return true
	}
	if t, ok := parseClock(s); ok {
		if t >= wallClockFloor {
			d.wall, d.hasWall = t, true
		} else {
			d.uptime, d.hasUp = t, true
		}
		return true
	}
	switch s {
	case "trace", "debug", "info", "warning", "error":
		return true
	}
	if allDigits(s) { // pid or tid
		return true
	}
	if isTagList(s) {
		d.tags = s
		return true
	}
	return false
}

// parseClock reads "1.234s", "1234ms" or "1234ns" (decimal comma allowed). Millisecond and
// nanosecond clocks are integers of up to 13 and 19 digits (epoch times), read without scaling
// overflow.
func parseClock(s string) (Nanos, bool) {
	if num, ok := strings.CutSuffix(s, "ms"); ok {
		if !allDigits(num) || num == "" || len(num) > 13 {
			return 0, false
		}
		v, _ := parseFixed(num, 0)
		return Nanos(v) * Millisecond, true
	}
	if num, ok := strings.CutSuffix(s, "ns"); ok {
		if !allDigits(num) || num == "" || len(num) > 18 {
			return 0, false
		}
		v, _ := parseFixed(num, 0)
		return Nanos(v), true
	}
	if num, ok := strings.CutSuffix(s, "s"); ok {
		v, ok := parseFixed(num, 9)
		return Nanos(v), ok
	}
	return 0, false
}

// isTagList reports whether s looks like a tag set: lowercase words joined by commas ("gc,heap").
func isTagList(s string) bool {
	if s[0] == ',' || s[len(s)-1] == ',' || strings.Contains(s, ",,") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == ',') {
			return false
		}
	}
	return true
}

// parseISOTime reads HotSpot's time and utctime decorators, "2024-05-01T10:00:00.123+0200", and
// returns nanoseconds since the Unix epoch (UTC).
func parseISOTime(s string) (Nanos, bool) {
	// yyyy-mm-ddThh:mm:ss.mmm then an offset ±hhmm
	if len(s) != len("2024-05-01T10:00:00.123+0000") || s[4] != '-' || s[7] != '-' || s[10] != 'T' ||
		s[13] != ':' || s[16] != ':' || (s[19] != '.' && s[19] != ',') || (s[23] != '+' && s[23] != '-') {
		return 0, false
	}
	num := func(a, b int) (int64, bool) {
		if !allDigits(s[a:b]) {
			return 0, false
		}
		v, _ := parseFixed(s[a:b], 0)
		return v, true
	}
	var f [9]int64
	spans := [9][2]int{{0, 4}, {5, 7}, {8, 10}, {11, 13}, {14, 16}, {17, 19}, {20, 23}, {24, 26}, {26, 28}}
	for i, sp := range spans {
		v, ok := num(sp[0], sp[1])
		if !ok {
			return 0, false
		}
		f[i] = v
	}
	year, month, day, hour, minute, sec, milli, offH, offM := f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8]
	if month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || sec > 60 || offH > 23 || offM > 59 {
		return 0, false
	}
	offset := (offH*60 + offM) * 60
	if s[23] == '-' {
		offset = -offset
	}
	secs := daysFromCivil(year, month, day)*86400 + hour*3600 + minute*60 + sec - offset
	return Nanos(secs)*Second + Nanos(milli)*Millisecond, true
}

// daysFromCivil counts days from 1970-01-01 to the given proleptic Gregorian date (Howard
// Hinnant's algorithm), so wall-clock decorations need no time package.
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}
