package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// StackChunk rules (stackchunk.go) driven by hand on tinySim: exact sizes,
// the freeze and thaw paths, and the chunk slots' bookkeeping. Several tests
// put a chunk in slot 0 or a thread in slot 0 on purpose, because a slot
// index compared with 0 is where an off-by-one would hide.

// parkedThread adds a parked virtual thread with frames words on its stack,
// resident of them already in chunks, and returns its slot.
func parkedThread(s *Sim, frames, resident Words) int32 {
	s.th = append(s.th, thread{role: RoleTask, virtual: true, state: StateParked, task: -1, tail: -1,
		frames: frames, resident: resident, topWords: 40, reason: ParkSleep})
	return int32(len(s.th) - 1)
}

// chainOf links chunks (tail first) as thread ti's chain, each holding the
// given words, and makes them the thread's resident frames.
func chainOf(s *Sim, ti int32, chunks []int32, used []Words) {
	var resident Words
	for i, ci := range chunks {
		c := &s.chunks[ci]
		c.owner, c.used = ti, used[i]
		c.parent = -1
		if i+1 < len(chunks) {
			c.parent = chunks[i+1]
		}
		resident += used[i]
	}
	s.th[ti].tail, s.th[ti].resident, s.th[ti].frames = chunks[0], resident, resident
}

func TestChunkBytesExactly(t *testing.T) {
	for _, c := range []struct {
		capacity Words
		header   Bytes
		want     Bytes
	}{
		{300, 48, 2528}, // bitmap (600+7)/8 = 75; 48 + 2400 + 75 = 2523, rounded up to 8
		{4, 48, 88},     // bitmap (8+7)/8 = 1; 48 + 32 + 1 = 81 → 88
		{2, 0, 24},      // bitmap 1; 16 + 1 = 17 → 24
		{8, 16, 88},     // bitmap (16+7)/8 = 2; 16 + 64 + 2 = 82 → 88
		{0, 0, 0},
	} {
		assert.Equal(t, c.want, chunkBytes(c.capacity, c.header), "capacity %d, header %d", c.capacity, c.header)
	}
}

func TestFreezeNothingToCopy(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	ti := parkedThread(s, 100, 100)
	assert.Equal(t, Words(0), s.freeze(ti))
	assert.Equal(t, int32(-1), s.th[ti].tail, "no chunk for nothing")
	assert.Equal(t, int64(0), s.stats.chunksAllocated)
}

// The first freeze allocates a chunk of exactly the frames plus two
// metadata words, with no parent; the next one that fits goes in place.
func TestFreezeNewChunkThenInPlace(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	require.Empty(t, s.chunks, "the first chunk takes slot 0")
	ti := parkedThread(s, 100, 0)
	assert.Equal(t, Words(100), s.freeze(ti))
	ci := s.th[ti].tail
	require.Equal(t, int32(0), ci)
	c := &s.chunks[ci]
	assert.Equal(t, Words(102), c.capacity)
	assert.Equal(t, Words(100), c.used)
	assert.Equal(t, Words(100), c.maxUsed)
	assert.Equal(t, int32(-1), c.parent)
	assert.Equal(t, Words(100), s.th[ti].resident)
	assert.Equal(t, int64(1), s.stats.chunksAllocated)
	assert.Equal(t, int64(1), s.stats.frozenWords.all.n, "a task's freeze is recorded")
	assert.Equal(t, int64(1), s.stats.capacityWords.all.exact[102])

	// Thaw 60 words (fast path: all of them), then freeze 50: they fit the
	// young chunk in slot 0 in place.
	s.th[ti].resident = 40
	c.used = 40
	s.th[ti].frames = 90
	assert.Equal(t, Words(50), s.freeze(ti))
	assert.Equal(t, ci, s.th[ti].tail, "in place")
	assert.Equal(t, Words(90), c.used)
	assert.Equal(t, Words(100), c.maxUsed, "the largest content so far")
	assert.Equal(t, int64(1), s.stats.chunkInPlace)
	assert.Equal(t, int64(1), s.stats.chunksAllocated)
	s.th[ti].frames = 100 // 10 more words still fit (capacity 102 - 2 - 90)
	s.freeze(ti)
	assert.Equal(t, Words(100), c.maxUsed)
	c.used, s.th[ti].resident, s.th[ti].frames = 95, 95, 100
	s.freeze(ti)
	assert.Equal(t, Words(100), c.used)
	assert.Equal(t, int64(3), s.stats.chunkInPlace)
}

// A pool worker parking idle is not one of the task's freezes: its chunk
// sizes are not recorded.
func TestIdleFreezeIsNotRecorded(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	ti := parkedThread(s, 100, 0)
	s.th[ti].reason = ParkIdle
	s.freeze(ti)
	assert.Equal(t, int64(0), s.stats.frozenWords.all.n)
	assert.Equal(t, int64(0), s.stats.capacityWords.all.n)
}

// A freeze that does not fit an empty young tail drops it and links the new
// chunk to the tail's parent; a non-empty tail becomes the parent.
func TestFreezeReplacesAnEmptyTail(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	ti := parkedThread(s, 0, 0)
	below := s.newChunk(ti, 52, -1)
	empty := s.newChunk(ti, 12, below)
	chainOf(s, ti, []int32{empty, below}, []Words{0, 50})
	s.th[ti].frames = 80
	s.freeze(ti)
	tail := s.th[ti].tail
	assert.NotEqual(t, empty, tail)
	assert.Equal(t, below, s.chunks[tail].parent, "the empty tail is skipped")
	assert.Equal(t, int32(-1), s.chunks[empty].owner, "and dropped")
	assert.Equal(t, Words(30), s.chunks[tail].capacity-chunkMetaWords, "80 frames, 50 resident")

	s.th[ti].frames = 200
	s.freeze(ti)
	assert.Equal(t, tail, s.chunks[s.th[ti].tail].parent, "a tail holding frames becomes the parent")
}

// With the reuse fix, an empty chunk in GC mode with room takes the frames
// in place, counted apart from the ordinary in-place freezes.
func TestFreezeByTheReuseFix(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	s.cfg.Heap.ReuseFix = true
	ti := parkedThread(s, 0, 0)
	ci := s.newChunk(ti, 202, -1)
	chainOf(s, ti, []int32{ci}, []Words{0})
	s.chunks[ci].gcMode, s.chunks[ci].old = true, true
	s.th[ti].frames = 150
	assert.Equal(t, Words(150), s.freeze(ti))
	assert.Equal(t, ci, s.th[ti].tail)
	assert.Equal(t, int64(1), s.stats.chunkReuseFix)
	assert.Equal(t, int64(0), s.stats.chunkInPlace)
}

func TestThawPaths(t *testing.T) {
	s := tinySim(t, GCParallel, 25) // ThawFastLimit 500
	ti := parkedThread(s, 0, 0)
	ci := s.newChunk(ti, 1002, -1)
	require.Equal(t, int32(0), ci, "a tail in slot 0 is a tail")
	chainOf(s, ti, []int32{ci}, []Words{500})
	assert.Equal(t, Words(40), s.thaw(ti), "at the fast path's limit: the top frames only")
	assert.Equal(t, Words(460), s.th[ti].resident)

	chainOf(s, ti, []int32{ci}, []Words{499})
	assert.Equal(t, Words(499), s.thaw(ti), "below it: the whole chunk")
	assert.Equal(t, Words(0), s.th[ti].resident)
	assert.Equal(t, Words(0), s.thaw(ti), "nothing resident: nothing to thaw")

	chainOf(s, ti, []int32{ci}, []Words{900})
	s.th[ti].topWords = 0
	assert.Equal(t, Words(900), s.thaw(ti), "no top frames known: the whole chunk")

	chainOf(s, ti, []int32{ci}, []Words{900})
	s.th[ti].topWords = 40
	s.thaw(ti)
	assert.Equal(t, Words(860), s.thawAll(ti))
	assert.Equal(t, Words(0), s.th[ti].resident)
	assert.Equal(t, Words(0), s.chunks[ci].used)
}

// thawAll walks the whole chain, down to a chunk in slot 0, and unlinks
// every emptied chunk the GC has seen.
func TestThawAllUnlinksSeenChunksDownTheChain(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	ti := parkedThread(s, 0, 0)
	bottom := s.newChunk(ti, 52, -1) // slot 0
	top := s.newChunk(ti, 12, bottom)
	chainOf(s, ti, []int32{top, bottom}, []Words{10, 50})
	s.chunks[top].gcMode, s.chunks[bottom].gcMode = true, true
	assert.Equal(t, Words(60), s.thawAll(ti))
	assert.Equal(t, Words(0), s.chunks[bottom].used, "the chunk in slot 0 is thawed too")
	assert.Equal(t, int32(-1), s.th[ti].tail, "both unlinked")
	assert.Equal(t, int32(-1), s.chunks[top].owner)
	assert.Equal(t, int32(-1), s.chunks[bottom].owner)
	assert.Equal(t, int64(2), s.stats.chunksDropped)
}

// A young tail that empties stays (in slot 0 here); a seen chunk below it
// that empties is unlinked from it, not from the thread.
func TestThawAllKeepsAYoungTail(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	ti := parkedThread(s, 0, 0)
	top := s.newChunk(ti, 12, -1) // slot 0
	bottom := s.newChunk(ti, 52, -1)
	chainOf(s, ti, []int32{top, bottom}, []Words{10, 50})
	s.chunks[bottom].gcMode = true
	s.thawAll(ti)
	assert.Equal(t, top, s.th[ti].tail, "the young tail stays for the next freeze")
	assert.Equal(t, int32(-1), s.chunks[top].parent, "the seen chunk below is unlinked from it")
	assert.Equal(t, int32(-1), s.chunks[bottom].owner)
}

// With the reuse fix only the tail is kept when it empties; a seen chunk
// below it is unlinked as in stock HotSpot.
func TestThawAllWithTheReuseFixKeepsOnlyTheTail(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	s.cfg.Heap.ReuseFix = true
	ti := parkedThread(s, 0, 0)
	top := s.newChunk(ti, 12, -1) // slot 0
	bottom := s.newChunk(ti, 52, -1)
	chainOf(s, ti, []int32{top, bottom}, []Words{10, 50})
	s.chunks[top].gcMode, s.chunks[bottom].gcMode = true, true
	s.thawAll(ti)
	assert.Equal(t, top, s.th[ti].tail, "the GC-mode tail is kept for reuse")
	assert.GreaterOrEqual(t, s.chunks[top].owner, int32(0))
	assert.Equal(t, int32(-1), s.chunks[bottom].owner, "the chunk below is not")
	assert.Equal(t, int32(-1), s.chunks[top].parent)
}

// Slots: a freed chunk slot is taken before the slice grows; ids increase
// by one; the owner's task's tier is the chunk's birth tier, task slot 0
// included.
func TestNewChunkSlotsAndIDs(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	ti := parkedThread(s, 0, 0)
	a := s.newChunk(ti, 12, -1)
	b := s.newChunk(ti, 12, -1)
	assert.Equal(t, s.chunks[a].id+1, s.chunks[b].id)
	assert.Equal(t, 2, s.liveChunks)
	assert.Equal(t, int64(2), s.stats.chunksAllocated)
	assert.Equal(t, 2*chunkBytes(12, s.cfg.Heap.ChunkHeader), s.stats.chunkBytes)
	assert.Equal(t, TierC2, s.chunks[a].bornTier, "no task: compiled code")

	s.chunkFree = append(s.chunkFree, 7, a)
	c := s.newChunk(ti, 12, -1)
	assert.Equal(t, a, c, "the last freed slot is reused")
	assert.Equal(t, []int32{7}, s.chunkFree)
	assert.Len(t, s.chunks, 2)

	if len(s.tasks) == 0 {
		s.tasks = append(s.tasks, task{})
	}
	s.tasks[0].tier = TierInterp
	s.th[ti].task = 0
	s.chunkFree = s.chunkFree[:0]
	d := s.newChunk(ti, 12, -1)
	assert.Equal(t, TierInterp, s.chunks[d].bornTier, "task slot 0's tier")
}

// Dropping a chunk (owned by thread slot 0 here) kills its object and
// unlinks it once; dropChain drops a whole chain down to slot 0.
func TestDropChunkAndChain(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	if len(s.th) == 0 {
		parkedThread(s, 0, 0)
	}
	ci := s.newChunk(0, 12, -1)
	s.chunks[ci].parent = 5
	s.dropChunk(ci)
	c := &s.chunks[ci]
	assert.Equal(t, int32(-1), c.owner)
	assert.Equal(t, int32(-1), c.parent)
	assert.True(t, s.heap.blobs[c.blob].dead)
	assert.Equal(t, 0, s.liveChunks)
	assert.Equal(t, int64(1), s.stats.chunksDropped)
	s.dropChunk(ci)
	assert.Equal(t, int64(1), s.stats.chunksDropped, "a dropped chunk is not dropped twice")
	assert.Equal(t, 0, s.liveChunks)

	s2 := tinySim(t, GCParallel, 25)
	ti := parkedThread(s2, 0, 0)
	bottom := s2.newChunk(ti, 12, -1) // slot 0
	top := s2.newChunk(ti, 12, bottom)
	chainOf(s2, ti, []int32{top, bottom}, []Words{5, 5})
	s2.dropChain(ti)
	assert.Equal(t, int32(-1), s2.th[ti].tail)
	assert.Equal(t, Words(0), s2.th[ti].resident)
	assert.Equal(t, int32(-1), s2.chunks[bottom].owner, "down to slot 0")
	assert.Equal(t, 0, s2.liveChunks)
}

// A thaw stops at the words it takes: an empty chunk the GC has seen further
// down the chain (left by an earlier thaw while it was young) is not
// unlinked by a thaw that does not reach it.
func TestThawStopsWhereItsWordsEnd(t *testing.T) {
	s := tinySim(t, GCParallel, 25)
	ti := parkedThread(s, 0, 0)
	below := s.newChunk(ti, 22, -1)
	top := s.newChunk(ti, 12, below)
	chainOf(s, ti, []int32{top, below}, []Words{10, 0})
	s.chunks[below].gcMode, s.chunks[below].old = true, true
	assert.Equal(t, Words(10), s.thaw(ti))
	assert.Equal(t, top, s.th[ti].tail)
	assert.Equal(t, below, s.chunks[top].parent, "not reached: still linked")
	assert.GreaterOrEqual(t, s.chunks[below].owner, int32(0))
	assert.Equal(t, int64(0), s.stats.chunksDropped)
}
