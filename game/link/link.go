// Package link is the page's URL format: the state a shareable address
// carries (a scenario's spec plus the page's own speed, embed, classroom
// and presenter settings), read from a query string and written back.
// It belongs to the page, not to the model: package scenario says what a
// scenario and its knobs are, this package says how the page spells them
// in an address. It is pure Go without Ebiten, so it is tested natively
// and under wasm; game/play hands it to JavaScript as JSON.
package link

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim/scenario"
)

// Link is the state a shareable URL carries: the page's query string
// (?scenario=vt-pooling&case=1g-pool&heap_mb=2048&seed=3&speed=0.01). Every
// knob travels under its own name. Embeds and classroom links add their own
// parameters.
type Link struct {
	Spec  scenario.Spec
	Speed float64 // virtual seconds per real second; 0: the page's default
	// Embed parameters.
	Controls string  // full, minimal or none
	Autoplay string  // visible or off
	T        float64 // virtual seconds to start at
	Loop     bool
	// Classroom parameters. A link naming only an exercise has no scenario
	// here: the classroom is not part of the page's canvas, so the page
	// adds the exercise's scenario (from scenarios.json) before parsing.
	Exercise string
	Lock     []string // knob names, or "all"
	Theme    string   // default or high-contrast
	// Present: the presenter view.
	Present bool
	// The sweep panel (sweep.go): the swept knob's range as
	// "KNOB:LO:HI:N[:log]" (empty: no sweep), its sides and its metrics.
	Sweep        string
	SweepSides   []string
	SweepMetrics []string
	// Tour: start in tour mode (the run plays from its start and stops at
	// each moment of the article's story).
	Tour bool
	// WhatIf: a gc-lab model fitted to a GC log, changed by the GC-log
	// panel's what-if (whatif.go); nil when the link carries none.
	WhatIf map[string]string
}

// pageParams are the link's parameter names that are not knobs.
var pageParams = map[string]bool{"scenario": true, "case": true, "seed": true, "speed": true, "compare": true,
	"controls": true, "autoplay": true, "t": true, "loop": true, "exercise": true, "lock": true, "theme": true,
	"present": true, "tour": true, "sweep": true, "sweep_side": true, "sweep_metric": true, "whatif": true}

// Parse reads a link's query string (with or without the leading "?" or
// "#"). It never fails as a whole: every value it cannot use is left out
// (the knob keeps its default) and reported in errs, one message per value
// naming it and what is allowed, so the rest of the link still loads. Only
// a missing or unknown scenario leaves Spec.Scenario empty.
func Parse(query string) (Link, []error) {
	r := newReader(query)
	l := Link{Spec: scenario.Spec{Seed: 1, Knobs: map[string]string{}}, Controls: "full", Autoplay: "off", Theme: "default"}
	sc := r.scenario()
	if sc == nil {
		return l, r.errs
	}
	l.Spec.Scenario = sc.ID
	r.spec(&l, sc)
	r.page(&l)
	r.classroom(&l, sc)
	r.knobs(&l, sc)
	r.together(&l, sc)
	r.sweep(&l, sc)
	r.whatIf(&l, sc)
	return l, r.errs
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
	if l.Tour {
		q.Set("tour", "1")
	}
	if l.Sweep != "" {
		q.Set("sweep", l.Sweep)
		if len(l.SweepSides) > 0 {
			q.Set("sweep_side", strings.Join(l.SweepSides, sweepSideSep))
		}
		if len(l.SweepMetrics) > 0 {
			q.Set("sweep_metric", strings.Join(l.SweepMetrics, ","))
		}
	}
	if len(l.WhatIf) > 0 {
		q.Set("whatif", whatIfQuery(l.WhatIf))
	}
	return q.Encode()
}
