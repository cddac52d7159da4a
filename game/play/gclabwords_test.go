package play

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/story"
	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// gc-lab's main starts its 1,000 workers one after another over the first
// few hundred ms: while it does, the caption counts them as a part of the
// case's 1,000 ("633 platform threads" under "1,000 pooled workers" read
// as a miscount), and once all run, as they are.
func TestGCLabCaptionCountsTheWorkersStarted(t *testing.T) {
	early := frameText(desktopFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(142*sim.Millisecond))))
	assert.Regexp(t, `\n[0-9,]+ of the 1,000 platform threads started so far, one by one, each its own OS thread, on 2 CPUs`, early)
	later := frameText(desktopFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(2*sim.Second))))
	assert.Regexp(t, `\n1,00[0-9] platform threads, each its own OS thread`, later)
	assert.NotContains(t, later, "started so far")
}

// gc-lab's workers loop on their requests: beside "633 ... platform
// threads started so far", "1,002 requests done" left a reader to guess
// how fewer threads had done more requests. The caption says that each
// thread does request after request, once requests outnumber the threads
// ("one after another" was read as a question).
func TestGCLabCaptionSaysEachThreadDoesManyRequests(t *testing.T) {
	early := frameText(desktopFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(142*sim.Millisecond))))
	assert.Regexp(t, `\b1,00[0-9] requests done \(each thread does request after request\)`, strings.ReplaceAll(early, "\n", " "))
	first := frameText(desktopFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(20*sim.Millisecond))))
	assert.NotContains(t, strings.ReplaceAll(first, "\n", " "), "request after request", "not while threads outnumber the requests")
}

// gc-lab's old generation is empty at its first screen and drawn as one
// line: "empty (not drawn to scale)" left a reader asking why the heap's
// largest space was drawn the smallest, and "empty, so drawn as a line"
// another looking for a line inside it. The line says why it is small.
func TestGCLabEmptyOldGenSaysWhyItIsALine(t *testing.T) {
	assert.Regexp(t, `\nold generation [0-9]+ MB: empty, so drawn this small\n`, gcLabFirstGCScreen(t))
}

// At gc-lab's first GC the survivor space in use is nearly full (10.3 of
// 10.5 MB), and two readers asked whether it was about to spill into the
// old gen. The moment's note says the rule, with the figures the
// survivors' boxes write.
func TestGCLabFirstGCSaysWhereSurvivorsOverflowGo(t *testing.T) {
	words := gcLabFirstGCScreen(t)
	m := regexp.MustCompile(`The survivor space is nearly full \(([0-9.]+ MB) of ([0-9.]+ MB)\): what the next GC cannot fit in the other survivor space goes to the old gen\.`).
		FindStringSubmatch(strings.ReplaceAll(words, "\n", " "))
	require.NotNil(t, m, words)
	assert.Contains(t, words, "\n"+m[1]+"\n", "the box in use writes the same figure")
	assert.Contains(t, words, "\n"+m[2]+"\n", "the empty box writes the space's size")
}

// gcLabFirstGCScreen is the words of gc-lab held at its first GC.
func gcLabFirstGCScreen(t *testing.T) string {
	t.Helper()
	return frameText(desktopFrame(gcLabAtFirstGC(t)))
}

// gcLabOpened is gc-lab's default case opened, held, as the page opens it.
func gcLabOpened(t *testing.T) *Playground {
	t.Helper()
	p := New()
	mustLoad(t, p, `{"scenario":"gc-lab","case":"pooled","seed":1}`)
	require.NoError(t, p.Open(true, false))
	ticksUntilOpened(t, p)
	return p
}

// gcLabAtFirstGC is gc-lab held at its first GC with the moment's note, as
// the page opened on it until the old gen's filling became the lab's
// opening: the opening's run is taken back to the moment, as landOnBest
// takes it to the moment it lands on.
func gcLabAtFirstGC(t *testing.T) *Playground {
	t.Helper()
	p := gcLabOpened(t)
	for _, m := range p.sides[p.primary()].teller.Moments() {
		if m.Kind == story.FirstGC {
			_, err := p.Scrub(m.At, math.MaxInt)
			require.NoError(t, err)
			p.sides[p.primary()].showCallout(m) // (a scrub builds its sides afresh)
			return p
		}
	}
	t.Fatal("gc-lab's run has no first GC")
	return nil
}

// pageFrame is p's frame at the page's size on a 1200-pixel-wide window,
// where the stopped share has its bar and the panels their full height.
func pageFrame(p *Playground) *view.List {
	var l view.List
	hdr := p.Header()
	p.Build(&l, 1134, 638, &hdr, p.Views(nil), nil, &view.Options{}) // as the game builds it
	return &l
}

// Eden at gc-lab's first screen, just after its first GC, holds a few KB
// of 64 MB: its free end does not say "free 64.0 MB" under "eden 9.0 KB of
// 64.0 MB" (read as a contradiction), where the free part rounds to the
// whole.
func TestNearlyEmptySpaceSaysAlmostAllFree(t *testing.T) {
	words := gcLabFirstGCScreen(t)
	assert.Regexp(t, `\neden \(new objects\) [0-9.]+ KB of 64\.0 MB\n`, words, "the premise: eden nearly empty")
	assert.NotContains(t, words, "free 64.0 MB")
	assert.Regexp(t, `\nalmost all free(; parts not to scale)?\n`, words)
}

// gc-lab's panel of platform threads not waiting for a CPU says how they
// wait: beside "platform threads waiting for a CPU", "waiting platform
// threads" was the same words, and a reader added the panels up to tell
// them apart.
func TestGCLabWaitersSayHowTheyWait(t *testing.T) {
	words := frameText(desktopFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(142*sim.Millisecond))))
	require.Contains(t, words, "\nplatform threads waiting for a CPU\n", "the premise: the queue's panel")
	assert.Regexp(t, `\n(platform threads )?sleeping or waiting for work( \(each keeps its OS thread\))?\n`, words)
	assert.NotContains(t, words, "\nwaiting platform threads\n")
}

// The first GC's callout says eden was emptied, as the picture draws it
// just after ("eden filled up" beside an eden "almost all free" was read
// as a contradiction).
func TestFirstGCCalloutSaysEdenEmptied(t *testing.T) {
	words := strings.ReplaceAll(gcLabFirstGCScreen(t), "\n", " ") // the callout wraps
	assert.Contains(t, words, "when eden (64 MB) filled up, every thread stopped while its live objects were copied to the survivors, and eden was emptied (old gen 0 % full).")
	// Eden's size said with "filled up", not in the closing brackets,
	// where "eden 64 MB" was set against the 9.0 KB drawn.
	assert.NotContains(t, words, "(eden 64 MB")
}

// gc-lab's survivor spaces say their size: the pair's label has no room for
// "2 × 10.5 MB", and a reader worked the survivors' 21 MB out of the heap's
// other spaces. The empty box says it above its word ("10.5 MB / empty";
// "spare" was read as the free part of the box in use);
// over "in use" it read as the bytes in use. The box in use says the bytes
// in it: with no figure, a reader asked what it held.
func TestSurvivorBoxesSayTheirSize(t *testing.T) {
	p := gcLabAtFirstGC(t)
	words := frameText(desktopFrame(p))
	// The pair's label counts the spaces, without their size: the two
	// boxes' words side by side were asked whether they were one space
	// or two.
	require.Contains(t, words, "\n2 survivors\n", "the pair's label without the size")
	assert.Equal(t, 1, strings.Count(words, "\n10.5 MB\n"), "the empty box's size:\n%s", words)
	assert.Contains(t, words, "\nempty\n10.5 MB\n", "said in the empty box")
	assert.NotContains(t, words, "spare")
	used := p.Inputs(nil)[0].Snap.Heap.SurvivorUsed
	require.Positive(t, used)
	assert.Contains(t, words, "\nin use\n"+view.Size(used)+"\n", "the bytes in the box in use")
	// Over the box's fill, in the bright ink on a plate: dim words on the
	// pink were read with effort.
	l := desktopFrame(p)
	for i, it := range l.Items {
		if it.Kind == view.KindText && (it.Text == "in use" || it.Text == view.Size(used)) {
			assert.Equal(t, view.OkabeIto.Text, it.Color, it.Text)
			plated := false
			for _, pl := range l.Items[:i] {
				if b := it.Bounds(); pl.Kind == view.KindRect && pl.Meaning == view.MeanNone && pl.X <= b.X && pl.X+pl.W >= b.X+b.W && pl.Y <= b.Y && pl.Y+pl.H >= b.Y+b.H && pl.Color.A < 255 {
					plated = true
				}
			}
			assert.True(t, plated, "%q on a plate", it.Text)
		}
	}
}

// gc-lab's first GC callout gives the pause's length: "First GC at 142 ms"
// beside "7 % of the 141.7 ms so far" stopped left a reader asking when
// the pause began and ended. The share counts the pause whole.
//
// It says when the pause began: the picture stands at its end, so the start
// and the pause add up to the header's clock. (The pause's event had been
// stamped with its end, and the callout said "First GC at 142 ms" of a
// pause from 131 to 142 ms; a reader asked whether it began or ended then.)
func TestFirstGCSaysItsPause(t *testing.T) {
	words := gcLabFirstGCScreen(t)
	m := regexp.MustCompile(`\nFirst GC at ([0-9]+) ms, a ([0-9.]+) ms pause: `).FindStringSubmatch(words)
	require.NotNil(t, m, words)
	clock := regexp.MustCompile(`simulated time ([0-9]+) ms`).FindStringSubmatch(words)
	require.NotNil(t, clock, words)
	start, _ := strconv.ParseFloat(m[1], 64)
	pause, _ := strconv.ParseFloat(m[2], 64)
	now, _ := strconv.ParseFloat(clock[1], 64)
	assert.InDelta(t, now, start+pause, 1, "began at %v ms, %v ms long, shown at %v ms (its end)", start, pause, now)
}

// The share bar's "of the … so far" is the header's simulated time, to
// its digit: "141.7 ms" under "simulated time 142 ms" was read as two
// different times.
func TestStoppedShareUsesTheHeadersClock(t *testing.T) {
	words := frameText(pageFrame(gcLabAtFirstGC(t)))
	m := regexp.MustCompile(`simulated time ([0-9.]+ m?s)`).FindStringSubmatch(words)
	require.NotNil(t, m, words)
	assert.Contains(t, words, "of the "+m[1]+" so far")
}

// The parked panel's groups are stacked as tall as they draw: with equal
// rows, gc-lab's one thread "waiting for work" sat half a panel below the
// 277 sleeping, and a reader took the gap for something missing.
func TestParkedGroupsFollowEachOther(t *testing.T) {
	l := pageFrame(gcLabAtFirstGC(t))
	var sleeping, waiting *view.Item
	for i := range l.Items {
		it := &l.Items[i]
		if it.Kind == view.KindText && strings.HasPrefix(it.Text, "sleeping ") && sleeping == nil {
			sleeping = it
		}
		if it.Kind == view.KindText && strings.HasPrefix(it.Text, "waiting for work") {
			waiting = it
		}
	}
	require.NotNil(t, sleeping, "the premise: two groups")
	require.NotNil(t, waiting, "the premise: two groups")
	cells := sleeping.Y
	for i := range l.Items {
		if it := &l.Items[i]; it.Kind == view.KindRect && it.Meaning == view.MeanPlatform && it.Y >= sleeping.Y && it.Y < waiting.Y {
			cells = max(cells, it.Y+it.H)
		}
	}
	require.Greater(t, cells, sleeping.Y, "the sleeping grid is drawn between the two labels")
	assert.Less(t, waiting.Y-cells, float32(view.CharH), "the second group right under the first's grid")
}

// "waiting" counts one thing on gc-lab's first screen, the threads waiting
// for a CPU: the parked panel's count beside "sleeping or waiting for
// work" is of threads ("278 waiting" over "sleeping 277" and "waiting for
// work 1" was one word for three things).
func TestWaitingCountsOneThing(t *testing.T) {
	words := frameText(desktopFrame(gcLabAtFirstGC(t)))
	counts := regexp.MustCompile(`\n([0-9,]+) waiting\b`).FindAllStringSubmatch(words, -1)
	require.Len(t, counts, 1, "one count says waiting:\n%s", words)
	assert.Contains(t, words, "\nplatform threads waiting for a CPU\n")
	assert.Regexp(t, `\n[0-9,]+ threads( · 1 square = 1 thread)?\nsleeping or waiting for work\n`, words)
}

// The lab's sleeping threads say what their sleep stands for, from the
// sleep step's label ("backend call (sleep)"): two readers asked why 277
// threads slept. vt-basics' sleep is its own workload's Thread.sleep and
// says nothing more.
func TestSleepingThreadsSayWhatTheSleepStandsFor(t *testing.T) {
	lab := frameText(pageFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(142*sim.Millisecond))))
	assert.Regexp(t, `\nsleeping [0-9,]+ \(backend call\)\n`, lab)
	basics := frameText(pageFrame(pausedAt(t, `{"scenario":"vt-basics","case":"memory-virtual","seed":1}`, sim.Time(300*sim.Millisecond))))
	assert.Contains(t, basics, "\nsleeping\n")
	assert.NotContains(t, basics, "(backend call)")
}

// The lab's threads' line puts "each" ahead of both of its sizes: after
// "24 KB each in RAM", a reader asked whether "1.0 MB reserved" was each
// thread's or all of theirs.
func TestGCLabThreadsLineSaysEachOnce(t *testing.T) {
	words := frameText(pageFrame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(142*sim.Millisecond))))
	assert.Regexp(t, `\n  [0-9,]+ platform threads, each: [0-9]+ KB in RAM, 1\.0 MB reserved\n`, words)
}

// Where every waiting thread of the lab sleeps, the panel's title says
// the way and what the sleep stands for in words that read as a phrase.
func TestGCLabSleepersTitleReadsAsAPhrase(t *testing.T) {
	for _, frame := range []func(*Playground) *view.List{pageFrame, desktopFrame} {
		words := frameText(frame(pausedAt(t, `{"scenario":"gc-lab","case":"pooled","seed":1}`, sim.Time(sim.Second))))
		assert.Regexp(t, `\n([0-9,]+ )?sleeping platform threads( \(backend call[;)])?`, words)
		assert.NotContains(t, words, "sleeping (backend call) platform")
		assert.NotContains(t, words, "waiting platform threads")
		assert.NotContains(t, words, "call),")
		assert.Equal(t, 1, strings.Count(words, "backend call"), "said once")
	}
}

// gc-lab has no Full GC in its default run, and it opened on its first
// GC, where readers saw threads waiting and missed the GC's point (rated
// 3 of 5 over four stops). It opens where the old gen passes half full,
// after that GC's pause: the workers' caches, thread-local data, are most
// of the old gen, pointed at from the threads as all of theirs. The
// survivor space the GC left empty says so ("survivor 0 0 B" read as a
// typo).
func TestGCLabOpensWhereTheCachesFillTheOldGen(t *testing.T) {
	p := gcLabOpened(t)
	require.False(t, p.Inputs(nil)[0].Snap.Paused, "not in a pause")
	words := frameText(pageFrame(p))
	one := strings.ReplaceAll(words, "\n", " ")
	assert.Contains(t, one, "The old gen passed half full: most of it thread-local data that stays live as long as its thread.")
	assert.Regexp(t, `\nold generation [0-9]+ MB: 5[0-9] % full`, words)
	// Its fill as live and garbage, adding up as written: "51 % full, 33 %
	// live" left three readers to work out the gap.
	shares := regexp.MustCompile(`\nold generation [0-9]+ MB: ([0-9]+) % full = ([0-9]+) % live \+ ([0-9]+) % garbage\n`).FindStringSubmatch(words)
	if assert.NotNil(t, shares, "the old gen's fill as live + garbage") {
		n := func(s string) int { v, _ := strconv.Atoi(s); return v }
		assert.Equal(t, n(shares[1]), n(shares[2])+n(shares[3]), shares[0])
	}
	assert.Contains(t, words, "\nthread-local data\n", "named in the old gen")
	// Whose caches, all the workers' ("their caches" was read as the
	// CPUs' caches), busy or idle (under the sleeping threads' panel,
	// readers asked whether the running and waiting ones counted).
	// And what the caches are: the block's name (three readers asked
	// whether caches and thread-local data were the same).
	assert.Contains(t, words, "\nall 1,000 threads' caches (thread-local data), busy or idle\n", "pointed at from the threads")
	assert.Regexp(t, `\nsurvivor [01]( [0-9.]+ MB)?: empty\n`, words)
	assert.NotContains(t, words, " 0 B\n")
	// With its size: beside "survivor 1 11.5 MB" a reader could not tell
	// the survivors' size, and the spaces did not add up to the heap.
	size := view.Size(p.Inputs(nil)[0].Snap.Heap.SurvivorCap)
	assert.Regexp(t, `\n(all )?`+regexp.QuoteMeta(size)+` free\n`, words, "the empty survivor's size")
	// And the one in use its free room under "free", where the two do
	// not fit on one line: beside "survivor 1 11.5 MB" five readers asked
	// whether 11.5 MB was its use or its size.
	h := p.Inputs(nil)[0].Snap.Heap
	require.Positive(t, h.SurvivorUsed, "the premise: a survivor space in use")
	assert.Contains(t, words, "\nfree\n"+view.Size(h.SurvivorCap-h.SurvivorUsed)+"\n", "the survivor in use says what is free in it")
}

// The arrow from the threads ends well inside the old gen's thread-local
// data: with its head 16 px in, past the application data's sliver drawn
// before the block, a reader took it to point at that sliver.
func TestGCLabArrowPointsIntoTheThreadLocalData(t *testing.T) {
	p := gcLabOpened(t)
	l := pageFrame(p)
	var block view.Rect
	for _, it := range l.Items {
		if it.Kind == view.KindRect && it.Meaning == view.MeanThreadLocal && it.W*it.H > block.W*block.H {
			block = view.Rect{X: it.X, Y: it.Y, W: it.W, H: it.H}
		}
	}
	require.Greater(t, block.W, float32(100), "the old gen's thread-local block")
	tip, heads := float32(0), 0
	for _, it := range l.Items {
		// The head's two strokes run back and out from its tip.
		if it.Kind == view.KindLine && it.X2 < it.X && it.Y2 != it.Y && it.X > block.X && it.X < block.Right() && it.Y > block.Y && it.Y < block.Bottom() {
			tip, heads = it.X, heads+1
		}
	}
	require.Equal(t, 2, heads, "one arrowhead in the block")
	assert.GreaterOrEqual(t, tip-block.X, float32(30), "the head well inside the block, not at its edge")
}

// A CPU's lane names its thread's role whatever the thread's number: the
// snapshot listed the first 512 platform threads only, and at gc-lab's
// opening CPU 1 drew "#852" beside CPU 2's "#175 pool-worker" (a reader
// asked why one had no name).
func TestCPULanesNameTheirThreadsPastTheListed(t *testing.T) {
	p := gcLabOpened(t)
	words := frameText(pageFrame(p))
	lanes := regexp.MustCompile(`(?m)^CPU [12]\n(#[0-9]+[^\n]*)$`).FindAllStringSubmatch(words, -1)
	require.Len(t, lanes, 2, words)
	past := false
	for _, m := range lanes {
		assert.Regexp(t, `^#[0-9]+ pool-worker$`, m[1])
		n, err := strconv.Atoi(strings.Fields(m[1])[0][1:])
		require.NoError(t, err)
		past = past || n > sim.MaxListed
	}
	assert.True(t, past, "the premise: a thread numbered past the listed ones is on a CPU")
}

// Eden says its size with its use where the two fit with one unit: at
// gc-lab's opening "eden 18.1 MB" beside the heap's "256 MB" was summed
// with the other spaces' as if it were eden's size (the young gen had
// shrunk eden to 29 MB).
func TestGCLabEdenSaysItsSize(t *testing.T) {
	p := gcLabOpened(t)
	h := p.Inputs(nil)[0].Snap.Heap
	assert.Contains(t, frameText(pageFrame(p)), "\neden "+strings.TrimSuffix(view.Size(h.EdenUsed), " MB")+" of "+view.Size(h.EdenCap)+"\n")
}

// On a phone, gc-lab's eden is one line high: its name's plate lay over
// its garbage part's word, which read as the half-hidden letters of
// "garbage" under "eden 18.1 MB". No two words of the frame overlap.
func TestGCLabPhoneWordsDoNotOverlap(t *testing.T) {
	p := gcLabOpened(t)
	l, words := phoneFrame(p)
	require.Contains(t, words, "eden ", "the premise: eden named on the phone")
	texts := shownTexts(l)
	for i, a := range texts {
		for _, b := range texts[i+1:] {
			assert.False(t, overlapBy(a, b, 1), "%q at %v and %q at %v overlap", a.Text, a.Bounds(), b.Text, b.Bounds())
		}
	}
}

// On a phone, gc-lab's old gen is one line high and its lesson, the pink
// block of thread-local data, is named in it, shortly where its full
// name does not fit (it went unnamed: "thread-local data" missed the
// block's width by a few characters).
func TestGCLabPhoneNamesTheLesson(t *testing.T) {
	_, words := phoneFrame(gcLabOpened(t))
	assert.Regexp(t, `\nthread-local( data)?\n`, words)
}

// Under the time stopped for GC, what copying the threads' own data took:
// six of eight readers of the opening asked whether the caches they had
// just been shown caused the 15 %. The figure is the snapshot's and no
// more than the time stopped.
func TestGCLabSaysWhatCopyingTheCachesTook(t *testing.T) {
	p := gcLabOpened(t)
	snap := p.Inputs(nil)[0].Snap
	require.Positive(t, snap.GCCopyLocal, "the premise: young GCs copied thread-local data")
	words := frameText(pageFrame(p))
	m := regexp.MustCompile(`\nstopped for GC: ([0-9.]+ ms), [0-9]+ % of the run\n(?:.*\n){1,3}?([0-9.]+ ms) of it copying new thread-local data to the old gen\n`).FindStringSubmatch(words)
	require.NotNil(t, m, "the copying's part under the time stopped")
	assert.Equal(t, view.Dur(snap.GCPauseTotal), m[1])
	assert.Equal(t, view.Dur(snap.GCCopyLocal), m[2])
	assert.LessOrEqual(t, snap.GCCopyLocal, snap.GCPauseTotal)
}
