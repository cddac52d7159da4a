package view

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/loomlab/loomlab/sim"
)

// The picture uses one fixed-width font (Go Mono, package glyph's table,
// drawn through package game's atlas): ASCII and "·", "µ", "×" ("…" and
// other runes show as "?"). A cell is CharW × CharH pixels at size 1
// (a larger size scales both; the caption's bold face has the same
// advance). A fixed-width font lets layout measure text by counting runes,
// with no font file to download and nothing to load.
const (
	CharW = 8
	CharH = 16
)

// TextWidth is the width of s at scale size.
func TextWidth(s string, size float32) float32 {
	return float32(utf8.RuneCountInString(s)) * CharW * size
}

// Fit shortens s so that it is at most w pixels wide at scale size, ending
// it with ".." when cut; it returns "" when not even one rune fits.
func Fit(s string, w, size float32) string {
	n := int(w / (CharW * size))
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 2 {
		if n <= 0 {
			return ""
		}
		return ".."[:n]
	}
	i, k := 0, 0
	for i < len(s) && k < n-2 {
		_, sz := utf8.DecodeRuneInString(s[i:])
		i += sz
		k++
	}
	return s[:i] + ".."
}

// Pct is part as a whole percentage of whole, rounded half up: "67 %".
func Pct(part, whole sim.Bytes) string {
	return Count(pctOf(part, whole)) + " %"
}

// pctOf is part's share of whole in whole percent, rounded.
func pctOf(part, whole sim.Bytes) int64 {
	return int64((200*part + whole) / (2 * max(whole, 1)))
}

// pctGap is the share of whole that total leaves beyond part, as the
// difference of the two as Pct writes them, so that the three add up as
// written ("51 % = 33 % + 18 %").
func pctGap(total, part, whole sim.Bytes) string {
	return Count(pctOf(total, whole)-pctOf(part, whole)) + " %"
}

// Count formats n with thousands separators: 10,000.
func Count(n int64) string {
	if n < 0 {
		return "-" + Count(-n)
	}
	s := strconv.FormatInt(n, 10)
	if len(s) <= 3 {
		return s
	}
	out := make([]byte, 0, len(s)+len(s)/3)
	pre := len(s) % 3
	if pre > 0 {
		out = append(out, s[:pre]...)
	}
	for i := pre; i < len(s); i += 3 {
		if len(out) > 0 {
			out = append(out, ',')
		}
		out = append(out, s[i:i+3]...)
	}
	return string(out)
}

// Size formats a byte count the way the header and panels show it.
func Size(b sim.Bytes) string {
	f := float64(b)
	switch {
	case b >= sim.GB:
		return strconv.FormatFloat(f/float64(sim.GB), 'f', 2, 64) + " GB"
	case b >= 100*sim.MB:
		return strconv.FormatFloat(f/float64(sim.MB), 'f', 0, 64) + " MB"
	case b >= sim.MB:
		return strconv.FormatFloat(f/float64(sim.MB), 'f', 1, 64) + " MB"
	case b >= sim.KB:
		return strconv.FormatFloat(f/float64(sim.KB), 'f', 1, 64) + " KB"
	}
	return strconv.FormatInt(int64(b), 10) + " B"
}

// AsShown is b as Size writes it, read back: the figure a reader
// computes with ("18.75 GB" is 18.75 × 1,024 MB).
func AsShown(b sim.Bytes) sim.Bytes {
	if f, unit, ok := readSize(Size(b)); ok {
		return sim.Bytes(math.Round(f * float64(unit)))
	}
	return b
}

// readSize reads a size as Size, PartsSize or EachSize write it back:
// its figure and its unit ("1.92 MB": 1.92, sim.MB).
func readSize(s string) (float64, sim.Bytes, bool) {
	num, name, _ := strings.Cut(s, " ")
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, 0, false
	}
	unit := sim.Bytes(1)
	switch name {
	case "GB":
		unit = sim.GB
	case "MB":
		unit = sim.MB
	case "KB":
		unit = sim.KB
	}
	return f, unit, true
}

// PartsSize formats a size the way the memory bar writes its parts and
// their whole: in MB with one decimal from 1 MB to 1 GB ("182.0 MB",
// "220.2 MB"), else as Size. Size's "220 MB" over parts of "25.5 MB",
// "12.7 MB" and "182 MB" left a reader adding them to 220.2.
func PartsSize(b sim.Bytes) string {
	if b >= sim.MB && b < sim.GB {
		return strconv.FormatFloat(float64(b)/float64(sim.MB), 'f', 1, 64) + " MB"
	}
	return Size(b)
}

// PartsGap formats the gap between sizes a and b as a reader finds it who
// subtracts their PartsSize figures: each rounded first. "302.3 MB" less
// "225.9 MB" is 76.4 MB, where the gap itself rounds to 76.5, and a reader
// who did the sum took the picture for wrong.
func PartsGap(a, b sim.Bytes) string {
	if a < b {
		a, b = b, a
	}
	// Each rounded as PartsSize rounds it: tenths of a KB under 1 MB,
	// tenths of a MB from 1 MB to 1 GB, hundredths of a GB above. Sizes
	// in two units are not subtracted on sight: their gap as it is.
	unit, places, suffix := sim.MB, 1, " MB"
	switch {
	case b >= sim.MB && a < sim.GB:
	case b >= sim.GB:
		unit, places, suffix = sim.GB, 2, " GB"
	case b >= sim.KB && a < sim.MB:
		unit, suffix = sim.KB, " KB"
	default:
		return PartsSize(a - b)
	}
	// Rounded by formatting, as PartsSize formats: rounding the quotient
	// arithmetically differs from it at halves (339.85 MB).
	shown := func(x sim.Bytes) float64 {
		v, err := strconv.ParseFloat(strconv.FormatFloat(float64(x)/float64(unit), 'f', places, 64), 64)
		if err != nil {
			panic(err) // a number just formatted
		}
		return v
	}
	gap := shown(a) - shown(b)
	return strconv.FormatFloat(gap, 'f', places, 64) + suffix
}

// PartsGapWords says how size a compares with size b, as PartsGap gives
// the gap: "76.4 MB less", "76.4 MB more".
func PartsGapWords(a, b sim.Bytes) string {
	if a < b {
		return PartsGap(a, b) + " less"
	}
	return PartsGap(a, b) + " more"
}

// RoughSize formats an approximate size with two significant digits
// ("about 24 KB each", "about 3.2 MB each"): "about 24.0 KB" claimed a
// precision that "about" denies, and a reader multiplied it out.
func RoughSize(b sim.Bytes) string {
	for _, u := range []struct {
		unit sim.Bytes
		name string
	}{{sim.GB, " GB"}, {sim.MB, " MB"}, {sim.KB, " KB"}} {
		if b < u.unit {
			continue
		}
		f := float64(b) / float64(u.unit)
		if f >= 10 {
			return strconv.FormatFloat(f, 'f', 0, 64) + u.name
		}
		return strconv.FormatFloat(f, 'f', 1, 64) + u.name
	}
	return strconv.FormatInt(int64(b), 10) + " B"
}

// Dur formats a virtual duration with three or four significant digits.
// Milliseconds never get three decimals: "600.000 ms" reads as six hundred
// thousand to half the world (a newcomer took it for ten minutes).
func Dur(d sim.Duration) string {
	f := float64(d)
	switch {
	case d >= 100*sim.Second:
		return strconv.FormatFloat(f/1e9, 'f', 1, 64) + " s"
	case d >= sim.Second:
		return strconv.FormatFloat(f/1e9, 'f', 3, 64) + " s"
	case d >= 10*sim.Millisecond:
		return strconv.FormatFloat(f/1e6, 'f', 1, 64) + " ms"
	case d >= sim.Millisecond:
		return strconv.FormatFloat(f/1e6, 'f', 2, 64) + " ms"
	case d >= sim.Microsecond:
		return strconv.FormatFloat(f/1e3, 'f', 1, 64) + " µs"
	}
	return strconv.FormatInt(int64(d), 10) + " ns"
}

// PauseDur formats a GC pause's time (left or in all): milliseconds with
// one decimal under a second ("11.3 ms"), as the step line writes a
// pause's length (game/story), so the two agree to the digit.
func PauseDur(d sim.Duration) string {
	if d < sim.Second {
		return strconv.FormatFloat(float64(d)/1e6, 'f', 1, 64) + " ms"
	}
	return Dur(d)
}

// Clock formats the run's simulated time for the header: whole
// milliseconds under a second ("300 ms"), else seconds with at most three
// decimals and no trailing zeros beyond the first ("1.0 s", "2.341 s").
// "1.000 s" beside counts written "1,000" was read as a thousand seconds.
func Clock(d sim.Duration) string {
	if d < sim.Second {
		ms := float64(d) / 1e6
		if d%sim.Millisecond == 0 || d >= 10*sim.Millisecond {
			return strconv.FormatFloat(ms, 'f', 0, 64) + " ms"
		}
		return strconv.FormatFloat(ms, 'f', 1, 64) + " ms"
	}
	s := strconv.FormatFloat(float64(d)/1e9, 'f', 3, 64)
	for strings.HasSuffix(s, "0") && !strings.HasSuffix(s, ".0") {
		s = s[:len(s)-1]
	}
	return s + " s"
}

// Speed formats a playback speed (virtual seconds per real second) in
// words a newcomer reads at once: "20× slower than real time" rather than
// "50 ms per second".
func Speed(x float64) string {
	switch {
	case x >= 1.5:
		return strconv.FormatFloat(x, 'g', 4, 64) + "× real time"
	case x >= 0.95:
		return "real time"
	case x <= 0:
		return "no speed set"
	}
	return Count(int64(1/x+0.5)) + "× slower than real time"
}

// plural picks the singular or plural noun for n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
