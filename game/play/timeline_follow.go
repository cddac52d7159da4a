package play

import (
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/loomlab/loomlab/sim"
)

// Following one thread: the "follow this thread" card. The simulator keeps
// the followed thread's step-by-step history (sim.Follow); the playground
// remembers which thread each side follows, so that a scrub, which swaps
// in re-simulated copies, follows it there too, and keeps the last detail
// of a thread that has ended.

// Follow starts following thread id of side side (one thread at a time;
// following another stops the first).
func (p *Playground) Follow(side int, id sim.ThreadID) error {
	if !p.loaded {
		return errors.New("nothing loaded")
	}
	if side < 0 || side >= len(p.sides) {
		return fmt.Errorf("side %d: there are %d", side, len(p.sides))
	}
	s := p.sides[side]
	if !s.sm.Follow(id) {
		return fmt.Errorf("thread %v is not alive on %s", id, s.Case)
	}
	p.Unfollow()
	s.sm.Follow(id) // Unfollow dropped it if it was the same thread
	tl := &p.tl
	for len(tl.follow) < len(p.sides) {
		tl.follow = append(tl.follow, 0)
	}
	tl.follow[side] = id
	tl.ended = nil
	if tl.head != nil {
		// Picked at an earlier position: the live one follows it too, so
		// scrubbing back to it keeps the card.
		tl.head.sides[side].sm.Follow(id)
	}
	p.replayFollowing(side, id)
	return nil
}

// replayEvents bounds the events re-simulated to give a newly followed
// thread its history from before it was clicked.
const replayEvents = 500_000

// replayFollowing gives side i's newly followed thread its history from
// before it was picked: it re-simulates the side from a recent checkpoint
// (or from the seed), following the thread from there or from its start,
// and takes that simulator if it reaches the very same state. Otherwise
// the history starts now.
func (p *Playground) replayFollowing(i int, id sim.ThreadID) {
	cur := p.sides[i].sm
	n, t := cur.EventsProcessed(), cur.Now()
	// The oldest start within reach: the seed itself, else a checkpoint.
	var c *sim.Sim
	if n <= replayEvents {
		s, err := newSide(p.scen, p.sides[i].Case, p.spec.Knobs, p.spec.Seed)
		if err != nil {
			return
		}
		c = s.sm
	}
	for _, cp := range p.tl.cps {
		if s := cp.sims[i]; c == nil && s.EventsProcessed() <= n && s.Now() <= t && n-s.EventsProcessed() <= replayEvents {
			c = s.Clone()
		}
	}
	if c == nil {
		return
	}
	c.Unfollow(id)
	watching := !c.Follow(id)
	var evs []sim.Event
	c.DrainEvents(nil)
	for c.EventsProcessed() < n && !c.Done() {
		before, at := c.EventsProcessed(), c.Now()
		if watching {
			c.Advance(t, 1)
			evs, _ = c.DrainEvents(evs[:0])
			if started(evs, id) {
				watching = !c.Follow(id)
			}
		} else {
			c.Advance(t, int(n-c.EventsProcessed()))
			c.DrainEvents(nil)
		}
		if c.EventsProcessed() == before && c.Now() == at {
			return // no progress: not the same run
		}
	}
	for k := 0; c.Now() < t && !c.Done() && c.EventsProcessed() == n && k < 1<<16; k++ {
		c.Advance(t, 1) // the clock after the last event (or events put off by a pause)
		c.DrainEvents(nil)
	}
	if watching || !sameState(c, cur) {
		return
	}
	// The latency window belongs to the page's reads of state(): start it
	// afresh rather than report the replay's.
	c.TakeRecentLatency()
	p.sides[i].sm = c
}

// sameState reports whether two simulators of one run are at the same
// position: events, clock, metrics and what a snapshot shows.
func sameState(a, b *sim.Sim) bool {
	if a.EventsProcessed() != b.EventsProcessed() || a.Now() != b.Now() || a.Done() != b.Done() ||
		!reflect.DeepEqual(a.Metrics(), b.Metrics()) {
		return false
	}
	var sa, sb sim.Snapshot
	a.Fill(&sa)
	b.Fill(&sb)
	sa.RecentLatency, sb.RecentLatency = sim.LatencySummary{}, sim.LatencySummary{}
	return reflect.DeepEqual(sa, sb)
}

// Unfollow stops following.
func (p *Playground) Unfollow() {
	tl := &p.tl
	for i, id := range tl.follow {
		if id != 0 && i < len(p.sides) {
			p.sides[i].sm.Unfollow(id)
			if tl.head != nil {
				tl.head.sides[i].sm.Unfollow(id)
			}
		}
		tl.follow[i] = 0
	}
	tl.watch = nil
	tl.ended = nil
}

// FollowedIDs returns the followed thread of each side (0: none), for the
// picture's outline.
func (p *Playground) FollowedIDs(dst []sim.ThreadID) []sim.ThreadID {
	dst = dst[:0]
	for i := range p.sides {
		dst = append(dst, p.followed(i))
	}
	return dst
}

// FollowAny follows a thread of the first side that shows one: the one on
// the first busy carrier (or, without virtual threads, the first platform
// thread on a CPU), else the first in the run queue, else the first parked
// one. It is the keyboard's way to pick a thread; it returns the side and
// the thread.
func (p *Playground) FollowAny() (int, sim.ThreadID, error) {
	for i, s := range p.sides {
		sn := &s.Snap
		var ids []sim.ThreadID
		for _, c := range sn.Carriers {
			ids = append(ids, c.Thread)
		}
		for _, t := range sn.Platform {
			if t.OnCPU {
				ids = append(ids, t.ID)
			}
		}
		ids = append(ids, sn.RunQueue...)
		for _, group := range sn.Parked {
			ids = append(ids, group...)
		}
		for _, t := range sn.Platform {
			ids = append(ids, t.ID)
		}
		for _, id := range ids {
			if id != 0 && p.Follow(i, id) == nil {
				return i, id, nil
			}
		}
	}
	return 0, 0, errors.New("no thread is alive here right now: play or step a little, then try again")
}

// ThreadCard is the follow card's content. Times are ns of virtual time.
type ThreadCard struct {
	Side    int    `json:"side"`
	Case    string `json:"case"`
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Virtual bool   `json:"virtual"`
	Role    string `json:"role"`
	State   string `json:"state"`
	Reason  string `json:"reason"`
	// Alive is false once the thread has terminated: the card then shows
	// its last known detail, as of EndedNs.
	Alive     bool  `json:"alive"`
	EndedNs   int64 `json:"endedNs,omitempty"`
	NowNs     int64 `json:"nowNs"`
	CreatedNs int64 `json:"createdNs"`
	// InState is the time spent in each state, in the states' order.
	InState       []StateTime `json:"inState"`
	CPUNs         int64       `json:"cpuNs"`
	Mounts        int32       `json:"mounts"`
	Parks         int32       `json:"parks"`
	Carrier       string      `json:"carrier"`
	LastCarrier   string      `json:"lastCarrier"`
	FrameWords    int64       `json:"frameWords"`
	ResidentWords int64       `json:"residentWords"`
	Chunks        []ChunkCard `json:"chunks"`
	// History: the stints since following began (newest last), and the
	// time on each carrier over them.
	FollowedSinceNs int64         `json:"followedSinceNs"`
	History         []StintCard   `json:"history"`
	Carriers        []CarrierTime `json:"carriers"`
}

// StateTime is the time in one state.
type StateTime struct {
	State string `json:"state"`
	Ns    int64  `json:"ns"`
}

// ChunkCard is one StackChunk of the thread, newest (the one frozen into
// last) first.
type ChunkCard struct {
	ID            int64  `json:"id"`
	CapacityWords int64  `json:"capacityWords"`
	UsedWords     int64  `json:"usedWords"`
	Space         string `json:"space"`
	GCMode        bool   `json:"gcMode"`
	Tier          string `json:"tier"`
}

// StintCard is one stretch of the thread in one state.
type StintCard struct {
	FromNs  int64  `json:"fromNs"`
	ToNs    int64  `json:"toNs"`
	State   string `json:"state"`
	Reason  string `json:"reason,omitempty"`
	Carrier string `json:"carrier,omitempty"`
}

// CarrierTime is the time mounted on one carrier.
type CarrierTime struct {
	Carrier string `json:"carrier"`
	Stints  int    `json:"stints"`
	Ns      int64  `json:"ns"`
}

// maxCardStints bounds the stints a card lists (the newest).
const maxCardStints = 64

// Card returns the followed thread's card, or nil when nothing is
// followed.
func (p *Playground) Card() *ThreadCard {
	tl := &p.tl
	for i, id := range tl.follow {
		if id == 0 || i >= len(p.sides) {
			continue
		}
		s := p.sides[i]
		d, ok := s.sm.Thread(id)
		if !ok {
			// Ended: keep showing the last detail. Before it (a scrub
			// back to before the thread started) there is nothing to show.
			if tl.ended == nil || tl.ended.ID != int64(id) || int64(s.sm.Now()) < tl.ended.EndedNs {
				return &ThreadCard{Side: i, Case: s.Case, ID: int64(id), Name: id.String(), State: "not started yet",
					NowNs: int64(s.sm.Now()), InState: []StateTime{}, Chunks: []ChunkCard{}, History: []StintCard{}, Carriers: []CarrierTime{}}
			}
			c := *tl.ended
			c.NowNs = int64(s.sm.Now())
			return &c
		}
		c := card(i, s.Case, &d, s.sm.Now())
		tl.ended = &ThreadCard{}
		*tl.ended = *c
		tl.ended.Alive, tl.ended.State, tl.ended.Reason, tl.ended.EndedNs = false, "terminated", "", int64(s.sm.Now())
		return c
	}
	return nil
}

func card(side int, caseID string, d *sim.ThreadDetail, now sim.Time) *ThreadCard {
	c := &ThreadCard{Side: side, Case: caseID, ID: int64(d.ID), Name: d.ID.String(), Virtual: d.Virtual,
		Role: d.Role.String(), State: d.State.String(), Alive: true, NowNs: int64(now), CreatedNs: int64(d.Created),
		CPUNs: int64(d.CPU), Mounts: d.Mounts, Parks: d.Parks, Carrier: carrierName(d.Carrier),
		LastCarrier: carrierName(d.LastCarrier), FrameWords: int64(d.Frames), ResidentWords: int64(d.Resident),
		InState: []StateTime{}, Chunks: []ChunkCard{}, History: []StintCard{}, Carriers: []CarrierTime{}}
	if d.State == sim.StateParked || d.State == sim.StatePinned {
		c.Reason = d.Reason.String()
	}
	for _, st := range []sim.ThreadState{sim.StateNew, sim.StateRunnable, sim.StateRunning, sim.StateParked, sim.StatePinned} {
		if v, ok := d.InState[st.String()]; ok {
			c.InState = append(c.InState, StateTime{State: st.String(), Ns: int64(v)})
		}
	}
	for _, ch := range d.Chunks {
		c.Chunks = append(c.Chunks, ChunkCard{ID: int64(ch.ID), CapacityWords: int64(ch.Capacity), UsedWords: int64(ch.Used),
			Space: ch.Space.String(), GCMode: ch.GCMode, Tier: ch.Tier.String()})
	}
	if len(d.History) > 0 {
		c.FollowedSinceNs = int64(d.History[0].From)
	}
	var per []CarrierTime
	for k, h := range d.History {
		to := now
		if k+1 < len(d.History) {
			to = d.History[k+1].From
		}
		sc := StintCard{FromNs: int64(h.From), ToNs: int64(to), State: h.State.String(), Carrier: carrierName(h.Carrier)}
		if h.State == sim.StateParked || h.State == sim.StatePinned {
			sc.Reason = h.Reason.String()
		}
		c.History = append(c.History, sc)
		if h.Carrier == 0 {
			continue
		}
		name := carrierName(h.Carrier)
		j := slices.IndexFunc(per, func(x CarrierTime) bool { return x.Carrier == name })
		if j < 0 {
			per = append(per, CarrierTime{Carrier: name})
			j = len(per) - 1
		}
		// A stint on a carrier starts when the thread mounts; running and
		// pinned stints that follow on the same carrier continue it.
		if h.State == sim.StateRunning && (k == 0 || d.History[k-1].Carrier != h.Carrier) {
			per[j].Stints++
		}
		per[j].Ns += int64(to.Sub(h.From))
	}
	if len(c.History) > maxCardStints {
		c.History = c.History[len(c.History)-maxCardStints:]
	}
	if per != nil {
		c.Carriers = per
	}
	return c
}

// carrierName is "worker-N" (ForkJoinPool-1-worker-N), or "".
func carrierName(id sim.CarrierID) string {
	if id == 0 {
		return ""
	}
	return fmt.Sprintf("worker-%d", int32(id))
}
