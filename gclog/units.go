package gclog

import (
	"strconv"
	"strings"
)

// Bytes is an amount of memory in bytes. HotSpot prints sizes in B, K, M or G (powers of 1024).
type Bytes int64

// Size units as HotSpot's byte_size_in_proper_unit prints them.
const (
	KB Bytes = 1 << 10
	MB Bytes = 1 << 20
	GB Bytes = 1 << 30
)

// MiB is the size in mebibytes (HotSpot's "M"), the unit the summary's _mb fields use.
func (b Bytes) MiB() float64 { return float64(b) / float64(MB) }

func (b Bytes) String() string {
	switch {
	case b%GB == 0 && b != 0:
		return strconv.FormatInt(int64(b/GB), 10) + "G"
	case b%MB == 0 && b != 0:
		return strconv.FormatInt(int64(b/MB), 10) + "M"
	case b%KB == 0:
		return strconv.FormatInt(int64(b/KB), 10) + "K"
	}
	return strconv.FormatInt(int64(b), 10) + "B"
}

// Nanos is a time or a duration in nanoseconds. Times are measured from the log's origin: JVM start
// when the log has uptime decorations, the first line's wall-clock time otherwise.
type Nanos int64

// Common durations.
const (
	Microsecond Nanos = 1000
	Millisecond Nanos = 1000 * Microsecond
	Second      Nanos = 1000 * Millisecond
)

// Seconds is the value in seconds.
func (n Nanos) Seconds() float64 { return float64(n) / float64(Second) }

// Millis is the value in milliseconds.
func (n Nanos) Millis() float64 { return float64(n) / float64(Millisecond) }

// maxDigits bounds the integer digits a number may have, so that scaling it can never overflow
// int64 (10^18 fits; a size in G times 2^30 still fits with 9 digits).
const maxDigits = 18

// parseFixed reads a non-negative decimal such as "12", "12.345" or "12,345" (some locales print a
// decimal comma) and returns it multiplied by 10^scale, dropping digits beyond that. It refuses
// signs, exponents, empty parts and numbers too large to scale.
func parseFixed(s string, scale int) (int64, bool) {
	intPart, frac := s, ""
	if i := strings.IndexAny(s, ".,"); i >= 0 {
		intPart, frac = s[:i], s[i+1:]
		if frac == "" {
			return 0, false
		}
	}
	if intPart == "" || len(intPart) > maxDigits-scale || !allDigits(intPart) || !allDigits(frac) {
		return 0, false
	}
	v, _ := strconv.ParseInt(intPart, 10, 64)
	for i := 0; i < scale; i++ {
		v *= 10
		if i < len(frac) {
			v += int64(frac[i] - '0')
		}
	}
	return v, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseSize reads a size as HotSpot prints it: digits (a fraction allowed) and a unit B, K, M or G.
func parseSize(s string) (Bytes, bool) {
	if len(s) < 2 {
		return 0, false
	}
	var unit Bytes
	switch s[len(s)-1] {
	case 'B':
		unit = 1
	case 'K':
		unit = KB
	case 'M':
		unit = MB
	case 'G':
		unit = GB
	default:
		return 0, false
	}
	// Three decimals are enough for any fraction HotSpot prints; 2^30 * 10^12 still fits int64.
	milli, ok := parseFixed(s[:len(s)-1], 3)
	if !ok || milli > (1<<63-1)/int64(unit) {
		return 0, false
	}
	b := Bytes(milli * int64(unit) / 1000)
	if b > maxSize {
		return 0, false
	}
	return b, true
}

// maxSize is the largest size read, 16 TiB (ZGC's largest heap). It keeps sums over MaxEvents
// events inside int64 whatever the input says.
const maxSize = 16 << 40

// maxDuration is the longest duration read, about 2.8 hours; sums over MaxEvents events stay inside
// int64.
const maxDuration = 10_000 * Second

// parseDuration reads a duration with its unit as HotSpot prints it: "3.456ms", "1.234s",
// "12us", "15ns" (decimal comma allowed).
func parseDuration(s string) (Nanos, bool) {
	units := []struct {
		suffix string
		scale  int
	}{{"ms", 6}, {"us", 3}, {"ns", 0}, {"s", 9}}
	for _, u := range units {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			v, ok := parseFixed(num, u.scale)
			if !ok || Nanos(v) > maxDuration {
				return 0, false
			}
			return Nanos(v), true
		}
	}
	return 0, false
}
