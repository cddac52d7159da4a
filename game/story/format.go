package story

import (
	"math"
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// The captions are read by people, not parsed: counts get thousands
// separators, sizes and durations a unit chosen for their size, shares a
// whole percent.

// count writes n with thousands separators: 8800 → "8,800".
func count(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func counti(n int) string { return count(int64(n)) }

// plural picks the noun form for n.
func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// size writes a byte count in KB, MB or GB (binary units, as the heap
// panels do), with one decimal below ten.
func size(b sim.Bytes) string {
	x := float64(b)
	switch {
	case x < 1024:
		return count(int64(b)) + " B"
	case x < 1024*1024:
		return decimal(x/1024) + " KB"
	case x < 1024*1024*1024:
		return decimal(x/(1024*1024)) + " MB"
	}
	return decimal(x/(1024*1024*1024)) + " GB"
}

// decimal rounds to one decimal below ten and to a whole number above.
func decimal(x float64) string {
	if x < 9.95 {
		return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64)
	}
	return count(int64(math.Round(x)))
}

// duration writes a virtual duration in µs, ms or s.
func duration(d sim.Duration) string {
	switch {
	case d < sim.Millisecond:
		return decimal(float64(d)/float64(sim.Microsecond)) + " µs"
	case d < sim.Second:
		return decimal(float64(d)/float64(sim.Millisecond)) + " ms"
	}
	s := float64(d) / float64(sim.Second)
	if s < 100 {
		return strconv.FormatFloat(math.Round(s*100)/100, 'f', -1, 64) + " s"
	}
	return count(int64(math.Round(s))) + " s"
}

// pauseLength writes a GC pause's length as the picture's pause banner
// writes the time left: milliseconds with one decimal under a second
// ("11.3 ms"). "A pause of 11 ms began" beside "11.3 ms left" read as two
// different pauses.
func pauseLength(d sim.Duration) string {
	if d < sim.Second {
		return strconv.FormatFloat(float64(d)/float64(sim.Millisecond), 'f', 1, 64) + " ms"
	}
	return duration(d)
}

// percent writes part/whole as a whole percent ("82 %"); a share that is
// above zero but rounds to zero reads "under 1 %".
func percent(part, whole float64) string {
	if whole <= 0 {
		return "0 %"
	}
	p := 100 * part / whole
	if p > 0 && p < 0.5 {
		return "under 1 %"
	}
	return strconv.Itoa(int(math.Round(p))) + " %"
}

// upper capitalises a sentence's first letter.
func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// lowerFirst lowers a sentence's first letter unless the first word is a
// name or an acronym (JIT, GC, C2, a thread id).
func lowerFirst(s string) string {
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' || (s[1] >= 'A' && s[1] <= 'Z') || (s[1] >= '0' && s[1] <= '9') {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}

// ordinal writes n's place in an order: "1st", "2nd", "3rd", "11th",
// "1,002nd".
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return counti(n) + suffix
}
