package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// vt-pooling's pair names both rows as runs: "(this run)" on the page's
// run as "(other run)" on the compared one (a reader could not tell which
// row was the run the page plays).
func TestPoolingPairNamesBothRuns(t *testing.T) {
	words := poolingPairFirstScreen(t)
	assert.Regexp(t, `\n10,000 pooled virtual threads \(this run\)\n`, words)
	assert.Regexp(t, `\na virtual thread per request \((other|separate) run[^)]*\)\n`, words)
}
