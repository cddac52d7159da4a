package view

import "github.com/loomlab/loomlab/sim"

// Stack frames and StackChunks are drawn in the StackChunk colour unless
// the chunks drawn carry more than one JIT tier. With one tier (most
// frames: everything is C2 by then) a tier colour told nothing, and
// newcomers read C2's yellow as "memory" and its legend as jargon; with
// two or more, the tiers are the vt-pooling story (a chunk keeps the size
// its frames had when it was made), so each gets its colour back.

// chunksByTier reports whether the live chunks the snapshot lists carry
// more than one tier (dead chunks are grey whatever their tier).
func chunksByTier(snap *sim.Snapshot) bool {
	var seen meaningSet
	for i := range snap.ChunkBlocks {
		b := &snap.ChunkBlocks[i]
		if !b.Dead {
			seen |= 1 << TierMeaning(b.Tier)
		}
	}
	return bits(seen) > 1
}

// stackMeaning is the meaning of frames compiled at tier t in a frame
// whose chunks are drawn by tier (byTier) or not.
func stackMeaning(t sim.Tier, byTier bool) Meaning {
	if byTier {
		return TierMeaning(t)
	}
	return MeanChunkData
}
