package scenario

import (
	"regexp"
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

// A knob whose help gives 0 a meaning of its own ("0: no flag", "(0 =
// unlimited") says what in ZeroMeans, so that a sweep does not draw that
// setting as a point on the knob's axis (sweep.ParseRange) and its refusal
// can say what 0 runs; and a knob with ZeroMeans says it in its help too.
func TestKnobsWhoseZeroSetsNothingAreMarked(t *testing.T) {
	zeroMeans := regexp.MustCompile(`(^|[ (])0( =|:)`)
	for _, s := range All() {
		for _, k := range s.Knobs {
			assert.Equal(t, zeroMeans.MatchString(k.Help), k.ZeroMeans != "", "%s's knob %s: %q", s.ID, k.Name, k.Help)
		}
	}
}
