package view

import (
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
	state, stateC := "paused", p.TextWarn
	if h.Running {
		state, stateC = "playing", p.Text
	}
	t := "time " + Dur(sim.Duration(h.Time))
	speed := Speed(h.Speed)
	if h.Lagging {
		speed += " (falling behind)"
	}
	name := h.Scenario
	if name != "" {
		name += " · "
	}
	line := name + state + " · " + t + " · " + speed
	if !l.TextFit(in, sc, stateC, line, name+state+" · "+t, state+" · "+t, t) {
		l.cut = append(l.cut, line)
	}
	l.region(r, "header", "The run: scenario "+h.Scenario+", "+state+", virtual "+t+", "+speed+".")
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

// sideHeading is what a side's header says: the case, its counters and
// the event line.
type sideHeading struct {
	name   string
	parts  []string
	event  string
	eventC Color
}

func headingOf(in *SideInput, caption string, p *Palette) sideHeading {
	s := in.Snap
	h := sideHeading{name: in.Case, event: caption, eventC: p.TextDim}
	if h.name == "" {
		h.name = "simulation"
	}
	done := "requests done " + Count(s.RequestsDone)
	if in.Requests > 0 {
		done += " of " + Count(in.Requests)
	}
	h.parts = []string{"virtual threads " + Count(int64(s.VirtualLive)), "OS threads " + Count(int64(s.PlatformLive)), done}
	if s.YoungGCs+s.FullGCs > 0 {
		h.parts = append(h.parts, "young GCs "+Count(s.YoungGCs)+" · Full GCs "+Count(s.FullGCs),
			"paused for GC "+Dur(s.GCPauseTotal))
	}
	if s.RSS > 0 {
		// A model without memory outside the heap has no resident set to
		// show: nothing is better than "0 B".
		h.parts = append(h.parts, "resident memory "+Size(s.RSS))
	}
	if s.RecentLatency.Count > 0 {
		h.parts = append(h.parts, "median latency "+Dur(s.RecentLatency.P50))
	}
	switch {
	case s.OOM != "":
		h.event, h.eventC = "stopped: OutOfMemoryError: "+s.OOM, p.Error
	case s.Done:
		h.event, h.eventC = "finished at "+Dur(sim.Duration(s.Time))+": "+Count(s.RequestsDone)+" requests done", p.Text
	}
	return h
}

// flow places the name and the counters over at most maxRows rows of a
// header w pixels wide (place may be nil) and returns the rows used. A
// part that does not fit on the last row is left out (the panels and the
// explanation carry every number), never cut.
func (h *sideHeading) flow(w, sc float32, maxRows int, place func(row int, x float32, text string, name bool)) int {
	row, x := 0, float32(0)
	if TextWidth(h.name, sc) <= w {
		if place != nil {
			place(0, 0, h.name, true)
		}
		x = TextWidth(h.name, sc) + 8*sc
	}
	for i, part := range h.parts {
		if i > 0 && x > 0 {
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
			place(row, x, part, false)
		}
		x += pw + CharW*sc
	}
	return row + 1
}

// sideHeaderRows is the number of text rows a side's header takes: its
// counters' rows and the event line when there is one.
func sideHeaderRows(h *sideHeading, w, sc float32) int {
	n := h.flow(w, sc, sideHeaderLines(w, sc)-1, nil)
	if h.event != "" && TextWidth(h.event, sc) > w && TextWidth(shortEvent(h.event), sc) > w {
		h.event = "" // too long for the width: the line is not kept
	}
	if h.event != "" {
		n++
	}
	return n
}

func drawSideHeader(l *List, r Rect, in *SideInput, h *sideHeading, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	rows := h.flow(r.W, sc, sideHeaderLines(r.W, sc)-1, func(row int, x float32, text string, name bool) {
		c := p.Text
		if name {
			c = p.TextWarn
		}
		l.Text(r.X+x, r.Y+float32(row)*CharH*sc, text, sc, c)
	})
	if h.event != "" {
		last := Rect{X: r.X, Y: r.Y + float32(rows)*CharH*sc, W: r.W, H: CharH * sc}
		l.TextFit(last, sc, h.eventC, h.event, shortEvent(h.event))
	}
	l.region(r, "side header", "Case "+h.name+sideTitle(in)+": "+strings.Join(h.parts, ", ")+".")
}

func sideTitle(in *SideInput) string {
	if in.Title == "" {
		return ""
	}
	return " (" + in.Title + ")"
}

// shortEvent drops the time stamp of an event line when it does not fit.
func shortEvent(c string) string {
	if i := strings.Index(c, "  "); i > 0 {
		return c[i+2:]
	}
	return c
}

// captionFor describes what the last tick's events did: the event itself
// when there were only a few (slow motion, stepping), else a tally. With no
// events the previous caption stays.
func captionFor(snap *sim.Snapshot, events []sim.Event, prev string) string {
	if len(events) == 0 {
		return prev
	}
	if len(events) <= 3 {
		e := &events[len(events)-1]
		return Dur(sim.Duration(e.At)) + "  " + Describe(e)
	}
	var mounts, parks, unparks, starts, ends, gcs int
	for i := range events {
		switch events[i].Kind {
		case sim.EvMount:
			mounts++
		case sim.EvUnmount, sim.EvPinned:
			parks++
		case sim.EvUnpark:
			unparks++
		case sim.EvThreadStart:
			starts++
		case sim.EvThreadEnd:
			ends++
		case sim.EvGCYoung, sim.EvGCFull:
			gcs++
		}
	}
	var b strings.Builder
	b.WriteString("in this frame:")
	sep := " "
	for _, x := range [...]struct {
		n    int
		what string
	}{{starts, "threads started"}, {mounts, "mounted"}, {parks, "parked"}, {unparks, "woken up"}, {ends, "threads ended"}, {gcs, "GCs"}} {
		if x.n == 1 && x.what == "GCs" {
			x.what = "GC"
		}
		if x.n > 0 {
			b.WriteString(sep + Count(int64(x.n)) + " " + x.what)
			sep = ", "
		}
	}
	return b.String()
}

// Describe says what one event means, in a few words.
func Describe(e *sim.Event) string {
	th := e.Thread.String()
	on := ""
	if e.Carrier != 0 {
		on = " on worker-" + itoa(int(e.Carrier))
	}
	switch e.Kind {
	case sim.EvThreadStart:
		if e.A == 1 {
			return th + " virtual thread started"
		}
		return th + " platform thread started (" + sim.Role(e.B).String() + ")"
	case sim.EvThreadEnd:
		return th + " terminated"
	case sim.EvMount:
		return th + " mounted" + on + ", thawed " + Count(e.A) + " words"
	case sim.EvUnmount:
		return th + " parked (" + sim.ParkReason(e.A).String() + ") and unmounted, " + Count(e.B) + " words frozen"
	case sim.EvPinned:
		return th + " blocked while pinned" + on + " (" + sim.ParkReason(e.A).String() + "): the carrier is blocked"
	case sim.EvUnpark:
		return th + " woken up: waits for a carrier"
	case sim.EvFreeze:
		how := [...]string{"", "in place into its chunk", "into its GC-mode chunk (reuse fix)", "into a new StackChunk in eden"}
		m := ""
		if e.B >= 1 && e.B <= 3 {
			m = how[e.B]
		}
		return th + " froze " + Count(e.A) + " words " + m
	case sim.EvGCYoung:
		return "young GC: copied " + Size(sim.Bytes(e.A)) + ", promoted " + Size(sim.Bytes(e.B))
	case sim.EvGCFull:
		return "Full GC: old gen compacted to " + Size(sim.Bytes(e.A)) + " live"
	case sim.EvGCPause:
		return "stop-the-world pause of " + Dur(sim.Duration(e.A))
	case sim.EvGCEnd:
		return "pause ended: threads resume"
	case sim.EvTier:
		return "JIT: method " + itoa(int(e.A)) + " compiled at " + TierName(sim.Tier(e.B))
	case sim.EvFork:
		return th + " forked " + Count(e.A) + " subtasks"
	case sim.EvWin:
		return th + " won its scope (subtask " + itoa(int(e.A)) + ")"
	case sim.EvCancel:
		return th + " cancelled (subtask " + itoa(int(e.A)) + ")"
	case sim.EvCarrierStart:
		return "carrier worker-" + itoa(int(e.A)) + " started"
	case sim.EvRouterSwitch:
		return "router switched to model " + itoa(int(e.A)) + " after " + Count(e.B) + " races"
	case sim.EvOOM:
		return "OutOfMemoryError"
	}
	return e.Kind.String()
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
