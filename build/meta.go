package main

import (
	"encoding/json"

	"github.com/loomlab/loomlab/sim/scenario"
)

// scenarios.json: everything the page shows about a scenario before it runs
// anything — generated from sim/scenario so the page never restates a knob,
// a range or an article figure by hand.

type metaFile struct {
	// Metrics are the contract's metric names in report order.
	Metrics   []string       `json:"metrics"`
	Scenarios []metaScenario `json:"scenarios"`
	// Exercises are the classroom's (exercises.go).
	Exercises []metaExercise `json:"exercises"`
}

type metaScenario struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Article     string   `json:"article"`
	Summary     string   `json:"summary"`
	Notes       []string `json:"notes"`
	DefaultCase string   `json:"defaultCase"`
	Compare     []string `json:"compare"`
	Metrics     []string `json:"metrics"`
	// MetricMeanings say what each of Metrics counts in this scenario
	// (Scenario.MetricMeaning: over its measurement window or whole run).
	MetricMeanings map[string]string `json:"metricMeanings"`
	Knobs          []metaKnob        `json:"knobs"`
	Cases          []metaCase        `json:"cases"`
	Figures        []metaFigure      `json:"figures"`
	Profile        []metaConstant    `json:"profile"`
}

type metaKnob struct {
	Name    string   `json:"name"`
	Type    string   `json:"type"` // int, float, bool, enum
	Default string   `json:"default"`
	Min     *float64 `json:"min,omitempty"`
	Max     *float64 `json:"max,omitempty"`
	Options []string `json:"options,omitempty"`
	Unit    string   `json:"unit,omitempty"`
	Help    string   `json:"help"`
	// Allowed is the sim's own wording of the accepted values, used in
	// the page's messages so they read like the Go side's.
	Allowed string `json:"allowed"`
	// ZeroMeans: what 0 does for a knob whose 0 sets nothing
	// (scenario.Knob); the sweep panel's ranges start above it.
	ZeroMeans string `json:"zeroMeans,omitempty"`
	// SweepHint: the range the sweep panel proposes when the case leaves a
	// ZeroMeans knob at 0 (scenario.Knob).
	SweepHint string `json:"sweepHint,omitempty"`
}

type metaCase struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Set is the case's knob values, in the order the scenario applies them.
	Set []metaSet `json:"set"`
}

type metaSet struct {
	Knob  string `json:"knob"`
	Value string `json:"value"`
}

type metaFigure struct {
	Case   string  `json:"case"`
	Metric string  `json:"metric"`
	Value  float64 `json:"value"`
	Than   string  `json:"than,omitempty"`
	Cmp    string  `json:"cmp,omitempty"`
	Text   string  `json:"text,omitempty"`
	// ValueText is the article's value in its metric's unit, as the
	// model's is shown ("" for an ordering).
	ValueText string `json:"value_text,omitempty"`
	Tolerance string `json:"tolerance"`
	// ToleranceWords is the tolerance with the figure's own numbers
	// (scenario.Tolerance.Words: "×/÷1.5 or ±43 (counting noise)"); "" for
	// an ordering.
	ToleranceWords string `json:"tolerance_words,omitempty"`
	// Accepts says which model values pass, in the metric's unit
	// (scenario.Figure.AcceptText).
	Accepts   string        `json:"accepts"`
	Tol       metaTolerance `json:"tol"`
	Deviation string        `json:"deviation,omitempty"`
	Role      string        `json:"role"`
}

type metaTolerance struct {
	Rel    float64 `json:"rel,omitempty"`
	Abs    float64 `json:"abs,omitempty"`
	Factor float64 `json:"factor,omitempty"`
	Count  bool    `json:"count,omitempty"`
}

type metaConstant struct {
	Name       string `json:"name"`
	Value      string `json:"value"`
	Derivation string `json:"derivation"`
}

func scenarioMeta() metaFile {
	f := metaFile{Metrics: scenario.MetricNames, Scenarios: []metaScenario{}}
	for _, s := range scenario.All() {
		ms := metaScenario{ID: s.ID, Title: s.Title, Article: s.Article, Summary: s.Summary,
			Notes: nonNil(s.Notes), DefaultCase: s.DefaultCase, Compare: nonNil(s.Compare), Metrics: nonNil(s.Metrics),
			MetricMeanings: map[string]string{}, Knobs: []metaKnob{}, Cases: []metaCase{}, Figures: []metaFigure{}, Profile: []metaConstant{}}
		for _, m := range s.Metrics {
			ms.MetricMeanings[m] = s.MetricMeaning(m)
		}
		for i := range s.Knobs {
			k := &s.Knobs[i]
			mk := metaKnob{Name: k.Name, Type: k.Kind.String(), Default: k.Default, Options: k.Options,
				Unit: k.Unit, Help: k.Help, Allowed: k.Allowed(), ZeroMeans: k.ZeroMeans, SweepHint: k.SweepHint}
			if k.Kind == scenario.Int || k.Kind == scenario.Float {
				lo, hi := k.Min, k.Max
				mk.Min, mk.Max = &lo, &hi
			}
			ms.Knobs = append(ms.Knobs, mk)
		}
		for _, c := range s.Cases {
			mc := metaCase{ID: c.ID, Title: c.Title, Set: []metaSet{}}
			for _, kv := range c.Set {
				mc.Set = append(mc.Set, metaSet{Knob: kv[0], Value: kv[1]})
			}
			ms.Cases = append(ms.Cases, mc)
		}
		for _, fg := range s.Figures {
			tol := fg.Tol.String()
			if fg.Than != "" {
				tol = "ordering"
			}
			valueText, tolWords := "", ""
			if fg.Than == "" {
				valueText = scenario.MetricText(fg.Metric, fg.Value)
				tolWords = fg.Tol.Words(fg.Value)
			}
			ms.Figures = append(ms.Figures, metaFigure{Case: fg.Case, Metric: fg.Metric, Value: fg.Value,
				Than: fg.Than, Cmp: fg.Cmp, Text: fg.Text, ValueText: valueText, Tolerance: tol, ToleranceWords: tolWords, Accepts: fg.AcceptText(), Deviation: fg.Deviation,
				Tol: metaTolerance{Rel: fg.Tol.Rel, Abs: fg.Tol.Abs, Factor: fg.Tol.Factor,
					Count: fg.Tol.Count}, Role: string(fg.Role)})
		}
		for _, c := range s.Profile {
			ms.Profile = append(ms.Profile, metaConstant{Name: c.Name, Value: c.Value, Derivation: c.Derivation})
		}
		f.Scenarios = append(f.Scenarios, ms)
	}
	return f
}

func scenariosJSON() ([]byte, error) {
	m := scenarioMeta()
	ex, err := exerciseMeta()
	if err != nil {
		return nil, err
	}
	m.Exercises = ex
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
