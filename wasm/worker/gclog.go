package main

import (
	"encoding/json"
	"fmt"

	"github.com/loomlab/loomlab/fit"
	"github.com/loomlab/loomlab/gclog"
)

// A GC log dropped into the page arrives a chunk at a time (the worker reads the file in slices),
// so reading one is a session: open, feed each chunk, close. The page's worker runs one session
// at a time; the table allows a few, so a session abandoned by a failed read cannot block the next.
type gclogSessions struct {
	next     int
	sessions map[int]*gclog.Stream
}

const maxGCLogSessions = 4

var gclogs = gclogSessions{sessions: map[int]*gclog.Stream{}}

// open starts a session and returns its number.
func (g *gclogSessions) open() int {
	if len(g.sessions) >= maxGCLogSessions {
		// Drop the oldest: its reader has gone away.
		oldest := g.next
		for id := range g.sessions {
			oldest = min(oldest, id)
		}
		delete(g.sessions, oldest)
	}
	g.next++
	g.sessions[g.next] = gclog.NewStream()
	return g.next
}

// gclogProgress is what feed answers: how far the reader has got.
type gclogProgress struct {
	Bytes  int64 `json:"bytes"`
	Lines  int   `json:"lines"`
	Events int   `json:"events"`
}

// feed reads one chunk; a refusal ends the session.
func (g *gclogSessions) feed(id int, chunk []byte) (*gclogProgress, error) {
	s, ok := g.sessions[id]
	if !ok {
		return nil, fmt.Errorf("gclogFeed: no open session %d", id)
	}
	if _, err := s.Write(chunk); err != nil {
		delete(g.sessions, id)
		return nil, err
	}
	return &gclogProgress{Bytes: s.Bytes(), Lines: s.Lines(), Events: s.Events()}, nil
}

// GCLogReport is everything the page shows of a log: the summary exactly as `loomsim gclog
// summary --json` prints it, the same in sentences, the diagnosis and the chart columns.
type GCLogReport struct {
	Summary   gclog.Summary   `json:"summary"`
	Describe  []string        `json:"describe"`
	Diagnosis []gclog.Finding `json:"diagnosis"`
	Series    gclog.Series    `json:"series"`
	Bytes     int64           `json:"bytes"`
	// With a fit asked for: the fit exactly as `loomsim gclog fit --json` prints it (or why the log
	// cannot be fitted), and the fitted model's run for the charts.
	Fit      *fit.Result `json:"fit"`
	FitError string      `json:"fit_error,omitempty"`
	FitModel *fit.Model  `json:"fit_model,omitempty"`
}

// close ends the session and reports on the log; withFit fits the model to it too (progress hears
// the fit's fraction done).
func (g *gclogSessions) close(id int, withFit bool, progress func(float64)) (*GCLogReport, error) {
	s, ok := g.sessions[id]
	if !ok {
		return nil, fmt.Errorf("gclogClose: no open session %d", id)
	}
	delete(g.sessions, id)
	l, err := s.Close()
	if err != nil {
		return nil, err
	}
	sum := l.Summary()
	r := &GCLogReport{Summary: sum, Describe: gclog.Describe(sum), Diagnosis: gclog.Diagnose(l), Series: l.Series(), Bytes: s.Bytes()}
	if withFit {
		r.Fit, r.FitModel, err = fit.Fit(l, progress)
		if err != nil {
			r.FitError = err.Error()
		}
	}
	return r, nil
}

// fitRun runs the fitted model with the page's what-if changes (knobs as `loomsim run --set`
// takes them) and measures it as the fit does.
func fitRun(knobsJSON string, progress func(float64)) (*fit.Model, error) {
	var knobs map[string]string
	if err := json.Unmarshal([]byte(knobsJSON), &knobs); err != nil {
		return nil, fmt.Errorf("fitRun: knobs must be a JSON object of strings: %v", err)
	}
	return fit.RunModel(knobs, progress)
}
