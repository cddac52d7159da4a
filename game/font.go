//go:build js

package game

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/loomlab/loomlab/game/glyph"
	"github.com/loomlab/loomlab/game/view"
)

// The glyph atlas: every set of package glyph (Go Mono, regular and bold,
// rasterised ahead of time for device ratios 1 and 1.5), white antialiased
// glyphs over a half-transparent black shadow one pixel down and right, in
// one image: each set a band of cells, 16 to a row, in glyph.Runes' order.
// Text is drawn with the same DrawTriangles batches as the shapes and
// coloured per vertex.
//
// Rejected: ebitenutil's debug font (ebitenutil imports net/http, which
// adds megabytes of TLS code to the wasm) and text/v2 with a TrueType face
// (the shaping library and the font file add more than the whole picture);
// the X11 7×13 bitmap font (crisp only at whole scales, small and thin).

const atlasCols = 16

// atlas is the font image and where each set's band starts.
type atlas struct {
	img  *ebiten.Image
	band []int // band[i] is the y of glyph.Sets[i]'s first row
}

// glyphIndex maps a rune to its place in glyph.Runes; runes without a
// glyph are drawn as '?'.
var glyphIndex = func() map[rune]int {
	m := make(map[rune]int, len(glyph.Runes))
	for i, r := range glyph.Runes {
		m[r] = i
	}
	return m
}()

func newAtlas() *atlas {
	rows := (len(glyph.Runes) + atlasCols - 1) / atlasCols
	a := &atlas{}
	w, h := 0, 0
	for _, s := range glyph.Sets {
		a.band = append(a.band, h)
		w = max(w, atlasCols*s.W)
		h += rows*s.H + 1 // a blank row between bands: no bleeding when filtered
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i, s := range glyph.Sets {
		alpha := glyph.Alpha(i)
		cell := s.W * s.H
		at := func(k, x, y int) int {
			if x < 0 || y < 0 || x >= s.W || y >= s.H {
				return 0
			}
			return int(alpha[k*cell+y*s.W+x])
		}
		for k := range glyph.Runes {
			x0, y0 := (k%atlasCols)*s.W, a.band[i]+(k/atlasCols)*s.H
			for y := range s.H {
				for x := range s.W {
					// Premultiplied white glyph over a black shadow of
					// half its coverage.
					g, sh := at(k, x, y), at(k, x-1, y-1)/2
					o := (y0+y)*img.Stride + (x0+x)*4
					v := uint8(g)
					img.Pix[o], img.Pix[o+1], img.Pix[o+2] = v, v, v
					img.Pix[o+3] = uint8(g + sh*(255-g)/255)
				}
			}
		}
	}
	a.img = ebiten.NewImageFromImage(img)
	return a
}

// set picks the rasterisation for text of the given scale: the one whose
// cell is exactly the cell drawn (then it is drawn pixel for pixel) or
// else the smallest larger one (the largest if none is), scaled with
// filtering; it reports whether the cell matches.
func (a *atlas) set(bold bool, size float32) (int, bool) {
	want := view.CharW * size
	best := -1
	for i, s := range glyph.Sets {
		if s.Bold != bold {
			continue
		}
		w := float32(s.W)
		if w > want-0.01 && w < want+0.01 {
			return i, true
		}
		if best < 0 {
			best = i
			continue
		}
		bw := float32(glyph.Sets[best].W)
		if (w >= want && (bw < want || w < bw)) || (bw < want && w > bw) {
			best = i
		}
	}
	return best, false
}

// cell is the source rectangle of r in set i.
func (a *atlas) cell(i int, r rune) image.Rectangle {
	k, ok := glyphIndex[r]
	if !ok {
		k = glyphIndex['?']
	}
	s := glyph.Sets[i]
	x, y := (k%atlasCols)*s.W, a.band[i]+(k/atlasCols)*s.H
	return image.Rect(x, y, x+s.W, y+s.H)
}
