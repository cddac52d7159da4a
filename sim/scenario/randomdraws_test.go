package scenario

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/require"
)

// A run that says it drew nothing at random gives the same events and
// metrics with another seed (what `loomsim run` and a sweep then tell
// their reader), and one that drew says so: with the seed changed, its
// run differs. Every case, for its first half virtual second.
func TestDrewAtRandomTellsWhetherTheSeedMatters(t *testing.T) {
	drew, not := 0, 0
	for _, s := range All() {
		for _, c := range s.Cases {
			run := func(seed uint64) (*sim.Sim, sim.Metrics) {
				sm, _, err := s.NewSim(c.ID, nil, seed)
				require.NoError(t, err)
				sm.Advance(sim.Time(500*sim.Millisecond), 1<<40)
				return sm, sm.Metrics()
			}
			a, ma := run(1)
			_, mb := run(2)
			if a.DrewAtRandom() {
				drew++
				require.NotEqual(t, ma, mb, "%s/%s drew at random, yet seeds 1 and 2 ran alike", s.ID, c.ID)
			} else {
				not++
				require.Equal(t, ma, mb, "%s/%s drew nothing at random, yet seeds 1 and 2 differ", s.ID, c.ID)
			}
		}
	}
	// The premise: both kinds are among the cases.
	require.Positive(t, drew, "a case that draws at random")
	require.Positive(t, not, "a case that draws nothing at random")
}
