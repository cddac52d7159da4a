package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startupSim builds tinySim's heap with app bytes of start-up data, young of
// them still young.
func startupSim(t *testing.T, app, young Bytes) *Sim {
	t.Helper()
	s := tinySim(t, GCParallel, 25)
	cfg := s.cfg
	cfg.Heap.AppBytes, cfg.Heap.AppYoungBytes = app, young
	s, err := New(cfg, 1)
	require.NoError(t, err)
	return s
}

func TestStartupDataYoungPartStartsInSurvivorAtAgeOne(t *testing.T) {
	s := startupSim(t, 3*MB, MB)
	h := s.heap
	assert.Equal(t, MB, h.survUsed, "the young part fills the survivor space")
	assert.Equal(t, 2*MB, h.oldUsed, "the rest starts in old")
	assert.Equal(t, 3*MB, h.live[CatApp])
	require.Len(t, h.young, 1)
	b := h.blobs[h.young[0]]
	assert.Equal(t, SpaceSurvivor, b.sp)
	assert.EqualValues(t, 1, b.age)

	// It ages through the survivors like any object below the threshold,
	// and the workload's allocations copied after it find less room.
	h.tenuring = 3
	s.youngGC()
	assert.EqualValues(t, 2, h.blobs[h.young[0]].age)
	assert.Equal(t, MB, h.survUsed)
	s.youngGC()
	s.youngGC()
	assert.Empty(t, h.young, "promoted at the tenuring threshold")
	assert.Equal(t, 3*MB, h.oldUsed)
	assert.Equal(t, 3*MB, h.oldLive[CatApp])
}

func TestStartupDataBeyondTheSurvivorSpaceStartsInOld(t *testing.T) {
	s := startupSim(t, 30*MB, 20*MB)
	h := s.heap
	assert.Equal(t, h.survCap, h.survUsed, "only what fits starts young")
	assert.Equal(t, 30*MB-h.survCap, h.oldUsed)

	none := startupSim(t, 3*MB, 0)
	assert.Zero(t, none.heap.survUsed)
	assert.Equal(t, 3*MB, none.heap.oldUsed)
}

func TestStartupDataYoungPartMustBeWithinTheAppData(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	cfg := s.cfg
	cfg.Heap.AppBytes, cfg.Heap.AppYoungBytes = MB, 2*MB
	_, err := New(cfg, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "young start-up data")
}
