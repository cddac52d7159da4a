package view

import "github.com/loomlab/loomlab/sim"

// Hit-testing: while it draws, the view notes where each thread's token
// went (a carrier lane with its mounted thread, a CPU lane with its
// platform thread, a labelled or single-cell token in the run queue or a
// parked group, a StackChunk block with its owner). A click on the canvas
// then maps back to a thread with HitTest, and the followed thread is
// outlined wherever it appears. Density cells stand for many threads and
// are not targets.

// Hit is one drawn target: the rectangle a thread (or its chunk) occupies
// on side Side.
type Hit struct {
	R      Rect
	Side   int
	Thread sim.ThreadID
	// Chunk: the target is one of the thread's StackChunks, not its token.
	Chunk bool
}

// hits are the targets of a list, in drawing order, and the side being
// drawn.
type hits struct {
	list []Hit
	side int
}

func (h *hits) reset() { h.list, h.side = h.list[:0], 0 }

// hit notes that thread id is drawn at r on the side being drawn.
func (l *List) hit(r Rect, id sim.ThreadID) {
	if id != 0 && !r.Empty() {
		l.hits.list = append(l.hits.list, Hit{R: r, Side: l.hits.side, Thread: id})
	}
}

// chunkHit notes a StackChunk block of thread id.
func (l *List) chunkHit(r Rect, id sim.ThreadID) {
	if id != 0 && !r.Empty() {
		l.hits.list = append(l.hits.list, Hit{R: r, Side: l.hits.side, Thread: id, Chunk: true})
	}
}

// Hits returns the list's targets (valid until the next Reset).
func (l *List) Hits() []Hit { return l.hits.list }

// HitTest returns the target under the point (x, y) in device pixels: the
// smallest that contains it (a token inside a lane wins over the lane).
// slop widens small targets (cells of a few pixels) by up to that many
// pixels on each side, so a finger or an imprecise click still finds one.
func (l *List) HitTest(x, y, slop float32) (Hit, bool) {
	best, found := Hit{}, false
	bestArea := float32(0)
	for pass := 0; pass < 2 && !found; pass++ {
		for _, h := range l.hits.list {
			r := h.R
			if pass == 1 {
				// Second pass: grow small targets up to a minimum size.
				gx, gy := max(0, min(slop, (2*slop-r.W)/2)), max(0, min(slop, (2*slop-r.H)/2))
				r = Rect{X: r.X - gx, Y: r.Y - gy, W: r.W + 2*gx, H: r.H + 2*gy}
			}
			if x < r.X || y < r.Y || x >= r.Right() || y >= r.Bottom() {
				continue
			}
			if a := r.W * r.H; !found || a < bestArea {
				best, bestArea, found = h, a, true
			}
		}
	}
	return best, found
}

// markFollowed outlines every target of the followed thread of each side
// (Options.Followed[side]), drawn over the sides so it is never hidden.
func markFollowed(l *List, o *Options, p *Palette, sc float32) {
	if o == nil || len(o.Followed) == 0 {
		return
	}
	w := max(2, 2*sc)
	for _, h := range l.hits.list {
		if h.Side >= len(o.Followed) || o.Followed[h.Side] == 0 || h.Thread != o.Followed[h.Side] {
			continue
		}
		r := h.R
		if h.Chunk {
			l.MarkFrame(Rect{X: r.X - 1, Y: r.Y - 1, W: r.W + 2, H: r.H + 2}, max(1, sc), MeanFollowed, p)
			continue
		}
		l.MarkFrame(Rect{X: r.X - w, Y: r.Y - w, W: r.W + 2*w, H: r.H + 2*w}, w, MeanFollowed, p)
	}
}
