package view

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A legend swatch has the shape its meaning's marks have: a reader matches
// a green dot in the picture to a green dot in the legend, an outline to an
// outline. Checked on the swatch's items: a dot is a disc, a frame leaves
// its middle open, a fill covers its box, a hole is a mark in the middle of
// a neutral block, the stopped and native-stack looks are a fill cut by
// neutral stripes or gaps.
func TestLegendSwatchHasItsMarksShape(t *testing.T) {
	r := Rect{X: 10, Y: 10, W: 12, H: 12}
	cx, cy := r.Center()
	for m := Meaning(1); m < meaningCount; m++ {
		var l List
		l.Reset(40, 40)
		drawSwatch(&l, r, m, &OkabeIto, 1)
		var circles, rects, neutral int
		coversCentre, coversBox := false, false
		for _, it := range l.Items {
			if it.Meaning != m {
				neutral++
				continue
			}
			switch it.Kind {
			case KindCircle:
				circles++
			case KindRect:
				rects++
				b := it.Bounds()
				coversCentre = coversCentre || (b.X <= cx && cx < b.Right() && b.Y <= cy && cy < b.Bottom())
				coversBox = coversBox || b.Contains(r) && r.Contains(b)
			}
		}
		name := m.Label()
		switch m.Shape() {
		case ShapeDot:
			assert.Positive(t, circles, "%s: a dot", name)
			assert.Zero(t, rects, "%s: a dot, not a box", name)
		case ShapeFrame:
			assert.Positive(t, rects, "%s: an outline", name)
			assert.False(t, coversCentre, "%s: an outline leaves its middle open", name)
		case ShapeHole:
			assert.True(t, coversCentre && !coversBox && neutral > 0, "%s: a mark in the middle of a neutral block", name)
		case ShapeDiag, ShapeStack:
			assert.True(t, coversBox && neutral > 0, "%s: a fill cut by neutral stripes", name)
		default:
			assert.True(t, coversBox && circles == 0, "%s: a filled box", name)
		}
	}
}

// The shapes the legend promises are the picture's: in every scene, every
// disc stands for a dot's meaning, and every mark of a dot's meaning is a
// disc.
func TestDotsInThePictureAreTheDotMeanings(t *testing.T) {
	discs := 0
	for _, c := range sceneCases() {
		in, side := runScene(t, c)
		var l List
		Build(&l, 1200, 800, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
		for _, it := range l.Items[:l.legendFrom] {
			if it.Meaning == MeanNone {
				continue
			}
			if it.Kind == KindCircle {
				discs++
			}
			assert.Equal(t, it.Meaning.Shape() == ShapeDot, it.Kind == KindCircle, "%s/%s: a %v mark of %q", c.scenario, c.caseID, it.Kind, it.Meaning.Label())
		}
	}
	assert.Positive(t, discs, "some scene draws a thread on a CPU")
}

// The legend's "free" swatch is seen: the free fill is the darkest of
// the heap's fills, next to the legend's own background, so its frame
// carries it, in an ink with at least the 3:1 contrast against the
// backgrounds that WCAG asks of a graphic's parts (SC 1.4.11). Framed in
// a space's edge colour, readers called it "nearly invisible".
func TestFreeSwatchIsSeen(t *testing.T) {
	for _, p := range []*Palette{&OkabeIto, &HighContrast} {
		r := Rect{X: 10, Y: 10, W: 12, H: 12}
		var sw List
		sw.Reset(40, 40)
		drawSwatch(&sw, r, MeanFree, p, 1)
		frames := 0
		for _, it := range sw.Items {
			if it.Meaning == MeanFree {
				continue
			}
			frames++
			for _, bg := range []Color{p.Background, p.Panel} {
				// As drawn: the frame's ink over the background.
				ink := bg.Mix(it.Color, float32(it.Color.A)/255)
				assert.GreaterOrEqual(t, contrastRatio(ink, bg), 3.0, "the swatch's frame %v against %v", it.Color, bg)
			}
			// Not a white square: the frame is dimmer than text, so the
			// dark fill is what the swatch shows.
			assert.Less(t, contrastRatio(p.Background.Mix(it.Color, float32(it.Color.A)/255), p.Background), contrastRatio(p.TextDim, p.Background)*0.6, "the swatch's frame is dimmer than the dim text")
		}
		assert.Positive(t, frames, "the free swatch is framed")
	}
}

// contrastRatio is WCAG 2.1's contrast ratio of two opaque colours.
func contrastRatio(a, b Color) float64 {
	lum := func(c Color) float64 {
		ch := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// LegendHeight is the most a frame's legend takes: every colour with every
// race cell look, with or without a cell drawn running (whose blue is
// listed only then), is no higher, at every width and scale. (A legend
// with only some of the looks can be higher, as the looks shorten some
// labels; frames reserve their own legend's room, which
// TestLegendNeverCutsAnEntry in game/play checks.)
func TestLegendHeightIsTheMost(t *testing.T) {
	colours := meaningSet(1<<meaningCount - 2)
	for _, sc := range []float32{1, 1.5, 2} {
		for w := float32(300); w <= 1300; w += 2 {
			most := LegendHeight(w, sc)
			for _, running := range []meaningSet{0, 1 << runningDrawn} {
				if h := legendHeightFor(w, sc, colours|stateKeys|running); h > most {
					t.Fatalf("width %v at scale %v: a legend of %b is %v high, more than LegendHeight's %v", w, sc, colours|stateKeys|running, h, most)
				}
			}
		}
	}
}
