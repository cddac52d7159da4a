package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

const poolSpec = `{"scenario":"request-load","case":"pool-200","seed":1}`

// taskRegion reports whether the frame of p has the two task bars' region.
func taskRegion(p *Playground) bool {
	var l view.List
	hdr := p.Header()
	view.Build(&l, 1134, 464, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
	for _, r := range l.Regions() {
		if r.Name == "tasks left in each case" {
			return true
		}
	}
	return false
}

// request-load's pool draws, under its backlog, the virtual-thread case's
// tasks run beside it: its words are that run's, and they move with the
// reader's knobs and the shown time.
func TestTaskContrastIsTheLiveModel(t *testing.T) {
	at := sim.Time(600 * sim.Millisecond)
	p := contrastAt(t, poolSpec, at)
	c := p.Inputs(nil)[0].Contrast
	require.NotNil(t, c)
	require.True(t, c.Snap.Done, "the premise: the virtual threads' batch is over at 600 ms")
	require.Equal(t, int64(10000), c.Snap.RequestsDone)
	require.True(t, taskRegion(p))
	words := strings.Join(frameWords(t, poolSpec, at), " ")
	ended := "all done at " + view.Dur(sim.Duration(c.Snap.Time))
	require.Contains(t, words, "virtual threads "+ended)

	// Shorter sleeps: the compared batch ends sooner, and the frame says so.
	short := `{"scenario":"request-load","case":"pool-200","seed":1,"knobs":{"sleep_ms":"50"}}`
	cs := contrastAt(t, short, at).Inputs(nil)[0].Contrast
	require.Less(t, cs.Snap.Time, c.Snap.Time, "the sleep knob reaches the contrast")
	sw := strings.Join(frameWords(t, short, at), " ")
	require.Contains(t, sw, "all done at "+view.Dur(sim.Duration(cs.Snap.Time)))
	require.NotContains(t, sw, ended)

	// Early on the compared batch is under way: its count, not an end.
	early := sim.Time(50 * sim.Millisecond)
	ce := contrastAt(t, poolSpec, early).Inputs(nil)[0].Contrast
	require.False(t, ce.Snap.Done)
	ew := strings.Join(frameWords(t, poolSpec, early), " ")
	require.NotContains(t, ew, "all done at")
	require.Contains(t, ew, "virtual threads "+view.Count(ce.Snap.RequestsDone)+" done")
}

// Compare mode draws both cases whole: no task bars.
func TestNoTaskContrastInCompareMode(t *testing.T) {
	at := sim.Time(600 * sim.Millisecond)
	spec := `{"scenario":"request-load","compare":["pool-200","virtual-per-request"],"seed":1}`
	p := contrastAt(t, spec, at)
	require.False(t, taskRegion(p))
	require.NotContains(t, strings.Join(frameWords(t, spec, at), " "), "all done at")
}
