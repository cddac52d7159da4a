package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// poolingPairFirstScreen is the words of vt-pooling's first screen (its
// default case held at its moment) with the compared run caught up and
// drawn beside it.
func poolingPairFirstScreen(t *testing.T) string {
	t.Helper()
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	p.SyncContrast(1 << 30)
	l := desktopFrame(p)
	assert.True(t, l.ContrastDrawn(), "the premise: the compared run is drawn")
	return frameText(l)
}

// vt-pooling's opening draws its 10,000 live virtual threads as a hundred
// squares beside the compared run: the square's worth is said there too
// (a reader counted the squares against "10,000" and asked what one is).
func TestPoolingLiveThreadsSayTheSquaresWorth(t *testing.T) {
	words := poolingPairFirstScreen(t)
	assert.Contains(t, words, "\n10,000 live virtual threads\n")
	assert.Contains(t, words, "\n1 square = 100 threads\n")
}
