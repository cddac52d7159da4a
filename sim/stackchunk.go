package sim

// StackChunks: where a virtual thread's frames live while it is unmounted.
//
// The rules follow continuationFreezeThaw.cpp and instanceStackChunkKlass
// (docs/model.md, "StackChunk"):
//   - A chunk's capacity is fixed at allocation: the frozen frames plus two
//     metadata words, no slack.
//   - Freeze copies the frames above the last thaw point into the tail chunk
//     in place only if the chunk has room, is not in GC mode and does not
//     require barriers (it is still in the young generation). Otherwise it
//     allocates a new chunk of exactly the needed size in eden. The new
//     chunk's parent is the old tail if that still holds frames; an empty
//     old tail is dropped and becomes garbage.
//   - Thaw copies the whole tail chunk if it holds fewer than ThawFastLimit
//     words, else only the top frames, leaving a return barrier that thaws
//     the rest lazily as the code returns into them.
//   - A chunk emptied by thaw is unlinked (garbage) only if the GC has seen
//     it: it is in GC mode or no longer young. A young empty chunk stays as
//     the tail and is reused by the next freeze.
//   - A GC transforms a chunk (GC mode) when it promotes it (Serial,
//     Parallel, including Parallel's Full GC moving it into the old gen)
//     and when Serial's Full GC marks it. A chunk that Parallel's Full GC
//     leaves in the young gen (the old gen had no room) stays writable.
//     Each collector states its rule (chunkGCModeOnPromotion, afterFull)
//     in its gc_*.go file.
//   - With ReuseFix (the article's patched JVM, Serial/Parallel only) an
//     empty chunk in GC mode with room is reused in place.

// stackChunk is one StackChunk object.
type stackChunk struct {
	id       ChunkID
	blob     int32 // its heap object
	parent   int32 // next chunk down the chain, -1 if none
	owner    int32 // thread slot
	capacity Words // frames + 2 metadata words
	used     Words // frame words it holds now
	gcMode   bool
	old      bool // its object is in the old generation
	bornTier Tier // tier of the top frame at allocation, for the picture
	born     Time
	maxUsed  Words // largest frozen content, for the picture
}

// clear empties the record for its slot's reuse: zeroed, then its links
// set, because a composite literal stored through a pointer is built aside
// and copied in (in WebAssembly a memory.copy call).
func (c *stackChunk) clear() {
	*c = stackChunk{}
	c.owner, c.parent, c.blob = -1, -1, -1
}

// chunkMetaWords is the metadata a chunk reserves besides frames.
const chunkMetaWords Words = 2

// chunkBytes is a chunk's heap footprint: header, frames, and the reference
// bitmap (one bit per 4-byte slot with compressed oops: 2 bits per word),
// rounded up to 8 bytes.
func chunkBytes(capacity Words, header Bytes) Bytes {
	bitmap := (Bytes(capacity)*2 + 7) / 8
	b := header + capacity.Bytes() + bitmap
	return (b + 7) &^ 7
}

// chunkYoung reports whether the chunk is in the young generation, i.e.
// writing into it needs no GC barriers. (The collector clears c.old's
// complement when it promotes the chunk's object.)
func (s *Sim) chunkYoung(c *stackChunk) bool { return !c.old }

// freezeOutcome says how a freeze placed the frames.
type freezeOutcome uint8

const (
	freezeInPlace freezeOutcome = iota + 1
	freezeReuseFix
	freezeNewChunk
)

// canFreezeInPlace reports whether frames of size need fit the tail chunk c in
// place, and whether that is by the reuse fix. It is the decision the table
// tests check against docs/model.md.
func canFreezeInPlace(c *stackChunk, need Words, young bool, reuseFix bool) (ok bool, byFix bool) {
	if c == nil {
		return false, false
	}
	room := c.capacity - chunkMetaWords - c.used
	if room < need {
		return false, false
	}
	if !c.gcMode && young {
		return true, false
	}
	if reuseFix && c.gcMode && c.used == 0 {
		return true, true
	}
	return false, false
}

// freeze copies the thread's unfrozen frames into its chunks and returns how
// many words it copied. The caller charges the CPU.
func (s *Sim) freeze(ti int32) Words {
	t := &s.th[ti]
	need := t.frames - t.resident
	if need <= 0 {
		return 0
	}
	var tail *stackChunk
	if t.tail >= 0 {
		tail = &s.chunks[t.tail]
	}
	young := tail != nil && s.chunkYoung(tail)
	// Chunk sizes are reported for the freezes of the task's own code, not
	// for pool workers parking between tasks.
	record := t.reason != ParkIdle
	ok, byFix := canFreezeInPlace(tail, need, young, s.reuseFixApplies())
	if ok {
		tail.used += need
		if tail.used > tail.maxUsed {
			tail.maxUsed = tail.used
		}
		t.resident += need
		if byFix {
			s.stats.chunkReuseFix++
			s.emit(EvFreeze, ti, int64(need), int64(freezeReuseFix))
		} else {
			s.stats.chunkInPlace++
			s.emit(EvFreeze, ti, int64(need), int64(freezeInPlace))
		}
		if record {
			// The words frozen and the capacity of the chunk they went to.
			s.recordFreeze(int64(t.frames), int64(tail.capacity))
		}
		return need
	}
	parent := int32(-1)
	if tail != nil {
		if tail.used > 0 {
			parent = t.tail
		} else {
			parent = tail.parent
			s.dropChunk(t.tail)
		}
	}
	ci := s.newChunk(ti, need+chunkMetaWords, parent)
	c := &s.chunks[ci]
	c.used = need
	c.maxUsed = need
	t.tail = ci
	t.resident += need
	if record {
		// The words frozen and the capacity of the chunk they went to.
		s.recordFreeze(int64(t.frames), int64(c.capacity))
	}
	s.emit(EvFreeze, ti, int64(need), int64(freezeNewChunk))
	return need
}

// thaw copies frames back onto the carrier stack when a thread mounts and
// returns the words copied: all of the tail chunk if it is small, else the
// top frames only (the rest waits behind a return barrier).
func (s *Sim) thaw(ti int32) Words {
	t := &s.th[ti]
	if t.tail < 0 || t.resident == 0 {
		return 0
	}
	c := &s.chunks[t.tail]
	var w Words
	if c.used < s.cfg.JVM.ThawFastLimit {
		w = c.used
	} else {
		w = min(t.topWords, c.used)
		if w <= 0 {
			w = c.used
		}
	}
	// takeFrames for the case thaw always has: w fits in the tail chunk,
	// so one chunk gives up frames and only it may empty out. Written out
	// here because a thaw comes with every mount, and the call cost more
	// than the work.
	if w > 0 {
		c.used -= w
		t.resident -= w
		if c.used == 0 && !s.reuseFixApplies() && (c.gcMode || !s.chunkYoung(c)) {
			next := c.parent
			s.dropChunk(t.tail)
			t.tail = next
		}
	}
	if t.resident < 0 {
		t.resident = 0
	}
	return w
}

// thawAll thaws every resident frame (the code returned through the return
// barriers) and returns the words copied.
func (s *Sim) thawAll(ti int32) Words {
	w := s.th[ti].resident
	if w > 0 {
		s.takeFrames(ti, w)
	}
	return w
}

// takeFrames removes w words from the top of the thread's chunk chain. A
// chunk that empties out is unlinked if the GC has seen it (GC mode, or no
// longer young); a young empty chunk stays linked and is reused by the next
// freeze.
func (s *Sim) takeFrames(ti int32, w Words) {
	t := &s.th[ti]
	prev := int32(-1) // the chunk above cur, -1 while cur is the tail
	cur := t.tail
	for w > 0 && cur >= 0 {
		c := &s.chunks[cur]
		take := min(w, c.used)
		c.used -= take
		t.resident -= take
		w -= take
		next := c.parent
		// With the article's reuse fix, an empty GC-mode tail is kept so
		// that the next freeze can write into it (stock HotSpot unlinks it).
		keep := prev < 0 && s.reuseFixApplies()
		if c.used == 0 && !keep && (c.gcMode || !s.chunkYoung(c)) {
			s.dropChunk(cur)
			if prev < 0 {
				t.tail = next
			} else {
				s.chunks[prev].parent = next
			}
		} else {
			prev = cur
		}
		cur = next
	}
	if t.resident < 0 {
		t.resident = 0
	}
}

// reuseFixApplies reports whether the patched JVM's chunk reuse is on: it
// exists only for the collectors that have it (Serial and Parallel).
func (s *Sim) reuseFixApplies() bool { return s.cfg.Heap.ReuseFix && s.gc.reuseFix() }

// newChunk allocates a StackChunk of the given capacity in eden.
func (s *Sim) newChunk(owner int32, capacity Words, parent int32) int32 {
	size := chunkBytes(capacity, s.cfg.Heap.ChunkHeader)
	b := s.alloc(size, CatChunk)
	var ci int32
	if n := len(s.chunkFree); n > 0 {
		ci = s.chunkFree[n-1]
		s.chunkFree = s.chunkFree[:n-1]
	} else {
		s.chunks = append(s.chunks, stackChunk{})
		ci = int32(len(s.chunks) - 1)
	}
	s.nextChunkID++
	tier := TierC2
	if t := s.th[owner].task; t >= 0 {
		tier = s.tasks[t].tier
	}
	s.chunks[ci] = stackChunk{id: s.nextChunkID, blob: b, parent: parent, owner: owner,
		capacity: capacity, born: s.now, bornTier: tier}
	s.heap.blobs[b].ref = ci
	s.stats.chunksAllocated++
	s.stats.chunkBytes += size
	s.liveChunks++
	return ci
}

// dropChunk makes a chunk garbage.
func (s *Sim) dropChunk(ci int32) {
	c := &s.chunks[ci]
	if c.owner < 0 {
		return
	}
	ob := &s.heap.blobs[c.blob]
	old, size := ob.sp == SpaceOld, ob.size
	s.heap.kill(c.blob)
	s.liveChunks--
	s.stats.chunksDropped++
	if old {
		// Its bytes stay in the old gen as garbage until a Full GC; what the
		// picture draws of it moves to the abandoned list, and its slot is
		// free now (kill released its object).
		s.abandoned.add(abandonedChunk{id: c.id, capacity: int32(c.capacity),
			used: int32(c.used), tier: c.bornTier, gcMode: c.gcMode}, size)
		s.chunkFree = append(s.chunkFree, ci)
		c.clear()
		return
	}
	// A young dead chunk's slot is recycled when the next collection frees
	// its object (gc.go: releaseBlob); until then it is drawn in its space.
	c.owner = -1
	c.parent = -1
}

// dropChain makes all of a thread's chunks garbage (the thread ended).
func (s *Sim) dropChain(ti int32) {
	t := &s.th[ti]
	for ci := t.tail; ci >= 0; {
		next := s.chunks[ci].parent
		s.dropChunk(ci)
		ci = next
	}
	t.tail = -1
	t.resident = 0
}
