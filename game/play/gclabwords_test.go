package play

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/sim"
)

// gc-lab's main starts its 1,000 workers one after another over the first
// few hundred ms: while it does, the caption counts them as a part of the
// case's 1,000 ("633 platform threads" under "1,000 pooled workers" read
// as a miscount), and once all run, as they are.
func TestGCLabCaptionCountsTheWorkersStarted(t *testing.T) {
	early := frameText(desktopFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(142*sim.Millisecond))))
	assert.Regexp(t, `\n[0-9,]+ of the 1,000 platform threads started so far, each its own OS thread, on 2 CPUs`, early)
	later := frameText(desktopFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(2*sim.Second))))
	assert.Regexp(t, `\n1,00[0-9] platform threads, each its own OS thread`, later)
	assert.NotContains(t, later, "started so far")
}
