package play

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// Before the picture draws the compared run beside the shown one (the
// pooled run's old gen not yet mostly thread data), the caption already
// gives that run's share of time stopped for GC; the heap's GC line gives
// it too, so the number the caption names is in the picture. A newcomer
// of vt-pooling's frame at 291 ms looked for "the per-request run
// 19 %" and did not find it.
func TestGCLineGivesTheComparedRunsShare(t *testing.T) {
	p := pausedAt(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, sim.Time(291*sim.Millisecond))
	require.True(t, p.SyncContrast(1<<30), "the premise: the compared run at the shown time")
	in := p.Inputs(nil)[0]
	require.NotNil(t, in.Contrast, "the premise: a compared run")
	words := frameText(desktopFrame(p))
	caption := regexp.MustCompile(`the per-request run ([0-9]+)[\s\x{a0}]%`).FindStringSubmatch(words)
	require.NotNil(t, caption, "the premise: the caption names the compared run's share:\n%s", words)
	line := regexp.MustCompile(`stopped for GC: [0-9]+ %(?: of the time)?[ \n]\(a virtual thread per request: ([0-9]+) %\)`).FindStringSubmatch(words)
	require.NotNil(t, line, "the heap's GC line:\n%s", words)
	assert.Equal(t, caption[1], line[1], "the caption's share and the line's")
	l := desktopFrame(p)
	assert.True(t, l.ContrastDrawn(), "the compared case's share drawn: the page names that case")
}
