package scenario

import (
	"fmt"
	"math"
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
	// Deviation, when set, declares that the model cannot reproduce this
	// figure honestly, and why. At most one per article.
	Deviation string
}

// Tolerance says how close the model must be.
type Tolerance struct {
	Rel    float64 // relative: |model - article| <= Rel * article
	Abs    float64 // absolute: |model - article| <= Abs
	Factor float64 // ratio: article/Factor <= model <= article*Factor
	// SmallAbs applies instead when the article's figure is at most
	// SmallMax (counts such as "4 Full GCs": within ±5).
	SmallAbs, SmallMax float64
	// Exact requires the model to equal the figure (a count the mechanism
	// sets, such as the router's switch point).
	Exact bool
}

func (t Tolerance) String() string {
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
	if t.SmallAbs > 0 {
		parts = append(parts, fmt.Sprintf("±%g when ≤%g", t.SmallAbs, t.SmallMax))
	}
	return strings.Join(parts, " ")
}

// OK reports whether model is within the tolerance of article.
func (t Tolerance) OK(article, model float64) bool {
	if t.Exact {
		return model == article
	}
	if t.SmallAbs > 0 && article <= t.SmallMax {
		return math.Abs(model-article) <= t.SmallAbs
	}
	if t.Rel > 0 && math.Abs(model-article) <= t.Rel*math.Abs(article) {
		return true
	}
	if t.Abs > 0 && math.Abs(model-article) <= t.Abs {
		return true
	}
	if t.Factor > 0 && model >= article/t.Factor && model <= article*t.Factor {
		return true
	}
	return false
}

// Check is the verdict on one figure.
type Check struct {
	Scenario  string `json:"scenario"`
	Case      string `json:"case"`
	Metric    string `json:"metric"`
	Article   string `json:"article"`
	Model     string `json:"model"`
	Tolerance string `json:"tolerance"`
	Status    string `json:"status"`
	Reason    string `json:"reason"`
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
		mv, _ := r.MetricValue(f.Metric)
		c := Check{Scenario: s.ID, Case: f.Case, Metric: f.Metric}
		if f.Than != "" {
			o, err := get(f.Than)
			if err != nil {
				return nil, err
			}
			ov, _ := o.MetricValue(f.Metric)
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
		if f.Deviation != "" {
			c.Status = "deviation"
			c.Reason = f.Deviation
		}
		out = append(out, c)
	}
	return out, nil
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
