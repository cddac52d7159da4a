// Package glyph holds the picture's font: Go Mono and Go Mono Bold
// rasterised ahead of time into fixed cells with antialiased alpha, four
// bits a pixel, in atlas.bin (written by ./gen, whose test fails when the
// committed file differs from a fresh rasterisation). The canvas only reads
// the table: the TrueType parser and rasteriser stay out of the wasm, which
// grows by the table's few tens of kilobytes instead of a font file plus a
// shaping library.
//
// The Go fonts are by Bigelow & Holmes for the Go project, under the BSD
// licence of golang.org/x/image (see gen/main.go's header).
package glyph

import _ "embed"

//go:generate go run ./gen

// Runes are the runes drawn, in the table's order: printable ASCII and the
// three others the picture writes (the middle dot, micro and times signs).
// Anything else is written by game/view.Plain in ASCII first.
var Runes = func() []rune {
	var rs []rune
	for r := rune(0x20); r < 0x7f; r++ {
		rs = append(rs, r)
	}
	return append(rs, '·', 'µ', '×')
}()

// A Set is one face rasterised at one pixel size into W × H cells whose
// advance is W. The canvas renders at the device's pixel ratio capped at
// 1.5 (game.MaxDeviceScale), so the sets are the cells drawn at ratios 1
// and 1.5, each pixel for pixel: the regular face at the ordinary size
// (8 × 16, 12 × 24) and at twice it at ratio 1 (16 × 32, large thread
// tokens), the bold one for the caption (10 × 20, 15 × 30) and for a
// caption fallen to the ordinary size (8 × 16, 12 × 24). Any other size
// (a ratio of 1.25) is scaled from the next larger set.
type Set struct {
	Bold bool
	W, H int
	// Px is the font size in pixels handed to the rasteriser; Gen's
	// hinting rounds its advance to W.
	Px float64
}

// Sets are the rasterisations in the table, in its order. The cells keep
// the 1:2 shape of view.CharW × view.CharH so a set can stand in for
// another size when scaled.
var Sets = []Set{
	{Bold: false, W: 8, H: 16, Px: 14},
	{Bold: false, W: 12, H: 24, Px: 20},
	{Bold: false, W: 16, H: 32, Px: 27},
	{Bold: true, W: 8, H: 16, Px: 14},
	{Bold: true, W: 12, H: 24, Px: 20},
	{Bold: true, W: 10, H: 20, Px: 16.7},
	{Bold: true, W: 15, H: 30, Px: 25},
}

//go:embed atlas.bin
var table []byte

// Alpha returns the coverage (0–255) of set i's glyphs: len(Runes) cells
// of W × H pixels, one after another, row by row.
func Alpha(i int) []byte {
	off := 0
	for _, s := range Sets[:i] {
		off += s.W * s.H * len(Runes) / 2
	}
	s := Sets[i]
	n := s.W * s.H * len(Runes)
	out := make([]byte, n)
	for k := range n {
		b := table[off+k/2]
		if k%2 == 0 {
			b >>= 4
		}
		out[k] = (b & 0x0f) * 0x11
	}
	return out
}
