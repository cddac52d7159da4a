package view

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// The pool's sleeping threads, drawn at the task queue's scale under its
// grid, say that scale in their own panel, at every size: on the desktop
// frame the "1 square = 20" under the queue's grid was the only one, and
// a reader counted the row's 10 squares as 10 threads, while the phone's
// row said "1 square = 5". The said scale is the drawn one: the row's
// squares times it are the panel's threads; with no scale said, each
// thread is a square.
func TestPoolThreadsSayTheirOwnScale(t *testing.T) {
	in, side := runScene(t, sceneCase{"request-load", "pool-200", 600 * sim.Millisecond})
	bare := in
	withContrast(t, &in, "request-load", "virtual-per-request", "virtual threads")
	sizes := append([][3]float32{{1134, 464, 1}, phoneCanvas}, sceneSizes...)
	scaleOf := regexp.MustCompile(`square = ([0-9,]+)`)
	for _, with := range []SideInput{in, bare} {
		for _, sz := range sizes {
			name := fmt.Sprintf("%gx%g@%g contrast=%v", sz[0], sz[1], sz[2], with.Contrast != nil)
			var l List
			Build(&l, sz[0], sz[1], &Header{Scenario: "request-load", Time: with.Snap.Time}, []*Side{side}, []SideInput{with}, &Options{Scale: sz[2]})
			var panel Rect
			for _, r := range l.Regions() {
				if r.Name == "waiting threads" {
					panel = r.R
				}
			}
			require.False(t, panel.Empty(), "%s: the pool's threads are drawn", name)
			k, words := 0, []string{}
			var marks []Rect
			for i := range l.Items[:l.legendFrom] {
				it := &l.Items[i]
				if !panel.Contains(it.Bounds()) {
					continue
				}
				if it.Kind == KindText {
					words = append(words, it.Text)
					if m := scaleOf.FindStringSubmatch(it.Text); m != nil {
						k, _ = strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
					}
				} else if it.Meaning == MeanPlatform {
					marks = append(marks, it.Bounds())
				}
			}
			squares := countSquares(marks, max(1, sz[2]))
			n := 0
			for _, c := range with.Snap.PlatformParked {
				n += c
			}
			if k == 0 {
				// No scale said: one square a thread, all of them.
				assert.Equal(t, n, squares, "%s: the pool's threads' panel says no scale (%q), so draws a square per thread", name, words)
				continue
			}
			assert.Equal(t, (n+k-1)/k, squares, "%s: %d threads at the said %d a square", name, n, k)
		}
	}
}

// countSquares counts the squares of a grid drawn as runs (cellGrid.span:
// a rectangle per run of squares, gaps included, in rows): the squares'
// side is the lowest run's height, and a last square drawn as part of one
// counts as one.
func countSquares(runs []Rect, gap float32) int {
	if len(runs) == 0 {
		return 0
	}
	cell := runs[0].H
	for _, r := range runs {
		cell = min(cell, r.H)
	}
	n := 0
	for _, r := range runs {
		cols := int(math.Ceil(float64((r.W+gap)/(cell+gap)) - 0.01))
		rows := int(math.Round(float64((r.H + gap) / (cell + gap))))
		n += cols * rows
	}
	return n
}
