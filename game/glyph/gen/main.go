// Command gen rasterises the picture's font table (../atlas.bin) from Go
// Mono and Go Mono Bold with golang.org/x/image/font/opentype. It runs
// natively ("go generate ./game/glyph"); the canvas links only the table.
//
// The Go fonts: Copyright (c) 2016 Bigelow & Holmes Inc. All rights
// reserved. Distributed under the terms of the Go license (BSD-style),
// as the rest of golang.org/x/image.
package main

import (
	"fmt"
	"image"
	"math"
	"os"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/loomlab/loomlab/game/glyph"
)

func main() {
	b, err := table()
	if err == nil {
		err = os.WriteFile("atlas.bin", b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "glyph gen:", err)
		os.Exit(1)
	}
}

// table rasterises every set of glyph.Sets, four bits a pixel, two pixels
// a byte (the first in the high nibble).
func table() ([]byte, error) {
	var out []byte
	for _, s := range glyph.Sets {
		a, err := rasterise(s)
		if err != nil {
			return nil, err
		}
		for k := 0; k < len(a); k += 2 {
			out = append(out, nibble(a[k])<<4|nibble(a[k+1]))
		}
	}
	return out, nil
}

func nibble(a uint8) byte { return byte((int(a) + 8) / 17) }

// rasterise draws s's glyphs, each in its W × H cell: hinted so stems
// fall on whole pixels, with the capitals and descenders centred in the
// height (text centred in a lane has its ink centred; the canvas's drop
// shadow, a pixel down, takes the room left under the descenders).
func rasterise(s glyph.Set) ([]uint8, error) {
	src := gomono.TTF
	if s.Bold {
		src = gomonobold.TTF
	}
	f, err := opentype.Parse(src)
	if err != nil {
		return nil, err
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: s.Px, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, err
	}
	defer face.Close()
	m := face.Metrics()
	capH, desc := m.CapHeight.Round(), m.Descent.Round()
	base := (s.H-capH-desc)/2 + capH
	out := make([]uint8, 0, s.W*s.H*len(glyph.Runes))
	for _, r := range glyph.Runes {
		adv, ok := face.GlyphAdvance(r)
		if !ok {
			return nil, fmt.Errorf("%q has no glyph in the font", r)
		}
		if adv.Round() != s.W {
			return nil, fmt.Errorf("%q advances %d px at %v px, not the cell's %d", r, adv.Round(), s.Px, s.W)
		}
		dst := image.NewAlpha(image.Rect(0, 0, s.W, s.H))
		d := font.Drawer{Dst: dst, Src: image.Opaque, Face: face, Dot: fixed.P(0, base)}
		d.DrawString(string(r))
		switch r {
		case '.':
			clear(dst.Pix)
			squareDot(dst, base, s.W)
		case '·':
			clear(dst.Pix)
			squareDot(dst, base-(capH*2/5), s.W)
		}
		for _, a := range dst.Pix {
			out = append(out, lift(a))
		}
	}
	return out, nil
}

// lift raises partial coverage (a gamma of 0.75): the canvas blends in
// sRGB, where light text on the dark panels with plain coverage looks
// thinner and greyer than it is; the lift gives the one-pixel stems of the
// small size their weight back.
func lift(a uint8) uint8 {
	return uint8(math.Round(255 * math.Pow(float64(a)/255, 0.75)))
}

// squareDot draws a solid square whose bottom is at y, for the full stop
// (on the baseline) and the middle dot (at mid capital height): an
// antialiased round dot blurs, at a scaled canvas, into a smudge that
// reads as a comma ("1.000 s" was once taken for a thousand), and the
// font's middle dot is a faint pixel at the small size.
func squareDot(dst *image.Alpha, y, w int) {
	base := y
	side := max(2, int(math.Round(float64(w)/4)))
	x0 := (w - side) / 2
	for y := base - side; y < base; y++ {
		for x := x0; x < x0+side; x++ {
			dst.Pix[y*dst.Stride+x] = 0xff
		}
	}
}
