package view

import (
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

// The legend's "free" swatch looks like a bar's free part: the free fill
// within the frame a space draws round it. In a frame of its own colour
// (the dim text's) it read as a hollow square beside bars whose free
// parts are filled.
func TestFreeSwatchIsABarsFreePart(t *testing.T) {
	for _, p := range []*Palette{&OkabeIto, &HighContrast} {
		space := Rect{X: 0, Y: 0, W: 200, H: 60}
		var bar List
		bar.Reset(300, 100)
		drawSpace(&bar, space, "old generation", "old", nil, 100, 0, nil, 0, p, 1)
		var spaceFrame Color
		for _, it := range bar.Items {
			if it.Kind == KindRect && it.Meaning == MeanNone && it.X == space.X && it.Y == space.Y && it.W == space.W && it.H <= 2 {
				spaceFrame = it.Color // the last: the frame over the fill's edge
			}
		}
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
			assert.Equal(t, spaceFrame, it.Color, "the swatch's frame is a space's")
		}
		assert.Positive(t, frames, "framed, as a space is")
	}
}
