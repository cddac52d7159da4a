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
	for k, n := range s.stats.byKind[:evKindCount] {
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

// eventQueue orders events by (at, seq). Its pending set h is either a
// short sorted list or a 4-ary min-heap, plus "lanes": most events are
// scheduled a fixed delay after now (a constant backend latency, the network
// delay, the OS wake latency), and events pushed with the same delay arrive
// in time order, so they can wait in a FIFO. Lanes stay outside h: the
// queue remembers which lane's head is earliest (best), and a pop takes
// that head or h's first, whichever is earlier. So a lane's event is never
// inserted into h (before, each lane event's successor was, about one insert
// an event), and h holds about one event per core. One more lane holds the
// events a stop-the-world pause defers to its end (pushDeferred). The order
// of events is exactly (at, seq): lanes and the form of h only change where
// events wait.
//
// Why two forms. In steady state h holds about one event per core
// (vt-pooling: 8), and a burst's end pops h's earliest and puts one back
// (the next burst's end). A heap pays a sift down through all of its levels
// for each pop, comparing four children at each, which was a fifth of the
// run's instructions; a sorted list pops its first entry by moving its start
// and puts one back by moving the entries on the nearer side of it: few for
// the commonest push, the end of a burst that has just begun (later than
// nearly everything pending). A sorted list is no good long, though: a
// stop-the-world pause defers every Java-side event to its end, thousands
// of them, and some workloads keep one timed event per connection outside
// the lanes. So h turns into a heap when it reaches sortedMax entries and
// back into a sorted list when a heap has shrunk to sortedBack.
type eventQueue struct {
	h     []event
	seq   uint64
	n     int
	lanes []lane
	// heaped: h is a 4-ary min-heap; otherwise h is sorted. Either way the
	// earliest event is h[0].
	heaped bool
	// buf is the sorted form's storage: h is buf[start:start+len(h)], a
	// window that grows at either end, moved back to buf's middle when it
	// reaches one (compact).
	buf   []event
	start int
	// best is 1 + the index of the lane whose head is the earliest of all
	// lanes' heads, 0 when every lane is empty (so a zero queue is empty).
	best int
}

// sortedMax and sortedBack are where h changes form (the gap between them
// keeps a size that goes up and down around one of them from converting
// back and forth).
const (
	sortedMax  = 32
	sortedBack = 16
)

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
	q.insert(makeEvent(at, q.seq, kind, noLane, a, b))
}

// pushAfter schedules an event d after now (now never decreases between
// calls, so events with equal d are in time order).
func (q *eventQueue) pushAfter(now Time, d Duration, kind eventKind, a int32, b uint32) {
	q.pushLane(d, now.Add(d), kind, a, b)
}

// deferredKey is the key of the lane that holds the events a stop-the-world
// pause defers (pushDeferred); pushAfter's delays are never negative.
const deferredKey Duration = -1

// pushDeferred schedules at at, the end of a stop-the-world pause, an event
// that the pause holds back. A pause defers every Java-side event that
// falls inside it, thousands in a long one; in h they would turn it into a
// heap and each be sifted in and out of it. They can wait in a lane
// instead: all of one pause's are due at its end and come in seq order, and
// a pause never ends before the one before it (stopTheWorld starts a new
// pause at the end of the current one), so the lane is in time order.
func (q *eventQueue) pushDeferred(at Time, kind eventKind, a int32, b uint32) {
	q.pushLane(deferredKey, at, kind, a, b)
}

// pushLane schedules an event at at in the lane keyed key (a delay, or
// deferredKey), making the lane if it is new. Its caller sees to it that
// the lane's events come in time order. With maxLanes lanes already, the
// event goes into h.
func (q *eventQueue) pushLane(key Duration, at Time, kind eventKind, a int32, b uint32) {
	li := -1
	var l *lane
	for i := range q.lanes {
		if l = &q.lanes[i]; l.delay == key {
			li = i
			break
		}
	}
	if li < 0 {
		if len(q.lanes) >= maxLanes {
			q.push(at, kind, a, b)
			return
		}
		q.lanes = append(q.lanes, lane{delay: key})
		li = len(q.lanes) - 1
		l = &q.lanes[li]
	}
	q.seq++
	q.n++
	e := makeEvent(at, q.seq, kind, int8(li), a, b)
	// The fast path apart: tryPush is small enough to be inlined wherever
	// this body goes; push, which grows the ring, runs only when it is full.
	if !l.events.tryPush(e) {
		l.events.push(e)
	}
	if l.events.len() == 1 && (q.best == 0 || e.before(q.lanes[q.best-1].events.front())) {
		q.best = li + 1
	}
}

// popUntil removes and returns the earliest event if it is at or before
// until; otherwise it leaves the queue as it is and returns false. The
// queue must not be empty. A lane's head is taken in place (front and pop
// would each check its index).
func (q *eventQueue) popUntil(until Time) (event, bool) {
	if b := q.best; b > 0 {
		r := &q.lanes[b-1].events
		if f := &r.buf[r.head]; len(q.h) == 0 || f.before(&q.h[0]) {
			if f.at > until {
				return event{}, false
			}
			top := *f
			r.head, r.size, q.n = (r.head+1)&(len(r.buf)-1), r.size-1, q.n-1
			q.findBest()
			return top, true
		}
	}
	if q.h[0].at > until {
		return event{}, false
	}
	if q.heaped {
		return q.popH(), true
	}
	// popH's sorted form, here where h[0] is checked already.
	h := q.h
	q.n--
	q.h = h[1:]
	q.start++
	return h[0], true
}

// pop removes and returns the earliest event (the queue must not be empty).
func (q *eventQueue) pop() event {
	e, _ := q.popUntil(Never)
	return e
}

// popH removes and returns h's first event.
func (q *eventQueue) popH() event {
	q.n--
	if !q.heaped {
		top := q.h[0]
		q.h = q.h[1:]
		q.start++
		return top
	}
	top := q.h[0]
	last := len(q.h) - 1
	q.h[0] = q.h[last]
	q.h = q.h[:last]
	if last > 0 {
		q.down(0)
	}
	if last <= sortedBack {
		q.unheap()
	}
	return top
}

// findBest finds the lane whose head is the earliest (after that lane's
// head has left): a scan of the lanes, which are few (one per fixed delay in
// use, at most maxLanes). It reads the rings' fields directly: through len
// and front it was just over the compiler's budget for inlining it into
// popUntil, which calls it for every event taken from a lane.
func (q *eventQueue) findBest() {
	best := 0
	var head *event
	for i := range q.lanes {
		if r := &q.lanes[i].events; r.size > 0 {
			if f := &r.buf[r.head]; head == nil || f.before(head) {
				best, head = i+1, f
			}
		}
	}
	q.best = best
}

// insert puts e into h in whichever form h has. The sorted form's insert is
// here rather than in a function of its own: where push is not inlined, it
// inlines insert (pgo/sim.pprof has that call hot), and so makes no further
// call.
//
// If e is earlier than the sorted h's middle entry, the entries earlier than
// e move one place towards the start; otherwise the entries later than e
// move one place towards the end.
func (q *eventQueue) insert(e event) {
	if q.heaped || len(q.h) >= sortedMax {
		q.insertHeap(e)
		return
	}
	n := len(q.h)
	if n > 0 && e.before(&q.h[n>>1]) {
		if q.start == 0 {
			q.compact()
		}
		q.start--
		h := q.buf[q.start : q.start+n+1]
		// The loops run to len(h) rather than n, in forms whose index
		// checks the compiler drops (one insert an event).
		j := 1
		for j < len(h) && h[j].before(&e) {
			h[j-1] = h[j]
			j++
		}
		h[j-1] = e
		q.h = h
		return
	}
	// h's capacity runs to buf's end (h is always a window of buf in this
	// form), so one more entry fits unless the window reaches that end.
	if n == cap(q.h) {
		q.compact()
	}
	h := q.h[:n+1]
	i := len(h) - 1
	for i > 0 && e.before(&h[i-1]) {
		h[i] = h[i-1]
		i--
	}
	h[i] = e
	q.h = h
}

// insertHeap puts e into h as a heap, turning a full sorted h into one
// first (sorted from the earliest is a valid heap of any arity).
func (q *eventQueue) insertHeap(e event) {
	q.heaped = true
	q.h = append(q.h, e)
	q.up(len(q.h) - 1)
}

// compact moves the sorted h to the middle of buf (a new buf the first
// time, or when buf has too little room), leaving room at both ends.
func (q *eventQueue) compact() {
	n := len(q.h)
	buf := q.buf
	if len(buf) < n+2*sortedMax {
		buf = make([]event, n+4*sortedMax)
	}
	start := (len(buf) - n) / 2
	copy(buf[start:], q.h)
	q.buf, q.start, q.h = buf, start, buf[start:start+n]
}

// unheap turns a heap that has shrunk into the sorted form (an insertion
// sort: at most sortedBack entries).
func (q *eventQueue) unheap() {
	h := q.h
	for i := 1; i < len(h); i++ {
		e := h[i]
		j := i
		for j > 0 && e.before(&h[j-1]) {
			h[j] = h[j-1]
			j--
		}
		h[j] = e
	}
	q.heaped = false
	q.buf, q.start = h[:cap(h)], 0
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
