package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/loomlab/loomlab/fit"
	"github.com/loomlab/loomlab/gclog"
)

const gclogUsage = "expected gclog summary FILE [--json], gclog diagnose FILE [--json] or gclog fit FILE [--json]"

// cmdGCLog reads a HotSpot GC log: `gclog summary` prints its numbers, `gclog diagnose` what they
// suggest, `gclog fit` the gc-lab knobs that make the model behave like it and how close it came. A file that cannot be read or is not a GC log is bad input (exit 2), with a one-line
// message naming the file and, when the reader refused a line, that line.
func cmdGCLog(args []string, w io.Writer) error {
	if len(args) == 0 {
		return &usageError{"gclog: " + gclogUsage}
	}
	sub := args[0]
	if sub != "summary" && sub != "diagnose" && sub != "fit" {
		return &usageError{fmt.Sprintf("gclog: unknown subcommand %q: %s", sub, gclogUsage)}
	}
	o, err := parseOpts(args[1:], "json")
	if err != nil {
		return err
	}
	if len(o.pos) != 1 {
		got := "none"
		if len(o.pos) > 1 {
			got = fmt.Sprintf("%d: %q", len(o.pos), o.pos)
		}
		return &usageError{fmt.Sprintf("gclog %s: one FILE needed, got %s: %s", sub, got, gclogUsage)}
	}
	l, err := readGCLog(o.pos[0])
	if err != nil {
		return err
	}
	if sub == "fit" {
		return gclogFit(l, o.pos[0], o.json, w)
	}
	s := l.Summary()
	switch {
	case sub == "summary" && o.json:
		return json.NewEncoder(w).Encode(s)
	case sub == "summary":
		return writeLines(w, gclog.Describe(s))
	case o.json:
		return json.NewEncoder(w).Encode(gclog.Diagnose(l))
	}
	findings := gclog.Diagnose(l)
	if len(findings) == 0 {
		return writeLines(w, []string{gclog.NothingStandsOut})
	}
	lines := make([]string, len(findings))
	for i, f := range findings {
		lines[i] = "- " + f.Text
	}
	return writeLines(w, lines)
}

// readGCLog parses a file, turning every failure into a one-line usage error naming the file.
func readGCLog(path string) (*gclog.Log, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &usageError{fmt.Sprintf("gclog: cannot read %q: %v", path, bareReason(err))}
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, &usageError{fmt.Sprintf("gclog: %q is a directory, expected a GC log file", path)}
	}
	l, err := gclog.Parse(f)
	if err != nil {
		var le *gclog.LineError
		if errors.As(err, &le) {
			return nil, &usageError{fmt.Sprintf("gclog: %s: %v", path, oneLine(le.Error()))}
		}
		return nil, &usageError{fmt.Sprintf("gclog: cannot read %q: %v", path, bareReason(err))}
	}
	return l, nil
}

// bareReason drops the "open FILE:" that os's errors repeat, since the message names the file.
func bareReason(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func writeLines(w io.Writer, lines []string) error {
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	return nil
}

// gclogFit prints the fit: JSON as the page's importGCLog gives it, or the knobs as a `loomsim run`
// command and the quality as a table. A log the model cannot be fitted to (ZGC, no rates) is bad
// input: exit 2 with the reason.
func gclogFit(l *gclog.Log, path string, asJSON bool, w io.Writer) error {
	r, _, err := fit.Fit(l, nil)
	if err != nil {
		return &usageError{fmt.Sprintf("gclog fit: %s: %v", path, strings.TrimPrefix(err.Error(), "fit: "))}
	}
	if asJSON {
		return json.NewEncoder(w).Encode(r)
	}
	names := make([]string, 0, len(r.Knobs))
	for k := range r.Knobs {
		names = append(names, k)
	}
	sort.Strings(names)
	cmd := "loomsim run gc-lab"
	for _, k := range names {
		cmd += " --set " + k + "=" + r.Knobs[k]
	}
	fmt.Fprintf(w, "fitted in %d model runs over the log's %.1f s from its first collection:\n  %s\n\n", r.Quality.Runs, r.Quality.WindowS, cmd)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\tlog\tmodel\tratio\ttolerance\tverdict\t")
	show := func(x *float64) string {
		if x == nil {
			return "—"
		}
		return strconv.FormatFloat(*x, 'f', -1, 64)
	}
	for _, row := range r.Quality.Metrics {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t\n", row.Metric, show(row.Log), show(row.Model), show(row.Ratio), row.Tolerance, row.Verdict)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, n := range r.Quality.Notes {
		fmt.Fprintln(w, "- "+n)
	}
	return nil
}
