package sim

// eventKind says what a scheduled event does when it fires.
type eventKind uint8

const (
	_ eventKind = iota // the zero value is invalid
	// evSliceEnd: the CPU burst or time slice running on core a ends.
	// b is the core's token; a stale token means the slice was rescheduled
	// (a stop-the-world pause stretched it) and the event is ignored.
	evSliceEnd
	// evWake: the timed wait of thread slot a ends (sleep, blocking call,
	// retry). b is the thread's wait token; stale tokens are ignored.
	evWake
	// evClient: client connection a acts (sends its next request, connects,
	// or retries a dropped connection attempt). b is the connection's token.
	evClient
	// evRequestArrive: the request of connection a reaches the server.
	evRequestArrive
	// evAsync: the asynchronous operation of task slot a completes and its
	// continuation is handed to its event loop.
	evAsync
	// evGCEnd: the stop-the-world pause ends.
	evGCEnd
	// evCompiled: method a finishes compiling at tier b.
	evCompiled
	// evArrival: the open-arrival generator a fires (a new connection sends
	// one request).
	evArrival
	// evRamp: the ramping closed-loop generator a adds or removes users.
	evRamp
	// evOSWake: blocked OS thread a becomes runnable (b: its token).
	evOSWake
	// evStop: the end of the run.
	evStop
	evKindCount
)

var eventKindLabels = [...]string{"invalid", "slice-end", "wake", "client", "request-arrive", "async",
	"gc-end", "compiled", "arrival", "ramp", "os-wake", "stop"}

// EventCounts returns how many events of each kind the run has handled (for
// benchmarks: where the work goes).
func (s *Sim) EventCounts() map[string]int64 {
	out := map[string]int64{}
	for k, n := range s.stats.byKind {
		if n > 0 {
			out[eventKindLabels[k]] = n
		}
	}
	return out
}

// javaSide reports whether an event needs a Java thread to act and must
// therefore wait while a stop-the-world pause holds every Java thread. Client
// activity and timers outside the JVM carry on during a pause; their effects
// on Java threads are what waits.
func (k eventKind) javaSide() bool {
	switch k {
	case evWake, evRequestArrive, evAsync, evCompiled, evOSWake:
		return true
	}
	return false
}

// event is one entry of the queue. Events are ordered by (at, seq); seq is a
// global counter, so two events at the same instant fire in the order they
// were scheduled and the run never depends on heap layout.
//
// seq, the lane and the kind share one word (ord: seq in the high 48 bits,
// then the lane, then the kind), so that ordering by (at, ord) is ordering by
// (at, seq) and the record has four fields in 24 bytes. The compiler keeps a
// struct of at most four fields in registers; a larger one is copied through
// memory at every move, which in WebAssembly is a memory.copy call, and the
// heap's sifts, the lanes and the event loop move events all the time.
type event struct {
	at  Time
	ord uint64
	a   int32
	b   uint32
}

// noLane marks an event that lives in the heap only.
const noLane = -1

func makeEvent(at Time, seq uint64, kind eventKind, lane int8, a int32, b uint32) event {
	return event{at: at, ord: seq<<16 | uint64(uint8(lane))<<8 | uint64(kind), a: a, b: b}
}

func (e *event) kind() eventKind { return eventKind(e.ord) }

// lane is the lane this event heads, noLane if it lives in the heap only.
func (e *event) lane() int8 { return int8(e.ord >> 8) }

func (e *event) seq() uint64 { return e.ord >> 16 }

func (e *event) before(f *event) bool {
	if e.at != f.at {
		return e.at < f.at
	}
	return e.ord < f.ord
}

// eventQueue orders events by (at, seq). It is a 4-ary min-heap plus
// "lanes": most events are scheduled a fixed delay after now (a constant
// backend latency, the network delay, the OS wake latency), and events
// pushed with the same delay arrive in time order, so they can wait in a
// FIFO while only the lane's head sits in the heap. That keeps the heap at a
// few dozen entries instead of one per connection. The order of events is
// exactly the heap's order: lanes only change where events wait.
type eventQueue struct {
	h     []event
	seq   uint64
	n     int
	lanes []lane
}

// lane is a FIFO of events scheduled with the same delay.
type lane struct {
	delay  Duration
	events ring[event]
	warmed int32 // events at the front whose records were read ahead (warm.go)
}

const maxLanes = 32

func (q *eventQueue) len() int { return q.n }

// push schedules an event at an arbitrary time.
func (q *eventQueue) push(at Time, kind eventKind, a int32, b uint32) {
	q.seq++
	q.n++
	q.h = append(q.h, makeEvent(at, q.seq, kind, noLane, a, b))
	q.up(len(q.h) - 1)
}

// pushAfter schedules an event d after now (now never decreases between
// calls, so events with equal d are in time order).
func (q *eventQueue) pushAfter(now Time, d Duration, kind eventKind, a int32, b uint32) {
	li := -1
	for i := range q.lanes {
		if q.lanes[i].delay == d {
			li = i
			break
		}
	}
	if li < 0 {
		if len(q.lanes) >= maxLanes {
			q.push(now.Add(d), kind, a, b)
			return
		}
		q.lanes = append(q.lanes, lane{delay: d})
		li = len(q.lanes) - 1
	}
	q.seq++
	q.n++
	e := makeEvent(now.Add(d), q.seq, kind, int8(li), a, b)
	l := &q.lanes[li]
	l.events.push(e)
	if l.events.len() == 1 {
		q.h = append(q.h, e)
		q.up(len(q.h) - 1)
	}
}

// peek returns the earliest event without removing it.
func (q *eventQueue) peek() *event { return &q.h[0] }

// pop removes and returns the earliest event.
func (q *eventQueue) pop() event {
	top := q.h[0]
	q.n--
	if li := top.lane(); li != noLane {
		l := &q.lanes[li]
		l.events.pop()
		if l.events.len() > 0 {
			// The lane's next event replaces its head at the top.
			q.h[0] = *l.events.front()
			q.down(0)
			return top
		}
	}
	last := len(q.h) - 1
	q.h[0] = q.h[last]
	q.h = q.h[:last]
	if last > 0 {
		q.down(0)
	}
	return top
}

func (q *eventQueue) up(i int) {
	h := q.h
	e := h[i]
	for i > 0 {
		p := (i - 1) / 4
		if !e.before(&h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = e
}

func (q *eventQueue) down(i int) {
	h := q.h
	n := len(h)
	e := h[i]
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		best := c
		end := c + 4
		if end > n {
			end = n
		}
		for j := c + 1; j < end; j++ {
			if h[j].before(&h[best]) {
				best = j
			}
		}
		if !h[best].before(&e) {
			break
		}
		h[i] = h[best]
		i = best
	}
	h[i] = e
}
