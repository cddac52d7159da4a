package play

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// vt-pooling's opening says under each run's share stopped for GC what a
// request has cost it in CPU so far: readers worked out that 32 % against
// 15 % stopped should cost the pooled run a fifth of its requests, found
// it 4 % behind, and saw nothing say why. The words are the rest of the
// sum: with the carriers busy, CPUs × (1 − share stopped) ÷ CPU a request
// gives each run's requests a second so far, as the figures are drawn.
func TestPoolingPairSaysCPUARequest(t *testing.T) {
	p, l := poolingPageFrame(t)
	words := frameText(l)
	shares := regexp.MustCompile(`\n([0-9]+) % stopped\n`).FindAllStringSubmatch(words, -1)
	cpus := regexp.MustCompile(`\n([0-9.]+) µs of CPU\na request\n`).FindAllStringSubmatch(words, -1)
	require.Len(t, shares, 2, "each run's share stopped")
	require.Len(t, cpus, 2, "each run's CPU a request, under its share:\n%s", words)
	in := p.Inputs(nil)[0]
	require.NotNil(t, in.Contrast)
	snaps := []*sim.Snapshot{in.Snap, in.Contrast.Snap}
	carriers := float64(len(in.Snap.Carriers))
	require.Equal(t, 8.0, carriers, "the premise: the article's 8 cores")
	for i, snap := range snaps {
		share, _ := strconv.ParseFloat(shares[i][1], 64)
		each, _ := strconv.ParseFloat(cpus[i][1], 64)
		secs := float64(snap.Time) / 1e9
		rate := float64(snap.RequestsDone) / secs
		sum := carriers * (1 - share/100) / (each / 1e6)
		t.Logf("run %d: %.0f %% stopped, %.1f µs a request: %.0f a second by the sum, %.0f so far", i, share, each, sum, rate)
		assert.InDelta(t, rate, sum, 0.03*rate, "run %d: %.0f requests a second so far; the drawn figures give %.0f", i, rate, sum)
	}
	p0, _ := strconv.ParseFloat(cpus[0][1], 64)
	p1, _ := strconv.ParseFloat(cpus[1][1], 64)
	assert.Less(t, p0, p1, "a pooled request costs less CPU than one with a new thread")
}
