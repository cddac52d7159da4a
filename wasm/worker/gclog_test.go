package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/loomlab/loomlab/fit"
	"github.com/loomlab/loomlab/gclog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGCLogSessionReportsWhatTheCLIPrints(t *testing.T) {
	b, err := os.ReadFile("../../testdata/gclog/g1-64m-pooled.log")
	require.NoError(t, err)
	id := gclogs.open()
	for off := 0; off < len(b); off += 10000 {
		p, err := gclogs.feed(id, b[off:min(off+10000, len(b))])
		require.NoError(t, err)
		assert.EqualValues(t, min(off+10000, len(b)), p.Bytes)
	}
	r, err := gclogs.close(id, false, nil)
	require.NoError(t, err)
	l, err := gclog.Parse(bytes.NewReader(b))
	require.NoError(t, err)
	want, _ := json.Marshal(l.Summary())
	got, _ := json.Marshal(r.Summary)
	assert.JSONEq(t, string(want), string(got))
	assert.Equal(t, gclog.Diagnose(l), r.Diagnosis)
	_, err = gclogs.close(id, false, nil)
	assert.Error(t, err, "a closed session is gone")
}

func TestGCLogSessionRefusalEndsIt(t *testing.T) {
	id := gclogs.open()
	_, err := gclogs.feed(id, []byte("\x00\x01binary\n"))
	assert.True(t, errors.Is(err, gclog.ErrBinary), "%v", err)
	_, err = gclogs.feed(id, []byte("more\n"))
	assert.ErrorContains(t, err, "no open session")
	for range maxGCLogSessions + 2 {
		gclogs.open()
	}
	assert.LessOrEqual(t, len(gclogs.sessions), maxGCLogSessions, "abandoned sessions do not pile up")
}

// With a fit asked for, the session's report carries the fit exactly as `loomsim gclog fit --json`
// computes it (fit.Fit on the same log), and the model's run for the charts.
func TestGCLogSessionFitIsTheCLIsFit(t *testing.T) {
	b, err := os.ReadFile("../../testdata/jvm-check/parallel-128m-pooled-1000.log")
	require.NoError(t, err)
	id := gclogs.open()
	_, err = gclogs.feed(id, b)
	require.NoError(t, err)
	r, err := gclogs.close(id, true, nil)
	require.NoError(t, err)
	require.Empty(t, r.FitError)
	l, err := gclog.Parse(bytes.NewReader(b))
	require.NoError(t, err)
	want, _, err := fit.Fit(l, nil)
	require.NoError(t, err)
	assert.Equal(t, want, r.Fit)
	require.NotNil(t, r.FitModel)
	assert.NotEmpty(t, r.FitModel.Series.TimeS)

	knobs, _ := json.Marshal(r.Fit.Knobs)
	m, err := fitRun(string(knobs), nil)
	require.NoError(t, err)
	assert.Equal(t, r.FitModel.YoungGCsPerS, m.YoungGCsPerS, "the what-if with no change is the fitted run")
	_, err = fitRun(`{"heap_mb": 64}`, nil)
	assert.ErrorContains(t, err, "JSON object of strings")
}
