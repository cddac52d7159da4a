package scenario

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLinkRoundTrip(t *testing.T) {
	l, errs := ParseLink("?scenario=vt-pooling&case=1g-pool&heap_mb=2048&pool=true&seed=9&speed=0.01&compare=1g-nopool,1g-pool&theme=high-contrast")
	require.Empty(t, errs)
	assert.Equal(t, "vt-pooling", l.Spec.Scenario)
	assert.Equal(t, "1g-pool", l.Spec.Case)
	assert.Equal(t, map[string]string{"heap_mb": "2048", "pool": "true"}, l.Spec.Knobs)
	assert.Equal(t, uint64(9), l.Spec.Seed)
	assert.Equal(t, 0.01, l.Speed)
	assert.Equal(t, []string{"1g-nopool", "1g-pool"}, l.Spec.Compare)
	back, errs := ParseLink(l.Query())
	require.Empty(t, errs)
	assert.Equal(t, l, back)
}

func TestParseLinkBadValuesFallBack(t *testing.T) {
	l, errs := ParseLink("scenario=request-load&case=pool-200&pool_size=abc&requests=500&cores=0&nonsense=1&speed=-3")
	assert.Equal(t, "request-load", l.Spec.Scenario)
	assert.Equal(t, map[string]string{"requests": "500"}, l.Spec.Knobs, "good knobs survive, bad ones fall back")
	text := ""
	for _, e := range errs {
		text += e.Error() + "\n"
	}
	assert.Contains(t, text, `pool_size="abc"`)
	assert.Contains(t, text, "an integer from 1 to 10000")
	assert.Contains(t, text, "using the default 200", "pool-200 does not set pool_size")
	_, errs = ParseLink("scenario=request-load&case=pool-200&executor=nope")
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Error(), "using the case's pool")
	assert.Contains(t, text, `cores="0"`)
	assert.Contains(t, text, `no knob "nonsense"`)
	assert.Contains(t, text, `speed="-3"`)
	for _, e := range errs {
		assert.NotContains(t, e.Error(), "\n", "one line per message")
	}
}

func TestParseLinkUnknownScenario(t *testing.T) {
	l, errs := ParseLink("scenario=nope")
	assert.Empty(t, l.Spec.Scenario)
	require.Len(t, errs, 1)
	assert.True(t, strings.Contains(errs[0].Error(), "vt-pooling"))
	_, errs = ParseLink("")
	require.Len(t, errs, 1)
}

func TestParseLinkEmbedAndClassroom(t *testing.T) {
	l, errs := ParseLink("#scenario=llm-router&controls=minimal&autoplay=visible&t=2.5&loop=1&exercise=x1&lock=executor,pool_size")
	require.Empty(t, errs)
	assert.Equal(t, "minimal", l.Controls)
	assert.Equal(t, "visible", l.Autoplay)
	assert.Equal(t, 2.5, l.T)
	assert.True(t, l.Loop)
	assert.Equal(t, []string{"executor", "pool_size"}, l.Lock)
	_, errs = ParseLink("scenario=llm-router&controls=huge&lock=nothing")
	assert.Len(t, errs, 2)
}
