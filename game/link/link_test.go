package link

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLinkRoundTrip(t *testing.T) {
	l, errs := Parse("?scenario=vt-pooling&case=1g-pool&heap_mb=2048&pool=true&seed=9&speed=0.01&compare=1g-nopool,1g-pool&theme=high-contrast")
	require.Empty(t, errs)
	assert.Equal(t, "vt-pooling", l.Spec.Scenario)
	assert.Equal(t, "1g-pool", l.Spec.Case)
	assert.Equal(t, map[string]string{"heap_mb": "2048", "pool": "true"}, l.Spec.Knobs)
	assert.Equal(t, uint64(9), l.Spec.Seed)
	assert.Equal(t, 0.01, l.Speed)
	assert.Equal(t, []string{"1g-nopool", "1g-pool"}, l.Spec.Compare)
	back, errs := Parse(l.Query())
	require.Empty(t, errs)
	assert.Equal(t, l, back)
}

func TestParseLinkBadValuesFallBack(t *testing.T) {
	l, errs := Parse("scenario=request-load&case=pool-200&pool_size=abc&requests=500&cores=0&nonsense=1&speed=-3")
	assert.Equal(t, "request-load", l.Spec.Scenario)
	assert.Equal(t, map[string]string{"requests": "500"}, l.Spec.Knobs, "good knobs survive, bad ones fall back")
	text := ""
	for _, e := range errs {
		text += e.Error() + "\n"
	}
	assert.Contains(t, text, `pool_size="abc"`)
	assert.Contains(t, text, "an integer from 1 to 10000")
	assert.Contains(t, text, "using the default 200", "pool-200 does not set pool_size")
	_, errs = Parse("scenario=request-load&case=pool-200&executor=nope")
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
	l, errs := Parse("scenario=nope")
	assert.Empty(t, l.Spec.Scenario)
	require.Len(t, errs, 1)
	assert.True(t, strings.Contains(errs[0].Error(), "vt-pooling"))
	_, errs = Parse("")
	require.Len(t, errs, 1)
}

func TestParseLinkEmbedAndClassroom(t *testing.T) {
	l, errs := Parse("#scenario=llm-router&controls=minimal&autoplay=visible&t=2.5&loop=1&exercise=x1&lock=executor,pool_size")
	require.Empty(t, errs)
	assert.Equal(t, "minimal", l.Controls)
	assert.Equal(t, "visible", l.Autoplay)
	assert.Equal(t, 2.5, l.T)
	assert.True(t, l.Loop)
	assert.Equal(t, []string{"executor", "pool_size"}, l.Lock)
	assert.False(t, l.Tour)
	_, errs = Parse("scenario=llm-router&controls=huge&lock=nothing")
	assert.Len(t, errs, 2)
}

// tour=1 starts an embed in tour mode; it survives a round trip, and a
// value that is not a boolean is refused by name.
func TestParseLinkTour(t *testing.T) {
	l, errs := Parse("scenario=vt-pooling&case=1g-pool&controls=minimal&tour=1")
	require.Empty(t, errs)
	assert.True(t, l.Tour)
	q := l.Query()
	assert.Contains(t, q, "tour=1")
	again, errs := Parse(q)
	require.Empty(t, errs)
	assert.Equal(t, l, again)
	l, errs = Parse("scenario=vt-pooling&tour=maybe")
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Error(), `tour="maybe"`)
	assert.False(t, l.Tour)
}

// A link naming only an exercise has no scenario to load: the classroom is
// not linked into the page's canvas, so the page adds the scenario first.
func TestParseLinkNamingOnlyAnExerciseAsksForTheScenario(t *testing.T) {
	l, errs := Parse("exercise=load-pool-threads&lock=all")
	assert.Empty(t, l.Spec.Scenario)
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Error(), "scenario is missing")
	l, errs = Parse("scenario=request-load&exercise=load-pool-threads&lock=all")
	require.Empty(t, errs)
	assert.Equal(t, "load-pool-threads", l.Exercise)
	assert.Equal(t, []string{"all"}, l.Lock)
}

func TestParseLinkRefusesNotANumberStartTime(t *testing.T) {
	l, errs := Parse("scenario=request-load&t=NaN&speed=0")
	require.Len(t, errs, 2)
	assert.Contains(t, errs[0].Error(), `speed="0"`)
	assert.Contains(t, errs[1].Error(), `t="NaN"`)
	assert.Zero(t, l.T)
}

// A model fitted to a GC log travels as gc-lab's knobs plus the what-if; bad pairs are reported one by
// one and left out, and the what-if belongs to gc-lab only.
func TestParseLinkWhatIf(t *testing.T) {
	l, errs := Parse("scenario=gc-lab&heap_mb=128&threads=1100&whatif=threads:500,heap_mb:256,gc:g1")
	require.Empty(t, errs)
	assert.Equal(t, map[string]string{"heap_mb": "256", "gc": "g1", "threads": "500"}, l.WhatIf)
	assert.Equal(t, "128", l.Spec.Knobs["heap_mb"], "the link's knobs stay the fitted ones")
	assert.Contains(t, l.Query(), "whatif=gc%3Ag1%2Cheap_mb%3A256%2Cthreads%3A500")
	back, errs := Parse(l.Query())
	require.Empty(t, errs)
	assert.Equal(t, l, back)

	l, errs = Parse("scenario=gc-lab&whatif=heap_mb:8,gc:zgc,cache_max_kb:9,threads,state:fresh,state:pooled")
	assert.Equal(t, map[string]string{"state": "fresh"}, l.WhatIf)
	var msgs []string
	for _, e := range errs {
		msgs = append(msgs, e.Error())
	}
	assert.Len(t, msgs, 5, "%q", msgs)
	assert.Contains(t, msgs[0], `whatif: heap_mb="8" is not allowed`)
	assert.Contains(t, msgs[2], "a what-if changes only heap_mb, gc, state, threads")
	assert.Contains(t, msgs[3], `"threads" is not KNOB:VALUE`)
	assert.Contains(t, msgs[4], "state is given twice")

	l, errs = Parse("scenario=vt-basics&whatif=heap_mb:256")
	assert.Nil(t, l.WhatIf)
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Error(), "belongs to gc-lab")
}
