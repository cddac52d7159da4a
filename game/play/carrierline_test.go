package play

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// Where the carriers' lanes are too low for words, the line over them
// says what each lane's bar is: two newcomers of vt-pooling's frame asked
// whether a bar's length was time or stack size. And the bars' scale is
// the deepest stack's after a seek (no tick between): a frame drawn then
// said "full bar = 2 KB" beside "stack 9.0 KB".
func TestCarrierLineNamesTheBars(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	words := frameText(desktopFrame(p))
	assert.Regexp(t, `\n8 of 8 carrier threads run a virtual thread; bar: its stack(, full bar [0-9.]+ [KM]?B)?\n`, words)
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
