package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	set := map[string]string{"requests": "300", "sleep_ms": "20"}
	r, err := run("request-load/virtual-per-request", set, 1, 0)
	require.NoError(t, err)
	assert.Equal(t, "completed", r.Outcome)
	assert.Equal(t, 1, r.Runs)
	assert.Positive(t, r.Events)
	assert.Positive(t, r.SimSeconds)
	assert.Positive(t, r.WallSeconds)

	// A minimum wall time repeats the run; the same seed gives the same run.
	again, err := run("request-load/virtual-per-request", set, 1, 20*time.Millisecond)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, again.Runs, 1)
	assert.Equal(t, r.Events, again.Events)
	assert.Equal(t, r.SimSeconds, again.SimSeconds)

	_, err = run("no-such/case", nil, 1, 0)
	assert.Error(t, err)
}
