package main

import (
	"fmt"
	"image"
	"image/color"
	"sort"
	"testing"

	"github.com/loomlab/loomlab/game/view"
)

// pictureRegions says where the playground draws each side's carrier lanes
// and heap in a screenshot of its canvas (w×h device pixels at scale 1),
// using the picture's own layout functions (game/view is pure Go). lanes
// is each side's lane count. Structured-scope panels move nothing the
// check looks at in the wide layout and little in the tall one, so they are
// left out.
func pictureRegions(w, h int, lanes []int) map[string]image.Rectangle {
	fw, fh := float32(w), float32(h)
	cl := view.LayoutCanvas(fw, fh, len(lanes), view.LegendHeight(fw, 1), 1)
	out := map[string]image.Rectangle{}
	for i, r := range cl.Sides {
		sl := view.LayoutSide(r, lanes[i], false, 1)
		out[fmt.Sprintf("side %d lanes", i+1)] = rect(sl.Lanes)
		out[fmt.Sprintf("side %d heap", i+1)] = rect(sl.Heap)
	}
	return out
}

func rect(r view.Rect) image.Rectangle {
	return image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H))
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

// checkPicture: each side's lane and heap regions are drawn (some ink,
// several colours) and, given a second picture, something in them moved.
func checkPicture(t *testing.T, name string, lanes []int, a, b image.Image) {
	t.Helper()
	bounds := a.Bounds()
	if bounds.Dx() < 100 || bounds.Dy() < 100 {
		t.Fatalf("%s: the playground is %v, too small to check", name, bounds)
	}
	regions := pictureRegions(bounds.Dx(), bounds.Dy(), lanes)
	names := make([]string, 0, len(regions))
	for rn := range regions {
		names = append(names, rn)
	}
	sort.Strings(names)
	moved := 0.0
	for _, rn := range names {
		r := regions[rn]
		inked, colours := regionStats(a, r)
		t.Logf("%s %s %v: %.1f%% inked, %d colours", name, rn, r, 100*inked, colours)
		if r.Dx() < 20 || r.Dy() < 10 {
			t.Errorf("%s: the %s region %v is too small to see", name, rn, r)
			continue
		}
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
