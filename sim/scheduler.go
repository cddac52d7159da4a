package sim

// The virtual-thread scheduler: a ForkJoinPool in FIFO (async) mode with
// parallelism carriers, as JDK 21 has it (java/lang/VirtualThread.java,
// java/util/concurrent/ForkJoinPool.java; docs/model.md, Scheduler):
//   - A virtual thread made runnable by code running on one of the pool's
//     carriers is pushed on that carrier's local queue; otherwise (timers,
//     I/O pollers, platform threads) it goes to the external submission
//     queue (poolSubmit).
//   - A push signals only when the queue was empty before it, or when the
//     queue's array had to grow (WorkQueue.push). Tasks pushed behind one
//     already queued are found by whoever takes the first.
//   - A carrier runs its own queue's tasks first, then keeps polling the
//     queue its last scan took from (WorkQueue.topLevelExec); with both
//     empty it scans: the external queue, then the other carriers' queues,
//     oldest first. A scan that takes a task with another behind it
//     signals once more (ForkJoinPool.scan, "propagate"), unless its last
//     two scans took from that same queue.
//   - A signal, while fewer than parallelism carriers are active, wakes
//     the idle carrier that went idle last, if there is one, or starts a
//     new carrier while fewer than parallelism exist (signalWork; carriers
//     start lazily).
//   - Pinned waits get no compensation. Blocking file I/O does
//     (ForkJoinPool.tryCompensate): an idle carrier is woken if any (and
//     no more than parallelism are active); else, if more than minRunnable
//     carriers are active and parallelism carriers exist, only the active
//     count drops; else a spare carrier is started while fewer than
//     maxPoolSize exist. The active count is restored when the block ends.
// Simplified: the pool's scan starts at a random queue with a random
// stride; the model's goes in a fixed order. JDK 21 gives each submitting
// thread its own submission queue (by its probe hash); the model has one.
// A thread unparked while still parking is re-queued without a signal
// (lazySubmit); the model does not tell that case apart.

type scheduler struct {
	parallelism int
	maxPool     int
	minRunnable int
	external    fifo
	carriers    []int32 // carrier thread slots, index = CarrierID-1
	local       []fifo
	// The capacity of each queue's array in the pool: a push that fills
	// it grows it and signals (externalCap for external, localCap[i] for
	// carrier i's queue).
	externalCap int
	localCap    []int
	// Per carrier: src, the queue its last scan took from (a carrier's
	// index, queueExternal or queueNone), polled again once its own queue
	// is empty; prev1 and prev2, the sources of its last two scans, reset
	// when it goes idle (scan's prevSrc).
	src   []int32
	prev1 []int32
	prev2 []int32
	// signalled: the carrier was woken or started by a signal and has not
	// yet looked for a thread (counted in stats.signalWakes, emptyWakes).
	signalled []bool
	// compensated: the carrier's thread is blocked in file I/O and
	// compensate adjusted the pool for it (undone by uncompensate).
	compensated []bool
	// idle: idle carrier slots, the last to go idle on top (the pool's
	// ctl keeps its idle workers in a stack: signalWork releases the top).
	idle      []int32
	active    int // carriers not idle
	queued    int
	ctx       int32 // carrier whose code is running now, -1 outside
	depth     int
	busySince []Time
	// externalWarmed: threads at the front of external whose records were
	// read ahead (warm.go).
	externalWarmed int32
}

func (q *scheduler) init(s *Sim) {
	q.parallelism = s.cfg.parallelism()
	q.maxPool = s.cfg.JVM.MaxPoolSize
	if q.maxPool < q.parallelism {
		q.maxPool = q.parallelism
	}
	q.minRunnable = max(q.parallelism/2, 1)
	q.ctx = -1
	q.externalCap = initialQueueCapacity
}

// Queue ids besides a carrier's index (scheduler.src).
const (
	queueNone     int32 = -1
	queueExternal int32 = -2
)

// initialQueueCapacity is ForkJoinPool.INITIAL_QUEUE_CAPACITY (JDK 21),
// the length of a work queue's first array.
const initialQueueCapacity = 1 << 6

// submit queues a runnable virtual thread. WorkQueue.push signals a carrier
// only if the queue was empty before the push (its previous slot is
// clear), or if the push had to grow the queue's array: a task queued
// behind another is taken by whoever takes that one, or by a carrier the
// taker signals (take).
func (q *scheduler) submit(s *Sim, vt int32) {
	f, capacity := &q.external, &q.externalCap
	if q.ctx >= 0 {
		i := s.th[q.ctx].cid - 1
		f, capacity = &q.local[i], &q.localCap[i]
	}
	wasEmpty := f.len() == 0
	grew := f.len() == *capacity-1
	if grew {
		// The pool quadruples a queue's array until it is large.
		if *capacity < 1<<24 {
			*capacity <<= 2
		} else {
			*capacity <<= 1
		}
	}
	if !f.tryPush(vt) { // as in pushAfter
		f.push(vt)
	}
	q.queued++
	if wasEmpty || grew {
		q.signal(s)
	}
}

// signal is ForkJoinPool.signalWork: while fewer than parallelism carriers
// are counted active, it wakes an idle carrier, or starts a new one while
// fewer than parallelism exist.
func (q *scheduler) signal(s *Sim) {
	if q.active >= q.parallelism {
		return
	}
	if len(q.idle) > 0 {
		q.release(s)
		q.active++
		return
	}
	if len(q.carriers) < q.parallelism {
		c := q.startCarrier(s)
		q.signalled[s.th[c].cid-1] = true
		q.active++
	}
}

// release wakes the idle carrier on top of the stack; the caller counts it
// active or not.
func (q *scheduler) release(s *Sim) {
	n := len(q.idle)
	c := q.idle[n-1]
	q.idle = q.idle[:n-1]
	q.signalled[s.th[c].cid-1] = true
	s.setState(c, StateRunning)
	s.wakeOS(c, afterFind, burstOwed, 0)
}

func (q *scheduler) startCarrier(s *Sim) int32 {
	// ForkJoinPool.createWorker runs on the thread that signalled: it pays
	// for the thread creation.
	if s.cur >= 0 {
		s.th[s.cur].owed += s.cfg.JVM.PlatformCreate
	}
	c := s.newPlatform(RoleCarrier, -1)
	q.carriers = append(q.carriers, c)
	q.local = append(q.local, fifo{})
	q.localCap = append(q.localCap, initialQueueCapacity)
	q.src = append(q.src, queueNone)
	q.prev1 = append(q.prev1, queueNone)
	q.prev2 = append(q.prev2, queueNone)
	q.signalled = append(q.signalled, false)
	q.compensated = append(q.compensated, false)
	q.busySince = append(q.busySince, 0)
	s.th[c].cid = CarrierID(len(q.carriers))
	s.emit(EvCarrierStart, c, int64(len(q.carriers)), 0)
	s.startPlatformThread(c, afterFind)
	return c
}

// take returns the next virtual thread for carrier c, or -1: its own
// queue's next task, then the next of the queue its last scan took from
// (WorkQueue.topLevelExec: nextLocalTask, then src.tryPoll), else a scan.
func (q *scheduler) take(s *Sim, c int32) int32 {
	if q.queued == 0 {
		return -1
	}
	me := int32(s.th[c].cid - 1)
	if q.local[me].len() > 0 {
		return q.popFrom(s, me, me)
	}
	if src := q.src[me]; src != queueNone && q.queue(src).len() > 0 {
		return q.popFrom(s, me, src)
	}
	return q.scan(s, me)
}

// scan takes the first task found in the external queue, then in the other
// carriers' queues. If another task waits behind the one it took, it
// signals a carrier for it (ForkJoinPool.scan's propagation), unless its
// last two scans took from the same queue: a carrier draining one queue
// does not wake a carrier per task.
func (q *scheduler) scan(s *Sim, me int32) int32 {
	from := queueNone
	if q.external.len() > 0 {
		from = queueExternal
	} else {
		n := int32(len(q.local))
		for i := int32(1); i < n; i++ {
			if j := (me + i) % n; q.local[j].len() > 0 {
				from = j
				break
			}
		}
	}
	if from == queueNone {
		return -1
	}
	vt := q.popFrom(s, me, from)
	again := q.prev1[me] == from && q.prev2[me] == from
	q.src[me], q.prev2[me], q.prev1[me] = from, q.prev1[me], from
	if q.queue(from).len() > 0 && !again {
		q.signal(s)
	}
	return vt
}

// queue returns the queue with id i: a carrier's local queue, or external.
func (q *scheduler) queue(i int32) *fifo {
	if i == queueExternal {
		return &q.external
	}
	return &q.local[i]
}

// popFrom takes the head of queue from for carrier me.
func (q *scheduler) popFrom(s *Sim, me, from int32) int32 {
	q.queued--
	if from == queueExternal {
		vt := q.external.pop()
		s.warmQueued(&q.external, &q.externalWarmed)
		return vt
	}
	if from != me {
		s.stats.steals++
	}
	return q.local[from].pop()
}

// compensate is ForkJoinPool.tryCompensate for carrier c, whose thread
// blocks in file I/O. The blocked carrier stays counted active unless the
// middle case uncounts it; the carrier woken or started in its place is
// not counted (the pool leaves its active count as it was), and when the
// block ends, uncompensate counts one more (ForkJoinPool.uncompensate).
func (q *scheduler) compensate(s *Sim, c int32) {
	switch {
	case len(q.idle) > 0 && q.active <= q.parallelism:
		q.release(s)
	case q.active > q.minRunnable && len(q.carriers) >= q.parallelism:
		q.active--
	case len(q.carriers) < q.maxPool:
		q.startCarrier(s)
		s.stats.compensations++
	default:
		return // saturated: blocks without compensation
	}
	q.compensated[s.th[c].cid-1] = true
}

// uncompensate ends carrier c's compensated block, if it had one.
func (q *scheduler) uncompensate(s *Sim, c int32) {
	if i := s.th[c].cid - 1; q.compensated[i] {
		q.compensated[i] = false
		q.active++
	}
}

// carrierLoop runs carrier c: mount the next runnable virtual thread, or go
// idle. Freeze and thaw costs accumulate as CPU the carrier owes and are
// paid with its next burst. The mount is written here rather than in a
// function of its own: it follows nearly every park of a virtual thread,
// and each call on that path cost more than the work it wrapped.
func (s *Sim) carrierLoop(c int32) {
	q := &s.sched
	if q.depth >= 32 {
		// Break long chains of zero-CPU mounts with an event.
		s.th[c].after = afterFind
		s.runCPU(c, 0, burstOwed)
		return
	}
	q.depth++
	vt := q.take(s, c)
	cid := s.th[c].cid
	if me := cid - 1; q.signalled[me] {
		q.signalled[me] = false
		s.stats.signalWakes++
		if vt < 0 {
			s.stats.emptyWakes++
		}
	}
	if vt < 0 {
		s.carrierFindsNothing(c)
	} else {
		// The mount: vt goes on carrier c, thawing its top frames.
		w := s.thaw(vt)
		ct, t := &s.th[c], &s.th[vt]
		ct.owed += s.cfg.JVM.ThawBase + Duration(int64(w)*int64(s.cfg.JVM.ThawPerKWord)/1000)
		t.carrier = c
		t.mounts++
		s.stats.mounts++
		t.lastCarrier = cid
		ct.mounted = vt
		q.busySince[cid-1] = s.now
		s.setState(vt, StateRunning)
		s.emit(EvMount, vt, int64(w), 0)
		s.step(vt)
	}
	q.depth--
}

// carrierFindsNothing is carrier c's turn when no virtual thread is
// runnable: it pays what it owes first, else it parks idle.
func (s *Sim) carrierFindsNothing(c int32) {
	q := &s.sched
	t := &s.th[c]
	if t.owed > 0 {
		t.after = afterFind
		s.runCPU(c, 0, burstOwed)
		return
	}
	s.setState(c, StateParked)
	t.reason = ParkIdle
	s.releaseCore(c)
	q.idle = append(q.idle, c)
	q.active--
	// A carrier's run ends when it goes idle (ForkJoinPool.awaitWork):
	// its next scan starts afresh.
	me := t.cid - 1
	q.src[me], q.prev1[me], q.prev2[me] = queueNone, queueNone, queueNone
}

// unmount takes virtual thread vt off its carrier.
func (s *Sim) unmount(vt int32) {
	if t := &s.th[vt]; t.carrier >= 0 {
		s.unmountFrom(t, &s.th[t.carrier])
	}
}

// unmountFrom takes the virtual thread whose record is t off its carrier,
// whose record is ct: unmount for a caller that holds both.
func (s *Sim) unmountFrom(t, ct *thread) {
	s.stats.carrierBusy += s.now.Sub(s.sched.busySince[ct.cid-1])
	ct.mounted = -1
	t.carrier = -1
}
