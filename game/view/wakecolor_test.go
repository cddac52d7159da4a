package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// A platform thread's wake flies in the platform colour: gc-lab's sleepers
// waking as blue tokens put "virtual thread" in the legend of a run that
// has none. A virtual thread's wake stays blue.
func TestWakeFliesInItsThreadsColour(t *testing.T) {
	snap := &sim.Snapshot{Time: sim.Time(sim.Millisecond), Cores: 2, PlatformApp: 40}
	snap.Parked[sim.ParkSleep] = []sim.ThreadID{30, 31, 32}
	snap.ParkedCount[sim.ParkSleep] = 3
	flown := func(virtual bool) meaningSet {
		a := int64(0)
		if virtual {
			a = 1
		}
		s := NewSide()
		s.Tick(snap, nil, true)
		s.Tick(snap, []sim.Event{{Kind: sim.EvUnpark, Thread: 31, A: a}}, true)
		require.Equal(t, 1, s.Flights())
		var l List
		Build(&l, 1200, 800, &Header{}, []*Side{s}, []SideInput{input("x", snap, false)}, nil)
		for i := 0; i < 10; i++ { // a quarter of the way, clear of the groups' words
			s.Tick(snap, nil, true)
		}
		l = List{}
		Build(&l, 1200, 800, &Header{}, []*Side{s}, []SideInput{input("x", snap, false)}, nil)
		trails := 0
		for _, it := range l.Items {
			if it.Kind == KindLine {
				trails++
			}
		}
		require.Positive(t, trails, "the flight is drawn")
		return l.used
	}
	platform := flown(false)
	assert.Zero(t, platform&(1<<MeanVirtual), "no blue token for a platform thread")
	assert.NotZero(t, platform&(1<<MeanPlatform))
	assert.NotZero(t, flown(true)&(1<<MeanVirtual), "a virtual thread's token is blue")
}
