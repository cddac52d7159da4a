package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
)

// llm-router's heap panel is low (the races' table takes most of the
// frame): its bar of the bytes in use, full width under "of 2.00 GB" with
// no track of the whole heap above it, read as a full heap. There the
// thread's share and its parts go on one line and the bar keeps its least
// height, so the track and the bar's "enlarged" bracket fit.
func TestRouterHeapBarHasTheWholeHeapsTrack(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"llm-router","case":"virtual","seed":1}`, true)
	hdr := p.Header()
	// The page's picture for this story in a 1200 × 1000 window is 607
	// high; other windows give it other heights. At each, the bar says
	// what it is, and from 600 up the whole heap's track is over it.
	for h := float32(560); h <= 760; h += 10 {
		var l view.List
		view.Build(&l, 1134, h, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
		var track *view.Region
		for _, r := range l.Regions() {
			if r.Name == "the whole heap" {
				track = &r
			}
		}
		var bracket, plain, share *view.Item
		for i := range l.Items {
			it := &l.Items[i]
			switch {
			case it.Kind != view.KindText:
			case strings.HasSuffix(it.Text, " in use enlarged, by kind"):
				bracket = it
			case strings.HasSuffix(it.Text, " in use, by kind"):
				plain = it
			case strings.HasPrefix(it.Text, "~") && strings.HasSuffix(it.Text, " a thread"):
				share = it
			}
		}
		if h >= 600 {
			require.NotNil(t, track, "%v: a track for the whole heap above the bar", h)
		}
		if track == nil {
			assert.NotNil(t, plain, "%v: the bar says what it is", h)
			continue
		}
		require.NotNil(t, bracket, "%v: under the track, the bar says it is the sliver enlarged (on a bracket or on itself)", h)
		assert.Less(t, track.R.Bottom(), bracket.Y, "%v", h)
		require.NotNil(t, share, "%v", h)
		parts := false
		for _, it := range l.Items {
			if it.Kind == view.KindText && it.Y >= share.Y && strings.HasPrefix(it.Text, "= Thread object") {
				parts = true
			}
		}
		assert.True(t, parts, "%v: the share's parts, on its line or under it", h)
	}
}
