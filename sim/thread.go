package sim

// ThreadState is the state of a Java thread. The zero value is invalid.
type ThreadState uint8

const (
	stateInvalid ThreadState = iota
	// StateNew: created, not yet started.
	StateNew
	// StateRunnable: ready to run. A virtual thread is in the scheduler's
	// queue, its frames in its StackChunk; a platform thread is in the OS run
	// queue or about to be.
	StateRunnable
	// StateRunning: a platform thread on (or waiting for) a core running Java
	// code; a virtual thread mounted on a carrier, its frames on the
	// carrier's stack.
	StateRunning
	// StateParked: waiting (ParkReason says for what). A virtual thread is
	// unmounted and its frames are frozen in its StackChunk; its carrier is
	// free. A platform thread's OS thread is blocked.
	StateParked
	// StatePinned: a virtual thread waiting while still mounted: it holds a
	// monitor on JDK 21 or has a native frame on its stack, so it could not
	// unmount, and its carrier's OS thread is blocked with it.
	StatePinned
	// StateTerminated: finished; the slot is free for reuse.
	StateTerminated
)

func (s ThreadState) String() string {
	return [...]string{"invalid", "new", "runnable", "running", "parked", "pinned", "terminated"}[s]
}

// ParkReason says what a waiting thread waits for. Each is distinct so
// the picture can group parked threads by it.
type ParkReason uint8

const (
	_ ParkReason = iota // the zero value is invalid
	// ParkSocket: a blocking socket call (the response has not arrived).
	ParkSocket
	// ParkSleep: Thread.sleep.
	ParkSleep
	// ParkMonitor: entering a monitor another thread holds.
	ParkMonitor
	// ParkJoin: a scope owner waiting in join() for its subtasks.
	ParkJoin
	// ParkIdle: a pool worker or event loop waiting for work.
	ParkIdle
	// ParkFile: blocking file I/O.
	ParkFile
	parkReasonCount
)

func (r ParkReason) String() string {
	return [...]string{"none", "socket", "sleep", "monitor", "join", "idle", "file"}[r]
}

// Words says why a thread waits in plain words, as the picture's parked
// groups and the step line say it. ParkIdle is an event loop or pool
// thread parked until work arrives, not an idle carrier (one with nothing
// mounted).
func (r ParkReason) Words() string {
	switch r {
	case ParkSocket:
		return "waiting on a socket"
	case ParkSleep:
		return "sleeping"
	case ParkMonitor:
		return "waiting for a lock"
	case ParkJoin:
		return "waiting for subtasks"
	case ParkIdle:
		return "waiting for work"
	case ParkFile:
		return "reading a file"
	}
	return r.String()
}

// Role is what a thread is for.
type Role uint8

const (
	_ Role = iota // the zero value is invalid
	// RoleBase: a JVM thread that exists before the workload (main when
	// idle, Reference Handler, Finalizer, ...). Counted, never scheduled.
	RoleBase
	// RoleMain: the main thread submitting a batch.
	RoleMain
	// RoleTask: runs one task and ends.
	RoleTask
	// RolePoolWorker: a long-lived pool thread taking tasks from a queue.
	RolePoolWorker
	// RoleEventLoop: an event loop serving the connections bound to it.
	RoleEventLoop
	// RoleCarrier: a ForkJoinPool worker that mounts virtual threads.
	RoleCarrier
	// RoleUnparker: JDK 21's VirtualThread-unparker.
	RoleUnparker
	// RoleAcceptor: the server's acceptor thread.
	RoleAcceptor
)

// app reports whether a thread of this role was started by the workload's
// own code (as opposed to the JVM or its scheduler).
func (r Role) app() bool { return r == RoleTask || r == RolePoolWorker || r == RoleEventLoop }

func (r Role) String() string {
	return [...]string{"invalid", "jvm", "main", "task", "pool-worker", "event-loop", "carrier", "unparker", "acceptor"}[r]
}

// afterOwed is what a thread does once it has paid owed CPU.
type afterOwed uint8

const (
	afterNothing  afterOwed = iota
	afterStep               // continue the current task's program
	afterFind               // carrier: look for a virtual thread to mount
	afterNextTask           // pool worker or event loop: take the next task
)

// thread is a Java thread, platform or virtual. Slots are reused; id is not.
type thread struct {
	// Hot: read or written on most events. Kept together (and in this
	// order, widest first) so a thread's event touches as few cache lines
	// as possible; 10,000 threads do not fit in the caches.
	since       Time
	need        Duration // CPU still to run in the current burst
	owed        Duration // CPU owed (freeze, thaw, creation, context switch)
	frames      Words    // frame words on the stack at this point
	topWords    Words    // the top frames, what a slow-path thaw copies
	resident    Words    // frame words still in chunks
	task        int32    // current task slot, -1
	core        int32    // core running it (platform threads), -1
	mounted     int32    // carrier: mounted virtual thread slot, -1
	carrier     int32    // virtual thread: carrier slot while mounted, -1
	token       uint32   // a wake event carrying an older token is stale
	tail        int32    // tail StackChunk, -1
	cid         CarrierID
	exec        int32 // executor, -1
	state       ThreadState
	reason      ParkReason
	role        Role
	virtual     bool
	burst       burstKind
	after       afterOwed
	inRunQ      bool
	interrupted bool
	monitors    int16
	spin        spinPhase // a wall-clock burst's phase; its times are cold

	// Warm: once per request or per wait.
	worker     int32 // index within an executor (event loops), -1
	nextWaiter int32
	tlBase     int32 // the thread-local state's object, -1 (nepotism.go asks its space)
	// objCohort is the cohort of a virtual thread's Thread and
	// Continuation objects (JVM.VThreadBytes of them: threadObjects).
	objCohort uint32
	tlInit    bool
	wakeKind  burstKind
	cache     shortOwned // the cache entries (cohort.go); cache.total is what the step's cap counts
	sticky    shortRef   // the sticky buffer
	wakeNeed  Duration

	// Cold: the picture and the follow-a-thread card.
	id          ThreadID
	created     Time
	cpu         Duration
	mounts      int32
	parks       int32
	lastCarrier CarrierID
	// A wall-clock burst (Step.WallClock): deadline is when it ends, set
	// when it first gets a core (spin goes from spinWaiting to
	// spinOnClock). Only gc-lab's bursts spin, so every slice reads the
	// one-byte phase in the hot part and this only when it says so.
	deadline Time
	// The heap lock (heaplock.go): heapStallFrom is when the thread's
	// current allocation found eden full (heapStalled while it waits);
	// heapWoken says an unlock woke it, so it takes the lock when it runs.
	heapStallFrom Time
	heapStalled   bool
	heapWoken     bool
	// When its last OS wake-up completes and that event's place in the
	// queue (wake-ups due at the same time complete in that order): kept
	// only so a snapshot can tell which waking carrier is up first.
	wakeAt  Time
	wakeOrd uint64
}

func (s *Sim) newThreadSlot() int32 {
	if n := len(s.thFree); n > 0 {
		i := s.thFree[n-1]
		s.thFree = s.thFree[:n-1]
		return i
	}
	s.th = append(s.th, thread{})
	return int32(len(s.th) - 1)
}

func (s *Sim) initThread(i int32, virtual bool, role Role, exec int32) {
	s.nextTID++
	// The wait token survives slot reuse: a stale wake scheduled for the
	// slot's previous thread must never match the new one.
	// Zeroed in place, then the fields that start non-zero: a composite
	// literal assigned to the slot is built aside and copied in (in
	// WebAssembly a memory.copy of the whole record), once for every
	// virtual thread a thread-per-request run starts.
	t := &s.th[i]
	token := t.token + 1
	*t = thread{}
	t.token, t.id, t.virtual, t.role, t.state, t.since, t.created = token, s.nextTID, virtual, role, StateNew, s.now, s.now
	t.exec, t.worker, t.task, t.core, t.mounted, t.carrier, t.nextWaiter = exec, -1, -1, -1, -1, -1, -1
	t.tail, t.tlBase = -1, -1
}

// newPlatform creates a platform thread. It is counted as a live OS thread
// from now on, as ThreadMXBean.getThreadCount() would count it.
func (s *Sim) newPlatform(role Role, exec int32) int32 {
	i := s.newThreadSlot()
	s.initThread(i, false, role, exec)
	s.liveOS++
	if role.app() {
		s.appOS++
	}
	if s.liveOS > s.stats.osPeak {
		s.stats.osPeak = s.liveOS
	}
	s.stats.platformCreated++
	s.noteMemory()
	s.noteRSS()
	s.emit(EvThreadStart, i, 0, int64(role))
	return i
}

// newVirtual creates a virtual thread: a Thread and a Continuation object in
// the heap, no stack until its first freeze.
func (s *Sim) newVirtual(role Role, exec int32) int32 {
	i := s.newThreadSlot()
	s.initThread(i, true, role, exec)
	if n := s.cfg.JVM.VThreadBytes; n > 0 {
		s.th[i].objCohort = s.allocShort(n, shortThread).cohort
	}
	s.liveVT++
	s.stats.virtualCreated++
	if s.liveVT > s.stats.vtPeak {
		s.stats.vtPeak = s.liveVT
	}
	s.noteMemory()
	s.emit(EvThreadStart, i, 1, int64(role))
	return i
}

// threadObjects is virtual thread t's Thread and Continuation objects as
// counted bytes (a platform thread's are not modelled).
func (s *Sim) threadObjects(t *thread) shortRef {
	return shortRef{bytes: s.cfg.JVM.VThreadBytes, cohort: t.objCohort}
}

// setState changes a thread's state and accumulates time spent in the old one.
// It is written to stay within the compiler's inlining budget: it runs
// several times a request, and a call cost more than its body.
func (s *Sim) setState(ti int32, st ThreadState) {
	s.th[ti].state, s.th[ti].since = st, s.now
	if len(s.follow) > 0 {
		s.noteFollowed(ti)
	}
}

// setStateOf is setState for a caller that holds the thread's record
// (t is &s.th[ti]): it saves looking the record up again.
func (s *Sim) setStateOf(t *thread, ti int32, st ThreadState) {
	t.state, t.since = st, s.now
	if len(s.follow) > 0 {
		s.noteFollowed(ti)
	}
}

// threadFrames returns the frames a thread has below its task's call path.
func (s *Sim) threadFrames(t *thread) Words {
	w := s.cfg.JVM.ThreadFrames
	if t.role == RolePoolWorker || t.role == RoleEventLoop {
		w += s.cfg.JVM.PoolFrames
	}
	return w
}

// startPlatformThread makes a freshly created platform thread runnable: it
// needs a core to start (thread start-up is a context switch), then runs
// its role.
func (s *Sim) startPlatformThread(ti int32, after afterOwed) {
	s.setState(ti, StateRunning)
	s.wakeOS(ti, after, burstOwed, 0)
}

// wakeOS makes a blocked (or new) OS thread runnable after the machine's
// wake latency; it then pays a context switch and runs a burst of d of the
// given kind, after which it continues with after.
func (s *Sim) wakeOS(ti int32, after afterOwed, kind burstKind, d Duration) {
	s.wakeOSAfter(ti, after, kind, d, s.cfg.Machine.WakeLatency)
}

// wakeOSAfter is wakeOS with a wake latency of its own.
func (s *Sim) wakeOSAfter(ti int32, after afterOwed, kind burstKind, d, latency Duration) {
	t := &s.th[ti]
	t.after = after
	t.owed += s.cfg.Machine.ContextSwitch
	t.wakeKind = kind
	t.wakeNeed = d
	t.token++
	if latency <= 0 {
		s.runCPU(ti, d, kind)
		return
	}
	s.q.pushAfter(s.now, latency, evOSWake, ti, t.token)
	t.wakeAt, t.wakeOrd = s.now.Add(latency), s.q.seq
}

func (s *Sim) onOSWake(ti int32, token uint32) {
	t := &s.th[ti]
	if t.token != token {
		return
	}
	s.runCPU(ti, t.wakeNeed, t.wakeKind)
}

// resume continues a thread after it paid owed CPU.
func (s *Sim) resume(ti int32) {
	t := &s.th[ti]
	after := t.after
	t.after = afterNothing
	switch after {
	case afterStep:
		if t.role == RoleCarrier {
			s.step(t.mounted)
		} else {
			s.step(ti)
		}
	case afterFind:
		s.carrierLoop(ti)
	case afterNextTask:
		s.nextTask(ti)
	default:
		// Nothing pending (e.g. a thread woke only to be told it is done).
		if !t.virtual && t.task < 0 && t.state == StateRunning {
			s.releaseCore(ti)
		}
	}
}

// park makes Java thread ti wait. A virtual thread unmounts (freezing its
// frames) unless it is pinned; a platform thread blocks its OS thread. With
// d >= 0 a wake is scheduled after d.
func (s *Sim) park(ti int32, reason ParkReason, d Duration, pinned bool) {
	t := &s.th[ti]
	t.token++
	t.reason = reason
	t.parks++
	if d >= 0 {
		s.q.pushAfter(s.now, d, evWake, ti, t.token)
	}
	if !t.virtual {
		s.setState(ti, StateParked)
		s.emit(EvPark, ti, int64(reason), 0)
		s.releaseCore(ti)
		return
	}
	c := t.carrier
	s.stats.vparks++
	if pinned {
		s.setState(ti, StatePinned)
		s.stats.pinnedParks++
		s.emit(EvPinned, ti, int64(reason), 0)
		s.releaseCore(c)
		return
	}
	w := s.freeze(ti)
	ct, t := &s.th[c], &s.th[ti]
	ct.owed += s.cfg.JVM.FreezeBase + Duration(int64(w)*int64(s.cfg.JVM.FreezePerKWord)/1000)
	s.emit(EvUnmount, ti, int64(reason), int64(w))
	s.unmountFrom(t, ct)
	s.setStateOf(t, ti, StateParked)
	s.noteMemory()
	s.carrierLoop(c)
}

// onWake handles the end of a timed wait (sleep, blocking call) of thread
// ti: it reports whether the wait is still current (token), so that
// Advance unparks ti. Advance makes that call itself, as it does
// burstDone's (onSliceEnd says why).
func (s *Sim) onWake(ti int32, token uint32) bool {
	t := &s.th[ti]
	if t.token != token || (t.state != StateParked && t.state != StatePinned) {
		return false
	}
	if t.task >= 0 {
		tk := &s.tasks[t.task]
		if tk.failNext {
			tk.failed = true
			tk.failNext = false
		}
	}
	return true
}

// unpark makes a waiting thread runnable again.
func (s *Sim) unpark(ti int32) {
	t := &s.th[ti]
	t.token++
	switch t.state {
	case StatePinned:
		// Still mounted: its carrier's OS thread wakes up and continues it.
		if t.virtual {
			s.sched.uncompensate(s, t.carrier)
		}
		s.setState(ti, StateRunning)
		s.wakeOS(t.carrier, afterStep, burstOwed, 0)
	case StateParked:
		if t.virtual {
			s.setState(ti, StateRunnable)
			s.emit(EvUnpark, ti, 1, 0)
			s.sched.submit(s, ti)
			return
		}
		s.setState(ti, StateRunning)
		s.emit(EvUnpark, ti, 0, 0)
		after := afterNextTask
		if t.task >= 0 {
			after = afterStep
		}
		s.wakeOS(ti, after, burstOwed, 0)
	}
}

// terminate ends a Java thread whose work is done.
func (s *Sim) terminate(ti int32) {
	t := &s.th[ti]
	if t.virtual {
		c := t.carrier
		s.dropChain(ti)
		s.heap.killShort(s.threadObjects(t), shortThread)
		s.freeThreadLocals(ti)
		s.unmount(ti)
		s.setState(ti, StateTerminated)
		s.liveVT--
		s.emit(EvThreadEnd, ti, 1, 0)
		s.thFree = append(s.thFree, ti)
		s.noteMemory()
		if c >= 0 {
			s.carrierLoop(c)
		}
		return
	}
	// A platform thread spends CPU tearing itself down, then its OS thread
	// is gone.
	s.runCPU(ti, s.cfg.JVM.PlatformExit, burstExit)
}

// platformGone removes a platform thread that finished exiting.
func (s *Sim) platformGone(ti int32) {
	s.releaseCore(ti)
	s.freeThreadLocals(ti)
	s.setState(ti, StateTerminated)
	s.liveOS--
	if s.th[ti].role.app() {
		s.appOS--
	}
	s.emit(EvThreadEnd, ti, 0, 0)
	s.thFree = append(s.thFree, ti)
	s.noteMemory()
}

// freeThreadLocals lets a thread's thread-local state die with it.
func (s *Sim) freeThreadLocals(ti int32) {
	t := &s.th[ti]
	// An old state object leaves its young parts to die only once
	// promoted (nepotism.go).
	held := s.holdsReferents(ti)
	h := &s.heap
	if t.tlBase >= 0 {
		h.kill(t.tlBase)
		t.tlBase = -1
	}
	h.endOwned(&t.cache, shortLocal, held)
	if held { // as endOwned does
		h.holdShort(t.sticky, shortLocal)
	} else {
		h.killShort(t.sticky, shortLocal)
	}
	t.sticky = shortRef{}
}

// noteMemory updates the peak of the memory the workload's threads hold.
func (s *Sim) noteMemory() {
	m := s.threadMemory()
	if m > s.stats.memPeak {
		s.stats.memPeak = m
	}
}

// platformThreadMemory is what one platform thread the workload starts
// holds in threadMemory: its reserved stack and other native memory.
func (s *Sim) platformThreadMemory() Bytes {
	return s.cfg.JVM.Xss + s.cfg.JVM.PlatformNative
}

// threadMemory is the memory held for the workload's own threads: reserved
// stack and native memory of the platform threads it started, and the heap
// objects of its virtual threads (Thread, Continuation, StackChunks,
// thread-local state). The JVM's own threads, carriers included, are not
// counted: the vt-basics article measured what the threads it created cost.
func (s *Sim) threadMemory() Bytes {
	m := Bytes(s.appOS) * s.platformThreadMemory()
	h := &s.heap
	return m + h.live[CatThread] + h.live[CatChunk] + h.live[CatThreadLocal]
}
