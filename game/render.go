//go:build js

package game

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/loomlab/loomlab/game/view"
)

// renderer rasterises a display list with as few DrawTriangles calls as
// possible: consecutive shapes share one batch (a white pixel tinted per
// vertex), consecutive text runs share another (the glyph atlas), and a
// batch is flushed only when the source image or filter changes or it is
// full. Thousands of rectangles therefore cost one or two calls.
type renderer struct {
	white *ebiten.Image // 1×1 white sub-image of a 3×3 image (no edge bleeding)
	atlas *atlas
	vs    []ebiten.Vertex
	is    []uint16
	src   *ebiten.Image
	lin   bool
	op    ebiten.DrawTrianglesOptions
}

// batchVertices is the flush threshold, below Ebiten's per-call limits.
const batchVertices = 60000

func (r *renderer) init() {
	if r.white != nil {
		return
	}
	w := ebiten.NewImage(3, 3)
	w.Fill(image.White)
	r.white = w.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	r.atlas = newAtlas()
}

func (r *renderer) draw(dst *ebiten.Image, l *view.List) {
	r.init()
	for i := range l.Items {
		it := &l.Items[i]
		switch it.Kind {
		case view.KindRect:
			r.use(dst, r.white, false, 4)
			r.quad(it.X, it.Y, it.X+it.W, it.Y, it.X+it.W, it.Y+it.H, it.X, it.Y+it.H, 1.5, 1.5, 1.5, 1.5, it.Color)
		case view.KindLine:
			dx, dy := it.X2-it.X, it.Y2-it.Y
			n := float32(math.Hypot(float64(dx), float64(dy)))
			if n == 0 {
				continue
			}
			ox, oy := -dy/n*it.Size/2, dx/n*it.Size/2
			r.use(dst, r.white, false, 4)
			r.quad(it.X+ox, it.Y+oy, it.X2+ox, it.Y2+oy, it.X2-ox, it.Y2-oy, it.X-ox, it.Y-oy, 1.5, 1.5, 1.5, 1.5, it.Color)
		case view.KindCircle:
			r.circle(dst, it)
		case view.KindText:
			r.text(dst, it)
		}
	}
	r.flush(dst)
}

// use makes src the current batch's source, flushing when it changes or
// when n more vertices would not fit.
func (r *renderer) use(dst, src *ebiten.Image, linear bool, n int) {
	if r.src != src || r.lin != linear || len(r.vs)+n > batchVertices {
		r.flush(dst)
		r.src, r.lin = src, linear
	}
}

func (r *renderer) flush(dst *ebiten.Image) {
	if len(r.is) > 0 && r.src != nil {
		r.op.Filter = ebiten.FilterNearest
		if r.lin {
			r.op.Filter = ebiten.FilterLinear
		}
		dst.DrawTriangles(r.vs, r.is, r.src, &r.op)
	}
	r.vs, r.is = r.vs[:0], r.is[:0]
}

func vertex(x, y, sx, sy float32, c view.Color) ebiten.Vertex {
	return ebiten.Vertex{DstX: x, DstY: y, SrcX: sx, SrcY: sy,
		ColorR: float32(c.R) / 255, ColorG: float32(c.G) / 255, ColorB: float32(c.B) / 255, ColorA: float32(c.A) / 255}
}

// quad adds a quadrilateral (corners clockwise) with a source rectangle.
func (r *renderer) quad(x0, y0, x1, y1, x2, y2, x3, y3, sx0, sy0, sx1, sy1 float32, c view.Color) {
	b := uint16(len(r.vs))
	r.vs = append(r.vs, vertex(x0, y0, sx0, sy0, c), vertex(x1, y1, sx1, sy0, c),
		vertex(x2, y2, sx1, sy1, c), vertex(x3, y3, sx0, sy1, c))
	r.is = append(r.is, b, b+1, b+2, b, b+2, b+3)
}

func (r *renderer) circle(dst *ebiten.Image, it *view.Item) {
	segs := int(min(32, max(8, it.Size*1.5)))
	r.use(dst, r.white, false, segs+1)
	b := uint16(len(r.vs))
	r.vs = append(r.vs, vertex(it.X, it.Y, 1.5, 1.5, it.Color))
	for i := 0; i < segs; i++ {
		a := 2 * math.Pi * float64(i) / float64(segs)
		r.vs = append(r.vs, vertex(it.X+it.Size*float32(math.Cos(a)), it.Y+it.Size*float32(math.Sin(a)), 1.5, 1.5, it.Color))
	}
	for i := 0; i < segs; i++ {
		r.is = append(r.is, b, b+1+uint16(i), b+1+uint16((i+1)%segs))
	}
}

func (r *renderer) text(dst *ebiten.Image, it *view.Item) {
	size := it.Size
	// A set rasterised for exactly this cell is drawn pixel for pixel;
	// any other (a 1.25 device scale) is filtered from the next
	// larger set, as nearest sampling would show uneven pixel columns.
	set, exact := r.atlas.set(it.Bold, size)
	cw, ch := view.CharW*size, view.CharH*size
	x, y := it.X, it.Y
	if exact {
		// Whole device pixels: a cell at x.5 would have nearest sampling
		// fall on texel edges, dropping or doubling columns by rounding.
		x, y = float32(math.Round(float64(x))), float32(math.Round(float64(y)))
	}
	for _, c := range it.Text {
		if c != ' ' {
			r.use(dst, r.atlas.img, !exact, 4)
			g := r.atlas.cell(set, c)
			sx0, sy0, sx1, sy1 := float32(g.Min.X), float32(g.Min.Y), float32(g.Max.X), float32(g.Max.Y)
			r.quad(x, y, x+cw, y, x+cw, y+ch, x, y+ch, sx0, sy0, sx1, sy1, it.Color)
		}
		x += cw
	}
}
