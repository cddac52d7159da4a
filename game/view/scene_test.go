package view

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// sceneCase is one scenario's case run to a moment.
type sceneCase struct {
	scenario, caseID string
	at               sim.Duration
}

// sceneCases are every scenario's default case a little into its run,
// plus the moments the readers were shown.
func sceneCases() []sceneCase {
	var out []sceneCase
	for _, sc := range scenario.All() {
		out = append(out, sceneCase{sc.ID, sc.DefaultCase, 200 * sim.Millisecond})
	}
	return append(out,
		sceneCase{"request-load", "pool-200", 600 * sim.Millisecond},
		sceneCase{"request-load", "pool-200", 101 * sim.Millisecond}, // a worker wakes with every CPU idle
		sceneCase{"llm-router", "virtual", 300 * sim.Millisecond},
		sceneCase{"vt-pooling", "1g-pool", 2350 * sim.Millisecond},
		sceneCase{"vt-basics", "memory-platform", 300 * sim.Millisecond},
	)
}

// runScene runs a case to its moment with events recorded and returns the
// side's input and a side that has ticked over the last events.
func runScene(t testing.TB, c sceneCase) (SideInput, *Side) {
	sc, err := scenario.Get(c.scenario)
	require.NoError(t, err)
	sm, _, err := sc.NewSim(c.caseID, nil, 1)
	require.NoError(t, err)
	sm.Advance(sim.Time(c.at-2*sim.Millisecond), 1<<30)
	sm.Record(1 << 14)
	sm.Advance(sim.Time(c.at), 1<<30)
	ev, _ := sm.DrainEvents(nil)
	snap := &sim.Snapshot{}
	sm.Fill(snap)
	side := NewSide()
	side.Tick(snap, ev, true)
	virtual := snap.VirtualLive > 0 || len(snap.Carriers) > 0
	// BaseMeasured as game/play sets it from the profile (its story test
	// checks loom-carrier's measured JVM threads and vt-pooling's estimate).
	in := SideInput{Case: c.caseID, Snap: snap, Virtual: virtual, Scopes: len(snap.Scopes) > 0, Requests: 10000,
		BaseMeasured: c.scenario == "loom-carrier",
		Caption:      "A caption of two plain sentences says what is happening now and why, with the numbers that matter. It wraps and is never cut."}
	return in, side
}

// sceneSizes: a large canvas, the page's desktop canvas (800 × 500: the
// frame the readers are shown), a phone's canvas (390 CSS pixels at device
// scale 1.5), a small embed.
var sceneSizes = [][3]float32{{1200, 800, 1}, {800, 500, 1}, {555, 1100, 1.5}, {640, 400, 1}}

// neutral reports whether c (ignoring alpha) is one of the colours that
// carry no meaning: backgrounds, panels, edges, text, the error red.
func neutral(p *Palette, c Color) bool {
	c.A = 255
	for _, n := range []Color{p.Background, p.Panel, p.PanelEdge, p.Grid, p.Panel.Mix(p.Grid, 0.4), p.Text, p.TextDim, p.TextWarn, p.Error} {
		if n == c {
			return true
		}
	}
	return false
}

// checkGrammar checks one display list against the colour grammar and the
// legend, and that no text was cut.
func checkGrammar(t *testing.T, l *List, p *Palette, name string) {
	t.Helper()
	drawn := meaningSet(0)
	colour := map[Color]Meaning{}
	bad := 0
	fail := func(format string, args ...any) {
		if bad < 8 {
			t.Errorf(name+": "+format, args...)
		}
		bad++
	}
	for i := range l.Items {
		it := &l.Items[i]
		c := it.Color
		c.A = 255
		if it.Kind == KindText {
			if it.Meaning != MeanNone {
				fail("text %q is tagged %v", it.Text, it.Meaning.Label())
			}
			if bareNumber(it.Text) && !slices.Contains(l.names, i) {
				fail("text %q is a number without words saying what it counts", it.Text)
			}
			if !neutral(p, c) {
				// A word in a meaning's colour would give that colour a
				// second meaning the legend does not list.
				fail("text %q has colour %v, which is not a text colour", it.Text, c)
			}
			continue
		}
		if it.Meaning == MeanNone {
			if !neutral(p, c) {
				fail("item %d (%v at %+v) has colour %v but no meaning: it cannot be traced to the legend", i, it.Kind, it.Bounds(), c)
			}
			continue
		}
		if !it.Meaning.isTime() && inTimeChart(l, it.Bounds()) {
			// A time chart's bar in a thread's colour reads as that
			// thread (request-load's pool bar in the platform pink).
			fail("item %d at %+v in a time chart is tagged %q, not a time", i, it.Bounds(), it.Meaning.Label())
		}
		want := it.Meaning.Color(p)
		if c != want {
			fail("item %d tagged %q has colour %v, not the meaning's %v", i, it.Meaning.Label(), c, want)
		}
		if m, ok := colour[c]; ok && m != it.Meaning {
			fail("colour %v means both %q and %q", c, m.Label(), it.Meaning.Label())
		}
		colour[c] = it.Meaning
		drawn |= 1 << it.Meaning
	}
	var legend meaningSet
	for _, m := range l.Legend() {
		legend |= 1 << m
	}
	seen := visibleMeanings(l, p)
	for m := Meaning(1); m < meaningCount; m++ {
		switch {
		case drawn.has(m) && !legend.has(m) && !blueInLooksOnly(m, l.used):
			// (The threads' blue where no race cell runs is keyed by the
			// looks it is drawn in: the parked sign, the ready outline.)
			fail("%q is drawn but not in the legend", m.Label())
		case legend.has(m) && !drawn.has(m):
			fail("the legend lists %q, which is not drawn", m.Label())
		case m == MeanRequest && legend.has(m) && strings.Contains(labelIn(m, l.used, l.heapUsed, l.outsideHeap), "queue") && !l.outsideHeap.has(m):
			// vt-pooling's legend once said "queued" with no queue drawn.
			fail("the legend says requests are queued, but no queue is drawn")
		case legend.has(m) && !seen.has(m):
			// Drawn, but under something drawn later (a label's plate
			// over a sliver): a reader looks for it and finds nothing.
			fail("the legend lists %q, whose marks are hidden under other things", m.Label())
		}
	}
	for _, s := range l.Cut() {
		fail("text cut to fit: %q", s)
	}
	assertInside(t, l, name)
}

// inTimeChart reports whether b lies in one of the frame's time charts.
func inTimeChart(l *List, b Rect) bool {
	for _, r := range l.timeCharts {
		if r.Contains(b) {
			return true
		}
	}
	return false
}

// minVisible is how many pixels of a meaning's marks must show for a
// reader to find it: a 3 × 3 patch (a small embed's OS-thread cells are
// 2 pixels high).
const minVisible = 9

// visibleMeanings paints the picture's marks (the legend's swatches left
// out) into a buffer of who is on top at each pixel and returns the
// meanings with at least minVisible pixels showing. Neutral rectangles
// cover what is under them unless mostly transparent (a label's plate
// does; the gaps' thin stripes do not); text and lines cover nothing.
func visibleMeanings(l *List, p *Palette) meaningSet {
	n := pixelCounts(l, Rect{})
	var out meaningSet
	for m := Meaning(1); m < meaningCount; m++ {
		if n[m] >= minVisible {
			out |= 1 << m
		}
	}
	return out
}

// pixelCounts is how many pixels of each meaning show in the picture
// (the legend left out), by the rules of visibleMeanings, in clip (the
// whole canvas when empty).
func pixelCounts(l *List, clip Rect) [meaningCount]int {
	w, h := int(l.W+0.5), int(l.H+0.5)
	top := make([]Meaning, w*h)
	paint := func(x0, y0, x1, y1 float32, m Meaning, inside func(px, py float32) bool) {
		// Pixels whose centres lie in the box.
		i0, i1 := max(0, int(x0+0.5)), min(w, int(x1+0.5))
		j0, j1 := max(0, int(y0+0.5)), min(h, int(y1+0.5))
		for j := j0; j < j1; j++ {
			for i := i0; i < i1; i++ {
				if inside == nil || inside(float32(i)+0.5, float32(j)+0.5) {
					top[j*w+i] = m
				}
			}
		}
	}
	end := l.legendFrom
	if end <= 0 || end > len(l.Items) {
		end = len(l.Items)
	}
	for i := range l.Items[:end] {
		it := &l.Items[i]
		if it.Meaning == MeanNone && it.Color.A < 153 {
			continue
		}
		switch it.Kind {
		case KindRect:
			paint(it.X, it.Y, it.X+it.W, it.Y+it.H, it.Meaning, nil)
		case KindCircle:
			cx, cy, r := it.X, it.Y, it.Size
			paint(cx-r, cy-r, cx+r, cy+r, it.Meaning, func(px, py float32) bool { return (px-cx)*(px-cx)+(py-cy)*(py-cy) <= r*r })
		case KindLine:
			// A meaning's stroke (a won cell's tick) shows; a neutral
			// line covers nothing.
			if it.Meaning == MeanNone {
				continue
			}
			x0, y0, x1, y1, hw := it.X, it.Y, it.X2, it.Y2, it.Size/2
			paint(min(x0, x1)-hw, min(y0, y1)-hw, max(x0, x1)+hw, max(y0, y1)+hw, it.Meaning, func(px, py float32) bool {
				return segmentDist2(px, py, x0, y0, x1, y1) <= hw*hw
			})
		}
	}
	if clip.Empty() {
		clip = Rect{W: l.W, H: l.H}
	}
	var n [meaningCount]int
	for j := max(0, int(clip.Y)); j < min(h, int(clip.Bottom())); j++ {
		for i := max(0, int(clip.X)); i < min(w, int(clip.Right())); i++ {
			n[top[j*w+i]]++
		}
	}
	return n
}

// segmentDist2 is the squared distance from (px, py) to the segment from
// (x0, y0) to (x1, y1).
func segmentDist2(px, py, x0, y0, x1, y1 float32) float32 {
	dx, dy := x1-x0, y1-y0
	t := float32(0)
	if d := dx*dx + dy*dy; d > 0 {
		t = max(0, min(1, ((px-x0)*dx+(py-y0)*dy)/d))
	}
	ex, ey := x0+t*dx-px, y0+t*dy-py
	return ex*ex + ey*ey
}

// The visibility check fails when a mark lies under a label's plate: the
// case of a legend entry no reader could find in the frame.
func TestHiddenMarksAreNotSeen(t *testing.T) {
	var l List
	l.Reset(100, 40)
	l.Mark(Rect{X: 10, Y: 10, W: 4, H: 10}, MeanRequest, &OkabeIto, 1)
	l.Mark(Rect{X: 30, Y: 10, W: 4, H: 10}, MeanApp, &OkabeIto, 1)
	l.Rect(Rect{X: 8, Y: 8, W: 20, H: 14}, OkabeIto.Background.Alpha(0.7))
	seen := visibleMeanings(&l, &OkabeIto)
	assert.False(t, seen.has(MeanRequest), "a mark under a plate")
	assert.True(t, seen.has(MeanApp), "a mark in the open")
}

// Every meaning has its own colour in each palette, none of them neutral.
func TestPaletteColoursMeanOneThing(t *testing.T) {
	for _, p := range Palettes {
		seen := map[Color]Meaning{}
		for m := Meaning(1); m < meaningCount; m++ {
			c := m.Color(p)
			assert.False(t, neutral(p, c), "%s: %q has a neutral colour", p.Name, m.Label())
			if o, ok := seen[c]; ok {
				t.Errorf("%s: %q and %q share %v", p.Name, o.Label(), m.Label(), c)
			}
			seen[c] = m
			assert.NotEmpty(t, m.Label())
		}
	}
}

// Every scenario's scene obeys the grammar at every size and palette:
// each colour means one thing, every coloured mark is in the legend, the
// legend lists nothing that is not drawn, and no text is cut.
func TestScenesObeyTheColourGrammar(t *testing.T) {
	for _, c := range sceneCases() {
		in, side := runScene(t, c)
		for _, sz := range sceneSizes {
			for _, p := range Palettes {
				var l List
				name := fmt.Sprintf("%s/%s at %v %gx%g@%g %s", c.scenario, c.caseID, c.at, sz[0], sz[1], sz[2], p.Name)
				o := &Options{Palette: p, Scale: sz[2], Motion: true, DevOverlay: true}
				Build(&l, sz[0], sz[1], &Header{Scenario: c.scenario, Time: sim.Time(c.at), Speed: 1, Running: true, Stats: "60 fps"},
					[]*Side{side}, []SideInput{in}, o)
				checkGrammar(t, &l, p, name)
			}
		}
	}
}

// Compare mode: two or three sides on one canvas obey it too, and during
// a GC pause the banner is written once per paused side.
func TestCompareScenesObeyTheColourGrammar(t *testing.T) {
	a, sa := runScene(t, sceneCase{"request-load", "pool-200", 600 * sim.Millisecond})
	b, sb := runScene(t, sceneCase{"request-load", "virtual-per-request", 600 * sim.Millisecond})
	c, scc := runScene(t, sceneCase{"request-load", "platform-per-request", 600 * sim.Millisecond})
	for _, sz := range sceneSizes {
		var l List
		Build(&l, sz[0], sz[1], &Header{Scenario: "request-load"}, []*Side{sa, sb, scc}, []SideInput{a, b, c}, &Options{Scale: sz[2]})
		checkGrammar(t, &l, &OkabeIto, fmt.Sprintf("compare %gx%g", sz[0], sz[1]))
	}
}

// request-load's judged frame, the pool at 600 ms with the virtual
// threads' run beside it, obeys the grammar at every size and palette,
// its time bars included: they are times, not threads (the pool's once
// took the platform threads' pink, registered as a platform thread).
func TestTimeBarsObeyTheColourGrammar(t *testing.T) {
	in, side := runScene(t, sceneCase{"request-load", "pool-200", 600 * sim.Millisecond})
	withContrast(t, &in, "request-load", "virtual-per-request", "virtual threads")
	// The judged frames (desktop, phone) and the scene sizes.
	judged := [][3]float32{{1134, 464, 1}, phoneCanvas}
	for i, sz := range append(judged, sceneSizes...) {
		for _, p := range Palettes {
			var l List
			Build(&l, sz[0], sz[1], &Header{Scenario: "request-load", Time: in.Snap.Time}, []*Side{side}, []SideInput{in}, &Options{Palette: p, Scale: sz[2]})
			name := fmt.Sprintf("time bars %gx%g@%g %s", sz[0], sz[1], sz[2], p.Name)
			checkGrammar(t, &l, p, name)
			if i >= len(judged) {
				continue // a small canvas may leave the bars out
			}
			// The premise: the bars are drawn, in a chart the check
			// knows as one, with marks in it.
			require.Len(t, l.timeCharts, 1, name)
			marks := 0
			for i := range l.Items[:l.legendFrom] {
				if it := &l.Items[i]; it.Meaning != MeanNone && inTimeChart(&l, it.Bounds()) {
					marks++
				}
			}
			require.GreaterOrEqual(t, marks, 2, "%s: both runs' bars", name)
		}
	}
}

// lab converts c to CIE L*a*b* (D65), for distances as the eye sees them.
func lab(c Color) [3]float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	r, g, b := lin(c.R), lin(c.G), lin(c.B)
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// Meanings drawn as plain fills (told apart by colour alone) are far
// enough apart to be told apart at a glance: a CIE76 distance of 20 or
// more (C2's yellow and the old yellow-green of requests were 17 apart
// and read as one colour).
func TestFilledMeaningsLookDifferent(t *testing.T) {
	for _, p := range Palettes {
		for a := Meaning(1); a < meaningCount; a++ {
			for b := a + 1; b < meaningCount; b++ {
				if !fillLike(a) || !fillLike(b) {
					continue
				}
				la, lb := lab(a.Color(p)), lab(b.Color(p))
				d := math.Sqrt((la[0]-lb[0])*(la[0]-lb[0]) + (la[1]-lb[1])*(la[1]-lb[1]) + (la[2]-lb[2])*(la[2]-lb[2]))
				assert.GreaterOrEqual(t, d, 20.0, "%s: %q and %q look alike", p.Name, a.Label(), b.Label())
			}
		}
	}
}

// fillLike: the meaning's marks are filled areas (a dot is a small one).
func fillLike(m Meaning) bool {
	return m.Shape() == ShapeFill || m.Shape() == ShapeDot || m.Shape() == ShapeStack
}

// bareNumber reports whether a text run has digits but no word: a number
// a reader cannot tell the meaning of ("8,782" beside squares). Thread
// ids ("#1423") are names, not counts.
func bareNumber(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "#") {
		return false
	}
	digits, letters := false, false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits = true
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			letters = true
		}
	}
	return digits && !letters
}

// Every square grid says its scale, and the parked groups side by side
// share one: llm-router's sockets and subtasks groups at 0.3 s once read
// "square = 16" beside "square = 5". At the page's desktop canvas size.
func TestSquareScalesAreSaidAndShared(t *testing.T) {
	scaleOf := regexp.MustCompile(`square = ([0-9,]+) *([a-z]*)`)
	for _, c := range []sceneCase{{"llm-router", "virtual", 300 * sim.Millisecond}, {"vt-pooling", "1g-pool", 2350 * sim.Millisecond}} {
		in, side := runScene(t, c)
		var l List
		Build(&l, 800, 498, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
		// Per thing counted (threads, chunks): one scale.
		scales := map[string]map[string]bool{}
		for _, it := range l.Items {
			if m := scaleOf.FindStringSubmatch(it.Text); it.Kind == KindText && m != nil && m[1] != "1" {
				noun := strings.TrimSuffix(m[2], "s")
				if noun == "" {
					noun = "thread" // a plate's short form counts threads
				}
				if scales[noun] == nil {
					scales[noun] = map[string]bool{}
				}
				scales[noun][m[1]] = true
			}
		}
		if SceneOf(&in, true).ScopesLead {
			// The races are the picture: the threads are counted in a
			// line, no grid (TestRaceLeadFoldsTheRest).
			assert.NotContains(t, texts(&l), "1 square = ", "%s/%s", c.scenario, c.caseID)
			continue
		}
		assert.Contains(t, texts(&l), "1 square = ", "%s/%s: a density grid says its scale", c.scenario, c.caseID)
		for noun, ks := range scales {
			assert.Len(t, ks, 1, "%s/%s: the density grids' scales for %s: %v", c.scenario, c.caseID, noun, ks)
		}
		if in.Snap.RunQueueLen > 0 && !side.merged {
			// Its scale, one with the parked grid's (said once, there).
			// (Merged with the parked threads, one grid says one scale.)
			assert.Regexp(t, `\(1 square = [0-9,]+ threads?`, texts(&l), "%s/%s: the queue strip says its scale", c.scenario, c.caseID)
		}
	}
}

// squareScale finds a grid's scale in a text run ("1 square = 20 threads").
var squareScale = regexp.MustCompile(`square = ([0-9,]+) `)

// Every density grid in every scene counts in round steps (1, 2, 5, 10,
// 20, 50, ...): a reader multiplies by them.
func TestSceneGridScalesAreRound(t *testing.T) {
	round := map[int]bool{}
	for step := 1; step <= 1e7; step *= 10 {
		round[step], round[2*step], round[5*step] = true, true, true
	}
	for _, c := range sceneCases() {
		in, side := runScene(t, c)
		for _, sz := range sceneSizes {
			var l List
			Build(&l, sz[0], sz[1], &Header{Scenario: c.scenario}, []*Side{side}, []SideInput{in}, &Options{Scale: sz[2]})
			for _, it := range l.Items {
				if it.Kind != KindText {
					continue
				}
				for _, m := range squareScale.FindAllStringSubmatch(it.Text+" ", -1) {
					var k int
					fmt.Sscan(strings.ReplaceAll(m[1], ",", ""), &k)
					assert.True(t, round[k], "%s/%s at %gx%g: %q is not a round scale", c.scenario, c.caseID, sz[0], sz[1], it.Text)
				}
			}
		}
	}
}

// The header says the run's time is simulated, and a playback speed only
// while the run plays.
func TestHeaderSaysSpeedOnlyWhilePlaying(t *testing.T) {
	text := func(running bool) string {
		var l List
		drawHeader(&l, Rect{W: 1200, H: 20}, &Header{Scenario: "vt-pooling", Time: sim.Time(sim.Second), Speed: 0.05, Running: running}, &OkabeIto, 1)
		var out []string
		for _, it := range l.Items {
			if it.Kind == KindText {
				out = append(out, it.Text)
			}
		}
		return strings.Join(out, " ")
	}
	assert.Equal(t, "vt-pooling · playback paused · simulated time 1.0 s", text(false))
	assert.Equal(t, "vt-pooling · playing · simulated time 1.0 s · 20× slower than real time", text(true))
}

// The legend's tier heading promises tiers only when more than one is
// drawn, and the request colour claims heap data only beside a heap.
func TestLegendWordsFitWhatIsDrawn(t *testing.T) {
	var one, two meaningSet = 1<<MeanVirtual | 1<<MeanC2, 1<<MeanC1 | 1<<MeanC2
	assert.Equal(t, tierGroupOne, headingIn(MeanC2, one, 0, one))
	assert.Equal(t, tierGroup, headingIn(MeanC2, two, 0, two))
	q, heap := meaningSet(1<<MeanRequest|1<<MeanPlatform), meaningSet(1<<MeanRequest|1<<MeanFree)
	assert.Equal(t, "waiting in a queue", labelIn(MeanRequest, q, 0, q))
	assert.Equal(t, meanings[MeanRequest].label, labelIn(MeanRequest, q|heap, heap, q))
	// Drawn in the heap only (vt-pooling: no task queue): no "queued".
	assert.Equal(t, "request data", labelIn(MeanRequest, heap|q&^(1<<MeanRequest), heap, q&^(1<<MeanRequest)))
	assert.Equal(t, "heap", headingIn(MeanRequest, heap|q&^(1<<MeanRequest), heap, q&^(1<<MeanRequest)), "listed with the heap's data")
	for k, want := range map[int]int{0: 1, 1: 1, 2: 2, 3: 5, 13: 20, 54: 100, 167: 200, 500: 500, 501: 1000} {
		assert.Equal(t, want, RoundScale(k), "RoundScale(%d)", k)
	}
}

// A space's free end says so below its label line, and never over it.
func TestSpaceSaysWhereItIsFree(t *testing.T) {
	for _, h := range []float32{60, 14} {
		var l List
		drawSpace(&l, Rect{W: 400, H: h}, "old generation", "old", nil, 1000*sim.MB, 500*sim.MB, nil, 100*sim.MB, false, &OkabeIto, 1)
		txt := texts(&l)
		if h >= 2*CharH+2 {
			assert.Contains(t, txt, "free 500 MB", "a tall space")
		} else {
			assert.NotContains(t, txt, "free", "a space one line high has no room under its label")
		}
	}
}

// When the threads waiting for a carrier are as many as the queued tasks
// beside them, the strip says how the two counts pair up.
func TestRunQueueSaysItPairsWithTheTasks(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-pooling", "1g-pool", 5 * sim.Millisecond})
	require.Equal(t, in.Snap.ExecQueued, in.Snap.RunQueueLen, "the premise: vt-pooling's pool starts with a thread woken per queued request")
	require.Positive(t, in.Snap.RunQueueLen)
	in.Unit = "requests" // as the page names vt-pooling's tasks
	// 920: the narrow canvas of old (800 at a 7 px font) at today's 8 px
	// advance.
	for _, w := range []float32{1200, 920} {
		var l List
		Build(&l, w, 800, &Header{}, []*Side{side, side}, []SideInput{in, in}, nil)
		txt := texts(&l)
		assert.Regexp(t, `pool threads, (one|1) per (queued )?request|queued, (each for a pool thread|1 thread each)`, txt, "two sides on a canvas %g wide", w)
		assert.NotContains(t, txt, "to take them", "threads 'to take them' beside queued requests read as a contradiction")
	}
}

// vt-basics' sleeping virtual threads: nothing has survived into the old
// generation, so it is words on a line (not an empty box), and the
// Thread objects, a third of the bytes in use, have a mark.
func TestEmptyOldGenFoldsAndThreadObjectsShow(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-basics", "memory-virtual", 300 * sim.Millisecond})
	require.Zero(t, in.Snap.Heap.OldUsed, "the test's premise: nothing in the old gen")
	require.Positive(t, in.Snap.Heap.YoungLive[sim.CatThread])
	var l List
	Build(&l, 800, 500, &Header{Scenario: "vt-basics"}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	heapSay := ""
	for _, rg := range l.Regions() {
		if rg.Name == "heap" {
			heapSay = rg.Text
		}
	}
	assert.Regexp(t, `old( gen(eration)?)?.*(: |, | )empty`, texts(&l)+heapSay, "said on the frame or, where the platform contrast took its line, in the heap's explanation")
	assert.LessOrEqual(t, side.at.old.H, float32(CharH+4), "the empty old gen is one line")
	assert.True(t, l.heapUsed.has(MeanThreadObj), "Thread objects drawn in eden")
	assert.Contains(t, l.Legend(), MeanThreadObj)
}

// A wide part of thread-local data says why it stays (vt-pooling's old
// gen: the lesson in the mark); a narrow one only what it is.
func TestThreadLocalPartSaysWhyItStays(t *testing.T) {
	for _, w := range []float32{400, 200} {
		var l List
		l.Reset(500, 200)
		seg := heapSeg{r: Rect{X: 0, Y: 0, W: w, H: 100}, words: categoryWords[sim.CatThreadLocal], why: categoryWhy[sim.CatThreadLocal], b: 549 * sim.MB}
		labelSegments(&l, Rect{W: 500, H: 100}, []heapSeg{seg}, false, &OkabeIto, 1)
		txt := texts(&l)
		assert.Contains(t, txt, "thread-local data 549 MB")
		if w >= TextWidth(categoryWhy[sim.CatThreadLocal][0], 1)+6 {
			assert.Contains(t, txt, "as long as its thread lives", "a wide part")
		} else {
			assert.NotContains(t, txt, "as long as", "a narrow part")
		}
	}
}

// A part drawn large (the old gen's threads' data) is named even on a bar
// one line high (a phone's heap), and so is garbage, the legend's word
// (bare, the pooled run's grey was the one part of the pair without
// words); other parts are not.
func TestLargePartNamedOnALowBar(t *testing.T) {
	var l List
	l.Reset(600, 40)
	segs := []heapSeg{{r: Rect{X: 0, Y: 0, W: 400, H: 20}, words: "thread-local data", b: 549 * sim.MB, big: true},
		{r: Rect{X: 400, Y: 0, W: 100, H: 20}, words: "StackChunks", b: 10 * sim.MB},
		{r: Rect{X: 500, Y: 0, W: 100, H: 20}, words: "garbage", b: 10 * sim.MB}}
	labelSegments(&l, Rect{W: 600, H: 20}, segs, true, &OkabeIto, 1)
	txt := texts(&l)
	assert.Contains(t, txt, "thread-local data 549 MB")
	assert.NotContains(t, txt, "StackChunks")
	assert.Contains(t, txt, "garbage")
}

// The waiting row and the parked grid share a square scale only where both
// keep minSharedSquares squares at it: two compared sides at the start of
// vt-pooling (8,976 waiting, 1,016 parked in a half-width panel) drew
// "1 square = 10,000 threads, here and below", a dot for each group.
func TestSharedSquareScaleKeepsSquares(t *testing.T) {
	in1, s1 := runScene(t, sceneCase{"vt-pooling", "1g-nopool", 5 * sim.Millisecond})
	in2, s2 := runScene(t, sceneCase{"vt-pooling", "1g-pool", 5 * sim.Millisecond})
	var l List
	Build(&l, 1134, 464, &Header{Scenario: "vt-pooling"}, []*Side{s1, s2}, []SideInput{in1, in2}, &Options{Palette: &OkabeIto, Scale: 1})
	smallest := in1.Snap.RunQueueLen
	for _, in := range []SideInput{in1, in2} {
		parked := 0
		for _, c := range in.Snap.ParkedCount {
			parked += c
		}
		smallest = min(smallest, in.Snap.RunQueueLen, parked)
	}
	require.Positive(t, smallest, "the test's premise: threads waiting and parked on both sides")
	for _, m := range regexp.MustCompile(`\(1 square = ([0-9,]+) threads(, here and below)?\)`).FindAllStringSubmatch(texts(&l), -1) {
		var k int
		_, err := fmt.Sscan(strings.ReplaceAll(m[1], ",", ""), &k)
		require.NoError(t, err)
		assert.LessOrEqual(t, k*minSharedSquares, smallest, "a shared scale of %d threads a square leaves a group under %d squares", k, minSharedSquares)
	}
	// vt-pooling at 2.342 s, one side at full width, a still frame: the
	// waiting and the parked threads are one grid (Scene.ThreadsMerged),
	// its one scale said once.
	in, s := runScene(t, sceneCase{"vt-pooling", "1g-pool", 2342 * sim.Millisecond})
	var one List
	Build(&one, 1134, 464, &Header{Scenario: "vt-pooling"}, []*Side{s}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	require.True(t, s.merged, "the premise: one panel of the live threads")
	assert.Equal(t, 1, strings.Count(texts(&one), "1 square = "), "the full-width frame says one scale once")
}

// A thread's colour and a heap datum's colour drawn in one scene are of
// different hues (30° apart at least): the readers traced "pink"
// to both platform threads and thread-local data, and gc-lab drew the two
// pinks side by side (hues 21° apart). Greys (the JVM's threads, the
// heap's application data) are told apart by their labels.
func TestThreadAndHeapHuesDifferInEveryScene(t *testing.T) {
	threads := []Meaning{MeanVirtual, MeanPlatform, MeanOnCPU}
	data := []Meaning{MeanRequest, MeanThreadLocal, MeanThreadObj, MeanChunkData}
	cases := append(sceneCases(), sceneCase{"gc-lab", "pooled", 500 * sim.Millisecond})
	for _, c := range cases {
		in, side := runScene(t, c)
		for _, p := range Palettes {
			var l List
			Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: p, Scale: 1})
			seen := visibleMeanings(&l, p)
			for _, a := range threads {
				for _, b := range data {
					if !seen.has(a) || !seen.has(b) {
						continue
					}
					ha, ca := hueChroma(a.Color(p))
					hb, cb := hueChroma(b.Color(p))
					if ca < 0.15 || cb < 0.15 {
						continue
					}
					d := math.Abs(ha - hb)
					assert.Greater(t, math.Min(d, 360-d), 30.0, "%s/%s %s: %q and %q are one hue", c.scenario, c.caseID, p.Name, a.Label(), b.Label())
				}
			}
		}
	}
}

// No word of a carrier lane lies on a native stack's dashed blue without a
// plate under it: in the compared pair's narrow lanes "8.8 KB of 10 KB" was
// written straight on the bar in dark ink, and a newcomer could not read
// it. (vt-pooling side by side, 5 ms in: every lane's stack nearly fills
// its track.)
func TestCarrierWordsNeverBareOnTheStackBar(t *testing.T) {
	a, sa := runScene(t, sceneCase{"vt-pooling", "1g-nopool", 5 * sim.Millisecond})
	b, sb := runScene(t, sceneCase{"vt-pooling", "1g-pool", 5 * sim.Millisecond})
	var l List
	Build(&l, 1134, 464, &Header{Scenario: "vt-pooling"}, []*Side{sa, sb}, []SideInput{a, b}, nil)
	checked := 0
	for i, it := range l.Items {
		if it.Kind != KindRect || it.Meaning != MeanNativeStack {
			continue
		}
		stack := it.Bounds()
		for j, w := range l.Items {
			if w.Kind != KindText || !overlapsAny(w.Bounds(), []Rect{stack}) {
				continue
			}
			checked++
			// Drawn after the bar, a plate between them covers where
			// the word crosses it.
			plated := false
			for k := i + 1; k < j; k++ {
				pl := l.Items[k]
				pb := pl.Bounds()
				plated = plated || pl.Kind == KindRect && pl.Meaning == MeanNone && pl.Color.A >= 200 &&
					pb.X <= w.Bounds().X && pb.Right() >= min(w.Bounds().Right(), stack.Right()) && pb.Y <= stack.Y && pb.Bottom() >= stack.Bottom()
			}
			require.True(t, plated, "%q at %v lies bare on the stack bar %v", w.Text, w.Bounds(), stack)
		}
	}
	require.Positive(t, checked, "the premise: some lane's words cross its stack bar")
}
