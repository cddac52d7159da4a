package sim

// Load generators: the clients of a server workload, or the main thread of
// a batch. Requests become tasks submitted to an executor; a request is done
// when its task (or the last continuation of it) ends, and its response
// reaches the client NetDelay later.

type loadState struct {
	cfg      *LoadConfig
	sent     int
	done     int
	main     int32 // batch: the submitting thread; StartedByMain: the starting one
	finished bool
	finishAt Time
	users    int // ramp: users started so far; StartedByMain: clients started
	// firstConn: the load's first connection (StartedByMain starts them in
	// order from it).
	firstConn int32
	// pendingSubmit: main has paid for a submission (batch) or a client's
	// start (StartedByMain) it has not made yet.
	pendingSubmit bool

	// Connection setup (closed loads with Connect).
	acceptor  int32
	acceptQ   fifo // connections accepted by the kernel, waiting for accept()
	accepting bool
}

// conn is a client connection.
type conn struct {
	load      int32
	token     uint32
	connected bool
	attempts  int
	firstTry  Time
	active    bool
}

func (s *Sim) startLoad(li int32) {
	l := &s.loads[li]
	l.cfg = &s.cfg.Loads[li]
	l.main, l.acceptor = -1, -1
	cfg := l.cfg
	switch cfg.Kind {
	case LoadBatch:
		s.useMain(li)
	case LoadClosed:
		if cfg.Connect {
			l.acceptor = s.newPlatform(RoleAcceptor, -1)
			s.setState(l.acceptor, StateParked)
			s.th[l.acceptor].reason = ParkSocket
			s.th[l.acceptor].exec = li
		}
		l.firstConn = int32(len(s.conns))
		for i := 0; i < cfg.Connections; i++ {
			c := s.newConn(li)
			if !cfg.StartedByMain {
				s.q.push(cfg.Start.Add(Duration(i)*cfg.ConnectGap), evClient, c, 0)
			}
		}
		if cfg.StartedByMain {
			s.useMain(li)
		}
	case LoadOpen:
		s.q.push(cfg.Start.Add(s.openGap(cfg)), evArrival, li, 0)
	case LoadRamp:
		for i := 0; i < cfg.Users; i++ {
			c := s.newConn(li)
			s.q.push(cfg.Start, evClient, c, 0)
		}
		l.users = cfg.Users
		if cfg.UsersMax > cfg.Users && s.cfg.Run.Duration > 0 {
			s.q.push(cfg.Start.Add(s.rampGap(cfg)), evRamp, li, 0)
		}
	}
}

// useMain makes the JVM's main thread, one of its base threads, load li's
// submitter, from the load's start.
func (s *Sim) useMain(li int32) {
	l := &s.loads[li]
	m := s.findBase()
	s.th[m].role = RoleMain
	l.main = m
	s.th[m].exec = li
	s.q.push(l.cfg.Start, evClient, -1-li, 0)
}

func (s *Sim) findBase() int32 {
	for i := range s.th {
		if s.th[i].role == RoleBase && s.th[i].state != StateTerminated {
			return int32(i)
		}
	}
	// No base thread configured: the main thread still exists.
	return s.newPlatform(RoleBase, -1)
}

func (s *Sim) newConn(li int32) int32 {
	s.conns = append(s.conns, conn{load: li})
	return int32(len(s.conns) - 1)
}

func (s *Sim) openGap(cfg *LoadConfig) Duration {
	return Exp(Duration(float64(Second) / cfg.Rate)).Sample(s.rng)
}

func (s *Sim) rampGap(cfg *LoadConfig) Duration {
	span := s.cfg.Run.Duration - Duration(cfg.Start)
	return span / Duration(cfg.UsersMax-cfg.Users)
}

// onClient: a client acts. Negative a means the batch submitter of load
// -1-a starts.
func (s *Sim) onClient(a int32, token uint32) {
	if a < 0 {
		li := -1 - a
		m := s.loads[li].main
		s.setState(m, StateRunning)
		s.submitNext(m)
		return
	}
	c := &s.conns[a]
	if c.token != token {
		return
	}
	l := &s.loads[c.load]
	if l.cfg.Connect && !c.connected {
		s.connect(a)
		return
	}
	s.send(a, s.now)
}

// send makes client c send a request at time at (it reaches the server
// NetDelay later), unless the load has sent all it should.
func (s *Sim) send(ci int32, at Time) {
	s.sendArriving(ci, at, at.Add(s.loads[s.conns[ci].load].cfg.NetDelay))
}

// sendArriving sends a request that was sent at time at and reaches the
// server at arrive.
func (s *Sim) sendArriving(ci int32, at, arrive Time) {
	c := &s.conns[ci]
	l := &s.loads[c.load]
	if l.cfg.Total > 0 && l.sent >= l.cfg.Total {
		c.active = false
		return
	}
	l.sent++
	c.active = true
	tk := s.newTask(int32(l.cfg.Program))
	t := &s.tasks[tk]
	t.load, t.conn, t.sent = c.load, ci, at
	if l.cfg.Loop && arrive == s.now {
		// The thread that finished the last request takes this one as soon
		// as it ends that one (endTask → nextTask finds it queued).
		s.onRequestArrive(tk)
		return
	}
	if arrive >= s.now {
		s.q.pushAfter(s.now, arrive.Sub(s.now), evRequestArrive, tk, 0)
	} else {
		s.q.push(arrive, evRequestArrive, tk, 0)
	}
}

func (s *Sim) onRequestArrive(tk int32) {
	l := &s.loads[s.tasks[tk].load]
	s.submitTask(int32(l.cfg.Executor), tk)
}

func (s *Sim) onOpenArrival(li int32) {
	l := &s.loads[li]
	if s.cfg.Run.Duration > 0 && s.now >= Time(s.cfg.Run.Duration) {
		return
	}
	l.sent++
	tk := s.newTask(int32(l.cfg.Program))
	t := &s.tasks[tk]
	t.load, t.sent = li, s.now
	t.conn = int32(l.sent) // a fresh connection: spread over event loops
	s.q.pushAfter(s.now, l.cfg.NetDelay, evRequestArrive, tk, 0)
	s.q.push(s.now.Add(s.openGap(l.cfg)), evArrival, li, 0)
}

func (s *Sim) onRamp(li int32) {
	l := &s.loads[li]
	if l.users >= l.cfg.UsersMax {
		return
	}
	c := s.newConn(li)
	l.users++
	s.send(c, s.now)
	if l.users < l.cfg.UsersMax {
		s.q.push(s.now.Add(s.rampGap(l.cfg)), evRamp, li, 0)
	}
}

// requestDone records a finished request and lets its client go on.
func (s *Sim) requestDone(tk int32) {
	t := &s.tasks[tk]
	li := t.load
	l := &s.loads[li]
	l.done++
	resp := s.now.Add(l.cfg.NetDelay)
	if l.cfg.Kind == LoadBatch {
		resp = s.now
	}
	s.stats.request(s, resp, resp.Sub(t.sent), t.failed)
	ci := t.conn
	switch l.cfg.Kind {
	case LoadBatch:
		if l.done == l.cfg.Count {
			s.loadFinished(li)
		}
	case LoadClosed, LoadRamp:
		if l.cfg.Kind == LoadClosed && l.cfg.Total > 0 && l.done >= l.cfg.Total {
			s.loadFinished(li)
			return
		}
		think := Duration(0)
		if l.cfg.Think.Kind != distInvalid {
			think = s.sample(&l.cfg.Think)
		}
		s.send(ci, resp.Add(think))
	}
}

// loadFinished marks a load complete; the run ends when every load that can
// finish has.
func (s *Sim) loadFinished(li int32) {
	l := &s.loads[li]
	l.finished = true
	l.finishAt = s.now
	if l.cfg.Kind == LoadBatch {
		s.stats.elapsed = s.now.Sub(l.cfg.Start)
		m := l.main
		s.setState(m, StateParked)
	}
	for i := range s.loads {
		if !s.loads[i].finished {
			return
		}
	}
	s.finish("workload finished")
}

// submitNext is the batch submitter's loop: pay the submission cost, then
// hand the task over.
func (s *Sim) submitNext(m int32) {
	li := s.th[m].exec
	l := &s.loads[li]
	if l.cfg.Kind == LoadClosed {
		s.startNextClient(m)
		return
	}
	if l.pendingSubmit {
		l.pendingSubmit = false
		tk := s.newTask(int32(l.cfg.Program))
		t := &s.tasks[tk]
		t.load, t.sent = li, l.cfg.Start
		l.sent++
		s.submitTask(int32(l.cfg.Executor), tk)
	}
	// All submitted, close() waits for every task.
	s.mainNext(m, l, l.sent >= l.cfg.Count, ParkJoin, s.submitCost(&s.execs[l.cfg.Executor]))
}

// mainNext ends a step of main's loop over a load: with the loop done
// main parks (why), else it pays cost for its next step, which goes when
// the burst ends (burstSubmit).
func (s *Sim) mainNext(m int32, l *loadState, done bool, why ParkReason, cost Duration) {
	if done {
		s.setState(m, StateParked)
		s.th[m].reason = why
		s.releaseCore(m)
		return
	}
	l.pendingSubmit = true
	s.runCPU(m, cost, burstSubmit)
}

// startNextClient: main has paid for the start of the next client's
// thread (StartedByMain), whose first request goes now; then it starts the
// one after, or, all started, sleeps for the rest of the run (the twin's
// main sleeps until the workers are told to stop).
func (s *Sim) startNextClient(m int32) {
	l := &s.loads[s.th[m].exec]
	if l.pendingSubmit {
		l.pendingSubmit = false
		c := l.firstConn + int32(l.users)
		l.users++
		s.send(c, s.now)
	}
	s.mainNext(m, l, l.users >= l.cfg.Connections, ParkSleep, s.threadStartCost(&s.execs[l.cfg.Executor]))
}

// threadStartCost is main's CPU for starting one of executor e's threads:
// a virtual thread's start where the pool's threads are virtual, else a
// platform thread's.
func (s *Sim) threadStartCost(e *executor) Duration {
	if e.cfg.virtualThreads() {
		return s.cfg.JVM.VThreadCreate
	}
	return s.cfg.JVM.PlatformCreate
}

// connect makes a client's TCP connection attempt: the kernel queues the
// connection if the listen backlog has room; otherwise the SYN is dropped
// and the client retries after the retransmission timeout.
func (s *Sim) connect(ci int32) {
	c := &s.conns[ci]
	l := &s.loads[c.load]
	if c.attempts == 0 {
		c.firstTry = s.now
	}
	c.attempts++
	if l.acceptQ.len() >= l.cfg.Backlog {
		c.token++
		rto := Second << (c.attempts - 1)
		s.stats.synDrops++
		s.q.push(s.now.Add(rto), evClient, ci, c.token)
		return
	}
	l.acceptQ.push(ci)
	if !l.accepting {
		l.accepting = true
		a := l.acceptor
		s.setState(a, StateRunning)
		s.wakeOS(a, afterNothing, burstAccept, l.cfg.Accept)
	}
}

// acceptDone: the acceptor accepted one connection; its first request (sent
// when the connection was established) is now read by the server.
func (s *Sim) acceptDone(a int32) {
	li := s.th[a].exec
	l := &s.loads[li]
	ci := l.acceptQ.pop()
	c := &s.conns[ci]
	c.connected = true
	// The request was sent when the connection was established and has
	// waited in the socket buffer; the server reads it now.
	s.sendArriving(ci, c.firstTry, s.now)
	if l.acceptQ.len() > 0 {
		s.runCPU(a, l.cfg.Accept, burstAccept)
		return
	}
	l.accepting = false
	s.setState(a, StateParked)
	s.releaseCore(a)
}
