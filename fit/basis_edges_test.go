package fit

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/gclog"
)

// basisOf reads the basis of a committed Parallel log with edit applied to
// its text.
func basisOf(t *testing.T, edit func(string) string) (*Basis, error) {
	t.Helper()
	raw, err := os.ReadFile("../testdata/jvm-check/parallel-128m-pooled-1000.log")
	require.NoError(t, err)
	l, err := gclog.Parse(strings.NewReader(edit(string(raw))))
	require.NoError(t, err)
	return ReadBasis(l)
}

// The GC threads the fit gives the model are HotSpot's ParallelGCThreads
// default for the log's CPUs: every CPU up to 8, then 5/8 of the rest
// (16 CPUs: 13; 12: 10); a log without a CPU line is taken for 2 CPUs;
// a Serial log has one GC thread.
func TestBasisGCThreadsFollowTheCPUs(t *testing.T) {
	for _, c := range []struct {
		line    string
		cpus    int
		threads int
	}{
		{"CPUs: 2 total, 2 available", 2, 2},
		{"CPUs: 8 total, 8 available", 8, 8},
		{"CPUs: 12 total, 12 available", 12, 10},
		{"CPUs: 16 total, 16 available", 16, 13},
		{"", 2, 2},
	} {
		b, err := basisOf(t, func(s string) string {
			return strings.Replace(s, "CPUs: 2 total, 2 available", c.line, 1)
		})
		require.NoError(t, err, c.line)
		assert.Equal(t, c.cpus, b.CPUs, c.line)
		assert.Equal(t, c.threads, b.GCThreads, c.line)
	}
	b, err := basisOf(t, func(s string) string { return strings.Replace(s, "Using Parallel", "Using Serial", 1) })
	require.NoError(t, err)
	assert.Equal(t, "serial", b.Collector)
	assert.Equal(t, 1, b.GCThreads, "Serial collects on one thread")
}

// The heap the fit gives the model is the log's, within what the model
// takes (16 MB to 64 GB); outside it the fit says so.
func TestBasisHeapLimits(t *testing.T) {
	for _, c := range []struct {
		max string
		ok  bool
	}{{"128M", true}, {"16M", true}, {"15M", false}, {"64G", true}, {"65G", false}} {
		_, err := basisOf(t, func(s string) string {
			return strings.Replace(s, "Heap Max Capacity: 128M", "Heap Max Capacity: "+c.max, 1)
		})
		assert.Equal(t, c.ok, err == nil, "%s: %v", c.max, err)
		if err != nil {
			assert.Contains(t, err.Error(), "the model takes 16 to 65536 MB", c.max)
		}
	}
}
