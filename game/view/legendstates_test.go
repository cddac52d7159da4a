package view

import (
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// phoneCanvas is the page's canvas on a phone 390 CSS pixels wide at
// device scale 2 (the shots' phone frame).
var phoneCanvas = [3]float32{712, 890, 2}

// legendTexts is the words of the legend drawn in l, in order.
func legendTexts(l *List) string {
	var out []string
	for _, it := range l.Items[l.legendFrom:] {
		if it.Kind == KindText {
			out = append(out, it.Text)
		}
	}
	return strings.Join(out, " | ")
}

// Where the races are the side's picture, the legend says what the race
// cells' looks mean (fresh readers asked what the hollow outline, the
// cross, the green frame and the dim square were) on a desktop's canvas
// and a phone's, within the room the canvas reserved, and on no canvas
// with more than one line more than the colours alone take (on a phone's
// they took the race rows' room); a frame without races lists none.
func TestRaceFrameLegendNamesTheCellLooks(t *testing.T) {
	in, side := runScene(t, sceneCase{"llm-router", "virtual", 300 * sim.Millisecond})
	in.Models = []string{"haiku", "sonnet", "opus"}
	for _, size := range append([][3]float32{{1134, 464, 1}, phoneCanvas}, sceneSizes...) {
		var l List
		Build(&l, size[0], size[1], &Header{Scenario: "llm-router"}, []*Side{side}, []SideInput{in}, &Options{Scale: size[2]})
		require.True(t, SceneOf(&in, true).ScopesLead)
		txt := legendTexts(&l)
		// Every legend item is inside the canvas: the room reserved
		// covers the lines drawn (drawLegend leaves out what falls below).
		for _, it := range l.Items[l.legendFrom:] {
			assert.LessOrEqual(t, it.Bounds().Bottom(), size[1]+0.01, "%v: %q below the canvas", size, it.Text)
		}
		w, sc := size[0], size[2]
		assert.LessOrEqual(t, legendFlow(w, sc, l.used, l.heapUsed, l.outsideHeap, l.queued, nil),
			flowLegend(w, sc, l.used&^legendKeys, l.heapUsed, l.outsideHeap, l.queued, nil)+1, "%v: the looks add more than a line: %s", size, txt)
		if size[0] < 1134 && size != phoneCanvas {
			continue
		}
		// The blue keyed as the running cells' look with its carrier's
		// badge (a phone's readers took "virtual thread" for every cell
		// and guessed what the badges counted).
		for _, want := range []string{"parked", "cancelled", "ended", badgeSample + " | running on carrier " + badgeSample} {
			assert.Contains(t, txt, want, "%v: legend %s", size, txt)
		}
		// "ready" keyed only where a ready look is drawn: none is ready
		// at this instant, and the threads' line drops its ready count.
		if in.Snap.RunQueueLen == 0 {
			assert.NotContains(t, txt, "ready", "%v: no thread is ready: legend %s", size, txt)
		} else {
			assert.Contains(t, txt, "ready", "%v: legend %s", size, txt)
		}
		// One legend: the looks under the threads' heading, after the
		// threads' colours ("threads:" and "a thread's state:" read as
		// two legends).
		assert.NotContains(t, txt, stateKeyGroup, "%v: legend %s", size, txt)
		assert.LessOrEqual(t, strings.Count(txt, "threads:"), 1, "%v: legend %s", size, txt)
		// The races' cells draw no green dot (the blue fill says running
		// on a carrier): the legend keys none.
		assert.NotContains(t, txt, "on a CPU", "%v: legend %s", size, txt)
		assert.NotContains(t, txt, "virtual thread", "%v: the blue is the running look, not every thread: %s", size, txt)
		if size[1] < 800 {
			// A desktop's legend stays one line.
			ys := map[float32]bool{}
			for _, it := range l.Items[l.legendFrom:] {
				if it.Kind == KindText {
					ys[it.Y] = true
				}
			}
			assert.Len(t, ys, 1, "%v: legend %s", size, txt)
		}
	}
	other, oside := runScene(t, sceneCase{"request-load", "pool-200", 600 * sim.Millisecond})
	var l List
	Build(&l, 1200, 800, &Header{}, []*Side{oside}, []SideInput{other}, &Options{Scale: 1})
	assert.NotContains(t, legendTexts(&l), stateKeyGroup, "no race cell drawn")
}

// The looks take the threads' heading only where the threads' colours
// come last before them; after another group they keep their own (else
// "threads:" would head them after the heap's colours).
func TestStateLooksShareTheThreadsHeading(t *testing.T) {
	looks := meaningSet(1 << stateKey(callReady))
	assert.Equal(t, meanings[MeanVirtual].group, stateGroupIn(looks|1<<MeanVirtual|1<<MeanOnCPU))
	assert.Equal(t, stateKeyGroup, stateGroupIn(looks|1<<MeanVirtual|1<<MeanChunkData))
	assert.Equal(t, stateKeyGroup, stateGroupIn(looks))
}

// The legend's "won its race" swatch is the won cell's look as the races
// draw it: the ended cell's thin dim outline (its thread has ended with the
// answer) and the winner's tick, with no thick frame of the winner's ink
// around the tick (that read as a ticked checkbox); the "ended" swatch is
// the outline alone. The badge is keyed, drawn as the cells' badges are (a
// number in a dim-framed box), beside "= its carrier".
func TestRaceLegendTellsWonFromEndedAndKeysTheBadge(t *testing.T) {
	in, side := runScene(t, sceneCase{"llm-router", "virtual", 300 * sim.Millisecond})
	in.Models = []string{"haiku", "sonnet", "opus"}
	var l List
	Build(&l, 1134, 464, &Header{Scenario: "llm-router"}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	legend := l.Items[l.legendFrom:]
	p := (&Options{Scale: 1}).palette()
	thick, thinDim, ticks := 0, 0, 0
	for _, it := range legend {
		switch {
		case it.Kind == KindRect && it.Meaning == MeanWinner && min(it.W, it.H) >= wonFrame(1)-0.01:
			thick++
		case it.Kind == KindRect && it.Color == p.TextDim && min(it.W, it.H) < wonFrame(1):
			thinDim++
		case it.Kind == KindLine && it.Meaning == MeanWinner:
			ticks++
		}
	}
	assert.Zero(t, thick, "no thick frame of the winner's ink in the legend: %s", legendTexts(&l))
	assert.GreaterOrEqual(t, ticks, 2, "the won swatch has the winner's tick: %s", legendTexts(&l))
	assert.GreaterOrEqual(t, thinDim, 8, "the won and the ended swatches are thin outlines in the dim ink")
	txt := legendTexts(&l)
	assert.Contains(t, txt, badgeSample+" | running on carrier "+badgeSample, "the badge's swatch is its number: %s", txt)
	assert.Contains(t, txt, "won, ended", "the won swatch says its thread ended too: %s", txt)
	assert.NotContains(t, txt, "= its carrier", "one entry for the running look and its badge: %s", txt)
}
