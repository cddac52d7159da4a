package view

import "github.com/loomlab/loomlab/sim"

// Motion: short animations started by events and timed in ticks.
//
//   - freeze (EvFreeze, EvUnmount): a block in the thread's tier colour
//     flies from the lane into eden while the token flies to its parking
//     group;
//   - thaw (EvMount): the reverse, the token from the run queue and the
//     block from eden onto the lane;
//   - unpark (EvUnpark): the token, in its kind's colour, flies from its
//     group to the run queue;
//   - young GC (EvGCYoung): a sweep across eden and the survivors, and a
//     flash (in the text ink) on the old gen when something was promoted (the promoted
//     chunks are redrawn in their GC-mode colour by the state itself);
//   - Full GC (EvGCFull): the old gen's garbage collapses as a sweep
//     compacts it.
//
// Animations never stand in for state: the snapshot is drawn exactly and
// the animations are drawn over it. When a tick brings more events than
// anyone could follow, flights are skipped for that tick.

// Motion limits.
const (
	flightTicks       = 40 // about 2/3 s at 60 ticks/s: slow enough to follow
	sweepTicks        = 36
	compactTicks      = 50
	flashTicks        = 45
	maxFlightsPerTick = 12 // more thread events than this in a tick: no flights
	maxFlights        = 48 // flights in the air at once
)

type animKind uint8

const (
	animInvalid animKind = iota
	animFlight
	animSweep   // young GC
	animCompact // Full GC
	animFlash
)

// endpoint names a place in the side's picture; it is resolved to pixels
// at draw time, so animations survive a resize.
type endpoint uint8

const (
	epNone endpoint = iota
	epLane
	epRunQueue
	epParked
	epEden
	epSurvivor
	epOld
)

type anim struct {
	kind       animKind
	start, dur int64
	from, to   endpoint
	fromI, toI int // lane index or park reason
	block      bool
	tier       sim.Tier
	w          float32 // layout pixels
	thread     sim.ThreadID
	platform   bool    // the token is a platform thread's (gc-lab's sleepers waking), drawn in its colour
	frac0      float32 // compaction: old-gen use before and after, of capacity
	frac1      float32
	ended      bool // compaction: the pause is over (the garbage collapsing), not under way
}

// anchors are the rectangles of the last draw that animations start from
// and land on.
type anchors struct {
	lanes               []Rect
	tokens              []Rect
	runQueue            Rect
	parked              [8]Rect
	eden, survivor, old Rect
	oldFill             Rect // the old gen's fill bar
	threads             Rect // the panel of the threads off a carrier (parked), for the heap's arrow from them
}

func (a *anchors) tokenOnLane(i int, r Rect) {
	for len(a.tokens) <= i {
		a.tokens = append(a.tokens, Rect{})
	}
	a.tokens[i] = r
}

func (a *anchors) rect(ep endpoint, i int) Rect {
	switch ep {
	case epLane:
		if i >= 0 && i < len(a.tokens) && !a.tokens[i].Empty() {
			return a.tokens[i]
		}
		if i >= 0 && i < len(a.lanes) {
			l := a.lanes[i]
			l.W = min(l.W, 40)
			return l
		}
	case epRunQueue:
		return a.runQueue
	case epParked:
		if i >= 0 && i < len(a.parked) {
			return a.parked[i]
		}
	case epEden:
		return a.eden
	case epSurvivor:
		return a.survivor
	case epOld:
		return a.old
	}
	return Rect{}
}

// Anims reports how many animations are running (for tests).
func (s *Side) Anims() int { return len(s.anims) }

// Animating reports whether any animation has yet to end (one waiting
// for its staggered start counts): the picture is still moving. The
// shot tool waits for false so that a still shows the settled frame.
func (s *Side) Animating() bool {
	for i := range s.anims {
		if s.tick-s.anims[i].start < s.anims[i].dur {
			return true
		}
	}
	return false
}

// heatShown is the heat above which a lane's recent-activity strip is drawn.
const heatShown = 0.05

// Fading reports whether a lane's recent-activity strip is still fading
// (lanes.go draws it while its heat is above 0.05, narrowing as it cools):
// ticks go on changing the picture, though no animation runs. Not part of
// Animating, which says when a still may be taken: a still with a strip
// under an idle lane is a true picture of the moment.
func (s *Side) Fading() bool {
	for _, h := range s.heat {
		if h > heatShown {
			return true
		}
	}
	return false
}

// Flights reports how many flights are running (for tests).
func (s *Side) Flights() int {
	n := 0
	for i := range s.anims {
		if s.anims[i].kind == animFlight {
			n++
		}
	}
	return n
}

func (s *Side) startAnims(snap *sim.Snapshot, events []sim.Event, motion bool) {
	// Drop finished animations.
	k := 0
	for _, a := range s.anims {
		if s.tick-a.start < a.dur {
			s.anims[k] = a
			k++
		}
	}
	s.anims = s.anims[:k]

	// A Full GC's pause is over: its garbage collapses. Found from the
	// pause's state, not from EvGCEnd, which comes only when every pause
	// chained to it has ended: where a young GC followed at once (the
	// tick vt-pooling's first screen holds after), the bar kept its
	// garbage under "Full GC: compacting" after the Full GC was over.
	if c := snap.Heap.OldCap; c > 0 && s.prevPauseFull && !snap.PauseFull {
		s.replace(anim{kind: animCompact, start: s.tick, dur: compactTicks,
			frac0: float32(s.prevOld) / float32(c), frac1: float32(snap.Heap.OldUsed) / float32(c), ended: true})
	}

	threadEvents := 0
	for i := range events {
		switch events[i].Kind {
		case sim.EvMount:
			if c := int(events[i].Carrier) - 1; c >= 0 {
				for len(s.heat) <= c {
					s.heat = append(s.heat, 0)
				}
				s.heat[c]++
			}
			threadEvents++
		case sim.EvUnmount, sim.EvUnpark, sim.EvFreeze, sim.EvPinned:
			threadEvents++
		}
	}
	flights := motion && threadEvents <= maxFlightsPerTick
	// EvUnmount is emitted after the thread left its carrier, so it names
	// no carrier; the EvFreeze just before it (same thread) does.
	freezeLane, freezeThread := -1, sim.ThreadID(0)
	// Flights of one tick leave a few ticks apart, in event order.
	n0 := len(s.anims)
	stagger := func() int64 { return s.tick + int64(len(s.anims)-n0)*3 }
	for i := range events {
		e := &events[i]
		lane := int(e.Carrier) - 1
		switch e.Kind {
		case sim.EvGCYoung:
			s.replace(anim{kind: animSweep, start: s.tick, dur: sweepTicks})
			if e.B > 0 {
				s.add(anim{kind: animFlash, start: s.tick, dur: flashTicks, to: epOld})
				// The old gen is no longer as the last Full GC left it:
				// its "Full GC just ended: old gen compacted" stayed
				// through the opening's fast-forward, 100 ms and three
				// promoting young GCs later, over 16 % garbage (nv228).
				s.drop(animCompact)
			}
		case sim.EvGCFull:
			// While its pause lasts the old gen is drawn as the collector
			// found it (oldAsDrawn): the sweep goes over it, and its
			// garbage collapses when the pause ends (EvGCEnd below).
			if c := snap.Heap.OldCap; c > 0 {
				f0, f1 := float32(s.prevOld)/float32(c), float32(snap.Heap.OldUsed)/float32(c)
				if snap.PauseFull {
					f0 = float32(oldAsDrawn(snap).OldUsed) / float32(c)
					f1 = f0 // nothing collapses yet
				}
				s.replace(anim{kind: animCompact, start: s.tick, dur: compactTicks, frac0: f0, frac1: f1, ended: !snap.PauseFull})
			}
		case sim.EvPinned:
			if lane >= 0 {
				s.add(anim{kind: animFlash, start: s.tick, dur: flashTicks, to: epLane, toI: lane})
			}
		}
		if !flights || s.Flights() >= maxFlights {
			continue
		}
		switch e.Kind {
		case sim.EvFreeze:
			freezeLane, freezeThread = lane, e.Thread
			if lane >= 0 {
				s.add(anim{kind: animFlight, start: stagger(), dur: flightTicks, from: epLane, fromI: lane,
					to: epEden, block: true, tier: s.laneTier(snap, lane), w: BlockWidth(sim.Words(e.A), 1), thread: e.Thread})
			}
		case sim.EvUnmount:
			if freezeThread == e.Thread && freezeLane >= 0 {
				s.add(anim{kind: animFlight, start: stagger(), dur: flightTicks, from: epLane, fromI: freezeLane,
					to: epParked, toI: int(e.A), thread: e.Thread})
			}
		case sim.EvMount:
			if lane >= 0 {
				at := stagger()
				s.add(anim{kind: animFlight, start: at, dur: flightTicks, from: epRunQueue, to: epLane, toI: lane, thread: e.Thread})
				if e.A > 0 {
					s.add(anim{kind: animFlight, start: at, dur: flightTicks, from: epEden, to: epLane, toI: lane,
						block: true, tier: s.laneTier(snap, lane), w: BlockWidth(sim.Words(e.A), 1), thread: e.Thread})
				}
			}
		case sim.EvUnpark:
			s.add(anim{kind: animFlight, start: stagger(), dur: flightTicks, from: epParked, fromI: s.reasonOf(snap, e.Thread),
				to: epRunQueue, thread: e.Thread, platform: e.A != 1})
		}
	}
}

// laneTier is the tier of the thread on lane i now (the frames a thaw
// brought or a freeze took had that tier at the time).
func (s *Side) laneTier(snap *sim.Snapshot, i int) sim.Tier {
	if i >= 0 && i < len(snap.Carriers) && snap.Carriers[i].Thread != 0 {
		return snap.Carriers[i].Tier
	}
	return sim.TierC2
}

// reasonOf guesses which group an unparked thread left: the one whose
// listed ids still held it at the last draw is unknown after the fact, so
// the most populated group stands in.
func (s *Side) reasonOf(snap *sim.Snapshot, _ sim.ThreadID) int {
	best, bn := int(sim.ParkSleep), -1
	for _, r := range parkOrder {
		if snap.ParkedCount[r] > bn {
			best, bn = int(r), snap.ParkedCount[r]
		}
	}
	return best
}

func (s *Side) add(a anim) { s.anims = append(s.anims, a) }

// replace starts a and stops any running animation of the same kind: a GC
// sweep restarts rather than stacking.
func (s *Side) replace(a anim) {
	s.drop(a.kind)
	s.anims = append(s.anims, a)
}

// drop stops every running animation of kind k.
func (s *Side) drop(k animKind) {
	n := 0
	for _, b := range s.anims {
		if b.kind != k {
			s.anims[n] = b
			n++
		}
	}
	s.anims = s.anims[:n]
}

// spot is where a flight leaves or lands in r: the centre of a lane's
// token, or for a group, queue or space a point picked by the thread's id,
// so that simultaneous flights spread out instead of stacking.
func spot(r Rect, ep endpoint, id sim.ThreadID) (float32, float32) {
	if ep == epLane {
		return r.Center()
	}
	h := uint32(id) * 2654435761
	fx := float32(h>>16&0xffff) / 0xffff
	fy := float32(h&0xffff) / 0xffff
	return r.X + r.W*(0.1+0.8*fx), r.Y + r.H*(0.2+0.6*fy)
}

// smooth is an ease-in-out curve on [0, 1].
func smooth(t float32) float32 { return t * t * (3 - 2*t) }

func (s *Side) drawAnims(l *List, p *Palette, sc float32) {
	canvas := Rect{W: l.W, H: l.H}
	l.motionFrom = len(l.Items)
	defer func() { l.motionTo = len(l.Items) }()
	// The words drawn so far: a flight never covers them. A token over
	// "1,393 parked" hid a digit, and a still taken mid-flight read as a
	// glitch; the token is not drawn while it crosses words, and its
	// trail stops at the first words behind it.
	s.words = s.words[:0]
	if s.hasFlights() {
		s.words = l.textBoxes(s.words)
	}
	words := s.words
	for i := range s.anims {
		a := &s.anims[i]
		t := float32(s.tick-a.start) / float32(a.dur)
		if t < 0 || t >= 1 {
			continue
		}
		switch a.kind {
		case animFlight:
			from, to := s.at.rect(a.from, a.fromI), s.at.rect(a.to, a.toI)
			if from.Empty() || to.Empty() {
				continue
			}
			fx, fy := spot(from, a.from, a.thread)
			tx, ty := spot(to, a.to, a.thread)
			e := smooth(t)
			x, y := fx+(tx-fx)*e, fy+(ty-fy)*e
			alpha := float32(1)
			if t > 0.85 {
				alpha = (1 - t) / 0.15
			}
			w, h := 8*sc, 8*sc
			if a.block {
				w = max(a.w, 8) * sc
			}
			r := clipTo(Rect{X: x - w/2, Y: y - h/2, W: w, H: h}, canvas)
			if overlapsAny(r, words) {
				continue
			}
			// A faint trail back towards where it came from, so the eye
			// can tell which lane or group it left, up to the first words
			// on the way.
			bx, by := clearBack(x, y, fx, fy, words, sc)
			l.Line(bx, by, x, y, max(1, sc), p.TextDim.Alpha(0.25*alpha))
			if a.block {
				l.Mark(r, stackMeaning(a.tier, s.byTier), p, alpha)
			} else {
				// A small unlabelled token: ids in flight would overlap the
				// labels they cross (the lanes and groups say who is where).
				// Its colour is its kind's: a blue token among platform
				// threads put "virtual thread" in gc-lab's legend.
				mean := MeanVirtual
				if a.platform {
					mean = MeanPlatform
				}
				l.Mark(r, mean, p, alpha)
			}
			l.Frame(r, 1, p.Background.Alpha(alpha))
		case animSweep:
			young := s.at.eden
			if !s.at.survivor.Empty() {
				young.W = max(young.W, s.at.survivor.Right()-young.X)
			}
			drawSweep(l, young, t, p, sc)
		case animCompact:
			o := s.at.oldFill
			if o.Empty() {
				continue
			}
			// The garbage beyond the live set shrinks to nothing.
			f0, f1 := clamp(a.frac0, 0, 1), clamp(a.frac1, 0, 1)
			if f0 > f1 {
				cur := f0 + (f1-f0)*smooth(t)
				g := Rect{X: o.X + o.W*f1, Y: o.Y, W: o.W * (cur - f1), H: o.H}
				l.Mark(clipTo(g, o), MeanGarbage, p, 0.8*(1-t))
			}
			if !a.ended {
				// The collector at work, while its pause lasts only:
				// after it, held still (the first screen), the line
				// read as a mark through the bar's words.
				drawSweep(l, s.at.old, t, p, sc)
			}
			if o.H >= CharH*sc {
				// At the bar's top, on a plate of its own width: centred, it
				// ran into the bar's own centred labels ("compactfree 666
				// MB").
				alts := []string{"Full GC: compacting the old generation", "Full GC: compacting", "compacting"}
				if a.ended {
					// The pause is over and its garbage collapses: in the
					// present tense ("compacting") it contradicted the run's
					// "no GC now" beside it (the first screen holds here).
					alts = []string{"Full GC just ended: old gen compacted", "Full GC just ended", "GC ended"}
				}
				w := o.W - 8*sc
				for _, a := range alts {
					if tw := TextWidth(a, sc); tw <= w {
						w = tw
						break
					}
				}
				plate := Rect{X: o.X + 2*sc, Y: o.Y + 2*sc, W: w + 4*sc, H: CharH * sc}
				clip := o
				for i, a := range alts {
					// In the gap of the old gen's title line, the longest
					// words that fit there: over the bar they hid the
					// bar's parts in a still frame (the page opens held on
					// this pause), so a shorter label in the gap beats the
					// long one on the bar.
					tw := TextWidth(a, sc)
					if x, ok := titleGap(l, s.at.old, tw+4*sc, sc); ok {
						band, _ := SpaceBands(s.at.old, sc)
						plate = Rect{X: x, Y: band.Y, W: tw + 4*sc, H: CharH * sc}
						clip = band
						alts = alts[i:]
						break
					}
				}
				if clip == o {
					// On the bar, clear of its own labels: at its top the
					// plate ran over "thread-local data" (the first screen
					// holds on it). Else at its bottom; else none: the
					// collapse shows it, and in the pair the run's GC
					// column says it (drawPairHead).
					var ok bool
					if plate, ok = clearOnBar(l, plate, o, sc); !ok {
						continue
					}
				}
				l.Rect(clipTo(plate, clip), p.Panel.Alpha(0.9*(1-t*0.5)))
				l.TextFit(plate.PadX(2*sc), sc, p.Text.Alpha(1-t*0.5), alts...)
			}
		case animFlash:
			r := s.at.rect(a.to, a.toI)
			if r.Empty() {
				continue
			}
			if a.to != epLane {
				// Promotion into the old gen is motion, not a thing: the
				// neutral text ink, as the sweep. It was the "stopped for
				// GC" colour, a second reading of that legend entry.
				l.Frame(r, max(2, 2*sc), p.Text.Alpha(1-t))
				continue
			}
			n0 := len(l.Items)
			l.Frame(r, max(2, 2*sc), MeanPinned.Color(p).Alpha(1-t))
			l.tag(n0, MeanPinned)
		}
	}
}

// drawSweep draws a bright line crossing r left to right with a fading
// trail behind it. The line is motion, not a thing: it is drawn in the
// neutral text ink and claims no legend entry. In the "stopped for GC"
// slate it gave that colour a second reading (a moving line beside the
// striped threads the colour stands for).
func drawSweep(l *List, r Rect, t float32, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	x := r.X + r.W*smooth(t)
	trail := min(40*sc, x-r.X)
	l.Rect(Rect{X: x - trail, Y: r.Y, W: trail, H: r.H}, p.Text.Alpha(0.25))
	lw := min(2*sc, r.Right()-x)
	l.Rect(Rect{X: x, Y: r.Y, W: lw, H: r.H}, p.Text)
}

// fullGCJustEnded reports whether a Full GC's pause is over and its
// collapse still drawn (the compaction's motion after the pause).
func (s *Side) fullGCJustEnded() bool {
	for i := range s.anims {
		if a := &s.anims[i]; a.kind == animCompact && a.ended && s.tick >= a.start && s.tick < a.start+a.dur {
			return true
		}
	}
	return false
}

// clearOnBar places plate (at the top of bar o) where it covers none of
// the words already drawn on the bar: at its top, else at its bottom; ok
// false when neither is clear.
func clearOnBar(l *List, plate, o Rect, sc float32) (Rect, bool) {
	words := l.textBoxes(nil)
	low := plate
	low.Y = o.Bottom() - 2*sc - plate.H
	for _, r := range []Rect{plate, low} {
		r = clipTo(r, o)
		if !r.Empty() && !overlapsAny(r, words) {
			return r, true
		}
	}
	return Rect{}, false
}

// clipTo returns the part of r inside c.
func clipTo(r, c Rect) Rect {
	x0, y0 := max(r.X, c.X), max(r.Y, c.Y)
	x1, y1 := min(r.Right(), c.Right()), min(r.Bottom(), c.Bottom())
	return Rect{X: x0, Y: y0, W: max(0, x1-x0), H: max(0, y1-y0)}
}

// titleGap is the x where a plate w wide fits on a space's title line
// (SpaceBands' label band of r) between the words already drawn on it,
// a character clear of each; ok false when it does not.
func titleGap(l *List, r Rect, w, sc float32) (float32, bool) {
	band, _ := SpaceBands(r, sc)
	if band.H < CharH*sc {
		return 0, false
	}
	left, right := band.X, band.Right()
	mid := band.X + band.W/2
	for _, it := range l.Items {
		if it.Kind != KindText || it.Y < band.Y-1 || it.Y >= band.Bottom() || it.X < band.X || it.X > band.Right() {
			continue
		}
		if it.X < mid {
			left = max(left, it.X+TextWidth(it.Text, it.Size))
		} else {
			right = min(right, it.X)
		}
	}
	// Three characters clear of the words before it: two read as one
	// run-on line ("... when this GC began  compacting").
	x := left + 3*CharW*sc
	return x, x+w <= right-2*CharW*sc
}

// hasFlights reports whether a flight is in the air or due to leave.
func (s *Side) hasFlights() bool {
	for i := range s.anims {
		if s.anims[i].kind == animFlight && s.tick-s.anims[i].start < s.anims[i].dur {
			return true
		}
	}
	return false
}

// overlapsAny reports whether r overlaps one of boxes.
func overlapsAny(r Rect, boxes []Rect) bool {
	for _, b := range boxes {
		if r.X < b.Right() && b.X < r.Right() && r.Y < b.Bottom() && b.Y < r.Bottom() {
			return true
		}
	}
	return false
}

// clearBack walks from (x, y) towards (fx, fy) in steps of a couple of
// pixels and returns the last point before one of boxes: how far a trail
// behind a token at (x, y) can reach without crossing words.
func clearBack(x, y, fx, fy float32, boxes []Rect, sc float32) (float32, float32) {
	dx, dy := fx-x, fy-y
	n := int(max(abs32(dx), abs32(dy)) / max(1, 2*sc))
	bx, by := x, y
	for i := 1; i <= n; i++ {
		f := float32(i) / float32(n)
		px, py := x+dx*f, y+dy*f
		if overlapsAny(Rect{X: px - sc, Y: py - sc, W: 2 * sc, H: 2 * sc}, boxes) {
			break
		}
		bx, by = px, py
	}
	return bx, by
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}
