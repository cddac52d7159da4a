package play

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// State reports each figure of a side's snapshot under its own name, and
// the primary case's side at the top level even when it is not the first
// or the last side. Every figure is given a value of its own here, so a
// field wired to its neighbour (mounted for pinned, eden's capacity for
// its fill) reads another number; the key-by-key contract test cannot
// tell them apart.
func TestStateReportsEachSnapshotFigure(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"virtual-per-request","seed":5,"compare":["pool-200","virtual-per-request","platform-per-request"]}`)
	require.Len(t, p.Sides(), 3)
	side := p.Sides()[1]
	require.Equal(t, "virtual-per-request", side.Case)

	sn := &side.Snap
	sn.VirtualLive, sn.PlatformLive, sn.PlatformApp = 21, 22, 23
	sn.Mounted, sn.Pinned, sn.Mounts, sn.Parks = 11, 12, 13, 14
	sn.RunQueueLen, sn.TasksQueued, sn.YoungGCs, sn.FullGCs = 24, 25, 26, 27
	sn.RSS, sn.ThreadMemory = 31*sim.MB, 32*sim.MB
	sn.ParkedCount = [len(sn.ParkedCount)]int{}
	sn.ParkedCount[sim.ParkSleep], sn.ParkedCount[sim.ParkSocket] = 3, 4
	h := &sn.Heap
	h.EdenCap, h.EdenUsed, h.SurvivorCap, h.SurvivorUsed = 41*sim.MB, 42*sim.MB, 43*sim.MB, 44*sim.MB
	h.OldCap, h.OldUsed, h.OldGarbage = 45*sim.MB, 46*sim.MB, 47*sim.MB
	h.YoungLive, h.OldLive = [len(h.YoungLive)]sim.Bytes{}, [len(h.OldLive)]sim.Bytes{}
	for c, mb := range map[sim.AllocCat]sim.Bytes{sim.CatRequest: 51, sim.CatThreadLocal: 52, sim.CatThread: 53, sim.CatChunk: 54, sim.CatApp: 55} {
		h.YoungLive[c], h.OldLive[c] = sim.MB, (mb-1)*sim.MB
	}
	sn.Chunks = sim.ChunkSummary{Live: 61, Young: 62, Old: 63, GCMode: 64, Garbage: 65}

	st := p.State()
	assert.Equal(t, "virtual-per-request", st.SideState.Case, "the primary case's side, the middle one")
	got := st.Sides[1]
	assert.Equal(t, []int{21, 22, 23}, []int{got.Virtual, got.Platform, got.PlatformApp})
	assert.Equal(t, []int{11, 12}, []int{got.Mounted, got.Pinned}, "mounted, pinned")
	assert.Equal(t, []int64{13, 14}, []int64{got.Mounts, got.Parks}, "mounts, parks")
	assert.Equal(t, 24, got.RunQueue)
	assert.Equal(t, 25, got.QueuedTasks)
	assert.EqualValues(t, 26, got.YoungGCs)
	assert.EqualValues(t, 27, got.FullGCs)
	require.NotNil(t, got.RSSMb)
	assert.Equal(t, 31.0, *got.RSSMb)
	assert.Equal(t, 32.0, got.ThreadMemoryMb)
	assert.Equal(t, 7, got.Parked)
	assert.Equal(t, map[string]int{"sleep": 3, "socket": 4}, got.ParkedBy)
	assert.Equal(t, HeapState{EdenCap: 41, EdenUsed: 42, SurvivorCap: 43, SurvivorUsed: 44, OldCap: 45, OldUsed: 46, OldGarbage: 47,
		LiveMb: LiveState{Request: 51, ThreadLocal: 52, Thread: 53, Chunk: 54, App: 55}}, got.Heap)
	assert.Equal(t, ChunkState{Live: 61, Young: 62, Old: 63, GCMode: 64, Garbage: 65}, got.Chunks)
}
