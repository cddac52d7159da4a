package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The snapshot splits the time stopped by kind of pause: the picture draws
// the young collections' many short pauses and the Full GCs' few long ones
// as two parts of a run's time stopped ("why 15 % from young GCs alone?").
// A pause that extends the one in progress keeps its start.
func TestSnapshotSplitsPausesByKind(t *testing.T) {
	s := youngSim(t, 7)
	s.now = Time(10 * Millisecond)
	s.stopTheWorld(2*Millisecond, false)
	s.now = Time(20 * Millisecond)
	s.stopTheWorld(3*Millisecond, false)
	s.stopTheWorld(40*Millisecond, true) // a Full GC after its young one, in one pause
	var snap Snapshot
	s.Fill(&snap)
	assert.Equal(t, int64(3), snap.GCPauses)
	assert.Equal(t, int64(1), snap.FullPauses)
	assert.Equal(t, 45*Millisecond, snap.GCPauseTotal)
	assert.Equal(t, 40*Millisecond, snap.FullPauseTotal)
	assert.Equal(t, Time(20*Millisecond), snap.PauseStart, "the pause in progress began with its young collection")
	assert.Equal(t, Time(63*Millisecond), snap.PauseEnd)
}

// A pause's event is stamped with the pause's start, as its young or Full
// collection's is; one that extends the pause in progress starts where that
// one ends. (It had carried the pause's end: gc-lab's first GC, 131 to 142
// ms, was said to be "at 142 ms".)
func TestPauseEventStampedWithItsStart(t *testing.T) {
	s := youngSim(t, 7)
	s.Record(64)
	s.now = Time(10 * Millisecond)
	s.stopTheWorld(2*Millisecond, false)
	s.now = Time(20 * Millisecond)
	s.stopTheWorld(3*Millisecond, false)
	s.stopTheWorld(40*Millisecond, true)
	evs, _ := s.DrainEvents(nil)
	var at []Time
	var lens []Duration
	for _, e := range evs {
		if e.Kind == EvGCPause {
			at, lens = append(at, e.At), append(lens, Duration(e.A))
		}
	}
	assert.Equal(t, []Time{Time(10 * Millisecond), Time(20 * Millisecond), Time(23 * Millisecond)}, at)
	assert.Equal(t, []Duration{2 * Millisecond, 3 * Millisecond, 40 * Millisecond}, lens)
}
