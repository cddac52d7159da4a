package sim

import "math/rand/v2"

// Clone returns an independent copy of the simulator: advancing either
// never changes the other, and the copy continues exactly as the original
// would (the timeline keeps clones as checkpoints and re-simulates from the
// nearest one, which is exact). The configuration's slices are shared; the
// model never writes to them. Event recording starts empty in the copy.
func (s *Sim) Clone() *Sim {
	c := *s
	pcg := *s.pcg
	c.pcg = &pcg
	c.rng = rand.New(c.pcg)

	c.q = s.q.clone()
	c.cores = cloneSlice(s.cores)
	c.idleCores = cloneSlice(s.idleCores)
	c.runq = s.runq.clone()
	c.th = cloneSlice(s.th)
	c.thFree = cloneSlice(s.thFree)
	c.tasks = cloneSlice(s.tasks)
	c.steps = s.steps.clone()
	c.taskFree = cloneSlice(s.taskFree)

	c.sched = s.sched
	c.sched.external = s.sched.external.clone()
	c.sched.carriers = cloneSlice(s.sched.carriers)
	c.sched.local = make([]fifo, len(s.sched.local))
	for i := range s.sched.local {
		c.sched.local[i] = s.sched.local[i].clone()
	}
	c.sched.idle = cloneSlice(s.sched.idle)
	c.sched.busySince = cloneSlice(s.sched.busySince)
	c.sched.localCap = cloneSlice(s.sched.localCap)
	c.sched.src = cloneSlice(s.sched.src)
	c.sched.prev1 = cloneSlice(s.sched.prev1)
	c.sched.prev2 = cloneSlice(s.sched.prev2)
	c.sched.signalled = cloneSlice(s.sched.signalled)
	c.sched.compensated = cloneSlice(s.sched.compensated)

	c.execs = cloneSlice(s.execs)
	for i := range c.execs {
		e := &c.execs[i]
		e.cfg = &c.cfg.Executors[i]
		e.queue = s.execs[i].queue.clone()
		e.idle = s.execs[i].idle.clone()
		e.workers = cloneSlice(s.execs[i].workers)
		e.busy = cloneSlice(s.execs[i].busy)
		e.loopQ = make([]fifo, len(s.execs[i].loopQ))
		for j := range e.loopQ {
			e.loopQ[j] = s.execs[i].loopQ[j].clone()
		}
	}
	c.loads = cloneSlice(s.loads)
	for i := range c.loads {
		c.loads[i].cfg = &c.cfg.Loads[i]
		c.loads[i].acceptQ = s.loads[i].acceptQ.clone()
	}
	c.conns = cloneSlice(s.conns)
	c.monitors = cloneSlice(s.monitors)
	c.scopes = cloneSlice(s.scopes)
	c.scopeFree = cloneSlice(s.scopeFree)
	c.router = s.router
	c.router.cfg = &c.cfg.Router
	c.router.wins = cloneSlice(s.router.wins)
	c.connIdle = cloneSlice(s.connIdle)

	// c.heap is already a copy of s.heap (c := *s); its slices are not.
	h := &c.heap
	h.blobs = cloneSlice(s.heap.blobs)
	h.free = cloneSlice(s.heap.free)
	h.young = cloneSlice(s.heap.young)
	h.cohorts = cloneSlice(s.heap.cohorts)
	h.shares = cloneSlice(s.heap.shares)
	h.heldScratch = nil // scratch of a young collection; never shared
	h.shareFree = cloneSlice(s.heap.shareFree)
	c.chunks = cloneSlice(s.chunks)
	c.chunkFree = cloneSlice(s.chunkFree)
	c.abandoned.sample = cloneSlice(s.abandoned.sample)
	j := *s.jit
	j.count = cloneSlice(s.jit.count)
	j.tier = cloneSlice(s.jit.tier)
	j.pending = cloneSlice(s.jit.pending)
	j.countAtC1 = cloneSlice(s.jit.countAtC1)
	j.compiledAt = cloneSlice(s.jit.compiledAt)
	c.jit = &j
	c.pathCache = cloneSlice(s.pathCache)
	c.follow = cloneSlice(s.follow)
	for i := range c.follow {
		c.follow[i].history = cloneSlice(s.follow[i].history)
	}
	for _, w := range []*wordCounts{&c.stats.frozenWords.all, &c.stats.frozenWords.steady, &c.stats.capacityWords.all, &c.stats.capacityWords.steady} {
		w.exact = cloneSlice(w.exact)
	}
	c.rec = nil
	if s.rec != nil {
		c.Record(len(s.rec.buf))
	}
	return &c
}

// cloneSlice copies v without its spare capacity: a checkpoint holds only
// what is in use (the copy grows again if it is advanced).
func cloneSlice[T any](v []T) []T {
	if v == nil {
		return nil
	}
	out := make([]T, len(v))
	copy(out, v)
	return out
}

func (q eventQueue) clone() eventQueue {
	q.h = cloneSlice(q.h)
	q.buf, q.start = nil, 0
	if !q.heaped {
		q.compact() // the sorted form's storage, not shared with the original
	}
	lanes := make([]lane, len(q.lanes))
	for i, l := range q.lanes {
		l.events = l.events.clone()
		lanes[i] = l
	}
	q.lanes = lanes
	return q
}
