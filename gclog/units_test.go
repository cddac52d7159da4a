package gclog

import "testing"

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Bytes
		ok   bool
	}{
		{"16M", 16 * MB, true},
		{"16384K", 16 * MB, true},
		{"2G", 2 * GB, true},
		{"512B", 512, true},
		{"0K", 0, true},
		{"1.5M", 3 * MB / 2, true},
		{"1,5M", 3 * MB / 2, true}, // a decimal comma, as some locales print
		{"16", 0, false},
		{"M", 0, false},
		{"-1M", 0, false},
		{"1e3M", 0, false},
		{"1.M", 0, false},
		{"99999999999999999G", 0, false}, // would overflow
		{"16384G", 16384 * GB, true},
		{"16385G", 0, false}, // beyond ZGC's largest heap: sums over many events could overflow
	} {
		got, ok := parseSize(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseSize(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestParseDuration(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Nanos
		ok   bool
	}{
		{"101.380ms", 101_380_000, true},
		{"101,380ms", 101_380_000, true},
		{"0.016ms", 16_000, true},
		{"1.234s", 1_234_000_000, true},
		{"15us", 15_000, true},
		{"7ns", 7, true},
		{"1.2345678ms", 1_234_567, true}, // digits below a nanosecond dropped
		{"ms", 0, false},
		{"1.2.3ms", 0, false},
		{"12", 0, false},
		{"abcms", 0, false},
		{"10000000.000ms", 10_000 * Second, true},
		{"10000000.001ms", 0, false}, // beyond maxDuration
	} {
		got, ok := parseDuration(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseDuration(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestBytesString(t *testing.T) {
	for _, tc := range []struct {
		in   Bytes
		want string
	}{{0, "0K"}, {512, "512B"}, {3 * KB, "3K"}, {61 * MB, "61M"}, {2 * GB, "2G"}, {MB + 1, "1048577B"}} {
		if got := tc.in.String(); got != tc.want {
			t.Errorf("Bytes(%d).String() = %q; want %q", int64(tc.in), got, tc.want)
		}
		if back, ok := parseSize(tc.in.String()); !ok || back != tc.in {
			t.Errorf("parseSize(%q) = %d, %v; want %d", tc.in.String(), back, ok, tc.in)
		}
	}
}

// The smallest sizes and every digit's edge: "1K" is two bytes long, '0' and '9' are digits, the
// characters either side of them are not.
func TestParseSizeEdges(t *testing.T) {
	for in, want := range map[string]Bytes{"1K": KB, "9K": 9 * KB, "0B": 0, "90M": 90 * MB, "0.9K": 921} {
		if got, ok := parseSize(in); !ok || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"K", "/K", ":K", "1/K", "1:K"} {
		if got, ok := parseSize(in); ok {
			t.Errorf("parseSize(%q) = %d; want refused", in, got)
		}
	}
}

// parseFixed keeps 18 digits in all after scaling: 15 integer digits at scale 3, not 16.
func TestParseFixedDigitBound(t *testing.T) {
	if v, ok := parseFixed("123456789012345", 3); !ok || v != 123456789012345000 {
		t.Errorf("15 digits at scale 3: %d, %v", v, ok)
	}
	if v, ok := parseFixed("1234567890123456", 3); ok {
		t.Errorf("16 digits at scale 3 read as %d; want refused", v)
	}
	if v, ok := parseFixed("123456789012345678", 0); !ok || v != 123456789012345678 {
		t.Errorf("18 digits at scale 0: %d, %v", v, ok)
	}
}
