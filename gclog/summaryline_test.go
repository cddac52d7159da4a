package gclog

import (
	"reflect"
	"testing"
)

// A GC line's summary taken apart, on HotSpot's forms and on the ones that do not fit them.
func TestSplitSummary(t *testing.T) {
	for _, c := range []struct {
		rest string
		want summaryLine
	}{
		{"Pause Young (Normal) (G1 Evacuation Pause) 45M->44M(64M) 44.603ms", summaryLine{name: "Pause Young",
			parens: []string{"Normal", "G1 Evacuation Pause"}, hasSizes: true, before: 45 * MB, after: 44 * MB, commit: 64 * MB, hasDur: true, dur: 44_603 * Microsecond}},
		{"Pause Full (System.gc()) 5M->3M(61M) 12.300ms", summaryLine{name: "Pause Full", parens: []string{"System.gc()"},
			hasSizes: true, before: 5 * MB, after: 3 * MB, commit: 61 * MB, hasDur: true, dur: 12_300 * Microsecond}},
		{"Garbage Collection (Warmup) 14M(11%)->12M(9%)", summaryLine{name: "Garbage Collection", parens: []string{"Warmup"},
			hasSizes: true, before: 14 * MB, after: 12 * MB}},
		{"Pause Remark 41M->41M(64M) 1.711ms", summaryLine{name: "Pause Remark", hasSizes: true, before: 41 * MB, after: 41 * MB,
			commit: 64 * MB, hasDur: true, dur: 1711 * Microsecond}},
		{"Concurrent Mark Cycle 235.448ms", summaryLine{name: "Concurrent Mark Cycle", hasDur: true, dur: 235_448 * Microsecond}},
		{"Pause Young (Allocation Failure)", summaryLine{name: "Pause Young", parens: []string{"Allocation Failure"}}},
		// Shapes that do not fit stay in the name.
		{"Pause Full (System.gc() 5M->3M(61M) 12.300ms", summaryLine{name: "Pause Full (System.gc()", hasSizes: true,
			before: 5 * MB, after: 3 * MB, commit: 61 * MB, hasDur: true, dur: 12_300 * Microsecond}},
		{"Pause Young (Normal) after", summaryLine{name: "Pause Young (Normal) after"}},
		// A capacity without a percent on the left is no transition HotSpot writes.
		{"Pause Young 16M(20M)->4M(61M) 3.400ms", summaryLine{name: "Pause Young 16M(20M)->4M(61M)", hasDur: true, dur: 3400 * Microsecond}},
		{"Pause Young 16M->4Q(61M) 3.400ms", summaryLine{name: "Pause Young 16M->4Q(61M)", hasDur: true, dur: 3400 * Microsecond}},
		{"Pause Young 16M->4M(6xM) 3.400ms", summaryLine{name: "Pause Young 16M->4M(6xM)", hasDur: true, dur: 3400 * Microsecond}},
		{"Pause Young 1xM->4M(61M) 3.400ms", summaryLine{name: "Pause Young 1xM->4M(61M)", hasDur: true, dur: 3400 * Microsecond}},
	} {
		if got := splitSummary(c.rest); !reflect.DeepEqual(got, c.want) {
			t.Errorf("splitSummary(%q)\n got %+v\nwant %+v", c.rest, got, c.want)
		}
	}
}

// paren is "" outside the parts there are, on either side.
func TestParenOutOfRange(t *testing.T) {
	s := summaryLine{parens: []string{"Normal", "G1 Evacuation Pause"}}
	for i, want := range map[int]string{-1: "", 0: "Normal", 1: "G1 Evacuation Pause", 2: ""} {
		if got := s.paren(i); got != want {
			t.Errorf("paren(%d) = %q, want %q", i, got, want)
		}
	}
	if got := (summaryLine{}).paren(len(summaryLine{}.parens) - 1); got != "" {
		t.Errorf("the last part of none: %q", got)
	}
}

// splitCap takes the capacity from the last pair of parentheses only when the value ends with one.
func TestSplitCap(t *testing.T) {
	for in, want := range map[string][2]string{
		"16384K(18944K)": {"16384K", "18944K"}, "16384K": {"16384K", ""}, "14M(11%)": {"14M", "11%"},
		"16384K(18944K": {"16384K(18944K", ""}, "(1K)": {"", "1K"}, "1K()": {"1K", ""},
	} {
		if v, c := splitCap(in); v != want[0] || c != want[1] {
			t.Errorf("splitCap(%q) = %q, %q; want %q, %q", in, v, c, want[0], want[1])
		}
	}
}

// A space at the very start still separates: a summary that is only a duration or only sizes, and
// parentheses right at the start, are read (gcID leaves such a rest after "GC(0)" and two spaces).
func TestSplitSummaryLeadingSpace(t *testing.T) {
	if got := splitSummary(" 3.400ms"); !got.hasDur || got.dur != 3400*Microsecond || got.name != "" {
		t.Errorf("only a duration: %+v", got)
	}
	if got := splitSummary(" 16M->4M(61M)"); !got.hasSizes || got.before != 16*MB || got.commit != 61*MB || got.name != "" {
		t.Errorf("only sizes: %+v", got)
	}
	if name, parts := splitParens(" (Normal) (G1 Evacuation Pause)"); name != "" || !reflect.DeepEqual(parts, []string{"Normal", "G1 Evacuation Pause"}) {
		t.Errorf("parentheses at the start: %q, %q", name, parts)
	}
}
