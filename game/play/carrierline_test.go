package play

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// Where the carriers' lanes are too low for words, the line over them
// says what each lane's bar is: two newcomers of vt-pooling's frame asked
// whether a bar's length was time or stack size. And the bars' scale is
// the deepest stack's after a seek (no tick between): a frame drawn then
// said "full bar = 2 KB" beside "stack 9.0 KB".
func TestCarrierLineNamesTheBars(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	// 440 px high: at desktopFrame's 464 the opening's lanes have room
	// for their words since it holds one callout, not two.
	var l view.List
	hdr := p.Header()
	p.Build(&l, 1134, 440, &hdr, p.Views(nil), nil, &view.Options{})
	words := frameText(&l)
	assert.Regexp(t, `\n8 of 8 carrier threads run a virtual thread; bar: its stack(, full bar [0-9.]+ [KM]?B)?\n`, words)
}

// Each busy lane says its stack's size before its bar, so that the fill
// is seen inside the track that is its scale: written after the fill, on
// the track, the words cut the lane into a blue block and a grey bar,
// read as two bars (nv226).
func TestLaneStackWordsComeBeforeTheBar(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	l := pageFrame(p)
	lanes := 0
	for _, tx := range l.Items {
		if tx.Kind != view.KindText || !regexp.MustCompile(`^stack [0-9.]+ [KM]?B$`).MatchString(tx.Text) {
			continue
		}
		b := tx.Bounds()
		for _, m := range l.Items {
			if m.Kind == view.KindRect && m.Meaning == view.MeanNativeStack && m.Y >= b.Y && m.Y < b.Bottom() {
				lanes++
				assert.LessOrEqual(t, b.Right(), m.X, "%q ends before its lane's stack at x=%v", tx.Text, m.X)
				break
			}
		}
	}
	assert.Equal(t, 8, lanes, "the premise: 8 busy lanes, each with its words and its stack")
}

func TestStackScaleAfterASeek(t *testing.T) {
	p := pausedAt(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, sim.Time(291*sim.Millisecond))
	words := frameText(desktopFrame(p))
	full := regexp.MustCompile(`full bar = ([0-9.]+) KB`).FindStringSubmatch(words)
	stack := regexp.MustCompile(`stack ([0-9.]+) KB`).FindStringSubmatch(words)
	require.NotNil(t, full, "the premise: the scale said:\n%s", words)
	require.NotNil(t, stack, "the premise: a stack's size said")
	f, _ := strconv.ParseFloat(full[1], 64)
	st, _ := strconv.ParseFloat(stack[1], 64)
	assert.GreaterOrEqual(t, f, st, "the full bar stands for at least the stack drawn in it")
}

// loom-carrier's first screen holds every carrier idle, each with the strip
// of its recent use under it: the title says what the strips are (a
// newcomer asked what the small blue lines under "idle" were).
func TestIdleCarriersTitleNamesTheStrips(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"loom-carrier","case":"unlimited-vthreads","seed":1}`, true)
	words := frameText(desktopFrame(p))
	require.Contains(t, words, "all idle", "the premise: every carrier idle")
	require.True(t, p.Views(nil)[0].Fading(), "the premise: strips under the idle lanes")
	assert.Contains(t, words, "all idle (underline: busy a moment ago)\n")
}
