package scenario

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// WriteTrace runs sm until virtual time until (or its end) and writes every
// observable event, one per line, followed by a summary line with a hash of
// the trace. Golden tests compare this text.
func WriteTrace(w io.Writer, sm *sim.Sim, until sim.Time) error {
	bw := bufio.NewWriter(w)
	h, n, err := traceEvents(sm, until, func(line string) { fmt.Fprintln(bw, line) })
	if err != nil {
		return err
	}
	fmt.Fprintf(bw, "# %d events until %v, trace hash %016x\n", n, sm.Now(), h)
	return bw.Flush()
}

// FormatEvent renders an event as one trace line.
func FormatEvent(e sim.Event) string {
	return fmt.Sprintf("%12d %-13s t=%-6s c=%-3d a=%d b=%d", int64(e.At), e.Kind, e.Thread, int32(e.Carrier), e.A, e.B)
}

// TraceHash runs sm until until and returns the hash WriteTrace would print
// and the number of events.
func TraceHash(sm *sim.Sim, until sim.Time) (uint64, int, error) {
	return traceEvents(sm, until, nil)
}

// traceEvents runs sm until until, recording every observable event, and
// returns the FNV-1a hash of their lines and their count; each line also
// goes to line when it is not nil.
func traceEvents(sm *sim.Sim, until sim.Time, line func(string)) (uint64, int, error) {
	sm.Record(1 << 16)
	h := fnv.New64a()
	var buf []sim.Event
	n := 0
	for {
		done := sm.Advance(until, 1<<14)
		var dropped int64
		buf, dropped = sm.DrainEvents(buf[:0])
		if dropped > 0 {
			return 0, n, fmt.Errorf("trace: %d events dropped", dropped)
		}
		for _, e := range buf {
			l := FormatEvent(e)
			h.Write([]byte(l))
			if line != nil {
				line(l)
			}
			n++
		}
		if done || sm.Now() >= until {
			return h.Sum64(), n, nil
		}
	}
}

// RoundWall rounds a wall-clock duration for reports.
func RoundWall(s float64) float64 { return math.Round(s*1000) / 1000 }

// DeviationsMarkdown lists the figures a scenario declares it cannot
// reproduce, with the reasons.
func DeviationsMarkdown(s *Scenario) string {
	d := s.Deviations()
	if len(d) == 0 {
		return "None: every figure is within tolerance.\n"
	}
	out := ""
	for _, f := range d {
		what := f.Case + " " + f.Metric
		if f.Than != "" {
			what = f.Case + " " + f.Cmp + " " + f.Than + " (" + f.Metric + ")"
		}
		out += fmt.Sprintf("- **%s** — %s\n", what, f.Deviation)
	}
	return out
}

// ProfileMarkdown renders a scenario's profile constants as a Markdown
// table (docs/articles.md includes these).
func ProfileMarkdown(s *Scenario) string {
	out := "| constant | value | derivation | fitted to |\n|---|---|---|---|\n"
	for _, c := range s.Profile {
		fits := "—"
		if len(c.Fits) > 0 {
			fits = "`" + strings.Join(c.Fits, "`, `") + "`"
		}
		out += fmt.Sprintf("| %s | %s | %s | %s |\n", c.Name, c.Value, c.Derivation, fits)
	}
	return out
}
