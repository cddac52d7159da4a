package play

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/loomlab/loomlab/game/link"
	"github.com/loomlab/loomlab/sim/scenario"
)

// LinkJSON is link.Link as the page sees it: one flat object with the
// spec's fields beside the page's own (speed, embed, classroom, theme).
// The page never parses a link itself: it hands the query string to
// ParseLinkJSON and renders its state with LinkQuery, so link.Parse stays
// the one authority on names, types and ranges.
type LinkJSON struct {
	Scenario string            `json:"scenario"`
	Case     string            `json:"case"`
	Knobs    map[string]string `json:"knobs"`
	Seed     uint64            `json:"seed"`
	Compare  []string          `json:"compare"`
	Speed    float64           `json:"speed"` // 0: the page's default
	Controls string            `json:"controls"`
	Autoplay string            `json:"autoplay"`
	T        float64           `json:"t"` // virtual seconds
	Loop     bool              `json:"loop"`
	Exercise string            `json:"exercise"`
	Lock     []string          `json:"lock"`
	Theme    string            `json:"theme"`
	Present  bool              `json:"present"`
	// The sweep panel's setup (link.Link's Sweep fields); "" and empty
	// lists when the link carries no sweep.
	Sweep        string   `json:"sweep"`
	SweepSides   []string `json:"sweepSides"`
	SweepMetrics []string `json:"sweepMetrics"`
	Tour         bool     `json:"tour"` // start in tour mode
	// A fitted gc-lab model's what-if (link.Link's WhatIf); {} when none.
	WhatIf map[string]string `json:"whatIf"`
}

// ParsedLink is what ParseLinkJSON answers: the usable link and one
// message per value that was left out (the knob keeps its default).
type ParsedLink struct {
	Link   LinkJSON `json:"link"`
	Errors []string `json:"errors"`
}

func toJSON(l link.Link) LinkJSON {
	j := LinkJSON{Scenario: l.Spec.Scenario, Case: l.Spec.Case, Knobs: l.Spec.Knobs, Seed: l.Spec.Seed,
		Compare: l.Spec.Compare, Speed: l.Speed, Controls: l.Controls, Autoplay: l.Autoplay, T: l.T,
		Loop: l.Loop, Exercise: l.Exercise, Lock: l.Lock, Theme: l.Theme, Present: l.Present, Tour: l.Tour,
		Sweep: l.Sweep, SweepSides: l.SweepSides, SweepMetrics: l.SweepMetrics, WhatIf: l.WhatIf}
	if j.SweepSides == nil {
		j.SweepSides = []string{}
	}
	if j.SweepMetrics == nil {
		j.SweepMetrics = []string{}
	}
	if j.Knobs == nil {
		j.Knobs = map[string]string{}
	}
	if j.Compare == nil {
		j.Compare = []string{}
	}
	if j.Lock == nil {
		j.Lock = []string{}
	}
	if j.WhatIf == nil {
		j.WhatIf = map[string]string{}
	}
	return j
}

func (j *LinkJSON) toLink() link.Link {
	return link.Link{Spec: scenario.Spec{Scenario: j.Scenario, Case: j.Case, Knobs: j.Knobs, Seed: j.Seed,
		Compare: j.Compare}, Speed: j.Speed, Controls: j.Controls, Autoplay: j.Autoplay, T: j.T, Loop: j.Loop,
		Exercise: j.Exercise, Lock: j.Lock, Theme: j.Theme, Present: j.Present, Tour: j.Tour,
		Sweep: j.Sweep, SweepSides: j.SweepSides, SweepMetrics: j.SweepMetrics, WhatIf: j.WhatIf}
}

// ParseLinkJSON parses a link's query string (link.Parse) and
// answers the JSON of a ParsedLink. It never fails as a whole.
func ParseLinkJSON(query string) string {
	l, errs := link.Parse(query)
	out := ParsedLink{Link: toJSON(l), Errors: []string{}}
	for _, e := range errs {
		out.Errors = append(out.Errors, strings.ReplaceAll(e.Error(), "\n", " "))
	}
	b, err := json.Marshal(out)
	if err != nil { // cannot happen: strings, numbers and maps of strings
		return fmt.Sprintf(`{"link":{},"errors":[%q]}`, err.Error())
	}
	return string(b)
}

// LinkQuery renders the JSON of a LinkJSON as a query string (without
// "?"; link.Link.Query). A field left out takes the link's default
// (seed 1, controls full, autoplay off, theme default). The result is
// parsed again and refused if link.Parse would not take every value in it,
// so a link the page writes always opens cleanly.
func LinkQuery(linkJSON string) (string, error) {
	j := LinkJSON{Seed: 1, Controls: "full", Autoplay: "off", Theme: "default"}
	dec := json.NewDecoder(bytes.NewReader([]byte(linkJSON)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return "", fmt.Errorf("bad link: %s", strings.ReplaceAll(err.Error(), "\n", " "))
	}
	if j.Scenario == "" {
		return "", fmt.Errorf("bad link: \"scenario\" is missing")
	}
	l := j.toLink()
	q := l.Query()
	if _, errs := link.Parse(q); len(errs) > 0 {
		return "", errs[0]
	}
	return q, nil
}
