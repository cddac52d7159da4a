package main

import (
	"image"
	"image/color"
	"testing"
)

// pictureRegions says where the playground draws its carrier lanes and its
// heap, in a screenshot of the iframe of size w×h.
func pictureRegions(w, h int) map[string]image.Rectangle {
	return map[string]image.Rectangle{
		"lanes": image.Rect(0, 0, w, h/2),
		"heap":  image.Rect(0, h/2, w, h),
	}
}

// regionStats summarises a region: the share of pixels that differ from its
// most common colour, and the number of distinct colours (4 bits a channel).
func regionStats(img image.Image, r image.Rectangle) (inked float64, colours int) {
	r = r.Intersect(img.Bounds())
	counts := map[uint16]int{}
	total := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			counts[quant(img.At(x, y))]++
			total++
		}
	}
	if total == 0 {
		return 0, 0
	}
	top := 0
	for _, n := range counts {
		if n > top {
			top = n
		}
	}
	return 1 - float64(top)/float64(total), len(counts)
}

func quant(c color.Color) uint16 {
	r, g, b, _ := c.RGBA()
	return uint16(r>>12)<<8 | uint16(g>>12)<<4 | uint16(b>>12)
}

// changed is the share of pixels of r that differ between two pictures.
func changed(a, b image.Image, r image.Rectangle) float64 {
	r = r.Intersect(a.Bounds()).Intersect(b.Bounds())
	n, total := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if quant(a.At(x, y)) != quant(b.At(x, y)) {
				n++
			}
			total++
		}
	}
	if total == 0 {
		return 0
	}
	return float64(n) / float64(total)
}

// checkPicture: each region is drawn (some ink, several colours) and, given
// a second picture, something moved between the two.
func checkPicture(t *testing.T, name string, a, b image.Image) {
	t.Helper()
	bounds := a.Bounds()
	if bounds.Dx() < 100 || bounds.Dy() < 100 {
		t.Fatalf("%s: the playground is %v, too small to check", name, bounds)
	}
	regions := pictureRegions(bounds.Dx(), bounds.Dy())
	moved := 0.0
	for _, rn := range []string{"lanes", "heap"} {
		r := regions[rn]
		inked, colours := regionStats(a, r)
		t.Logf("%s %s %v: %.1f%% inked, %d colours", name, rn, r, 100*inked, colours)
		if inked < 0.02 || colours < 3 {
			t.Errorf("%s: the %s region %v looks empty: %.2f%% of it differs from its main colour, %d colours",
				name, rn, r, 100*inked, colours)
		}
		if b != nil {
			moved += changed(a, b, r)
		}
	}
	if b != nil && moved < 0.0005 {
		t.Errorf("%s: nothing moved in the lanes or the heap between two screenshots", name)
	}
}
