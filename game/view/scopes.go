package view

import (
	"cmp"
	"slices"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// Structured scopes (the router's races): a line naming what each column's
// subtask calls (the router's models), then one row per scope: its owner
// (the request's virtual thread) and its forked subtasks, each saying
// where it is in the race: no answer yet, won (a white frame),
// cancelled (dimmed) or finished.
//
// A race is decided and its scope closed in one instant: the winner's
// scope interrupts the other subtasks, which unwind at once (the model
// gives unwinding no CPU time), and only then
// closes. So the open scopes of an instant are nearly all undecided, and a
// still frame of them alone never shows the race's rule. The side
// remembers the races it saw decided (an EvWin and its scope's EvCancels,
// with the owner and subtasks as the snapshot listed them) and draws the
// newest first, above the open scopes, for a moment of virtual time.

const (
	// maxScopeRows bounds the rows drawn; a line under the title says how
	// many races there are and how many of them are drawn. Six rows show
	// the rule (a decided race or two above the waiting ones); more were
	// more to read and taught nothing more.
	maxScopeRows = 6
	// maxDecidedRows bounds the decided races drawn above the open scopes.
	maxDecidedRows = 2
	// maxLeadRows bounds the rows of races drawn as the side's picture:
	// the race just decided and a few undecided ones, in larger words
	// (three: the room of a fourth went to the carriers' boxes, which
	// readers asked to see large).
	maxLeadRows = 3
	// decidedFor is how long (virtual time) a decided race stays drawn:
	// long enough to be seen at slow speeds, short enough that at the
	// router's few races per millisecond the newest replace it.
	decidedFor = 20 * sim.Millisecond
)

// decidedRace is a race the side saw decided, at the instant of its win.
type decidedRace struct {
	at   sim.Time
	view sim.ScopeView // the winner and the cancelled subtasks marked
}

// raceMemory keeps the races a side saw decided, and the open scopes of
// the previous tick (a scope decided and closed within one tick is found
// there).
type raceMemory struct {
	recent []decidedRace // newest first, at most maxDecidedRows
	listed []sim.ScopeView
	subs   []sim.SubtaskView // listed's subtasks (copies: Fill reuses the snapshot's)
	joined []sim.ThreadID    // the previous tick's virtual threads parked in join
	// joinedAt: the previous tick's time (joined is of then)
	joinedAt sim.Time
	// running: the cells the last draw of the races' picture filled as
	// running (the carriers' line says whether they are all the busy
	// carriers: "3 run the blue cells")
	running int
}

// findOwners names the owner of a remembered race decided in a scope no
// snapshot listed. A scope closes when its last subtask finishes, and
// closing wakes the owner: the owner's EvUnpark comes just before that
// subtask's EvThreadEnd, at the same instant (sim: subtaskDone, then
// terminate). The other wake-ups just before a subtask's end are the
// cancelled subtasks' (cancelScope, before the winner ends), so the woken
// thread must not be one of the race's subtasks, and, when the previous
// tick listed the threads parked in join, one of them. (A step right
// after a seek comes with no tick between them: the list is of before the
// seek, not checked — checked, it left the request unnamed in about one
// still frame in four.)
func (m *raceMemory) findOwners(events []sim.Event) {
	fresh := len(events) > 0 && events[0].At >= m.joinedAt && events[0].At.Sub(m.joinedAt) <= decidedFor
	for i := 0; i+1 < len(events); i++ {
		wake, end := &events[i], &events[i+1]
		if wake.Kind != sim.EvUnpark || end.Kind != sim.EvThreadEnd || wake.At != end.At {
			continue
		}
		if fresh && len(m.joined) > 0 && !slices.Contains(m.joined, wake.Thread) {
			continue
		}
		for j := range m.recent {
			v := &m.recent[j].view
			if one := []sim.ScopeView{*v}; v.Owner == 0 && scopeOf(one, end.Thread) != nil && scopeOf(one, wake.Thread) == nil {
				v.Owner = wake.Thread
			}
		}
	}
}

// note forgets races decided more than decidedFor ago (or after now: the
// run was moved back), records the races decided by this tick's events and
// copies the open scopes for the next tick.
func (m *raceMemory) note(snap *sim.Snapshot, events []sim.Event) {
	keep := m.recent[:0]
	for _, d := range m.recent {
		if d.at <= snap.Time && snap.Time.Sub(d.at) <= decidedFor {
			keep = append(keep, d)
		}
	}
	m.recent = keep
	for i := range events {
		if e := &events[i]; e.Kind == sim.EvWin {
			m.remember(decided(e, events[i+1:], snap.Scopes, m.listed))
		}
	}
	// A remembered race's calls that end (the cancelled ones unwind)
	// are marked done: the threads' line says whether they still count.
	for i := range events {
		if e := &events[i]; e.Kind == sim.EvThreadEnd {
			for j := range m.recent {
				for k := range m.recent[j].view.Subtasks {
					if st := &m.recent[j].view.Subtasks[k]; st.Thread == e.Thread {
						st.Done = true
					}
				}
			}
		}
	}
	m.findOwners(events)
	m.joined, m.joinedAt = append(m.joined[:0], snap.Parked[sim.ParkJoin]...), snap.Time
	m.listed, m.subs = m.listed[:0], m.subs[:0]
	for _, v := range snap.Scopes {
		m.subs = append(m.subs, v.Subtasks...)
	}
	at := 0
	for _, v := range snap.Scopes {
		n := len(v.Subtasks)
		m.listed = append(m.listed, sim.ScopeView{Owner: v.Owner, Winner: v.Winner, Subtasks: m.subs[at : at+n : at+n]})
		at += n
	}
}

func (m *raceMemory) remember(d decidedRace) {
	m.recent = append(m.recent, decidedRace{})
	copy(m.recent[1:], m.recent)
	m.recent[0] = d
	if len(m.recent) > maxDecidedRows {
		m.recent = m.recent[:maxDecidedRows]
	}
}

// decided builds the race that win decided: its scope as the snapshot (or,
// if it closed within the tick, the previous one) listed it, else from the
// events alone (a snapshot lists at most 128 scopes; the owner is then
// found when the scope closes: findOwners).
// The cancelled subtasks are those of the EvCancels that follow the win
// (cancelScope emits them at once, before the next win).
func decided(win *sim.Event, after []sim.Event, now, before []sim.ScopeView) decidedRace {
	var v sim.ScopeView
	if sv := scopeOf(now, win.Thread); sv != nil {
		v = cloneScope(sv)
	} else if sv := scopeOf(before, win.Thread); sv != nil {
		v = cloneScope(sv)
	}
	known := len(v.Subtasks) > 0
	sub := func(i int, id sim.ThreadID) *sim.SubtaskView {
		for len(v.Subtasks) <= i {
			// A subtask no event names finished before the win.
			v.Subtasks = append(v.Subtasks, sim.SubtaskView{Model: len(v.Subtasks), Done: true})
		}
		st := &v.Subtasks[i]
		st.Thread = id
		return st
	}
	v.Winner = int(win.A)
	w := sub(v.Winner, win.Thread)
	w.Done, w.Cancelled = true, false
	for i := range after {
		e := &after[i]
		if e.Kind == sim.EvWin {
			break
		}
		if e.Kind != sim.EvCancel || e.At != win.At {
			continue
		}
		if known && scopeOf([]sim.ScopeView{v}, e.Thread) == nil {
			continue
		}
		sub(int(e.A), e.Thread).Cancelled = true
	}
	return decidedRace{at: win.At, view: v}
}

// scopeOf returns the scope among vs that has thread id as a subtask.
func scopeOf(vs []sim.ScopeView, id sim.ThreadID) *sim.ScopeView {
	for i := range vs {
		for _, st := range vs[i].Subtasks {
			if st.Thread == id {
				return &vs[i]
			}
		}
	}
	return nil
}

func cloneScope(v *sim.ScopeView) sim.ScopeView {
	c := *v
	c.Subtasks = append([]sim.SubtaskView(nil), v.Subtasks...)
	return c
}

// cancelledDrawn counts the cancelled calls of the race drawn as just
// decided (the newest remembered, else the first decided scope listed)
// and how many of their threads have ended (note marks them Done as
// their ends come).
func (m *raceMemory) cancelledDrawn(snap *sim.Snapshot) (cancelled, ended int) {
	var v *sim.ScopeView
	if len(m.recent) > 0 {
		v = &m.recent[0].view
	} else {
		for i := range snap.Scopes {
			if snap.Scopes[i].Winner >= 0 {
				v = &snap.Scopes[i]
				break
			}
		}
	}
	if v == nil {
		return 0, 0
	}
	for i, st := range v.Subtasks {
		if st.Cancelled && i != v.Winner {
			cancelled++
			if st.Done {
				ended++
			}
		}
	}
	return cancelled, ended
}

// remembered reports whether the open scope v is one of the decided races
// drawn (a decided scope stays open until its cancelled subtasks unwind).
func (m *raceMemory) remembered(v *sim.ScopeView) bool {
	for i := range m.recent {
		for _, st := range v.Subtasks {
			if scopeOf([]sim.ScopeView{m.recent[i].view}, st.Thread) != nil {
				return true
			}
		}
	}
	return false
}

// draw draws the scopes panel: the decided races remembered and those the
// snapshot holds decided, newest first, then the open undecided scopes.
// big: the races are the side's picture (racelead.go): fewer rows, in
// larger words, each cell its call's state alone (its thread's number is
// on point), and no key (the cells' words say it).
func (m *raceMemory) draw(l *List, r Rect, snap *sim.Snapshot, models []string, big bool, p *Palette, sc float32) {
	face := cellFace{size: sc}
	limit := maxScopeRows
	m.running = 0
	if big {
		face, limit = leadFace(sc), maxLeadRows
		face.running = &m.running
	}
	open := max(snap.ScopesOpen, len(snap.Scopes))
	var rows []*sim.ScopeView
	for i := range m.recent {
		rows = append(rows, &m.recent[i].view)
	}
	for i := range snap.Scopes {
		if v := &snap.Scopes[i]; v.Winner >= 0 && !m.remembered(v) && len(rows) < maxDecidedRows {
			rows = append(rows, v)
		}
	}
	nDecided := len(rows)
	waiting := 0
	for i := range snap.Scopes {
		if v := &snap.Scopes[i]; v.Winner < 0 {
			rows = append(rows, v)
			waiting++
		}
	}
	gap := max(1, 2*sc)
	cols := len(models)
	for _, v := range rows {
		cols = max(cols, len(v.Subtasks))
	}
	headH := float32(0)
	if cols > 0 {
		headH = CharH * sc
	}
	// The count line under the title, then the rows: up to maxScopeRows,
	// taller (to 24 pixels) when the panel has room for them.
	countH := CharH*sc + 3*sc
	// Where the races lead with a race just won, the counts are the
	// title ("races: the one just won + the 2 open with threads
	// running"): its rule ("the first call to finish wins") is the
	// caption's, and readers read the two lines as one too many.
	countsTitle := big && nDecided > 0
	if countsTitle {
		countH = 0
	}
	bodyH := r.H - PanelTitleH(sc) - 6*sc - headH - countH
	if big && bodyH < 2*(CharH*face.size+6*sc)+gap && bodyH+countH >= 2*(CharH*face.size+6*sc)+gap {
		// A low panel (a phone's) keeps a second row, the race just
		// decided above an open one, rather than the count line (the
		// counts are on point).
		bodyH += countH
		countH = 0
	}
	// A key under the rows says what a cell's marks mean (readers asked
	// which was won, cancelled, waiting), where the panel keeps four rows.
	key := !big && bodyH >= 4*(16*sc+gap)+CharH*sc
	// And, on a line of its own where the panel keeps four rows under it,
	// what a running call does: readers asked whether the running calls'
	// answers had arrived, and why they had not won.
	runKey := key && bodyH >= 4*(16*sc+gap)+2*CharH*sc
	if key {
		bodyH -= CharH*sc + 2*sc // a line under the rows for it
	}
	if runKey {
		bodyH -= CharH * sc
	}
	rowH := clamp((bodyH+gap)/float32(limit)-gap, 16*sc, 24*sc)
	if big {
		rowH = clamp((bodyH+gap)/float32(limit)-gap, CharH*face.size+6*sc, CharH*face.size+28*sc)
	}
	rowH = min(rowH, r.H)
	fit := min(limit, max(0, int((bodyH+gap)/(rowH+gap))))
	// Room for the undecided too: a decided race gives way to one open
	// scope when there is room for only a couple of rows.
	nDecided = min(nDecided, max(0, min(fit-1, fit/2+1)))
	switch {
	case waiting == 0:
		nDecided = min(len(rows), fit)
	case big:
		// The race just decided first, whatever the room: it is the
		// rule's whole story.
		nDecided = min(len(rows)-waiting, 1, fit)
	}
	nOpen := min(waiting, max(0, fit-nDecided))
	drawn := append(rows[:nDecided:nDecided], rows[len(rows)-waiting:len(rows)-waiting+nOpen]...)
	// The open rows picked, in request order (the snapshot lists them
	// by who holds a carrier: "#4343 above #4342" made readers stop).
	slices.SortStableFunc(drawn[nDecided:], func(a, b *sim.ScopeView) int { return cmp.Compare(a.Owner, b.Owner) })
	// The counts on a line of their own, in words: "3 of 349 open · 1
	// just decided" beside four rows read as a sum that did not add up.
	// The waiting races are the open scopes not yet decided (what the
	// caption counts as open when a decided scope has closed).
	undecided := open
	for i := range snap.Scopes {
		if snap.Scopes[i].Winner >= 0 {
			undecided--
		}
	}
	undecided = max(undecided, nOpen)
	var counts []string
	// bare: how many of the first counts go without "races: " (the
	// longest, which name the races' threads).
	bare := 1
	switch {
	case big && nDecided > 0:
		// Plain words, each count before the rows it counts: "1 just
		// decided, then 3 of 349 undecided" was hard to parse.
		// The rows counted among all the races first ("a race just
		// won, then 3 of 349 still racing" read awkwardly).
		// How the open rows were picked, not how many races there are
		// ("3 of 350 races" beside "730 of 10,000 done" made readers
		// stop; the count is on point): the snapshot lists the races
		// whose threads hold or wait for a carrier first.
		// "1 just won": "the one just won" read awkwardly.
		won := Count(int64(nDecided)) + " just won"
		open := Count(int64(nOpen)) + " open"
		running, all := openRacesRunning(rows[len(rows)-waiting:], nOpen, snap)
		switch {
		case nOpen >= undecided:
			open = "the " + open
		case running == nOpen && all:
			open = "the " + open + " with " + plural(nOpen, "a thread", "threads") + " running"
		case running == nOpen:
			open += " with " + plural(nOpen, "a thread", "threads") + " running"
		}
		// Said as a sample of how many (readers did not see that 3 rows
		// were a few of ~350 races).
		// The rows as a part of all the races, the one just won among
		// them: "1 just won + 2 of 349 open" was hard to read (the rows
		// say which is won and which open).
		// "now": "2 of the 351 races" was read as all the races there
		// are (one a request, 10,000 of them); "in progress" was read
		// against the row just won; "2 of the 351 races now" as only 2
		// racing: "showing" says the rows are a sample.
		of := Count(int64(nDecided+nOpen)) + " of the " + Count(int64(undecided+nDecided)) + " races"
		counts = []string{"showing " + of + " now", of + " now", of, won + " + " + open, won + " + " + Count(int64(nOpen)) + " open", won}
		if ended := endedRaces(drawn[:nDecided], snap); ended > 0 {
			// A race just won whose request has replied holds no
			// thread any more: "3 of the 351 races now" over 1,400
			// threads was multiplied out (351 × 4 = 1,404) and found
			// wrong. The ended ones are said apart, first, as their
			// rows are.
			// The narrower forms keep it apart too (a compared frame's
			// "showing 3 of the 351 races now" counted it again), and
			// no row of the races now is said as such, not as "0 of
			// the 350".
			// "Other": "1 just ended and 2 of the 350 races now" was
			// still asked whether the ended one was among the 350.
			e, shown, races := Count(int64(ended)), nDecided-ended+nOpen, Count(int64(undecided+nDecided-ended))
			and, now := " and ", Count(int64(shown))+" of the "+races+" other races now"
			short := Count(int64(shown)) + " of " + races
			if shown == 0 {
				and, now, short = "; ", races+" other races now", races+" races"
			}
			lead := "showing " + e + " just ended" + and + now
			counts = []string{lead, e + " just ended, " + now,
				e + " ended + " + short, won + " + " + open, won + " + " + Count(int64(nOpen)) + " open", won}
			var with []string
			for _, each := range threadsEach(snap, models, undecided+nDecided-ended) {
				with = append(with, lead+each)
			}
			counts, bare = append(with, counts...), max(1, len(with))
		}
	case big && nOpen == 0:
		// No row drawn (the compared platform side, whose block counts
		// its races waiting): "0 of 200 races" counted rows that are
		// not there.
		counts = []string{"all still racing"}
	case big:
		counts = []string{Count(int64(nOpen)) + " of " + Count(int64(undecided)) + " races, all still racing", Count(int64(nOpen)) + " of " + Count(int64(undecided)) + " races"}
		var with []string
		for _, each := range threadsEach(snap, models, undecided) {
			with = append(with, counts[0]+each)
		}
		counts = append(with, counts...)
	case nOpen >= undecided && nDecided > 0:
		counts = []string{Count(int64(nDecided)) + " just decided, " + Count(int64(nOpen)) + " undecided"}
	case nOpen >= undecided:
		counts = []string{Count(int64(nOpen)) + " " + plural(nOpen, "race", "races") + ", all undecided"}
	case nDecided > 0:
		d := Count(int64(nDecided)) + " just decided"
		// Each count next to the rows it counts ("1 just decided,
		// showing 5 of the 349 still waiting" above six rows read as a
		// miscount).
		// The rows below hold running and ready calls too: they are
		// undecided races, not all waiting ("still waiting" over running
		// cells read as a contradiction).
		counts = []string{"top: " + d + "; below: " + Count(int64(nOpen)) + " of the " + Count(int64(undecided)) + " undecided races",
			d + ", then " + Count(int64(nOpen)) + " of " + Count(int64(undecided)) + " undecided", d}
	default:
		counts = []string{"showing " + Count(int64(nOpen)) + " of the " + Count(int64(undecided)) + " undecided races",
			Count(int64(nOpen)) + " of " + Count(int64(undecided)) + " undecided races"}
	}
	// The title says what a cell is: each call is a virtual thread of
	// its own (the blue of the legend's "virtual thread"), forked by the
	// request's thread; the cells carry the threads' numbers as the lanes
	// and the parked tokens do.
	titles := []string{"races: each call on its own virtual thread; first answer wins",
		"races: one virtual thread per call; first answer wins", "races: first answer wins", "races"}
	if big {
		// The rule, with why a running call has not won: a call's
		// thread runs to send its request and again to read the
		// answer; the first to finish wins (the key's line, folded in).
		// (The thread per call is the caption's: cut here.)
		titles = []string{"races: the first call to finish wins", "races: first call to finish wins", "races"}
	}
	if countsTitle {
		titles = nil
		for i, c := range counts {
			head := "races: "
			if i < bare && big && nDecided > 0 {
				head = ""
			}
			titles = append(titles, head+c)
		}
		titles = append(titles, "races")
	}
	body := panel(l, r, "", p, sc, titles...)
	link := ""
	if ws := raceLink(rows[:nDecided], snap); ws != nil {
		link = " " + upperFirst(ws[0]) + "."
	}
	say := Count(int64(open)) + " structured scopes are open: in each, a request's virtual thread forked one virtual thread per model call; " +
		"the first answer wins and the scope cancels the others. A race is decided and its scope closed in an instant, " +
		"so the races decided in the last moments are drawn first, then " + Count(int64(nOpen)) + " open scopes, each waiting for its answers." + link
	l.region(r, "scopes", say)
	if body.Empty() {
		return
	}
	if len(drawn) == 0 {
		// No room for a row: the counts alone ("none open" beside 349
		// waiting races was wrong).
		say := []string{"none open"}
		if open > 0 || nDecided > 0 {
			say = []string{Count(int64(undecided)) + " " + plural(undecided, "race", "races") + " waiting for answers", Count(int64(undecided)) + " waiting"}
		}
		l.TextFit(Rect{X: body.X, Y: body.Y, W: body.W, H: min(body.H, CharH*sc)}, sc, p.TextDim, say...)
		return
	}
	var countLine Rect
	countLine, body = body.Top(countH)
	if countH > 0 {
		l.TextFit(countLine, sc, p.TextDim, counts...)
	}
	y := body.Y
	if headH > 0 {
		head := Rect{X: body.X, Y: y, W: body.W, H: headH}
		owner, subs := scopeRects(head, cols, face, sc)
		// The request's own thread, said where its column starts: a
		// request thread on a carrier beside "a thread per call" left
		// readers counting threads that were not explained.
		reqHead := []string{"request", "req."}
		if big {
			reqHead = []string{"request thread", "request", "req."}
		}
		l.TextFit(owner.PadX(2*sc), sc, p.TextDim, reqHead...)
		// One wording for every column: "Haiku call" over one column and
		// "Sonnet" over the next read as two kinds.
		forms := []func(string, int) string{
			func(n string, _ int) string { return n + " call" },
			func(n string, _ int) string { return n },
			func(_ string, i int) string { return itoa(i + 1) },
		}
		if big {
			// The model's name alone over the races' picture: the
			// caption says a thread per call (three "call"s given to
			// what a parked request thread waits for).
			forms = forms[1:]
		}
		for _, form := range forms {
			fits := true
			for i, c := range subs {
				fits = fits && TextWidth(form(modelName(models, i), i), sc) <= c.W-4*sc
			}
			if fits {
				for i, c := range subs {
					l.TextFit(c.PadX(2*sc), sc, p.TextDim, form(modelName(models, i), i))
				}
				break
			}
		}
		y += headH
	}
	var states [callEnded + 1]bool // the cells' states drawn, for the key
	for i, v := range drawn {
		if i == nDecided && nDecided > 0 {
			// The decided races and the open scopes are told apart by a
			// line as well as by their marks.
			l.Line(body.X, y, body.Right(), y, max(1, sc), p.Grid)
			y += gap
		}
		drawScope(l, Rect{X: body.X, Y: y, W: body.W, H: rowH}, v, snap, face, p, sc)
		markDrawn(&states, v, snap)
		y += rowH + gap
	}
	if big {
		// No key under the rows: the legend lists the looks drawn.
		for st, ok := range states {
			// (A won cell is keyed by its own entry, "won, ended":
			// an "ended" entry beside it for the same cell looked
			// alike to readers, and keys nothing else drawn.)
			if ok {
				l.noteStateDrawn(callState(st))
			}
		}
	}
	if key && y+CharH*sc <= body.Bottom()+0.01 {
		drawRaceKey(l, Rect{X: body.X, Y: y + 2*sc, W: body.W, H: CharH * sc}, &states, p, sc)
		if y += 2*sc + CharH*sc; runKey && states[callRunning] && y+CharH*sc <= body.Bottom()+0.01 {
			l.TextFit(Rect{X: body.X, Y: y, W: body.W, H: CharH * sc}, sc, p.TextDim, runningWords...)
		}
	}
}

// drawRaceKey draws the race cells' key on one line: a small cell of
// each state drawn in the rows, in the rows' look, then its word; only
// the states drawn (every key entry is in the frame). Longer words where
// they fit.
func drawRaceKey(l *List, r Rect, drawn *[callEnded + 1]bool, p *Palette, sc float32) {
	words := [callEnded + 1][]string{
		callWaiting:   {"parked, no answer yet", "parked"},
		callReady:     {"ready: waits for a carrier", "ready"},
		callRunning:   {"running"},
		callWon:       {"won: first answer", "won: first answer", "won"},
		callCancelled: {"cancelled"},
		callEnded:     {"ended"},
	}
	cellW := stateSwatchW(sc)
	for form := 0; form < 3; form++ {
		word := func(st callState) string { return words[st][min(form, len(words[st])-1)] }
		gap := 2 * CharW * sc
		if form == 2 {
			gap = CharW * sc
		}
		// A call goes parked -> ready -> running: an arrow between those
		// entries shows the flow where the three looks are named
		// (readers asked to see it in the marks).
		flows := func(st int) bool {
			return st < int(callRunning) && drawn[st] && drawn[st+1]
		}
		arrow := 2 * CharW * sc
		need := -gap
		for st := range drawn {
			if drawn[st] {
				need += cellW + 3*sc + TextWidth(word(callState(st)), sc) + gap
			}
			if flows(st) {
				need += arrow
			}
		}
		if need > r.W {
			// No key where it cannot be whole.
			continue
		}
		x := r.X
		for st := range drawn {
			if !drawn[st] {
				continue
			}
			drawStateSwatch(l, x, r, callState(st), false, p, sc)
			x += cellW + 3*sc
			w := word(callState(st))
			l.Text(x, r.Y+(r.H-CharH*sc)/2, w, sc, p.TextDim)
			x += TextWidth(w, sc) + gap
			if flows(st) {
				drawFlowArrow(l, x-gap+3*sc, x+arrow-gap, r.Y+r.H/2, p, sc)
				x += arrow
			}
		}
		return
	}
}

// stateSwatchW is the width of a race cell's look drawn small (a key's
// swatch).
func stateSwatchW(sc float32) float32 { return CharH * sc * 0.8 * 1.6 }

// drawStateSwatch draws a race cell's look for state st small, at x,
// centred in the line r: a key's swatch.
func drawStateSwatch(l *List, x float32, r Rect, st callState, lead bool, p *Palette, sc float32) {
	sw, cellW := CharH*sc*0.8, stateSwatchW(sc)
	if st == callWaiting {
		// The sign alone: framed, at a key's size, it was too small
		// to see. (The races' picture's parked sign.)
		if lead {
			h := parkedSign(CharH*sc, sc)
			drawParkedSign(l, x+(cellW-parkedSignW(h))/2, r.Y+(r.H-h)/2, h, p)
			return
		}
		sq := parkedSquare(Rect{H: CharH * sc}, sc)
		l.Mark(Rect{X: x + (cellW-sq)/2, Y: r.Y + (r.H-sq)/2, W: sq, H: sq}, MeanVirtual, p, 1)
		return
	}
	drawCall(l, Rect{X: x, Y: r.Y + (r.H-sw)/2, W: cellW, H: sw}, st, nil, false, cellFace{size: sc, lead: lead}, p, sc)
}

// drawFlowArrow draws an arrow from x0 to x1 at height y, in the dim
// text's colour (a reading aid, not a mark of the legend).
func drawFlowArrow(l *List, x0, x1, y float32, p *Palette, sc float32) {
	w, head := max(1, sc), min(4*sc, (x1-x0)/2)
	l.Line(x0, y, x1, y, w, p.TextDim)
	l.Line(x1-head, y-head, x1, y, w, p.TextDim)
	l.Line(x1-head, y+head, x1, y, w, p.TextDim)
}

// runningWords says what a call's thread does when it runs, in the
// model's terms: it runs once to build and send its request, then parks
// on its socket; woken by the answer, it runs again to read it, and ends.
// The first call to end with its answer wins the race (sim: subtaskDone).
var runningWords = []string{
	"running: sends its request, or reads its answer; the first to finish wins",
	"running: sends its request or reads its answer; first to finish wins",
	"running: sends its call or reads the answer; first to finish wins",
	"running: sends its call or reads its answer; first done wins",
	"running: sends its call or reads its answer",
}

// raceLink says, when a decided race's request thread now runs on a
// carrier, that it woke to take the winner's answer: the step names the
// winner (#2903, ended) while the lanes show the request (#2902), and
// readers did not see the two were one race.
func raceLink(decided []*sim.ScopeView, snap *sim.Snapshot) []string {
	for _, v := range decided {
		if v.Winner < 0 || v.Winner >= len(v.Subtasks) || v.Owner == 0 {
			continue
		}
		for i := range snap.Carriers {
			if snap.Carriers[i].Thread != v.Owner {
				continue
			}
			o, w, lane := v.Owner.String(), v.Subtasks[v.Winner].Thread.String(), "worker-"+itoa(i+1)
			return []string{"request " + o + " woke to take " + w + "'s answer: it runs on " + lane,
				o + " woke to take " + w + "'s answer: on " + lane, o + " took the answer: on " + lane}
		}
	}
	return nil
}

// modelName is the model subtask i calls, capitalised ("Haiku"), or its
// number when the workload does not name its subtasks' models.
func modelName(models []string, i int) string {
	if i < len(models) && models[i] != "" {
		return upperFirst(models[i])
	}
	return "model " + itoa(i+1)
}

func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// ScopeRects returns the owner's and the subtasks' token rectangles in a
// scope row (exported for tests).
func ScopeRects(row Rect, n int, sc float32) (owner Rect, subs []Rect) {
	return scopeRects(row, n, cellFace{size: sc}, sc)
}

// scopeRects is ScopeRects for cells whose words are in face f.
func scopeRects(row Rect, n int, f cellFace, sc float32) (owner Rect, subs []Rect) {
	gap := 3 * sc
	// The owner's column is headed "request": its cells hold the id alone,
	// and the subtasks get the room for their words.
	ow := min(TextWidth("a request", f.size)+6*sc, row.W*0.3)
	if f.bold {
		// The larger bold: room for a five-digit id after its mark, so
		// that a phone's call cells keep their words.
		ow = min(TextWidth("#99999", f.size)+(7+16)*sc, row.W*0.3)
	}
	if want := TextWidth("request thread", sc) + 2*CharW*sc; f.lead && want <= row.W*0.15 {
		// Room for its header, "request thread", where the calls keep
		// plenty (not a phone's).
		ow = max(ow, want)
	}
	owner, rest := row.Left(ow)
	rest.X += gap
	rest.W -= gap
	if n <= 0 || rest.W <= 0 {
		return owner, nil
	}
	w := (rest.W - gap*float32(n-1)) / float32(n)
	if !f.bold {
		w = min(w, TextWidth("#99999 no answer yet", f.size)+6*sc)
	}
	for i := 0; i < n; i++ {
		subs = append(subs, Rect{X: rest.X + float32(i)*(w+gap), Y: row.Y, W: max(0, w), H: row.H})
	}
	return owner, subs
}

// subtaskWords says where a subtask is in its race, longest first, each
// wording after the number of the call's virtual thread (the step line's
// "Haiku call (thread #2903)" is the cell "#2903 won"). A call that has
// ended says so: its thread is drawn nowhere else.
func subtaskWords(st *sim.SubtaskView, won, big bool) []string {
	var out []string
	switch {
	case won && big && st.Done:
		// Whether the winner's thread lives on: a reader could not
		// tell (it ends with its answer read).
		// ("answered first" is the caption's and the step's: cut here
		// for the threads' count per race.)
		out = []string{"won, ended", "won"}
	case won && big:
		out = []string{"won: answered first", "won"}
	case big && st.Cancelled && st.Done:
		out = []string{"cancelled, ended", "cancelled"}
	case won:
		out = []string{"won, ended", "won"}
	case big && st.State == sim.StateRunnable && !st.Cancelled && !st.Done:
		// Why it is not running, in the words of the line over the
		// carriers: readers asked why a just-forked call was "ready"
		// rather than waiting on the network.
		out = []string{"needs a carrier", "ready"}
	case st.Cancelled:
		out = []string{"cancelled"}
	case st.Done:
		out = []string{"ended", "done"}
	case st.State == sim.StateRunning:
		out = []string{"running"}
	case st.State == sim.StateRunnable:
		out = []string{"ready to run", "ready"}
	case st.State == sim.StateParked, st.State == sim.StatePinned:
		// The key's word for the square ("parked"), not a second word
		// for the same state ("waiting" beside the key's "parked").
		out = []string{"parked"}
	default:
		out = []string{st.State.String()}
	}
	if st.Thread == 0 {
		return out
	}
	id := st.Thread.String()
	withID := make([]string, 0, 2*len(out)+1)
	for _, w := range out {
		withID = append(withID, id+" "+w)
	}
	return append(append(withID, out...), id)
}

// callState is where a race cell's thread is, drawn with the marks the
// lanes and the parked panel use for the same state, so that a call can
// be followed from parked to ready to a carrier by its look alone.
type callState uint8

const (
	callWaiting   callState = iota // parked: a small square, as in the parked panel
	callReady                      // in the run queue: a token, as in the ready row
	callRunning                    // on a carrier: a token and the green "running on a CPU" dot, as in its lane
	callWon                        // the first answer: a token in the winner's frame
	callCancelled                  // cancelled: a dimmed token
	callEnded                      // ended without winning (an answer after the win)
)

// stateOfCall is a subtask's state in its race.
func stateOfCall(st *sim.SubtaskView, won bool) callState {
	switch {
	case won:
		return callWon
	case st.Cancelled:
		return callCancelled
	case st.Done:
		return callEnded
	case st.State == sim.StateRunning:
		return callRunning
	case st.State == sim.StateRunnable:
		return callReady
	}
	return callWaiting
}

// threadsEach says how many threads each of the races now holds (", 4
// threads each") where the live virtual threads are exactly theirs, else
// "": readers multiplied 350 races by 4 to find the 1,400 threads the line
// under the rows counts, unaided. Longest first: which threads the four
// are, where it fits (a reader was not sure the request's own thread was
// one of them).
func threadsEach(snap *sim.Snapshot, models []string, races int) []string {
	per := len(models) + 1
	if len(models) == 0 || snap.VirtualLive != races*per {
		return nil
	}
	each := ", " + Count(int64(per)) + " threads each"
	// "(the request's + 3 calls)" was read as awkward (nv223): one thread
	// for the request, one for each call.
	return []string{each + " (1 for the request + 1 for each of its " + Count(int64(len(models))) + " " + plural(len(models), "call", "calls") + ")",
		each + " (1 for the request + " + Count(int64(len(models))) + " for its " + plural(len(models), "call", "calls") + ")", each}
}

// endedRaces counts the races among rows whose request's thread has
// ended: they hold no thread now.
func endedRaces(rows []*sim.ScopeView, snap *sim.Snapshot) int {
	n := 0
	for _, sv := range rows {
		if sv.Winner >= 0 && stateOfOwner(sv, snap) == callEnded {
			n++
		}
	}
	return n
}

// stateOfOwner is a request thread's state: parked in its scope until the
// race is decided, then woken to take the answer (running on a carrier,
// or ready for one), then ended. Where the snapshot's lists do not say,
// an open race's owner waits and a decided one's is ready (woken), or
// ended when the run queue is listed whole and it is not in it.
func stateOfOwner(sv *sim.ScopeView, snap *sim.Snapshot) callState {
	if sv.Owner != 0 {
		for i := range snap.Carriers {
			if c := &snap.Carriers[i]; c.Thread == sv.Owner {
				if c.OnCPU {
					return callRunning
				}
				return callReady
			}
		}
		if slices.Contains(snap.RunQueue, sv.Owner) {
			return callReady
		}
		for _, ids := range snap.Parked {
			if slices.Contains(ids, sv.Owner) {
				return callWaiting
			}
		}
	}
	switch {
	case sv.Winner < 0:
		return callWaiting
	case len(snap.RunQueue) >= snap.RunQueueLen:
		return callEnded
	}
	return callReady
}

// drawCall draws one race cell in its state's look, then its words
// (bright: a waiting cell's words as bright as a token's).
func drawCall(l *List, r Rect, state callState, words []string, bright bool, f cellFace, p *Palette, sc float32) {
	txt := p.Background
	// The inset of a cell's mark and the gap after it: wider for the
	// larger bold (its words sat against the marks).
	in := 3 * sc
	if f.bold {
		in = 5 * sc
	}
	text := r.PadX(in - sc)
	switch state {
	case callWaiting:
		// Parked: the parked panel's square on the panel's ground, the
		// words dim; only the calls that hold or wait for a carrier are
		// drawn as tokens, as in the lanes and the ready row. In the
		// races' picture the square is the parked sign (parkedsign.go):
		// alone it read as the legend's "virtual thread" swatch.
		l.Frame(r, max(1, sc*0.75), p.PanelEdge)
		sq := parkedSquare(r, sc)
		if f.lead {
			h := parkedSign(r.H, sc)
			drawParkedSign(l, r.X+in, r.Y+(r.H-h)/2, h, p)
			sq = parkedSignW(h)
		} else {
			l.Mark(Rect{X: r.X + in, Y: r.Y + (r.H-sq)/2, W: sq, H: sq}, MeanVirtual, p, 1)
		}
		text.X += sq + in
		text.W -= sq + in
		txt = p.TextDim
		if bright {
			txt = p.Text
		}
	case callCancelled:
		// Dimmed and crossed out: dimmed alone, its blue read as the
		// parked cells' (readers could not tell them apart). The cross
		// is before the word, which stays readable (not struck through).
		if f.lead {
			// Fainter than the ended cells' fill, under a hatch in the
			// dim ink at full strength: readers found cancelled and
			// ended "almost the same" with faint stripes.
			l.Mark(r, MeanVirtual, p, 0.15)
		} else {
			l.Mark(r, MeanVirtual, p, 0.3)
		}
		if f.lead {
			// Struck through with a hatch in the dim ink: a dim fill
			// and a small cross were the ended cells' look ("cancelling
			// does not stand out"). A pattern, not a colour of its own.
			drawStrikeHatch(l, r, p, sc)
		}
		txt = p.Text
		if f.lead {
			// The hatch and the word say it; no cross: a phone's narrow
			// cells had no room for one, and the legend's swatch with a
			// cross beside cells without it read as a fourth look.
			if len(words) > 0 {
				plateWords(l, text.X-2*sc, 2*sc, text.W, r, words, f, p, sc)
			}
			break
		}
		x := crossSide(r, sc)
		if len(words) > 0 && !f.fits(text.W-x-in, words...) && f.fits(text.W, words...) {
			// A narrow cell keeps the word, which says it alone, rather
			// than the cross.
			break
		}
		x0, y0 := r.X+in, r.Y+(r.H-x)/2
		l.Line(x0, y0, x0+x, y0+x, crossWidth(sc), p.Text)
		l.Line(x0, y0+x, x0+x, y0, crossWidth(sc), p.Text)
		text.X += x + in
		text.W -= x + in
	case callEnded:
		if f.lead {
			// An ended thread, outlined in the dim ink, no fill: a
			// dimmed blue fill read as running ("won, ended" looked
			// like a running cell). Its words bright.
			drawEndedFrame(l, r, p, sc)
			txt = p.Text
			break
		}
		l.Mark(r, MeanVirtual, p, 0.45)
	case callWon:
		if f.lead {
			// The ended look (its thread has ended with the answer)
			// in the winner's frame: filled bright, it read as one
			// more running cell, and dimmed blue too.
			drawEndedFrame(l, r, p, sc)
			txt = p.Text
			break
		}
		l.Mark(r, MeanVirtual, p, 1)
	case callReady:
		if f.lead {
			// Hollow: a virtual thread with no carrier yet, outlined in
			// its blue on the panel's ground, its words bright; dashed,
			// as a carrier being woken for it is (racelead.go).
			drawWaitingFrame(l, r, runFrame(r, sc)*2/3, p, sc)
			txt = p.Text
			break
		}
		l.Mark(r, MeanVirtual, p, 1)
	default:
		l.Mark(r, MeanVirtual, p, 1)
	}
	// The races as the side's picture draw a running cell in the blue
	// fill alone, which the legend says means "running on a carrier": the
	// green frame and dot of "its carrier on a CPU" always came with it
	// there (readers: one mark too many). Small cells keep the dot.
	if state == callRunning && f.running != nil {
		*f.running++
	}
	if state == callRunning && !f.lead {
		dot := min(r.H*0.3, 5*sc)
		l.MarkCircle(r.X+in+dot, r.Y+r.H/2, dot, MeanOnCPU, p)
		text.X += 2*dot + in
		text.W -= 2*dot + in
	}
	if f.badge > 0 && state == callRunning {
		w := carrierBadge(l, text.X, r, f.badge, p, sc)
		text.X += w + in
		text.W -= w + in
	}
	if state == callWon && f.lead {
		// A tick before its words, in the winner's ink: the winner's
		// frame alone read as one more ended cell (readers: "won" and
		// "ended" look alike).
		w := drawTick(l, text.X, r, p, sc)
		text.X += w + in
		text.W -= w + in
	}
	// (Only the won cell and a running one: a cancelled cell's plate
	// covers one line.)
	// Each in the ordinary text where the larger bold's two lines are
	// too tall (a phone's rows): "sends" over "request" rather than
	// "sends" alone.
	plain := cellFace{size: sc}
	switch {
	case state == callWon && f.lead && len(words) > 0 && (fitSplit(l, text, txt, f, words[0], sc) || fitSplit(l, text, txt, plain, words[0], sc)):
	case f.split != "" && len(words) > 1 && !f.fits(text.W, words[:len(words)-1]...) &&
		(fitSplit(l, text, txt, f, f.split, sc) || fitSplit(l, text, txt, plain, f.split, sc)):
	default:
		f.fit(l, text, txt, words...)
	}
	if state == callWon && !f.lead {
		// A thick frame: a thin one on the blue token read as one more
		// "ready" cell. Not in the races' picture, where the tick and
		// the word say it: its thick white frame around the cell read
		// as "selected", a highlight, not as the race's winner.
		l.MarkFrame(r, wonFrame(sc), MeanWinner, p)
	}
}

// fitSplit draws words of the form "won, ended" on two lines of cell r
// ("won" in face f, "ended" under it in the ordinary text) where they do
// not fit on one but r is tall enough for two: a phone's narrow won cell
// said "won" alone, and readers asked whether its thread still ran.
// False (nothing drawn) where the words are not two parts or fit whole.
func fitSplit(l *List, r Rect, c Color, f cellFace, words string, sc float32) bool {
	first, second, ok := strings.Cut(words, ", ")
	if !ok || f.fits(r.W, words) && TextWidth(words, f.size) <= r.W+0.01 || r.H < CharH*(f.size+sc)+2*sc ||
		TextWidth(second, sc) > r.W+0.01 || !f.fits(r.W, first) {
		return false
	}
	top := r.Y + (r.H-CharH*(f.size+sc))/2
	f.fit(l, Rect{X: r.X, Y: top, W: r.W, H: CharH * f.size}, c, first)
	l.TextFit(Rect{X: r.X, Y: top + CharH*f.size, W: r.W, H: CharH * sc}, sc, c, second)
	return true
}

// plateWords draws a plate of the panel's ground from x in cell r: lead
// wide before the words (a cancelled cell's cross and its gaps), then the
// words f.fit draws in width w (the first of alts that fits, in f's size
// or, where f is the larger bold, the ordinary one). On the hatch the
// words were hard to read.
func plateWords(l *List, x, lead, w float32, r Rect, alts []string, f cellFace, p *Palette, sc float32) {
	sizes := []float32{f.size}
	if f.bold {
		sizes = append(sizes, f.size/1.25)
	}
	for _, size := range sizes {
		for _, a := range alts {
			if tw := TextWidth(a, size); tw <= w+0.01 {
				h := CharH*size + 2*sc
				l.Rect(Rect{X: x, Y: r.Y + (r.H-h)/2, W: min(r.Right()-x, lead+tw+4*sc), H: h}, p.Panel)
				return
			}
		}
	}
}

// drawStrikeHatch draws rising diagonal strokes across r in the dim text
// ink, clipped to r: a cancelled call's cell, struck out.
func drawStrikeHatch(l *List, r Rect, p *Palette, sc float32) {
	step, w := max(4, 6*sc), max(1.5, 1.5*sc)
	c := p.TextDim
	for k := r.X - r.H + step/2; k < r.Right(); k += step {
		// The stroke from (k, bottom) to (k+H, top), clipped to r.
		x0, y0, x1, y1 := k, r.Bottom(), k+r.H, r.Y
		if x0 < r.X {
			y0 -= r.X - x0
			x0 = r.X
		}
		if x1 > r.Right() {
			y1 += x1 - r.Right()
			x1 = r.Right()
		}
		if x1 > x0 {
			l.Line(x0, y0, x1, y1, w, c)
		}
	}
}

// carrierBadge draws carrier n's number in a small box from x, centred
// in r's height, and returns its width: every running cell and the
// carrier's slot start with the same one (readers asked to see which
// carrier runs which cell "at a glance, without reading").
//
// Its box is framed in the dim text ink: in the panel's edge colour it
// was easy to miss (readers). The legend keys it (badgeKey).
func carrierBadge(l *List, x float32, r Rect, n int, p *Palette, sc float32) float32 {
	return badgeOf(l, x, r, itoa(n), p, sc)
}

// badgeOf draws a carrier's badge saying num (a number, or the legend's
// letter for any number), keyed in the legend, and returns its width.
func badgeOf(l *List, x float32, r Rect, num string, p *Palette, sc float32) float32 {
	l.used |= 1 << badgeKey
	return unkeyedBadge(l, x, r, num, p, sc)
}

// unkeyedBadge draws a badge as badgeOf does, without keying it in the
// legend: an empty carrier slot's number. The badge's entry is the
// running look ("N running on carrier N"), and with every carrier idle
// readers looked for it in the picture and found nothing running.
func unkeyedBadge(l *List, x float32, r Rect, num string, p *Palette, sc float32) float32 {
	b := Rect{X: x, Y: r.Y + (r.H-CharH*sc-2*sc)/2, W: badgeTextW(num, sc), H: CharH*sc + 2*sc}
	l.Rect(b, p.Panel)
	l.Frame(b, max(1, sc), p.TextDim)
	l.names = append(l.names, len(l.Items))
	l.Text(b.X+3*sc, b.Y+sc, num, sc, p.Text)
	return b.W
}

// badgeTextW is the width of a badge saying num.
func badgeTextW(num string, sc float32) float32 { return TextWidth(num, sc) + 6*sc }

// drawTick draws a won cell's tick from x, centred in r's height, in the
// winner's ink, and returns its width.
//
// A bold tick on its own: in a small frame of its own it read as a ticked
// checkbox, something to click; thin lines were too faint a mark of the
// legend's "won" to find. (The won cell's thick frame is its caller's.)
func drawTick(l *List, x float32, r Rect, p *Palette, sc float32) float32 {
	side, pad := tickSide(r, sc), tickPad(sc)
	x += pad / 2
	y := r.Y + (r.H-side)/2
	w := max(2.5, 2.5*sc)
	n := len(l.Items)
	l.Line(x, y+side*0.55, x+side*0.38, y+side, w, p.Winner)
	l.Line(x+side*0.38, y+side, x+side, y, w, p.Winner)
	l.tag(n, MeanWinner)
	return tickW(r, sc)
}

// tickSide is the size of the tick drawTick draws in r; tickPad the room
// around it; tickW the width drawTick takes.
func tickSide(r Rect, sc float32) float32 { return max(4, min(r.H*0.55, 9*sc)) }
func tickPad(sc float32) float32          { return max(2, 2.5*sc) }
func tickW(r Rect, sc float32) float32    { return tickSide(r, sc) + 1.5*tickPad(sc) }

// drawEndedFrame draws an ended thread's cell in the races' picture: an
// outline in the dim text ink, no fill (no thread lives there now).
func drawEndedFrame(l *List, r Rect, p *Palette, sc float32) {
	l.Frame(r, max(1.5, 1.5*sc), p.TextDim)
}

// wonFrame is the width of the winner's frame; crossSide and crossWidth
// the size and stroke of a cancelled call's cross.
func wonFrame(sc float32) float32 { return max(3, 3*sc) }

// runFrame is the width of a running cell's green frame: the winner's,
// thinner in a small cell (a key's swatch, a carrier's token).
func runFrame(r Rect, sc float32) float32 { return max(1.5, min(wonFrame(sc), r.H/6)) }
func crossWidth(sc float32) float32       { return max(1.5, 1.5*sc) }
func crossSide(r Rect, sc float32) float32 {
	return max(4, min(r.H*0.5, 8*sc))
}

// parkedSquare is the side of the parked square drawn in a small race
// cell (and its key), about the parked panel's squares.
func parkedSquare(r Rect, sc float32) float32 {
	return max(3, min(r.H*0.5, 7*sc))
}

// markDrawn notes the states of a drawn row's cells.
func markDrawn(states *[callEnded + 1]bool, sv *sim.ScopeView, snap *sim.Snapshot) {
	states[stateOfOwner(sv, snap)] = true
	for i := range sv.Subtasks {
		states[stateOfCall(&sv.Subtasks[i], i == sv.Winner)] = true
	}
}

func drawScope(l *List, row Rect, sv *sim.ScopeView, snap *sim.Snapshot, f cellFace, p *Palette, sc float32) {
	owner, subs := scopeRects(row, len(sv.Subtasks), f, sc)
	// Every request's number is as bright: dim for a request whose calls
	// are all parked, it read as a difference nothing explained ("why is
	// #3886 dim and #4308 bright?").
	active := true
	if sv.Owner != 0 {
		l.hit(owner, sv.Owner)
		st := stateOfOwner(sv, snap)
		n := carrierOf(snap, sv.Owner)
		// Its number over what it does in the ordinary size where the
		// large bold leaves no room for the two lines (a phone's low
		// rows, whose running request lost its carrier's badge).
		of := f
		if owner.H < CharH*(f.size+sc)+4*sc {
			of.size = sc
		}
		if f.lead && st == callRunning && n > 0 && owner.H >= CharH*(of.size+sc)+2*sc {
			// Its carrier's badge before its number, as the running call
			// cells and the carriers' slots start theirs, and under it
			// what it does: a decided race's request thread replies and
			// ends ("on carrier 4" read as a request still racing).
			drawCall(l, owner, st, nil, active, f, p, sc)
			x := owner.X + 5*sc // after the cell's inset, as drawCall sets a lead cell's words (no dot)
			top := owner.Y + (owner.H-CharH*(of.size+sc))/2
			bw := carrierBadge(l, x, Rect{Y: top, H: CharH * of.size}, n, p, sc) + 4*sc
			of.fit(l, Rect{X: x + bw, Y: top, W: owner.Right() - x - bw - 2*sc, H: CharH * of.size}, p.Background, sv.Owner.String())
			say := []string{"starts its race", "starts race", "runs"}
			if sv.Winner >= 0 {
				say = []string{"replying now", "replying"}
			}
			l.TextFit(Rect{X: x, Y: top + CharH*of.size, W: owner.Right() - x - 2*sc, H: CharH * sc}, sc, p.Background, say...)
		} else if f.lead && st == callWaiting && sv.Winner < 0 && owner.H >= CharH*(of.size+sc)+2*sc {
			// What it waits for, under its number: a parked sign alone
			// left readers guessing that the request's thread waits
			// for its race ("#4343 shows only a small parked icon").
			drawCall(l, owner, st, nil, active, f, p, sc)
			x := owner.X + 4*sc + parkedSignW(parkedSign(owner.H, sc)) + 5*sc // after the sign, as drawCall sets its words
			top := owner.Y + (owner.H-CharH*(of.size+sc))/2
			ink := p.TextDim
			if active {
				ink = p.Text
			}
			of.fit(l, Rect{X: x, Y: top, W: owner.Right() - x - 2*sc, H: CharH * of.size}, ink, sv.Owner.String())
			l.TextFit(Rect{X: x, Y: top + CharH*of.size, W: owner.Right() - x - 2*sc, H: CharH * sc}, sc, p.TextDim, ownerWaitWords...)
		} else if f.lead && st == callEnded {
			// Its state in words, as its calls' cells say theirs: the
			// ended outline with a bare number left readers guessing.
			id := sv.Owner.String()
			drawCall(l, owner, st, []string{id + " replied, ended", id + ", ended", id}, active, f, p, sc)
		} else {
			drawCall(l, owner, st, []string{sv.Owner.String()}, active, f, p, sc)
		}
	} else {
		// Decided in a scope the snapshot did not list (it lists 128):
		// the events name its subtasks, not its owner.
		drawCall(l, owner, stateOfOwner(sv, snap), []string{"a request", "request"}, active, f, p, sc)
	}
	for i, r := range subs {
		st := &sv.Subtasks[i]
		won := i == sv.Winner
		if st.Thread != 0 {
			l.hit(r, st.Thread)
		}
		words := subtaskWords(st, won, false)
		if f.bold {
			// The big cells say the state alone: the call's thread
			// number is on point (its card), and numbers with gaps
			// (#4343's calls #4347-#4349) read as a puzzle.
			words = subtaskWords(&sim.SubtaskView{State: st.State, Cancelled: st.Cancelled, Done: st.Done}, won, true)
		}
		cf := f
		if f.lead && stateOfCall(st, won) == callRunning {
			// Which carrier runs it, as a badge drawn as the carriers'
			// slots start theirs (the eye pairs the two), and in words.
			cf.badge = carrierOf(snap, st.Thread)
			words = runningCallWords(cf.badge, st.Answered)
			// A phone's narrow cell said "sends" alone (readers: sends
			// what?): what it sends, on a line under.
			cf.split = "sends, request"
			if st.Answered {
				cf.split = "reads, answer"
			}
		}
		if f.lead && stateOfCall(st, won) == callReady && snap.RunQueueLen > 0 && len(wakeTakers(snap)) >= snap.RunQueueLen {
			// Why it waits: a carrier is waking up for it (the
			// carriers' slots say which are waking).
			words = []string{"carrier waking", "ready"}
		}
		if f.lead && stateOfCall(st, won) == callWaiting && onNetwork(snap, st.Thread) {
			// What it waits for: readers asked why a call was parked
			// while its race's other call ran.
			words = []string{"parked on network", "parked"}
		}
		drawCall(l, r, stateOfCall(st, won), words, false, cf, p, sc)
	}
}

// runningCallWords is what a running call's cell says, longest first:
// the carrier it runs on, in words as well as by its badge (readers took
// the bare badges for step numbers or a ranking until they decoded the
// legend), then what its burst does, from the model: readers asked what
// a network call does on a CPU. Where room is short the carrier goes
// last of all: it is the link to the carriers' row.
func runningCallWords(carrier int, answered bool) []string {
	does := []string{"sends its request", "sends request", "sends"}
	if answered {
		does = []string{"reads the answer", "reads answer", "reads"}
	}
	if carrier == 0 {
		return does
	}
	on := "on carrier " + itoa(carrier)
	out := make([]string, 0, len(does)+2)
	for _, d := range does {
		out = append(out, on+", "+d)
	}
	return append(out, on, does[len(does)-1])
}

// onNetwork reports whether a parked thread waits on its socket (a model
// call sent, its answer not back): listed among the socket's parked
// threads, or, where that list is cut short, listed under no other reason.
func onNetwork(snap *sim.Snapshot, id sim.ThreadID) bool {
	if id == 0 {
		return false
	}
	if slices.Contains(snap.Parked[sim.ParkSocket], id) {
		return true
	}
	if len(snap.Parked[sim.ParkSocket]) >= snap.ParkedCount[sim.ParkSocket] {
		return false
	}
	for r := range snap.Parked {
		if slices.Contains(snap.Parked[r], id) || len(snap.Parked[r]) < snap.ParkedCount[r] && sim.ParkReason(r) != sim.ParkSocket {
			return false
		}
	}
	return true
}

// ownerWaitWords is what a parked request thread of an open race does,
// longest first: it waits, parked, for the first of its calls' answers.
// ("parked" alone beside its three running calls read as a
// contradiction: say what it waits for.)
// A phone's narrow cell says "awaits" ("parked" there left readers
// without what the request's thread waits for; its calls are its row).
var ownerWaitWords = []string{"parked: awaits its calls", "awaits its calls", "awaits calls", "awaits", "parked"}

// openRacesRunning counts, among the first n of the open races rows, those
// with a thread of theirs on a carrier, and reports whether they are all
// the open races of snap that have one.
func openRacesRunning(rows []*sim.ScopeView, n int, snap *sim.Snapshot) (running int, all bool) {
	has := func(v *sim.ScopeView) bool {
		if stateOfOwner(v, snap) == callRunning {
			return true
		}
		for i := range v.Subtasks {
			if stateOfCall(&v.Subtasks[i], i == v.Winner) == callRunning {
				return true
			}
		}
		return false
	}
	for _, v := range rows[:min(n, len(rows))] {
		if has(v) {
			running++
		}
	}
	total := 0
	for i := range snap.Scopes {
		if v := &snap.Scopes[i]; v.Winner < 0 && has(v) {
			total++
		}
	}
	return running, total == running
}

// carrierOf is the number (from 1, as the carriers' strip numbers its
// slots) of the carrier thread id is mounted on, or 0.
func carrierOf(snap *sim.Snapshot, id sim.ThreadID) int {
	for i := range snap.Carriers {
		if id != 0 && snap.Carriers[i].Thread == id {
			return i + 1
		}
	}
	return 0
}

// RaceOwner returns the owner (the request's thread) of a race this side
// saw decided with thread id among its subtasks, or 0 when none is known:
// a race's scope closes in the instant it is decided, so the snapshot of a
// step to the win no longer lists it, while the side remembers it.
func (s *Side) RaceOwner(id sim.ThreadID) sim.ThreadID {
	for i := range s.races.recent {
		v := &s.races.recent[i].view
		if scopeOf([]sim.ScopeView{*v}, id) != nil {
			return v.Owner
		}
	}
	return 0
}

// threadRole is what a virtual thread is in the races: a request's own
// thread, or one model call of a request. Readers could not tell whether
// the #4347 on a carrier was a request or a call, nor whose.
type threadRole struct {
	id    sim.ThreadID
	owner sim.ThreadID // the request's thread (the thread itself for a request)
	model int          // the call's model, -1 for a request's own thread
}

// words names the role, longest first: "Opus call of #4344",
// "request #2902".
func (r threadRole) words(models []string) []string {
	if r.model < 0 {
		return []string{"request " + r.id.String(), r.id.String() + " request", r.id.String()}
	}
	o, id := r.owner.String(), r.id.String()
	return []string{id + " " + modelName(models, r.model) + " call of " + o, id + " " + modelName(models, r.model) + " of " + o, id}
}

// roles lists the roles of the threads on the carriers and in the run
// queue, from the scopes the snapshot lists (it lists the scopes of
// running and ready threads first) and the races remembered decided
// (whose scopes have closed, their request's thread running again).
func (m *raceMemory) roles(snap *sim.Snapshot, out []threadRole) []threadRole {
	out = out[:0]
	find := func(id sim.ThreadID) {
		if id == 0 {
			return
		}
		look := func(vs []sim.ScopeView) bool {
			for i := range vs {
				v := &vs[i]
				if v.Owner == id {
					out = append(out, threadRole{id: id, owner: id, model: -1})
					return true
				}
				for j, st := range v.Subtasks {
					if st.Thread == id && !st.Done {
						out = append(out, threadRole{id: id, owner: v.Owner, model: j})
						return true
					}
				}
			}
			return false
		}
		if look(snap.Scopes) {
			return
		}
		for i := range m.recent {
			if v := &m.recent[i].view; v.Owner == id {
				out = append(out, threadRole{id: id, owner: id, model: -1})
				return
			}
		}
	}
	for i := range snap.Carriers {
		find(snap.Carriers[i].Thread)
	}
	for _, id := range snap.RunQueue[:min(len(snap.RunQueue), maxLabelled)] {
		find(id)
	}
	return out
}

// roleWords names thread id's role among rs, or nil when it has none
// known (the caller then draws its number alone).
func roleWords(rs []threadRole, models []string, id sim.ThreadID) []string {
	for _, r := range rs {
		if r.id == id && (r.model < 0 || r.owner != 0) {
			return r.words(models)
		}
	}
	return nil
}

// cellFace is the size and face of a race cell's words: the ordinary
// text, or the races' picture's larger bold (leadFace).
type cellFace struct {
	size float32
	bold bool
	// lead: the looks of the races drawn as the side's picture, each
	// state its own at a glance (a reader took the ready cells, the
	// running ones' blue with no dot, for as busy): running the blue
	// fill alone, ready hollow (no carrier yet), parked dim.
	lead bool
	// running, where set, counts the cells drawn running.
	running *int
	// badge, where above 0, is the number of the carrier a running cell
	// runs on, drawn first as the carriers' slots start (carrierBadge).
	badge int
	// split, where set, is the cell's words on two lines ("sends,
	// request": "sends" over "request"), drawn where none of its
	// one-line words but the last and shortest fits (fitSplit).
	split string
}

// leadFace is the face of the races drawn as the side's picture: the
// caption's bold, a size the font is rasterised at for both device
// scales.
func leadFace(sc float32) cellFace { return cellFace{size: 1.25 * sc, bold: true, lead: true} }

// fits reports whether one of alts fits a width w in face f, or in the
// ordinary text where f is the larger bold (fit's fallback).
func (f cellFace) fits(w float32, alts ...string) bool {
	for _, a := range alts {
		if TextWidth(a, f.size) <= w+0.01 || f.bold && TextWidth(a, f.size/1.25) <= w+0.01 {
			return true
		}
	}
	return false
}

// fit draws the first of alts that fits r in face f (List.TextFit), or
// in the ordinary text where none fits in a larger face (a phone's
// narrow cells).
func (f cellFace) fit(l *List, r Rect, c Color, alts ...string) bool {
	if !l.TextFit(r, f.size, c, alts...) {
		return f.bold && l.TextFit(r, f.size/1.25, c, alts...)
	}
	l.Items[len(l.Items)-1].Bold = f.bold
	return true
}
