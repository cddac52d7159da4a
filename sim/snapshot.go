package sim

// Snapshot is the model's state at one instant, as the picture draws it.
// Fill reuses the slices of a previous snapshot, so a frame loop that keeps
// one Snapshot allocates nothing in steady state.
type Snapshot struct {
	Time      Time
	Paused    bool // a stop-the-world pause is in progress
	PauseFull bool // ... and it includes a Full GC
	// PauseStart and PauseEnd bound the pause in progress (the last one
	// when none is): what it collects empties over that span.
	PauseStart Time
	PauseEnd   Time
	Done       bool
	OOM        string

	Cores       int
	Parallelism int
	JDK         int
	GC          GCKind

	Carriers []CarrierView
	// Runnable virtual threads waiting for a carrier, in queue order (the
	// first MaxListed), and their total.
	RunQueue    []ThreadID
	RunQueueLen int
	// Parked virtual threads by reason: counts, and the first MaxListed of
	// each reason in the thread table's order.
	ParkedCount [parkReasonCount]int
	Parked      [parkReasonCount][]ThreadID
	// ParkedExec is, for each thread of Parked, the index in ExecNames of
	// the executor it serves (-1: none), so a picture can tell a
	// server's event loops from a client's.
	ParkedExec [parkReasonCount][]int32
	ExecNames  []string // the executors' names, in the configuration's order
	// ExecLoops is, for each executor of ExecNames, whether its threads
	// are event loops (ExecEventLoops): a picture names them loops.
	ExecLoops []bool

	VirtualLive  int
	PlatformLive int // live OS threads (ThreadMXBean count)
	PlatformApp  int // of which started by the workload
	// Unparker: JDK 21's VirtualThread-unparker has started, the
	// platform thread that wakes sleeping virtual threads (one of the
	// JVM's own in PlatformLive, the one a run of platform threads lacks).
	Unparker bool
	// App platform threads by state (all of them, not only the listed).
	PlatformRunning, PlatformRunnable int
	PlatformParked                    [parkReasonCount]int
	Mounted                           int
	Pinned                            int

	// App platform threads (pool workers, per-task threads, event loops):
	// the first MaxListed, and any other on a CPU.
	Platform []PlatformView

	Heap   HeapView
	Chunks ChunkSummary
	// Chunk blocks to draw: all of them when there are at most MaxChunks,
	// else an even sample of MaxChunks (fillChunks), in the chunk table's
	// slot order, the abandoned ones last; the counts in Chunks cover all.
	ChunkBlocks []ChunkView

	Scopes []ScopeView

	// Counters since the start of the run.
	RequestsDone int64
	// RequestsLately are the requests done in the last LatelySpan: from
	// the start of the tenth of a second a second before Time's, so about
	// the last second (1 to 1.1 s; the whole run while it is younger).
	// Their quotient is how fast the run goes now, where RequestsDone over
	// Time is how fast it has gone on average.
	RequestsLately int64
	LatelySpan     Duration
	YoungGCs       int64
	FullGCs        int64
	GCPauseTotal   Duration
	// The stop-the-world pauses so far (each counted, its whole length
	// summed into GCPauseTotal, when it begins), and the part of them
	// that included a Full GC: the rest are young collections' pauses
	// (and G1's remarks), each far shorter than a Full GC's.
	GCPauses       int64
	FullPauses     int64
	FullPauseTotal Duration
	// GCCopyLocal is the part of GCPauseTotal that young collections spent
	// copying thread-local data (the threads' caches and buffers) to a
	// survivor space or the old gen, priced as the pause model prices
	// every copied byte: what the threads' own data costs in pauses.
	GCCopyLocal   Duration
	PinnedParks   int64
	Mounts        int64 // virtual thread mounts so far
	Parks         int64 // virtual thread parks so far (unmounted or pinned)
	CPUBusy       Duration
	Tenuring      int
	RecentLatency LatencySummary // completions since the last TakeRecentLatency (Fill does not reset it)
	ExecQueued    int            // tasks waiting in executor queues for a pool worker or loop
	TasksQueued   int            // of which waiting in a pool's shared queue for a pool thread (not an event loop's own queue)
	ScopesOpen    int            // open structured scopes (Scopes lists at most 128)
	// ScopeThreads counts the live threads of the open scopes: each
	// owner and its unfinished subtasks' threads (a subtask's thread ends
	// with it), so a picture can say how the live threads add up from
	// the scopes without assuming every scope is whole.
	ScopeThreads int
	CoreThread   []ThreadID // the platform thread each core runs, 0 if idle
	RouterSingle int        // router model in single mode, -1
	RouterRaces  int
	RSS          Bytes
	// RSS's parts (they sum to it): the JVM itself, the heap's resident
	// part, the started platform threads' stacks. All zero with RSS.
	RSSJVM, RSSHeap, RSSThreads Bytes
	ThreadMemory                Bytes
	// PlatformThreadMemory is what ThreadMemory counts for each platform
	// thread the workload starts (its -Xss reservation and other native
	// memory), so a picture of virtual threads can say what the same
	// threads would hold as platform threads.
	PlatformThreadMemory Bytes
	Events               int64
}

// MaxListed bounds the per-thread lists of a snapshot; beyond it the picture
// draws counts and density.
const MaxListed = 512

// MaxChunks bounds the chunk blocks in a snapshot.
const MaxChunks = 4096

// CarrierView is one carrier lane.
type CarrierView struct {
	ID      CarrierID
	Thread  ThreadID // mounted virtual thread, 0 if none
	State   ThreadState
	Reason  ParkReason // when idle or blocked
	Pinned  bool       // its virtual thread is pinned
	OnCPU   bool       // the carrier's OS thread holds a core
	Frames  Words      // the mounted thread's frames
	Tier    Tier       // lowest JIT tier among them
	Monitor bool       // the mounted thread holds a monitor
	Exec    int32      // the executor the mounted thread serves (index in ExecNames), -1 if none
	// WakeAt is when the carrier's OS thread finishes its last wake-up
	// (after now: still waking); WakeOrder orders wake-ups due at the
	// same time, as the event queue completes them.
	WakeAt    Time
	WakeOrder uint64
}

// PlatformView is one app platform thread.
type PlatformView struct {
	ID     ThreadID
	Role   Role
	State  ThreadState
	Reason ParkReason
	OnCPU  bool
	Stack  Bytes // reserved stack
}

// HeapView is the heap's layout and fill.
type HeapView struct {
	Max                             Bytes
	EdenCap, SurvivorCap, OldCap    Bytes
	EdenUsed, SurvivorUsed, OldUsed Bytes
	OldGarbage                      Bytes
	YoungLive, OldLive              [catCount]Bytes
	Allocated                       [catCount]Bytes
	// OldFound and OldFoundLive are the old gen's used bytes and its live
	// bytes by category when the latest GC pause began (its collections
	// have already run in the state above): what the collector found.
	OldFound     Bytes
	OldFoundLive [catCount]Bytes
	// OldAfterLastFull is the old gen's occupancy right after the run's
	// most recent Full GC (what that collection could not free); zero
	// before the first Full GC.
	OldAfterLastFull Bytes
	// LastFullAt is when that Full GC began; FullBeforeAt and
	// OldAfterFullBefore are the one before it (zero while there was none):
	// whether the live data a Full GC cannot free still grows, and how
	// often Full GCs come.
	LastFullAt, FullBeforeAt Time
	OldAfterFullBefore       Bytes
}

// Used is what the heap's three spaces hold: eden, the survivors and the
// old generation (its garbage included).
func (h *HeapView) Used() Bytes {
	return h.EdenUsed + h.SurvivorUsed + h.OldUsed
}

// AsFound returns h with its old generation as the latest pause found it
// (OldFound, OldFoundLive, the rest garbage); h itself when none is known.
func (h *HeapView) AsFound() HeapView {
	f := *h
	if h.OldFound == 0 {
		return f
	}
	f.OldUsed, f.OldLive = h.OldFound, h.OldFoundLive
	var live Bytes
	for _, b := range f.OldLive {
		live += b
	}
	f.OldGarbage = f.OldUsed - live
	return f
}

// ChunkSummary counts StackChunks.
type ChunkSummary struct {
	Live, Young, Old, GCMode int
	Garbage                  int // dead chunks not yet collected
	LiveBytes                Bytes
	// By space: live and dead chunk objects in eden, survivor and old.
	EdenLive, EdenDead, SurvivorLive, SurvivorDead, OldLive, OldDead int
	// OldDeadBytes: the bytes of the dead chunks in old (a part of the
	// old gen's garbage), so the story can say what that garbage is.
	OldDeadBytes Bytes
}

// ChunkView is one StackChunk block.
type ChunkView struct {
	ID       ChunkID
	Owner    ThreadID
	Capacity Words
	Used     Words
	Space    Space // SpaceEden, SpaceSurvivor or SpaceOld
	GCMode   bool
	Dead     bool
	Tier     Tier
}

// ScopeView is an open structured scope.
type ScopeView struct {
	Owner    ThreadID
	Subtasks []SubtaskView
	Winner   int // index, -1 while undecided
}

// SubtaskView is one forked subtask.
type SubtaskView struct {
	Thread    ThreadID
	Model     int
	State     ThreadState
	Cancelled bool
	Done      bool
	// Answered: its blocking call has returned, so a burst it runs now
	// works on the answer (before, it builds and sends the request).
	Answered bool
}

// TakeRecentLatency summarises the latencies of requests completed since
// the previous call and starts a new window.
func (s *Sim) TakeRecentLatency() LatencySummary {
	r := &s.stats.recent
	out := LatencySummary{Count: r.n, P50: r.quantile(0.5), P95: r.quantile(0.95)}
	*r = histogram{}
	return out
}

// LatencySummary summarises a set of latencies.
type LatencySummary struct {
	Count    int64
	P50, P95 Duration
}

// Fill writes the current state into snap, reusing its slices.
func (s *Sim) Fill(snap *Snapshot) {
	s.fillRun(snap)
	s.fillCarriers(snap)
	s.fillRunQueue(snap)
	s.fillThreads(snap)
	s.fillHeap(snap)
	s.fillChunks(snap)
	s.fillScopes(snap)
	s.fillCounters(snap)
}

// fillRun writes the run's clock, pause and outcome, and the machine.
func (s *Sim) fillRun(snap *Snapshot) {
	snap.Time = s.now
	snap.Paused = s.now < s.pauseEnd
	snap.PauseFull = snap.Paused && s.pauseFull
	snap.PauseStart = s.pauseStart
	snap.PauseEnd = s.pauseEnd
	snap.Done = s.done
	snap.OOM = ""
	if s.oom {
		snap.OOM = s.oomMessage
	}
	snap.Cores = len(s.cores)
	snap.Parallelism = s.sched.parallelism
	snap.JDK = s.cfg.JVM.JDK
	snap.GC = s.cfg.Heap.GC
}

// CarriersStarted is how many carriers the virtual-thread scheduler has
// now: a ForkJoinPool starts them on demand, up to Parallelism, so a run
// may have fewer (request-load's 10,000 sleeping tasks keep 11 of 12
// busy). The picture's lanes, its OS threads, its caption and the page's
// status line all count these: the lanes once counted Parallelism, and
// "12 carriers" stood beside "11 of them carriers".
func (s *Snapshot) CarriersStarted() int { return len(s.Carriers) }

// fillCarriers lists the carriers and what each has mounted.
func (s *Sim) fillCarriers(snap *Snapshot) {
	snap.Carriers = snap.Carriers[:0]
	snap.Mounted, snap.Pinned = 0, 0
	for _, c := range s.sched.carriers {
		ct := &s.th[c]
		v := CarrierView{ID: ct.cid, State: ct.state, Reason: ct.reason, OnCPU: ct.core >= 0, Exec: -1,
			WakeAt: ct.wakeAt, WakeOrder: ct.wakeOrd}
		if ct.mounted >= 0 {
			vt := &s.th[ct.mounted]
			v.Thread = vt.id
			v.Exec = vt.exec
			v.Pinned = vt.state == StatePinned
			v.Frames = vt.frames
			v.Monitor = vt.monitors > 0
			if vt.task >= 0 {
				v.Tier = s.tasks[vt.task].tier
			}
			snap.Mounted++
			if v.Pinned {
				snap.Pinned++
			}
		}
		snap.Carriers = append(snap.Carriers, v)
	}
}

// fillRunQueue lists the virtual threads waiting for a carrier: the
// external submission queue first, then each carrier's local queue.
func (s *Sim) fillRunQueue(snap *Snapshot) {
	snap.RunQueue = snap.RunQueue[:0]
	snap.RunQueueLen = s.sched.queued
	add := func(f *fifo) {
		for i := 0; i < f.len() && len(snap.RunQueue) < MaxListed; i++ {
			snap.RunQueue = append(snap.RunQueue, s.th[f.at(i)].id)
		}
	}
	add(&s.sched.external)
	for i := range s.sched.local {
		add(&s.sched.local[i])
	}
}

// fillThreads counts and lists the parked virtual threads by reason and
// the workload's platform threads by state.
func (s *Sim) fillThreads(snap *Snapshot) {
	for r := range snap.Parked {
		snap.Parked[r] = snap.Parked[r][:0]
		snap.ParkedExec[r] = snap.ParkedExec[r][:0]
		snap.ParkedCount[r] = 0
	}
	if len(snap.ExecNames) != len(s.cfg.Executors) {
		snap.ExecNames, snap.ExecLoops = snap.ExecNames[:0], snap.ExecLoops[:0]
		for i := range s.cfg.Executors {
			snap.ExecNames = append(snap.ExecNames, s.cfg.Executors[i].Name)
			snap.ExecLoops = append(snap.ExecLoops, s.cfg.Executors[i].Kind == ExecEventLoops)
		}
	}
	snap.Platform = snap.Platform[:0]
	snap.PlatformRunning, snap.PlatformRunnable = 0, 0
	for r := range snap.PlatformParked {
		snap.PlatformParked[r] = 0
	}
	for i := range s.th {
		t := &s.th[i]
		if t.state == StateTerminated || t.state == stateInvalid {
			continue
		}
		if t.virtual {
			if t.state == StateParked {
				snap.ParkedCount[t.reason]++
				if len(snap.Parked[t.reason]) < MaxListed {
					snap.Parked[t.reason] = append(snap.Parked[t.reason], t.id)
					snap.ParkedExec[t.reason] = append(snap.ParkedExec[t.reason], t.exec)
				}
			}
			continue
		}
		if t.role.app() {
			switch {
			case t.state == StateParked:
				snap.PlatformParked[t.reason]++
			case t.core >= 0:
				snap.PlatformRunning++
			default:
				snap.PlatformRunnable++
			}
		}
		// Past the first MaxListed, those on a CPU too (a few, one a
		// core): a CPU's lane drew its thread without its role, "#852"
		// beside "#175 pool-worker".
		if t.role.app() && (len(snap.Platform) < MaxListed || t.core >= 0) {
			snap.Platform = append(snap.Platform, PlatformView{ID: t.id, Role: t.role, State: t.state,
				Reason: t.reason, OnCPU: t.core >= 0, Stack: s.cfg.JVM.Xss})
		}
	}
	snap.VirtualLive = s.liveVT
	snap.PlatformLive = s.liveOS
	snap.PlatformApp = s.appOS
	snap.Unparker = s.unparker >= 0 // it never ends
}

// fillHeap writes the generations' sizes and contents by category.
func (s *Sim) fillHeap(snap *Snapshot) {
	h := &s.heap
	hv := &snap.Heap
	hv.Max = s.cfg.Heap.MaxBytes
	hv.EdenCap, hv.SurvivorCap, hv.OldCap = h.edenCap, h.survCap, h.oldMax
	hv.EdenUsed, hv.SurvivorUsed, hv.OldUsed = h.edenUsed, h.survUsed, h.oldUsed
	var oldLive Bytes
	for c := range hv.OldLive {
		hv.OldLive[c] = h.oldLive[c]
		hv.YoungLive[c] = h.live[c] - h.oldLive[c]
		hv.Allocated[c] = h.allocated[c]
		oldLive += h.oldLive[c]
	}
	hv.OldGarbage = h.oldUsed - oldLive
	hv.OldFound, hv.OldFoundLive = h.foundOldUsed, h.foundOldLive
	if s.stats.fullGCs > 0 {
		hv.OldAfterLastFull = s.stats.oldLiveAfterFull
	}
	hv.LastFullAt, hv.FullBeforeAt = s.stats.lastFull.at, s.stats.fullBefore.at
	hv.OldAfterFullBefore = s.stats.fullBefore.kept
}

// fillChunks counts the StackChunks by space and state and lists up to
// MaxChunks of them: every one when they fit, else an even sample of the
// chunk table and the abandoned chunks together, so the mix the picture
// scales up to the total is the heap's.
func (s *Sim) fillChunks(snap *Snapshot) {
	h := &s.heap
	snap.Chunks = ChunkSummary{}
	snap.ChunkBlocks = snap.ChunkBlocks[:0]
	inTable := 0
	for i := range s.chunks {
		c := &s.chunks[i]
		if c.blob < 0 {
			continue
		}
		b := &h.blobs[c.blob]
		if b.sp == SpaceFree {
			continue
		}
		inTable++
		dead := c.owner < 0
		switch {
		case b.sp == SpaceEden && dead:
			snap.Chunks.EdenDead++
		case b.sp == SpaceEden:
			snap.Chunks.EdenLive++
		case b.sp == SpaceSurvivor && dead:
			snap.Chunks.SurvivorDead++
		case b.sp == SpaceSurvivor:
			snap.Chunks.SurvivorLive++
		case dead:
			snap.Chunks.OldDead++
			snap.Chunks.OldDeadBytes += b.size
		default:
			snap.Chunks.OldLive++
		}
		if dead {
			snap.Chunks.Garbage++
		} else {
			snap.Chunks.Live++
			snap.Chunks.LiveBytes += b.size
			if b.sp == SpaceOld {
				snap.Chunks.Old++
			} else {
				snap.Chunks.Young++
			}
			if c.gcMode {
				snap.Chunks.GCMode++
			}
		}
	}
	a := &s.abandoned
	snap.Chunks.OldDead += a.n
	snap.Chunks.OldDeadBytes += a.bytes
	snap.Chunks.Garbage += a.n
	// The k-th of n chunks is listed when k*MaxChunks/n moves on: all of
	// them when n <= MaxChunks, else MaxChunks spread evenly.
	n := inTable + a.n
	k := 0
	pick := func() bool {
		ok := n <= MaxChunks || k*MaxChunks/n != (k+1)*MaxChunks/n
		k++
		return ok
	}
	for i := range s.chunks {
		c := &s.chunks[i]
		if c.blob < 0 || h.blobs[c.blob].sp == SpaceFree || !pick() {
			continue
		}
		var owner ThreadID
		if c.owner >= 0 {
			owner = s.th[c.owner].id
		}
		snap.ChunkBlocks = append(snap.ChunkBlocks, ChunkView{ID: c.id, Owner: owner, Capacity: c.capacity,
			Used: c.used, Space: h.blobs[c.blob].sp, GCMode: c.gcMode, Dead: c.owner < 0, Tier: c.bornTier})
	}
	// The abandoned chunks are known by a sample (abandoned.go); the j-th
	// stands for the sampled one at its place.
	for j := 0; j < a.n; j++ {
		if !pick() {
			continue
		}
		c := &a.sample[j*len(a.sample)/a.n]
		snap.ChunkBlocks = append(snap.ChunkBlocks, ChunkView{ID: c.id, Capacity: Words(c.capacity),
			Used: Words(c.used), Space: SpaceOld, GCMode: c.gcMode, Dead: true, Tier: c.tier})
	}
}

// fillScopes lists the open structured scopes and their subtasks: first
// up to maxScopesListed with a thread on a carrier or ready for one (so
// that the picture can say which race a running or ready thread belongs
// to), then the first maxScopesListed of the rest in the scope table's
// order.
func (s *Sim) fillScopes(snap *Snapshot) {
	snap.Scopes = snap.Scopes[:0]
	// One look at each scope: the active ones are listed as they come,
	// the others kept (on the stack) to follow them.
	var rest [maxScopesListed]int
	active, n := 0, 0
	for i := range s.scopes {
		sc := &s.scopes[i]
		if !sc.open {
			continue
		}
		if s.scopeActive(sc) {
			if active < maxScopesListed {
				s.listScope(snap, sc)
				active++
			}
		} else if n < maxScopesListed {
			rest[n] = i
			n++
		}
	}
	for _, i := range rest[:n] {
		s.listScope(snap, &s.scopes[i])
	}
}

// maxScopesListed bounds each of Snapshot.Scopes's two parts.
const maxScopesListed = 64

// scopeActive reports whether the scope's owner or one of its unfinished
// subtasks runs or is ready to run.
func (s *Sim) scopeActive(sc *scope) bool {
	active := func(ti int32) bool {
		st := s.th[ti].state
		return st == StateRunning || st == StateRunnable
	}
	if active(s.tasks[sc.owner].thread) {
		return true
	}
	for j := int8(0); j < sc.n; j++ {
		if sc.subs[j] >= 0 && active(sc.threads[j]) {
			return true
		}
	}
	return false
}

// listScope appends one scope's view.
func (s *Sim) listScope(snap *Snapshot, sc *scope) {
	v := ScopeView{Owner: s.th[s.tasks[sc.owner].thread].id, Winner: int(sc.winner)}
	for j := int8(0); j < sc.n; j++ {
		t := &s.th[sc.threads[j]]
		sv := SubtaskView{Thread: t.id, Model: int(j), State: t.state, Cancelled: t.interrupted, Done: sc.subs[j] < 0}
		if tk := sc.subs[j]; tk >= 0 {
			sv.Answered = s.pastBlock(&s.tasks[tk])
		}
		v.Subtasks = append(v.Subtasks, sv)
	}
	snap.Scopes = append(snap.Scopes, v)
}

// pastBlock reports whether a task has passed a blocking call of its
// program: it has the call's answer.
func (s *Sim) pastBlock(tsk *task) bool {
	prog := &s.cfg.Programs[tsk.prog]
	for _, st := range prog.Steps[:min(int(tsk.pc), len(prog.Steps))] {
		if st.Kind == StepBlock {
			return true
		}
	}
	return false
}

// fillCounters writes the run's counters, the queues' lengths, what each
// core runs and the memory footprint.
func (s *Sim) fillCounters(snap *Snapshot) {
	st := &s.stats
	snap.RequestsDone = st.allDone
	snap.RequestsLately, snap.LatelySpan = st.lately.lately(s.now, st.allDone)
	snap.YoungGCs, snap.FullGCs = st.youngGCs, st.fullGCs
	snap.GCPauseTotal = st.pauseTotal
	snap.GCPauses, snap.FullPauses, snap.FullPauseTotal = st.pauses, st.fullPauses, st.fullPauseTotal
	snap.GCCopyLocal = st.localCopy
	snap.PinnedParks = st.pinnedParks
	snap.Mounts, snap.Parks = st.mounts, st.vparks
	snap.CPUBusy = st.cpuBusy
	snap.Tenuring = s.heap.tenuring
	r := &s.stats.recent
	snap.RecentLatency = LatencySummary{Count: r.n, P50: r.quantile(0.5), P95: r.quantile(0.95)}
	snap.ExecQueued, snap.TasksQueued = 0, 0
	for i := range s.execs {
		e := &s.execs[i]
		snap.ExecQueued += e.queue.len()
		snap.TasksQueued += e.queue.len()
		for j := range e.loopQ {
			snap.ExecQueued += e.loopQ[j].len()
		}
	}
	snap.ScopesOpen, snap.ScopeThreads = 0, 0
	for i := range s.scopes {
		sc := &s.scopes[i]
		if !sc.open {
			continue
		}
		snap.ScopesOpen++
		snap.ScopeThreads++ // its owner, parked in join
		for j := int8(0); j < sc.n; j++ {
			if sc.subs[j] >= 0 {
				snap.ScopeThreads++
			}
		}
	}
	snap.CoreThread = snap.CoreThread[:0]
	for c := range s.cores {
		var id ThreadID
		if r := s.cores[c].running; r >= 0 {
			id = s.th[r].id
		}
		snap.CoreThread = append(snap.CoreThread, id)
	}
	snap.RouterSingle = s.router.single
	snap.RouterRaces = s.router.races
	snap.RSSJVM, snap.RSSHeap, snap.RSSThreads = s.rssParts()
	snap.RSS = snap.RSSJVM + snap.RSSHeap + snap.RSSThreads
	snap.ThreadMemory = s.threadMemory()
	snap.PlatformThreadMemory = s.platformThreadMemory()
	snap.Events = s.events
}

// RateLately is the requests a second over the last LatelySpan (0 before
// any time has passed): how fast the run goes now.
func (s *Snapshot) RateLately() float64 {
	if s.LatelySpan <= 0 {
		return 0
	}
	return float64(s.RequestsLately) / s.LatelySpan.Seconds()
}
