package sim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// waitsInTurns serves a run queue of n threads turn by turn, each thread
// going back into the queue after its turn, and returns how many turns
// each of the last rounds' threads waited in the queue.
func waitsInTurns(random bool, n, turns int) []float64 {
	s := &Sim{cfg: Config{Machine: Machine{RandomRunQueue: random}}}
	s.pcg = rand.NewPCG(1, 2)
	s.rng = rand.New(s.pcg)
	since := make([]int, n)
	for i := range n {
		s.runq.push(int32(i))
	}
	var waits []float64
	for turn := range turns {
		ti := s.nextRunnable()
		if turn >= n { // after every thread has had its first turn
			waits = append(waits, float64(turn-since[ti]))
		}
		since[ti] = turn + 1
		s.runq.push(ti)
	}
	return waits
}

// In order, a thousand threads on one core each wait exactly as long as
// the others between turns, so they progress in step. Taken at random, a
// wait is geometric with the same mean (the queue's length), spread as the
// twin's waits per wake-up were: many short, a tenth over twice the mean.
func TestRunQueueInOrderOrAtRandom(t *testing.T) {
	const n = 1000
	inOrder := waitsInTurns(false, n, 20*n)
	for _, w := range inOrder {
		if w != n-1 {
			t.Fatalf("in order a thread waits %v turns, want %d", w, n-1)
		}
	}
	waits := waitsInTurns(true, n, 200*n)
	var sum float64
	for _, w := range waits {
		sum += w
	}
	mean := sum / float64(len(waits))
	slices.Sort(waits)
	at := func(p float64) float64 { return waits[int(p*float64(len(waits)))] }
	assert.InEpsilon(t, n-1, mean, 0.05, "the mean wait is the queue's length either way")
	assert.Less(t, at(0.25), 0.35*mean, "a quarter of the waits are short")
	assert.Greater(t, at(0.9), 2*mean, "a tenth wait more than twice the mean")
}
