// Package sweep runs one scenario case many times, turning one numeric knob
// across a range of points, on one or more sides (each side a case or a few
// knob values), and collects chosen metrics per point and side: throughput
// and Full GCs against heap size, pooled and not. The command line
// (`loomsim sweep`), the page's link (game/link) and the page's background
// worker (wasm/worker) all read a sweep through this package, so the points,
// the refusals and the collected numbers are the same everywhere.
//
// It imports only the standard library and sim/scenario; running the
// points is the caller's (goroutines natively, Web Workers in the page).
package sweep

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim/scenario"
)

// MaxPoints bounds a range: a sweep is many full runs, and a chart of more
// points is no clearer.
const MaxPoints = 64

// Spacing says how a range's points are spread between its ends.
const (
	// Linear points are equally far apart.
	Linear = "linear"
	// Log points are a geometric series: each is the same factor above the
	// one before (heap sizes, pool sizes).
	Log = "log"
)

// Range is the swept knob and its points: N values from Lo to Hi inclusive.
type Range struct {
	Knob    string  `json:"name"`
	Lo      float64 `json:"lo"`
	Hi      float64 `json:"hi"`
	N       int     `json:"n"`
	Spacing string  `json:"spacing"`
	Unit    string  `json:"unit,omitempty"`
	// kind is the knob's type (Int points are whole numbers).
	kind scenario.KnobKind
}

// ParseRange reads "KNOB=LO:HI:N" or "KNOB:LO:HI:N", optionally followed by
// ":log", for a numeric knob of s. Every refusal names the value and what
// is allowed.
func ParseRange(s *scenario.Scenario, text string) (Range, error) {
	name, rest, ok := cutNameAndRange(text)
	if !ok {
		return Range{}, fmt.Errorf("sweep %q: expected KNOB=LO:HI:N or KNOB=LO:HI:N:log (e.g. heap_mb=512:4096:8)", text)
	}
	k, ok := s.Knob(name)
	if !ok {
		return Range{}, fmt.Errorf("sweep: %s has no knob %q; numeric knobs are %s", s.ID, name, strings.Join(NumericKnobs(s), ", "))
	}
	if k.Kind != scenario.Int && k.Kind != scenario.Float {
		article := "a"
		if strings.ContainsRune("aeiou", rune(k.Kind.String()[0])) {
			article = "an" // "an enum", not "a enum"
		}
		return Range{}, fmt.Errorf("sweep: knob %s of %s is %s %s; only numeric knobs can be swept: %s", name, s.ID, article, k.Kind, strings.Join(NumericKnobs(s), ", "))
	}
	parts := strings.Split(rest, ":")
	r := Range{Knob: name, Spacing: Linear, Unit: k.Unit, kind: k.Kind}
	if len(parts) == 4 {
		if parts[3] != Log && parts[3] != Linear {
			return Range{}, fmt.Errorf("sweep %s: spacing %q is not allowed: expected log or linear", name, parts[3])
		}
		r.Spacing = parts[3]
		parts = parts[:3]
	}
	if len(parts) != 3 {
		return Range{}, fmt.Errorf("sweep %q: expected %s=LO:HI:N or %s=LO:HI:N:log", text, name, name)
	}
	for i, p := range parts[:2] {
		end := [...]string{"LO", "HI"}[i]
		if !k.Accepts(p) {
			return Range{}, fmt.Errorf("sweep %s: %s %q is not allowed: expected %s", name, end, p, k.Allowed())
		}
		v, _ := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if i == 0 {
			r.Lo = v
		} else {
			r.Hi = v
		}
	}
	n, err := strconv.Atoi(strings.TrimSpace(parts[2]))
	if err != nil || n < 2 || n > MaxPoints {
		return Range{}, fmt.Errorf("sweep %s: N %q is not allowed: expected a whole number of points from 2 to %d", name, parts[2], MaxPoints)
	}
	r.N = n
	if !(r.Lo < r.Hi) {
		return Range{}, fmt.Errorf("sweep %s: LO %s must be below HI %s", name, fmtNum(r.Lo), fmtNum(r.Hi))
	}
	if k.ZeroMeans != "" && r.Lo <= 0 {
		return Range{}, &UnsetZeroError{scenario: s.ID, knob: name,
			said: fmt.Sprintf("sweep %s: LO %s is not allowed. For %s, 0 means %s. The chart would plot that run at 0, though it is not a %s of 0. %s",
				name, fmtNum(r.Lo), name, k.ZeroMeans, name, startAbove0(name, r))}
	}
	if r.Spacing == Log && r.Lo <= 0 {
		return Range{}, fmt.Errorf("sweep %s: log spacing needs LO above 0, not %s", name, fmtNum(r.Lo))
	}
	if err := r.distinct(); err != nil {
		return Range{}, err
	}
	return r, nil
}

// UnsetZeroError refuses a range from 0 of a knob whose 0 means "not set"
// (scenario.Knob.ZeroMeans). Its message ends with how to run that default
// alone, which differs between the command line (Error) and the page
// (OnThePage), which has no command line.
type UnsetZeroError struct {
	scenario, knob string
	said           string // the refusal and the range to use instead
}

func (e *UnsetZeroError) Error() string {
	return fmt.Sprintf("%s, and run the default alone: loomsim run %s --set %s=0", e.said, e.scenario, e.knob)
}

// OnThePage is the refusal as the page shows it: the default is run from
// the setup form.
func (e *UnsetZeroError) OnThePage() string {
	return fmt.Sprintf("%s, and see the default alone: set %s to 0 in the setup form and press Apply (Run to the end gives its numbers)", e.said, e.knob)
}

// ForThePage gives err's message as the page shows it: an UnsetZeroError's
// OnThePage, any other error's own.
func ForThePage(err error) error {
	var uz *UnsetZeroError
	if errors.As(err, &uz) {
		return errors.New(uz.OnThePage())
	}
	return err
}

// startAbove0 suggests the range r from 1 instead of 0: the same HI, and
// no more points than the whole numbers from 1 to HI.
func startAbove0(name string, r Range) string {
	if r.Hi < 2 {
		return "Start above 0"
	}
	if r.kind == scenario.Int && r.N > int(r.Hi) {
		return fmt.Sprintf("Start above 0 (e.g. %s=1:%s:%d: %s takes whole numbers, and 1..%s holds %d)", name, fmtNum(r.Hi), int(r.Hi), name, fmtNum(r.Hi), int(r.Hi))
	}
	return fmt.Sprintf("Start above 0 (e.g. %s=1:%s:%d)", name, fmtNum(r.Hi), r.N)
}

// cutNameAndRange splits "name=rest" or "name:rest".
func cutNameAndRange(text string) (name, rest string, ok bool) {
	i := strings.IndexAny(text, "=:")
	if i <= 0 || i == len(text)-1 {
		return "", "", false
	}
	return strings.TrimSpace(text[:i]), text[i+1:], true
}

// NumericKnobs lists the knobs of s that can be swept (Int and Float).
func NumericKnobs(s *scenario.Scenario) []string {
	var out []string
	for _, k := range s.Knobs {
		if k.Kind == scenario.Int || k.Kind == scenario.Float {
			out = append(out, k.Name)
		}
	}
	return out
}

// String is the range as a link carries it: "heap_mb:512:4096:8", with
// ":log" for log spacing.
func (r Range) String() string {
	s := fmt.Sprintf("%s:%s:%s:%d", r.Knob, fmtNum(r.Lo), fmtNum(r.Hi), r.N)
	if r.Spacing == Log {
		s += ":" + Log
	}
	return s
}

// Points are the range's values, from Lo to Hi inclusive. Both ends are
// exact; Int knobs get whole numbers (rounded half away from zero), Float
// knobs values rounded to six significant digits, so a point prints as
// the text a --set flag would carry. Only +, −, ×, ÷ and rounding are
// used (no library logarithm), so every platform computes the same points.
func (r Range) Points() []float64 {
	out := make([]float64, r.N)
	steps := float64(r.N - 1)
	factor := 1.0
	if r.Spacing == Log {
		factor = nthRoot(r.Hi/r.Lo, r.N-1)
	}
	x := r.Lo
	for i := range out {
		var v float64
		switch {
		case i == 0:
			v = r.Lo
		case i == r.N-1:
			v = r.Hi
		case r.Spacing == Log:
			x = float64(x * factor)
			v = x
		default:
			v = r.Lo + float64(float64(r.Hi-r.Lo)*float64(i)/steps)
		}
		if r.kind == scenario.Int {
			v = math.Round(v)
		} else {
			v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
		}
		out[i] = v
	}
	return out
}

// Text is a point as a knob value (what --set would carry).
func (r Range) Text(v float64) string {
	if r.kind == scenario.Int {
		return strconv.FormatInt(int64(v), 10)
	}
	return fmtNum(v)
}

// Value is a point as its knob's JSON value: an integer for Int knobs.
func (r Range) Value(v float64) any {
	if r.kind == scenario.Int {
		return int64(v)
	}
	return v
}

// distinct refuses a range whose rounded points repeat (more integer
// points than there are integers between the ends).
func (r Range) distinct() error {
	p := r.Points()
	for i := 1; i < len(p); i++ {
		if !(p[i] > p[i-1]) {
			return fmt.Errorf("sweep %s: %d points from %s to %s repeat a value (%s); use fewer points or a wider range",
				r.Knob, r.N, fmtNum(r.Lo), fmtNum(r.Hi), fmtNum(p[i]))
		}
	}
	return nil
}

// nthRoot is x^(1/n) for x > 1 by bisection on [1, x]: only comparisons,
// multiplications and halvings, so it is the same on every platform.
func nthRoot(x float64, n int) float64 {
	lo, hi := 1.0, x
	for range 200 {
		mid := float64(lo + float64(hi-lo)/2)
		if mid == lo || mid == hi {
			break
		}
		p := 1.0
		for range n {
			p = float64(p * mid)
		}
		if p < x {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
