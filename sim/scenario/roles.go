package scenario

import (
	"fmt"
	"strings"
)

// Role says what agreeing with an article's figure shows. A figure some
// profile constant was fitted to agrees by construction, so it shows only
// that the fit holds; a figure nothing was fitted to is out of sample, and
// agreeing with it is evidence that the model's mechanisms are right.
type Role string

const (
	// Calibrated: a profile constant was fitted to this figure (for an
	// ordering: to both of its sides).
	Calibrated Role = "calibrated"
	// Predicted: no constant was fitted to it; the model's value is a
	// prediction.
	Predicted Role = "predicted"
)

// Key names a figure the way a Constant's Fits does: "case metric", or
// "case cmp than metric" for an ordering.
func (f Figure) Key() string {
	if f.Than != "" {
		return f.Case + " " + f.Cmp + " " + f.Than + " " + f.Metric
	}
	return f.Case + " " + f.Metric
}

// FittedRole is the role the profile gives figure i: Calibrated when a
// constant's Fits names it, or when it is an ordering of two figures that
// are both calibrated (the order then follows from the fits); Predicted
// otherwise. The scenario files spell each figure's Role out, and a test
// requires it to equal this, so the profile's derivations stay the one
// source of truth and the two cannot drift apart.
func (s *Scenario) FittedRole(i int) Role {
	fitted := map[string]bool{}
	for _, c := range s.Profile {
		for _, k := range c.Fits {
			fitted[k] = true
		}
	}
	f := s.Figures[i]
	if fitted[f.Key()] {
		return Calibrated
	}
	if f.Than != "" && fitted[f.Case+" "+f.Metric] && fitted[f.Than+" "+f.Metric] {
		return Calibrated
	}
	return Predicted
}

// FitsErrors lists every name in the profile's Fits that is not a figure
// of the scenario (a typo there would silently make a figure "predicted").
func (s *Scenario) FitsErrors() []string {
	keys := map[string]bool{}
	for _, f := range s.Figures {
		keys[f.Key()] = true
	}
	var out []string
	for _, c := range s.Profile {
		for _, k := range c.Fits {
			if !keys[k] {
				out = append(out, fmt.Sprintf("%s: constant %q is fitted to %q, which is not one of its figures", s.ID, c.Name, k))
			}
		}
	}
	return out
}

// RoleSummary counts verify's verdicts by role.
type RoleSummary struct {
	Predicted, PredictedPass, PredictedDeviation, PredictedFail int
	Calibrated, CalibratedPass                                  int
}

// SummarizeRoles counts checks by role and status.
func SummarizeRoles(checks []Check) RoleSummary {
	var r RoleSummary
	for _, c := range checks {
		switch Role(c.Role) {
		case Calibrated:
			r.Calibrated++
			if c.Status == "pass" {
				r.CalibratedPass++
			}
		default:
			r.Predicted++
			switch c.Status {
			case "pass":
				r.PredictedPass++
			case "deviation":
				r.PredictedDeviation++
			default:
				r.PredictedFail++
			}
		}
	}
	return r
}

// String is the summary line verify, the README and the page show: the
// predicted figures first, as they are the ones that test the model.
// A declared deviation is outside its tolerance: the line says so rather
// than putting it in brackets after the figures within it, which a reader
// took for a part of them.
func (r RoleSummary) String() string {
	parts := []string{fmt.Sprintf("%d within tolerance", r.PredictedPass)}
	if r.PredictedDeviation > 0 {
		as := "declared deviations"
		if r.PredictedDeviation == 1 {
			as = "a declared deviation"
		}
		parts = append(parts, fmt.Sprintf("%d outside it as %s", r.PredictedDeviation, as))
	}
	if r.PredictedFail > 0 {
		parts = append(parts, fmt.Sprintf("%d failing", r.PredictedFail))
	}
	return fmt.Sprintf("%s: %s; %d calibrated (a profile constant was fitted to them): %d within tolerance",
		plural(r.Predicted, "predicted figure", "predicted figures"), strings.Join(parts, ", "), r.Calibrated, r.CalibratedPass)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// RolesMarkdown lists a scenario's figures by role (the README includes
// it).
func RolesMarkdown(s *Scenario) string {
	var cal, pred []string
	for _, f := range s.Figures {
		k := "`" + f.Key() + "`"
		if f.Deviation != "" {
			k += " (declared deviation)"
		}
		if f.Role == Calibrated {
			cal = append(cal, k)
		} else {
			pred = append(pred, k)
		}
	}
	list := func(ks []string) string {
		if len(ks) == 0 {
			return "none"
		}
		return strings.Join(ks, ", ")
	}
	return fmt.Sprintf("- Predicted (%d): %s.\n- Calibrated (%d): %s.\n", len(pred), list(pred), len(cal), list(cal))
}

// PassingSummary is the role summary of the scenarios' figures when every
// figure that is not a declared deviation is within tolerance, which is
// what `loomsim verify` (and so CI) requires: a failing figure makes it
// exit 1. The README states it; the figures' statuses themselves come
// only from running the model.
func PassingSummary(scenarios []*Scenario) RoleSummary {
	var checks []Check
	for _, s := range scenarios {
		for _, f := range s.Figures {
			c := Check{Role: string(f.Role), Status: "pass"}
			if f.Deviation != "" {
				c.Status = "deviation"
			}
			checks = append(checks, c)
		}
	}
	return SummarizeRoles(checks)
}
