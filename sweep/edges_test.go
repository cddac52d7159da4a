package sweep

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A range's limits are allowed at their ends (64 points), a knob's name
// and range are both needed around the "=" or ":", the refusal of an
// unknown knob lists the float knobs as well as the integer ones, and a
// float knob's point keeps its fraction in the --set text.
func TestRangeEdges(t *testing.T) {
	vt := mustScenario(t, "vt-pooling")
	r, err := ParseRange(vt, "heap_mb=512:4096:64")
	require.NoError(t, err)
	assert.Len(t, r.Points(), 64)
	for _, text := range []string{"=512:4096:8", ":512:4096:8", "heap_mb=", "heap_mb:"} {
		_, err := ParseRange(vt, text)
		require.Error(t, err, text)
		assert.Contains(t, err.Error(), "expected KNOB=LO:HI:N", text)
	}
	_, err = ParseRange(vt, "hep=1:2:3")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "backend_ms", "a float knob is numeric too")
	r, err = ParseRange(vt, "backend_ms=0:1:3")
	require.NoError(t, err)
	assert.Equal(t, "0.5", r.Text(0.5))
	r, err = ParseRange(vt, "heap_mb=64:128:2")
	require.NoError(t, err)
	assert.Equal(t, "96", r.Text(96.4), "an integer knob's point is whole")
}
