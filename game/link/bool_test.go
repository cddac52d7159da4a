package link

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/sim/scenario"
)

// A yes/no value means the same in a link as on the command line: a knob
// (pin) and a page switch (present) take exactly the words
// scenario.ParseBool takes, and a refusal says what is allowed.
func TestLinkBooleansAgreeWithTheCommandLine(t *testing.T) {
	for _, word := range []string{"true", "false", "yes", "no", "on", "off", "1", "0", "TRUE", "Yes", "maybe", "2", "y"} {
		want, ok := scenario.ParseBool(word)
		l, errs := Parse("scenario=request-load&case=pool-200&pin=" + word + "&present=" + word)
		if !ok {
			assert.Len(t, errs, 2, "%q is refused for the knob and the switch", word)
			for _, e := range errs {
				assert.Contains(t, e.Error(), scenario.BoolAllowed, word)
			}
			assert.NotContains(t, l.Spec.Knobs, "pin", word)
			continue
		}
		assert.Empty(t, errs, word)
		assert.Equal(t, word, l.Spec.Knobs["pin"], word)
		assert.Equal(t, want, l.Present, word)
	}
}
