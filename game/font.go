//go:build js

package game

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font/basicfont"

	"github.com/loomlab/loomlab/game/view"
)

// The glyph atlas: the 7×13 fixed font of x/image/font/basicfont (derived
// from the public-domain X11 misc-fixed), white glyphs over a half-
// transparent black shadow one pixel down and right, in view.CharW ×
// view.CharH cells indexed by rune (16 to a row). Text is then drawn with
// the same DrawTriangles batches as the shapes and coloured per vertex.
//
// Rejected: ebitenutil's debug font (ebitenutil imports net/http, which
// adds megabytes of TLS code to the wasm) and text/v2 with a TrueType face
// (the shaping library and the font file add more than the whole picture).

const atlasCols = 16

// basicfont covers ASCII only; the labels also use these, drawn from
// ASCII glyphs with a small edit.
const (
	runeMiddleDot = '·'
	runeMicro     = 'µ'
	runeTimes     = '×'
)

func newAtlas() *ebiten.Image {
	return ebiten.NewImageFromImage(buildAtlas())
}

func buildAtlas() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, atlasCols*view.CharW, 16*view.CharH))
	shadow := color.RGBA{A: 0x80}
	for r := rune(0x20); r <= 0xff; r++ {
		mask := glyphMask(r)
		if mask == nil {
			continue
		}
		x0, y0 := glyphCell(r)
		for pass, c := range []color.RGBA{shadow, {R: 0xff, G: 0xff, B: 0xff, A: 0xff}} {
			d := 1 - pass // the shadow pass is offset by one pixel
			for y := range maskH {
				for x := range maskW {
					if mask[y*maskW+x] {
						img.SetRGBA(x0+x+d, y0+y+d, c)
					}
				}
			}
		}
	}
	return img
}

const maskW, maskH = 6, 13

// glyphMask returns r's pixels (maskW × maskH) or nil if the atlas has no
// glyph for it.
func glyphMask(r rune) []bool {
	src := r
	switch r {
	case runeMiddleDot:
		m := make([]bool, maskW*maskH)
		for _, p := range [][2]int{{2, 5}, {3, 5}, {2, 6}, {3, 6}} {
			m[p[1]*maskW+p[0]] = true
		}
		return m
	case '.':
		// basicfont's period is a small plus; drawn at a non-integer
		// canvas scale it read as a comma ("1.000 s" was taken for one
		// thousand seconds). A solid square on the baseline cannot.
		m := make([]bool, maskW*maskH)
		for _, p := range [][2]int{{2, 9}, {3, 9}, {2, 10}, {3, 10}} {
			m[p[1]*maskW+p[0]] = true
		}
		return m
	case runeMicro:
		src = 'u'
	case runeTimes:
		src = 'x'
	}
	if src < 0x20 || src >= 0x7f {
		return nil
	}
	f := basicfont.Face7x13
	m := make([]bool, maskW*maskH)
	base := int(src-0x20) * maskH
	for y := range maskH {
		for x := range maskW {
			m[y*maskW+x] = f.Mask.(*image.Alpha).AlphaAt(x, base+y).A > 0
		}
	}
	if r == runeMicro {
		// A descender on the left stem turns u into µ.
		for y := 9; y < 12; y++ {
			m[y*maskW+0] = true
		}
	}
	return m
}

// glyphCell returns the top-left corner of r's cell; runes without a glyph
// map to '?'.
func glyphCell(r rune) (int, int) {
	if r < 0x20 || r > 0xff || (r >= 0x7f && r != runeMiddleDot && r != runeMicro && r != runeTimes) {
		r = '?'
	}
	return int(r%atlasCols) * view.CharW, int(r/atlasCols) * view.CharH
}

func glyphRect(r rune) image.Rectangle {
	x, y := glyphCell(r)
	return image.Rect(x, y, x+view.CharW, y+view.CharH)
}
