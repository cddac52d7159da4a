package sim

// EventKind is the kind of an observable event: what the picture animates
// and the timeline can step to. The zero value is invalid.
type EventKind uint8

const (
	_ EventKind = iota // the zero value is invalid
	// EvThreadStart: a thread was created (A: 1 if virtual; B: its Role).
	EvThreadStart
	// EvThreadEnd: a thread terminated (A: 1 if virtual).
	EvThreadEnd
	// EvMount: a virtual thread mounted on a carrier (A: words thawed).
	EvMount
	// EvUnmount: a virtual thread parked and unmounted (A: ParkReason; B:
	// words frozen).
	EvUnmount
	// EvPinned: a virtual thread parked pinned to its carrier (A: reason).
	EvPinned
	// EvUnpark: a parked thread became runnable (A: 1 if virtual). A
	// platform thread's wake is one too: gc-lab's sleepers wake by the
	// hundred, and the picture and the step line tell the two apart.
	EvUnpark
	// EvFreeze: frames were frozen (A: words; B: 1 in place, 2 reused by
	// the fix, 3 new chunk).
	EvFreeze
	// EvGCYoung: a young collection (A: bytes copied; B: bytes promoted).
	EvGCYoung
	// EvGCFull: a Full GC (A: live bytes after; B: GCCause).
	EvGCFull
	// EvGCPause: a stop-the-world pause began (A: duration ns; B: 1 if it
	// includes a Full GC).
	EvGCPause
	// EvGCEnd: the pause ended.
	EvGCEnd
	// EvTier: a method got compiled (A: method; B: Tier).
	EvTier
	// EvFork: a scope forked subtasks (A: count).
	EvFork
	// EvWin: a subtask won its scope (A: subtask index).
	EvWin
	// EvCancel: a subtask was cancelled (A: subtask index).
	EvCancel
	// EvCarrierStart: the scheduler started a carrier (A: carrier number).
	EvCarrierStart
	// EvRouterSwitch: the router went to single-model mode (A: model; B:
	// races so far).
	EvRouterSwitch
	// EvOOM: the run ended with an OutOfMemoryError.
	EvOOM
	// EvPark: a platform thread blocked (A: ParkReason).
	EvPark
	evkCount
)

var eventKindNames = [...]string{"invalid", "thread-start", "thread-end", "mount", "unmount", "pinned", "unpark",
	"freeze", "gc-young", "gc-full", "gc-pause", "gc-end", "jit-tier", "fork", "win", "cancel",
	"carrier-start", "router-switch", "oom", "park"}

func (k EventKind) String() string { return eventKindNames[k] }

// EventKindByName returns the kind with the given name.
func EventKindByName(name string) (EventKind, bool) {
	for i, n := range eventKindNames {
		if n == name && i > 0 {
			return EventKind(i), true
		}
	}
	return 0, false
}

// Event is one observable event.
type Event struct {
	At      Time
	Kind    EventKind
	Thread  ThreadID  // 0 if none
	Carrier CarrierID // 0 if none
	A, B    int64
}

// recorder keeps observable events until they are drained. It is bounded:
// when a consumer does not keep up, the oldest events are dropped and
// counted, so the simulator's memory never grows with time.
type recorder struct {
	buf     []Event
	head, n int
	dropped int64
}

// Record turns event recording on (with room for capacity events between
// drains) or off (capacity 0). The CLI's run does not record; the picture
// and traces do.
func (s *Sim) Record(capacity int) {
	if capacity <= 0 {
		s.rec = nil
		return
	}
	s.rec = &recorder{buf: make([]Event, capacity)}
}

// emit records an observable event when recording is on; the check is
// inlined at every call site so the CLI's runs pay almost nothing.
func (s *Sim) emit(kind EventKind, ti int32, a, b int64) {
	if s.rec != nil {
		s.record(kind, ti, a, b)
	}
}

func (s *Sim) record(kind EventKind, ti int32, a, b int64) {
	r := s.rec
	e := Event{At: s.now, Kind: kind, A: a, B: b}
	if ti >= 0 {
		t := &s.th[ti]
		e.Thread = t.id
		if t.virtual && t.carrier >= 0 {
			e.Carrier = s.th[t.carrier].cid
		} else if t.role == RoleCarrier {
			e.Carrier = t.cid
		}
	}
	if kind == EvGCPause || kind == EvGCYoung || kind == EvGCFull {
		e.At = s.pauseStartTime()
	}
	if r.n == len(r.buf) {
		r.head = (r.head + 1) % len(r.buf)
		r.n--
		r.dropped++
	}
	r.buf[(r.head+r.n)%len(r.buf)] = e
	r.n++
}

func (s *Sim) emitTier(m int, t Tier) { s.emit(EvTier, -1, int64(m), int64(t)) }

// Undrained reports how many recorded events the next DrainEvents returns.
func (s *Sim) Undrained() int {
	if s.rec == nil {
		return 0
	}
	return s.rec.n
}

// DrainEvents appends the events recorded since the last drain to dst and
// returns it, with the number of events dropped because the buffer was full.
func (s *Sim) DrainEvents(dst []Event) ([]Event, int64) {
	r := s.rec
	if r == nil {
		return dst, 0
	}
	for i := 0; i < r.n; i++ {
		dst = append(dst, r.buf[(r.head+i)%len(r.buf)])
	}
	r.head, r.n = 0, 0
	d := r.dropped
	r.dropped = 0
	return dst, d
}
