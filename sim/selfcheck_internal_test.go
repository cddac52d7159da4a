package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A build without bounds checks self-checks every selfCheckEvery events
// (selfcheck.go): a run whose state is corrupted stops with a panic naming
// the broken invariant, and a healthy run is the same run as without the
// checks. The interval is set by hand, so the test runs in either build.
func TestSelfCheckCatchesCorruptState(t *testing.T) {
	base := midRun(t)
	require.Equal(t, int64(selfCheckEvents), base.selfCheckEvery, "New takes the build's interval")

	healthy, checked := base.Clone(), base.Clone()
	healthy.selfCheckEvery = 0
	healthy.setEventMark()
	checked.selfCheckEvery = 500
	checked.setEventMark()
	require.Equal(t, checked.events+500, checked.eventMark)
	healthy.Advance(Time(600*Millisecond), 1<<22)
	checked.Advance(Time(600*Millisecond), 1<<22)
	require.Greater(t, checked.events-base.events, int64(2000), "the run must cross several self-checks")
	assert.Equal(t, healthy.Metrics(), checked.Metrics(), "self-checks must not change the run")
	assert.Equal(t, healthy.events, checked.events)
	assert.LessOrEqual(t, checked.eventMark-checked.events, int64(500))

	bad := base.Clone()
	bad.liveVT++ // a virtual thread counted that is not there
	bad.selfCheckEvery = 100
	bad.setEventMark()
	var msg any
	func() {
		defer func() { msg = recover() }()
		bad.Advance(Time(600*Millisecond), 1<<22)
	}()
	require.NotNil(t, msg, "a corrupt state must stop the run at the next self-check")
	assert.Contains(t, msg, "self-check after")
	assert.Contains(t, msg, "live virtual threads counted")
	assert.LessOrEqual(t, bad.events-base.events, int64(100), "the first self-check is due 100 events on")

	// A run ends with a self-check, however short it is.
	short := base.Clone()
	short.liveVT++
	short.selfCheckEvery = 1 << 40
	short.maxEvents = base.events + 10
	short.setEventMark()
	msg = nil
	func() {
		defer func() { msg = recover() }()
		short.Advance(Never, 1<<22)
	}()
	require.NotNil(t, msg, "the end of a self-checking run must check it")
	assert.Contains(t, msg, "live virtual threads counted")

	// The event budget still ends a self-checking run where it would.
	budget := base.Clone()
	budget.selfCheckEvery = 300
	budget.maxEvents = base.events + 1000
	budget.setEventMark()
	require.True(t, budget.Advance(Never, 1<<22))
	assert.Equal(t, "event budget exhausted", budget.StopReason())
	assert.Equal(t, base.events+1000, budget.events)
}
