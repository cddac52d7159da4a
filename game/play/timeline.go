package play

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// The timeline: scrubbing back and forth over the recent history, exactly.
//
// A simulator only runs forward, but it is deterministic and can be cloned
// (sim.Clone), so the playground keeps checkpoints — clones of every side
// taken every checkpointEvents events or checkpointTicks ticks, within a
// memory budget — and reaches any earlier time by cloning the newest
// checkpoint at or before it and re-simulating to it. The state after
// "every event up to t" does not depend on how the advance was cut into
// calls, so the result is exactly what a run from the seed would show at t.
//
// The live position is kept aside (head) while an earlier one is shown, so
// scrubbing forward to it again restores it as it was — even a position
// that a tick or a step left between two events of the same instant.
// Playing or stepping from an earlier position makes it the live one (the
// future is the same, the run being deterministic); the old live state is
// then kept as one more checkpoint, so the end of the timeline stays
// reachable.
//
// Rejected: re-simulating from the seed every time (exact, but a scrub late
// in a long run would take seconds), and a ring of snapshots (pictures
// only: nothing could be run, stepped or followed from them).

const (
	// checkpointEvents and checkpointTicks: a checkpoint is taken after this
	// many simulator events (all sides), or this many ticks with at least one
	// event. A scrub re-simulates at most about checkpointEvents events.
	checkpointEvents = 200_000
	checkpointTicks  = 60
	// checkpointBudget bounds the memory of the checkpoints (measured as
	// what cloning allocated); beyond it, and beyond maxCheckpoints, the
	// oldest are dropped, keeping at least minCheckpoints. A vt-pooling/4g
	// side clones to about 9 MB, so 32 MB keeps three of them (as many as
	// 128 MB kept when a clone was 30-40 MB), and the page's memory for one
	// side at top speed stays under 150 MB: the Go heap grows to about twice
	// what is live before it collects, and the checkpoints are most of that.
	checkpointBudget = 32 << 20
	minCheckpoints   = 3
	maxCheckpoints   = 120
	// searchEvents bounds the events re-simulated looking for an earlier
	// event of a kind.
	searchEvents = 4_000_000
)

type checkpoint struct {
	at     sim.Time // the latest clock among the sides (each side is at or before it)
	events int64    // events processed, all sides
	sims   []*sim.Sim
	bytes  int64
}

type headState struct {
	sides []*Side
	now   sim.Time
}

type timeline struct {
	cps   []checkpoint
	bytes int64
	ticks int
	// head is the live position while an earlier one is shown.
	head *headState
	// shown: each side's events processed when the earlier position was
	// reached, to notice that a play or step moved on from it.
	shown []int64
	// follow is the followed thread of each side (0: none).
	follow []sim.ThreadID
	// lastBytes is the size of the newest checkpoint.
	lastBytes int64
	// ended is the followed thread's last card while it was alive.
	ended *ThreadCard
	// watch is, per side, the followed thread when the shown (earlier)
	// position is before its start: it is followed from its start event.
	watch []sim.ThreadID
}

// timelineTick ends a tick: it notices that the playground moved on from
// an earlier position, and takes a checkpoint when one is due.
func (p *Playground) timelineTick() {
	tl := &p.tl
	for i, id := range tl.watch {
		// The followed thread was not started yet where the shown
		// position was re-simulated from: follow it from its start.
		if id != 0 && i < len(p.sides) && started(p.sides[i].Events, id) {
			p.sides[i].sm.Follow(id)
			tl.watch[i] = 0
		}
	}
	if tl.head != nil {
		if !p.running && !tl.moved(p) {
			return // still showing the earlier position
		}
		tl.commit()
	}
	tl.ticks++
	events := totalEvents(p.sides)
	if n := len(tl.cps); n > 0 {
		last := &tl.cps[n-1]
		since := events - last.events
		if since <= 0 || (since < checkpointEvents && tl.ticks < checkpointTicks) || tl.ticks < minTicks(tl.lastBytes) {
			return
		}
	}
	tl.take(p.sides)
}

// checkpointDue reports whether the ticks to come would take a checkpoint
// with nothing else happening: the live position has events the last
// checkpoint does not (after a pause, the paused moment is taken once
// enough ticks have passed).
func (tl *timeline) checkpointDue(p *Playground) bool {
	if tl.head != nil || len(p.sides) == 0 {
		return false // an earlier position shown: nothing is taken until it moves
	}
	n := len(tl.cps)
	return n == 0 || totalEvents(p.sides) > tl.cps[n-1].events
}

// minTicks spaces the checkpoints of a large simulation: cloning costs
// about a millisecond per megabyte, so a clone of lastBytes waits for as
// many ticks as it has megabytes (at most checkpointTicks). A 25 MB
// simulation at full speed then spends about 4 % of its frames
// cloning, in one short hitch every 25 frames, instead of most of them.
func minTicks(lastBytes int64) int {
	return int(min(max(lastBytes>>20, 1), checkpointTicks))
}

func totalEvents(sides []*Side) int64 {
	var n int64
	for _, s := range sides {
		n += s.sm.EventsProcessed()
	}
	return n
}

func latest(sims []*sim.Sim) sim.Time {
	var t sim.Time
	for _, s := range sims {
		t = max(t, s.Now())
	}
	return t
}

// take clones every side into a new checkpoint.
func (tl *timeline) take(sides []*Side) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	sims := make([]*sim.Sim, len(sides))
	for i, s := range sides {
		sims[i] = s.sm.Clone()
	}
	runtime.ReadMemStats(&after)
	tl.add(checkpoint{sims: sims, bytes: int64(after.TotalAlloc - before.TotalAlloc)})
}

// add appends a checkpoint (newer than every other) and drops the oldest
// ones beyond the budget.
func (tl *timeline) add(cp checkpoint) {
	cp.at = latest(cp.sims)
	cp.events = 0
	for _, s := range cp.sims {
		cp.events += s.EventsProcessed()
	}
	if n := len(tl.cps); n > 0 && cp.events <= tl.cps[n-1].events {
		return
	}
	tl.cps = append(tl.cps, cp)
	tl.bytes += cp.bytes
	tl.lastBytes = cp.bytes
	tl.ticks = 0
	for len(tl.cps) > minCheckpoints && (tl.bytes > checkpointBudget || len(tl.cps) > maxCheckpoints) {
		tl.bytes -= tl.cps[0].bytes
		tl.cps[0] = checkpoint{}
		tl.cps = tl.cps[1:]
	}
}

// moved reports whether the sides processed events since the earlier
// position was shown.
func (tl *timeline) moved(p *Playground) bool {
	if len(tl.shown) != len(p.sides) {
		return true
	}
	for i, s := range p.sides {
		if s.sm.EventsProcessed() != tl.shown[i] {
			return true
		}
	}
	return false
}

// commit makes the shown position the live one. The old live state becomes
// a checkpoint: nothing advances it any more.
func (tl *timeline) commit() {
	h := tl.head
	tl.head, tl.shown = nil, nil
	sims := make([]*sim.Sim, len(h.sides))
	for i, s := range h.sides {
		sims[i] = s.sm
	}
	tl.add(checkpoint{sims: sims, bytes: tl.lastBytes})
}

// mark remembers the shown earlier position.
func (tl *timeline) mark(sides []*Side) {
	tl.shown = tl.shown[:0]
	for _, s := range sides {
		tl.shown = append(tl.shown, s.sm.EventsProcessed())
	}
}

// start returns the newest checkpointed simulator of side i at or before
// virtual time t that has processed fewer than maxEvents events, or nil
// (start from the seed).
func (tl *timeline) start(i int, t sim.Time, maxEvents int64) *sim.Sim {
	for k := len(tl.cps) - 1; k >= 0; k-- {
		s := tl.cps[k].sims[i]
		if s.Now() <= t && s.EventsProcessed() < maxEvents {
			return s
		}
	}
	return nil
}

// sideFrom returns a new side like s over a clone of from (or, when from
// is nil, a fresh simulator from the seed), following the followed thread.
func (p *Playground) sideFrom(i int, from *sim.Sim) (*Side, error) {
	s := p.sides[i]
	if p.tl.head != nil {
		s = p.tl.head.sides[i]
	}
	if from == nil {
		return newSide(p.scen, s.Case, p.spec.Knobs, p.spec.Seed)
	}
	n := &Side{Case: s.Case, Title: s.Title, sm: from.Clone(), values: s.values, View: view.NewSide(),
		virtual: s.virtual, scopes: s.scopes, requests: s.requests, baseMeasured: s.baseMeasured, models: s.models, sleepsFor: s.sleepsFor}
	p.refollow(i, n.sm)
	n.sm.Fill(&n.Snap)
	// The story as it stood at this position: the moments seen by then.
	n.teller = s.teller.Since(n.Snap.Time)
	return n, nil
}

// retell gives side i, just moved to an earlier position without being
// watched, the story as the live run had it by then: the moments seen up
// to its time (later ones will be news again when it gets there).
func (p *Playground) retell(i int, s *Side) {
	live := p.sides[i]
	if p.tl.head != nil {
		live = p.tl.head.sides[i]
	}
	if live.teller != nil {
		s.teller = live.teller.Since(s.Snap.Time)
	}
}

// refollow follows side i's followed thread in a copy of its simulator
// that is about to be advanced: at once if the thread is alive there, else
// from its start (watch).
func (p *Playground) refollow(i int, sm *sim.Sim) {
	tl := &p.tl
	for len(tl.watch) <= i {
		tl.watch = append(tl.watch, 0)
	}
	tl.watch[i] = 0
	id := p.followed(i)
	if id == 0 {
		return
	}
	// A clone carries its own copy of a followed thread's history; a
	// checkpoint taken before the thread was picked starts following now.
	if d, ok := sm.Thread(id); ok && d.Followed {
		return
	}
	if !sm.Follow(id) {
		tl.watch[i] = id
	}
}

// started reports whether events hold the start of thread id.
func started(evs []sim.Event, id sim.ThreadID) bool {
	for k := range evs {
		if evs[k].Kind == sim.EvThreadStart && evs[k].Thread == id {
			return true
		}
	}
	return false
}

// advanceShown moves side i's shown simulator s to time t like toTime, first
// event by event while it watches for the followed thread's start.
func (p *Playground) advanceShown(i int, s *Side, t sim.Time, maxEvents int) bool {
	tl := &p.tl
	if i < len(tl.watch) && tl.watch[i] != 0 && !s.sm.Done() && s.sm.Now() < t {
		var evs []sim.Event
		s.sm.DrainEvents(nil)
		for n := 0; n < maxEvents && !s.sm.Done() && s.sm.Now() < t; n++ {
			before := s.sm.EventsProcessed()
			s.sm.Advance(t, 1)
			evs, _ = s.sm.DrainEvents(evs[:0])
			if started(evs, tl.watch[i]) {
				s.sm.Follow(tl.watch[i])
				tl.watch[i] = 0
				break
			}
			if s.sm.EventsProcessed() == before && s.sm.Now() >= t {
				break
			}
		}
		if s.sm.Now() >= t && tl.watch[i] != 0 {
			// Reached t while watching: events at exactly t may remain.
			return toTimeExact(s, t)
		}
	}
	return toTime(s, t, maxEvents)
}

func (p *Playground) followed(i int) sim.ThreadID {
	if i < len(p.tl.follow) {
		return p.tl.follow[i]
	}
	return 0
}

// toTime advances s to virtual time t (every event at or before t), at
// most maxEvents events; it reports whether t was reached.
func toTime(s *Side, t sim.Time, maxEvents int) bool {
	if s.sm.Done() || s.sm.Now() >= t {
		return true // never touch a position already there (it may sit between two events of one instant)
	}
	n := 0
	for !s.sm.Done() && s.sm.Now() < t && n < maxEvents {
		step := min(1<<16, maxEvents-n)
		before := s.sm.EventsProcessed()
		s.sm.Advance(t, step)
		n += max(1, int(s.sm.EventsProcessed()-before))
		s.sm.DrainEvents(nil) // not watched: nothing to animate
	}
	if s.sm.Done() {
		return true
	}
	if s.sm.Now() < t {
		return false
	}
	return toTimeExact(s, t)
}

// toTimeExact processes the events at exactly t that a bounded advance to
// t may have left.
func toTimeExact(s *Side, t sim.Time) bool {
	s.sm.Advance(t, math.MaxInt32)
	s.sm.DrainEvents(nil)
	return true
}

// Scrub moves to virtual time t, paused: earlier than the live position by
// re-simulating from the newest checkpoint before t (the live position is
// kept and restored exactly when scrubbing back to it), later by advancing.
// At most maxEvents events per side are processed; it reports whether t
// was reached.
func (p *Playground) Scrub(t sim.Time, maxEvents int) (bool, error) {
	if !p.loaded {
		return false, errors.New("nothing loaded")
	}
	t = max(t, 0)
	p.interruptOpening()
	p.open = opening{} // a position of the reader's own choosing
	p.running = false
	for _, s := range p.sides {
		s.hasStep = false // a scrub is not a step: no event to name
	}
	tl := &p.tl
	if tl.head != nil && t >= tl.head.now {
		p.sides, p.now = tl.head.sides, tl.head.now
		tl.head, tl.shown, tl.watch = nil, nil, nil
	}
	if tl.head == nil && t >= p.now {
		reached := true
		for _, s := range p.sides {
			from := s.Snap.Time
			reached = toTime(s, t, maxEvents) && reached
			s.Events, s.pending = s.Events[:0], s.pending[:0]
			s.fill()
			if s.teller != nil && s.Snap.Time > from {
				// Unwatched: what happened on the way is not news now.
				s.teller.Jumped()
			}
			s.forgetStaleCallouts()
		}
		p.now = p.clock()
		return reached, nil
	}
	if tl.head == nil {
		tl.head = &headState{sides: p.sides, now: p.now}
	}
	sides := make([]*Side, len(p.sides))
	for i, cur := range p.sides {
		from := tl.start(i, t, math.MaxInt64)
		if cur != tl.head.sides[i] && cur.sm.Now() <= t && (from == nil || from.EventsProcessed() <= cur.sm.EventsProcessed()) {
			sides[i] = cur // an earlier position already shown: go on from it
			continue
		}
		s, err := p.sideFrom(i, from)
		if err != nil {
			return false, err
		}
		sides[i] = s
	}
	reached := true
	for i, s := range sides {
		reached = p.advanceShown(i, s, t, maxEvents) && reached
		s.fill()
		p.retell(i, s)
		s.forgetStaleCallouts()
	}
	p.sides = sides
	p.now = p.clock()
	tl.mark(sides)
	return reached, nil
}

// EventFilter selects observable events: of the given kinds (any if
// none), of one thread (0: any) of one side.
type EventFilter struct {
	Kinds  []sim.EventKind
	Thread sim.ThreadID
	Side   int
}

func (f *EventFilter) match(e *sim.Event) bool {
	if f.Thread != 0 && e.Thread != f.Thread {
		return false
	}
	if len(f.Kinds) == 0 {
		return true
	}
	for _, k := range f.Kinds {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// eventGroups are the kinds the timeline steps to, by the names the page
// uses; any single kind's own name (sim.EventKindByName) works too.
var eventGroups = map[string][]sim.EventKind{
	"park": {sim.EvUnmount, sim.EvPinned, sim.EvPark},
	"gc":   {sim.EvGCPause},
	"any":  nil,
}

// ParseEventFilter reads the page's filter: kind names separated by
// commas ("mount", "park", "freeze", "gc", or any event kind's name).
func ParseEventFilter(kinds string, side int, thread int64) (EventFilter, error) {
	f := EventFilter{Side: side, Thread: sim.ThreadID(thread)}
	for _, name := range strings.Split(kinds, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if g, ok := eventGroups[name]; ok {
			f.Kinds = append(f.Kinds, g...)
			continue
		}
		k, ok := sim.EventKindByName(name)
		if !ok {
			return f, fmt.Errorf("unknown event kind %q: expected park, gc, any or one of mount, unmount, pinned, unpark, freeze, gc-young, gc-full, gc-pause, gc-end, thread-start, thread-end, jit-tier, fork, win, cancel, carrier-start, router-switch, oom", name)
		}
		f.Kinds = append(f.Kinds, k)
	}
	return f, nil
}

// lead is the side a step looks at: the filter's side if it names a
// thread, else the first side still running.
func (p *Playground) lead(f *EventFilter) (int, error) {
	if f.Thread != 0 || f.Side != 0 {
		if f.Side < 0 || f.Side >= len(p.sides) {
			return 0, fmt.Errorf("side %d: there are %d", f.Side, len(p.sides))
		}
		return f.Side, nil
	}
	for i, s := range p.sides {
		if !s.sm.Done() {
			return i, nil
		}
	}
	return 0, nil
}

// StepTo pauses and advances to just after the next event the filter
// selects (at most stepBound events); the other sides catch up to its
// time. It reports whether one was found.
func (p *Playground) StepTo(f EventFilter) (bool, error) {
	if !p.loaded {
		return false, errors.New("nothing loaded")
	}
	p.interruptOpening()
	p.running = false
	li, err := p.lead(&f)
	if err != nil {
		return false, err
	}
	lead := p.sides[li]
	found := lead.stepUntil(&f)
	p.catchUp(lead)
	return found, nil
}

// stepUntil advances the side one event at a time (at most stepBound)
// until it records an event the filter selects, and reports whether it
// did. Step and StepTo both step through here.
func (s *Side) stepUntil(f *EventFilter) bool {
	s.collect()
	found := false
	for i := 0; i < stepBound && !found && !s.sm.Done(); i++ {
		from := len(s.pending)
		s.sm.Advance(sim.Never, 1)
		s.collect()
		for k := from; k < len(s.pending); k++ {
			if !found && f.match(&s.pending[k]) {
				found = true
				// Named under the picture until the run moves on.
				s.stepped, s.hasStep = s.pending[k], true
			}
		}
		if n := len(s.pending); n > eventCapacity {
			// A long search: keep the latest events for the picture.
			s.pending = append(s.pending[:0], s.pending[n-eventCapacity/2:]...)
		}
	}
	return found
}

// StepBack moves, paused, to just after the latest earlier event the
// filter selects, searching back through the checkpoints (at most
// searchEvents events re-simulated). The live position is kept as for a
// scrub. It reports whether one was found.
func (p *Playground) StepBack(f EventFilter) (bool, error) {
	if !p.loaded {
		return false, errors.New("nothing loaded")
	}
	p.interruptOpening()
	p.running = false
	li, err := p.lead(&f)
	if err != nil {
		return false, err
	}
	tl := &p.tl
	// Matches must come after fewer than limit events; the search starts
	// from a checkpoint with fewer than before events, newest first.
	limit := p.sides[li].sm.EventsProcessed()
	before := limit
	budget := searchEvents
	for budget > 0 {
		from := tl.start(li, sim.Never, before)
		var c *sim.Sim
		if from != nil {
			c = from.Clone()
		} else {
			s, err := p.sideFrom(li, nil)
			if err != nil {
				return false, err
			}
			c = s.sm
		}
		begin := c.EventsProcessed()
		found, at := scanBack(c, limit, &f, &budget)
		if found > 0 {
			return true, p.showAfter(li, from, found, at)
		}
		if from == nil || begin == 0 {
			return false, nil // searched back to the start
		}
		// Next, the stretch before this checkpoint, including the events
		// its own state ends with.
		limit, before = begin+1, begin
	}
	return false, nil
}

// scanBack runs c event by event up to end events and returns the latest
// count, below end, after which an event the filter selects was recorded.
func scanBack(c *sim.Sim, end int64, f *EventFilter, budget *int) (int64, sim.Time) {
	var found int64
	var at sim.Time
	var evs []sim.Event
	c.DrainEvents(nil)
	for c.EventsProcessed() < end-1 && !c.Done() && *budget > 0 {
		c.Advance(sim.Never, 1)
		*budget--
		evs, _ = c.DrainEvents(evs[:0])
		for k := range evs {
			if f.match(&evs[k]) {
				found, at = c.EventsProcessed(), c.Now()
			}
		}
	}
	return found, at
}

// showAfter shows the position just after event number n of side li
// (re-simulated from the checkpointed from, nil: the seed), the other
// sides at its time t.
func (p *Playground) showAfter(li int, from *sim.Sim, n int64, t sim.Time) error {
	tl := &p.tl
	if tl.head == nil {
		tl.head = &headState{sides: p.sides, now: p.now}
	}
	sides := make([]*Side, len(p.sides))
	for i := range p.sides {
		start := from
		if i != li {
			start = tl.start(i, t, math.MaxInt64)
		}
		s, err := p.sideFrom(i, start)
		if err != nil {
			return err
		}
		if i == li {
			var evs []sim.Event
			s.sm.DrainEvents(nil)
			for s.sm.EventsProcessed() < n && !s.sm.Done() {
				s.sm.Advance(sim.Never, 1)
				evs, _ = s.sm.DrainEvents(evs[:0])
				if w := p.tl.watch[i]; w != 0 && started(evs, w) {
					s.sm.Follow(w)
					p.tl.watch[i] = 0
				}
			}
		} else {
			p.advanceShown(i, s, t, math.MaxInt32)
		}
		s.fill()
		p.retell(i, s)
		sides[i] = s
	}
	p.sides = sides
	p.now = p.clock()
	tl.mark(sides)
	return nil
}

// TimelineState is what the page's timeline bar shows.
type TimelineState struct {
	// StartNs..EndNs is the stretch a scrub reaches quickly: from the
	// oldest checkpoint to the live position.
	StartNs int64 `json:"startNs"`
	EndNs   int64 `json:"endNs"`
	// NowNs is the position shown; Live is false while it is an earlier
	// one than the live position.
	NowNs int64 `json:"nowNs"`
	// Now is that position in the picture header's words (view.Clock):
	// the bar said "7.08 ms" under a header saying "7.1 ms", and two
	// newcomers asked which was right.
	Now          string  `json:"now"`
	Live         bool    `json:"live"`
	Checkpoints  int     `json:"checkpoints"`
	CheckpointMB float64 `json:"checkpointMb"`
	// MarksNs are the checkpoints' times.
	MarksNs []int64 `json:"marksNs"`
}

// Timeline reports the timeline.
func (p *Playground) Timeline() TimelineState {
	tl := &p.tl
	st := TimelineState{NowNs: int64(p.now), Now: view.Clock(sim.Duration(p.now)), EndNs: int64(p.now), Live: tl.head == nil,
		Checkpoints: len(tl.cps), CheckpointMB: round3(float64(tl.bytes) / (1 << 20)), MarksNs: []int64{}}
	if tl.head != nil {
		st.EndNs = int64(tl.head.now)
	}
	for _, cp := range tl.cps {
		st.MarksNs = append(st.MarksNs, int64(cp.at))
		st.EndNs = max(st.EndNs, int64(cp.at))
	}
	if len(tl.cps) > 0 {
		st.StartNs = int64(tl.cps[0].at)
	}
	return st
}
