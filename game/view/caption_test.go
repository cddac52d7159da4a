package view

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The compared run's pause follows the step where the pair is drawn as
// columns, and on a phone only where it adds no line: the phone's extra
// line cost vt-pooling's pair its rows, and its reader saw one run under
// "two runs".
func TestStepOtherRunNeverCostsThePhonesPair(t *testing.T) {
	in := SideInput{Step: "Step in the run of 10,000 pooled virtual threads: A young GC began: that run's Java threads stop for 11.3 ms.",
		StepOther: "The other run is in a young GC too, of 5.9 ms."}
	wide := stepLines(1134, &in, 1)
	assert.Contains(t, strings.Join(wide, " "), in.StepOther, "a desktop's columns: said")
	narrow := stepLines(phoneCanvas[0], &in, phoneCanvas[2])
	alone := stepLines(phoneCanvas[0], &SideInput{Step: in.Step}, phoneCanvas[2])
	assert.Len(t, narrow, len(alone), "a phone: no line more than the step's own")
	short := SideInput{Step: "Step: A young GC began.", StepOther: "The other run too."}
	assert.Contains(t, strings.Join(stepLines(phoneCanvas[0], &short, phoneCanvas[2]), " "), short.StepOther, "a phone: said where it adds no line")
}
