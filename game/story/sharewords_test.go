package story

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each word is a lower bound of the share it says: a reader sets it
// against a percentage drawn beside it.
func TestShareWordsAreLowerBounds(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string
	}{
		{0.5, "half"}, {0.52, "over half"}, {0.65, "over half"}, {2.0 / 3, "over two thirds"},
		{0.74, "over two thirds"}, {0.75, "over three quarters"}, {0.89, "over three quarters"},
		{0.9, "nearly all"}, {0.99, "nearly all"}, {1, "all"},
	} {
		assert.Equal(t, c.want, shareWords(c.f), "%v", c.f)
	}
}
