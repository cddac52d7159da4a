package view

import (
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
	carriersH := line
	if h := carrierBoxesH(r.W, s.Lanes, scale); h > 0 {
		carriersH = h + g
	}
	r, sl.Lanes = r.CutBottom(carriersH)
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
	more := ""
	if sl.Heap.Empty() && sl.OS.Empty() {
		more = " " + resourceSay(in.Snap, in.BaseMeasured)
	}
	s.drawCarrierStrip(l, sl.Lanes, in, more, p, sc)
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

// carrierBoxesH is the height of the carriers' panel as a row of n
// labelled boxes, two lines each under a line of words ("8 carriers: ready
// threads wait while one wakes"), where a box keeps room for "carrier 8"
// in the races' larger bold; 0 where it does not (a phone's: a line of
// numbered slots). Readers asked for the carriers large: the strip of
// small slots that carried the lesson read as cryptic.
func carrierBoxesH(w float32, n int, sc float32) float32 {
	n = max(n, 1)
	boxW := (w - 4*sc - float32(n-1)*carrierGap(sc)) / float32(n)
	if boxW < TextWidth("carrier 88", 1.25*sc)+10*sc {
		return 0
	}
	return 4*sc + CharH*sc + 2*sc + carrierBoxH(sc)
}

// carrierBoxH is a box's height: its carrier's name in the races' bold
// over what it runs.
func carrierBoxH(sc float32) float32 { return CharH*1.25*sc + CharH*sc + 8*sc }

// carrierGap is the gap between two carriers' boxes.
func carrierGap(sc float32) float32 { return 4 * sc }

// drawCarrierStrip draws the carriers as a row of numbered boxes
// ("carrier 1" .. "carrier 8", the number the running race cells say): a
// busy one in the running cells' look, naming its thread by its race
// ("request #2902", "#4343's Haiku"); one being woken dashed, "waking";
// an idle one framed, "idle". The line over them says why ready threads
// wait beside carriers with no thread, counting both: a carrier's OS
// thread takes the machine's wake-up time to start. A waking box wears
// the ready cells' dashed blue (drawWaitingFrame), which links them. Where the boxes do not fit
// (a phone's), a line of slots, each its number alone.
// more is said on point after the carriers (the folded heap and OS
// threads).
func (s *Side) drawCarrierStrip(l *List, r Rect, in *SideInput, more string, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	snap := in.Snap
	n := in.LaneCount()
	l.Rect(r, p.Panel)
	l.Frame(r, 1, p.PanelEdge)
	inner := r.Inset(2 * sc)
	waking := wakingLanes(in)
	big := carrierBoxesH(r.W, n, sc) > 0 && inner.H >= CharH*sc+2*sc+carrierBoxH(sc)-0.5
	row := inner
	if big {
		head := Count(int64(n)) + " carriers"
		heads := []string{head}
		line := Rect{X: inner.X, Y: inner.Y, W: inner.W, H: CharH * sc}
		drawn := false
		for _, f := range wakeLine(waking, snap.RunQueueLen, s.wake) {
			if piecesWidth(f, sc) <= line.W {
				drawPieces(l, line, line.X, f, p.Text, p, sc)
				drawn = true
				break
			}
		}
		if !drawn {
			l.TextFit(line, sc, p.Text, heads...)
		}
		row = Rect{X: inner.X, Y: inner.Y + CharH*sc + 2*sc, W: inner.W, H: carrierBoxH(sc)}
	}
	gap := carrierGap(sc)
	busy := func(i int) bool { return i < len(snap.Carriers) && snap.Carriers[i].Thread != 0 }
	// Each box's width: equal where they are big; on a narrow canvas a
	// busy one fits "carrier 5" (the name its running cell says) and
	// the others share what is left, unlabelled (said on point).
	widths := make([]float32, n)
	if big {
		for i := range widths {
			widths[i] = (row.W - float32(n-1)*gap) / float32(n)
		}
	} else {
		gap = 2 * sc
		nBusy, busyW := 0, float32(0)
		for i := range widths {
			if busy(i) {
				// The words, the dot and their insets (as drawn below).
				widths[i] = TextWidth("carrier "+itoa(i+1), sc) + 2*min(row.H*0.3, 4*sc) + 15*sc
				busyW += widths[i]
				nBusy++
			}
		}
		if w := TextWidth("carriers: ", sc); n > nBusy && row.W-w-busyW-float32(n-1)*gap >= float32(n-nBusy)*3*CharW*sc {
			l.Text(inner.X, inner.Y+(inner.H-CharH*sc)/2, "carriers: ", sc, p.Text)
			row.X += w
			row.W -= w
		}
		for i := range widths {
			if !busy(i) {
				widths[i] = max(2*sc, (row.W-busyW-float32(n-1)*gap)/float32(n-nBusy))
			}
		}
	}
	s.at.lanes = s.at.lanes[:0]
	takers := wakeTakers(snap)
	var who []string
	x := row.X
	for i := 0; i < n; i++ {
		name := "worker-" + strconv.Itoa(i+1)
		box := Rect{X: x, Y: row.Y, W: widths[i], H: row.H}
		x += widths[i] + gap
		var cv *sim.CarrierView
		if i < len(snap.Carriers) {
			cv = &snap.Carriers[i]
		}
		label := "carrier " + itoa(i+1)
		ink, what := p.TextDim, "idle"
		text := box.PadX(5 * sc)
		switch {
		case cv != nil && cv.Thread != 0:
			// The race cell's running look: a token, the green frame
			// and dot where its carrier holds a CPU (not in a GC pause).
			l.Mark(box, MeanVirtual, p, 1)
			if cv.OnCPU && !snap.Paused {
				l.MarkFrame(box, runFrame(box, sc), MeanOnCPU, p)
				dot := min(box.H*0.15, 5*sc)
				if !big {
					dot = min(box.H*0.3, 4*sc)
				}
				l.MarkCircle(box.X+5*sc+dot, box.Y+box.H/2, dot, MeanOnCPU, p)
				text.X += 2*dot + 4*sc
				text.W -= 2*dot + 4*sc
			}
			ink = p.Background
			ws := raceRoleShort(s.roles, s.models, cv.Thread)
			// "request #2902" for a request's own thread (its number
			// alone read as one more call); "#4343's Haiku" for a call.
			what = ws[0]
			if !strings.HasPrefix(what, "request") && len(ws) > 1 {
				what = ws[1]
			}
			l.hit(box, cv.Thread)
			l.detail(box, name, label+" ("+name+"): runs virtual thread "+cv.Thread.String()+" ("+ws[0]+
				"); its stack, "+Size(sim.Bytes(cv.Frames)*8)+", stays on this carrier, outside the heap.")
			who = append(who, label+" runs "+cv.Thread.String()+" ("+ws[0]+")")
		case cv == nil:
			l.Frame(box, 1, p.PanelEdge.Alpha(0.5))
			what = "not started"
			who = append(who, label+" not started yet")
		case carrierWaking(snap, i):
			// No thread on it yet: signalled for a ready thread, its
			// OS thread waking (the reason said once, over the row).
			// Dashed in the text's ink, not the ready cells' blue: one
			// look for a ready thread and a waking carrier read as one
			// thing (a carrier is no virtual thread).
			drawWakingFrame(l, box, max(1, runFrame(box, sc)/2), p, sc)
			// The first to wake, one per ready thread, head to one:
			// "waking ->" and a ready cell's look; the rest find none
			// (readers asked four rounds why 5 wake for 3 ready).
			ink, what = p.Text, "waking -> none"
			say := label + ": its OS thread is waking up (an OS wake-up takes " + Dur(s.wake) + "). "
			if takers[i] {
				what = "waking ->"
				say += "It is among the first " + Count(int64(snap.RunQueueLen)) + " to wake, one per ready thread, so it takes the next ready thread (if no busy carrier frees up first)."
			} else {
				say += "It was woken for a thread made ready, but the carriers due to wake before it will have taken the " +
					Count(int64(snap.RunQueueLen)) + " ready " + plural(snap.RunQueueLen, "thread", "threads") +
					" (if no more are made ready first): it finds nothing left to take and sleeps again."
			}
			l.detail(box, label, say)
			who = append(who, say)
		default:
			l.Frame(box, 1, p.PanelEdge)
			who = append(who, label+" idle")
		}
		if big {
			top := box.Y + (box.H-CharH*2.25*sc)/2
			f := leadFace(sc)
			f.fit(l, Rect{X: text.X, Y: top, W: text.W, H: CharH * 1.25 * sc}, ink, label, itoa(i+1))
			second := Rect{X: text.X, Y: top + CharH*1.25*sc, W: text.W, H: CharH * sc}
			l.TextFit(second, sc, ink, what, strings.Fields(what)[0])
			// The ready thread a first-to-wake carrier heads to, in the
			// ready cells' look, after its arrow.
			if at := second.X + TextWidth(what+" ", sc); takers[i] && at+stateSwatchW(sc) <= second.Right() {
				drawStateSwatch(l, at, second, callReady, true, p, sc)
				l.noteStateDrawn(callReady)
			}
		} else if busy(i) {
			l.TextFit(text, sc, ink, label)
		}
		s.at.tokenOnLane(i, box)
		s.at.lanes = append(s.at.lanes, box)
	}
	say := "Carrier threads: the " + Count(int64(n)) + " OS threads of the virtual-thread scheduler, of the JVM's " + Count(int64(snap.PlatformLive)) +
		", run all " + Count(int64(snap.VirtualLive)) + " virtual threads: " + strings.Join(who, "; ") +
		". A box framed in the panel's edge is a carrier with no virtual thread mounted, asleep; one framed in grey, \"waking\", was signalled (a thread landed in an empty queue, or a carrier took one with more behind it), and takes " + Dur(s.wake) +
		" to wake (the OS's wake-up), then goes back to sleep if a busy carrier took the thread first." + more
	l.region(r, "carriers", say)
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

// wakeLine is the line over the carriers where threads are ready while
// carriers are being woken, longest first: the ready count after the
// ready cells' look, and who they wait for ("3 ready threads wait for
// the first 3 waking"); the boxes under it show which those are
// (wakeTakers). Four rounds of saying why more wake than are ready ("one
// per thread made ready") in words failed; the marks say it now. Nil
// where no carrier is waking or no thread is ready.
func wakeLine(waking, ready int, wake sim.Duration) [][]leadPiece {
	if waking <= 0 || ready <= 0 || wake <= 0 {
		return nil
	}
	wait := Count(int64(ready)) + " ready " + plural(ready, "thread waits", "threads wait")
	first := min(waking, ready)
	return [][]leadPiece{{{mark: callReady, marks: true, words: wait + " for " + plural(first, "the first waking", "the first "+Count(int64(first))+" waking")}},
		{{mark: callReady, marks: true, words: wait}}}
}

// drawWakingFrame draws a carrier being woken: a solid outline in the
// dim text ink, of stroke w. No fill: no thread is on it yet.
// Not dashed: readers read the dashes as the ready cells' look ("the
// dashed border means ready for threads but waking for carriers").
func drawWakingFrame(l *List, r Rect, w float32, p *Palette, sc float32) {
	l.Frame(r, w, p.TextDim)
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
	used := h.EdenUsed + h.SurvivorUsed + h.OldUsed
	carriers := len(snap.Carriers)
	jvm := max(0, snap.PlatformLive-snap.PlatformApp-carriers)
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
