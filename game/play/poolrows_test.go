package play

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// vt-pooling's judged frame draws the two runs as rows laid out alike,
// each labelled with its name and its own live threads, each saying
// whether it is stopped now and its share stopped for GC so far; the OS
// threads are said to be each run's. Readers could not tell whose grid,
// eden and OS threads the frame drew, nor whether the other run shared
// the JVM.
func TestPoolingRunsAreLabelledRows(t *testing.T) {
	spec := `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`
	words := strings.Join(frameWords(t, spec, gcPauseAfter(t, spec, sim.Time(2300*sim.Millisecond))), " ")
	require.Regexp(t, regexp.MustCompile(`[0-9,]+ live · 10,000 pooled virtual threads`), words)
	require.Regexp(t, regexp.MustCompile(`[0-9,]+ live · a virtual thread per request \(separate run`), words)
	require.Equal(t, 2, strings.Count(words, "for GC so far"), "each run its share, said to be a running total")
	require.Equal(t, 2, strings.Count(words, " now"), "each run stopped or running now")
	require.Contains(t, words, "each run: 28 OS threads")
	require.Contains(t, words, "ended requests' data", "why the compared run's garbage is harmless")
	require.NotContains(t, words, "carriers above")
}
