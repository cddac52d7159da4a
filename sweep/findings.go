package sweep

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim/scenario"
)

// A finding is one or two sentences that say in words what a metric's chart
// shows: how each side's line goes (rises, falls, peaks, stays level), and
// with several sides which is higher where. Newcomers shown a sweep chart
// without one read its shape wrongly (a straight line on a log axis taken
// for a blow-up) or not at all; the table under `loomsim sweep` prints the
// same sentences, so the command line and the page say the same thing.
//
// The words describe the values only: "higher" is not "better", and a
// finding says nothing about why. Runs that stopped early are left out (their
// numbers cover only part of a run), and the finding says so.

// level is the share of a line's own scale (its largest magnitude) within
// which two values count as equal: a model's counts move by a few parts in
// a thousand from point to point without the mechanism changing.
const level = 0.01

// TieShare is level for the page's tests: the chart marks a tie where two
// lines come within sweeplines.ts's touchShare, which must be the same
// share for the chart and these words to agree, and the browser test of
// the chart's marks computes them with TieShare.
const TieShare = level

// noise is the share of a line's rise or fall that a step against it may
// take before the line counts as turning.
const noise = 0.02

// Shapes of the share of a line's change that one step or the first part of
// the range holds before the finding names it.
const (
	// cliffShare: one step between neighbouring points holding this much
	// of the change is named as where it happens.
	cliffShare = 0.6
	// wholeShare: a step holding this much (or more: the rest of the line
	// may give a little back) is all of the change.
	wholeShare = 0.95
	// earlyShare: this much of the change reached by the middle of the
	// line's range (on the chart's scale) is named as a line slowing; as
	// much left after it, as one starting slowly.
	earlyShare = 0.7
)

// describe gives each metric's finding once every run has ended (nil while
// some are still to come: a line half drawn has no shape yet).
func (r *Result) describe() map[string]string {
	for _, sr := range r.Results {
		for _, o := range sr.Outcomes {
			if o == "" {
				return nil
			}
		}
	}
	out := make(map[string]string, len(r.Metrics))
	for _, m := range r.Metrics {
		out[m] = r.finding(m)
	}
	return out
}

// line is one side's completed points of one metric, in point order.
type line struct {
	side   string
	points []int // indexes into Result.Points
	values []float64
}

func (r *Result) lines(m string) []line {
	out := make([]line, len(r.Results))
	for j, sr := range r.Results {
		l := line{side: sr.Side}
		for i, v := range sr.Values[m] {
			if sr.Outcomes[i] == "completed" && v != nil {
				l.points = append(l.points, i)
				l.values = append(l.values, *v)
			}
		}
		out[j] = l
	}
	return out
}

func (r *Result) finding(m string) string {
	ls := r.lines(m)
	var parts []string
	if left := r.leftOut(ls); left != "" {
		parts = append(parts, left)
	}
	if len(ls) > 1 {
		if c := r.comparison(m, ls); c != "" {
			parts = append(parts, c)
		}
	}
	var shapes []string
	for _, l := range ls {
		subject := m
		if len(ls) > 1 {
			subject = l.side
		}
		shapes = append(shapes, subject+" "+r.shape(l))
	}
	parts = append(parts, strings.Join(shapes, "; ")+".")
	return strings.Join(parts, " ")
}

// leftOut names the runs that stopped early, which no line goes through
// and the rest of the finding leaves out: "Out of memory: pool=true at 128
// MB (not counted in what follows)."; past three, only their count. A
// newcomer had to find for themselves that the run that failed was the
// chart's main story, so the finding leads with it.
func (r *Result) leftOut(ls []line) string {
	var runs []string
	oom := true
	for j, l := range ls {
		for i, o := range r.Results[j].Outcomes {
			if !stoppedEarly(o) {
				continue
			}
			run := r.at(i, true)
			if len(ls) > 1 {
				run = l.side + " at " + r.at(i, false)
			}
			if !strings.Contains(o, "OutOfMemoryError") {
				oom = false
				run += " (" + o + ")"
			}
			runs = append(runs, run)
		}
	}
	head := "Stopped early"
	if oom {
		head = "Out of memory"
	}
	switch {
	case len(runs) == 0:
		return ""
	case len(runs) <= 3:
		return head + ": " + strings.Join(runs, "; ") + " (not counted in what follows)."
	}
	return fmt.Sprintf("%s: %d runs (not counted in what follows).", head, len(runs))
}

// shape says how one side's line goes: "rises from 481 at heap_mb 256 MB to
// 4,342 at 4,096 MB, steadily".
func (r *Result) shape(l line) string {
	v := l.values
	switch len(v) {
	case 0:
		return "has no completed run"
	case 1:
		return fmt.Sprintf("is %s at %s only (no other run completed)", Number(v[0]), r.at(l.points[0], true))
	}
	lo, hi := minMax(v)
	first, last := v[0], v[len(v)-1]
	from, to := r.at(l.points[0], true), r.at(l.points[len(v)-1], false)
	if hi == lo {
		return fmt.Sprintf("is %s at every point", Number(lo))
	}
	if hi-lo <= level*math.Max(math.Abs(lo), math.Abs(hi)) {
		return fmt.Sprintf("stays level at %s–%s from %s to %s", Number(lo), Number(hi), from, to)
	}
	turns := r.turns(v, hi-lo)
	switch {
	case len(turns) == 1:
		verb := "rises"
		if turns[0] < 0 {
			verb = "falls"
		}
		return fmt.Sprintf("%s from %s at %s to %s at %s%s", verb, Number(first), from, Number(last), to, r.how(l))
	case len(turns) == 2 && turns[0] > 0:
		top := argMax(v)
		return fmt.Sprintf("rises from %s at %s to a peak of %s at %s, then falls to %s at %s",
			Number(first), from, Number(v[top]), r.at(l.points[top], false), Number(last), to)
	case len(turns) == 2:
		bottom := argMin(v)
		return fmt.Sprintf("falls from %s at %s to a low of %s at %s, then rises to %s at %s",
			Number(first), from, Number(v[bottom]), r.at(l.points[bottom], false), Number(last), to)
	case len(turns) == 0:
		// Every step is within the noise, yet the ends differ: a drift.
		return fmt.Sprintf("drifts from %s at %s to %s at %s", Number(first), from, Number(last), to)
	}
	return fmt.Sprintf("goes up and down, between %s at %s and %s at %s",
		Number(lo), r.at(l.points[argMin(v)], true), Number(hi), r.at(l.points[argMax(v)], false))
}

// turns gives the directions (+1 up, -1 down) of a line's runs of steps,
// consecutive steps the same way joined and steps within noise of the
// line's span ignored: [+1] rises, [+1 -1] peaks.
func (r *Result) turns(v []float64, span float64) []int {
	var out []int
	for i := 1; i < len(v); i++ {
		d := v[i] - v[i-1]
		if math.Abs(d) <= noise*span {
			continue
		}
		s := 1
		if d < 0 {
			s = -1
		}
		if len(out) == 0 || out[len(out)-1] != s {
			out = append(out, s)
		}
	}
	return out
}

// how says where a rise or fall happens: most of it in one step (a cliff),
// most of it in the first half of the line's range (it then slows) or in
// the second (it starts slowly), or spread over the range ("steadily"). ""
// for a line of two points, which has no shape.
func (r *Result) how(l line) string {
	v := l.values
	if len(v) < 3 {
		return ""
	}
	change := v[len(v)-1] - v[0]
	of := "of the fall"
	if change > 0 {
		of = "of the rise"
	}
	big, at := 0.0, 0
	for i := 1; i < len(v); i++ {
		if d := (v[i] - v[i-1]) / change; d > big {
			big, at = d, i
		}
	}
	if big >= wholeShare {
		return fmt.Sprintf(", all in one step, from %s", r.pair(l.points[at-1], l.points[at], "to"))
	}
	if big >= cliffShare {
		return fmt.Sprintf(", mostly (%s) in one step, from %s", percent(big), r.pair(l.points[at-1], l.points[at], "to"))
	}
	// The last point in the first half of the line's range, and the share
	// of the change it has reached.
	half := 0
	for i := range v {
		if r.across(l, i) <= 0.5+1e-9 { // a log axis's middle point comes out a hair past 0.5
			half = i
		}
	}
	share := (v[half] - v[0]) / change
	switch {
	case half > 0 && share >= earlyShare:
		return fmt.Sprintf(", fast at first (%s %s by %s), then slowly", percent(share), of, r.at(l.points[half], false))
	case half < len(v)-1 && share <= 1-earlyShare:
		return fmt.Sprintf(", slowly at first (%s %s comes after %s)", percent(1-share), of, r.at(l.points[half], false))
	}
	return ", steadily" + r.rate(l)
}

// rate says how much a steady line changes for a round step of the knob,
// on a linear axis: " (about +1,005 for each 1,000 MB)". On a log axis a
// steady line is a constant factor per step, not a rate: "".
func (r *Result) rate(l line) string {
	if r.Knob.Spacing == Log {
		return ""
	}
	v := l.values
	x0, x1 := toFloat(r.Points[l.points[0]]), toFloat(r.Points[l.points[len(v)-1]])
	// The step: the power of ten at or below half the line's range.
	// (Multiplied out rather than taken from Log10, whose native version
	// on some architectures is assembly: the step must not depend on the
	// last bit of a logarithm, natively or in WebAssembly.)
	step, half := 1.0, (x1-x0)/2
	for step*10 <= half {
		step *= 10
	}
	for step > half {
		step /= 10
	}
	if r.Knob.kind == scenario.Int && step < 1 {
		step = 1
	}
	d := (v[len(v)-1] - v[0]) / (x1 - x0) * step
	sign := "+"
	if d < 0 {
		sign = "−"
	}
	return fmt.Sprintf(" (about %s%s for each %s%s)", sign, Number(math.Abs(d)), Number(step), r.unit())
}

// comparison says which side's line is higher where, over the points where
// every side completed ("" when fewer than two such points, or one side).
func (r *Result) comparison(m string, ls []line) string {
	common := commonPoints(ls)
	if len(common) == 0 {
		return ""
	}
	value := func(l line, p int) float64 {
		for i, q := range l.points {
			if q == p {
				return l.values[i]
			}
		}
		panic("sweep: a common point missing from a line")
	}
	// tops names, at each common point, the side whose value is highest
	// ("" where the highest are equal). It is the order the chart draws, so
	// the words agree with its rings where lines cross, however close.
	// level says every side is within a percent of the others at every
	// point: one line, as far as a reader can tell.
	tops := make([]string, len(common))
	gaps := make([]float64, len(common)) // the top's lead over the next, relative
	allLevel := true
	for i, p := range common {
		best, second := math.Inf(-1), math.Inf(-1)
		low := math.Inf(1)
		for _, l := range ls {
			v := value(l, p)
			low = math.Min(low, v)
			if v > best {
				best, second, tops[i] = v, best, l.side
			} else if v > second {
				second = v
			}
		}
		if best == second {
			tops[i] = ""
		}
		gaps[i] = (best - second) / math.Max(math.Abs(best), math.Abs(second))
		allLevel = allLevel && best-low <= level*math.Max(math.Abs(best), math.Abs(low))
	}
	onlyPair := len(ls) == 2
	every := "at every point"
	if len(common) < len(r.Points) {
		every = "at every point where all sides completed"
		if onlyPair {
			every = "at every point where both completed"
		}
	}
	if allLevel {
		return fmt.Sprintf("%s: the same on every side (within %s) %s.", m, percent(level), every)
	}
	same := true
	for _, t := range tops {
		same = same && t == tops[0]
	}
	if same {
		if onlyPair {
			above, other := ls[0], ls[1]
			if above.side != tops[0] {
				above, other = other, above
			}
			return fmt.Sprintf("%s: %s is higher than %s %s%s.", m, tops[0], other.side, every, r.margin(above, other, common, value))
		}
		return fmt.Sprintf("%s: %s is highest %s.", m, tops[0], every)
	}
	// Runs of neighbouring points with the same top side, each named with
	// where it holds; one where the lines are under a percent apart says so.
	type run struct {
		top   string
		i, j  int // first and last index into common
		close bool
	}
	var runs []run
	for i := 0; i < len(tops); {
		rn := run{top: tops[i], i: i, j: i, close: gaps[i] < level}
		for rn.j+1 < len(tops) && tops[rn.j+1] == rn.top {
			rn.j++
			rn.close = rn.close && gaps[rn.j] < level
		}
		runs = append(runs, rn)
		i = rn.j + 1
	}
	// touches says where two lines come within a percent at one point with
	// the same side ahead on both sides of it: the chart draws one tie
	// there (sweeplines.ts crossings), not two crossings.
	touches := func(k int) bool {
		rn := runs[k]
		return onlyPair && rn.i == rn.j && rn.close && rn.top != "" && k > 0 && k+1 < len(runs) &&
			runs[k-1].top != "" && runs[k-1].top == runs[k+1].top
	}
	word := "highest"
	if onlyPair {
		word = "higher"
	}
	var spans []string
	seen := map[string]bool{}
	for k, rn := range runs {
		where := r.span(common[rn.i], common[rn.j])
		var who string
		switch {
		case touches(k):
			who = "the lines tie at " + where + " (" + rn.top + " ahead there by under " + percent(level) + ")"
		case rn.top == "":
			who = "equal at " + where
		case k == 0:
			who = rn.top + " is " + word + " at " + where
		case seen[rn.top]:
			who = rn.top + " is " + word + " again at " + where
		default:
			who = rn.top + " at " + where
		}
		if rn.close && rn.top != "" && !touches(k) {
			who += " (by under " + percent(level) + ")"
		}
		if !touches(k) {
			seen[rn.top] = true
		}
		spans = append(spans, who)
	}
	said := fmt.Sprintf("%s: %s", m, strings.Join(spans, ", "))
	// Two sides, one ahead and then the other: say where they cross, as
	// the chart's ring does.
	if onlyPair && len(runs) == 2 && runs[0].top != "" && runs[1].top != "" {
		said += fmt.Sprintf("; the lines cross between %s", r.pair(common[runs[0].j], common[runs[1].i], "and"))
	}
	return said + "."
}

// margin says by how much one line is above another over the common
// points, relative to the lower: " (by 3–40 %)", or, where it is at least
// twice as high everywhere, as a factor: " (2.1–7.8 times as high)"; ""
// where the lower line touches 0.
func (r *Result) margin(above, below line, common []int, value func(line, int) float64) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range common {
		b := value(below, p)
		if b <= 0 {
			return ""
		}
		d := (value(above, p) - b) / b
		lo, hi = math.Min(lo, d), math.Max(hi, d)
	}
	if lo >= 1 {
		if Number(1+lo) == Number(1+hi) {
			return " (" + Number(1+hi) + " times as high)"
		}
		return " (" + Number(1+lo) + "–" + Number(1+hi) + " times as high)"
	}
	switch {
	case percent(lo) == percent(hi):
		return " (by " + percent(hi) + ")"
	case percent(lo) == "<1 %":
		return " (by under 1 % to " + percent(hi) + ")"
	}
	return " (by " + strings.TrimSuffix(percent(lo), " %") + "–" + percent(hi) + ")"
}

// commonPoints are the points every line completed.
func commonPoints(ls []line) []int {
	count := map[int]int{}
	for _, l := range ls {
		for _, p := range l.points {
			count[p]++
		}
	}
	var out []int
	for _, p := range ls[0].points {
		if count[p] == len(ls) {
			out = append(out, p)
		}
	}
	return out
}

// at names point i: "heap_mb 256 MB" with the knob's name (first), else
// "256 MB".
func (r *Result) at(i int, named bool) string {
	s := Number(toFloat(r.Points[i])) + r.unit()
	if named {
		return r.Knob.Knob + " " + s
	}
	return s
}

// span names points i to j: "1,024–1,536 MB"; a single point when i is j.
func (r *Result) span(i, j int) string {
	if i == j {
		return r.at(i, false)
	}
	return Number(toFloat(r.Points[i])) + "–" + r.at(j, false)
}

// pair names neighbouring points i and j joined by a word: "1,536 to
// 2,048 MB", "1,536 and 2,048 MB".
func (r *Result) pair(i, j int, word string) string {
	return Number(toFloat(r.Points[i])) + " " + word + " " + r.at(j, false)
}

func (r *Result) unit() string {
	if r.Knob.Unit == "" {
		return ""
	}
	return " " + r.Knob.Unit
}

// across is the place of a line's i-th point along the chart's knob axis,
// 0 at the line's first point and 1 at its last (on a log axis, in
// logarithms).
func (r *Result) across(l line, i int) float64 {
	x, a, b := toFloat(r.Points[l.points[i]]), toFloat(r.Points[l.points[0]]), toFloat(r.Points[l.points[len(l.points)-1]])
	if r.Knob.Spacing == Log && a > 0 {
		x, a, b = math.Log(x), math.Log(a), math.Log(b)
	}
	if b == a {
		return 0
	}
	return (x - a) / (b - a)
}

func toFloat(p any) float64 {
	switch x := p.(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	}
	panic(fmt.Sprintf("sweep: point %v of type %T", p, p))
}

// Number writes a value as the page's charts and tables do (web/src/dom.ts
// fmt): whole numbers from 100, one decimal from 10, two from 1, three
// below, thousands grouped with commas. The findings use it, so that their
// numbers are the table's; the browser tests read the page's numbers by it.
func Number(f float64) string {
	a := math.Abs(f)
	digits := 3
	switch {
	case a >= 100:
		digits = 0
	case a >= 10:
		digits = 1
	case a >= 1:
		digits = 2
	}
	// Halves round away from 0, as the page's toLocaleString does
	// (FormatFloat alone writes 86,144.5 as 86,144 where the table has 86,145).
	scale := [...]float64{1, 10, 100, 1000}[digits]
	s := strconv.FormatFloat(math.Round(f*scale)/scale, 'f', digits, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return scenario.GroupDigits(s)
}

// percent writes a share as a whole percentage ("40 %"), or "<1 %".
func percent(f float64) string {
	p := math.Round(100 * f)
	if p < 1 && f > 0 {
		return "<1 %"
	}
	return strconv.FormatFloat(p, 'f', 0, 64) + " %"
}

func minMax(v []float64) (float64, float64) {
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return lo, hi
}

func argMax(v []float64) int {
	at := 0
	for i, x := range v {
		if x > v[at] {
			at = i
		}
	}
	return at
}

func argMin(v []float64) int {
	at := 0
	for i, x := range v {
		if x < v[at] {
			at = i
		}
	}
	return at
}
