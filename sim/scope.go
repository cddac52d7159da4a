package sim

// Structured concurrency (StructuredTaskScope, JEP 505) and the LLM router
// built on it.
//
// fork starts one virtual thread per subtask; the owner parks in join().
// With anySuccessfulResultOrThrow the first success wins: the scope is
// cancelled, unfinished subtasks are interrupted (a subtask waiting in a
// blocking call wakes at once and unwinds), and the owner continues once
// close() has seen every subtask finish. With awaitAllSuccessfulOrThrow the
// owner waits for all subtasks, or cancels the rest on the first failure.

type scope struct {
	owner   int32 // owner task slot
	joiner  Joiner
	n       int8
	pending int8
	done    bool
	failed  bool
	winner  int8
	race    bool
	open    bool
	subs    [maxSubtasks]int32 // subtask task slots, -1 once finished
	threads [maxSubtasks]int32 // their threads
	started Time
}

func (s *Sim) newScope() int32 {
	if n := len(s.scopeFree); n > 0 {
		i := s.scopeFree[n-1]
		s.scopeFree = s.scopeFree[:n-1]
		return i
	}
	s.scopes = append(s.scopes, scope{})
	return int32(len(s.scopes) - 1)
}

// fork opens a scope on thread ti's task, forks the programs and parks the
// owner in join.
func (s *Sim) fork(ti int32, progs []int, joiner Joiner, race bool) {
	owner := s.th[ti].task
	sc := s.newScope()
	s.scopes[sc] = scope{open: true, owner: owner, joiner: joiner, n: int8(len(progs)), pending: int8(len(progs)),
		winner: -1, race: race, started: s.now}
	s.tasks[owner].owns = sc
	var cost Duration
	for i, p := range progs {
		tk := s.newTask(int32(p))
		st := &s.tasks[tk]
		st.scope, st.sub = sc, int8(i)
		if race {
			st.model = int8(i)
		}
		vt := s.newVirtual(RoleTask, -1)
		s.beginTask(vt, tk)
		s.scopes[sc].subs[i] = tk
		s.scopes[sc].threads[i] = vt
		s.setState(vt, StateRunnable)
		s.sched.submit(s, vt)
		cost += s.cfg.JVM.VThreadCreate
	}
	s.stats.forks++
	s.emit(EvFork, ti, int64(len(progs)), 0)
	s.th[s.oscpu(ti)].owed += cost
	s.tasks[owner].pc++
	s.park(ti, ParkJoin, -1, s.pinnedNow(ti))
}

// subtaskDone records a finished subtask in its scope.
func (s *Sim) subtaskDone(tk int32) {
	st := &s.tasks[tk]
	sc := &s.scopes[st.scope]
	i := st.sub
	sc.subs[i] = -1
	sc.pending--
	ok := !st.failed && !st.cancelled
	if sc.race && st.model >= 0 {
		s.routerBill(tk)
	}
	if !sc.done {
		switch sc.joiner {
		case JoinAnySuccess:
			if ok {
				sc.done, sc.winner = true, i
				s.emit(EvWin, st.thread, int64(i), 0)
				s.cancelScope(st.scope)
			} else if sc.pending == 0 {
				sc.done, sc.failed = true, true
			}
		case JoinAllSuccess:
			if !ok {
				sc.done, sc.failed = true, true
				s.cancelScope(st.scope)
			} else if sc.pending == 0 {
				sc.done = true
			}
		}
	}
	if sc.done && sc.pending == 0 {
		s.closeScope(s.tasks[tk].scope)
	}
}

// cancelScope interrupts the scope's unfinished subtasks.
func (s *Sim) cancelScope(sci int32) {
	sc := &s.scopes[sci]
	for i := int8(0); i < sc.n; i++ {
		tk := sc.subs[i]
		if tk < 0 {
			continue
		}
		ti := sc.threads[i]
		t := &s.th[ti]
		if t.interrupted {
			continue
		}
		t.interrupted = true
		s.stats.cancelled++
		s.emit(EvCancel, ti, int64(i), 0)
		if t.state == StateParked || t.state == StatePinned {
			if t.reason == ParkSocket || t.reason == ParkSleep || t.reason == ParkJoin {
				s.unpark(ti)
			}
		}
	}
}

// closeScope wakes the owner once the scope is decided and every subtask has
// finished.
func (s *Sim) closeScope(sci int32) {
	sc := &s.scopes[sci]
	owner := sc.owner
	ot := &s.tasks[owner]
	ot.owns = -1
	if sc.race {
		s.routerRaceDone(sc)
	}
	if sc.failed {
		ot.failed = true
	}
	sc.open = false
	s.scopeFree = append(s.scopeFree, sci)
	s.unpark(ot.thread)
}

// routerState is the router's metrics collector.
type routerState struct {
	cfg        *RouterConfig
	races      int
	wins       []int
	single     int // model chosen for single-model mode, -1 while racing
	switchedAt int // races before the switch, 0 if it never switched
	cost       float64
	requests   int
}

func (r *routerState) init(cfg *RouterConfig) {
	r.cfg = cfg
	r.wins = make([]int, len(cfg.Models))
	r.single = -1
}

// race runs a router race step for thread ti: a scope racing every model, or
// a direct call once the router has switched. It reports whether the thread
// stopped (parked or started a burst).
func (s *Sim) race(ti int32) bool {
	r := &s.router
	r.requests++
	tk := s.th[ti].task
	if r.single >= 0 {
		m := r.cfg.Models[r.single]
		tsk := &s.tasks[tk]
		tsk.retProg, tsk.retPC = tsk.prog, tsk.pc
		tsk.prog, tsk.pc = int32(m.Program), 0
		tsk.model = int8(r.single)
		return false
	}
	progs := make([]int, len(r.cfg.Models))
	for i, m := range r.cfg.Models {
		progs[i] = m.Program
	}
	s.fork(ti, progs, JoinAnySuccess, true)
	return true
}

// routerCallDone bills a direct call when it returns.
func (s *Sim) routerCallDone(tk int32) {
	if s.tasks[tk].model >= 0 {
		s.routerBill(tk)
		s.tasks[tk].model = -1
	}
}

// routerBill adds a model call's cost: the full price if it completed, the
// share of the call that ran if it was cancelled (output billed as streamed).
func (s *Sim) routerBill(tk int32) {
	t := &s.tasks[tk]
	m := s.router.cfg.Models[t.model]
	share := 1.0
	if t.cancelled && t.callLen > 0 {
		share = float64(s.now.Sub(t.callStart)) / float64(t.callLen)
		if share > 1 {
			share = 1
		}
		if share < 0 {
			share = 0
		}
	}
	s.router.cost += float64(m.Price * share)
}

// routerRaceDone records a finished race and switches to single-model mode
// after SwitchAfter races if the leader won often enough.
func (s *Sim) routerRaceDone(sc *scope) {
	r := &s.router
	r.races++
	if sc.winner >= 0 {
		r.wins[sc.winner]++
	}
	if !r.cfg.Enabled || r.single >= 0 || r.races < r.cfg.SwitchAfter {
		return
	}
	best := 0
	for i, w := range r.wins {
		if w > r.wins[best] {
			best = i
		}
	}
	if float64(r.wins[best]) >= float64(r.cfg.SwitchWinRate*float64(r.races)) {
		r.single = best
		r.switchedAt = r.races
		s.emit(EvRouterSwitch, -1, int64(best), int64(r.races))
	}
}
