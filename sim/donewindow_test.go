package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The window's count is the requests done from the start of the tenth of a
// second a second before now's, checked against the times themselves:
// requests at random times (bursts, and gaps of several seconds in which
// the window empties), asked at random moments.
func TestDoneWindowCountsTheLastSecond(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var w doneWindow
	var times []Time
	now := Time(0)
	for range 20000 {
		switch rng.IntN(50) {
		case 0:
			now = now.Add(Duration(rng.Int64N(int64(3 * Second)))) // a gap
		default:
			now = now.Add(Duration(rng.Int64N(int64(3 * Millisecond))))
		}
		for range rng.IntN(3) {
			w.add(now, int64(len(times)))
			times = append(times, now)
		}
		ask := now.Add(Duration(rng.Int64N(int64(150 * Millisecond))))
		done, span := w.lately(ask, int64(len(times)))
		from := Time(int64(ask) / int64(doneTenth) * int64(doneTenth)).Add(-Second)
		if from < 0 {
			from = 0
		}
		var want int64
		for _, at := range times {
			if at >= from && at <= ask {
				want++
			}
		}
		require.Equal(t, want, done, "requests done from %v to %v", from, ask)
		require.Equal(t, ask.Sub(from), span)
		require.True(t, span >= Second || from == 0, "a window of %v after the run's first second", span)
	}
}
