package sweep

import (
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// Columns are the table's and the CSV's columns after the knob's: one per
// metric and side, the sides of a metric next to each other so that they
// read as a comparison.
func (r *Result) Columns() []string {
	var out []string
	for _, m := range r.Metrics {
		for _, sr := range r.Results {
			out = append(out, m+"["+sr.Side+"]")
		}
	}
	return out
}

// rows are the table's cells as text: one row per point, missing where a
// run has no value for a metric (it did not measure it), and stopped
// after the value of a run that did not complete (its value covers only
// the part it ran).
func (r *Result) rows(missing, stopped string) [][]string {
	out := make([][]string, len(r.Points))
	for i, p := range r.Points {
		row := []string{fmt.Sprint(p)}
		for _, m := range r.Metrics {
			for _, sr := range r.Results {
				cell := missing
				if v := sr.Values[m][i]; v != nil {
					cell = fmtNum(*v)
					if stoppedEarly(sr.Outcomes[i]) {
						cell += stopped
					}
				}
				row = append(row, cell)
			}
		}
		out[i] = row
	}
	return out
}

// sidesText names the sides for the table's title: "2 sides: pool=true,
// pool=false" ("side(s)" read as jargon to a newcomer).
func (r *Result) sidesText() string {
	labels := make([]string, len(r.Results))
	for i, sr := range r.Results {
		labels[i] = sr.Side
	}
	n := "1 side"
	if len(labels) != 1 {
		n = fmt.Sprintf("%d sides", len(labels))
	}
	return n + ": " + strings.Join(labels, ", ")
}

// WriteTable writes the sweep as aligned text: a title line, one row per
// point, a line for every run that did not complete, and each metric's
// finding (findings.go).
func (r *Result) WriteTable(w io.Writer) error {
	unit := ""
	if r.Knob.Unit != "" {
		unit = " " + r.Knob.Unit
	}
	fmt.Fprintf(w, "%s/%s seed %d: %s from %s to %s%s, %d points (%s spacing), %s\n", r.Scenario, r.Case, r.Seed,
		r.Knob.Knob, fmtNum(r.Knob.Lo), fmtNum(r.Knob.Hi), unit, r.Knob.N, r.Knob.Spacing, r.sidesText())
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, r.Knob.Knob+"\t"+strings.Join(r.Columns(), "\t")+"\t")
	for _, row := range r.rows("—", " *") {
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	unmeasured := false
	for _, sr := range r.Results {
		for i, o := range sr.Outcomes {
			if stoppedEarly(o) {
				after := ""
				if run := sr.Runs[i]; run != nil {
					after = fmt.Sprintf(" after %.2f s of virtual time", run.SimSeconds)
					if run.PlannedSeconds > 0 {
						after = fmt.Sprintf(" after %.2f of its %s s of virtual time", run.SimSeconds, fmtNum(run.PlannedSeconds))
					}
				}
				fmt.Fprintf(w, "  * %s=%v on %s: %s%s; its numbers cover only that part\n", r.Knob.Knob, r.Points[i], sr.Side, o, after)
			}
		}
		for _, m := range r.Metrics {
			unmeasured = unmeasured || slices.Contains(sr.Values[m], nil)
		}
	}
	if unmeasured {
		fmt.Fprintln(w, "  —: the run did not measure it (it ended before its measurement window opened, no request completed in it, "+
			"or it started no carrier: see `loomsim help run`)")
	}
	if words := r.SeedWords(); words != "" {
		fmt.Fprintln(w, "  seed: "+words)
	}
	for _, sr := range r.Results {
		if sr.Alike {
			fmt.Fprintf(w, "  %s: every point ran the same (the same events and metrics): its runs do not use %s\n", sr.Side, r.Knob.Knob)
		}
	}
	if len(r.Findings) > 0 {
		fmt.Fprintln(w, "In words:")
		for _, m := range r.Metrics {
			fmt.Fprintf(w, "  %s\n", r.Findings[m])
		}
	}
	return nil
}

// WriteCSV writes the sweep as CSV: a header (the knob, then one column
// per metric and side), one row per point; an empty cell where a run did
// not report the metric.
func (r *Result) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(append([]string{r.Knob.Knob}, r.Columns()...)); err != nil {
		return err
	}
	if err := cw.WriteAll(r.rows("", "")); err != nil {
		return err
	}
	return cw.Error()
}

// SeedWords says what another seed would do to the sweep, once that is
// known: "" while runs are still to come and none that ended drew.
func (r *Result) SeedWords() string {
	switch {
	case r.DrewAtRandom:
		return "runs drew at random, so another seed can give other numbers"
	case r.NoRandomDraws:
		return "no run drew anything at random, so another seed gives the same numbers"
	}
	return ""
}
