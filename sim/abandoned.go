package sim

// Abandoned StackChunks: chunks that died in the old generation, garbage
// there until the next Full GC. Their bytes are in the old gen's used bytes
// and nothing in the model reads them one by one; only the picture draws
// them until they are collected. So a chunk's object and chunk slots are
// freed when it dies in old (stackchunk.go: dropChunk), and what is kept
// is their number, their bytes, and an even sample of what the picture
// draws: memory that does not grow with the hundreds of thousands of chunks
// a large heap abandons between two Full GCs.

// abandonedSample bounds the sample: twice what a snapshot lists, so that
// a snapshot's even pick never needs the same sampled chunk twice.
const abandonedSample = 2 * MaxChunks

// abandonedChunk is what the picture draws of an abandoned chunk.
type abandonedChunk struct {
	id       ChunkID
	capacity int32
	used     int32
	tier     Tier
	gcMode   bool
}

// abandonedChunks are the chunks abandoned since the last Full GC: sample
// holds the 0th, stride-th, 2·stride-th, … of the n, in the order they died.
type abandonedChunks struct {
	n      int
	stride int // a power of two; 0 counts as 1
	bytes  Bytes
	sample []abandonedChunk
}

// add counts one more abandoned chunk of size bytes. When the sample is
// full, every other entry goes and the stride doubles, so the sample stays
// even over all of them.
func (a *abandonedChunks) add(c abandonedChunk, size Bytes) {
	if a.stride == 0 {
		a.stride = 1
	}
	if a.n%a.stride == 0 && len(a.sample) == abandonedSample {
		k := 0
		for i := 0; i < len(a.sample); i += 2 {
			a.sample[k] = a.sample[i]
			k++
		}
		a.sample = a.sample[:k]
		a.stride *= 2
	}
	if a.n%a.stride == 0 {
		a.sample = append(a.sample, c)
	}
	a.n++
	a.bytes += size
}

// reset forgets them: a Full GC collected them.
func (a *abandonedChunks) reset() {
	a.n, a.stride, a.bytes = 0, 1, 0
	a.sample = a.sample[:0]
}
