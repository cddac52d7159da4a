package scenario

import (
	"math"
	"strconv"
	"strings"
)

// MetricText formats a metric's value for a reader: in the unit its name
// carries, rounded to what the figure can tell, with thousands separators.
// The classroom's sentences and verify's table both print metrics through
// it, so a figure reads the same wherever it appears.
func MetricText(name string, v float64) string {
	switch {
	case name == "carrier_utilization":
		return GroupDigits(strconv.FormatFloat(v*100, 'f', 0, 64)) + " %"
	case strings.HasSuffix(name, "_bytes") && math.Abs(v) >= 1e9:
		return strconv.FormatFloat(v/1e9, 'f', 1, 64) + " GB"
	case strings.HasSuffix(name, "_bytes"):
		return strconv.FormatFloat(v/1e6, 'f', 1, 64) + " MB"
	case strings.HasSuffix(name, "_ms") && v < 10:
		return strconv.FormatFloat(v, 'f', 3, 64) + " ms"
	case strings.HasSuffix(name, "_ms"):
		return GroupDigits(strconv.FormatFloat(v, 'f', 0, 64)) + " ms"
	case strings.HasSuffix(name, "_mb") && math.Abs(v) >= 10000:
		return strconv.FormatFloat(v/1000, 'f', 1, 64) + " GB"
	case strings.HasSuffix(name, "_mb"):
		return GroupDigits(strconv.FormatFloat(v, 'f', 1, 64)) + " MB"
	case strings.HasSuffix(name, "_pct") || strings.HasPrefix(name, "win_rate"):
		return strconv.FormatFloat(v, 'f', 1, 64) + " %"
	case strings.HasSuffix(name, "_rps"):
		return GroupDigits(strconv.FormatFloat(v, 'f', 0, 64)) + " req/s"
	case strings.HasSuffix(name, "_words_p50"):
		return GroupDigits(strconv.FormatFloat(v, 'f', 0, 64)) + " words"
	case v == math.Trunc(v):
		return GroupDigits(strconv.FormatFloat(v, 'f', 0, 64))
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// GroupDigits puts thousands separators into a formatted number.
func GroupDigits(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		return sign + b.String() + "." + frac
	}
	return sign + b.String()
}
