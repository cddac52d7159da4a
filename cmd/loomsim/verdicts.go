package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/loomlab/loomlab/sim/scenario"
)

// writeVerdicts writes verify's checks, as JSON or as a table with the
// role summary and each declared deviation's reason, and gives the exit
// status: 1 when a figure failed (a declared deviation does not), else 0.
// It is apart from cmdVerify so a test can hand it checks that fail, which
// no scenario of the tree gives.
func writeVerdicts(w io.Writer, all []scenario.Check, asJSON bool) (int, error) {
	code := 0
	for _, c := range all {
		if c.Status == "fail" {
			code = 1
		}
	}
	if asJSON {
		if all == nil {
			all = []scenario.Check{}
		}
		return code, json.NewEncoder(w).Encode(all)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "scenario\tcase\tmetric\trole\tarticle\tmodel\taccepted range\tstatus")
	for _, c := range all {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Scenario, c.Case, c.Metric, c.Role, articleText(c), modelText(c), c.Accepts, c.Status)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%s\n", scenario.SummarizeRoles(all))
	for _, c := range all {
		if c.Status == "deviation" {
			fmt.Fprintf(w, "\ndeviation %s %s %s: %s\n", c.Scenario, c.Case, c.Metric, c.Reason)
		}
	}
	return code, nil
}

// articleText is the article's value for a reader: its own words where the
// figure has them ("~9 s", "~713 MB (also given as 640–710 MB)"), an ordering's sign, or
// a bare number in the metric's unit with its thousands grouped ("2,708"),
// as the page writes it. --json keeps Article as it is.
func articleText(c scenario.Check) string {
	if v, err := strconv.ParseFloat(c.Article, 64); err == nil {
		return scenario.MetricText(c.Metric, v)
	}
	return c.Article
}

// modelText is the model's value as verify wrote it for a reader (in the
// unit of the article's value), or, for a check made without it, in the
// metric's unit.
func modelText(c scenario.Check) string {
	if c.Text != "" {
		return c.Text
	}
	return c.ModelText()
}
