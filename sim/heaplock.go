package sim

// The heap lock around a collection (HotSpot's Heap_lock, JDK 17's Parallel
// path; Serial's and G1's slow paths take the same lock). An allocation
// that fits in eden takes no lock: a thread bumps eden's top with an atomic
// compare-and-swap (ParallelScavengeHeap::mem_allocate's first
// young_gen()->allocate, or a new TLAB from the same space). Only an
// allocation that finds eden full takes Heap_lock, to allocate under it or,
// eden still full, to ask the VM thread for a collection
// (VM_ParallelGCFailedAllocation): the asking thread holds the lock from the
// operation's prologue until its epilogue, which it runs once it has a CPU
// again after the pause. Every other thread whose allocation finds eden
// full meanwhile blocks on the lock. An unlock wakes one waiter (JDK 17's
// Mutex is a pthread mutex): it must get a CPU before it can take the lock,
// allocate and unlock in turn, and a thread arriving while the lock is free
// takes it first (the woken waiter then waits again, at the back). So the
// waiters leave one hand-off at a time, across collections, while the
// threads that find room in eden go on without waiting.
//
// Which allocation meets the lock follows from that: the one made when eden
// is full and its collection not yet done. A thread asleep across that
// window meets it with the first allocation after its sleep; a thread
// running meets it only if it allocates inside the window, and one let
// through finds a fresh eden for the rest of its burst. (Threads that make
// their first allocation after a pause also need a new TLAB, since a
// collection retires every TLAB; that refill is the same lock-free bump of
// eden's top and meets the lock only when eden is full, so it adds no wait
// of its own here.)
//
// Heap.HeapLock switches it on for platform threads; Heap.HandOff is the
// time from an unlock until the woken waiter runs (the machine's wake
// latency when 0). A thread's time from finding eden full until its
// allocation is done is its allocation stall (Metrics.AllocStall*).

type heapLock struct {
	owner   int32     // the thread holding the lock, -1
	waiting waitQueue // blocked threads in arrival order
	vm      int32     // the VM thread (made at the first request), -1
	need    Bytes     // the allocation the pending collection is for
	asleep  bool      // owner waits for its collection's pause to end
}

func (h *heapLock) init() { h.owner, h.waiting, h.vm = -1, emptyWaitQueue(), -1 }

func (s *Sim) heapLockOn(ti int32) bool {
	return s.cfg.Heap.HeapLock && !s.th[ti].virtual && !s.oom
}

// heapLockBlocks is the allocation slow path for thread ti about to
// allocate need bytes: it reports whether the thread waits (blocked on the
// lock, or for the collection it asked for) instead of allocating now.
// Callers test Heap.HeapLock first (inlined), so that a run without the lock
// pays no call on each allocating step.
func (s *Sim) heapLockBlocks(ti int32, need Bytes) bool {
	if !s.heapLockOn(ti) {
		return false
	}
	h := &s.hlock
	t := &s.th[ti]
	if h.owner == ti {
		return false // its collection is done, or it allocates under the lock
	}
	if !t.heapWoken && need <= s.heap.edenFree() {
		return false // the lock-free bump of eden's top
	}
	if !t.heapStalled {
		t.heapStalled, t.heapStallFrom = true, s.now
	}
	t.heapWoken = false
	if h.owner >= 0 {
		s.heapLockQueue(ti)
		return true
	}
	h.owner = ti
	if need <= s.heap.edenFree() {
		return false // allocates under the lock, then unlocks
	}
	// Eden is full: ask the VM thread for a collection and hold the lock
	// until this thread has run again after it.
	h.need = need
	s.park(ti, ParkMonitor, -1, false)
	if h.vm < 0 {
		h.vm = s.vmThread()
	}
	s.setState(h.vm, StateRunning)
	s.wakeOS(h.vm, afterNothing, burstSafepoint, 0)
	return true
}

// heapLockAllocated follows an allocation by thread ti: a stall ends, and a
// thread holding the lock unlocks it, waking the next waiter. Without
// Heap.HeapLock no thread stalls or holds the lock (heapLockBlocks sets both
// only after heapLockOn), so callers skip it then.
func (s *Sim) heapLockAllocated(ti int32, afterSleep bool) {
	t := &s.th[ti]
	if t.heapStalled {
		t.heapStalled = false
		s.stats.noteAllocStall(s.now.Sub(t.heapStallFrom), afterSleep)
	}
	if s.hlock.owner == ti {
		s.hlock.owner = -1
		s.heapLockWakeNext()
	}
}

// vmThread is the JVM's VM thread: the last of the JVM's own threads made
// at the start (JVM.BaseThreads), or a new one where there are none.
func (s *Sim) vmThread() int32 {
	if n := int32(s.cfg.JVM.BaseThreads); n > 0 && s.th[n-1].role == RoleBase && s.th[n-1].state != StateTerminated {
		return n - 1
	}
	return s.newPlatform(RoleBase, -1)
}

// heapLockSafepoint: the VM thread got a CPU and runs the requested
// collection (unless one since made room), then waits again.
func (s *Sim) heapLockSafepoint(vm int32) {
	h := &s.hlock
	need := h.need
	h.need = 0
	if need > s.heap.edenFree() && !s.oom {
		s.collect(need)
	}
	s.setState(vm, StateParked)
	s.th[vm].reason = ParkIdle
	s.releaseCore(vm)
	if h.owner < 0 {
		return
	}
	h.asleep = true
	if !s.Paused() {
		s.heapLockPauseEnded()
	}
}

// heapLockPauseEnded wakes the thread that asked for the collection.
func (s *Sim) heapLockPauseEnded() {
	h := &s.hlock
	if !h.asleep {
		return
	}
	h.asleep = false
	s.unpark(h.owner)
}

func (s *Sim) heapLockQueue(ti int32) {
	s.hlock.waiting.push(s.th, ti)
	s.park(ti, ParkMonitor, -1, false)
}

// heapLockWakeNext wakes the longest waiter, which takes the lock when it
// runs if nobody has taken it first.
func (s *Sim) heapLockWakeNext() {
	w := s.hlock.waiting.pop(s.th)
	if w < 0 {
		return
	}
	s.th[w].heapWoken = true
	latency := s.cfg.Heap.HandOff
	if latency <= 0 {
		latency = s.cfg.Machine.WakeLatency
	}
	t := &s.th[w]
	t.token++
	s.setState(w, StateRunning)
	virtual := int64(0)
	if t.virtual {
		virtual = 1
	}
	s.emit(EvUnpark, w, virtual, 0)
	s.wakeOSAfter(w, afterStep, burstOwed, 0, latency)
}
