package view

import (
	"math"
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// The canvas header (scenario, virtual time, speed, run state, frame
// stats), each side's header (case, counters, the last event), and the
// error overlay.

func drawHeader(l *List, r Rect, h *Header, p *Palette, sc float32) {
	l.Rect(r, p.Panel)
	l.Rect(Rect{X: r.X, Y: r.Bottom() - 1, W: r.W, H: 1}, p.PanelEdge)
	if h == nil {
		return
	}
	in := r.Inset(pad * sc)
	// "playback paused": a bare "paused" beside a GC picture read as the
	// collector's stop-the-world pause.
	state, stateC := "playback paused", p.TextWarn
	if h.Running {
		state, stateC = "playing", p.Text
	}
	// "simulated": a bare "time" beside a playback speed was read as wall
	// time; the speed is said only while the run plays (a paused run
	// has none).
	t := "simulated time " + Clock(sim.Duration(h.Time))
	name := h.Scenario
	if name != "" {
		name += " · "
	}
	line := name + state + " · " + t
	speed := ""
	if h.Running {
		speed = Speed(h.Speed)
		if h.Lagging {
			speed += " (falling behind)"
		}
		line += " · " + speed
	}
	if !l.TextFit(in, sc, stateC, line, name+state+" · "+t, state+" · "+t, t) {
		l.cut = append(l.cut, line)
	}
	if speed != "" {
		speed = ", " + speed
	}
	l.region(r, "header", "The run: scenario "+h.Scenario+", "+state+", "+t+speed+".")
}

// drawDevOverlay shows the tool's own frame timings (Options.DevOverlay)
// in a box under the header's right end.
func drawDevOverlay(l *List, hdr Rect, stats string, p *Palette, sc float32) {
	lines := Wrap(stats, min(hdr.W-4*pad*sc, TextWidth(stats, sc)), sc)
	w := float32(0)
	for _, s := range lines {
		w = max(w, TextWidth(s, sc))
	}
	box := Rect{X: hdr.Right() - w - 3*pad*sc, Y: hdr.Bottom() + pad*sc, W: w + 2*pad*sc, H: float32(len(lines))*CharH*sc + 2*pad*sc}
	l.Rect(box, p.Background.Alpha(0.9))
	l.Frame(box, 1, p.PanelEdge)
	for i, s := range lines {
		l.Text(box.X+pad*sc, box.Y+pad*sc+float32(i)*CharH*sc, s, sc, p.TextDim)
	}
}

// sideHeading is what a side's header says: the case's title on a row of
// its own, then its counters.
type sideHeading struct {
	name  string   // the case's title, else its id
	alts  []string // shorter names when the title does not fit
	parts []string
	// beside is a shorter form of the first part, put on the name's row
	// where the whole one does not fit there: a phone's header took two
	// rows for "virtual threads · requests done 722 of 10,000", a row
	// its races' cells then lacked for their second lines.
	beside []string
	// more: the counters said only in the explanation.
	more []string
	// spare is said after the parts where their last row has room for
	// it, never on a row of its own (the picture's panels keep the
	// height: on a 640 × 400 embed of loom-carrier, a row more cost the
	// memory bars their names).
	spare string
}

func headingOf(in *SideInput) sideHeading {
	s := in.Snap
	h := sideHeading{name: in.Title}
	if h.name == "" {
		h.name = in.Case
	}
	if h.name == "" {
		h.name = "simulation"
	}
	if in.Case != "" && in.Case != h.name {
		h.alts = append(h.alts, in.Case)
	}
	unit, verb := in.Unit, "done"
	if unit == "" {
		unit = "requests"
	}
	if unit == "threads" {
		verb = "finished"
	}
	done := unit + " " + verb + " " + Count(s.RequestsDone)
	if in.Requests > 0 {
		done += " of " + Count(in.Requests)
	}
	if in.Contrast != nil {
		// Whose count, as the heap's rows name the runs: beside the
		// compared run's row a reader asked which run had done them.
		done += " (this run)"
	}
	// Progress only: the panels say how many threads of each kind there
	// are, the caption what matters now, and the explanation on point
	// every other counter (GC pause total, resident memory, latency). A
	// row of six counters over the picture was more than a newcomer reads.
	h.parts = []string{done}
	if c := in.Contrast; c != nil && c.Snap != nil && unit == "requests" {
		h.spare = rateGapWords(s, c.Snap)
	}
	if unit == "threads" && in.Requests > 0 {
		// The threads not created yet, where the row has room: "10,000
		// requests" over 1,290 parked threads left a newcomer asking where
		// the other 8,710 were.
		if n := in.Requests - s.RequestsDone - int64(s.VirtualLive+s.PlatformApp); n > 0 {
			h.parts = append(h.parts, Count(n)+" not started yet")
		}
	}
	// "722 of 10,000 done" says its unit by its total; with no total,
	// "589 done" left a phone's reader asking 589 of what: the unit
	// where it fits, the bare count only where a row more would cost
	// the panels their story (loom-carrier's phone lost its memory bar).
	h.beside = []string{Count(s.RequestsDone) + " " + unit + " " + verb, Count(s.RequestsDone) + " " + unit, Count(s.RequestsDone) + " " + verb}
	if in.Requests > 0 {
		h.beside = []string{Count(s.RequestsDone) + " of " + Count(in.Requests) + " " + verb}
	}
	h.more = []string{"virtual threads " + Count(int64(s.VirtualLive)), "OS threads " + Count(int64(s.PlatformLive))}
	if s.YoungGCs+s.FullGCs > 0 {
		h.more = append(h.more, "paused for GC "+Dur(s.GCPauseTotal)+" in all")
	}
	if s.RSS > 0 {
		h.more = append(h.more, "resident memory "+Size(s.RSS))
	}
	if s.RecentLatency.Count > 0 {
		h.more = append(h.more, "median latency "+Dur(s.RecentLatency.P50))
	}
	return h
}

// rateGapWords compare the shown run's requests a second over the last
// second with the compared run's ("in the last 1 s: 33 % fewer requests
// than the other run"), "" while either has no such second yet. The two
// rates are under each run's share stopped; a reader of vt-pooling's
// opening had to divide them to set them against the title's −34 %.
func rateGapWords(shown, other *sim.Snapshot) string {
	if shown.LatelySpan < sim.Second || other.LatelySpan < sim.Second || other.RequestsLately == 0 {
		return ""
	}
	r := shown.RateLately() / other.RateLately()
	pct := int(math.Round(100 * math.Abs(r-1)))
	switch {
	case pct == 0:
		return "in the last 1 s: as many requests as the other run"
	case r < 1:
		return "in the last 1 s: " + strconv.Itoa(pct) + " % fewer requests than the other run"
	}
	return "in the last 1 s: " + strconv.Itoa(pct) + " % more requests than the other run"
}

// flow places the counters after the name on row 0 when they fit there,
// else over rows 1..maxRows-1 of a header w pixels wide (place may be
// nil), and returns the rows used. A part that does not fit on the last
// row is left out (the panels and the explanation carry every number),
// never cut.
func (h *sideHeading) flow(w, sc float32, maxRows int, place func(row int, x float32, text string)) int {
	names := h.nameLines(w, sc)
	if len(h.parts) == 0 {
		// The name alone: no row under it for parts it has none of (an
		// empty row read as something missing).
		return len(names)
	}
	row, x := len(names), float32(0)
	parts := h.parts
	if nw := TextWidth(names[len(names)-1], sc); nw+TextWidth("· "+h.parts[0], sc)+CharW*sc <= w {
		row, x = len(names)-1, nw+CharW*sc
	} else {
		for _, b := range h.beside {
			if nw+TextWidth("· "+b, sc)+CharW*sc <= w {
				row, x = len(names)-1, nw+CharW*sc
				parts = append([]string{b}, h.parts[1:]...)
				break
			}
		}
	}
	maxRows = max(maxRows, len(names)+1)
	for _, part := range parts {
		if x > 0 {
			part = "· " + part
		}
		pw := TextWidth(part, sc)
		if x+pw > w && x > 0 && row+1 < maxRows {
			row, x = row+1, 0
			part = strings.TrimPrefix(part, "· ")
			pw = TextWidth(part, sc)
		}
		if x+pw > w {
			continue
		}
		if place != nil {
			place(row, x, part)
		}
		x += pw + CharW*sc
	}
	if h.spare != "" && x > 0 && x+TextWidth("· "+h.spare, sc) <= w && place != nil {
		place(row, x, "· "+h.spare)
	}
	return row + 1
}

// nameLines is the name as drawn on a header w pixels wide: whole on one
// line, else wrapped over two (a case id such as "256-vthreads" told a
// newcomer nothing), else the first shorter form that fits.
func (h *sideHeading) nameLines(w, sc float32) []string {
	if TextWidth(h.name, sc) <= w {
		return []string{h.name}
	}
	if lines := Wrap(h.name, w, sc); len(lines) <= 2 {
		return lines
	}
	for _, n := range h.alts {
		if TextWidth(n, sc) <= w {
			return []string{n}
		}
	}
	return []string{""}
}

// sideHeaderRows is the number of text rows a side's header takes: the
// name's and its counters'.
func sideHeaderRows(h *sideHeading, w, sc float32) int {
	return h.flow(w, sc, sideHeaderLines(w, sc), nil)
}

func drawSideHeader(l *List, r Rect, in *SideInput, h *sideHeading, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	for i, line := range h.nameLines(r.W, sc) {
		l.TextFit(Rect{X: r.X, Y: r.Y + float32(i)*CharH*sc, W: r.W, H: CharH * sc}, sc, p.TextWarn, line)
	}
	h.flow(r.W, sc, sideHeaderLines(r.W, sc), func(row int, x float32, text string) {
		l.Text(r.X+x, r.Y+float32(row)*CharH*sc, text, sc, p.Text)
	})
	l.region(r, "side header", "The case: "+h.name+caseID(in, h.name)+". "+upper(strings.Join(append(h.parts[:len(h.parts):len(h.parts)], h.more...), ", "))+".")
}

// caseID adds the case's id to its title in the explanation, for the
// page's menus, unless the title is the id.
func caseID(in *SideInput, name string) string {
	if in.Case == "" || in.Case == name {
		return ""
	}
	return " (case " + in.Case + ")"
}

// upper capitalises the first letter of a sentence.
func upper(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// drawError covers the canvas with an error message: a recovered panic
// leaves a readable explanation instead of a dead canvas.
func drawError(l *List, r Rect, msg string, p *Palette, sc float32) {
	l.Rect(r, p.Background.Alpha(0.85))
	box := r.Inset(min(r.W, r.H) * 0.1)
	l.Rect(box, p.Panel)
	l.Frame(box, max(2, 2*sc), p.Error)
	in := box.Inset(10 * sc)
	y := in.Y
	l.Text(in.X, y, Fit("The simulation stopped with an error:", in.W, sc), sc, p.Error)
	y += (CharH + 6) * sc
	// Wrap the message to the box width.
	per := max(1, int(in.W/(CharW*sc)))
	for len(msg) > 0 && y+CharH*sc <= in.Bottom() {
		n := min(per, len(msg))
		if n < len(msg) {
			if k := strings.LastIndexByte(msg[:n], ' '); k > per/2 {
				n = k + 1
			}
		}
		l.Text(in.X, y, Fit(strings.TrimRight(msg[:n], " "), in.W, sc), sc, p.Text)
		msg = msg[n:]
		y += CharH * sc
	}
	if y+2*CharH*sc <= in.Bottom() {
		l.Text(in.X, y+CharH*sc, Fit("Load a case or reset to continue.", in.W, sc), sc, p.TextDim)
	}
}
