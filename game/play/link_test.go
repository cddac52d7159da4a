package play

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func parsed(t *testing.T, query string) ParsedLink {
	t.Helper()
	var p ParsedLink
	require.NoError(t, json.Unmarshal([]byte(ParseLinkJSON(query)), &p))
	return p
}

func TestLinkJSONRoundTrip(t *testing.T) {
	p := parsed(t, "?scenario=vt-pooling&case=1g-pool&heap_mb=2048&pool=true&seed=9&speed=0.01&theme=high-contrast")
	require.Empty(t, p.Errors)
	assert.Equal(t, "vt-pooling", p.Link.Scenario)
	assert.Equal(t, map[string]string{"heap_mb": "2048", "pool": "true"}, p.Link.Knobs)
	assert.Equal(t, uint64(9), p.Link.Seed)
	assert.Equal(t, "high-contrast", p.Link.Theme)

	b, err := json.Marshal(p.Link)
	require.NoError(t, err)
	q, err := LinkQuery(string(b))
	require.NoError(t, err)
	assert.Equal(t, "case=1g-pool&heap_mb=2048&pool=true&scenario=vt-pooling&seed=9&speed=0.01&theme=high-contrast", q)
	assert.Equal(t, p, parsed(t, q))
}

func TestLinkJSONBadValues(t *testing.T) {
	p := parsed(t, "scenario=request-load&case=pool-200&requests=abc&seed=2")
	assert.Equal(t, "request-load", p.Link.Scenario)
	assert.Equal(t, uint64(2), p.Link.Seed)
	assert.Empty(t, p.Link.Knobs)
	require.Len(t, p.Errors, 1)
	assert.Contains(t, p.Errors[0], `requests="abc"`)
	assert.Contains(t, p.Errors[0], "using the default")

	p = parsed(t, "")
	assert.Empty(t, p.Link.Scenario)
	assert.Len(t, p.Errors, 1)
	assert.NotNil(t, p.Link.Knobs)
	assert.NotNil(t, p.Link.Compare)
}

func TestLinkQueryDefaultsAndRefusals(t *testing.T) {
	q, err := LinkQuery(`{"scenario":"request-load","knobs":{"requests":"500"}}`)
	require.NoError(t, err)
	assert.Equal(t, "requests=500&scenario=request-load", q, "defaults (seed 1, controls full) are left out")

	for _, bad := range []string{
		`{"knobs":{}}`,
		`{"scenario":"request-load","nope":1}`,
		`{"scenario":"request-load","knobs":{"requests":"-5"}}`,
		`{"scenario":"request-load","controls":"huge"}`,
		`not json`,
	} {
		_, err := LinkQuery(bad)
		assert.Error(t, err, bad)
	}
}

// A fitted gc-lab model's what-if reaches the page and goes back into the link unchanged.
func TestLinkJSONWhatIf(t *testing.T) {
	p := parsed(t, "scenario=gc-lab&heap_mb=128&whatif=heap_mb:256,state:fresh")
	require.Empty(t, p.Errors)
	assert.Equal(t, map[string]string{"heap_mb": "256", "state": "fresh"}, p.Link.WhatIf)
	b, err := json.Marshal(p.Link)
	require.NoError(t, err)
	q, err := LinkQuery(string(b))
	require.NoError(t, err)
	assert.Equal(t, p, parsed(t, q))
	assert.Equal(t, map[string]string{}, parsed(t, "scenario=gc-lab").Link.WhatIf)
}
