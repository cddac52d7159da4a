package play

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// carriersTitle matches the carriers' panel title (not the caption's
// wrapped "carriers: a parked thread leaves…").
var carriersTitle = regexp.MustCompile(`(?m)^(carriers( \(OS threads\)|: [0-9]|: all|: none|: the OS|: OS)|carrier threads)`)

// saysCarriersState: the frame says whether the carriers run virtual
// threads (in the title, the count line or the lanes' own words).
func saysCarriersState(txt string) bool {
	for _, w := range []string{"all idle", "none running a virtual thread", " busy", "carrier threads run", "stopped", "idle"} {
		if strings.Contains(txt, w) {
			return true
		}
	}
	return false
}

// Over lanes too low for words, the count line does not say again what
// the carriers' title says, and does say what the title leaves unsaid (a
// blog's embed once had "carriers (OS threads)" and neither): in a blog's embeds (playing, about 500 × 300)
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
				panelDrawn := carriersTitle.MatchString(txt)
				if panelDrawn && !saysCarriersState(txt) {
					assert.Fail(t, "the carriers' state unsaid", "%s at %v × %v:\n%s", c.spec, w, h, txt)
					twice++
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

// An empty queue is said once, at its title's end: "waiting for a
// carrier · none" had "none waiting" under it in a blog's embed.
func TestEmptyQueueSaidOnce(t *testing.T) {
	p := pausedAt(t, `{"scenario":"request-load","case":"virtual-per-request","seed":1}`, sim.Time(125*sim.Millisecond))
	require.Zero(t, p.Inputs(nil)[0].Snap.RunQueueLen, "the premise: no thread waits for a carrier")
	for _, size := range [][2]float32{{500, 300}, {640, 400}, {1134, 638}} {
		var l view.List
		hdr := p.Header()
		hdr.Running = true
		view.Build(&l, size[0], size[1], &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
		txt := frameText(&l)
		require.Regexp(t, `(\nnone\n(virtual threads )?waiting for a carrier\n|\nnone waiting( for a carrier)?\n)`, txt, "the premise at %v: the queue drawn", size)
		said := 0
		for _, line := range strings.Split(txt, "\n") {
			if line == "none" || strings.HasPrefix(line, "none waiting") {
				said++
			}
		}
		assert.Equal(t, 1, said, "%v:\n%s", size, txt)
	}
}
