package sim

import "fmt"

// task is one running instance of a program: a request, a scope's subtask,
// or an event loop's callback.
type task struct {
	// Widest fields first, so the record packs into fewer cache lines.
	sent      Time // when the client sent the request
	pathWords Words
	topWords  Words
	callStart Time       // start of the current blocking call
	callLen   Duration   // its full length
	req       shortOwned // request data (cohort.go)

	prog    int32
	pc      int32
	thread  int32
	load    int32 // load generator of the request, -1
	conn    int32 // client connection (event-loop affinity), -1
	scope   int32 // scope this task is a subtask of, -1
	owns    int32 // scope this task waits on, -1
	retProg int32 // direct call (router): program to return to, -1
	retPC   int32
	exec    int32 // async continuation: executor to run on

	sub       int8 // index within that scope
	tier      Tier // lowest tier on the call path at invocation
	model     int8 // router model of this subtask or direct call, -1
	conPool   int8 // client connection pool of the connection it holds, 0 if none
	failNext  bool // the current blocking call will fail
	failed    bool
	cancelled bool
	entered   bool // the call path has been invoked
}

func (s *Sim) newTask(prog int32) int32 {
	var i int32
	if n := len(s.taskFree); n > 0 {
		i = s.taskFree[n-1]
		s.taskFree = s.taskFree[:n-1]
	} else {
		s.tasks = append(s.tasks, task{})
		i = int32(len(s.tasks) - 1)
	}
	// Zeroed, then the fields that start non-zero: assigning a composite
	// literal to a slice element builds it aside and copies it in (in
	// WebAssembly two memory.copy calls a request).
	k := &s.tasks[i]
	*k = task{}
	k.prog, k.thread, k.load, k.conn, k.scope, k.owns, k.retProg, k.model = prog, -1, -1, -1, -1, -1, -1, -1
	return i
}

func (s *Sim) freeTask(i int32) {
	s.tasks[i].prog = -1
	s.taskFree = append(s.taskFree, i)
}

// pathCache remembers a program's frames once its methods are settled.
type pathCache struct {
	settled bool
	words   Words
	top     Words
	tier    Tier
}

// beginTask gives task tk to thread ti. The thread enters the program's
// call path when it first runs the task (step), not now: a task handed to a
// queued thread has not invoked anything yet.
func (s *Sim) beginTask(ti, tk int32) {
	tsk := &s.tasks[tk]
	tsk.thread = ti
	s.th[ti].task = tk
}

// enterPath invokes the methods of the task's call path (counting
// invocations for the JIT); the thread's frames grow by the path's frames at
// the tiers the methods run at now.
func (s *Sim) enterPath(ti, tk int32) {
	tsk := &s.tasks[tk]
	tsk.entered = true
	pc := &s.pathCache[tsk.prog]
	if pc.settled {
		// Every method is at its final tier: counting no longer changes
		// anything, and the frames are known.
		tsk.pathWords, tsk.topWords, tsk.tier = pc.words, pc.top, pc.tier
		t := &s.th[ti]
		t.frames = s.threadFrames(t) + pc.words
		t.topWords = pc.top
		return
	}
	p := &s.cfg.Programs[tsk.prog]
	var words, top Words
	low := TierC2
	for i, m := range p.Path {
		tier, queue, delay := s.jit.invoke(m)
		if delay >= 0 {
			s.q.push(s.now.Add(delay), evCompiled, int32(m), uint32(queue))
		}
		w := s.cfg.Methods[m].Frame[tier]
		words += w
		if i >= len(p.Path)-2 {
			top += w
		}
		if tier < low {
			low = tier
		}
	}
	if len(p.Path) == 0 {
		low = s.cfg.JIT.StartTier
	}
	tsk.pathWords = words
	tsk.topWords = top
	tsk.tier = low
	settled := true
	for _, m := range p.Path {
		if !s.jit.final(m) {
			settled = false
			break
		}
	}
	if settled {
		*pc = pathCache{settled: true, words: words, top: top, tier: low}
	}
	t := &s.th[ti]
	t.frames = s.threadFrames(t) + words
	t.topWords = top
}

// endTask finishes thread ti's task: the code returns through its frames
// (thawing any still frozen behind a return barrier), request data dies, and
// whoever waits for the task is told.
func (s *Sim) endTask(ti int32) {
	t := &s.th[ti]
	tk := t.task
	if t.virtual {
		if w := s.thawAll(ti); w > 0 {
			s.th[t.carrier].owed += s.cfg.JVM.ThawBase + Duration(int64(w)*int64(s.cfg.JVM.ThawPerKWord)/1000)
		}
	}
	tsk := &s.tasks[tk]
	if tsk.owns >= 0 {
		panic(fmt.Sprintf("loomlab: task %d ends while its scope %d is open (pc %d prog %d state)", tk, tsk.owns, tsk.pc, tsk.prog))
	}
	s.killRequestData(tk)
	if s.cfg.Programs[tsk.prog].FreshThreadState {
		s.freeThreadLocals(ti)
		s.th[ti].tlInit = false
	}
	if tsk.conPool > 0 && !tsk.cancelled {
		s.connIdle[tsk.conPool]++
	}
	s.th[ti].task = -1
	switch {
	case tsk.scope >= 0:
		s.subtaskDone(tk)
	case tsk.load >= 0:
		if s.steps != nil {
			s.stepsDone(tk, tsk.sent)
		}
		s.requestDone(tk)
	}
	s.freeTask(tk)
	t = &s.th[ti]
	t.interrupted = false
	switch t.role {
	case RoleTask:
		s.terminate(ti)
	case RolePoolWorker, RoleEventLoop:
		s.nextTask(ti)
	default:
		panic("loomlab: task ended on a thread without a task role")
	}
}

// pinnedNow reports whether a park by thread ti right now would pin its
// carrier: a virtual thread holding a monitor on JDK 21 (JEP 491 removed
// that in JDK 24).
func (s *Sim) pinnedNow(ti int32) bool {
	t := &s.th[ti]
	return t.virtual && t.monitors > 0 && s.cfg.JVM.JDK < 24
}

// step runs thread ti's task from its program counter: instant steps now,
// until one needs CPU (a burst), waits (a park) or the task ends.
//
// An allocation step (garbage, request data, thread-local state without a
// burst) changes neither the thread's task nor its program, so the next
// step follows at nextStep without finding them again: most of a request's
// steps are those.
//
// The pc is tested unsigned, so that indexing the step needs no bounds
// check: a pc is never negative (CheckInvariants says so), and a negative
// one would end the task. The body keeps its calls on the lines they had
// when pgo/sim.pprof was made (the profile finds a call by its line in its
// function), so some statements share a line.
func (s *Sim) step(ti int32) {
	var (
		t    *thread
		tk   int32
		tsk  *task
		prog *Program
	)
	for {
		t = &s.th[ti]
		if t.task < 0 {
			s.nextTask(ti)
			return
		}
		tk = t.task
		tsk = &s.tasks[tk]
		if !tsk.entered {
			s.enterPath(ti, tk)
		}
		prog = &s.cfg.Programs[tsk.prog]
	nextStep:
		if t.interrupted && tsk.scope >= 0 && !tsk.cancelled {
			// Cancelled by its scope: the interrupt unwinds the task.
			tsk.cancelled = true
			tsk.pc = int32(len(prog.Steps))
			tsk.retProg = -1
		}
		if uint(tsk.pc) >= uint(len(prog.Steps)) {
			if tsk.retProg >= 0 {
				s.routerCallDone(tk)
				tsk.prog, tsk.pc, tsk.retProg = tsk.retProg, tsk.retPC+1, -1
				continue
			}
			s.endTask(ti)
			return
		}
		st := &prog.Steps[uint(tsk.pc)]
		if s.steps != nil {
			s.markStep(tk, st.Kind)
		}
		switch st.Kind {
		case StepCPU:
			d := s.sample(&st.Dist)
			if st.WallClock {
				s.runSpin(s.oscpu(ti), d, burstStep)
				return
			}
			s.runCPU(s.oscpu(ti), d, burstStep)
			return
		case StepGarbage:
			lock := s.cfg.Heap.HeapLock
			if lock && s.heapLockBlocks(ti, st.Bytes) {
				return
			}
			s.allocGarbage(st.Bytes)
			if lock {
				s.heapLockAllocated(ti, prog.afterSleep(tsk.pc))
			}
			tsk = &s.tasks[tk]
			tsk.pc, t = tsk.pc+1, &s.th[ti]
			goto nextStep
		case StepLive:
			lock := s.cfg.Heap.HeapLock
			if lock && s.heapLockBlocks(ti, st.Bytes) {
				return
			}
			s.addRequestData(tk, st.Bytes)
			if lock {
				s.heapLockAllocated(ti, prog.afterSleep(tsk.pc))
			}
			tsk = &s.tasks[tk]
			tsk.pc, t = tsk.pc+1, &s.th[ti]
			goto nextStep
		case StepThreadLocal:
			lock := s.cfg.Heap.HeapLock
			if lock && s.heapLockBlocks(ti, s.threadLocalBytes(ti, st)) {
				return
			}
			afterSleep := lock && prog.afterSleep(tsk.pc)
			burst := s.useThreadLocal(ti, st)
			if lock {
				s.heapLockAllocated(ti, afterSleep)
			}
			if burst {
				return
			}
			t, tsk = &s.th[ti], &s.tasks[tk]
			goto nextStep
		case StepSleep:
			d := s.sample(&st.Dist)
			tsk.pc++
			if t.virtual {
				s.needUnparker()
			}
			s.park(ti, ParkSleep, d, s.pinnedNow(ti))
			return
		case StepBlock:
			d := s.sample(&st.Dist)
			tsk.pc++
			if st.ConnPool > 0 {
				if s.connIdle[st.ConnPool] > 0 {
					s.connIdle[st.ConnPool]--
				} else {
					d += s.sample(&st.ConnSetup)
					s.stats.connSetups++
				}
				tsk.conPool = int8(st.ConnPool)
			}
			tsk.callStart, tsk.callLen = s.now, d
			if st.FailRate > 0 && unit(s.rng) < st.FailRate {
				tsk.failNext = true
			}
			s.park(ti, ParkSocket, d, st.Native || s.pinnedNow(ti))
			return
		case StepFileIO:
			d := s.sample(&st.Dist)
			tsk.pc++
			s.fileIO(ti, d)
			return
		case StepEnter:
			if !s.monitorEnter(ti, st.Monitor) {
				return
			}
		case StepExit:
			s.monitorExit(ti, st.Monitor)
			s.tasks[tk].pc++
		case StepFork:
			s.fork(ti, st.Subtasks, st.Joiner, false)
			return
		case StepRace:
			if s.race(ti) {
				return
			}
		case StepAsync:
			s.startAsync(ti, st)
			s.tasks[tk].pc++
		default:
			panic("loomlab: step kind without an interpreter")
		}
	}
}

// afterSleep reports whether step pc follows a sleep: its allocations are
// the first a thread makes after the sleep.
func (p *Program) afterSleep(pc int32) bool {
	return pc > 0 && p.Steps[pc-1].Kind == StepSleep
}

// threadLocalBytes is what useThreadLocal will allocate for thread ti.
func (s *Sim) threadLocalBytes(ti int32, st *Step) Bytes {
	t := &s.th[ti]
	n := st.Sticky
	if !t.tlInit {
		n += st.InitBytes
	}
	if st.Bytes > 0 && t.cache.total < st.Cap {
		n += st.Bytes
	}
	return n
}

// useThreadLocal performs a thread-local step and reports whether it started
// a CPU burst (the first use on a thread initialises its state).
func (s *Sim) useThreadLocal(ti int32, st *Step) bool {
	t := &s.th[ti]
	first := !t.tlInit
	if first {
		t.tlInit = true
		if st.InitBytes > 0 {
			b := s.alloc(st.InitBytes, CatThreadLocal)
			s.th[ti].tlBase = b
		}
	}
	if st.Bytes > 0 && t.cache.total < st.Cap {
		r := s.allocShort(st.Bytes, shortLocal)
		t = &s.th[ti]
		s.heap.addOwned(&t.cache, r)
	}
	if st.Sticky > 0 {
		r := s.allocShort(st.Sticky, shortLocal)
		t = &s.th[ti]
		s.heap.killShort(t.sticky, shortLocal)
		t.sticky = r
	}
	if first && st.Init > 0 {
		s.runCPU(s.oscpu(ti), st.Init, burstStep)
		return true
	}
	s.tasks[t.task].pc++
	return false
}

// needUnparker starts JDK 21's VirtualThread-unparker, the platform thread
// that wakes sleeping virtual threads, at the first timed park.
func (s *Sim) needUnparker() {
	if s.cfg.JVM.JDK != 21 || s.unparker >= 0 {
		return
	}
	s.unparker = s.newPlatform(RoleUnparker, -1)
	s.setState(s.unparker, StateParked)
	s.th[s.unparker].reason = ParkIdle
}

// fileIO blocks thread ti in file I/O for d. A virtual thread stays mounted
// and the scheduler compensates for its blocked carrier.
func (s *Sim) fileIO(ti int32, d Duration) {
	t := &s.th[ti]
	if !t.virtual {
		s.park(ti, ParkFile, d, false)
		return
	}
	t.token++
	t.reason = ParkFile
	s.q.pushAfter(s.now, d, evWake, ti, t.token)
	s.setState(ti, StatePinned)
	s.releaseCore(t.carrier)
	s.sched.compensate(s, t.carrier)
}

// startAsync starts a non-blocking operation whose continuation runs later on
// an event loop of the same connection.
func (s *Sim) startAsync(ti int32, st *Step) {
	old := s.th[ti].task
	c := s.newTask(int32(st.Then))
	o := &s.tasks[old]
	n := &s.tasks[c]
	n.load, n.conn, n.sent = o.load, o.conn, o.sent
	n.exec = int32(st.ThenExec)
	// The original task ends without completing the request: the
	// continuation carries it.
	o.load = -1
	s.q.push(s.now.Add(s.sample(&st.Dist)), evAsync, c, 0)
}

// onAsync hands a finished asynchronous operation's continuation to its
// event loop.
func (s *Sim) onAsync(tk int32) { s.submitTask(s.tasks[tk].exec, tk) }
