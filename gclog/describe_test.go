package gclog

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The sentences for the real Parallel excerpt, each number worked out by hand from its lines (see
// TestSummaryOfARealExcerpt) and written with three significant digits at most.
func TestDescribeARealExcerpt(t *testing.T) {
	l, err := parseString(parallelExcerpt)
	require.NoError(t, err)
	got := Describe(l.Summary())
	want := []string{
		"Parallel collector, JVM 17.0.15+6-Debian-1deb12u1 (release), 2 CPUs.",
		"Heap: 100 MB at most (100 MB at start); the log covers 9.06 s.",
		"Collections: 3 young, 1 Full (0.33 young a second, 0.11 Full a second).",
		"Causes: young Allocation Failure ×3; full Ergonomics ×1.",
		"Pauses: 4, 419 ms in all (4.63 % of the time); the longest 256 ms, one in twenty 256 ms or more, 105 ms on average.",
		"Allocation: 14.7 MB/s; promotion to the old gen: 0.59 MB/s (4.09 MB in all).",
		"Old gen after a Full GC: 42.3 MB on average (42.3 to 42.3 MB, the last 42.3 MB), of an old gen of 89 MB.",
	}
	require.GreaterOrEqual(t, len(got), len(want)+1)
	assert.Equal(t, want, got[:len(want)])
	assert.True(t, strings.HasPrefix(got[len(want)], "Lines: 47 read, "), got[len(want)])
	assert.Len(t, got, len(want)+1, "no Trouble line")
}

// What is left out or said instead when a figure is zero or missing, at each sentence's bound.
func TestDescribeAtItsBounds(t *testing.T) {
	text := func(s Summary) string { return strings.Join(Describe(s), "\n") }
	none := text(Summary{Collector: "g1"})
	assert.Contains(t, none, "G1 collector.")
	assert.Contains(t, none, "Heap: size not logged; the log's lines carry no time, so rates cannot be read.")
	assert.Contains(t, none, "Collections: none.")
	for _, absent := range []string{"CPUs", "Causes", "Pauses", "Allocation", "Full GC", "Trouble"} {
		assert.NotContains(t, none, absent)
	}

	one := text(Summary{Collector: "parallel", CPUs: 1, Events: 1, YoungGCs: 1, YoungGCsPerS: f64(0.5), FullGCsPerS: f64(0),
		Causes: []CauseCount{{Kind: Young, Count: 1}}, Pauses: 1, PauseTotalMS: 3})
	assert.Contains(t, one, "Parallel collector, 1 CPUs.")
	assert.Contains(t, one, "Collections: 1 young (0.5 young a second).", "no Full GC rate without Full GCs")
	assert.NotContains(t, one, "Causes", "a cause that is empty is not listed")
	assert.Contains(t, one, "Pauses: 1, 3 ms in all; the longest")
	assert.Contains(t, one, "No Full GC.")

	mixedOnly := text(Summary{Collector: "g1", Events: 1, MixedGCs: 1, YoungGCsPerS: f64(0), FullGCs: 0})
	assert.Contains(t, mixedOnly, "Collections: 1 mixed.", "no young rate without young GCs")

	full := text(Summary{Collector: "serial", Events: 1, FullGCs: 1, YoungGCs: 1, YoungGCsPerS: f64(1), FullGCsPerS: nil})
	assert.Contains(t, full, "Collections: 1 young, 1 Full (1 young a second).", "no Full GC rate when it is unknown")

	z := text(Summary{Collector: "z", Events: 2, ConcurrentCycles: 1, ConcurrentPauses: 1})
	assert.Contains(t, z, "Allocation and promotion: not read for a concurrent collector")
	assert.Contains(t, text(Summary{Collector: "shenandoah"}), "Allocation and promotion: not read for a concurrent collector")
	assert.NotContains(t, text(Summary{Collector: "g1"}), "not read for a concurrent collector")

	for _, s := range []Summary{{ToSpaceExhausted: 1}, {AllocationStalls: 1}, {CancelledCycles: 1}} {
		assert.Contains(t, text(s), "Trouble: ")
	}
}
