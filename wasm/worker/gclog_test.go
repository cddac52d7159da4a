package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

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
	r, err := gclogs.close(id)
	require.NoError(t, err)
	l, err := gclog.Parse(bytes.NewReader(b))
	require.NoError(t, err)
	want, _ := json.Marshal(l.Summary())
	got, _ := json.Marshal(r.Summary)
	assert.JSONEq(t, string(want), string(got))
	assert.Equal(t, gclog.Diagnose(l), r.Diagnosis)
	_, err = gclogs.close(id)
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
