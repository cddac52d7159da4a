package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// Over lanes too low for words, the count line does not say again what
// the carriers' title says: in a blog's embeds (playing, about 500 × 300)
// request-load's "carriers: 11 of 18 OS threads, all idle" had "0 of 11
// busy" under it, and vt-pooling's "all 8 stopped for GC" came twice.
func TestLowLanesDoNotRepeatTheTitle(t *testing.T) {
	for _, c := range []struct {
		spec  string
		at    sim.Duration
		twice func(string) bool
	}{
		{`{"scenario":"request-load","case":"virtual-per-request","seed":1}`, 17 * sim.Millisecond, func(s string) bool {
			return strings.Contains(s, "all idle") && (strings.Contains(s, "\n0 of 11 busy\n") || strings.Contains(s, "\n0 of 11 carrier threads"))
		}},
		{`{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, 2750 * sim.Millisecond, func(s string) bool {
			return strings.Count(s, "all 8 stopped for GC") > 1
		}},
	} {
		p := pausedAt(t, c.spec, sim.Time(c.at))
		seen, twice := 0, 0
		for w := float32(300); w <= 700; w += 20 {
			for h := float32(200); h <= 600; h += 20 {
				var l view.List
				hdr := p.Header()
				hdr.Running = true // playing: the lanes are not folded as a still frame's are
				view.Build(&l, w, h, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
				txt := frameText(&l)
				if strings.Contains(txt, "all idle") || strings.Contains(txt, "stopped for GC") {
					seen++
				}
				if c.twice(txt) {
					twice++
					assert.Fail(t, "said twice", "%s at %v × %v:\n%s", c.spec, w, h, txt)
				}
				if twice > 3 {
					return
				}
			}
		}
		assert.Positive(t, seen, "the premise: %s draws its carriers' state", c.spec)
	}
}
