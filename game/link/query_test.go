package link

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A link says only what differs from the defaults: a bare scenario is
// its one parameter, a sweep without sides or metrics no empty lists.
// (Each empty part written as "compare=", "t=0", "lock=" or "sweep_side="
// would be read back as a part that is there.)
func TestQueryLeavesOutWhatIsDefault(t *testing.T) {
	l := Link{}
	l.Spec.Scenario, l.Spec.Seed = "vt-pooling", 1
	assert.Equal(t, "scenario=vt-pooling", l.Query())
	l.Sweep = "heap_mb:512:4096:8"
	assert.Equal(t, "scenario=vt-pooling&sweep=heap_mb%3A512%3A4096%3A8", l.Query())
}

// Speeds and start times keep every digit they were given: a speed of 2.5
// is not "2" or "3" after a round trip.
func TestQueryKeepsFractions(t *testing.T) {
	l, errs := Parse("scenario=vt-pooling&speed=2.5&t=0.125")
	require.Empty(t, errs)
	assert.Contains(t, l.Query(), "&speed=2.5&")
	assert.Contains(t, l.Query(), "&t=0.125")
}

// The ranges' ends are allowed where the messages say so: a start time
// from 0 to 86400 s, a speed above 0 and at most 1000.
func TestNumbersAtTheirRangesEnds(t *testing.T) {
	for _, c := range []struct {
		query string
		ok    bool
	}{
		{"t=0", true}, {"t=86400", true}, {"t=86400.5", false}, {"t=-0.5", false},
		{"speed=1000", true}, {"speed=1000.5", false}, {"speed=0", false},
	} {
		_, errs := Parse("scenario=vt-pooling&" + c.query)
		assert.Equal(t, c.ok, len(errs) == 0, "%s: %v", c.query, errs)
	}
}

// At most three cases are compared side by side: three are kept, a
// fourth refuses the list.
func TestCompareAtMostThree(t *testing.T) {
	l, errs := Parse("scenario=vt-pooling&compare=4g-pool,4g-nopool,1g-pool")
	require.Empty(t, errs)
	assert.Len(t, l.Spec.Compare, 3)
	l, errs = Parse("scenario=vt-pooling&compare=4g-pool,4g-nopool,1g-pool,1g-nopool")
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Error(), "at most 3 can be shown side by side")
	assert.Empty(t, l.Spec.Compare)
}
