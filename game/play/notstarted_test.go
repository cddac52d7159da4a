package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// A batch of threads says how many are not started yet beside how many
// have finished: "threads finished 0 of 10,000" over 1,290 parked threads
// left a newcomer asking where the other 8,710 were.
func TestHeaderCountsThreadsNotStarted(t *testing.T) {
	for _, c := range []string{"virtual-per-request", "platform-per-request"} {
		p := pausedAt(t, `{"scenario":"request-load","case":"`+c+`","seed":1}`, sim.Time(7080*sim.Microsecond))
		s := p.Inputs(nil)[0].Snap
		started := s.VirtualLive + s.PlatformApp
		require.Positive(t, started, "%s: the premise: threads started", c)
		want := view.Count(10000-s.RequestsDone-int64(started)) + " not started yet"
		assert.Contains(t, frameText(desktopFrame(p)), want, c)
	}
}
