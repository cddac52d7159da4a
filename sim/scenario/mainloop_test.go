package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loop_ms is main's loop alone: the starts it pays for, one after another,
// ending before the last thread has printed (elapsed_ms).
func TestLoopEndsAtTheLastStart(t *testing.T) {
	s, err := Get("vt-basics")
	require.NoError(t, err)
	for _, c := range []struct {
		kind    string
		startUS float64 // what main pays per thread (the profile's creation cost)
		// and once: the scheduler's first carrier, an OS thread main starts
		// on its first submission, which found the queue empty. The other
		// three are started by carriers that take a thread with more behind
		// it (ForkJoinPool.scan's propagation), not by main.
		extraUS float64
	}{{"virtual", 8.4, 34.6}, {"platform", 34.6, 0}} {
		r, err := s.Run("create-"+c.kind, map[string]string{"threads": "200"}, 1, nil)
		require.NoError(t, err)
		loop, ok := r.MetricValue("loop_ms")
		require.True(t, ok, "%s: loop_ms reported", c.kind)
		elapsed, _ := r.MetricValue("elapsed_ms")
		assert.InDelta(t, (200*c.startUS+c.extraUS)/1000, loop, 0.002, "%s: 200 starts", c.kind)
		assert.Less(t, loop, elapsed, "%s: the loop ends before the last line is written", c.kind)
	}
}

// A scenario without a batch has no main loop to time.
func TestNoLoopWithoutABatch(t *testing.T) {
	s, err := Get("request-load")
	require.NoError(t, err)
	sm, _, err := s.NewSim("", s.ShortSet(), 1)
	require.NoError(t, err)
	w := watchMainLoop(sm)
	assert.True(t, w.ok, "request-load's main submits a batch")
	_, ended := w.loopEnd(sm)
	assert.False(t, ended, "before the run, the loop has not ended")
	sm.RunToEnd()
	_, ended = w.loopEnd(sm)
	assert.True(t, ended)

	s, err = Get("llm-router")
	require.NoError(t, err)
	sm, _, err = s.NewSim("", s.ShortSet(), 1)
	require.NoError(t, err)
	assert.False(t, watchMainLoop(sm).ok, "llm-router has no batch main thread")
}
