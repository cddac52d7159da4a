package sim

// The machine: Cores CPUs shared by runnable OS threads. A thread that
// wants CPU takes an idle core or waits in a FIFO run queue; a thread that
// has held a core for a quantum while others wait goes to the back of the
// queue (round robin). CPU work is a "burst": a duration of CPU after which
// the thread's burst handler runs. A stop-the-world pause stretches every
// slice in progress (sim.go). On a shared machine a slice of CPU takes
// longer in wall time (cpushare.go).

// core is one CPU.
type core struct {
	running int32 // platform thread slot, -1 when idle
	token   uint32
	since   Time     // when the running thread got this core
	end     Time     // when the current slice ends
	run     Duration // CPU the current slice delivers
}

// burstKind says what completes at the end of a burst.
type burstKind uint8

const (
	burstNone burstKind = iota
	// burstStep: the Java step of the thread (a platform thread's own task,
	// or a carrier's mounted virtual thread) finished its CPU.
	burstStep
	// burstOwed: overhead (freeze, thaw, context switch) paid; continue with
	// the thread's pending action.
	burstOwed
	// burstSubmit: the batch submitter finished one submission.
	burstSubmit
	// burstExit: a platform thread finished tearing itself down.
	burstExit
	// burstAccept: the acceptor finished accepting a connection.
	burstAccept
	// burstSafepoint: the VM thread got a CPU to run a collection a
	// thread asked for (heaplock.go).
	burstSafepoint
)

// spinPhase says whether a burst runs on the clock (Step.WallClock) and,
// if so, whether its deadline is set yet.
type spinPhase uint8

const (
	spinNone    spinPhase = iota // a fixed amount of CPU
	spinWaiting                  // on the clock, not yet on a core: no deadline yet
	spinOnClock                  // on the clock: deadline holds when it ends
)

// runCPU gives platform thread ti a burst of d CPU (plus what it owes); the
// burst handler runs when it is done.
func (s *Sim) runCPU(ti int32, d Duration, kind burstKind) { s.runBurst(ti, d, kind, false) }

// runSpin runs a burst that spins until a clock deadline (Step.WallClock),
// as a loop that reads the clock does: set when it first gets a core, d of
// CPU later (after any owed CPU, both stretched by the JVM's share of the
// machine), and a pause that catches it past its deadline ends it.
func (s *Sim) runSpin(ti int32, d Duration, kind burstKind) { s.runBurst(ti, d, kind, true) }

// runBurst starts a burst of d of CPU, or, with onClock, a spin of d that
// ends on the clock.
func (s *Sim) runBurst(ti int32, d Duration, kind burstKind, onClock bool) {
	t := &s.th[ti]
	t.spin = spinNone
	if onClock {
		t.spin = spinWaiting
	}
	t.need = d + t.owed
	t.owed = 0
	t.burst = kind
	if t.core >= 0 {
		c := &s.cores[t.core]
		if s.runq.len() > 0 && s.now.Sub(c.since) >= s.cfg.Machine.Quantum {
			// Used up its quantum while others wait: back of the queue.
			s.preempt(ti)
			return
		}
		s.startSlice(t.core)
		return
	}
	s.makeRunnable(ti)
}

// makeRunnable puts a platform thread that is not on a core on an idle core,
// or in the run queue.
func (s *Sim) makeRunnable(ti int32) {
	s.noteRunq()
	if n := len(s.idleCores); n > 0 {
		c := s.idleCores[n-1]
		s.idleCores = s.idleCores[:n-1]
		s.dispatchCore(c, ti)
		return
	}
	s.th[ti].inRunQ = true
	if s.th[ti].heapWoken {
		// Woken by an unlock of the heap lock: Linux runs a thread that
		// has been blocked ahead of those that used their slices
		// (heaplock.go), so the hand-off waits for a core to free, not
		// for the run queue.
		s.runq.pushFront(ti)
		return
	}
	s.runq.push(ti)
}

// noteRunq brings the marking threads' CPU integral (stats.markCPU) up to
// now; it is called before every change in the number of runnable threads
// (the run queue's length or the cores in use) and at each pause's start,
// so the count is constant since the last call and at most the latest
// pause lies in between.
func (s *Sim) noteRunq() {
	st := &s.stats
	if s.cfg.Heap.GC == GCG1 && s.now > st.runqAt {
		run := s.now.Sub(st.runqAt)
		if s.pauseEnd > st.runqAt && s.pauseStart < s.now {
			run -= min(s.now, s.pauseEnd).Sub(max(st.runqAt, s.pauseStart))
		}
		if run > 0 {
			runnable := len(s.cores) - len(s.idleCores) + s.runq.len()
			st.markCPU += float64(float64(run) * s.g1MarkShare(runnable))
		}
	}
	st.runqAt = s.now
}

func (s *Sim) dispatchCore(c int32, ti int32) {
	co := &s.cores[c]
	co.running = ti
	co.since = s.now
	t := &s.th[ti]
	t.core = c
	t.inRunQ = false
	s.startSlice(c)
}

func (s *Sim) startSlice(c int32) {
	co := &s.cores[c]
	t := &s.th[co.running]
	run := t.need
	if q := s.cfg.Machine.Quantum; run > q {
		run = q
	}
	start := s.now
	if s.pauseEnd > start {
		start = s.pauseEnd
	}
	share := s.cfg.Machine.cpuShare()
	if t.spin == spinWaiting {
		// A spin's deadline is set when it first runs: any owed CPU first,
		// then its clock length. The clock length is stretched like any
		// CPU work: an OS thread on a core runs at the core's full speed,
		// so a spin that is not cut short uses its whole clock length of
		// CPU, and the JVM's share of the machine is the time its threads
		// wait for a core (as a fluid here: the stretch), not a slower
		// spin. The twin's workers used 55 µs of CPU for a 50 µs spin at
		// a CPU share of 0.65 (docs/model.md, "A spin that ends on the
		// clock").
		t.deadline = start.Add(stretch(t.need, share))
		t.spin = spinOnClock
	}
	if t.spin == spinOnClock {
		// On the clock: the slice lasts until the deadline (a quantum at
		// most), and the CPU it uses is the JVM's share of that time; a
		// pause that catches the spin past its deadline ends it with less.
		wall := max(t.deadline.Sub(start), 0)
		wall = min(wall, stretch(s.cfg.Machine.Quantum, share))
		co.run = Duration(float64(float64(wall) * share))
		if share >= 1 {
			co.run = wall
		}
		co.end = start.Add(wall)
		co.token++
		s.q.push(co.end, evSliceEnd, c, co.token)
		return
	}
	co.run = run
	co.end = start.Add(stretch(run, share))
	co.token++
	s.q.push(co.end, evSliceEnd, c, co.token)
}

// onSliceEnd ends the slice on core c (token: the slice's, a stale one is
// ignored). It returns the thread whose burst is done, for Advance to run
// burstDone on, or -1: a thread with CPU still to use goes on with another
// slice or is preempted. Advance makes that call itself so that it is a
// call site of its own, which the profile (pgo/sim.pprof) finds hot and the
// compiler inlines; a call nested in an inlined function is not (a call
// costs more than most handlers' work in WebAssembly).
func (s *Sim) onSliceEnd(c int32, token uint32) int32 {
	co := &s.cores[c]
	if co.token != token || co.running < 0 {
		return -1
	}
	ti := co.running
	t := &s.th[ti]
	t.need -= co.run
	t.cpu += co.run
	s.stats.cpuBusy += co.run
	if t.role == RoleCarrier && t.mounted >= 0 {
		s.th[t.mounted].cpu += co.run
	}
	if t.spin == spinOnClock {
		// A spin goes on until its deadline, whatever CPU it has used.
		if s.now >= t.deadline {
			t.need, t.spin = 0, spinNone
		} else {
			t.need = max(t.need, 1)
		}
	}
	if t.need > 0 {
		if s.runq.len() > 0 && s.now.Sub(co.since) >= s.cfg.Machine.Quantum {
			s.preempt(ti)
			return -1
		}
		s.startSlice(c)
		return -1
	}
	return ti
}

// preempt moves a running thread to the back of the run queue and gives its
// core to the next one.
func (s *Sim) preempt(ti int32) {
	t := &s.th[ti]
	c := t.core
	co := &s.cores[c]
	co.token++
	t.core = -1
	t.inRunQ = true
	s.noteRunq()
	s.runq.push(ti)
	next := s.nextRunnable()
	s.dispatchCore(c, next)
}

// releaseCore takes the core away from a thread that blocks or ends.
func (s *Sim) releaseCore(ti int32) {
	t := &s.th[ti]
	if t.inRunQ {
		s.noteRunq()
		s.runq.remove(ti)
		t.inRunQ = false
	}
	c := t.core
	if c < 0 {
		return
	}
	s.noteRunq()
	t.core = -1
	co := &s.cores[c]
	co.running = -1
	co.token++
	if s.runq.len() > 0 {
		s.dispatchCore(c, s.nextRunnable())
		return
	}
	s.idleCores = append(s.idleCores, c)
}

// burstDone runs the handler of a finished burst. While a carrier's code
// runs, the scheduler knows it (submissions go to its local queue).
func (s *Sim) burstDone(ti int32) {
	t := &s.th[ti]
	prev, prevCur := s.sched.ctx, s.cur
	if t.role == RoleCarrier {
		s.sched.ctx = ti
	} else {
		s.sched.ctx = -1
	}
	s.cur = ti
	kind := t.burst
	t.burst = burstNone
	switch kind {
	case burstStep:
		if t.role == RoleCarrier {
			vt := t.mounted
			s.tasks[s.th[vt].task].pc++
			s.step(vt)
		} else {
			s.tasks[t.task].pc++
			s.step(ti)
		}
	case burstOwed:
		s.resume(ti)
	case burstSubmit:
		s.submitNext(ti)
	case burstExit:
		s.platformGone(ti)
	case burstAccept:
		s.acceptDone(ti)
	case burstSafepoint:
		s.heapLockSafepoint(ti)
	default:
		panic("loomlab: burst without a handler")
	}
	s.sched.ctx, s.cur = prev, prevCur
}

// oscpu returns the platform thread whose CPU a Java thread uses: itself,
// or its carrier for a mounted virtual thread.
func (s *Sim) oscpu(ti int32) int32 {
	if s.th[ti].virtual {
		return s.th[ti].carrier
	}
	return ti
}
