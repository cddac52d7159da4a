package view

import "github.com/loomlab/loomlab/sim"

// StackChunks (and a stack flying into one as it freezes) are drawn in the
// StackChunk colour unless the chunks drawn carry more than one JIT tier.
// A running thread's stack on its carrier is not: it lives on the
// carrier's native stack, outside the heap, and has a mark of its own
// (drawNativeStack). With one tier (most
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

// drawNativeStack draws a mounted virtual thread's running stack: a deep
// blue bar cut by thin upright gaps into frames, so that it reads as a
// stack and is told apart from the heap's solid StackChunk bricks by its
// pattern as well as its colour.
func drawNativeStack(l *List, r Rect, p *Palette, sc float32) {
	l.Mark(r, MeanNativeStack, p, 1)
	step := max(4, 6*sc)
	for x := r.X + step; x < r.Right()-2; x += step {
		l.Rect(Rect{X: x, Y: r.Y, W: max(1, sc), H: r.H}, p.Background.Alpha(0.55))
	}
}
