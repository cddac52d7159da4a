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
	var l view.List
	hdr := p.Header()
	// The page's picture for this story in a 1200 × 1000 window.
	view.Build(&l, 1134, 607, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
	var track *view.Region
	for _, r := range l.Regions() {
		if r.Name == "the whole heap" {
			track = &r
		}
	}
	require.NotNil(t, track, "a track for the whole heap above the bar")
	var bracket, share *view.Item
	for i := range l.Items {
		it := &l.Items[i]
		if it.Kind == view.KindText && strings.HasSuffix(it.Text, " in use enlarged, by kind") {
			bracket = it
		}
		if it.Kind == view.KindText && strings.HasPrefix(it.Text, "~") && strings.HasSuffix(it.Text, " a thread") {
			share = it
		}
	}
	require.NotNil(t, bracket, "the bar says it is the sliver enlarged")
	require.NotNil(t, share)
	assert.Less(t, track.R.Bottom(), bracket.Y)
	parts := false
	for _, it := range l.Items {
		if it.Kind == view.KindText && it.Y == share.Y && strings.HasPrefix(it.Text, "= Thread object") {
			parts = true
		}
	}
	assert.True(t, parts, "the share's parts on its line")
}
