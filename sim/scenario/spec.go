package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxCompare bounds compare mode: more than three pictures in one canvas
// are too small to read.
const MaxCompare = 3

// Spec is what the page asks for: a scenario, a case, knob overrides, a seed
// and, for compare mode, the cases to show side by side. It is the JSON
// object {"scenario", "case", "knobs": {name: value}, "seed", "compare"} that
// the playground's load() and the worker's runFull() take.
type Spec struct {
	Scenario string            `json:"scenario"`
	Case     string            `json:"case"`
	Knobs    map[string]string `json:"knobs"`
	Seed     uint64            `json:"seed"`
	// Compare lists the cases of the sides (one each, same knobs and seed);
	// empty means one side showing Case.
	Compare []string `json:"compare,omitempty"`
}

// Cases returns the case of every side.
func (s *Spec) Cases() []string {
	if len(s.Compare) > 0 {
		return s.Compare
	}
	return []string{s.Case}
}

// ParseSpec decodes a spec. Knob values may be JSON strings, numbers or
// booleans; they become the text a --set flag would carry (a number exactly
// as written, never through a float), so the scenario's knob parser stays
// the one authority on names and ranges (Resolve). The seed defaults to 1.
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
		return Spec{}, fmt.Errorf("bad spec: %s (expected {\"scenario\", \"case\", \"knobs\", \"seed\", \"compare\"})",
			strings.ReplaceAll(err.Error(), "\n", " "))
	}
	s := Spec{Scenario: raw.Scenario, Case: raw.Case, Compare: raw.Compare, Seed: 1, Knobs: map[string]string{}}
	if s.Scenario == "" {
		return Spec{}, errors.New("bad spec: \"scenario\" is missing")
	}
	if len(raw.Seed) > 0 && string(raw.Seed) != "null" {
		t := strings.Trim(string(bytes.TrimSpace(raw.Seed)), "\"")
		seed, err := strconv.ParseUint(t, 10, 64)
		if err != nil {
			return Spec{}, fmt.Errorf("bad spec: seed %s is not allowed: expected an integer from 0 to 18446744073709551615", raw.Seed)
		}
		s.Seed = seed
	}
	if len(s.Compare) > MaxCompare {
		return Spec{}, fmt.Errorf("bad spec: compare lists %d cases; at most %d can be shown side by side", len(s.Compare), MaxCompare)
	}
	for name, v := range raw.Knobs {
		t, err := knobText(v)
		if err != nil {
			return Spec{}, fmt.Errorf("%s: knob %s: %v", s.Scenario, name, err)
		}
		s.Knobs[name] = t
	}
	return s, nil
}

// knobText turns a JSON knob value into the text of a --set flag.
func knobText(v json.RawMessage) (string, error) {
	v = bytes.TrimSpace(v)
	switch {
	case len(v) == 0 || string(v) == "null":
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
