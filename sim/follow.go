package sim

// Following one thread: the timeline's "follow this thread" card shows a
// thread's states and the time in each, its StackChunks and the carriers
// it ran on. Time per state is kept for every thread; the step-by-step
// history only for the threads being followed (a few), so following costs
// nothing when nobody looks.

// Stint is one stretch of a followed thread's life in one state.
type Stint struct {
	From    Time
	State   ThreadState
	Reason  ParkReason
	Carrier CarrierID // while mounted
}

type followed struct {
	id      ThreadID
	slot    int32
	history []Stint
	inState [StateTerminated + 1]Duration // time in each state since following began
	since   Time
	state   ThreadState
}

// maxStints bounds a followed thread's history.
const maxStints = 512

// Follow starts keeping the step-by-step history of thread id (the
// simulator keeps at most 8 followed threads; the oldest is dropped).
// It reports whether the thread is alive.
func (s *Sim) Follow(id ThreadID) bool {
	slot := s.slotOf(id)
	if slot < 0 {
		return false
	}
	for _, f := range s.follow {
		if f.id == id {
			return true
		}
	}
	if len(s.follow) >= 8 {
		s.follow = append(s.follow[:0], s.follow[1:]...)
	}
	t := &s.th[slot]
	s.follow = append(s.follow, followed{id: id, slot: slot, since: t.since, state: t.state,
		history: []Stint{{From: t.since, State: t.state, Reason: t.reason, Carrier: s.carrierOf(t)}}})
	return true
}

// Unfollow stops keeping thread id's history.
func (s *Sim) Unfollow(id ThreadID) {
	for i, f := range s.follow {
		if f.id == id {
			s.follow = append(s.follow[:i], s.follow[i+1:]...)
			return
		}
	}
}

func (s *Sim) slotOf(id ThreadID) int32 {
	for i := range s.th {
		t := &s.th[i]
		if t.id == id && t.state != StateTerminated && t.state != stateInvalid {
			return int32(i)
		}
	}
	return -1
}

func (s *Sim) carrierOf(t *thread) CarrierID {
	if t.virtual && t.carrier >= 0 {
		return s.th[t.carrier].cid
	}
	return 0
}

// noteFollowed records a state change of a followed thread.
func (s *Sim) noteFollowed(ti int32) {
	for i := range s.follow {
		f := &s.follow[i]
		if f.slot != ti || s.th[ti].id != f.id {
			continue
		}
		t := &s.th[ti]
		f.inState[f.state] += s.now.Sub(f.since)
		f.since, f.state = s.now, t.state
		if len(f.history) >= maxStints {
			f.history = append(f.history[:0], f.history[len(f.history)/2:]...)
		}
		f.history = append(f.history, Stint{From: s.now, State: t.state, Reason: t.reason, Carrier: s.carrierOf(t)})
	}
}

// ThreadDetail is what the follow card shows about one thread.
type ThreadDetail struct {
	ID          ThreadID
	Virtual     bool
	Role        Role
	State       ThreadState
	Reason      ParkReason
	Created     Time
	InState     map[string]Duration // time in each state since it was followed (else: the current state only)
	CPU         Duration
	Mounts      int32
	Parks       int32
	Carrier     CarrierID // now, if mounted
	LastCarrier CarrierID
	Frames      Words // frame words at its current point
	Resident    Words // frame words still frozen in chunks
	Chunks      []ChunkView
	History     []Stint // only for followed threads
	Followed    bool
}

// Thread returns the detail of a live thread, and whether it exists.
func (s *Sim) Thread(id ThreadID) (ThreadDetail, bool) {
	slot := s.slotOf(id)
	if slot < 0 {
		return ThreadDetail{}, false
	}
	t := &s.th[slot]
	d := ThreadDetail{ID: t.id, Virtual: t.virtual, Role: t.role, State: t.state, Reason: t.reason,
		Created: t.created, CPU: t.cpu, Mounts: t.mounts, Parks: t.parks, Carrier: s.carrierOf(t),
		LastCarrier: t.lastCarrier, Frames: t.frames, Resident: t.resident, InState: map[string]Duration{}}
	d.InState[t.state.String()] = s.now.Sub(t.since)
	for ci := t.tail; ci >= 0; ci = s.chunks[ci].parent {
		c := &s.chunks[ci]
		d.Chunks = append(d.Chunks, ChunkView{ID: c.id, Owner: t.id, Capacity: c.capacity, Used: c.used,
			Space: s.heap.blobs[c.blob].sp, GCMode: c.gcMode, Tier: c.bornTier})
	}
	for _, f := range s.follow {
		if f.id == id {
			d.Followed = true
			d.History = append([]Stint(nil), f.history...)
			for st := StateNew; st <= StateTerminated; st++ {
				v := f.inState[st]
				if st == t.state {
					v += s.now.Sub(f.since)
				}
				if v > 0 {
					d.InState[st.String()] = v
				}
			}
		}
	}
	return d, true
}
