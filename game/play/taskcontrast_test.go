package play

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

const poolSpec = `{"scenario":"request-load","case":"pool-200","seed":1}`

// taskRegion reports whether the frame of p has the two time bars' region.
func taskRegion(p *Playground) bool {
	l := desktopFrame(p)
	for _, r := range l.Regions() {
		if strings.HasPrefix(r.Name, "the pool against ") {
			return true
		}
	}
	return false
}

// poolEnd reads the pool's expected end, in ms, from p's frame words:
// the pool's row says "finishes at" it, at the bar's end (the axis's end
// under it says nothing more).
func poolEnd(t *testing.T, p *Playground) float64 {
	m := regexp.MustCompile(`fixed pool (?:expected: )?finishes at ~([0-9,]+) ms `).FindStringSubmatch(strings.Join(shownWords(p), " "))
	require.NotNil(t, m, "the pool's expected end is drawn: %v", shownWords(p))
	v, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
	require.NoError(t, err)
	return v
}

// ruleEnd is the estimate's rule, from outside the view: the time now
// times the batch over the tasks that have left the queue.
func ruleEnd(p *Playground) float64 {
	in := p.Inputs(nil)[0]
	started := in.Requests - int64(in.Snap.ExecQueued)
	return float64(in.Snap.Time) / 1e6 * float64(in.Requests) / float64(started)
}

// request-load's pool draws, under its backlog, its run's expected end
// against the virtual-thread case's end, run beside it: both follow the
// reader's knobs and the shown time.
func TestTaskContrastIsTheLiveModel(t *testing.T) {
	at := sim.Time(600 * sim.Millisecond)
	p := contrastAt(t, poolSpec, at)
	c := p.Inputs(nil)[0].Contrast
	require.NotNil(t, c)
	require.True(t, c.Snap.Done, "the premise: the virtual threads' batch is over at 600 ms")
	require.Equal(t, int64(10000), c.Snap.RequestsDone)
	require.True(t, taskRegion(p))
	words := strings.Join(shownWords(p), " ")
	ended := "done at " + view.Dur(sim.Duration(c.Snap.Time))
	require.Contains(t, words, "virtual threads, separate run: "+ended)
	// The bars share one labelled clock: 0, now, the end. The pool's bar
	// names no count ("1,000 done" over it read as a progress bar), and
	// its end says it finishes there and when ("done" alone there read
	// as "fixed pool: done"; "finishes" alone sent readers to the axis's
	// end for the number, which is not said twice).
	require.Contains(t, words, "now "+view.Clock(sim.Duration(at)))
	end := poolEnd(t, p)
	require.InDelta(t, ruleEnd(p), end, 5, "the estimate is the rule over the live state, to 10 ms")
	require.NotContains(t, words, "fixed pool done")
	require.Contains(t, words, "fixed pool expected: finishes ", "the pale part says it is expected (its colour is not in the legend)")
	require.Len(t, regexp.MustCompile(`~[0-9,]+ ms`).FindAllString(words, -1), 1, "the end said once: %s", words)
	require.Equal(t, 1, strings.Count(words, "~"), "the pool's expected end is said once, at the axis's end")
	require.Greater(t, end, 4000.0, "the premise: 50 rounds of about 100 ms")

	// A bigger pool: fewer rounds, an earlier expected end.
	big := contrastAt(t, `{"scenario":"request-load","case":"pool-200","seed":1,"knobs":{"pool_size":"400"}}`, at)
	bigEnd := poolEnd(t, big)
	require.InDelta(t, ruleEnd(big), bigEnd, 5)
	require.Less(t, bigEnd, end*0.7, "the pool size knob reaches the estimate")

	// Shorter sleeps: the compared batch ends sooner, and the frame says so.
	short := `{"scenario":"request-load","case":"pool-200","seed":1,"knobs":{"sleep_ms":"50"}}`
	sp := contrastAt(t, short, at)
	cs := sp.Inputs(nil)[0].Contrast
	require.Less(t, cs.Snap.Time, c.Snap.Time, "the sleep knob reaches the contrast")
	sw := strings.Join(shownWords(sp), " ")
	require.Contains(t, sw, "done at "+view.Dur(sim.Duration(cs.Snap.Time)))
	require.NotContains(t, sw, ended)
	require.Less(t, poolEnd(t, sp), end*0.7, "the sleep knob reaches the estimate")

	// Early on the compared batch is under way: its count, not an end.
	early := sim.Time(50 * sim.Millisecond)
	ce := contrastAt(t, poolSpec, early).Inputs(nil)[0].Contrast
	require.False(t, ce.Snap.Done)
	ew := strings.Join(frameWords(t, poolSpec, early), " ")
	require.NotContains(t, ew, "done at")
	require.Contains(t, ew, "virtual threads, separate run: "+view.Count(ce.Snap.RequestsDone)+" done by now")
	require.Contains(t, ew, "now "+view.Clock(sim.Duration(early)), "now's words fit beside 0 early on")
}

// Compare mode draws both cases whole: no time bars, no estimate.
func TestNoTaskContrastInCompareMode(t *testing.T) {
	at := sim.Time(600 * sim.Millisecond)
	spec := `{"scenario":"request-load","compare":["pool-200","virtual-per-request"],"seed":1}`
	p := contrastAt(t, spec, at)
	require.False(t, taskRegion(p))
	w := strings.Join(frameWords(t, spec, at), " ")
	require.NotContains(t, w, "done at")
	require.NotContains(t, w, "separate run")
	require.NotContains(t, w, "now 600 ms")
}
