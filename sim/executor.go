package sim

// Executors map tasks onto threads (see ExecutorKind).
type executor struct {
	id      int32
	cfg     *ExecutorConfig
	queue   fifo    // tasks waiting for a pool worker
	idle    fifo    // idle pool workers, longest idle first
	workers []int32 // pool workers and event loops
	loopQ   []fifo  // event loops: each loop's own queue
	busy    []bool  // event loops: running or about to run
}

func (e *executor) init(s *Sim, id int32) {
	e.id = id
	e.cfg = &s.cfg.Executors[id]
	switch e.cfg.Kind {
	case ExecVirtualPool:
		// A pool of long-lived virtual threads created up front: each starts,
		// finds no work and parks in the pool's queue.
		for i := 0; i < e.cfg.Size; i++ {
			vt := s.newVirtual(RolePoolWorker, id)
			s.th[vt].worker = int32(i)
			e.workers = append(e.workers, vt)
			s.setIdleFrames(vt)
			s.setState(vt, StateRunnable)
			s.sched.submit(s, vt)
		}
	case ExecEventLoops:
		e.loopQ = make([]fifo, e.cfg.Size)
		e.busy = make([]bool, e.cfg.Size)
		for i := 0; i < e.cfg.Size; i++ {
			var w int32
			if e.cfg.Virtual {
				w = s.newVirtual(RoleEventLoop, id)
				s.th[w].worker = int32(i)
				s.setIdleFrames(w)
				s.setState(w, StateRunnable)
				s.sched.submit(s, w)
			} else {
				w = s.newPlatform(RoleEventLoop, id)
				s.th[w].worker = int32(i)
				s.startPlatformThread(w, afterNextTask)
			}
			e.busy[i] = true
			e.workers = append(e.workers, w)
		}
	}
}

// submitCost is the CPU a submitting thread spends handing one task over.
func (s *Sim) submitCost(e *executor) Duration {
	switch e.cfg.Kind {
	case ExecVirtualPerTask:
		return s.cfg.JVM.VThreadCreate
	case ExecPlatformPerTask:
		return s.cfg.JVM.PlatformCreate
	case ExecPlatformPool:
		if len(e.workers) < e.cfg.Size {
			return e.cfg.Submit + s.cfg.JVM.PlatformCreate
		}
	}
	return e.cfg.Submit
}

// submitTask hands task tk to executor ei.
func (s *Sim) submitTask(ei int32, tk int32) {
	e := &s.execs[ei]
	switch e.cfg.Kind {
	case ExecVirtualPerTask:
		vt := s.newVirtual(RoleTask, ei)
		s.beginTask(vt, tk)
		s.setState(vt, StateRunnable)
		s.sched.submit(s, vt)
	case ExecPlatformPerTask:
		pt := s.newPlatform(RoleTask, ei)
		s.beginTask(pt, tk)
		s.startPlatformThread(pt, afterStep)
	case ExecPlatformPool, ExecVirtualPool:
		if e.idle.len() > 0 {
			// The longest-idle worker takes the task.
			w := e.idle.pop()
			s.beginTask(w, tk)
			s.unpark(w)
			return
		}
		if e.cfg.Kind == ExecPlatformPool && len(e.workers) < e.cfg.Size {
			// ThreadPoolExecutor starts a new worker with this task as its
			// first task while fewer than corePoolSize exist.
			w := s.newPlatform(RolePoolWorker, ei)
			e.workers = append(e.workers, w)
			s.beginTask(w, tk)
			s.startPlatformThread(w, afterStep)
			return
		}
		e.queue.push(tk)
	case ExecEventLoops:
		loop := s.tasks[tk].conn
		if loop < 0 {
			loop = 0
		}
		loop %= int32(len(e.workers))
		if !e.busy[loop] {
			e.busy[loop] = true
			w := e.workers[loop]
			s.beginTask(w, tk)
			s.unpark(w)
			return
		}
		e.loopQ[loop].push(tk)
	}
}

// nextTask makes a pool worker or event loop take its next task, or park
// waiting for one.
func (s *Sim) nextTask(ti int32) {
	t := &s.th[ti]
	e := &s.execs[t.exec]
	var q *fifo
	if e.cfg.Kind == ExecEventLoops {
		q = &e.loopQ[t.worker]
	} else {
		q = &e.queue
	}
	if q.len() > 0 {
		tk := q.pop()
		s.beginTask(ti, tk)
		s.step(ti)
		return
	}
	if e.cfg.Kind == ExecEventLoops {
		e.busy[t.worker] = false
	} else {
		e.idle.push(ti)
	}
	s.setIdleFrames(ti)
	s.park(ti, ParkIdle, -1, false)
}

// setIdleFrames sets the frames of a worker waiting for work.
func (s *Sim) setIdleFrames(ti int32) {
	t := &s.th[ti]
	t.frames = s.threadFrames(t) + s.cfg.JVM.IdleFrames
	t.topWords = s.cfg.JVM.IdleFrames
}
