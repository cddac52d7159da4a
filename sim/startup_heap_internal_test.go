package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startupSim builds tinySim's heap (100 MB, eden 16 MB, survivors 2 MB)
// with app bytes of start-up data, allocated by launch when it is set.
func startupSim(t *testing.T, gc GCKind, app Bytes, launch LaunchConfig) *Sim {
	t.Helper()
	s := tinySim(t, gc, 25)
	cfg := s.cfg
	cfg.Heap.AppBytes, cfg.Heap.Launch = app, launch
	s, err := New(cfg, 1)
	require.NoError(t, err)
	return s
}

// Without a start, the start-up data is old from the first event.
func TestStartupDataWithoutALaunchStartsInOld(t *testing.T) {
	s := startupSim(t, GCParallel, 3*MB, LaunchConfig{})
	h := &s.heap
	assert.Equal(t, 3*MB, h.oldUsed)
	assert.Equal(t, 3*MB, h.oldLive[CatApp])
	assert.Zero(t, h.edenUsed+h.survUsed)
	assert.Zero(t, h.youngCount)
}

// The JVM's start collects as eden fills, as a GC log shows before the
// twin's window: its collections seed the collector's adaptive state (the
// count the policy waits for, the promotion average a Parallel scavenge is
// skipped by), but they are not the run's: no time passes and the
// statistics start from nothing. What it keeps is the start-up data; its
// working set is dead by the end, garbage wherever it was promoted.
func TestTheJVMsStartCollectsAsEdenFillsWithoutCountingIt(t *testing.T) {
	launch := LaunchConfig{Alloc: 44 * MB, Working: 3 * MB, Lifetime: 16 * MB}
	for _, gc := range []GCKind{GCParallel, GCSerial, GCG1} {
		s := startupSim(t, gc, 4*MB, launch)
		h := &s.heap
		name := gc.String()
		if gc != GCG1 { // G1 sizes its young gen itself: here larger than the start
			assert.Equal(t, 2, h.youngCount, name+": 44 MB through a 16 MB eden collects twice")
			assert.Positive(t, h.promoAvg.count, name+": the promotion average is seeded")
			assert.Positive(t, h.oldUsed, name+": what survived the survivors is old")
		}
		assert.Equal(t, 4*MB, h.live[CatApp], name+": the start-up data stays, the working set is dead")
		// The run's allocation counts begin with the start-up data, as if
		// placed: the start's garbage and dead working set are not the run's.
		assert.Equal(t, 4*MB, h.allocated[CatApp], name)
		assert.Zero(t, h.allocated[CatGarbage], name)
		assert.Zero(t, h.freed[CatApp]+h.freed[CatGarbage], name)
		assert.Zero(t, h.lastMinorEnd, name+": the start took no time")
		assert.Positive(t, h.edenUsed, name+": eden partly full when the workload starts")
		assert.False(t, s.Done(), name)
		m := s.Metrics()
		assert.Zero(t, m.YoungGCs, name)
		assert.Zero(t, m.FullGCs, name)
		assert.Zero(t, m.GCPauseTotal, name)
		assert.Zero(t, m.Promoted, name)
		assert.Zero(t, s.Now(), name)
		require.NoError(t, checkHeapFully(h, s.gc), name)
	}
}

// The start allocates the start-up data among the rest.
func TestTheJVMsStartMustAllocateAtLeastTheAppData(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	cfg := s.cfg
	cfg.Heap.AppBytes, cfg.Heap.Launch = 5*MB, LaunchConfig{Alloc: 4 * MB}
	_, err := New(cfg, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the JVM's start allocates 4.0MB")
}

// On a heap the start fills, the start collects as the run would: a Full
// GC where a young one leaves no room (G1's policy never chooses one
// itself, and its dead working set in old would otherwise end the run),
// and an OutOfMemoryError, before the first event, only where the live data
// does not fit.
func TestTheJVMsStartOnASmallHeap(t *testing.T) {
	launch := LaunchConfig{Alloc: 44 * MB, Working: 3 * MB, Lifetime: 16 * MB}
	for _, gc := range []GCKind{GCParallel, GCSerial, GCG1} {
		s := tinySim(t, gc, 25)
		cfg := s.cfg
		cfg.Heap.MaxBytes, cfg.Heap.AppBytes, cfg.Heap.Launch = 16*MB, 4*MB, launch
		s, err := New(cfg, 1)
		require.NoError(t, err)
		name := gc.String()
		assert.False(t, s.Done(), name+": the start fits")
		assert.Positive(t, s.heap.youngCount, name)
		assert.Equal(t, 4*MB, s.heap.live[CatApp], name)
		require.NoError(t, checkHeapFully(&s.heap, s.gc), name)

		cfg.Heap.AppBytes = 15 * MB
		s, err = New(cfg, 1)
		require.NoError(t, err)
		assert.True(t, s.Done(), name+": 15 MB of live start-up data in 16 MB")
		assert.Contains(t, s.StopReason(), "OutOfMemoryError", name)
		assert.Zero(t, s.Metrics().Events, name+": before the first event")
	}
}

func TestTheJVMsStartWantsALifetimeForItsWorkingSet(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	cfg := s.cfg
	cfg.Heap.AppBytes, cfg.Heap.Launch = MB, LaunchConfig{Alloc: 8 * MB, Working: MB}
	_, err := New(cfg, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "needs a lifetime")
}
