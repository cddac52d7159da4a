package sim

// Monitors: the locks behind `synchronized`. A thread that finds a monitor
// held waits in FIFO order and is handed the monitor when the owner exits.
// (HotSpot's monitors are not strictly fair; FIFO hand-off is the
// deterministic simplification.) A virtual thread that blocks on entry on
// JDK 21 is pinned: it cannot unmount while inside synchronized code (JEP
// 491 lifted this in JDK 24).

// PrivateMonitor, as a step's monitor, is a lock private to the task (say,
// synchronized on an object only it uses): never contended, but holding it
// still pins a virtual thread on JDK 21.
const PrivateMonitor = -1

type monitor struct {
	owner   int32     // thread slot, -1
	count   int16     // recursion count
	waiting waitQueue // threads blocked on entry, first come first served
}

// monitorEnter acquires monitor m for thread ti and reports whether the
// thread can go on (false: it is now waiting; its program counter stays on
// the enter step until it is handed the monitor).
func (s *Sim) monitorEnter(ti int32, m int) bool {
	t := &s.th[ti]
	if m == PrivateMonitor {
		t.monitors++
		s.tasks[t.task].pc++
		return true
	}
	mo := &s.monitors[m]
	switch mo.owner {
	case -1:
		mo.owner, mo.count = ti, 1
		t.monitors++
		s.tasks[t.task].pc++
		return true
	case ti:
		mo.count++
		t.monitors++
		s.tasks[t.task].pc++
		return true
	}
	mo.waiting.push(s.th, ti)
	s.stats.monitorWaits++
	// JDK 21: blocking in monitor enter pins a virtual thread (counts as a
	// pinned park if it holds other monitors or simply cannot unmount here).
	pinned := t.virtual && s.cfg.JVM.JDK < 24
	s.park(ti, ParkMonitor, -1, pinned)
	return false
}

// monitorExit releases monitor m held by thread ti, handing it to the first
// waiter.
func (s *Sim) monitorExit(ti int32, m int) {
	if m == PrivateMonitor {
		s.th[ti].monitors--
		return
	}
	mo := &s.monitors[m]
	if mo.owner != ti {
		panic("loomlab: monitor exit by a thread that does not own it")
	}
	s.th[ti].monitors--
	mo.count--
	if mo.count > 0 {
		return
	}
	mo.owner = -1
	next := mo.waiting.pop(s.th)
	if next < 0 {
		return
	}
	mo.owner, mo.count = next, 1
	s.th[next].monitors++
	s.tasks[s.th[next].task].pc++
	nt := &s.th[next]
	if nt.virtual && nt.state == StateParked {
		// An unmounted waiter (JDK 24+) is scheduled like any unpark.
		s.unpark(next)
		return
	}
	// A blocked OS thread (a platform thread, or a pinned carrier) takes
	// the monitor without the OS wake latency: HotSpot's contenders spin
	// before they block, so with short critical sections the successor is
	// usually still spinning when the owner leaves (the spinning's own CPU
	// is not modelled).
	nt.token++
	s.setState(next, StateRunning)
	os := s.oscpu(next)
	s.th[os].after = afterStep
	s.runCPU(os, 0, burstOwed)
}
