package scenario

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Figure is one number (or ordering) an article reports, with the tolerance
// the model must meet.
type Figure struct {
	Case   string
	Metric string
	// Value is the article's figure. For an ordering, Than names the other
	// case and Cmp is ">" or "<": the article reports Case's metric above
	// (or below) Than's.
	Value float64
	Than  string
	Cmp   string
	Tol   Tolerance
	// Text is the article's figure as it reads ("~9 s", "640–710 MB").
	Text string
	// Role says whether the figure tests the model (Predicted) or only
	// repeats a fit (Calibrated). It is written out here so a reader of the
	// scenario sees it, and checked against the profile: a figure is
	// Calibrated exactly when a Constant's Fits names it (roles.go).
	Role Role
	// Deviation, when set, declares that the model cannot reproduce this
	// figure honestly, and why.
	Deviation string
	// Pinned is the model's value when the deviation was declared (for an
	// ordering: this case's and the other case's). The model is
	// deterministic, so any change to it fails verify: a deviation is
	// re-examined and re-declared on purpose, never carried along unseen.
	Pinned []float64
}

// Tolerance says how close the model must be.
type Tolerance struct {
	Rel    float64 // relative: |model - article| <= Rel * article
	Abs    float64 // absolute: |model - article| <= Abs
	Factor float64 // ratio: article/Factor <= model <= article*Factor
	// Count marks a count of random events (Full GCs in a run): besides the
	// bands above, the model may differ from the article by the counting
	// noise of the article's one run, which a ratio cannot express for
	// small counts (×/÷1.5 of 0 is 0). A count of n independent events
	// spreads like a Poisson variable, ±√n; two standard deviations, and
	// never less than 2 (so 0 still admits 0–2), is countNoise.
	Count bool
	// Exact requires the model to equal the figure (a count the mechanism
	// sets, such as the router's switch point).
	Exact bool
}

func (t Tolerance) String() string {
	parts := t.bandNotations()
	if t.Count {
		parts = append(parts, "or ±max(2, 2√n) counting noise")
	}
	return strings.Join(parts, " ")
}

// bandNotations writes the tolerance's bands but the counting noise, which
// String and Words write each in their own way.
func (t Tolerance) bandNotations() []string {
	var parts []string
	if t.Exact {
		parts = append(parts, "exact")
	}
	if t.Rel > 0 {
		parts = append(parts, fmt.Sprintf("±%g%%", t.Rel*100))
	}
	if t.Abs > 0 {
		parts = append(parts, fmt.Sprintf("±%g", t.Abs))
	}
	if t.Factor > 0 {
		parts = append(parts, fmt.Sprintf("×/÷%g", t.Factor))
	}
	return parts
}

// Words is the tolerance as a reader of one figure needs it, with that
// figure's own numbers: "±15%", "the wider of ×/÷1.5 and ±43 (counting
// noise)" for a count of 461. String's "×/÷1.5 or ±max(2, 2√n) counting
// noise" gave newcomers a formula to work out, and "or" left them asking
// which band applies: the union, the wider band at each end.
func (t Tolerance) Words(article float64) string {
	parts := t.bandNotations()
	if t.Count {
		parts = append(parts, fmt.Sprintf("±%s (counting noise)", GroupDigits(strconv.FormatFloat(math.Round(countNoise(article)), 'f', 0, 64))))
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return "the wider of " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// OK reports whether model is within the tolerance of article: inside
// Range, ends included. (Before Range, each band was tested as |model −
// article| ≤ width; the two forms can differ in the last bit exactly at a
// band's end, which no figure's model value sits on: verify's verdicts
// did not move.)
func (t Tolerance) OK(article, model float64) bool {
	if t.Exact {
		return model == article
	}
	lo, hi, ok := t.Range(article)
	return ok && lo <= model && model <= hi
}

// Range is the band of model values the tolerance accepts around article:
// the union of its bands, which is one interval since each band holds the
// article's value (a ratio band only when the value is not negative; ok is
// false when no band applies). An exact tolerance accepts article alone.
func (t Tolerance) Range(article float64) (lo, hi float64, ok bool) {
	if t.Exact {
		return article, article, true
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	band := func(l, h float64) {
		lo, hi, ok = math.Min(lo, l), math.Max(hi, h), true
	}
	if t.Count {
		n := countNoise(article)
		band(article-n, article+n)
	}
	if t.Rel > 0 {
		d := t.Rel * math.Abs(article)
		band(article-d, article+d)
	}
	if t.Abs > 0 {
		band(article-t.Abs, article+t.Abs)
	}
	if t.Factor > 0 && article >= 0 {
		band(article/t.Factor, article*t.Factor)
	}
	return lo, hi, ok
}

// AcceptText says in the metric's unit which model values pass a figure:
// the band around its value ("96,667 – 217,500 req/s"), or for an ordering
// where it must lie against the model's value for the other case. A band's
// low end stops at zero: every metric the figures use is a size, a time, a
// rate or a count.
func (f *Figure) AcceptText() string {
	switch {
	case f.Than != "" && f.Cmp == "≈":
		return "within " + f.Tol.String() + " of the model's value for " + f.Than
	case f.Than != "" && f.Cmp == ">":
		return "above the model's value for " + f.Than
	case f.Than != "" && f.Cmp == "<":
		return "below the model's value for " + f.Than
	case f.Than != "":
		return f.Cmp + " the model's value for " + f.Than
	case f.Tol.Exact:
		return "exactly " + f.valueText(f.Value)
	}
	lo, hi, ok := f.Tol.Range(f.Value)
	if !ok {
		return "none"
	}
	lo = math.Max(0, lo)
	if f.Tol.Count || (f.Value == math.Trunc(f.Value) && !strings.Contains(MetricText(f.Metric, f.Value), " ")) {
		// A count (or a unitless whole number: threads, requests) passes
		// as a whole number: 307.3–691.5 admits 308–691.
		lo, hi = math.Ceil(lo), math.Floor(hi)
	}
	l, h := f.valueText(lo), f.valueText(hi)
	// One unit for both ends when they share it: "92,031 – 124,513 req/s".
	if i, j := strings.LastIndexByte(l, ' '), strings.LastIndexByte(h, ' '); i > 0 && j > 0 && l[i:] == h[j:] {
		return l[:i] + " – " + h
	}
	return l + " – " + h
}

// countNoise is how far a second run could plausibly land from a count of
// n random events: two Poisson standard deviations, at least 2. At 0 it
// admits 0–2, at 4 it admits 0–8, at 461 it is ±43 (narrower than ×/÷1.5,
// which then decides).
func countNoise(n float64) float64 {
	return math.Max(2, 2*math.Sqrt(math.Abs(n)))
}

// Check is the verdict on one figure.
type Check struct {
	Scenario  string `json:"scenario"`
	Case      string `json:"case"`
	Metric    string `json:"metric"`
	Article   string `json:"article"`
	Model     string `json:"model"`
	Tolerance string `json:"tolerance"`
	// Accepts is the figure's accepted range in the metric's unit
	// (Figure.AcceptText): the values Tolerance lets pass.
	Accepts string `json:"accepts"`
	Status  string `json:"status"`
	// Role is the figure's Role: "calibrated" or "predicted".
	Role   string `json:"role"`
	Reason string `json:"reason"`
	// WouldBe is, for a declared deviation, the status the figure would
	// have had without the declaration (pass or fail).
	WouldBe string `json:"would_be,omitempty"`
	// Text is Model for a reader: what loomsim verify's table and the
	// page's show. A single value reads in the unit of the article's value
	// (Figure.valueText), an ordering as ModelText writes it; empty when
	// the run reported no value.
	Text string `json:"model_text"`
	// Values are the model's numbers behind Model: this case's, then, for
	// an ordering, the other case's. Model keeps the full precision a
	// script compares; ModelText reads them in the metric's unit.
	Values []float64 `json:"-"`
}

// ModelText is Model for a reader: each value in its metric's unit
// ("127,697 req/s", "16.0 GB"), an ordering as "a > b" in the order the
// figure names its cases ("145,251 req/s > 127,697 req/s"). It was
// "> (a vs b)", which newcomers could not read at a glance.
func (c Check) ModelText() string {
	switch len(c.Values) {
	case 1:
		return MetricText(c.Metric, c.Values[0])
	case 2:
		cmp, _, _ := strings.Cut(c.Model, " ")
		return fmt.Sprintf("%s %s %s", MetricText(c.Metric, c.Values[0]), cmp, MetricText(c.Metric, c.Values[1]))
	}
	return c.Model
}

// valueText formats a value of f's metric as MetricText does, except that
// a time the article gives in seconds ("~9 s") reads in seconds too
// ("7.82 s"), where MetricText keeps a _ms metric in milliseconds at any
// size: the article's value, the model's and the accepted range of one
// row share a unit.
func (f *Figure) valueText(v float64) string {
	if strings.HasSuffix(f.Metric, "_ms") && strings.HasSuffix(f.Text, " s") {
		return GroupDigits(strconv.FormatFloat(v/1e3, 'f', 2, 64)) + " s"
	}
	return MetricText(f.Metric, v)
}

// Verify runs every case the scenario's figures need (seed 1, full length)
// and checks each figure. run is how a case is run (so callers can cache or
// report progress).
func (s *Scenario) Verify(run func(caseID string) (*Result, error)) ([]Check, error) {
	results := map[string]*Result{}
	get := func(c string) (*Result, error) {
		if r, ok := results[c]; ok {
			return r, nil
		}
		r, err := run(c)
		if err != nil {
			return nil, err
		}
		results[c] = r
		return r, nil
	}
	var out []Check
	for _, f := range s.Figures {
		r, err := get(f.Case)
		if err != nil {
			return nil, err
		}
		var o *Result
		if f.Than != "" {
			if o, err = get(f.Than); err != nil {
				return nil, err
			}
		}
		out = append(out, s.checkFigure(f, r, o))
	}
	return out, nil
}

// CheckAvailable checks the figures whose cases are all in results, in
// figure order; the others are nil. (The page fills the article table in
// as its background runs finish.) A figure checked here gets the verdict
// Verify gives it once every case has run.
func (s *Scenario) CheckAvailable(results map[string]*Result) []*Check {
	out := make([]*Check, len(s.Figures))
	for i, f := range s.Figures {
		r := results[f.Case]
		o := results[f.Than]
		if r == nil || (f.Than != "" && o == nil) {
			continue
		}
		c := s.checkFigure(f, r, o)
		out[i] = &c
	}
	return out
}

// checkFigure judges figure f on its case's result r and, for an
// ordering, the other case's result o.
func (s *Scenario) checkFigure(f Figure, r, o *Result) Check {
	mv, ok := r.MetricValue(f.Metric)
	c := Check{Scenario: s.ID, Case: f.Case, Metric: f.Metric, Role: string(f.Role), Accepts: f.AcceptText()}
	if !ok {
		c.Model, c.Status = "missing", "fail"
		c.Reason = fmt.Sprintf("the %s run reports no %s", f.Case, f.Metric)
		return c
	}
	model := []float64{mv}
	if f.Than != "" {
		ov, ok := o.MetricValue(f.Metric)
		if !ok {
			c.Case, c.Model, c.Status = f.Case+" vs "+f.Than, "missing", "fail"
			c.Reason = fmt.Sprintf("the %s run reports no %s", f.Than, f.Metric)
			return c
		}
		model = append(model, ov)
		c.Case = f.Case + " vs " + f.Than
		c.Article = f.Cmp
		c.Tolerance = "ordering"
		cmp := "="
		if mv > ov {
			cmp = ">"
		} else if mv < ov {
			cmp = "<"
		}
		c.Model = fmt.Sprintf("%s (%s vs %s)", cmp, fmtNum(mv), fmtNum(ov))
		c.Status = "fail"
		if f.Cmp == "≈" {
			// "About the same": within the tolerance of each other.
			c.Tolerance = "ordering " + f.Tol.String()
			if f.Tol.OK(ov, mv) {
				c.Status = "pass"
			}
		} else if cmp == f.Cmp {
			c.Status = "pass"
		}
	} else {
		c.Article = fmtNum(f.Value)
		if f.Text != "" {
			c.Article = f.Text
		}
		c.Model = fmtNum(mv)
		c.Tolerance = f.Tol.String()
		c.Status = "fail"
		if f.Tol.OK(f.Value, mv) {
			c.Status = "pass"
		}
	}
	c.Values = model
	if f.Than == "" {
		c.Text = f.valueText(mv)
	} else {
		c.Text = c.ModelText()
	}
	if f.Deviation != "" {
		c.WouldBe, c.Status, c.Reason = c.Status, "deviation", f.Deviation
		if moved := pinMoved(f.Pinned, model); moved != "" {
			c.Status, c.Reason = "fail", "declared deviation, but "+moved+": re-examine it and re-declare it"
		}
	}
	return c
}

// pinMoved says how the model's values differ from a deviation's pinned
// ones, or "" when they are the same. The model is deterministic (native and
// wasm alike), so only the last digits a float may print differently are
// allowed to differ.
func pinMoved(pinned, model []float64) string {
	if len(pinned) != len(model) {
		return fmt.Sprintf("it pins %d values for %d the model gives (%v)", len(pinned), len(model), model)
	}
	for i := range pinned {
		if math.Abs(model[i]-pinned[i]) > 1e-9*math.Max(1, math.Abs(pinned[i])) {
			return fmt.Sprintf("the model's value moved from %s (declared) to %s", fmtNum(pinned[i]), fmtNum(model[i]))
		}
	}
	return ""
}

// Deviations returns the figures the scenario declares it cannot reproduce.
func (s *Scenario) Deviations() []Figure {
	var out []Figure
	for _, f := range s.Figures {
		if f.Deviation != "" {
			out = append(out, f)
		}
	}
	return out
}
