package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every knob says what it means: `loomsim params` prints it in its
// meaning column, and a stranger found that column empty for vt-pooling's
// pool_size, cores, warmup_s and measure_s.
func TestEveryKnobSaysWhatItMeans(t *testing.T) {
	for _, s := range All() {
		for _, k := range s.Knobs {
			assert.NotEmpty(t, k.Help, "%s's knob %s", s.ID, k.Name)
		}
	}
}
