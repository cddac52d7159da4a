package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// verify's exit status and report, on checks made up here: a failing
// figure (which no scenario of the tree gives) exits 1, as CI needs; a
// declared deviation exits 0 and its reason is printed under the table.
func TestVerdictsExitAndReport(t *testing.T) {
	pass := scenario.Check{Scenario: "s", Case: "a", Metric: "elapsed_ms", Role: "predicted", Status: "pass", Model: "105"}
	dev := scenario.Check{Scenario: "s", Case: "b", Metric: "full_gcs", Role: "predicted", Status: "deviation", Reason: "the model has no fragmentation"}
	fail := scenario.Check{Scenario: "s", Case: "c", Metric: "rss_mb", Role: "calibrated", Status: "fail"}
	for _, c := range []struct {
		name   string
		checks []scenario.Check
		code   int
	}{
		{"all pass", []scenario.Check{pass}, 0},
		{"a deviation", []scenario.Check{pass, dev}, 0},
		{"a failure", []scenario.Check{pass, dev, fail}, 1},
		{"a failure first", []scenario.Check{fail, pass}, 1},
	} {
		for _, asJSON := range []bool{false, true} {
			var out bytes.Buffer
			code, err := writeVerdicts(&out, c.checks, asJSON)
			require.NoError(t, err)
			assert.Equal(t, c.code, code, "%s (json %v)", c.name, asJSON)
			if asJSON {
				var got []map[string]any
				require.NoError(t, json.Unmarshal(out.Bytes(), &got))
				assert.Len(t, got, len(c.checks), c.name)
			}
		}
	}
	var out bytes.Buffer
	_, err := writeVerdicts(&out, []scenario.Check{pass, dev, fail}, false)
	require.NoError(t, err)
	assert.Contains(t, out.String(), "\ndeviation s b full_gcs: the model has no fragmentation\n")
	assert.NotContains(t, out.String(), "deviation s a", "a passing figure has no deviation line")
	assert.Contains(t, out.String(), "2 predicted figures: 1 within tolerance, 1 outside it as a declared deviation; 1 calibrated (a profile constant was fitted to them): 0 within tolerance")
	var empty bytes.Buffer
	code, err := writeVerdicts(&empty, nil, true)
	require.NoError(t, err)
	assert.Equal(t, 0, code)
	assert.Equal(t, "[]\n", empty.String(), "no checks are an empty list, not null")
}

// The table writes an article's bare number as the page does, grouped and
// in the metric's unit; the article's own words and an ordering's sign
// stay as they are.
func TestArticleTextGroupsABareNumber(t *testing.T) {
	for _, c := range []struct{ metric, article, want string }{
		{"os_threads_peak", "2708", "2,708"},
		{"elapsed_ms", "630", "630 ms"},
		{"gc_pause_total_ms", "~9 s", "~9 s"},
		{"throughput_rps", ">", ">"},
	} {
		assert.Equal(t, c.want, articleText(scenario.Check{Metric: c.metric, Article: c.article}), c.article)
	}
}
