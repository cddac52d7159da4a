package play

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
)

// gc-lab's first screen, just after its first GC, has 9.0 KB in a 64 MB
// eden, every part of it under a pixel. Each part is pointed at with its
// size, so that the sizes add up to eden's: with only its two largest
// parts named (3.3 and 4.3 KB), a reader found 1.4 KB of the 9.0 missing.
// At the page's frame (1134 × 638 on a 1200 px wide window) and at a
// shorter one (1134 × 464), where the foot of eden's bar has lines for
// only two of them and the others go above its middle label.
func TestNearlyEmptyEdenNamesEveryPart(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"gc-lab","case":"pooled","seed":1}`)
	require.NoError(t, p.Open(true, false))
	ticksUntilOpened(t, p)
	for _, h := range []float32{638, 464} {
		var l view.List
		hdr := p.Header()
		view.Build(&l, 1134, h, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
		words := frameText(&l)
		eden := regexp.MustCompile(`\neden \(new objects\) ([0-9.]+) KB of 64\.0 MB\n`).FindStringSubmatch(words)
		require.NotNil(t, eden, "the premise at 1134 × %v: eden's title with its KB", h)
		total, _ := strconv.ParseFloat(eden[1], 64)
		var sum float64
		var named int
		for _, line := range regexp.MustCompile(`(?m)^<- .*$`).FindAllString(words, -1) {
			for _, m := range regexp.MustCompile(`[a-z -]+ ([0-9.]+) (KB|B)`).FindAllStringSubmatch(line, -1) {
				v, _ := strconv.ParseFloat(m[1], 64)
				if m[2] == "B" {
					v /= 1024
				}
				sum += v
				named++
			}
		}
		assert.GreaterOrEqual(t, named, 4, "1134 × %v: request data, garbage, app data and thread-local data each named with its size:\n%s", h, words)
		assert.InDelta(t, total, sum, 0.15, "1134 × %v: the parts named add up to eden's %.1f KB", h, total)
		// Drawn as slivers 6 px wide each, the 9.0 KB looked like a
		// twentieth of eden: the free end says they are not to scale.
		assert.Contains(t, words, "\nalmost all free; parts not to scale\n", "1134 × %v", h)
	}
	// A small embed (640 × 400) has one line for them: the largest is
	// named there, not the smallest after a group that did not fit.
	var l view.List
	hdr := p.Header()
	view.Build(&l, 640, 400, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
	assert.Regexp(t, `\n<- thread-local data( [0-9.]+ KB)?\n`, frameText(&l))
}
