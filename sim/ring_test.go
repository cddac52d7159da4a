package sim

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A ring that grows while its elements wrap around the end of the buffer
// keeps their order, and a lane-sized element type works like an index.
func TestRingGrowsWhileWrapped(t *testing.T) {
	var r ring[event]
	next, want := 0, 0
	for round := 0; round < 6; round++ {
		// Push more than is popped each round so the ring grows from a
		// wrapped position: head moves forward, the tail wraps behind it.
		for i := 0; i < 11+round*7; i++ {
			r.push(event{a: int32(next)})
			next++
		}
		for i := 0; i < 9; i++ {
			require.Equal(t, int32(want), r.front().a)
			require.Equal(t, int32(want), r.pop().a)
			want++
		}
		require.Equal(t, next-want, r.len())
		require.Zero(t, len(r.buf)&(len(r.buf)-1), "capacity %d is a power of two", len(r.buf))
	}
	c := r.clone()
	c.buf[c.head].a = -1
	require.Equal(t, int32(want), r.front().a, "a clone shares no memory")
}
