package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/loomlab/loomlab/gclog"
)

const gclogUsage = "expected gclog summary FILE [--json] or gclog diagnose FILE [--json]"

// cmdGCLog reads a HotSpot GC log: `gclog summary` prints its numbers, `gclog diagnose` what they
// suggest. A file that cannot be read or is not a GC log is bad input (exit 2), with a one-line
// message naming the file and, when the reader refused a line, that line.
func cmdGCLog(args []string, w io.Writer) error {
	if len(args) == 0 {
		return &usageError{"gclog: " + gclogUsage}
	}
	sub := args[0]
	if sub != "summary" && sub != "diagnose" {
		return &usageError{fmt.Sprintf("gclog: unknown subcommand %q: %s", sub, gclogUsage)}
	}
	o, err := parseOpts(args[1:], "json")
	if err != nil {
		return err
	}
	if len(o.pos) != 1 {
		return &usageError{fmt.Sprintf("gclog %s: one FILE needed, got %d arguments: %s", sub, len(o.pos), gclogUsage)}
	}
	l, err := readGCLog(o.pos[0])
	if err != nil {
		return err
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
