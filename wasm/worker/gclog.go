package main

import (
	"fmt"

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
}

// close ends the session and reports on the log.
func (g *gclogSessions) close(id int) (*GCLogReport, error) {
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
	return &GCLogReport{Summary: sum, Describe: gclog.Describe(sum), Diagnosis: gclog.Diagnose(l), Series: l.Series(), Bytes: s.Bytes()}, nil
}
