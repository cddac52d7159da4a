package view

import (
	"slices"
	"strconv"
	"strings"

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
	s.rowScale = rowScaleNote{}
	if snap.ExecQueued > 0 && threadsWaiting(in) == 0 {
		// No thread waits for a carrier or a CPU: the tasks' queue is the
		// whole story of this strip ("0 waiting" beside it was noise).
		s.at.runQueue = r
		backlog := 0
		if backlogGrid(in, s.still) {
			backlog = waitingPlatform(snap)
		}
		// The pool's threads below share the backlog's scale.
		var con *Contrast
		if backlog > 0 && drawsTaskContrast(s.contrast, in.Requests) {
			con = s.contrast // drawn under the grid (taskcontrast.go)
		}
		s.squareK = drawTaskQueue(l, r, snap, in, false, backlog, con, p, sc)
		return
	}
	if snap.ExecQueued > 0 && s.queuesStacked {
		// Two lines (a phone's, Scene.TwoQueues): the tasks' queue over
		// the threads', each the width for its words.
		var tasks Rect
		tasks, r = r.Top(r.H / 2)
		tasks.H -= 3 * sc
		drawTaskQueue(l, tasks, snap, in, in.Virtual && snap.RunQueueLen == snap.ExecQueued, 0, nil, p, sc)
	} else if snap.ExecQueued > 0 && r.W > 2*idealTallW*sc/3 {
		// Tasks submitted to a fixed pool (or an event loop) wait in its
		// queue until a pool thread is free: drawn beside the threads'
		// queue, since "threads asleep, tasks waiting" is the point.
		var tasks Rect
		tasks, r = r.Left(r.W * 0.5)
		tasks.W -= 3 * sc
		r.X += 3 * sc
		r.W -= 3 * sc
		drawTaskQueue(l, tasks, snap, in, in.Virtual && snap.RunQueueLen == snap.ExecQueued, 0, nil, p, sc)
	}
	n, ids := snap.RunQueueLen, snap.RunQueue
	var body Rect
	idle := 0
	for _, c := range snap.CoreThread {
		if c == 0 {
			idle++
		}
	}
	m := MeanVirtual
	if in.Virtual {
		right, alone := Count(int64(n))+" waiting", []string{Count(int64(n)) + " waiting for a carrier", Count(int64(n)) + " waiting"}
		if n == 0 {
			// "none" after the title: "0 waiting" said "waiting" twice.
			right, alone = "none", []string{"none waiting for a carrier", "none waiting"}
		}
		pair, up := "", false
		titles := []string{"virtual threads waiting for a carrier", "waiting for a carrier", "run queue"}
		freeCarriers := 0
		for i := range snap.Carriers {
			if snap.Carriers[i].Thread == 0 {
				freeCarriers++
			}
		}
		if n > 0 && freeCarriers > 0 && !snap.Paused {
			// They became ready at this very instant (woken, or just
			// started: "just woken" beside threads forked a moment ago
			// was wrong): the scheduler mounts them on the idle carriers
			// at the same virtual time, in the next events ("3 waiting"
			// beside 5 idle carriers read as a bug).
			// The scheduler has already signalled idle carriers: their
			// OS threads are waking (an OS wake-up takes tens of
			// microseconds), so the title says why the threads still
			// wait beside idle carriers.
			// The wake-up's time is the model's, said where known: "idle"
			// carriers beside waiting threads read as a contradiction.
			right = Count(int64(n)) + " " + plural(n, "thread", "threads")
			wake, wakeShort := "some microseconds", ""
			if in.WakeLatency > 0 {
				wake, wakeShort = Dur(in.WakeLatency), " ("+Dur(in.WakeLatency)+")"
			}
			alone = []string{Count(int64(n)) + " just ready: handed to idle carriers, which take " + wake + " to wake",
				Count(int64(n)) + " just ready: carriers waking" + wakeShort, Count(int64(n)) + " just ready"}
			pair = " They became ready (woken or just started) at this very instant; the scheduler has handed them to " + Count(int64(freeCarriers)) +
				" idle carriers, whose OS threads take " + wake + " to wake up before they take them."
			// The carriers' lanes say they are waking up, and for how
			// long: the title points at them.
			// The title says what "ready" is and where the threads go
			// next: readers asked what made a call ready. In a race a
			// woken call's answer has arrived (a woken request's, the
			// winning one).
			woken := "woken"
			if in.Scopes {
				woken = "answer arrived"
			}
			// (The wake-up time is the carriers' line's, where it fits.)
			// Short, with an arrow up to the carriers waking for them
			// (drawn at the foot of the carriers' panel): the handoff
			// ready -> carrier as a mark, not as words.
			titles = []string{"ready (new, or " + woken + ")", "ready (new or " + woken + ")",
				"just ready: carriers waking up" + wakeShort, "just ready"}
			up = true
		} else if snap.ExecQueued == n && n > 0 {
			// Beside the tasks' queue with the same count ("8,968 queued"
			// next to "8,968 waiting" read as one thing said twice): each
			// waiting thread is the executor's, and will take one of them.
			unit := in.Unit
			if unit == "threads" || unit == "" {
				unit = "tasks"
			}
			// Not "8,968 threads to take them": beside "8,968 requests
			// queued" it read as threads ready while requests still wait.
			// The threads wait too, for a carrier (the panel's title).
			// "Pool threads" where no executor runs loops (a loop's queue
			// is not a pool's): "8,974 threads, one per queued request"
			// under "pooled virtual threads" read as a thread per request.
			who := " threads"
			if !slices.Contains(snap.ExecLoops, true) {
				who = " pool threads"
			}
			right = Count(int64(n)) + who + ", one per queued " + singular(unit)
			alone = append([]string{right + ", all waiting for a carrier", right, Count(int64(n)) + who + ", 1 per " + singular(unit),
				Count(int64(n)) + " threads, 1 per " + singular(unit)}, alone...)
			pair = " Each will take one of the " + Count(int64(n)) + " queued " + unit + " when it runs."
		}
		body = panelAlt(l, r, right, alone, p, sc, titles...)
		// Only above a ready row drawn in full: a folded one (a phone's)
		// sits under a folded carriers' title with no waking lanes.
		if up && body.H >= CharH*sc && TextWidth(right, sc)+TextWidth(titles[0], sc)+8*sc <= r.W-4*sc {
			drawUpArrow(l, r.X+2*sc+TextWidth(titles[0], sc)+8*sc, r.Y+PanelTitleH(sc)/2, r.Y-6*sc, p, sc)
		}
		l.region(r, "run queue", Count(int64(n))+" virtual threads are ready to run and wait, first come first served, for a free carrier thread."+pair)
	} else {
		// Without virtual threads the queue that matters is the OS's:
		// runnable platform threads waiting for a core.
		m, ids = MeanPlatform, s.waiting[:0]
		for i := range snap.Platform {
			t := &snap.Platform[i]
			if !t.OnCPU && (t.State == sim.StateRunnable || t.State == sim.StateRunning) {
				ids = append(ids, t.ID)
			}
		}
		s.waiting, n = ids, max(len(ids), snap.PlatformRunnable)
		if n > 0 && idle > 0 {
			// They woke at this very instant: the scheduler puts them on
			// the idle CPUs at the same virtual time, in the next events.
			body = panel(l, r, Count(int64(n))+" waking up", p, sc, "platform threads waking up: they get an idle CPU now",
				"waking up: they get an idle CPU now", "woke up: gets an idle CPU now", "woke up: CPU now", "waking up")
			l.region(r, "CPU queue", Count(int64(n))+" platform threads woke up at this very instant; "+Count(int64(idle))+
				" CPUs are idle, so the scheduler puts them on a CPU at the same virtual time (the next events).")
		} else {
			right, alone := Count(int64(n))+" waiting", []string{Count(int64(n)) + " waiting for a CPU", Count(int64(n)) + " waiting"}
			if n == 0 {
				right, alone = "none", []string{"none waiting for a CPU", "none waiting"} // as the carriers' queue says it
			}
			body = panelAlt(l, r, right, alone, p, sc, "platform threads waiting for a CPU", "waiting for a CPU")
			l.region(r, "CPU queue", Count(int64(n))+" platform threads are ready to run and wait for a free CPU.")
		}
	}
	s.at.runQueue = body
	if body.Empty() {
		return
	}
	if n == 0 {
		// Nothing under the title, which says "none" (a blog's embed
		// said "none" at the title's end and "none waiting" under it).
		return
	}
	name := func(id sim.ThreadID) []string { return roleWords(s.roles, s.models, id) }
	from := len(l.Items)
	s.needK = max(s.needK, drawQueueRow(l, body, n, ids, name, m, "thread", s.squareK, p, sc))
	s.rowScale = rowScaleNote{l, -1}
	for i := from; i < len(l.Items); i++ {
		if it := &l.Items[i]; it.Kind == KindText && strings.HasSuffix(it.Text, " ("+oneThreadASquare+")") {
			s.rowScale.item = i
		}
	}
}

// oneThreadASquare is the scale of squares that are a thread each.
const oneThreadASquare = "1 square = 1 thread"

// rowScaleNote is where the row of threads waiting for a CPU said its
// scale, "and 230 more (1 square = 1 thread)": the list it drew in and the
// text item (-1: it did not say it).
type rowScaleNote struct {
	l    *List
	item int
}

// sayScaleOnce takes the scale out of the waiting row's note when the grid
// drawn under it since item from says the same scale: "1 square = 1
// thread" over both read as said twice (a reader of the lab).
func (s *Side) sayScaleOnce(l *List, from int) {
	if s.rowScale.l != l || s.rowScale.item < 0 || s.rowScale.item >= from {
		return
	}
	for i := from; i < len(l.Items); i++ {
		if it := &l.Items[i]; it.Kind == KindText && it.Text == oneThreadASquare {
			row := &l.Items[s.rowScale.item]
			row.Text = strings.TrimSuffix(row.Text, " ("+oneThreadASquare+")")
			return
		}
	}
}

// minSharedSquares: the fewest squares a group may keep at the scale it
// shares with the other.
const minSharedSquares = 8

// shareSquareScale picks one "1 square = k threads" for the row of virtual
// threads waiting for a carrier and the parked grid under it: a dry pass
// of both (into measure) finds the threads a square must stand for in
// each, and both are drawn at the larger. With two scales (1 thread a
// square in the row, 10 in the grid) the parked block looked bigger than
// the larger waiting group. The row's note says the scale once.
func (s *Side) shareSquareScale(l *List, queue, parked Rect, in *SideInput, p *Palette, sc float32) {
	s.squareK = 0
	if !in.Virtual {
		return
	}
	s.measure.Reset(l.W, l.H)
	s.needK = 0
	s.drawRunQueue(&s.measure, queue, in, p, sc)
	rowK := s.needK
	s.needK = 0
	s.drawParked(&s.measure, parked, in, p, sc)
	// Shared only where both groups keep at least minSharedSquares squares
	// at it: in a half-width panel the row's note left room for one square,
	// and "1 square = 10,000 threads" drew 8,976 waiting and 1,016 parked
	// threads as a dot each.
	parkedN := parkedVirtual(in.Snap)
	if k := max(rowK, s.needK); rowK > 0 && s.needK > 0 && k > 1 &&
		threadsWaiting(in)/k >= minSharedSquares && parkedN/k >= minSharedSquares {
		s.squareK = k
	}
	s.needK = 0
}

// parkedVirtual counts the virtual threads parked off their carriers, over
// every park reason.
func parkedVirtual(snap *sim.Snapshot) int {
	n := 0
	for _, c := range snap.ParkedCount {
		n += c
	}
	return n
}

// threadsWaiting counts the threads ready to run that wait: virtual
// threads for a carrier, else platform threads for a CPU.
func threadsWaiting(in *SideInput) int {
	snap := in.Snap
	if in.Virtual {
		return snap.RunQueueLen
	}
	n := 0
	for i := range snap.Platform {
		t := &snap.Platform[i]
		if !t.OnCPU && (t.State == sim.StateRunnable || t.State == sim.StateRunning) {
			n++
		}
	}
	return max(n, snap.PlatformRunnable)
}

// drawTaskQueue draws the executor queues' tasks (snap.ExecQueued): each
// square is a request waiting for a pool thread.
//
// paired: as many threads wait for a carrier beside it, one per queued
// task; the count then says so ("8,968 requests queued, each for its own
// thread"), so that the two counts read as one pairing.
//
// backlog > 0: the tasks are drawn as a grid at the scale of that many
// waiting pool threads (backlog.go) where they fit; it returns that scale
// (0: drawn as a row). con, when not nil, is the compared case, whose
// tasks are drawn beside the shown ones' under the grid where both fit.
func drawTaskQueue(l *List, r Rect, snap *sim.Snapshot, in *SideInput, paired bool, backlog int, con *Contrast, p *Palette, sc float32) int {
	n, unit := snap.ExecQueued, in.Unit
	if unit == "threads" || unit == "" {
		unit = "tasks" // a queued task has no thread yet
	}
	alone := []string{Count(int64(n)) + " " + unit + " queued", Count(int64(n)) + " queued"}
	if paired {
		// "For a pool thread": "each for its own thread" read as a
		// thread per request beside the pooled threads.
		alone = append([]string{Count(int64(n)) + " " + unit + " queued, each for a pool thread", Count(int64(n)) + " queued, each for a pool thread",
			Count(int64(n)) + " queued, 1 thread each"}, alone...)
	}
	right := Count(int64(n)) + " queued"
	if paired {
		right += ", each for a pool thread"
	}
	titles := []string{unit + " waiting for a pool thread", unit + " waiting for a thread", "queued " + unit}
	if con != nil && in.Requests > 0 && !backlogBesideBars(r, n, backlog, sc) {
		// A phone's strip draws the two time bars alone: the title names
		// them ("tasks waiting for a thread" over a timeline, with no
		// queue drawn, read as a title for another picture); the queued
		// count stays beside it.
		all := Count(in.Requests) + " " + unit
		titles = []string{"how long " + all + " take, in each run", "how long " + all + " take", "how long they take"}
		alone = []string{"how long " + all + " take: " + right, right}
	}
	body := panelAlt(l, r, right, alone, p, sc, titles...)
	l.region(r, "task queue", Count(int64(n))+" "+unit+" were submitted to the executor and wait in its queue until one of its pool threads is free to take them.")
	if body.Empty() {
		return 0
	}
	// The legend names the queued colour after what is queued; two
	// sides queueing different things leave it its general name.
	if l.queued == "" {
		l.queued = unit
	} else if l.queued != unit {
		l.queued = meanings[MeanRequest].group
	}
	if con != nil {
		// The backlog's grid over the two time bars: the bars with a line
		// of words over each, else in their compact rows (a shorter
		// picture: the page's first screen can take a few rem from it).
		for _, h := range []float32{taskContrastH(sc), taskContrastMinH(sc)} {
			grid, foot := body.CutBottom(h)
			if k := backlogScale(grid, n, backlog, sc); k > 1 && drawBacklog(l, grid, n, k, p, sc) {
				drawTaskContrast(l, foot, snap, con, in.Requests, p, sc)
				return k
			}
		}
		if body.H >= taskContrastMinH(sc) {
			// No room for the grid and the bars (a phone's strip): the two
			// time bars alone, the lesson; the queued count is the title's.
			_, foot := body.CutBottom(min(body.H, taskContrastH(sc)))
			drawTaskContrast(l, foot, snap, con, in.Requests, p, sc)
			return 0
		}
	}
	if k := backlogScale(body, n, backlog, sc); backlog > 0 && k > 1 && drawBacklog(l, body, n, k, p, sc) {
		return k
	}
	drawQueueRow(l, body, n, nil, nil, MeanRequest, singular(unit), 0, p, sc)
	return 0
}

// backlogBesideBars reports whether the task queue's panel r has room
// for the backlog's grid over the two time bars (its body cut as
// panelAlt cuts it), as drawTaskQueue draws them.
func backlogBesideBars(r Rect, n, backlog int, sc float32) bool {
	_, body := r.Top(PanelTitleH(sc))
	body = body.Inset(3 * sc)
	for _, h := range []float32{taskContrastH(sc), taskContrastMinH(sc)} {
		grid, _ := body.CutBottom(h)
		if k := backlogScale(grid, n, backlog, sc); k > 1 && backlogFits(grid, n, k, sc) {
			return true
		}
	}
	return false
}

// drawQueueRow draws n waiting things (ids: the first few threads, or nil
// for tasks) as one row of tokens, oldest first: labelled when they all
// fit, else squares, one per thing (the scale is written: the parked
// groups beside it may use another), and a count of the rest. what is
// the singular noun of a thing ("thread", "task").
//
// forceK > 1: squares of forceK things each, shared with the parked grid
// (shareSquareScale), all of them drawn and the scale said for both. It
// returns the things a square must stand for so that all of them and that
// note fit (0 when the row is labelled tokens).
func drawQueueRow(l *List, body Rect, n int, ids []sim.ThreadID, name func(sim.ThreadID) []string, m Meaning, what string, forceK int, p *Palette, sc float32) int {
	h := min(body.H, CharH*sc)
	row := Rect{X: body.X, Y: body.Y + (body.H-h)/2, W: body.W, H: h}
	gap := max(1, sc)
	idw := TextWidth("#00000", sc) + 4*sc
	if h >= laneLabelMin*sc && n <= maxLabelled && float32(n)*(idw+gap) <= row.W && n <= len(ids) {
		// Each token names its thread's role when all of them fit so
		// ("#4348 Sonnet call of #4344"), else its number alone.
		label := func(id sim.ThreadID) string { return id.String() }
		if name != nil {
			for form := 0; form < 2; form++ {
				w := float32(0)
				for _, id := range ids[:n] {
					ws := name(id)
					if len(ws) <= form {
						w += idw
						continue
					}
					w += TextWidth(ws[form], sc) + 4*sc + gap
				}
				if w <= row.W {
					label = func(id sim.ThreadID) string {
						if ws := name(id); len(ws) > form {
							return ws[form]
						}
						return id.String()
					}
					break
				}
			}
		}
		x := row.X
		for _, id := range ids[:n] {
			t := Rect{X: x, Y: row.Y, W: TextWidth(label(id), sc) + 4*sc, H: h}
			l.Mark(t, m, p, 1)
			l.Text(t.X+2*sc, t.Y+(t.H-CharH*sc)/2, label(id), sc, p.Background)
			l.hit(t, id)
			x += t.W + gap
		}
		return 0
	}
	// Unlabelled: square tokens; when they do not all fit, the first ones
	// and a count of the rest.
	tw := max(2, min(h, 8*sc))
	room := int((row.W + gap) / (tw + gap))
	shared := func(k int) []string {
		return []string{"(1 square = " + Count(int64(k)) + " " + what + "s, here and below)", "(1 square = " + Count(int64(k)) + " " + what + "s)"}
	}
	// Shared squares are the parked grid's size (its density cells), so
	// that the same scale looks the same.
	ts := max(2, min(h, 6*sc))
	troom := int((row.W + gap) / (ts + gap))
	fits := func(k int, note string) bool {
		return (n+k-1)/k+int((TextWidth(note, sc)+4*sc)/(ts+gap))+1 <= troom
	}
	// The scale is the one at which the squares fit beside the shortest
	// note: sized for the longest ("…, here and below"), the row kept so
	// few squares that the grid under it fell below minSharedSquares, and
	// 6,577 waiting threads were drawn at 1 a square (16 and "6,561 more")
	// over 3,415 parked ones at 20, the smaller group the larger block.
	needK := 1
	shortest := func(k int) string { notes := shared(k); return notes[len(notes)-1] }
	for needK < n && !fits(needK, shortest(needK)) {
		needK = RoundScale(needK + 1)
	}
	if forceK > 1 {
		k := forceK
		full, part := n/k, n%k
		x := row.X
		y := row.Y + (h-ts)/2
		n0 := len(l.Items)
		for i := 0; i < full+btoi(part > 0); i++ {
			sq := Rect{X: x, Y: y, W: ts, H: ts}
			if i == full {
				sq.W = max(1, ts*float32(part)/float32(k)) // part of k threads
			}
			l.Rect(sq, m.Color(p))
			x += ts + gap
		}
		l.tag(n0, m)
		l.TextFit(Rect{X: x + 2*sc, Y: row.Y, W: row.Right() - x - 2*sc, H: h}, sc, p.Text, shared(k)...)
		return needK
	}
	scale := "1 square = 1 " + what // oneThreadASquare for threads
	note := func(rest int) []string {
		if rest <= 0 {
			return []string{"(" + scale + ")", ""}
		}
		more := "and " + Count(int64(rest)) + " more"
		return []string{more + " (" + scale + ")", more, "+" + Count(int64(rest)) + " more"}
	}
	// All of them when they fit, else as many as leave room for the
	// longest note that still shows a dozen squares.
	// A count always goes with its words: with no room for the shortest
	// note beside a dozen squares, fewer squares are drawn.
	shown := n
	if n > room {
		alts := note(n)
		shown = 0
		for i, alt := range alts {
			if r := room - int((TextWidth(alt, sc)+4*sc)/(tw+gap)) - 1; r >= min(n, 12) || i == len(alts)-1 {
				shown = max(0, r)
				break
			}
		}
	}
	x := row.X
	y := row.Y + (h-tw)/2
	n0 := len(l.Items)
	for i := 0; i < shown; i++ {
		l.Rect(Rect{X: x, Y: y, W: tw, H: tw}, m.Color(p))
		if i < len(ids) {
			l.hit(Rect{X: x, Y: y, W: tw, H: tw}, ids[i])
		}
		x += tw + gap
	}
	l.tag(n0, m)
	l.TextFit(Rect{X: x + 2*sc, Y: row.Y, W: row.Right() - x - 2*sc, H: h}, sc, p.Text, note(n-shown)...)
	return needK
}

// singular turns a unit's plural noun into its singular ("tasks" → "task").
func singular(unit string) string {
	return strings.TrimSuffix(unit, "s")
}

// group is one drawn group of waiting threads.
type group struct {
	name  string
	n     int
	ids   []sim.ThreadID
	m     Meaning
	where int // park reason for animation anchors, -1 for none
}

// byExecutor splits the threads parked for reason by the executor they
// serve, one group each named after it ("server loops", "client loops":
// the article's 8 + 8 loops were one row of 16 numbers), when
// every one of them is listed and they serve more than one executor; nil
// otherwise.
func byExecutor(snap *sim.Snapshot, reason sim.ParkReason, words string) []group {
	ids, ex := snap.Parked[reason], snap.ParkedExec[reason]
	if len(ids) != snap.ParkedCount[reason] || len(ex) != len(ids) {
		return nil
	}
	var out []group
	at := map[int32]int{}
	for i, e := range ex {
		if e < 0 || int(e) >= len(snap.ExecNames) {
			return nil
		}
		j, ok := at[e]
		if !ok {
			j = len(out)
			at[e] = j
			out = append(out, group{execThreads(snap, e, 2) + ": " + words, 0, nil, MeanVirtual, int(reason)})
		}
		out[j].n++
		out[j].ids = append(out[j].ids, ids[i])
	}
	return out
}

// execThreads names n threads of executor e: an event-loop executor's
// threads are loops, named by who runs them, its name's first word
// ("server loops", "a server loop"); others by the executor's name. The
// carriers are worker-1..8: parked groups of "server workers" beside
// them read as a second set of workers.
func execThreads(snap *sim.Snapshot, e int32, n int) string {
	name := snap.ExecNames[e]
	if int(e) >= len(snap.ExecLoops) || !snap.ExecLoops[e] {
		return name
	}
	who, _, _ := strings.Cut(name, " ")
	return who + " " + plural(n, "loop", "loops")
}

func (s *Side) drawParked(l *List, r Rect, in *SideInput, p *Palette, sc float32) {
	defer s.sayScaleOnce(l, len(l.Items))
	snap := in.Snap
	groups := s.groups[:0]
	total := 0
	titles := []string{"parked virtual threads (off their carriers)", "parked virtual threads", "parked"}
	if in.Virtual {
		for _, reason := range parkOrder {
			if n := snap.ParkedCount[reason]; n > 0 {
				name := sleepingFor(reason, in)
				if reason == sim.ParkJoin && len(in.Models) > 0 {
					// A scope's subtasks that call models are calls (the
					// races panel's columns): "subtasks" there was a
					// second word for them.
					name = "request threads waiting for their calls"
				}
				if reason == sim.ParkSocket && len(in.Models) > 0 {
					// The threads a model call parks on its socket (the
					// caption's "calls parked waiting for an answer"):
					// named as the calls they are, like the request
					// threads above them.
					name = "calls waiting for a model's answer"
				}
				if sub := byExecutor(snap, reason, name); len(sub) > 1 {
					groups = append(groups, sub...)
				} else {
					groups = append(groups, group{name, n, snap.Parked[reason], MeanVirtual, int(reason)})
				}
				total += n
			}
		}
	} else {
		// Platform threads block their OS thread; the snapshot counts all
		// of them by reason.
		// "Waiting", not "blocked": the groups under it say how they wait
		// (sleeping, on a socket, for work).
		titles = []string{"waiting platform threads (each keeps its OS thread)", "waiting platform threads", "waiting"}
		for _, reason := range parkOrder {
			if n := snap.PlatformParked[reason]; n > 0 {
				groups = append(groups, group{sleepingFor(reason, in), n, nil, MeanPlatform, int(reason)})
				total += n
			}
		}
		if n := len(groups); n == 2 || n == 3 {
			// The ways of waiting in the title, where it fits: beside
			// "platform threads waiting for a CPU", a gc-lab reader found
			// "waiting platform threads" the same words and added the
			// panels up to tell them apart.
			var ways []string
			for _, g := range groups {
				way, _, _ := strings.Cut(g.name, " (") // what a sleep stands for is its row's
				ways = append(ways, way)
			}
			joined := strings.Join(ways[:n-1], ", ") + " or " + ways[n-1]
			// (The ways alone where the count and the scale take the
			// right: the panel above names the threads.)
			titles = append([]string{"platform threads " + joined + " (each keeps its OS thread)", "platform threads " + joined, joined}, titles...)
		}
		if len(groups) == 1 {
			// One way of waiting: the title uses the group's word
			// ("waiting platform threads" over a row "sleeping" read as
			// two states).
			w := groups[0].name
			titles = []string{w + " platform threads (each keeps its OS thread)", w + " platform threads", w}
			if way, why, ok := strings.Cut(w, " ("); ok {
				// What the sleep stands for in the title's parentheses
				// ("sleeping platform threads (backend call)"); the
				// shortest two, which the counted forms take, the way
				// alone.
				why = strings.TrimSuffix(why, ")")
				titles = []string{way + " platform threads (" + why + "; each keeps its OS thread)", way + " platform threads (" + why + ")", way + " platform threads", way}
			}
		}
	}
	// Under the memory story (memstory.go), the frame's big mark, this
	// panel is secondary and compact: groups that all wait for one reason
	// say it once, in the title, and each row is its kind and its
	// tokens on one line ("7 server loops waiting for work" over its row
	// took two lines a group).
	compact := in.Virtual && s.memStory && total <= maxLabelled && len(groups) > 1
	if compact {
		reason := ""
		for i, g := range groups {
			_, why, ok := strings.Cut(g.name, ": ")
			if !ok || i > 0 && why != reason {
				compact = false
				break
			}
			reason = why
		}
		if compact {
			for i := range groups {
				// The kind alone ("7 server loops"), its tokens
				// unnumbered: the ids are their explanation's.
				kind, _, _ := strings.Cut(groups[i].name, ": ")
				groups[i].name, groups[i].ids = kind+": ", nil
			}
			titles = []string{"parked virtual threads, " + reason, "parked, " + reason, "parked"}
		}
	}
	s.groups = groups
	// Virtual threads here are "parked": "waiting" is kept for the queue
	// of threads waiting for a carrier, so one word means one thing. So
	// too for platform threads of several groups: "278 waiting" over
	// "sleeping 277" and "waiting for work 1", under the queue's "353
	// waiting" for a CPU, was one word for three things; their count is
	// of threads.
	state := " " + plural(total, "thread", "threads")
	if in.Virtual {
		state = " parked"
	} else if len(groups) == 1 {
		// The title's word, the row's word; what a sleep stands for is
		// the title's ("185 sleeping (backend call)" said it twice).
		way, _, _ := strings.Cut(groups[0].name, " (")
		state = " " + way
	}
	// Groups side by side share one scale: a dry pass (into scratch)
	// finds the largest number of threads a square must stand for, and
	// when any group needs density every group is drawn at that scale
	// ("1 square = 16 threads" beside "1 square = 5 threads" read as the
	// same squares). The shared scale is said once, in the title, when
	// it fits there.
	forceK := 0
	// The scale, where it takes the count's place beside the title, and
	// the title that then carries the count.
	scaleRight, scaleTitle := "", ""
	right := Count(int64(total)) + state
	tokens := len(groups) > 1 // every group one square a thread
	if s.squareK > 1 && in.Virtual {
		// One scale with the waiting row just above, said there ("here
		// and below").
		forceK = -s.squareK
	} else if s.squareK > 1 {
		// The pool's threads at the task queue's scale (backlog.go): said
		// here as well, as at any other scale. Said only under the
		// queue's grid, a reader counted the row's 10 squares as 10
		// threads.
		forceK = s.squareK
	} else if r.H > PanelTitleH(sc) && (len(groups) > 1 || len(groups) == 1 && r.H-PanelTitleH(sc)-6*sc-max(1, 2*sc) < CharH*sc) {
		// (One group gets the dry pass only in a row too low for its
		// scale's note under or over its cells, a phone's strip: "200
		// sleeping" beside 40 squares with no scale read as 40 threads.)
		_, dry := r.Top(PanelTitleH(sc))
		dry = dry.Inset(3 * sc)
		rowH := dry.H / float32(len(groups))
		s.scratch.Reset(l.W, l.H)
		y := dry.Y
		for _, g := range groups {
			row := Rect{X: dry.X, Y: y, W: dry.W, H: rowH - max(1, 2*sc)}
			y += rowH
			// The scale goes to the title when it fits there (below):
			// the dry run keeps no room for a note under the cells.
			d, k := drawGroup(&s.scratch, row, g.name, g.n, true, g.ids, g.m, scaleSaidAbove, p, sc)
			if d == detailDensity {
				forceK = max(forceK, k)
			}
			tokens = tokens && d == detailTokens
		}
		// Groups of one square a thread say so once, in the title too:
		// "1 square = 1 thread" under the first group sat between two
		// grids and read as belonging to either.
		if withScale := right + " · 1 square = 1 thread"; tokens && forceK == 0 && !compact &&
			TextWidth(withScale, sc)+TextWidth(titles[len(titles)-1], sc)+12*sc <= r.W {
			right = withScale
			forceK = -1
		}
		// (One group's count goes into its title, below: "parked" over
		// "1,010 parked · 1 square = 20 threads" said parked twice.)
		if withScale := right + " · 1 square = " + Count(int64(forceK)) + " threads"; forceK > 1 && len(groups) > 1 &&
			TextWidth(withScale, sc)+TextWidth(titles[len(titles)-1], sc)+12*sc <= r.W {
			right = withScale
			forceK = -forceK // said in the title: not under each group
		}
	}
	if forceK > 1 && len(groups) == 1 {
		// One group at a scale (its own, or the task queue's): the count
		// goes into the title ("200 sleeping platform threads"), the
		// scale takes the right, on every size where both fit; else the
		// scale is said under the cells (drawCellsK).
		// What a square counts is said where it fits, before the title's
		// kind of thread: "1 square = 5" beside "200 sleeping platform
		// threads" left a phone's readers asking 5 of what (its frame has
		// no task grid over it saying its scale); the pink's legend entry
		// says "platform thread". The bare scale where no form with the
		// unit fits.
		long, short := Count(int64(total))+" "+titles[len(titles)-2], Count(int64(total))+state
		unit, bare := "1 square = "+Count(int64(forceK))+" threads", "1 square = "+Count(int64(forceK))
		for _, f := range [][2]string{{long, unit}, {short, unit}, {long, bare}, {short, bare}} {
			if TextWidth(f[1], sc)+TextWidth(f[0], sc)+12*sc <= r.W {
				scaleRight, scaleTitle, forceK = f[1], f[0], -forceK
				break
			}
		}
	}
	alone := []string{titles[len(titles)-2] + ": " + Count(int64(total)), Count(int64(total)) + " " + titles[len(titles)-1]}
	if s.squareK > 1 && !in.Virtual {
		// Under the backlog grid, at its scale, the pool's threads are
		// the secondary panel: one short title carrying the count (the
		// gloss "each keeps its OS thread" is the explanation's).
		right, alone, titles = "", []string{Count(int64(total)) + " " + titles[len(titles)-2]}, []string{titles[len(titles)-2]}
	}
	if scaleRight != "" {
		right, alone, titles = scaleRight, nil, []string{scaleTitle}
	}
	body := panelAlt(l, r, right, alone, p, sc, titles...)
	if in.Virtual {
		l.region(r, "parked threads", Count(int64(total))+" virtual threads are parked: blocked on a sleep, a socket or a lock, they are off their carriers and cost only their heap memory, grouped by why they wait"+groupList(groups)+"."+skipSay(compact))
	} else {
		l.region(r, "waiting threads", Count(int64(total))+" platform threads are waiting, each still holding its OS thread and its stack"+groupList(groups)+".")
	}
	if body.Empty() {
		if in.Virtual {
			drawTitleTokens(l, r, right, titles, groups, p, sc)
		}
		return
	}
	top := Rect{X: body.X, Y: body.Y, W: body.W, H: min(body.H, CharH*sc)}
	for _, reason := range parkOrder {
		s.at.parked[reason] = top // flights to a group not drawn land here
	}
	if len(groups) == 0 {
		if body.H >= CharH*sc*0.75 {
			l.TextFit(top, sc, p.TextDim, "none")
		}
		return
	}
	skip, fit := false, len(groups) <= 2 && body.H >= 3*CharH*sc*float32(len(groups))
	for _, g := range groups {
		skip = skip || idsSkip(g.ids, g.n)
	}
	if skip && fit && !compact {
		// Ids are given in start order to every thread; a group's own
		// skip the others' ("#67, #69 … #83, #84" read as two kinds).
		// (Two groups: a server's loops and a client's, each a row.)
		rest, note := body.CutBottom(CharH * sc)
		for _, g := range groups {
			fit = fit && fitsLabels(Rect{X: rest.X, Y: rest.Y, W: rest.W, H: rest.H / float32(len(groups))}, g.ids, min(CharH*sc, rest.H), max(1, sc), sc)
		}
		if fit {
			l.TextFit(note, sc, p.TextDim, "(thread numbers skip those of other threads started in between)",
				"(numbers skip other threads started between them)", "(numbers skip other threads')")
			body = rest
		}
	}
	// the parked stacks' StackChunks have a line of their own (the memory
	// story's sliver says them where it is drawn)
	chunksSaid := compact
	if in.Virtual && total <= maxLabelled && snap.Chunks.Live > 0 && body.H >= 3*CharH*sc && !compact {
		chunksSaid = true
		// Where the parked threads' stacks are: a brown mark and the
		// StackChunks' bytes, at the panel's foot, so that "no OS thread"
		// does not read as "costs nothing".
		live, off, _ := chunksBesideThreadsOff(snap)
		b := Size(snap.Chunks.LiveBytes)
		// "StackChunk" glossed once, in plain words, and no count: the
		// memory panel sets the StackChunks against the virtual threads
		// (16 and 16), and a count here beside "15 parked" needed a
		// reconciliation ("+ 1 the running thread keeps for its next
		// park") that readers found hard to parse. The reconciliation is
		// the line's explanation on point.
		say := "their stacks are saved on the heap, as StackChunks: " + b
		if vt := Size(virtualThreadsHeap(snap)); vt != b && snap.VirtualLive > 0 {
			// The StackChunks against the threads' whole cost, which
			// the caption and the heap's line give: "StackChunks: 23.8
			// KB" under "32 virtual threads: 31.8 KB" was asked how the
			// two relate.
			// The Thread objects' part as the difference of the two
			// figures as written, so that they add up on sight: "(31.8 KB
			// with their Thread objects)" left a reader (nv249) asking
			// what the other 8 KB was.
			with := " with " + PartsGap(virtualThreadsHeap(snap), snap.Chunks.LiveBytes) + " Thread objects)"
			if h := &snap.Heap; h.YoungLive[sim.CatThreadLocal]+h.OldLive[sim.CatThreadLocal] > 0 {
				// The threads' whole cost holds their thread-local data
				// too (virtualThreadsHeap).
				with = " with their Thread objects and thread-local data)"
			}
			say += " (" + vt + with
		}
		mkW := CharH*sc - 6*sc
		lines := Wrap(say, body.W-mkW-4*sc, sc)
		if len(lines) > 2 || float32(len(lines)+2)*CharH*sc > body.H {
			lines = []string{"stacks: StackChunks on the heap, " + b}
		}
		rest, foot := body.CutBottom(float32(len(lines)) * CharH * sc)
		if live > off {
			l.detail(foot, "parked stacks", "The StackChunks hold the stacks of the virtual threads off their carriers: "+Count(int64(off))+
				" parked, and "+Count(int64(live-off))+" kept by "+plural(live-off, "a thread that runs now", "threads that run now")+
				" for "+plural(live-off, "its", "their")+" next park ("+b+" in all).")
		}
		mk := Rect{X: foot.X, Y: foot.Y + 3*sc, W: mkW, H: mkW}
		l.Mark(mk, MeanChunkData, p, 1)
		for i, ln := range lines {
			t := Rect{X: foot.X + mkW + 4*sc, Y: foot.Y + float32(i)*CharH*sc, W: foot.W - mkW - 4*sc, H: CharH * sc}
			l.TextFit(t, sc, p.Text, ln)
		}
		body = rest
	}
	if in.Virtual && total <= maxLabelled && !chunksSaid && body.H >= 6*CharH*sc {
		// A few labelled tokens leave most of the panel empty: a line
		// under them says what parking costs, the lesson of the panel.
		// It comes first, under the title: read before the tokens.
		gloss := Wrap("parked, a virtual thread holds no OS thread: its stack waits in a StackChunk on the heap", body.W, sc)
		for _, ln := range gloss {
			var line Rect
			line, body = body.Top(CharH * sc)
			l.TextFit(line, sc, p.TextDim, ln)
		}
		_, body = body.Top(3 * sc)
	}
	rowH := body.H / float32(len(groups))
	if compact {
		rowH = min(rowH, laneMaxH*sc)
	}
	heights := s.groupHeights(l, groups, body, rowH, forceK, p, sc)
	y := body.Y
	for i, g := range groups {
		row := Rect{X: body.X, Y: y, W: body.W, H: heights[i] - max(1, 2*sc)}
		y += heights[i]
		if g.where >= 0 {
			s.at.parked[g.where] = row
		}
		// A single group's count is the panel title's: said once; so is
		// a single platform group's word ("sleeping" beside the grid
		// under "sleeping platform threads").
		name := g.name
		if len(groups) == 1 && !in.Virtual {
			name = ""
		}
		if d, k := drawGroup(l, row, name, g.n, len(groups) > 1, g.ids, g.m, forceK, p, sc); d == detailTokens || d == detailDensity {
			s.needK = max(s.needK, k)
		}
	}
}

// groupHeights gives each group of the parked panel its row's height.
// Each gets an equal share (rowH) unless some draw in less: then each
// row is as tall as what it draws in its share, measured by a dry pass,
// and the room left is at the panel's foot. Equal rows put gc-lab's one
// thread "waiting for work" half a panel below the 277 sleeping, and a
// reader took the gap for something missing. The cells come out as in
// the equal share: a row keeps the height its cells took there.
func (s *Side) groupHeights(l *List, groups []group, body Rect, rowH float32, forceK int, p *Palette, sc float32) []float32 {
	hs := s.rowHeights[:0]
	for range groups {
		hs = append(hs, rowH)
	}
	s.rowHeights = hs
	if len(groups) < 2 {
		return hs
	}
	gap := max(1, 2*sc)
	s.scratch.Reset(l.W, l.H)
	y := body.Y
	for i, g := range groups {
		row := Rect{X: body.X, Y: y, W: body.W, H: rowH - gap}
		y += rowH
		from := len(s.scratch.Items)
		drawGroup(&s.scratch, row, g.name, g.n, true, g.ids, g.m, forceK, p, sc)
		bottom := row.Y
		for j := from; j < len(s.scratch.Items); j++ {
			if it := &s.scratch.Items[j]; it.Kind != KindLine {
				bottom = max(bottom, it.Bounds().Bottom())
			}
		}
		// A pixel's margin, so that the grid fits its row again.
		hs[i] = min(rowH, bottom-row.Y+gap+max(1, sc))
	}
	return hs
}

// drawTitleTokens draws a panel folded to its title line (a phone's
// memory story, Scene.ParkedLine) with its few parked virtual threads as
// a row of tokens between the title and its count, a small gap between
// groups: "parked, waiting for work · 15 parked" over no mark read as a
// panel with nothing drawn in it. Nothing where they do not fit at a
// size that reads as squares.
func drawTitleTokens(l *List, r Rect, right string, titles []string, groups []group, p *Palette, sc float32) {
	n := 0
	for _, g := range groups {
		n += g.n
	}
	if n == 0 || n > maxLabelled || r.H < CharH*sc {
		return
	}
	t := r.Inset(2 * sc)
	title, ok := titleBeside(right, titles, t.W, sc) // the title panelAlt drew beside right
	if !ok {
		return
	}
	x0 := t.X + TextWidth(title, sc) + CharW*sc
	x1 := t.Right() - TextWidth(right, sc) - CharW*sc
	gap := max(2, 2*sc)
	h := r.H - 4*sc
	// One row, groups apart; else (a phone's line is short) a row a
	// group, stacked in the line's height: the server loops over the
	// client loops.
	one := min(h*0.6, (x1-x0-float32(len(groups)-1)*3*gap)/float32(n)-gap)
	most := 0
	for _, g := range groups {
		most = max(most, g.n)
	}
	rows := len(groups)
	stacked := min((h-float32(rows-1)*gap)/float32(rows), (x1-x0)/float32(max(1, most))-gap)
	switch {
	case one >= 4*sc:
		y, x := t.Y+(h-one)/2, x0
		for _, g := range groups {
			for range g.n {
				l.Mark(Rect{X: x, Y: y, W: one, H: one}, g.m, p, 1)
				x += one + gap
			}
			x += 2 * gap
		}
		return
	case rows > 3 || stacked < 3*sc:
		return
	}
	y := t.Y + (h-float32(rows)*stacked-float32(rows-1)*gap)/2
	for _, g := range groups {
		x := x0
		for range g.n {
			l.Mark(Rect{X: x, Y: y, W: stacked, H: stacked}, g.m, p, 1)
			x += stacked + gap
		}
		y += stacked + gap
	}
}

// skipSay is the parked panel's explanation of its numbers' gaps where
// the compact panel leaves its note out.
func skipSay(compact bool) string {
	if !compact {
		return ""
	}
	return " Their numbers skip those of other threads started in between; their stacks wait in StackChunks on the heap."
}

// idsSkip reports whether a group's n ids are all listed, labelled, and
// not consecutive numbers.
func idsSkip(ids []sim.ThreadID, n int) bool {
	if len(ids) != n || n < 2 || n > maxLabelled {
		return false
	}
	lo, hi := ids[0], ids[0]
	for _, id := range ids {
		lo, hi = min(lo, id), max(hi, id)
	}
	return int(hi-lo)+1 > n
}

// groupList lists groups as ": 4,176 sleeping, 1,044 waiting on a socket".
func groupList(gs []group) string {
	if len(gs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(": ")
	for i, g := range gs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(Count(int64(g.n)) + " " + g.name)
	}
	return b.String()
}

// drawGroup draws one group of n threads (ids lists the first few): a label
// with the count and, to its right, tokens or density cells.
func drawGroup(l *List, row Rect, name string, n int, counted bool, ids []sim.ThreadID, m Meaning, forceK int, p *Palette, sc float32) (detail, int) {
	if row.Empty() {
		return detailNone, 0
	}
	if name == "" {
		// No label: the panel's title names the group.
		return drawCellsK(l, row, n, ids, m, forceK, p, sc)
	}
	label := countedLabel(name, n, counted)
	// The label goes left of the cells when it fits in 40 % of the row,
	// else on a line of its own above them (when the row has room).
	lab, cells := row.Left(min(row.W*0.4, TextWidth(label, sc)+8*sc))
	switch {
	case TextWidth(label, sc) <= lab.W && lab.H >= laneLabelMin*sc:
		l.Text(lab.X, lab.Y+(min(lab.H, CharH*sc)-CharH*sc)/2, label, sc, p.Text)
	case row.H >= 2*CharH*sc:
		// A line of its own only where the cells keep a line's height
		// under it: in a lower row they were a 4-pixel strip that read
		// as the label's underline (llm-router's request threads).
		lab, cells = row.Top(CharH * sc)
		l.TextFit(lab, sc, p.Text, label, name)
	default:
		// A low row: the words that fit at its left.
		lab, cells = row.Left(min(row.W*0.6, TextWidth(label, sc)+8*sc))
		if !l.TextFit(lab, sc, p.Text, label, name) {
			cells = row
		}
	}
	d, k := drawCellsK(l, cells, n, ids, m, forceK, p, sc)
	l.detail(row, name, Count(int64(n))+" threads "+strings.TrimSuffix(name, ": ")+".")
	return d, k
}

// countedLabel is a group's label with its count: after a state's name
// ("sleeping 200", "sleeping 277 (backend call)"), before a named kind's
// ("7 server loops waiting for work": "server loops: waiting for work 7"
// read as part of the name).
func countedLabel(name string, n int, counted bool) string {
	if !counted {
		return name
	}
	if kind, state, ok := strings.Cut(name, ": "); ok {
		return strings.TrimSpace(Count(int64(n)) + " " + kind + " " + state)
	}
	if state, why, ok := strings.Cut(name, " ("); ok {
		return state + " " + Count(int64(n)) + " (" + why
	}
	return name + " " + Count(int64(n))
}

// sleepingFor is a way of waiting in words, a sleep with what it stands
// for in the workload where the workload says ("sleeping (backend
// call)").
func sleepingFor(reason sim.ParkReason, in *SideInput) string {
	if reason == sim.ParkSleep && in.SleepsFor != "" {
		return reason.Words() + " (" + in.SleepsFor + ")"
	}
	return reason.Words()
}

// maxLabelled bounds the tokens drawn with their ids: beyond a few dozen
// nobody reads them, and each costs a string per frame.
const maxLabelled = 48

// maxTokens bounds the threads drawn one cell each: past a couple of
// thousand, individual 3-pixel cells read as a texture, and density cells
// with their "1 square = k threads" note say more.
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
func drawCells(l *List, r Rect, n int, ids []sim.ThreadID, m Meaning, p *Palette, sc float32) (detail, int) {
	return drawCellsK(l, r, n, ids, m, 0, p, sc)
}

// scaleSaidAbove, as drawCellsK's forceK: free to choose the scale,
// which is said elsewhere (no room kept for a note under the cells).
const scaleSaidAbove = -1 << 30

// drawCellsK is drawCells with density forced at forceK threads a square
// or more (0: free to choose), so that groups side by side share a scale.
func drawCellsK(l *List, r Rect, n int, ids []sim.ThreadID, m Meaning, forceK int, p *Palette, sc float32) (detail, int) {
	// A negative forceK: density at -forceK, its scale said elsewhere.
	noted := forceK < 0
	if forceK == scaleSaidAbove {
		forceK = 0 // free to choose, its scale said elsewhere
	}
	forceK = max(forceK, -forceK)
	if noted && forceK == 1 {
		// One thread a square, said in the title: tokens, no note.
		forceK = 0
	}
	c := m.Color(p)
	if n <= 0 || r.Empty() {
		return detailNone, 0
	}
	gap := max(1, sc)
	// Labelled tokens: each id in a box, flowed in rows.
	if forceK == 0 && len(ids) == n && n <= maxLabelled && r.H >= laneLabelMin*sc {
		// Twice the size where they fit at that size: 15 small tokens
		// in a row above an empty panel looked unfinished.
		ts := sc
		if big := 2 * sc; fitsLabels(r, ids, CharH*big, gap, big) {
			ts = big
		}
		th := min(CharH*ts, r.H)
		if fitsLabels(r, ids, th, gap, ts) {
			x, y := r.X, r.Y
			for _, id := range ids {
				w := TextWidth(id.String(), ts) + 4*ts
				if x+w > r.Right() {
					x, y = r.X, y+th+gap
				}
				t := Rect{X: x, Y: y, W: w, H: th}
				l.Mark(t, m, p, 1)
				l.Text(t.X+2*ts, t.Y+(t.H-CharH*ts)/2, id.String(), ts, p.Background)
				l.hit(t, id)
				x += w + gap
			}
			return detailLabelled, 1
		}
	}
	cols, _, cell, ok := grid(r, n, 3*sc, 10*sc, gap)
	if forceK == 0 && ok && n <= maxTokens {
		g := cellGrid{r: r, cols: cols, cell: cell, gap: gap}
		g.runs(l, []segment{{n, c, m}}, p.Panel)
		for i := range min(n, len(ids)) {
			l.hit(g.cellRect(i), ids[i])
		}
		// The grid's scale is said even at one thread a square: beside a
		// density grid, a reader cannot tell otherwise.
		if ny := r.Y + float32(g.rows(n))*g.pitch(); !noted && ny+CharH*sc <= r.Bottom()+0.01 {
			l.TextFit(Rect{X: r.X, Y: ny, W: r.W, H: CharH * sc}, sc, p.TextDim, "1 square = 1 thread", "square = 1 thread")
		}
		return detailTokens, 1
	}
	// Density: every cell stands for k threads; the last one is partial and
	// drawn fainter. A note under the cells says what k is.
	cell = min(6*sc, r.H)
	cols = max(1, int((r.W+gap)/(cell+gap)))
	// Room for the note under the cells, unless the scale is said
	// elsewhere (reserved anyway, it left llm-router's groups one row of
	// squares each, at 50 threads a square, above empty room).
	noteH := float32(0)
	if !noted && r.H >= (CharH+2)*sc+cell {
		noteH = CharH * sc
	}
	rowsAt := func(cell float32) int { return max(1, int((r.H-noteH+gap)/(cell+gap))) }
	capacity := cols * rowsAt(cell)
	k := max(RoundScale((n+capacity-1)/capacity), forceK)
	full, part := n/k, n%k
	g := cellGrid{r: r, cols: cols, cell: cell, gap: gap}
	g.runs(l, []segment{{full, c, m}}, p.Panel)
	if part > 0 {
		// The last square holds part of k threads: drawn as that part of
		// a square (its left part, in full colour), not as a fainter
		// whole one, which read as a grey square of another kind.
		cr := g.cellRect(full)
		cr.W = max(1, cr.W*float32(part)/float32(k))
		l.Mark(cr, m, p, 1)
	}
	note := "1 square = " + Count(int64(k)) + " threads"
	ny := r.Y + float32(g.rows(full+btoi(part > 0)))*g.pitch()
	switch {
	case noted:
	case ny+CharH*sc <= r.Bottom()+0.01:
		l.TextFit(Rect{X: r.X, Y: ny, W: r.W, H: CharH * sc}, sc, p.TextDim, note, "square = "+Count(int64(k))+" threads", "square = "+Count(int64(k)))
	case r.H >= CharH*sc:
		// No line under the cells: the note goes on a plate over their
		// bottom-right corner, since a grid's scale must be said.
		// The plate covers at most half of the cells' width: the longest
		// wording that fits in that.
		for _, t := range []string{" " + note + " ", " square = " + Count(int64(k)) + " threads ", " square = " + Count(int64(k)) + " ", " = " + Count(int64(k)) + " threads "} {
			if w := TextWidth(t, sc); w <= r.W/2 {
				box := Rect{X: r.Right() - w, Y: r.Bottom() - CharH*sc, W: w, H: CharH * sc}
				l.Rect(box, p.Panel.Alpha(0.9))
				l.Text(box.X, box.Y, t, sc, p.Text)
				break
			}
		}
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

// drawUpArrow draws an arrow at x from y0 up to y1, in the dim text's
// colour (a reading aid, not a mark of the legend).
func drawUpArrow(l *List, x, y0, y1 float32, p *Palette, sc float32) {
	w, head := max(1, sc), min(4*sc, (y0-y1)/2)
	l.Line(x, y0, x, y1, w, p.TextDim)
	l.Line(x-head, y1+head, x, y1, w, p.TextDim)
	l.Line(x+head, y1+head, x, y1, w, p.TextDim)
}

// drawLiveThreads draws every live virtual thread as one grid (Scene's
// ThreadsMerged: the threads' own data fills the old gen, so what the
// picture must show first is how many threads keep theirs, the chain's
// first link): at most a hundred squares, ten to a row, so that "10,000"
// is seen as ten rows of ten squares; a dim line under it says where they
// are now (waiting for a carrier, parked, on a carrier) and adds up to
// the title's count. The panel's foot is left for the heap's arrow out of
// it (drawThreadsArrow).
func (s *Side) drawLiveThreads(l *List, r Rect, in *SideInput, p *Palette, sc float32) {
	snap := in.Snap
	n := snap.VirtualLive
	waiting, parked := snap.RunQueueLen, parkedVirtual(snap)
	on := max(0, n-waiting-parked) // mounted on a carrier (stopped with it in a pause)
	k := RoundScale((n + maxLiveSquares - 1) / maxLiveSquares)
	squares := (n + k - 1) / k
	// The square's worth on the title's line, beside the compared run
	// too: without it a reader counted the grid's hundred squares against
	// "10,000" and asked what one stands for.
	right := "1 square = " + Count(int64(k)) + " threads"
	if k == 1 {
		right = ""
	}
	title := Count(int64(n)) + " live virtual threads"
	if r.H < PanelTitleH(sc)+2*CharH*sc {
		// One line (a phone's): the count alone, where they are said on
		// point ("5,801 waiting, 4,191 parked" beside "10,000 threads"
		// left 8 unsaid, and with them it did not fit).
		right = ""
	}
	body := panel(l, r, right, p, sc, title, Count(int64(n))+" virtual threads", Count(int64(n))+" threads")
	s.at.runQueue, s.at.threads = r, r
	for i := range s.at.parked {
		s.at.parked[i] = r
	}
	where := []string{Count(int64(waiting)) + " waiting for a carrier, " + Count(int64(parked)) + " parked, " + Count(int64(on)) + " on carriers",
		Count(int64(waiting)) + " waiting, " + Count(int64(parked)) + " parked, " + Count(int64(on)) + " on carriers"}
	l.region(r, "live virtual threads", Count(int64(n))+" virtual threads are alive: "+Count(int64(waiting))+
		" ready and waiting, first come first served, for a carrier; "+Count(int64(parked))+" parked off their carriers"+groupList(parkedGroups(snap))+
		"; "+Count(int64(on))+" mounted on a carrier. Each square stands for "+Count(int64(k))+" of them.")
	if body.Empty() || n <= 0 {
		return
	}
	// The foot: the dim line, then a line for the heap's arrow.
	foot := 2*CharH*sc + 6*sc
	if body.H < foot+4*sc {
		l.TextFit(body, sc, p.TextDim, where...)
		return
	}
	cells, lines := body.CutBottom(foot)
	gap := max(2, 2*sc)
	cols := min(liveSquaresPerRow, squares)
	rows := (squares + cols - 1) / cols
	cell := min((cells.W+gap)/float32(cols)-gap, (cells.H-2*sc+gap)/float32(rows)-gap, 28*sc)
	if cell < 3*sc {
		l.TextFit(body, sc, p.TextDim, where...)
		return
	}
	g := cellGrid{r: Rect{X: cells.X, Y: cells.Y, W: cells.W, H: float32(rows) * (cell + gap)}, cols: cols, cell: cell, gap: gap}
	// The squares in the threads' states, in proportion: first those
	// waiting for a carrier, solid (the run queue's ready token), then
	// the parked ones, a faint fill in the same blue's frame (asleep, off
	// their carriers). A grid all one blue beside words naming three
	// states read as one state. The few on carriers are the remainder
	// (8 of 10,000 is no square), said in the line.
	ready := liveSquareStates(n, waiting, k)
	for i := range squares {
		cr := g.cellRect(i)
		if i == squares-1 && n%k > 0 {
			// The last square holds part of k threads: that part of it.
			cr.W = max(1, cr.W*float32(n%k)/float32(k))
		}
		if i < ready {
			l.Mark(cr, MeanVirtual, p, 1)
		} else {
			drawParkedSquare(l, cr, p, sc, smallSquare(cell))
		}
	}
	grid := Rect{X: cells.X, Y: cells.Y, W: float32(cols)*(cell+gap) - gap, H: float32(rows)*(cell+gap) - gap}
	s.liveGrid = grid
	// The two dim count lines, each beside its square's mark: a key of
	// the grid in its own words.
	mk := CharH*sc - 6*sc
	line := Rect{X: lines.X + mk + 4*sc, Y: grid.Bottom() + 4*sc, W: lines.W - mk - 4*sc, H: CharH * sc}
	two := Rect{X: line.X, Y: line.Bottom(), W: line.W, H: CharH * sc}
	w1 := Count(int64(waiting)) + " waiting for a carrier"
	// The few on carriers end the parked square's line, as "the other 8":
	// "3,624 parked (most waiting on a socket), 8 on carriers" beside the
	// parked square read as 8 of the parked (a newcomer of stop 68).
	rest := func(how string) string {
		if on <= 0 {
			return ""
		}
		return "; the other " + Count(int64(on)) + " " + how
	}
	w2 := Count(int64(parked)) + " parked" + rest("on carriers")
	if snap.Paused {
		// A pause stops every thread, the ready ones too ("stopped, or
		// waiting?"); the few on carriers are in the carriers' panel
		// above ("8 on the stopped carriers" pointed at no mark here).
		// Not "ready, all stopped for the GC" (ready threads were not
		// running anyway) nor "on the carriers above" (no carrier is
		// drawn above): the few that were running when the GC stopped.
		w1 = Count(int64(waiting)) + " waiting for a carrier"
		w2 = Count(int64(parked)) + " parked" + rest("were running")
	}
	if why := parkedMostly(snap, parked); why != "" && !snap.Paused {
		// What the parked wait for, where most wait for one thing: "3,624
		// parked" beside "6,368 waiting for a carrier" left a reader
		// asking why some threads were parked and others waiting. The
		// reason in brackets: after "; " a reader asked whether the 8 on
		// carriers were among the parked.
		if w := Count(int64(parked)) + " parked (" + why + ")" + rest("on carriers"); TextWidth(w, sc) <= line.W {
			w2 = w
		}
	}
	if mk >= 3*sc && TextWidth(w1, sc) <= line.W && TextWidth(w2, sc) <= line.W && two.Bottom() <= body.Bottom()+0.01 {
		l.Mark(Rect{X: lines.X, Y: line.Y + 3*sc, W: mk, H: mk}, MeanVirtual, p, 1)
		l.Text(line.X, line.Y, w1, sc, p.TextDim)
		drawParkedSquare(l, Rect{X: lines.X, Y: two.Y + 3*sc, W: mk, H: mk}, p, sc, smallSquare(cell))
		l.Text(two.X, two.Y, w2, sc, p.TextDim)
		return
	}
	line.X, line.W = lines.X, lines.W
	l.TextFit(line, sc, p.TextDim, where...)
}

// parkedMostly says what the parked threads wait for where one reason
// holds at least half of them ("all waiting on a socket", "most waiting
// on a socket"); "" otherwise.
func parkedMostly(snap *sim.Snapshot, parked int) string {
	gs := parkedGroups(snap)
	if len(gs) == 0 || parked <= 0 {
		return ""
	}
	top := gs[0]
	for _, g := range gs[1:] {
		if g.n > top.n {
			top = g
		}
	}
	switch {
	case top.n == parked:
		return "all " + top.name
	case 2*top.n >= parked:
		return "most " + top.name
	}
	return ""
}

// liveSquareStates is how many of the live threads' squares, at k threads
// a square, are drawn as waiting for a carrier: their share rounded, so
// that the two kinds of square split the grid as the counts do.
func liveSquareStates(n, waiting, k int) int {
	if n <= 0 || k <= 0 {
		return 0
	}
	return (waiting + k/2) / k
}

// drawParkedSquare draws a parked virtual thread's square: the virtual
// thread's blue as a frame round a faint fill of it, so that it reads as
// the same kind of thread as the solid (ready) squares, asleep. On a small
// grid (smallSquare) it is a dim fill alone, at a fifth of the blue: a
// fill at 0.3 was "nearly the same blue" to one reader of the opening
// frame, and the frame round a faint fill read as solid to another.
func drawParkedSquare(l *List, r Rect, p *Palette, sc float32, small bool) {
	if small {
		l.Mark(r, MeanVirtual, p, 0.2)
		return
	}
	l.Mark(r, MeanVirtual, p, 0.1)
	l.MarkFrame(r, max(1, sc), MeanVirtual, p)
}

// smallSquare says whether a grid's cells are too small for a parked
// square's frame: under ten pixels a one-pixel frame round a faint fill
// read as solid, and a newcomer could not tell the grid's parked threads
// from its waiting ones at desktop size (7 December 2026), so a dim fill
// alone marks them (the key's square beside the count line too).
func smallSquare(cell float32) bool { return cell < 10 }

// maxLiveSquares bounds the squares of drawLiveThreads' grid: a hundred
// can be taken in at a glance; 500 threads a square in a strip of tiny
// squares could not be counted.
const maxLiveSquares = 100

// liveSquaresPerRow: ten squares a row, so that rows count tens.
const liveSquaresPerRow = 10

// parkedGroups are the parked virtual threads' groups by reason, for the
// words on point.
func parkedGroups(snap *sim.Snapshot) []group {
	var gs []group
	for _, reason := range parkOrder {
		if n := snap.ParkedCount[reason]; n > 0 {
			gs = append(gs, group{name: reason.Words(), n: n})
		}
	}
	return gs
}
