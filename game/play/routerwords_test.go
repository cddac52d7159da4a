package play

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// llm-router's judged frame (the scene shot: 300 ms, then a step to the
// next race won) stays short: a reader's eye goes to the races, the
// carriers a line of words under them.
func TestRouterFrameIsShort(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"llm-router","case":"virtual","seed":1}`)
	p.Pause()
	_, err := p.Seek(sim.Time(300*sim.Millisecond), 1<<30)
	require.NoError(t, err)
	f, err := ParseEventFilter("win", 0, 0)
	require.NoError(t, err)
	ok, err := p.StepTo(f)
	require.NoError(t, err)
	require.True(t, ok)
	p.Tick() // the side notes the race won, as a drawn frame does
	w := shownWords(p)
	t.Logf("%d words: %s", len(w), strings.Join(w, " "))
	// 112 before stop 24 folded the carriers' boxes ("carrier 1 / waking
	// -> none", a line over them) to one line of words (80); round 2 drew
	// them back as a row of slots, each naming its thread or "waking up"
	// (93; the budget raised to 95). Round 3 raised it to 98: each
	// running cell says "on carrier 1," before what it does (readers
	// took the bare badges for step numbers or a ranking) and a parked
	// request "awaits calls" (its "parked" beside three running calls
	// read as a contradiction); a box's arrows or a second line grown
	// back fail here. Stop 45 raised it to 100: the races' count says
	// "showing 3 of the 350 races now" (a reader took "2 of the 351
	// races" for all the races there are, another "2 of the 351 races
	// now" for only 2 racing).
	if len(w) > 100 {
		t.Errorf("%d words outside the caption and the legend, more than 100:\n%s", len(w), strings.Join(w, " "))
	}
}

// llm-router's first screen: the request thread of the race just won, its
// thread ended, says so in words, as its calls' cells do ("won, ended"):
// an ended outline around a bare "#183" left two newcomers guessing.
func TestRouterEndedRequestSaysSo(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"llm-router","case":"virtual","seed":1}`, true)
	assert.Regexp(t, `\n#[0-9]+( replied)?, ended\n`, frameText(desktopFrame(p)))
}

// llm-router's first screen: the race just won has replied and its four
// threads have ended, so it is not among "the races now": "3 of the 351
// races now" over 1,400 virtual threads was multiplied out (351 × 4 =
// 1,404) and found wrong. The races now, four threads each (the request's
// and its three calls'), are the threads there are.
func TestRouterRacesNowAreTheThreadsNow(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"llm-router","case":"virtual","seed":1}`, true)
	words := frameText(desktopFrame(p))
	require.Regexp(t, `\n#[0-9]+, ended\n`, words, "the premise: the race just won has ended")
	races := regexp.MustCompile(`\nshowing 1 just ended and [0-9]+ of the ([0-9,]+) other races now(, 4 threads each(?: \(1 for the request \+ [^)]+\))?)?\n`).FindStringSubmatch(words)
	require.NotNil(t, races, "the ended race said apart from the races now:\n%s", words)
	// And how many threads each holds, so the sum needs no working out.
	assert.Equal(t, ", 4 threads each (1 for the request + 1 for each of its 3 calls)", races[2], "which four, where it fits")
	threads := regexp.MustCompile(`\n([0-9,]+) virtual threads = `).FindStringSubmatch(words)
	require.NotNil(t, threads)
	n := func(s string) int { v, _ := strconv.Atoi(strings.ReplaceAll(s, ",", "")); return v }
	assert.Equal(t, n(threads[1]), 4*n(races[1]), "each race now holds four threads")
}

// The compared pair's narrower virtual side keeps the race just won, which
// has ended, out of its count too: it read "showing 1 just ended and 0 of
// the 350 races now" (no row of the races now shown) and, narrower still,
// counted the ended race again. Its races now × 4 are its threads, as on
// the single run's frame.
func TestRouterComparedRacesNowAreTheThreadsNow(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"llm-router","compare":["platform","virtual"],"seed":1}`, true)
	words := frameText(desktopFrame(p))
	require.Contains(t, words, "\nwon, ended\n", "the premise: the race just won has ended")
	races := regexp.MustCompile(`\nshowing 1 just ended(?:; | and [1-9][0-9]* of the )([0-9,]+) other races now(?:, 4 threads each(?: \(the request's \+ 3 calls\))?)?\n`).FindStringSubmatch(words)
	require.NotNil(t, races, "the ended race said apart from the races now:\n%s", words)
	threads := regexp.MustCompile(`\n([0-9,]+) running, \n([0-9,]+) parked, on no carrier\n[0-9]+ carriers`).FindStringSubmatch(words)
	require.NotNil(t, threads, "the virtual side's threads:\n%s", words)
	n := func(s string) int { v, _ := strconv.Atoi(strings.ReplaceAll(s, ",", "")); return v }
	assert.Equal(t, n(threads[1])+n(threads[2]), 4*n(races[1]), "each race now holds four threads")
	// The platform side draws no race row: its count said "0 of 200
	// races" of rows that are not there.
	assert.NotRegexp(t, `\b0 of [0-9,]+ races`, words)
}

// The legend keys the carriers' number badges as the running look ("N
// running on carrier N") only where a carrier runs a thread: at
// llm-router's first screen every carrier is idle, and readers (stops 46
// and 47) looked for the look the legend named and found nothing running.
func TestRouterLegendKeysTheRunningLookOnlyWhenDrawn(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"llm-router","case":"virtual","seed":1}`, true)
	first := frameText(desktopFrame(p))
	require.Contains(t, first, "0 running on 0 of 8 carriers", "the premise: every carrier idle")
	assert.NotContains(t, first, "running on carrier N")
	// Nor the blue as a running fill, nor as a square: there the blue is
	// the parked sign's, keyed by "parked".
	assert.NotContains(t, first, "blue fill = running on a carrier")
	assert.NotContains(t, first, "\nvirtual thread\n")
	assert.Contains(t, first, "\nparked\n")
	// Nor do the carriers say they "run the blue cells" on a phone's
	// frame, or the compared pair's, where no cell is blue.
	_, phone := phoneFrame(p)
	require.Contains(t, phone, "carriers (OS threads)", "the premise: the carriers' line over the slots")
	assert.NotContains(t, phone, "run the blue cells")
	q := New()
	mustLoad(t, q, `{"scenario":"llm-router","case":"virtual","seed":1}`)
	q.Pause()
	_, err := q.Seek(sim.Time(300*sim.Millisecond), 1<<30)
	require.NoError(t, err)
	busy := frameText(desktopFrame(q))
	require.Regexp(t, `\n[1-9][0-9]* running on [1-9]`, busy, "the premise: threads on carriers")
	assert.Contains(t, busy, "\nrunning on carrier N\n")
}

// Later in llm-router's run the race count says how many threads each race
// holds where the live threads are the races', and at the end of the run
// the threads' line does not say "no virtual thread yet" under 10,000
// requests done.
func TestRouterCountsLaterInTheRun(t *testing.T) {
	for _, c := range []struct {
		at   sim.Duration
		want string
	}{{1000 * sim.Millisecond, `\n[0-9]+ of ([0-9,]+) races, all still racing, 4 threads each( \(1 for the request \+ [^)]+\))?\n`}, {3 * sim.Second, `\nno virtual thread left\n`}} {
		p := pausedAt(t, `{"scenario":"llm-router","case":"virtual","seed":1}`, sim.Time(c.at))
		words := frameText(desktopFrame(p))
		assert.Regexp(t, c.want, words, "at %v", c.at)
		assert.NotContains(t, words, "no virtual thread yet", "at %v", c.at)
	}
}

// llm-router's OS threads line gives the resident memory's parts: 50.8 MB
// beside the heap's 1.3 MB in use was a gap readers could not explain;
// most of it is the JVM itself. The parts add up to the total.
func TestRouterResidentMemorySaysItsParts(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"llm-router","case":"virtual","seed":1}`, true)
	words := frameText(desktopFrame(p))
	m := regexp.MustCompile(`; (?:resident )?memory ([0-9.]+) MB = ([0-9.]+) MB heap \+ ([0-9.]+) KB carriers \+ ([0-9.]+) MB JVM\n`).FindStringSubmatch(words)
	require.NotNil(t, m, words)
	num := func(s string) float64 { f, err := strconv.ParseFloat(s, 64); require.NoError(t, err); return f }
	assert.InDelta(t, num(m[1]), num(m[2])+num(m[3])/1024+num(m[4]), 0.11)
}
