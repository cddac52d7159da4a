package link

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim/scenario"
)

// reader reads one query string's parameters and collects a message for
// every value it cannot use. Parse calls its steps in a fixed order, so
// the messages come in the same order for the same link.
type reader struct {
	values url.Values
	errs   []error
}

func newReader(query string) *reader {
	r := &reader{}
	values, err := url.ParseQuery(strings.TrimLeft(query, "?#"))
	if err != nil {
		r.bad("link: %v", err)
	}
	r.values = values
	return r
}

func (r *reader) bad(format string, args ...any) {
	r.errs = append(r.errs, fmt.Errorf(format, args...))
}

// first is a parameter's first value; a parameter given twice is reported.
func (r *reader) first(k string) (string, bool) {
	v, ok := r.values[k]
	if !ok || len(v) == 0 {
		return "", false
	}
	if len(v) > 1 {
		r.bad("link: %s is given %d times; using the first", k, len(v))
	}
	return v[0], true
}

// oneOf sets *dst to parameter k when it is one of allowed.
func (r *reader) oneOf(k string, dst *string, allowed ...string) {
	s, ok := r.first(k)
	if !ok {
		return
	}
	for _, a := range allowed {
		if s == a {
			*dst = s
			return
		}
	}
	r.bad("link: %s=%q is not allowed: expected one of %s", k, s, strings.Join(allowed, ", "))
}

// boolean sets *dst from parameter k; a bare "k" or "k=" means true.
func (r *reader) boolean(k string, dst *bool) {
	s, ok := r.first(k)
	if !ok {
		return
	}
	if s == "" {
		*dst = true
		return
	}
	b, ok := scenario.ParseBool(s)
	if !ok {
		r.bad("link: %s=%q is not allowed: expected %s", k, s, scenario.BoolAllowed)
		return
	}
	*dst = b
}

// number sets *dst from parameter k when it is a number in [lo, hi] and,
// if aboveLo, strictly above lo; want is the message's "expected" clause.
func (r *reader) number(k string, dst *float64, lo, hi float64, aboveLo bool, want string) {
	s, ok := r.first(k)
	if !ok {
		return
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || !(f >= lo && f <= hi) || (aboveLo && f == lo) {
		r.bad("link: %s=%q is not allowed: expected %s", k, s, want)
		return
	}
	*dst = f
}

// scenario is the link's scenario, or nil (reported) when it is missing
// or unknown.
func (r *reader) scenario() *scenario.Scenario {
	id, _ := r.first("scenario")
	if id == "" {
		ids := make([]string, 0, len(scenario.All()))
		for _, s := range scenario.All() {
			ids = append(ids, s.ID)
		}
		r.bad("link: scenario is missing: expected one of %s", strings.Join(ids, ", "))
		return nil
	}
	sc, err := scenario.Get(id)
	if err != nil {
		r.bad("link: %v", err)
		return nil
	}
	return sc
}

// spec reads what the simulator runs besides the knobs: case, seed and the
// cases compared side by side.
func (r *reader) spec(l *Link, sc *scenario.Scenario) {
	l.Spec.Case = sc.DefaultCase
	if c, ok := r.first("case"); ok {
		if _, err := sc.Case(c); err != nil {
			r.bad("link: %v; using %s", err, sc.DefaultCase)
		} else {
			l.Spec.Case = c
		}
	}
	if s, ok := r.first("seed"); ok {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			r.bad("link: seed=%q is not allowed: expected an integer from 0 to 18446744073709551615; using 1", s)
		} else {
			l.Spec.Seed = n
		}
	}
	r.number("speed", &l.Speed, 0, 1000, true, "a number above 0 and at most 1000 (virtual seconds per second)")
	s, ok := r.first("compare")
	if !ok || s == "" {
		return
	}
	cases := strings.Split(s, ",")
	valid := true
	for _, c := range cases {
		if _, err := sc.Case(c); err != nil {
			r.bad("link: compare: %v", err)
			valid = false
		}
	}
	switch {
	case len(cases) > scenario.MaxCompare:
		r.bad("link: compare lists %d cases; at most %d can be shown side by side", len(cases), scenario.MaxCompare)
	case valid:
		l.Spec.Compare = cases
	}
}

// page reads how the page shows the run: the embed's controls, autoplay,
// start time and loop, the theme, the presenter view and the tour.
func (r *reader) page(l *Link) {
	r.oneOf("controls", &l.Controls, "full", "minimal", "none")
	r.oneOf("autoplay", &l.Autoplay, "visible", "off")
	r.oneOf("theme", &l.Theme, "default", "high-contrast")
	r.boolean("loop", &l.Loop)
	r.boolean("present", &l.Present)
	r.boolean("tour", &l.Tour)
	r.number("t", &l.T, 0, 86400, false, "virtual seconds from 0 to 86400")
}

// classroom reads the exercise a link opens and the knobs it locks.
func (r *reader) classroom(l *Link, sc *scenario.Scenario) {
	if s, ok := r.first("exercise"); ok {
		l.Exercise = s
	}
	s, ok := r.first("lock")
	if !ok || s == "" {
		return
	}
	for _, name := range strings.Split(s, ",") {
		if name == "all" {
			l.Lock = []string{"all"}
			return
		}
		if _, ok := sc.Knob(name); !ok {
			r.bad("link: lock: %s has no knob %q", sc.ID, name)
			continue
		}
		l.Lock = append(l.Lock, name)
	}
}

// knobs reads every other parameter as a knob, each value checked on its
// own against the knob's type and range, so one bad value costs only that
// knob.
func (r *reader) knobs(l *Link, sc *scenario.Scenario) {
	keys := make([]string, 0, len(r.values))
	for k := range r.values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if pageParams[k] {
			continue
		}
		knob, ok := sc.Knob(k)
		v, _ := r.first(k)
		if !ok {
			r.bad("link: %s has no knob %q; ignored", sc.ID, k)
			continue
		}
		if !knob.Accepts(v) {
			r.errs = append(r.errs, &scenario.KnobError{Scenario: sc.ID, Knob: k, Value: v,
				Allowed: knob.Allowed() + "; using " + fallback(sc, l.Spec.Case, knob)})
			continue
		}
		l.Spec.Knobs[k] = v
	}
}

// fallback names the value a refused knob keeps: what the case gives it,
// or, if the case does not set it, the scenario's default.
func fallback(sc *scenario.Scenario, caseID string, knob *scenario.Knob) string {
	text := "the default " + knob.Default
	if c, err := sc.Case(caseID); err == nil {
		for _, kv := range c.Set {
			if kv[0] == knob.Name {
				text = "the case's " + kv[1]
			}
		}
	}
	return text
}

// together checks that the knobs also make a valid configuration as a
// whole (a few combinations are refused together, e.g. no load at all);
// if not, the link keeps the case's values.
func (r *reader) together(l *Link, sc *scenario.Scenario) {
	v, err := sc.Resolve(l.Spec.Case, l.Spec.Knobs)
	if err == nil {
		_, err = sc.Config(v)
	}
	if err != nil {
		r.bad("link: %v; using the case's values", err)
		l.Spec.Knobs = map[string]string{}
	}
}
