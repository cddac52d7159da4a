package link

import (
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sweep"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSweepLinkRoundTrip(t *testing.T) {
	l, errs := Parse("scenario=vt-pooling&case=1g-pool&seed=4&cores=4&sweep=heap_mb:512:4096:8&sweep_side=pool=true|pool=false&sweep_metric=throughput_rps,full_gcs")
	require.Empty(t, errs)
	assert.Equal(t, "heap_mb:512:4096:8", l.Sweep)
	assert.Equal(t, []string{"pool=true", "pool=false"}, l.SweepSides)
	assert.Equal(t, []string{"throughput_rps", "full_gcs"}, l.SweepMetrics)
	q := l.Query()
	assert.Contains(t, q, "sweep=heap_mb%3A512%3A4096%3A8")
	assert.Contains(t, q, "sweep_side=pool%3Dtrue%7Cpool%3Dfalse")
	assert.Contains(t, q, "sweep_metric=throughput_rps%2Cfull_gcs")
	back, errs := Parse(q)
	require.Empty(t, errs)
	assert.Equal(t, l, back)

	// The link's sweep is the sweep `loomsim sweep` runs for the same words.
	st, err := sweep.Parse(l.SweepRequest())
	require.NoError(t, err)
	assert.Equal(t, "1g-pool", st.Case)
	assert.Equal(t, uint64(4), st.Seed)
	assert.Equal(t, map[string]string{"cores": "4"}, st.Set)
	assert.Len(t, st.Runs(), 16)

	// Log spacing, a case side, several values in one side, no metric (the
	// panel then shows the scenario's first).
	l, errs = Parse("scenario=vt-pooling&case=1g-pool&heap_mb=2048&sweep=heap_mb=512:4096:4:log&sweep_side=case=1g-nopool|pool=true,gc=serial")
	require.Empty(t, errs)
	assert.Equal(t, "heap_mb:512:4096:4:log", l.Sweep, "written in the link's form")
	assert.Equal(t, []string{"case=1g-nopool", "pool=true,gc=serial"}, l.SweepSides)
	assert.Empty(t, l.SweepMetrics)
	q2 := l.SweepRequest()
	assert.Equal(t, []string{"throughput_rps"}, q2.Metrics)
	assert.NotContains(t, q2.Set, "heap_mb", "the swept knob's own value in the link is not a --set")
	back, errs = Parse(l.Query())
	require.Empty(t, errs)
	assert.Equal(t, l, back)
}

func TestSweepLinkBadPartsAreLeftOut(t *testing.T) {
	for _, c := range []struct {
		query  string
		want   []string // in the messages, in order
		sweep  string
		sides  []string
		metric []string
	}{
		{"sweep=heap_mb:4096:512:8&sweep_side=pool=true", []string{"LO 4096 must be below HI 512"}, "", nil, nil},
		{"sweep=pool:0:1:2", []string{"only numeric knobs can be swept"}, "", nil, nil},
		{"sweep=heap_mb:512:4096:99", []string{"from 2 to 64"}, "", nil, nil},
		{"sweep=heap_mb:512:4096:8&sweep_side=pool=maybe|pool=false", []string{`pool="maybe" is not allowed`},
			"heap_mb:512:4096:8", []string{"pool=false"}, nil},
		{"sweep=heap_mb:512:4096:8&sweep_side=pool=true|pool=true", []string{"given twice"},
			"heap_mb:512:4096:8", []string{"pool=true"}, nil},
		{"sweep=heap_mb:512:4096:8&sweep_side=gc=serial|gc=g1|gc=parallel|pool=true", []string{"more than 3 sides"},
			"heap_mb:512:4096:8", []string{"gc=serial", "gc=g1", "gc=parallel"}, nil},
		{"sweep=heap_mb:512:4096:8&sweep_metric=full_gcs,nope", []string{`unknown metric "nope"`},
			"heap_mb:512:4096:8", nil, []string{"full_gcs"}},
		{"sweep=heap_mb:512:4096:8&sweep_side=heap_mb=1024", []string{"sets heap_mb, the knob swept; left out"}, "heap_mb:512:4096:8", nil, nil},
		// Each part is fine, but the range's low end with arrival_rps=0 is no
		// load at all, which the simulator refuses: the sweep is left out.
		{"scenario=loom-carrier&arrival_rps=0&sweep=vus_max:0:100:3", []string{"there is no load; set one of them above 0; the sweep is left out"}, "", nil, nil},
		{"sweep_side=pool=true&sweep_metric=full_gcs", []string{"need sweep=KNOB:LO:HI:N"}, "", nil, nil},
	} {
		l, errs := Parse("scenario=vt-pooling&case=1g-pool&" + c.query)
		if strings.HasPrefix(c.query, "scenario=") {
			l, errs = Parse(c.query)
		}
		var text []string
		for _, e := range errs {
			assert.NotContains(t, e.Error(), "\n")
			text = append(text, e.Error())
		}
		require.Len(t, text, len(c.want), "%s: %q", c.query, text)
		for i, w := range c.want {
			assert.Contains(t, text[i], w, c.query)
		}
		assert.Equal(t, c.sweep, l.Sweep, c.query)
		assert.Equal(t, c.sides, l.SweepSides, c.query)
		assert.Equal(t, c.metric, l.SweepMetrics, c.query)
		assert.NotEmpty(t, l.Spec.Scenario, "the rest of the link still loads")
		back, errs := Parse(l.Query())
		assert.Empty(t, errs, "what loaded writes a clean link: %s", l.Query())
		assert.Equal(t, strings.Join(c.sides, "|"), strings.Join(back.SweepSides, "|"))
	}
}
