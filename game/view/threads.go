package view

import (
	"strconv"

	"github.com/loomlab/loomlab/sim"
)

// The run queue and the parked groups: virtual threads that are not on a
// carrier. Few threads are drawn one token each (with their ids when there
// is room, so slow motion can follow one thread); thousands are drawn as
// density, each cell standing for k threads, with the exact count written.

// parkOrder is the order of the parked groups, most common first.
var parkOrder = [...]sim.ParkReason{sim.ParkSleep, sim.ParkSocket, sim.ParkMonitor, sim.ParkJoin, sim.ParkFile, sim.ParkIdle}

func (s *Side) drawRunQueue(l *List, r Rect, in *SideInput, p *Palette, sc float32) {
	snap := in.Snap
	title, n, ids := "run queue (FIFO)", snap.RunQueueLen, snap.RunQueue
	if !in.Virtual {
		// Without virtual threads the queue that matters is the OS's:
		// runnable platform threads waiting for a core.
		title, ids = "waiting for a CPU", s.waiting[:0]
		for i := range snap.Platform {
			t := &snap.Platform[i]
			if !t.OnCPU && (t.State == sim.StateRunnable || t.State == sim.StateRunning) {
				ids = append(ids, t.ID)
			}
		}
		s.waiting, n = ids, len(ids)
	}
	body := panel(l, r, title, Count(int64(n))+" runnable", p, sc)
	s.at.runQueue = body
	if body.Empty() {
		return
	}
	if n == 0 {
		if body.H >= CharH*sc*0.75 {
			l.TextIn(body, "empty", sc, p.TextDim)
		}
		return
	}
	// One row of tokens, oldest first. Labelled tokens when they all fit.
	h := min(body.H, 14*sc)
	row := Rect{X: body.X, Y: body.Y + (body.H-h)/2, W: body.W, H: h}
	gap := max(1, sc)
	idw := TextWidth("#00000", sc) + 4*sc
	if h >= laneLabelMin*sc && n <= maxLabelled && float32(n)*(idw+gap) <= row.W && n <= len(ids) {
		x := row.X
		for _, id := range ids[:n] {
			t := Rect{X: x, Y: row.Y, W: TextWidth(id.String(), sc) + 4*sc, H: h}
			l.Rect(t, p.Runnable)
			l.TextIn(Rect{X: t.X + 2*sc, Y: t.Y, W: t.W - 2*sc, H: t.H}, id.String(), sc, p.Background)
			l.hit(t, id)
			x += t.W + gap
		}
		return
	}
	// Unlabelled: square tokens; when they do not all fit, the first ones
	// and a count of the rest.
	tw := max(2, min(h, 8*sc))
	room := int((row.W + gap) / (tw + gap))
	more := ""
	if n > room {
		more = "+" + Count(int64(n)) + " more"
		room = max(0, room-int((TextWidth(more, sc)+4*sc)/(tw+gap))-1)
		more = "+" + Count(int64(n-room)) + " more"
	}
	x := row.X
	y := row.Y + (h-tw)/2
	for i := 0; i < min(n, room); i++ {
		l.Rect(Rect{X: x, Y: y, W: tw, H: tw}, p.Runnable)
		if i < len(ids) {
			l.hit(Rect{X: x, Y: y, W: tw, H: tw}, ids[i])
		}
		x += tw + gap
	}
	if more != "" {
		l.TextIn(Rect{X: x + 2*sc, Y: row.Y, W: row.Right() - x - 2*sc, H: h}, more, sc, p.Text)
	}
}

// group is one drawn group of waiting threads.
type group struct {
	name  string
	n     int
	ids   []sim.ThreadID
	c     Color
	where int // park reason for animation anchors, -1 for none
}

func (s *Side) drawParked(l *List, r Rect, in *SideInput, p *Palette, sc float32) {
	snap := in.Snap
	groups := s.groups[:0]
	total := 0
	title := "parked virtual threads"
	if in.Virtual {
		for _, reason := range parkOrder {
			if n := snap.ParkedCount[reason]; n > 0 {
				groups = append(groups, group{reason.String(), n, snap.Parked[reason], p.Virtual, int(reason)})
				total += n
			}
		}
	} else {
		// Platform threads block their OS thread. Only the listed ones have
		// a state in the snapshot; the rest are counted apart.
		title = "blocked platform threads"
		var counts [8]int
		for i := range snap.Platform {
			t := &snap.Platform[i]
			if t.State == sim.StateParked && int(t.Reason) < len(counts) {
				counts[t.Reason]++
			}
		}
		for _, reason := range parkOrder {
			if n := counts[reason]; n > 0 {
				groups = append(groups, group{reason.String(), n, nil, p.Platform, int(reason)})
				total += n
			}
		}
		if n := snap.PlatformApp - len(snap.Platform); n > 0 {
			groups = append(groups, group{"unlisted", n, nil, p.Platform.Alpha(0.45), -1})
			total += n
		}
	}
	s.groups = groups
	body := panel(l, r, title, Count(int64(total))+" waiting", p, sc)
	if body.Empty() {
		return
	}
	top := Rect{X: body.X, Y: body.Y, W: body.W, H: min(body.H, 14*sc)}
	for _, reason := range parkOrder {
		s.at.parked[reason] = top // flights to a group not drawn land here
	}
	if len(groups) == 0 {
		if body.H >= CharH*sc*0.75 {
			l.TextIn(top, "none", sc, p.TextDim)
		}
		return
	}
	rowH := body.H / float32(len(groups))
	y := body.Y
	for _, g := range groups {
		row := Rect{X: body.X, Y: y, W: body.W, H: rowH - max(1, 2*sc)}
		y += rowH
		if g.where >= 0 {
			s.at.parked[g.where] = row
		}
		drawGroup(l, row, g.name, g.n, g.ids, g.c, p, sc)
	}
}

// drawGroup draws one group of n threads (ids lists the first few): a label
// with the count and, to its right, tokens or density cells.
func drawGroup(l *List, row Rect, name string, n int, ids []sim.ThreadID, c Color, p *Palette, sc float32) {
	if row.Empty() {
		return
	}
	label := name + " " + Count(int64(n))
	lw := min(row.W*0.35, TextWidth("monitor 10,000", sc)+6*sc)
	lab, cells := row.Left(lw)
	if lab.H >= laneLabelMin*sc {
		l.TextIn(Rect{X: lab.X, Y: lab.Y, W: lab.W, H: min(lab.H, CharH*sc)}, label, sc, p.Text)
	} else {
		cells = row
	}
	drawCells(l, cells, n, ids, c, p, sc)
}

// maxLabelled bounds the tokens drawn with their ids: beyond a few dozen
// nobody reads them, and each costs a string per frame.
const maxLabelled = 48

// maxTokens bounds the threads drawn one cell each: past a couple of
// thousand, individual 3-pixel cells read as a texture, and density cells
// with their "each cell = k" note say more.
const maxTokens = 2048

// Level of detail of a group of threads.
type detail uint8

const (
	detailNone     detail = iota
	detailLabelled        // one token per thread, with its id
	detailTokens          // one cell per thread
	detailDensity         // one cell per k threads
)

// drawCells fills r with n tokens if they fit at a readable size (with ids
// when few), else with density cells, each standing for k members. It
// returns the level of detail used and k.
func drawCells(l *List, r Rect, n int, ids []sim.ThreadID, c Color, p *Palette, sc float32) (detail, int) {
	if n <= 0 || r.Empty() {
		return detailNone, 0
	}
	gap := max(1, sc)
	// Labelled tokens: each id in a box, flowed in rows.
	if len(ids) == n && n <= maxLabelled && r.H >= laneLabelMin*sc {
		th := min(14*sc, r.H)
		if fitsLabels(r, ids, th, gap, sc) {
			x, y := r.X, r.Y
			for _, id := range ids {
				w := TextWidth(id.String(), sc) + 4*sc
				if x+w > r.Right() {
					x, y = r.X, y+th+gap
				}
				t := Rect{X: x, Y: y, W: w, H: th}
				l.Rect(t, c)
				l.TextIn(Rect{X: t.X + 2*sc, Y: t.Y, W: t.W - 2*sc, H: t.H}, id.String(), sc, p.Background)
				l.hit(t, id)
				x += w + gap
			}
			return detailLabelled, 1
		}
	}
	cols, _, cell, ok := grid(r, n, 3*sc, 10*sc, gap)
	if ok && n <= maxTokens {
		g := cellGrid{r: r, cols: cols, cell: cell, gap: gap}
		g.runs(l, []segment{{n, c}}, p.Panel)
		for i := range min(n, len(ids)) {
			l.hit(g.cellRect(i), ids[i])
		}
		return detailTokens, 1
	}
	// Density: every cell stands for k threads; the last one is partial and
	// drawn fainter. A note under the cells says what k is.
	cell = min(6*sc, r.H)
	cols = max(1, int((r.W+gap)/(cell+gap)))
	rows := int((r.H + gap) / (cell + gap))
	if r.H >= (CharH+2)*sc+cell {
		rows = int((r.H - CharH*sc + gap) / (cell + gap)) // room for the note
	}
	rows = max(1, rows)
	capacity := cols * rows
	k := (n + capacity - 1) / capacity
	full, part := n/k, n%k
	g := cellGrid{r: r, cols: cols, cell: cell, gap: gap}
	g.runs(l, []segment{{full, c}}, p.Panel)
	if part > 0 {
		l.Rect(g.cellRect(full), c.Alpha(0.25+0.75*float32(part)/float32(k)))
	}
	note := "each cell = " + Count(int64(k)) + " threads"
	ny := r.Y + float32(g.rows(full+btoi(part > 0)))*g.pitch()
	if ny+CharH*sc <= r.Bottom()+0.01 {
		l.TextIn(Rect{X: r.X, Y: ny, W: r.W, H: CharH * sc}, note, sc, p.TextDim)
	}
	return detailDensity, k
}

func fitsLabels(r Rect, ids []sim.ThreadID, th, gap, sc float32) bool {
	x, y := r.X, r.Y
	for _, id := range ids {
		w := TextWidth(id.String(), sc) + 4*sc
		if w > r.W {
			return false
		}
		if x+w > r.Right() {
			x, y = r.X, y+th+gap
		}
		if y+th > r.Bottom()+0.01 {
			return false
		}
		x += w + gap
	}
	return true
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// itoa is strconv.Itoa, short for the many labels.
func itoa(n int) string { return strconv.Itoa(n) }
