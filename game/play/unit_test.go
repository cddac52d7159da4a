package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// The caption counts the work done in the header's word for it: the lab's
// header said "requests done" over a caption's "tasks done", and
// request-load's batch says "tasks" in both.
func TestCaptionCountsInTheHeadersUnit(t *testing.T) {
	for _, c := range []struct {
		spec, unit string
		counts     bool // the caption counts the work done at that moment
	}{
		{`{"scenario":"gc-lab","case":"pooled","seed":1}`, "requests", true},
		{`{"scenario":"request-load","case":"pool-200","seed":1}`, "tasks", false},
		// (request-load's virtual threads leave the count to the status
		// line: "0 of 10,000 threads finished" was said twice.)
		{`{"scenario":"request-load","case":"virtual-per-request","seed":1}`, "threads", false},
	} {
		p := New()
		mustLoad(t, p, c.spec)
		p.Pause()
		_, err := p.Seek(sim.Time(7*sim.Millisecond), 1<<30)
		require.NoError(t, err)
		in := p.Inputs(nil)[0]
		require.Equal(t, c.unit, in.Unit, c.spec)
		caption := strings.ReplaceAll(in.Caption, "\u00a0", " ")
		for _, other := range []string{"requests", "tasks", "threads"} {
			if other != c.unit {
				assert.NotContains(t, caption, " "+other+" done", c.spec)
				assert.NotContains(t, caption, " "+other+" finished", c.spec)
			}
		}
		if c.counts {
			assert.Regexp(t, " "+c.unit+" (done|finished)", caption, c.spec)
		}
	}
}
