package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// Two compared runs stacked on a phone (the page's frame is 1:2 then:
// web/style.css, 356 CSS pixels wide at device scale 2) each name their
// heap's rows: eden and the old generation. Shared by weight, the run
// with the longer caption drew its rows too thin for their words.
func TestPhoneComparedSidesNameTheirHeapRows(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"vt-pooling","case":"1g-nopool","compare":["1g-nopool","1g-pool"],"seed":1}`)
	p.Pause()
	_, err := p.Seek(sim.Time(5*sim.Millisecond), 1<<30)
	require.NoError(t, err)
	p.SyncContrast(1 << 30)
	var l view.List
	hdr := p.Header()
	view.Build(&l, 712, 1424, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{Scale: 2})
	count := func(prefix string) int {
		n := 0
		for _, it := range l.Items {
			if it.Kind == view.KindText && strings.HasPrefix(it.Text, prefix) {
				n++
			}
		}
		return n
	}
	assert.Equal(t, 2, count("heap 1.00 GB"), "each run has its heap panel")
	assert.Equal(t, 2, count("eden "), "each run's eden is named")
	assert.Equal(t, 2, count("old generation"), "each run's old generation is named")
	// The pooled run's two queues say what waits in each, a line each
	// ("8,974 queued" beside "8,974 waiting" in half the width did not).
	assert.Equal(t, 1, count("8,974 queued, each for a pool thread"), "the tasks' queue line")
	assert.Equal(t, 1, count("8,974 pool threads, one per queued request"), "the threads' queue line")
	// A parked panel folded to its line says "parked" once: its count
	// in the title, its scale beside it.
	for _, it := range l.Items {
		if it.Kind == view.KindText {
			assert.NotContains(t, it.Text, " parked · 1 square", "the count and the scale beside a title \"parked\"")
		}
	}
}
