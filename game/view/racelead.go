package view

import (
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
// top, then under them a line each for the threads, the carriers and the
// heap with the OS threads (a panel each where they have a story).
func layoutRaceLead(sl SideLayout, r Rect, s *Scene, scale float32) SideLayout {
	g := 3 * scale
	line := foldedH(scale) + g
	sl.Wide = r.W >= wideAspect*r.H
	if s.heapFolds() && s.OSFolded {
		// Both one line: the heap and the OS threads share it.
		r, sl.Heap = r.CutBottom(line)
	} else {
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
	r, sl.Lanes = r.CutBottom(line)
	r, sl.Parked = r.CutBottom(line)
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
	s.drawCarrierStrip(l, sl.Lanes, in, p, sc)
	// Flights to the queue or a parked group land on the threads' line.
	s.at.threads, s.at.runQueue = sl.Parked, sl.Parked
	for i := range s.at.parked {
		s.at.parked[i] = sl.Parked
	}
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
// cells' looks, the words in colour c.
func drawPieces(l *List, r Rect, x float32, ps []leadPiece, c Color, p *Palette, sc float32) {
	ty := r.Y + (r.H-CharH*sc)/2
	for _, pc := range ps {
		if pc.marks {
			drawStateSwatch(l, x, r, pc.mark, true, p, sc)
			l.noteStateDrawn(pc.mark)
			x += pieceMarkW(sc)
		}
		l.Text(x, ty, pc.words, sc, c)
		x += TextWidth(pc.words, sc)
	}
}

// drawThreadCount draws the virtual threads as one line, counted by state
// with the race cells' looks (so the line is also the cells' key): they
// add up to the live threads, and a parked thread's stack is in the heap.
func (s *Side) drawThreadCount(l *List, r Rect, in *SideInput, p *Palette, sc float32) {
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
	head, plus, comma := Count(int64(snap.VirtualLive))+" live virtual threads = ", " + ", ", "
	if other < 0 {
		head, plus = Count(int64(snap.VirtualLive))+" live virtual threads: ", ", "
	}
	// Whether the cancelled calls drawn are among them, from the model:
	// readers asked if they counted.
	cancelled, gone := s.races.cancelledDrawn(snap)
	after := []string{""}
	switch {
	case cancelled > 0 && gone == cancelled:
		after = []string{" (the " + Count(int64(cancelled)) + " cancelled have ended)", ""}
	case cancelled > 0:
		after = []string{" (" + Count(int64(cancelled-gone)) + " cancelled among them, still ending)", ""}
	}
	tail := ""
	if other > 0 {
		tail = plus + Count(int64(other)) + " starting or ending"
	}
	var forms [][]leadPiece
	if snap.VirtualLive == 0 {
		forms = append(forms, []leadPiece{{words: "no virtual thread yet"}})
	}
	for _, a := range after {
		forms = append(forms, []leadPiece{{words: head},
			{mark: callRunning, marks: true, words: Count(int64(running)) + " running" + plus},
			{mark: callReady, marks: true, words: Count(int64(ready)) + " ready" + plus},
			{mark: callWaiting, marks: true, words: Count(int64(parked)) + " parked" + tail + a}})
	}
	// A phone's: the states alone (the total is in the caption).
	forms = append(forms, []leadPiece{{mark: callRunning, marks: true, words: Count(int64(running)) + " running" + comma},
		{mark: callReady, marks: true, words: Count(int64(ready)) + " ready" + comma},
		{mark: callWaiting, marks: true, words: Count(int64(parked)) + " parked"}},
		[]leadPiece{{mark: callRunning, marks: true, words: Count(int64(running)) + " "},
			{mark: callReady, marks: true, words: Count(int64(ready)) + " "},
			{mark: callWaiting, marks: true, words: Count(int64(parked))}})
	for _, f := range forms {
		if piecesWidth(f, sc) <= in2.W {
			drawPieces(l, in2, in2.X, f, p.Text, p, sc)
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
			Count(int64(n)) + " races open)."
	}
	if cancelled > 0 {
		say += " The race just won cancelled " + Count(int64(cancelled)) + " calls; " + Count(int64(gone)) + " of their threads have ended and are not counted."
	}
	if waking > 0 {
		say += " " + Count(int64(waking)) + " idle carriers have been signalled, one per thread made ready; their OS threads take " +
			Dur(s.wake) + " to wake, and one that finds the queue empty goes back to sleep."
	}
	l.region(r, "virtual threads", say)
}

// drawCarrierStrip draws the carriers as a strip of slots: a busy one its
// thread's token named by its race ("request #2902", "Haiku of #4343",
// the race rows' request numbers), an idle one (or one being woken) an
// empty frame. The lanes' stack bars and which carriers are waking are
// said on point.
func (s *Side) drawCarrierStrip(l *List, r Rect, in *SideInput, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	snap := in.Snap
	n := in.LaneCount()
	l.Rect(r, p.Panel)
	l.Frame(r, 1, p.PanelEdge)
	inner := r.Inset(2 * sc)
	busy := 0
	for i := range snap.Carriers {
		if snap.Carriers[i].Thread != 0 {
			busy++
		}
	}
	// (Which OS threads they are is the line under: "OS threads: 29 =
	// 8 carriers + ...".)
	heads := []string{Count(int64(n)) + " carriers: ", ""}
	right := Count(int64(busy)) + " of " + Count(int64(n)) + " busy"
	waking := wakingLanes(in)
	if waking > 0 && s.wake > 0 {
		// What the dashed slots are, beside them, with no count: "5
		// waking" beside 3 ready read as a sum that did not hold (one
		// carrier is woken per thread made ready, and a busy one may
		// take the thread first: said on point).
		right = "dashed: waking (" + Dur(s.wake) + ")"
	}
	dot := min(inner.H*0.3, 5*sc)
	idleW, gap := 3*CharW*sc, 4*sc
	// A busy slot names its carrier as the running race cells do
	// ("running on carrier 5"), then its thread by its race; at the
	// shortest the carrier alone (the cell says whose it is).
	labels := func(form, i int, id sim.ThreadID) string {
		name := "carrier " + itoa(i+1)
		if form >= 3 {
			return name
		}
		ws := raceRoleShort(s.roles, s.models, id)
		return name + ": " + ws[min(form, len(ws)-1)]
	}
	// Every empty slot one width: a waking one's dashes are said at
	// the strip's end ("dashed: waking"), where the room for that went
	// to doubled waking slots before.
	slotW := func(_ int, idleW float32) float32 { return idleW }
	width := func(head string, form int, idleW, gap float32) float32 {
		w := TextWidth(head, sc)
		for i := 0; i < n; i++ {
			if i < len(snap.Carriers) && snap.Carriers[i].Thread != 0 {
				w += TextWidth(labels(form, i, snap.Carriers[i].Thread), sc) + 2*dot + 9*sc + gap
			} else {
				w += slotW(i, idleW) + gap
			}
		}
		return w
	}
	head, form, withRight := heads[len(heads)-1], 3, false
search:
	for _, h := range heads {
		for f := 0; f < 4; f++ {
			// Wide empty slots where they leave room for the words at
			// the strip's end (a waking slot's dashes, three characters
			// long, were hard to see), else the usual ones, else a
			// phone's: narrow, closer together.
			for k, iw := range []float32{2 * idleW, idleW, CharW * sc} {
				g := gap
				if k == 2 {
					g = 2 * sc
				}
				w := width(h, f, iw, g)
				if k == 0 && w+TextWidth(right, sc)+2*CharW*sc > inner.W {
					continue
				}
				if w <= inner.W {
					head, form, idleW, gap = h, f, iw, g
					withRight = w+TextWidth(right, sc)+2*CharW*sc <= inner.W
					break search
				}
			}
		}
	}
	l.Text(inner.X, inner.Y+(inner.H-CharH*sc)/2, head, sc, p.Text)
	x := inner.X + TextWidth(head, sc)
	s.at.lanes = s.at.lanes[:0]
	var who []string
	for i := 0; i < n; i++ {
		name := "worker-" + strconv.Itoa(i+1)
		var cv *sim.CarrierView
		if i < len(snap.Carriers) {
			cv = &snap.Carriers[i]
		}
		if cv != nil && cv.Thread != 0 {
			label := labels(form, i, cv.Thread)
			tok := Rect{X: x, Y: inner.Y, W: TextWidth(label, sc) + 2*dot + 9*sc, H: inner.H}
			// The race cell's running look: a token, the green dot
			// where its carrier holds a CPU (not in a GC pause).
			l.Mark(tok, MeanVirtual, p, 1)
			if cv.OnCPU && !snap.Paused {
				l.MarkFrame(tok, runFrame(tok, sc), MeanOnCPU, p)
			}
			tx := tok.X + 3*sc
			if cv.OnCPU && !snap.Paused {
				l.MarkCircle(tok.X+3*sc+dot, tok.Y+tok.H/2, dot, MeanOnCPU, p)
				tx += 2*dot + 3*sc
			}
			l.TextFit(Rect{X: tx, Y: tok.Y, W: tok.Right() - tx, H: tok.H}, sc, p.Background, label)
			l.hit(tok, cv.Thread)
			l.detail(tok, name, name+": runs virtual thread "+cv.Thread.String()+" ("+raceRoleShort(s.roles, s.models, cv.Thread)[0]+
				"); its stack, "+Size(sim.Bytes(cv.Frames)*8)+", stays on this carrier, outside the heap.")
			s.at.tokenOnLane(i, tok)
			s.at.lanes = append(s.at.lanes, tok)
			who = append(who, name+" runs "+cv.Thread.String())
			x = tok.Right() + gap
			continue
		}
		slot := Rect{X: x, Y: inner.Y + 1, W: slotW(i, idleW), H: inner.H - 2}
		switch {
		case cv == nil:
			l.Frame(slot, 1, p.PanelEdge.Alpha(0.5))
			who = append(who, name+" not started yet")
		case carrierWaking(snap, i):
			// No thread on it yet: the waking lanes' dashes, the
			// reason the ready cells wait beside it, said at the
			// strip's end and in the ready cells.
			drawWakingSlot(l, slot, p, sc)
			who = append(who, name+" waking up to take a ready thread if one is left")
		default:
			l.Frame(slot, 1, p.PanelEdge)
			who = append(who, name+" idle")
		}
		s.at.tokenOnLane(i, slot)
		s.at.lanes = append(s.at.lanes, slot)
		x = slot.Right() + gap
	}
	if withRight {
		c := p.TextDim
		if waking > 0 && s.wake > 0 {
			c = p.Text // the dashed slots' reason, as bright as they are
		}
		l.TextRight(inner, right, sc, c)
	}
	say := "Carrier threads: the " + Count(int64(n)) + " OS threads of the virtual-thread scheduler, of the JVM's " + Count(int64(snap.PlatformLive)) +
		", run all " + Count(int64(snap.VirtualLive)) + " virtual threads: " + strings.Join(who, "; ") +
		". An empty slot is a carrier with no virtual thread mounted; a dashed one was signalled for a ready thread and takes " + Dur(s.wake) + " to wake (the OS's wake-up), and goes back to sleep if a busy carrier took the thread first."
	l.region(r, "carriers", say)
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
			return []string{m + " of " + r.owner.String(), m + " " + r.owner.String(), m, id.String()}
		}
	}
	return []string{id.String()}
}

// drawResourceLine draws the folded heap and OS threads of a ScopesLead
// side as one dim line: the heap's use and the OS threads' parts, the
// resident memory's total; their details are on point.
func drawResourceLine(l *List, r Rect, snap *sim.Snapshot, measured bool, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	h := &snap.Heap
	used := h.EdenUsed + h.SurvivorUsed + h.OldUsed
	// The heap's use; the parked threads' stacks in it, its size and
	// the GCs are said on point (cut: the carriers' numbers took the
	// words).
	heap := "heap " + Size(used)
	carriers := len(snap.Carriers)
	jvm := max(0, snap.PlatformLive-snap.PlatformApp-carriers)
	os := "OS threads: " + Count(int64(snap.PlatformLive)) + " = " + Count(int64(carriers)) + " carriers + " + Count(int64(jvm)) + " JVM's own"
	if snap.PlatformApp > 0 {
		os += " + " + Count(int64(snap.PlatformApp)) + " program's"
	}
	// The resident memory is said on point: the line keeps to the
	// heap's use and the OS threads' parts.
	l.Rect(r, p.Panel)
	l.Frame(r, 1, p.PanelEdge)
	l.TextFit(r.Inset(2*sc), sc, p.TextDim, heap+" · "+os, "heap "+Size(used)+" · OS threads "+Count(int64(snap.PlatformLive)), "heap "+Size(used))
	who := "the JVM's own (GC, compiler, main)"
	if measured {
		who = "the JVM's and its framework's own"
	}
	l.region(r, "heap and OS threads", foldedHeapSay(snap, used)+" OS threads: "+Count(int64(snap.PlatformLive))+" live: "+
		Count(int64(carriers))+" carriers and "+Count(int64(jvm))+" of "+who+"; the virtual threads cost no OS thread each."+rssNote(snap))
}
