package scenario

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// Link is the state a shareable URL carries: the page's query string
// (?scenario=vt-pooling&case=1g-pool&heap_mb=2048&seed=3&speed=0.01). Every
// knob travels under its own name. Embeds and classroom links add their own
// parameters.
type Link struct {
	Spec  Spec
	Speed float64 // virtual seconds per real second; 0: the page's default
	// Embed parameters.
	Controls string  // full, minimal or none
	Autoplay string  // visible or off
	T        float64 // virtual seconds to start at
	Loop     bool
	// Classroom parameters.
	Exercise string
	Lock     []string // knob names, or "all"
	Theme    string   // default or high-contrast
	// Present: the presenter view.
	Present bool
}

// ExerciseScenario, when set (by package exercise, which the classroom's
// programs link in), names the scenario of an exercise, so that a link
// naming only an exercise opens it. Programs without the classroom (the
// playground's canvas) leave it nil; the page resolves such links itself.
var ExerciseScenario func(id string) (scenario string, ok bool)

// Link parameter names that are not knobs.
var linkParams = map[string]bool{"scenario": true, "case": true, "seed": true, "speed": true, "compare": true,
	"controls": true, "autoplay": true, "t": true, "loop": true, "exercise": true, "lock": true, "theme": true,
	"present": true}

// ParseLink reads a link's query string (with or without the leading "?" or
// "#"). It never fails as a whole: every value it cannot use is left out
// (the knob keeps its default) and reported in errs, one message per value
// naming it and what is allowed, so the rest of the link still loads. Only
// a missing or unknown scenario leaves Spec.Scenario empty.
func ParseLink(query string) (Link, []error) {
	query = strings.TrimLeft(query, "?#")
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	values, err := url.ParseQuery(query)
	if err != nil {
		bad("link: %v", err)
	}
	first := func(k string) (string, bool) {
		v, ok := values[k]
		if !ok || len(v) == 0 {
			return "", false
		}
		if len(v) > 1 {
			bad("link: %s is given %d times; using the first", k, len(v))
		}
		return v[0], true
	}
	l := Link{Spec: Spec{Seed: 1, Knobs: map[string]string{}}, Controls: "full", Autoplay: "off", Theme: "default"}
	id, _ := first("scenario")
	if id == "" {
		// A teacher's link may name only the exercise: it knows its scenario.
		if ex, ok := first("exercise"); ok && ExerciseScenario != nil {
			if sc, found := ExerciseScenario(ex); found {
				id = sc
			}
		}
	}
	sc, err := Get(id)
	if err != nil {
		if id == "" {
			bad("link: scenario is missing: expected one of %s", scenarioIDs())
		} else {
			bad("link: %v", err)
		}
		return l, errs
	}
	l.Spec.Scenario = sc.ID
	l.Spec.Case = sc.DefaultCase
	if c, ok := first("case"); ok {
		if _, err := sc.Case(c); err != nil {
			bad("link: %v; using %s", err, sc.DefaultCase)
		} else {
			l.Spec.Case = c
		}
	}
	if s, ok := first("seed"); ok {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			bad("link: seed=%q is not allowed: expected an integer from 0 to 18446744073709551615; using 1", s)
		} else {
			l.Spec.Seed = n
		}
	}
	if s, ok := first("speed"); ok {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || !(f > 0 && f <= 1000) {
			bad("link: speed=%q is not allowed: expected a number above 0 and at most 1000 (virtual seconds per second)", s)
		} else {
			l.Speed = f
		}
	}
	if s, ok := first("compare"); ok && s != "" {
		cases := strings.Split(s, ",")
		valid := true
		for _, c := range cases {
			if _, err := sc.Case(c); err != nil {
				bad("link: compare: %v", err)
				valid = false
			}
		}
		switch {
		case len(cases) > MaxCompare:
			bad("link: compare lists %d cases; at most %d can be shown side by side", len(cases), MaxCompare)
		case valid:
			l.Spec.Compare = cases
		}
	}
	enum := func(k string, dst *string, allowed ...string) {
		if s, ok := first(k); ok {
			for _, a := range allowed {
				if s == a {
					*dst = s
					return
				}
			}
			bad("link: %s=%q is not allowed: expected one of %s", k, s, strings.Join(allowed, ", "))
		}
	}
	enum("controls", &l.Controls, "full", "minimal", "none")
	enum("autoplay", &l.Autoplay, "visible", "off")
	enum("theme", &l.Theme, "default", "high-contrast")
	boolean := func(k string, dst *bool) {
		if s, ok := first(k); ok {
			switch strings.ToLower(s) {
			case "", "1", "true", "yes", "on":
				*dst = true
			case "0", "false", "no", "off":
				*dst = false
			default:
				bad("link: %s=%q is not allowed: expected true or false", k, s)
			}
		}
	}
	boolean("loop", &l.Loop)
	boolean("present", &l.Present)
	if s, ok := first("t"); ok {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f < 0 || f > 86400 {
			bad("link: t=%q is not allowed: expected virtual seconds from 0 to 86400", s)
		} else {
			l.T = f
		}
	}
	if s, ok := first("exercise"); ok {
		l.Exercise = s
	}
	if s, ok := first("lock"); ok && s != "" {
		for _, name := range strings.Split(s, ",") {
			if name == "all" {
				l.Lock = []string{"all"}
				break
			}
			if _, ok := sc.Knob(name); !ok {
				bad("link: lock: %s has no knob %q", sc.ID, name)
				continue
			}
			l.Lock = append(l.Lock, name)
		}
	}
	// Knobs: each value checked on its own against the knob's type and
	// range, so one bad value costs only that knob.
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if linkParams[k] {
			continue
		}
		knob, ok := sc.Knob(k)
		v, _ := first(k)
		if !ok {
			bad("link: %s has no knob %q; ignored", sc.ID, k)
			continue
		}
		if _, ok := knob.parse(v); !ok {
			// The knob falls back to what the case (or, if the case does not
			// set it, the scenario) gives it.
			fallback := "the default " + knob.Default
			if c, err := sc.Case(l.Spec.Case); err == nil {
				for _, kv := range c.Set {
					if kv[0] == k {
						fallback = "the case's " + kv[1]
					}
				}
			}
			errs = append(errs, &KnobError{Scenario: sc.ID, Knob: k, Value: v, Allowed: knob.Allowed() + "; using " + fallback})
			continue
		}
		l.Spec.Knobs[k] = v
	}
	// The knobs must also make a valid configuration together (a few
	// combinations are refused as a whole, e.g. no load at all).
	if _, err := sc.Resolve(l.Spec.Case, l.Spec.Knobs); err != nil {
		bad("link: %v; using the case's values", err)
		l.Spec.Knobs = map[string]string{}
	} else if v, _ := sc.Resolve(l.Spec.Case, l.Spec.Knobs); v != nil {
		if _, err := sc.Config(v); err != nil {
			bad("link: %v; using the case's values", err)
			l.Spec.Knobs = map[string]string{}
		}
	}
	return l, errs
}

// Query renders a link's state as a query string (without "?"), knobs
// under their own names in a stable order, leaving out what equals the
// defaults.
func (l *Link) Query() string {
	q := url.Values{}
	q.Set("scenario", l.Spec.Scenario)
	if l.Spec.Case != "" {
		q.Set("case", l.Spec.Case)
	}
	if l.Spec.Seed != 1 {
		q.Set("seed", strconv.FormatUint(l.Spec.Seed, 10))
	}
	if l.Speed > 0 {
		q.Set("speed", strconv.FormatFloat(l.Speed, 'g', -1, 64))
	}
	if len(l.Spec.Compare) > 0 {
		q.Set("compare", strings.Join(l.Spec.Compare, ","))
	}
	for k, v := range l.Spec.Knobs {
		q.Set(k, v)
	}
	if l.Controls != "" && l.Controls != "full" {
		q.Set("controls", l.Controls)
	}
	if l.Autoplay == "visible" {
		q.Set("autoplay", "visible")
	}
	if l.T > 0 {
		q.Set("t", strconv.FormatFloat(l.T, 'g', -1, 64))
	}
	if l.Loop {
		q.Set("loop", "true")
	}
	if l.Exercise != "" {
		q.Set("exercise", l.Exercise)
	}
	if len(l.Lock) > 0 {
		q.Set("lock", strings.Join(l.Lock, ","))
	}
	if l.Theme != "" && l.Theme != "default" {
		q.Set("theme", l.Theme)
	}
	if l.Present {
		q.Set("present", "true")
	}
	return q.Encode()
}

func scenarioIDs() string {
	var ids []string
	for _, s := range All() {
		ids = append(ids, s.ID)
	}
	return strings.Join(ids, ", ")
}
