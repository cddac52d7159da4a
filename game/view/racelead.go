package view

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// The races as the side's picture (Scene.ScopesLead). Where requests race
// model calls on virtual threads, the lesson is the race (a request, its
// calls, the first answer winning, the others cancelled) and how many
// cheap threads that takes on how few OS threads. Readers of the frame
// with a panel each for carriers, waking carriers, ready and parked
// threads rated it dense: the races now take the side's width in larger
// words, and the rest is a line each under them: the virtual threads
// counted by state (the states' looks are the race cells'), the carriers
// as a strip of slots, the heap and the OS threads. What the lines leave
// out is said on point (explain-on-point texts).

// layoutRaceLead places a ScopesLead side's panels in r: the races on
// top, then under them a line each for the threads and the carriers, and
// the heap and the OS threads where they have a story.
func layoutRaceLead(sl SideLayout, r Rect, s *Scene, scale float32) SideLayout {
	g := 3 * scale
	line := foldedH(scale) + g
	sl.Wide = r.W >= wideAspect*r.H
	// Both folded, the heap and the OS threads take no line ("heap 4.0
	// MB" was tied to nothing in the races: readers asked what it was
	// for); their numbers are on point, in the carriers' (resourceSay).
	if !s.heapFolds() || !s.OSFolded {
		osH := line
		if !s.OSFolded {
			osH = r.H * 0.22
		}
		r, sl.OS = r.CutBottom(osH)
		heapH := line
		if !s.heapFolds() {
			heapH = r.H * 0.35
		}
		r, sl.Heap = r.CutBottom(heapH)
	}
	r, sl.Parked = r.CutBottom(line)
	// The carriers' slots, right under the races whose running cells
	// name them, in the room the races' rows leave.
	stripH := max(line, CharH*leadFace(scale).size+16*scale+g)
	if !stripHeadBeside(r.W, s.Lanes, scale) {
		// The strip's name on a line over its slots, which give it
		// most of its room (a badge's height is all they need).
		stripH += 4 * scale
	}
	r, sl.Lanes = r.CutBottom(stripH)
	sl.Scopes = r
	for _, p := range []*Rect{&sl.Lanes, &sl.Parked, &sl.Scopes, &sl.Heap, &sl.OS} {
		if !p.Empty() {
			p.H = max(0, p.H-g)
		}
	}
	return sl
}

// drawRaceLead draws a ScopesLead side's races, its threads' line and its
// carriers' strip.
func (s *Side) drawRaceLead(l *List, sl *SideLayout, in *SideInput, p *Palette, sc float32) {
	s.races.draw(l, sl.Scopes, in.Snap, in.Models, true, p, sc)
	s.drawThreadCount(l, sl.Parked, in, p, sc)
	more := ""
	if sl.Heap.Empty() && sl.OS.Empty() {
		more = " " + resourceSay(in.Snap, in.BaseMeasured)
	}
	s.drawCarrierStrip(l, sl.Lanes, in, more, p, sc)
}

// leadPiece is one part of a line of words and marks: its words, after
// the look of a race cell in state mark where marks is set.
type leadPiece struct {
	mark  callState
	marks bool
	words string
}

// pieceMarkW is the width a piece's mark takes, with its gap.
func pieceMarkW(sc float32) float32 { return stateSwatchW(sc) + 4*sc }

// piecesWidth is the width of a line of pieces.
func piecesWidth(ps []leadPiece, sc float32) float32 {
	w := float32(0)
	for _, pc := range ps {
		if pc.marks {
			w += pieceMarkW(sc)
		}
		w += TextWidth(pc.words, sc)
	}
	return w
}

// drawPieces draws a line of pieces from x in r, the marks in the race
// cells' looks, the words in colour c, and returns where each state's
// mark went (empty for a state not drawn).
func drawPieces(l *List, r Rect, x float32, ps []leadPiece, c Color, p *Palette, sc float32) (marks [callEnded + 1]Rect) {
	ty := r.Y + (r.H-CharH*sc)/2
	for _, pc := range ps {
		if pc.marks {
			marks[pc.mark] = Rect{X: x, Y: r.Y, W: stateSwatchW(sc), H: r.H}
			drawStateSwatch(l, x, r, pc.mark, true, p, sc)
			l.noteStateDrawn(pc.mark)
			x += pieceMarkW(sc)
		}
		l.Text(x, ty, pc.words, sc, c)
		x += TextWidth(pc.words, sc)
	}
	return marks
}

// drawThreadCount draws the virtual threads as one line, counted by state
// with the race cells' looks (so the line is also the cells' key): they
// add up to the live threads, and a parked thread's stack is in the heap.
func (s *Side) drawThreadCount(l *List, r Rect, in *SideInput, p *Palette, sc float32) {
	// A thread's flight to or from the queue or a parked group leaves or
	// lands on its state's mark in this line (landing anywhere on the
	// line, it covered the counts' digits); on the line where no mark is.
	s.at.threads, s.at.runQueue = r, r
	for i := range s.at.parked {
		s.at.parked[i] = r
	}
	if r.Empty() {
		return
	}
	snap := in.Snap
	running, ready, parked := snap.Mounted, snap.RunQueueLen, parkedVirtual(snap)
	other := snap.VirtualLive - running - ready - parked
	waking := wakingLanes(in)
	l.Rect(r, p.Panel)
	l.Frame(r, 1, p.PanelEdge)
	in2 := r.Inset(2 * sc)
	// A sum where the states add up to the live threads (they do but
	// for a thread between states, said as such); a list otherwise.
	head, plus, comma := Count(int64(snap.VirtualLive))+" virtual threads = ", " + ", ", "
	if other < 0 {
		head, plus = Count(int64(snap.VirtualLive))+" virtual threads: ", ", "
	}
	// Whether the cancelled calls drawn are among them, from the model:
	// readers asked if they counted.
	cancelled, gone := s.races.cancelledDrawn(snap)
	after := []string{""}
	switch {
	case cancelled > 0 && gone == cancelled:
		// Their cells say it ("cancelled, ended").
	case cancelled > 0:
		after = []string{" (" + Count(int64(cancelled-gone)) + " cancelled among them, still ending)", ""}
	}
	tail := ""
	if other > 0 {
		tail = plus + Count(int64(other)) + " starting or ending"
	}
	var forms [][]leadPiece
	if snap.VirtualLive == 0 {
		// "yet" only before any work is done: at the end of the run it
		// stood under "requests done 10,000 of 10,000".
		none := "no virtual thread yet"
		if snap.RequestsDone > 0 {
			none = "no virtual thread left"
		}
		forms = append(forms, []leadPiece{{words: none}})
	}
	// Why the ready threads wait, where carriers are waking for them
	// all: idle carriers beside ready cells read as a scheduler bug.
	why := []string{""}
	if ready > 0 && len(wakeTakers(snap)) >= ready && s.wake > 0 {
		why = []string{" (carriers waking: " + Dur(s.wake) + ")", ""}
	}
	// The lesson in the counts: the running threads hold the busy
	// carriers, the parked ones none (readers: "that parked threads
	// occupy no carrier is never stated outright"; "holding no carrier"
	// beside idle carriers still read as threads starved of one: they
	// need none).
	busy := 0
	for i := range snap.Carriers {
		if snap.Carriers[i].Thread != 0 {
			busy++
		}
	}
	of := " on " + Count(int64(busy)) + " of " + Count(int64(len(snap.Carriers))) + " carriers"
	on := " on " + Count(int64(busy)) + " " + plural(busy, "carrier", "carriers")
	for _, a := range after {
		for _, y := range why {
			for _, w := range [][2]string{{of, ", needing no carrier"}, {of, ", holding no carrier"}, {of, ", on none"}, {on, ", on none"}} {
				hold := w[1]
				f := []leadPiece{{words: head}, {mark: callRunning, marks: running > 0, words: Count(int64(running)) + " running" + w[0] + plus}}
				// No ready piece where none is ready: its swatch would
				// key a look the frame does not draw.
				if ready > 0 {
					f = append(f, leadPiece{mark: callReady, marks: true, words: Count(int64(ready)) + " ready" + y + plus})
				}
				forms = append(forms, append(f, leadPiece{mark: callWaiting, marks: true, words: Count(int64(parked)) + " parked" + hold + tail + a}))
			}
		}
	}
	// A phone's: the states alone (the total is in the caption).
	// No running mark where none runs (the first screen of llm-router):
	// its swatch keyed the legend's "blue fill = running on a carrier",
	// a look drawn nowhere, and readers looked for it.
	long := []leadPiece{{mark: callRunning, marks: running > 0, words: Count(int64(running)) + " running" + comma}}
	// (The short form's running count is a swatch and a number: with
	// none running it is left out, not drawn as a bare "0".)
	var short []leadPiece
	if running > 0 {
		short = []leadPiece{{mark: callRunning, marks: true, words: Count(int64(running)) + " "}}
	}
	if ready > 0 {
		long = append(long, leadPiece{mark: callReady, marks: true, words: Count(int64(ready)) + " ready" + comma})
		short = append(short, leadPiece{mark: callReady, marks: true, words: Count(int64(ready)) + " "})
	}
	// The lesson first where it fits: the parked hold no carrier.
	// ("no carrier" keeps it on a phone's line, where "on no carrier"
	// left the parked threads' count alone: the lesson went unsaid.)
	forms = append(forms, append(slices.Clone(long), leadPiece{mark: callWaiting, marks: true, words: Count(int64(parked)) + " parked, on no carrier"}),
		append(slices.Clone(long), leadPiece{mark: callWaiting, marks: true, words: Count(int64(parked)) + " parked, no carrier"}),
		append(long, leadPiece{mark: callWaiting, marks: true, words: Count(int64(parked)) + " parked"}),
		append(short, leadPiece{mark: callWaiting, marks: true, words: Count(int64(parked))}))
	for _, f := range forms {
		if piecesWidth(f, sc) <= in2.W {
			marks := drawPieces(l, in2, in2.X, f, p.Text, p, sc)
			if q := marks[callReady]; !q.Empty() {
				s.at.runQueue = q
			} else if q := marks[callRunning]; !q.Empty() {
				// None left waiting: a thread mounted as soon as it was
				// ready, so it flies from the running mark.
				s.at.runQueue = q
			}
			if q := marks[callWaiting]; !q.Empty() {
				for i := range s.at.parked {
					s.at.parked[i] = q
				}
			}
			break
		}
	}
	var groups []string
	for _, reason := range parkOrder {
		if n := snap.ParkedCount[reason]; n > 0 {
			name := reason.Words()
			switch {
			case reason == sim.ParkSocket && len(in.Models) > 0:
				name = "calls waiting for a model's answer"
			case reason == sim.ParkJoin && len(in.Models) > 0:
				name = "request threads waiting for their calls"
			}
			groups = append(groups, Count(int64(n))+" "+name)
		}
	}
	say := Count(int64(snap.VirtualLive)) + " virtual threads live: " + Count(int64(running)) + " mounted on carriers (the green dot: on a CPU), " +
		Count(int64(ready)) + " ready in the scheduler's queue, waiting for a carrier, and " + Count(int64(parked)) + " parked off their carriers"
	if len(groups) > 0 {
		say += " (" + strings.Join(groups, ", ") + ")"
	}
	say += ". A parked thread's stack is copied into the heap as a StackChunk (" + Size(snap.Chunks.LiveBytes) +
		" in all); a running one's stays on its carrier. A call's thread runs briefly to send its request, parks on its socket, " +
		"and runs again to read the answer: the first to finish reading wins its race."
	if n := int(snap.ScopesOpen); n > 0 && len(in.Models) > 0 {
		say += " Each open race is " + Count(int64(len(in.Models)+1)) + " threads: the request's own, parked until an answer wins, and one per call (" +
			Count(int64(n)) + " races open"
		if sum := perRace(snap, len(in.Models)); sum != "" {
			say += ": " + sum
		}
		say += ")."
	}
	if cancelled > 0 {
		say += " The race just won cancelled " + Count(int64(cancelled)) + " calls; " + Count(int64(gone)) + " of their threads have ended and are not counted."
	}
	if waking > 0 {
		say += " " + Count(int64(waking)) + " idle carriers are waking for " + Count(int64(ready)) + " ready " + plural(ready, "thread", "threads") + ": the scheduler wakes a carrier when a thread lands in an empty queue, " +
			"and a carrier that takes a thread with more behind it wakes the next; a busy carrier may take that thread first; a carrier's OS thread takes " +
			Dur(s.wake) + " to wake, and one that finds the queue empty goes back to sleep."
	}
	l.region(r, "virtual threads", say)
}

// perRace says, on point, how the live threads add up from the open races
// ("349 races × 4 + 1 finishing = 1,397"), where they are the open races'
// (the request's own and one per call) but for at most one race's worth
// still finishing (a race just won): readers asked why 1,397 threads for
// some 350 requests, and "(4 per race)" drawn beside 1,397 did not divide.
// "" where they are not, or where the races do not call models.
func perRace(snap *sim.Snapshot, models int) string {
	per := models + 1
	if models <= 0 || snap.ScopesOpen <= 0 {
		return ""
	}
	rest := snap.VirtualLive - snap.ScopesOpen*per
	if rest < 0 || rest > per {
		return ""
	}
	out := Count(int64(snap.ScopesOpen)) + " races × " + Count(int64(per))
	if rest > 0 {
		out += " + " + Count(int64(rest)) + " finishing"
	}
	return out + " = " + Count(int64(snap.VirtualLive))
}

// drawCarrierStrip draws the carriers as one row of slots, one per
// carrier, each saying what it does: a busy one in the running cells'
// look with its number and thread ("5 #4343 Haiku", the number its running
// cell says: "on carrier 5"), one woken to take a ready thread in the
// ready cells' dashed look ("6 waking up"), the others "idle". Folded to
// a line of words ("8 carriers: 3 run the blue cells, 5 idle"), readers
// saw idle carriers beside ready cells and took it for a scheduler bug;
// a slot per carrier shows the ready threads' carriers waking. A carrier
// woken that will find the queue empty reads "idle": why it was woken is
// said on point. more is said on point after the carriers (the folded
// heap and OS threads).
func (s *Side) drawCarrierStrip(l *List, r Rect, in *SideInput, more string, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	snap := in.Snap
	n := in.LaneCount()
	l.Rect(r, p.Panel)
	l.Frame(r, 1, p.PanelEdge)
	row := r.Inset(2 * sc)
	gap := 3 * sc
	// The row's name before the slots, which say the carriers' numbers
	// (the running cells' "on carrier 5"); on a line over them where it
	// does not fit beside (a phone's: readers of slots numbered 1 to 8
	// with no name asked what they were).
	if head := stripHead; stripHeadBeside(r.W, n, sc) {
		l.Text(row.X, row.Y+(row.H-CharH*sc)/2, head, sc, p.Text)
		row.X += TextWidth(head, sc) + 4*sc
		row.W -= TextWidth(head, sc) + 4*sc
	} else if row.H >= 2*CharH*sc+4*sc {
		var top Rect
		top, row = row.Top(CharH * sc)
		forms := []string{Count(int64(n)) + " carriers (OS threads) run the blue cells", Count(int64(n)) + " carriers (OS threads)", stripHead}
		if snap.Mounted == 0 {
			// No cell is blue where none runs (the legend keys no blue
			// fill then).
			forms = forms[1:]
		}
		l.TextFit(top, sc, p.Text, forms...)
	}
	w := max(2*sc, (row.W-float32(n-1)*gap)/float32(max(1, n)))
	// The ordinary text in every slot: the bold fitted some and not
	// others, and the row read as two sizes.
	face := cellFace{size: sc}
	s.at.lanes = s.at.lanes[:0]
	takers := wakeTakers(snap)
	var who []string
	for i := 0; i < n; i++ {
		name := "worker-" + strconv.Itoa(i+1)
		box := Rect{X: row.X + float32(i)*(w+gap), Y: row.Y, W: w, H: row.H}
		var cv *sim.CarrierView
		if i < len(snap.Carriers) {
			cv = &snap.Carriers[i]
		}
		num := itoa(i + 1)
		label := "carrier " + num
		// Two lines where the slot is tall enough: its name, as the
		// running cells say it ("on carrier 5"), over what it does in
		// the cells' bold; one line of the two together otherwise.
		ink, doing := p.TextDim, []string{"idle"}
		switch {
		case cv != nil && cv.Thread != 0:
			ws := raceRoleShort(s.roles, s.models, cv.Thread)
			// The race cell's running look.
			l.Mark(box, MeanVirtual, p, 1)
			// Never a thread's number alone: "5 #4343" is two numbers
			// with no word saying what they count.
			ink, doing = p.Background, []string{cv.Thread.String() + " running", "running"}
			if ws[0] == "request "+cv.Thread.String() {
				// "#2410 request" where it fits, else its number alone:
				// the badge and the row's own number pair them.
				doing = []string{cv.Thread.String() + " request", cv.Thread.String()}
			}
			if own := raceOwnerOf(s.roles, cv.Thread); own != 0 && len(ws) > 2 {
				// A call names its request and model, as its row and
				// column do ("#4343 Haiku": the row #4343, column Haiku).
				doing = []string{own.String() + " " + ws[2], ws[2]}
			}
			l.hit(box, cv.Thread)
			l.detail(box, name, label+" ("+name+"): runs virtual thread "+cv.Thread.String()+" ("+ws[0]+
				"); its stack, "+Size(sim.Bytes(cv.Frames)*8)+", stays on this carrier, outside the heap.")
			who = append(who, label+" runs "+cv.Thread.String()+" ("+ws[0]+")")
		case cv == nil:
			l.Frame(box, 1, p.PanelEdge.Alpha(0.5))
			doing = []string{"not started", "off"}
			who = append(who, label+" not started yet")
		case carrierWaking(snap, i) && takers[i]:
			// Woken for a ready thread, its OS thread waking: its
			// words bright (an idle one's are dim); not the ready
			// cells' dashed look, which is the legend's "ready", a
			// thread's.
			l.Frame(box, 1, p.PanelEdge)
			ink, doing = p.Text, []string{"waking up", "waking"}
			say := label + " (" + name + ") is waking up to take a ready thread: the scheduler wakes an idle carrier when a thread lands in an empty queue, or when a carrier takes one with more behind it, and an OS thread takes " +
				Dur(s.wake) + " to wake. It is among the first " + Count(int64(snap.RunQueueLen)) + " to finish waking, so it takes the next ready thread in the queue (unless a busy carrier frees up first)."
			l.detail(box, label, say)
			who = append(who, say)
		case carrierWaking(snap, i):
			// Woken too, but the carriers due before it take the ready
			// threads: it will find nothing and sleep again. Drawn as
			// what it will be, idle (readers asked why five carriers
			// woke for three threads); why it woke is on point.
			l.Frame(box, 1, p.PanelEdge)
			say := label + " (" + name + ") is idle, though its OS thread is waking up: the scheduler woke it for a thread made ready, but a busy carrier took that thread first, and the carriers due to finish waking before it will take the " +
				Count(int64(snap.RunQueueLen)) + " ready " + plural(snap.RunQueueLen, "thread", "threads") + ". It will find the queue empty and sleep again."
			l.detail(box, label, say)
			who = append(who, say)
		default:
			l.Frame(box, 1, p.PanelEdge)
			who = append(who, label+" idle, asleep")
		}
		// Its number and what it does, whole where that fits, else
		// shorter; none where none fits (a phone's narrowest: said on
		// point).
		// Its number in the badge every running cell on it starts
		// with, then what it does.
		text := box.PadX(4 * sc)
		if idle := cv != nil && cv.Thread == 0 && len(doing) == 1; idle && !face.fits(text.W-badgeTextW(num, sc)-4*sc, doing...) && face.fits(text.W, doing...) {
			// A phone's narrow idle slot says "idle", as a desktop's
			// does, rather than its number alone: an outlined number
			// read as a mark of another kind. (The busy slots keep
			// their numbers, which the running cells name.)
			slotWords(l, text, face, ink, doing...)
			s.at.tokenOnLane(i, box)
			s.at.lanes = append(s.at.lanes, box)
			continue
		}
		var bw float32
		if cv == nil || cv.Thread == 0 {
			bw = unkeyedBadge(l, text.X, box, itoa(i+1), p, sc) + 4*sc
		} else {
			bw = carrierBadge(l, text.X, box, i+1, p, sc) + 4*sc
		}
		text.X += bw
		text.W -= bw
		slotWords(l, text, face, ink, doing...)
		s.at.tokenOnLane(i, box)
		s.at.lanes = append(s.at.lanes, box)
	}
	say := "Carrier threads: the " + Count(int64(n)) + " OS threads of the virtual-thread scheduler, of the JVM's " + Count(int64(snap.PlatformLive)) +
		", run all " + Count(int64(snap.VirtualLive)) + " virtual threads, each running cell on the one it names: " + strings.Join(who, "; ") +
		". An idle carrier has no virtual thread mounted; one is signalled when a thread lands in an empty queue, or when a carrier takes one with more behind it, and takes " + Dur(s.wake) +
		" to wake (the OS's wake-up), then goes back to sleep if a busy carrier took the thread first." +
		" The numbers name the carriers, they are not an order of use: a thread made ready goes to whichever carrier takes it from the queue first (one just freed, or one woken for it), so a higher-numbered carrier may run while a lower one sleeps." + more
	l.region(r, "carriers", say)
}

// stripHead names the carriers' strip.
const stripHead = "carriers"

// stripHeadBeside reports whether the carriers' strip w pixels wide has
// room for its name beside its n slots (else the name takes a line over
// them).
func stripHeadBeside(w float32, n int, sc float32) bool {
	row := w - 4*sc
	return TextWidth(stripHead, sc)+4*sc < row/float32(max(1, n)+1)
}

// slotWords draws the first of alts that fits r whole in face f, else in
// the ordinary text, trying each in turn: "5 #4343 Haiku" in the
// ordinary text rather than "5 #4343" in the bold.
func slotWords(l *List, r Rect, f cellFace, c Color, alts ...string) {
	for _, a := range alts {
		if f.fits(r.W, a) {
			f.fit(l, r, c, a)
			return
		}
	}
}

// raceOwnerOf is the request thread of a call thread id among rs, or 0
// (a request's own thread, or one of no known race).
func raceOwnerOf(rs []threadRole, id sim.ThreadID) sim.ThreadID {
	for _, r := range rs {
		if r.id == id && r.model >= 0 {
			return r.owner
		}
	}
	return 0
}

// wakeTakers marks the waking carriers that will find a ready thread if
// nothing else changes: the first to finish waking (the model's wake-up
// times, ties in the event queue's order), one per thread in the ready
// queue. The others wake to an empty queue.
func wakeTakers(snap *sim.Snapshot) map[int]bool {
	var waking []int
	for i := range snap.Carriers {
		if carrierWaking(snap, i) {
			waking = append(waking, i)
		}
	}
	sort.SliceStable(waking, func(a, b int) bool {
		ca, cb := &snap.Carriers[waking[a]], &snap.Carriers[waking[b]]
		if ca.WakeAt != cb.WakeAt {
			return ca.WakeAt < cb.WakeAt
		}
		return ca.WakeOrder < cb.WakeOrder
	})
	takers := map[int]bool{}
	for k := 0; k < len(waking) && k < snap.RunQueueLen; k++ {
		takers[waking[k]] = true
	}
	return takers
}

// raceRoleShort names a carrier's thread by its race, longest first:
// "request #2902", "Haiku of #4343", then shorter, then its number.
func raceRoleShort(rs []threadRole, models []string, id sim.ThreadID) []string {
	for _, r := range rs {
		if r.id != id {
			continue
		}
		if r.model < 0 {
			return []string{"request " + id.String(), id.String(), id.String(), id.String()}
		}
		if r.owner != 0 {
			// At the shortest the model alone, the race cell's column
			// (its thread's number is nowhere else in the frame).
			m := modelName(models, r.model)
			// "#4343's Haiku": "Haiku #4343" read as the call thread's
			// own number, not its request's.
			return []string{m + " of " + r.owner.String(), r.owner.String() + "'s " + m, m, id.String()}
		}
	}
	return []string{id.String()}
}

// resourceSay says the folded heap and OS threads of a ScopesLead side,
// on point over the carriers (the frame draws no line of them): the
// heap's use and the OS threads' parts, the resident memory's total.
func resourceSay(snap *sim.Snapshot, measured bool) string {
	h := &snap.Heap
	used := h.Used()
	carriers, _, jvm := osKinds(snap)
	app := ""
	if snap.PlatformApp > 0 {
		app = ", and " + Count(int64(snap.PlatformApp)) + " of the program's own"
	}
	who := "the JVM's own (GC, compiler, main)"
	if measured {
		who = "the JVM's and its framework's own"
	}
	return foldedHeapSay(snap, used) + " OS threads: " + Count(int64(snap.PlatformLive)) + " live: " +
		Count(int64(carriers)) + " carriers and " + Count(int64(jvm)) + " of " + who + app + "; the virtual threads cost no OS thread each." + rssNote(snap)
}

// drawWaitingFrame draws the look a ready thread and a carrier being
// woken for one share: a dashed outline in the virtual thread's blue, of
// stroke w. Readers saw ready cells beside idle carriers and asked why
// they waited: one look for the two, with the line over the carriers
// ("3 ready threads wait: 5 idle carriers waking up"), links them.
func drawWaitingFrame(l *List, r Rect, w float32, p *Palette, sc float32) {
	dash := max(3, 4*sc)
	for x := r.X; x < r.Right(); x += 2 * dash {
		d := min(dash, r.Right()-x)
		l.Mark(Rect{X: x, Y: r.Y, W: d, H: w}, MeanVirtual, p, 1)
		l.Mark(Rect{X: x, Y: r.Bottom() - w, W: d, H: w}, MeanVirtual, p, 1)
	}
	for y := r.Y + w; y < r.Bottom()-w; y += 2 * dash {
		d := min(dash, r.Bottom()-w-y)
		l.Mark(Rect{X: r.X, Y: y, W: w, H: d}, MeanVirtual, p, 1)
		l.Mark(Rect{X: r.Right() - w, Y: y, W: w, H: d}, MeanVirtual, p, 1)
	}
}
