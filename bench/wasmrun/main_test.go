package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	set := map[string]string{"requests": "300", "sleep_ms": "20"}
	r, err := run("request-load/virtual-per-request", set, 1, 0, 0)
	require.NoError(t, err)
	assert.Equal(t, "completed", r.Outcome)
	assert.Equal(t, 0, r.Runs, "no warm runs")
	assert.Equal(t, r.FirstWall, r.WallSeconds)
	assert.Positive(t, r.Events)
	assert.Positive(t, r.SimSeconds)
	assert.Positive(t, r.WallSeconds)

	// Warm runs follow a short first run; the same seed gives the same run.
	again, err := run("request-load/virtual-per-request", set, 1, 20*time.Millisecond, time.Minute)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, again.Runs, 1)
	assert.Positive(t, again.FirstWall)
	assert.Equal(t, r.Events, again.Events)
	assert.Equal(t, r.SimSeconds, again.SimSeconds)

	_, err = run("no-such/case", nil, 1, 0, 0)
	assert.Error(t, err)
}
