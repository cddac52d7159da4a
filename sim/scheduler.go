package sim

// The virtual-thread scheduler: a ForkJoinPool in FIFO (async) mode with
// parallelism carriers (java/lang/VirtualThread.java):
//   - A virtual thread made runnable by code running on one of the pool's
//     carriers is pushed on that carrier's local queue; otherwise (timers,
//     I/O pollers, platform threads) it goes to the external submission
//     queue.
//   - A carrier takes from its own queue, then the external queue, then
//     steals from the other carriers, oldest first.
//   - Pushing work wakes an idle carrier if there is one, or starts a new
//     carrier while fewer than parallelism exist (carriers start lazily).
//   - Pinned waits get no compensation. Blocking file I/O does
//     (ForkJoinPool.tryCompensate): an idle carrier is woken if any; else,
//     if more than minRunnable carriers are active and parallelism carriers
//     exist, only the active count drops; else a spare carrier is started
//     while fewer than maxPoolSize exist.

type scheduler struct {
	parallelism int
	maxPool     int
	minRunnable int
	external    fifo
	carriers    []int32 // carrier thread slots, index = CarrierID-1
	local       []fifo
	idle        fifo // idle carrier slots
	active      int  // carriers not idle
	queued      int
	ctx         int32 // carrier whose code is running now, -1 outside
	depth       int
	busySince   []Time
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
}

// submit queues a runnable virtual thread and makes sure a carrier will
// pick it up.
func (q *scheduler) submit(s *Sim, vt int32) {
	if q.ctx >= 0 {
		q.local[s.th[q.ctx].cid-1].push(vt)
	} else {
		q.external.push(vt)
	}
	q.queued++
	q.signal(s)
}

// signal wakes an idle carrier or starts a new one.
func (q *scheduler) signal(s *Sim) {
	if q.idle.len() > 0 {
		c := q.idle.pop()
		q.active++
		s.setState(c, StateRunning)
		s.wakeOS(c, afterFind, burstOwed, 0)
		return
	}
	if len(q.carriers) < q.parallelism {
		q.startCarrier(s)
	}
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
	q.busySince = append(q.busySince, 0)
	s.th[c].cid = CarrierID(len(q.carriers))
	q.active++
	s.emit(EvCarrierStart, c, int64(len(q.carriers)), 0)
	s.startPlatformThread(c, afterFind)
	return c
}

// take returns the next virtual thread for carrier c, or -1.
func (q *scheduler) take(s *Sim, c int32) int32 {
	if q.queued == 0 {
		return -1
	}
	me := int(s.th[c].cid - 1)
	if q.local[me].len() > 0 {
		q.queued--
		return q.local[me].pop()
	}
	if q.external.len() > 0 {
		q.queued--
		vt := q.external.pop()
		s.warmQueued(&q.external, &q.externalWarmed)
		return vt
	}
	n := len(q.local)
	for i := 1; i < n; i++ {
		v := &q.local[(me+i)%n]
		if v.len() > 0 {
			q.queued--
			s.stats.steals++
			return v.pop()
		}
	}
	return -1
}

// compensate is ForkJoinPool.tryCompensate for a carrier that blocks in
// file I/O.
func (q *scheduler) compensate(s *Sim) {
	switch {
	case q.idle.len() > 0:
		q.signal(s)
	case q.active > q.minRunnable && len(q.carriers) >= q.parallelism:
		q.active--
	case len(q.carriers) < q.maxPool:
		q.startCarrier(s)
		s.stats.compensations++
	}
}

// carrierLoop runs carrier c: mount the next runnable virtual thread, or go
// idle. Freeze and thaw costs accumulate as CPU the carrier owes and are
// paid with its next burst.
func (s *Sim) carrierLoop(c int32) {
	q := &s.sched
	if q.depth >= 32 {
		// Break long chains of zero-CPU mounts with an event.
		s.th[c].after = afterFind
		s.runCPU(c, 0, burstOwed)
		return
	}
	q.depth++
	s.carrierNext(c)
	q.depth--
}

func (s *Sim) carrierNext(c int32) {
	q := &s.sched
	vt := q.take(s, c)
	if vt < 0 {
		t := &s.th[c]
		if t.owed > 0 {
			t.after = afterFind
			s.runCPU(c, 0, burstOwed)
			return
		}
		s.setState(c, StateParked)
		t.reason = ParkIdle
		s.releaseCore(c)
		q.idle.push(c)
		q.active--
		return
	}
	s.mount(c, vt)
	s.step(vt)
}

// mount puts virtual thread vt on carrier c, thawing its top frames.
func (s *Sim) mount(c, vt int32) {
	w := s.thaw(vt)
	s.th[c].owed += s.cfg.JVM.ThawBase + Duration(int64(w)*int64(s.cfg.JVM.ThawPerKWord)/1000)
	t := &s.th[vt]
	t.carrier = c
	t.mounts++
	s.stats.mounts++
	t.lastCarrier = s.th[c].cid
	s.th[c].mounted = vt
	s.sched.busySince[s.th[c].cid-1] = s.now
	s.setState(vt, StateRunning)
	s.emit(EvMount, vt, int64(w), 0)
}

// unmount takes virtual thread vt off its carrier.
func (s *Sim) unmount(vt int32) {
	t := &s.th[vt]
	c := t.carrier
	if c < 0 {
		return
	}
	cid := s.th[c].cid
	s.stats.carrierBusy += s.now.Sub(s.sched.busySince[cid-1])
	s.th[c].mounted = -1
	t.carrier = -1
}
