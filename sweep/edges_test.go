package sweep

import (
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"

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

// A knob whose 0 means "not set" (no -XX:NewRatio, the JVM's default heap)
// cannot start a range at 0: that point is another setting, not a value on
// the axis. The refusal says so and suggests a range from 1. Such a knob
// sweeps from 1, and a knob whose 0 is a value (backend_ms) from 0.
func TestRangeRefusesTheUnsetZero(t *testing.T) {
	for _, c := range []struct{ scenario, text, example string }{
		{"gc-lab", "new_ratio=0:4:5", "new_ratio=1:4:4"},
		{"vt-pooling", "new_ratio=0:16:8", "new_ratio=1:16:8"},
		{"loom-carrier", "heap_mb=0:4096:8", "heap_mb=1:4096:8"},
		{"loom-carrier", "container_mb=0:1:2", ""},
		{"gc-lab", "requests=0:1000:3", "requests=1:1000:3"},
	} {
		_, err := ParseRange(mustScenario(t, c.scenario), c.text)
		require.Error(t, err, c.text)
		assert.Contains(t, err.Error(), "0 means no", c.text)
		// The command line runs the default alone with loomsim; the page,
		// which has none, from its setup form.
		knob, _, _ := strings.Cut(c.text, "=")
		assert.True(t, strings.HasSuffix(err.Error(), ", and run the default alone: loomsim run "+c.scenario+" --set "+knob+"=0"), err.Error())
		page := ForThePage(err).Error()
		assert.True(t, strings.HasSuffix(page, ", and see the default alone: set "+knob+" to 0 in the setup form and press Apply (Run to the end gives its numbers)"), page)
		assert.Equal(t, strings.TrimSuffix(err.Error(), ", and run the default alone: loomsim run "+c.scenario+" --set "+knob+"=0"),
			strings.TrimSuffix(page, ", and see the default alone: set "+knob+" to 0 in the setup form and press Apply (Run to the end gives its numbers)"), "the same refusal before the hint")
		if c.example != "" {
			assert.Contains(t, err.Error(), "(e.g. "+c.example, c.text)
		} else {
			assert.NotContains(t, err.Error(), "e.g.", "%s: no range from 1 to 1 to suggest", c.text)
		}
	}
	r, err := ParseRange(mustScenario(t, "gc-lab"), "new_ratio=1:4:4")
	require.NoError(t, err)
	assert.Equal(t, []float64{1, 2, 3, 4}, r.Points())
	_, err = ParseRange(mustScenario(t, "vt-pooling"), "backend_ms=0:30:4")
	require.NoError(t, err, "backend_ms's 0 is a value: no backend wait")
	// Other refusals read the same on the page.
	_, err = ParseRange(mustScenario(t, "gc-lab"), "new_ratio=4:1:4")
	require.Error(t, err)
	assert.Equal(t, err, ForThePage(err))
	assert.NoError(t, ForThePage(nil))
}

// A knob's sweep hint (what the page proposes when the case leaves a
// "not set" 0) is a range the sweep accepts, and only such knobs have one.
func TestSweepHintsAreRangesTheSweepAccepts(t *testing.T) {
	n := 0
	for _, sc := range scenario.All() {
		for _, k := range sc.Knobs {
			if k.SweepHint == "" {
				continue
			}
			n++
			assert.NotEmpty(t, k.ZeroMeans, "%s's %s has a sweep hint but its 0 is a value", sc.ID, k.Name)
			_, err := ParseRange(sc, k.Name+"="+k.SweepHint)
			assert.NoError(t, err, "%s's %s", sc.ID, k.Name)
		}
	}
	assert.Positive(t, n, "some knob has a hint")
}
