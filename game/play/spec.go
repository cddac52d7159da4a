// Package play drives the playground: it holds one to three simulators
// ("sides") lock-stepped on one virtual clock, advances them by the speed
// each tick with a bounded amount of work, steps them event by event, and
// reports their state. It knows nothing about Ebiten or JavaScript, so it
// is tested natively; package game calls Tick from Ebiten's Update and the
// wasm entry point translates the JavaScript API to its methods.
package play

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxSides bounds compare mode: more than three pictures in one canvas are
// too small to read.
const MaxSides = 3

// Spec is what to simulate: the JSON the page passes to load().
type Spec struct {
	Scenario string            `json:"scenario"`
	Case     string            `json:"case"`
	Knobs    map[string]string `json:"knobs"`
	Seed     uint64            `json:"seed"`
	// Compare lists the cases of the sides (one each, same knobs and seed);
	// empty means a single side showing Case.
	Compare []string `json:"compare"`
}

// Cases returns the case of every side.
func (s *Spec) Cases() []string {
	if len(s.Compare) > 0 {
		return s.Compare
	}
	return []string{s.Case}
}

// ParseSpec decodes a spec. Knob values may be JSON strings, numbers or
// booleans; they become the text the scenario's knob parser checks (so a
// number is passed on exactly as written, never through a float).
func ParseSpec(text string) (Spec, error) {
	var raw struct {
		Scenario string                     `json:"scenario"`
		Case     string                     `json:"case"`
		Knobs    map[string]json.RawMessage `json:"knobs"`
		Seed     json.RawMessage            `json:"seed"`
		Compare  []string                   `json:"compare"`
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return Spec{}, fmt.Errorf("bad spec: %v (expected {\"scenario\",\"case\",\"knobs\",\"seed\",\"compare\"})", oneLine(err.Error()))
	}
	s := Spec{Scenario: raw.Scenario, Case: raw.Case, Compare: raw.Compare, Seed: 1}
	if s.Scenario == "" {
		return Spec{}, errors.New("bad spec: \"scenario\" is missing")
	}
	if len(raw.Seed) > 0 && string(raw.Seed) != "null" {
		seed, err := parseSeed(raw.Seed)
		if err != nil {
			return Spec{}, err
		}
		s.Seed = seed
	}
	if len(s.Compare) > MaxSides {
		return Spec{}, fmt.Errorf("bad spec: compare lists %d cases; at most %d can be shown side by side", len(s.Compare), MaxSides)
	}
	if len(raw.Knobs) > 0 {
		s.Knobs = make(map[string]string, len(raw.Knobs))
		for name, v := range raw.Knobs {
			t, err := knobText(v)
			if err != nil {
				return Spec{}, fmt.Errorf("knob %s: %v", name, err)
			}
			s.Knobs[name] = t
		}
	}
	return s, nil
}

// knobText turns a JSON knob value into text.
func knobText(v json.RawMessage) (string, error) {
	v = bytes.TrimSpace(v)
	switch {
	case len(v) == 0:
		return "", errors.New("no value")
	case v[0] == '"':
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return "", err
		}
		return s, nil
	case string(v) == "true" || string(v) == "false":
		return string(v), nil
	case v[0] == '-' || (v[0] >= '0' && v[0] <= '9'):
		var n json.Number
		if err := json.Unmarshal(v, &n); err != nil {
			return "", err
		}
		return n.String(), nil
	}
	return "", fmt.Errorf("value %s is not a string, number or boolean", v)
}

func parseSeed(v json.RawMessage) (uint64, error) {
	t := strings.Trim(string(bytes.TrimSpace(v)), "\"")
	seed, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("bad spec: seed %s is not allowed: expected an integer from 0 to 18446744073709551615", v)
	}
	return seed, nil
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }
