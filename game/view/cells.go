package view

// Cell grids (tokens, density cells, OS threads, chunk cells) are drawn as
// runs: each run of same-coloured cells is at most three rectangles (the
// rest of its first row, its full rows, the start of its last row), and the
// gaps between cells are then painted over in the background colour. A grid
// of 2,000 cells becomes about a hundred rectangles instead of 2,000, which
// is most of a 10,000-thread frame's drawing cost; the picture is the same.

// cellGrid is a grid of cells laid out left to right, top to bottom:
// squares of side cell, or cellW wide when cellW is set (the StackChunk
// strip's bricks).
type cellGrid struct {
	r         Rect
	cols      int
	cell, gap float32
	cellW     float32 // 0: square cells
}

func (g *cellGrid) width() float32 {
	if g.cellW > 0 {
		return g.cellW
	}
	return g.cell
}

// pitch is the distance between rows; pitchX between columns.
func (g *cellGrid) pitch() float32  { return g.cell + g.gap }
func (g *cellGrid) pitchX() float32 { return g.width() + g.gap }

// rows returns how many rows n cells take.
func (g *cellGrid) rows(n int) int { return (n + g.cols - 1) / g.cols }

// capacity is how many cells fit the grid's rectangle.
func (g *cellGrid) capacity() int { return g.cols * max(0, int((g.r.H+g.gap)/g.pitch())) }

// cellRect returns the rectangle of cell i.
func (g *cellGrid) cellRect(i int) Rect {
	return Rect{X: g.r.X + float32(i%g.cols)*g.pitchX(), Y: g.r.Y + float32(i/g.cols)*g.pitch(), W: g.width(), H: g.cell}
}

// span draws cells [i0, i1) in colour c, gaps included (gaps() cuts them
// out afterwards).
func (g *cellGrid) span(l *List, i0, i1 int, c Color) {
	if i1 <= i0 {
		return
	}
	p, px := g.pitch(), g.pitchX()
	rowRect := func(row, c0, c1 int) Rect {
		return Rect{X: g.r.X + float32(c0)*px, Y: g.r.Y + float32(row)*p, W: float32(c1-c0)*px - g.gap, H: g.cell}
	}
	r0, r1 := i0/g.cols, (i1-1)/g.cols
	if r0 == r1 {
		l.Rect(rowRect(r0, i0%g.cols, (i1-1)%g.cols+1), c)
		return
	}
	l.Rect(rowRect(r0, i0%g.cols, g.cols), c)
	if r1 > r0+1 {
		full := rowRect(r0+1, 0, g.cols)
		full.H = float32(r1-r0-1)*p - g.gap
		l.Rect(full, c)
	}
	l.Rect(rowRect(r1, 0, (i1-1)%g.cols+1), c)
}

// gaps paints the gaps between the first n cells in bg.
func (g *cellGrid) gaps(l *List, n int, bg Color) {
	if n <= 0 || g.gap <= 0 {
		return
	}
	rows := g.rows(n)
	cols := min(n, g.cols)
	p, px := g.pitch(), g.pitchX()
	h := float32(rows)*p - g.gap
	w := float32(cols)*px - g.gap
	for c := 1; c < cols; c++ {
		l.Rect(Rect{X: g.r.X + float32(c)*px - g.gap, Y: g.r.Y, W: g.gap, H: h}, bg)
	}
	for r := 1; r < rows; r++ {
		l.Rect(Rect{X: g.r.X, Y: g.r.Y + float32(r)*p - g.gap, W: w, H: g.gap}, bg)
	}
}

// runs draws consecutive runs of cells, then the gaps, and returns the
// number of cells drawn (never more than fit in r).
func (g *cellGrid) runs(l *List, segs []segment, bg Color) int {
	capacity := g.capacity()
	i := 0
	for _, s := range segs {
		n := min(s.n, capacity-i)
		n0 := len(l.Items)
		g.span(l, i, i+n, s.c)
		l.tag(n0, s.m)
		i += n
	}
	g.gaps(l, i, bg)
	return i
}

// RoundScale is the smallest of 1, 2, 5, 10, 20, 50, ... that is at least
// k: a grid's "1 square = 54 chunks" or "= 13 threads" made a reader
// divide by odd numbers, and two grids side by side at 13 and 167 read as
// noise.
func RoundScale(k int) int {
	for step := 1; ; step *= 10 {
		for _, m := range [...]int{1, 2, 5} {
			if m*step >= k {
				return m * step
			}
		}
	}
}
