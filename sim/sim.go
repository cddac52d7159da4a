package sim

import (
	"fmt"
	"math/rand/v2"
)

// Sim is one deterministic run of the model. Build it with New, drive it
// with Advance (a bounded amount of work per call, so a browser frame can
// never stall), and read it with Snapshot, DrainEvents and Metrics. It is not
// safe for concurrent use; nothing in it depends on the wall clock, map
// iteration order or goroutines.
type Sim struct {
	cfg  Config
	seed uint64
	rng  *rand.Rand
	pcg  *rand.PCG
	now  Time
	q    eventQueue

	// Stop-the-world: Java threads make no progress before pauseEnd.
	pauseEnd   Time
	pauseStart Time
	pauseFull  bool

	cores     []core
	idleCores []int32
	runq      fifo // platform thread slots waiting for a core

	th       []thread
	thFree   []int32
	nextTID  ThreadID
	liveOS   int // live platform threads, as ThreadMXBean counts them
	appOS    int // of which started by the workload's code
	liveVT   int
	tasks    []task
	taskFree []int32

	sched     scheduler
	execs     []executor
	loads     []loadState
	conns     []conn
	monitors  []monitor
	hlock     heapLock   // the heap lock around a collection (heaplock.go)
	steps     *stepTimes // requests' step times (steptimes.go); nil unless a program asks
	scopes    []scope
	scopeFree []int32
	router    routerState
	connIdle  []int // idle keep-alive connections per client pool (index 1..)

	gc collector // the collector's policy, chosen by New from Heap.GC
	// heap is held by value: a use is then an offset from s, where a
	// pointer field costs one more load (and in WebAssembly a nil check)
	// at every allocation and collection step of a request.
	heap        heap
	chunks      []stackChunk
	chunkFree   []int32
	abandoned   abandonedChunks // chunks dead in the old gen, until the next Full GC
	nextChunkID ChunkID
	liveChunks  int
	jit         *jit
	pathCache   []pathCache

	unparker int32 // JDK 21's VirtualThread-unparker thread slot, -1
	cur      int32 // the OS thread whose code runs now, -1 for outside events

	stats      stats
	follow     []followed // threads whose history is kept (follow.go)
	rssPeak    Bytes
	rec        *recorder
	done       bool
	oom        bool
	oomMessage string
	stopReason string
	events     int64
	maxEvents  int64
	// eventMark is the event count at which Advance next looks up from its
	// loop: the run's event budget, or sooner the next self-check
	// (selfcheck.go) every selfCheckEvery events (0: none).
	eventMark      int64
	selfCheckEvery int64
	warmSink       uint64 // keeps warm.go's reads; never read
}

// pcgStream is XORed with the seed for the generator's second word (the
// golden ratio's fractional bits, a customary odd constant).
const pcgStream = 0x9e3779b97f4a7c15

// New builds a simulator from a configuration and a seed.
func New(cfg Config, seed uint64) (*Sim, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	s := &Sim{cfg: cfg, seed: seed, unparker: -1, cur: -1}
	s.pcg = rand.NewPCG(seed, seed^pcgStream)
	s.rng = rand.New(s.pcg)
	s.maxEvents = cfg.Run.MaxEvents
	if s.maxEvents <= 0 {
		s.maxEvents = 2_000_000_000
	}
	s.selfCheckEvery = selfCheckEvents
	s.setEventMark()
	s.cores = make([]core, cfg.Machine.Cores)
	for i := range s.cores {
		s.cores[i].running = -1
		s.idleCores = append(s.idleCores, int32(len(s.cores)-1-i))
	}
	s.gc = collectorFor(cfg.Heap.GC)
	s.heap = *newHeap(cfg.Heap, cfg.JVM.JDK, s.gc)
	s.heap.cpuShare = cfg.Machine.cpuShare()
	s.jit = newJIT(cfg.JIT, cfg.Methods)
	s.pathCache = make([]pathCache, len(cfg.Programs))
	s.connIdle = make([]int, cfg.ConnPools+1)
	s.monitors = make([]monitor, cfg.Monitors)
	for i := range s.monitors {
		s.monitors[i] = monitor{owner: -1, waiting: emptyWaitQueue()}
	}
	s.hlock.init()
	s.sched.init(s)
	s.router.init(&cfg.Router)
	s.stats.init()
	for i := range cfg.Programs {
		if cfg.Programs[i].TimeSteps {
			s.steps = &stepTimes{}
		}
	}
	s.placeStartupData()
	for i := 0; i < cfg.JVM.BaseThreads; i++ {
		s.newPlatform(RoleBase, -1)
	}
	s.execs = make([]executor, len(cfg.Executors))
	for i := range cfg.Executors {
		s.execs[i].init(s, int32(i))
	}
	s.loads = make([]loadState, len(cfg.Loads))
	for i := range cfg.Loads {
		s.startLoad(int32(i))
	}
	if cfg.Run.Duration > 0 {
		s.q.push(Time(cfg.Run.Duration), evStop, 0, 0)
	}
	return s, nil
}

// Config returns the configuration the simulator was built from.
func (s *Sim) Config() *Config { return &s.cfg }

// Seed returns the seed.
func (s *Sim) Seed() uint64 { return s.seed }

// DrewAtRandom reports whether the run has drawn anything from its random
// source so far: its generator has moved from where the seed put it. A run
// that has not (every duration of its workload a constant, its run queue
// served in order) gives the same numbers with any seed, and a reader
// comparing seeds, or doubting a sweep of one seed, is told so.
func (s *Sim) DrewAtRandom() bool {
	return *s.pcg != *rand.NewPCG(s.seed, s.seed^pcgStream)
}

// Now returns the virtual time.
func (s *Sim) Now() Time { return s.now }

// Done reports whether the run has ended (workload finished, time limit,
// OutOfMemoryError, or event budget).
func (s *Sim) Done() bool { return s.done }

// EventsProcessed returns the number of events handled so far.
func (s *Sim) EventsProcessed() int64 { return s.events }

// Advance processes events up to virtual time until, but at most maxEvents
// of them. It returns true when the run is done. If it stops because of the
// event bound, the clock stays at the last event; otherwise it moves to
// until.
func (s *Sim) Advance(until Time, maxEvents int) bool {
	for n := 0; n < maxEvents; n++ {
		if s.done {
			return true
		}
		if s.q.len() == 0 {
			s.finish("workload finished")
			return true
		}
		ev, ok := s.q.popUntil(until)
		if !ok {
			if until > s.now {
				s.now = until
			}
			return false
		}
		if li := ev.lane(); li != noLane {
			s.warmLane(li)
		}
		if ev.at < s.now {
			panic(fmt.Sprintf("loomlab: event %d at %v is before now %v", ev.kind(), ev.at, s.now))
		}
		s.now = ev.at
		if s.now < s.pauseEnd && ev.kind().javaSide() {
			// Every Java thread is stopped: handle it when the pause ends.
			s.q.pushDeferred(s.pauseEnd, ev.kind(), ev.a, ev.b)
			continue
		}
		s.events++
		s.stats.byKind[ev.kind()]++
		if s.events >= s.eventMark && s.eventMarkReached() {
			// The event budget is spent (a self-check that is due
			// instead, selfcheck.go, passes or panics).
			return true
		}
		// The dispatch on the event's kind, written here rather than in a
		// function of its own: a call per event for a switch.
		switch ev.kind() {
		case evSliceEnd:
			if ti := s.onSliceEnd(ev.a, ev.b); ti >= 0 {
				s.burstDone(ti)
			}
		case evWake:
			if s.onWake(ev.a, ev.b) {
				s.unpark(ev.a)
			}
		case evClient:
			s.onClient(ev.a, ev.b)
		case evRequestArrive:
			s.onRequestArrive(ev.a)
		case evAsync:
			s.onAsync(ev.a)
		case evGCEnd:
			s.onGCEnd()
		case evCompiled:
			s.jit.install(int(ev.a), Tier(ev.b), s.now)
			s.emitTier(int(ev.a), Tier(ev.b))
		case evArrival:
			s.onOpenArrival(ev.a)
		case evRamp:
			s.onRamp(ev.a)
		case evOSWake:
			s.onOSWake(ev.a, ev.b)
		case evStop:
			s.finish("time limit")
		default:
			panic(fmt.Sprintf("loomlab: unknown event kind %d", ev.kind()))
		}
		if s.oom {
			s.finish("OutOfMemoryError: " + s.oomMessage)
			return true
		}
	}
	return s.done
}

// RunToEnd advances until the run is done.
func (s *Sim) RunToEnd() {
	for !s.Advance(Never, 1<<20) {
	}
}

// finish ends the run.
func (s *Sim) finish(reason string) {
	if s.done {
		return
	}
	if s.selfCheckEvery > 0 {
		// A self-checking run checks once more at its end, so that one
		// shorter than the interval is checked too (selfcheck.go).
		s.selfCheck()
	}
	s.done = true
	s.stopReason = reason
	s.stats.end = s.now
	s.closeStats()
}

// StopReason says why the run ended ("" while running).
func (s *Sim) StopReason() string { return s.stopReason }

// stopTheWorld starts (or extends) a stop-the-world pause of length d.
// Every CPU slice in progress is stretched by d; Java-side events that fall
// inside the pause are deferred to its end.
func (s *Sim) stopTheWorld(d Duration, full bool) {
	if d <= 0 {
		return
	}
	start := s.now
	if s.pauseEnd > start {
		start = s.pauseEnd
	} else {
		s.noteRunq()
		s.pauseStart = s.now
		s.pauseFull = false
	}
	kind := int64(0)
	if full {
		kind = 1
	}
	// Emitted before pauseEnd moves, so that the event is stamped with the
	// pause's start (emit stamps GC events with pauseStartTime, which is
	// pauseEnd once it is set): it had carried the pause's end, and the
	// first GC of gc-lab, 131 to 142 ms, was said to be "at 142 ms".
	s.emit(EvGCPause, -1, int64(d), kind)
	s.pauseFull = s.pauseFull || full
	s.pauseEnd = start.Add(d)
	for c := range s.cores {
		co := &s.cores[c]
		if co.running < 0 {
			continue
		}
		co.end = co.end.Add(d)
		co.token++
		s.q.push(co.end, evSliceEnd, int32(c), co.token)
	}
	s.q.push(s.pauseEnd, evGCEnd, 0, 0)
	s.stats.pauses++
	s.stats.pauseTotal += d
	if full {
		s.stats.fullPauses++
		s.stats.fullPauseTotal += d
	}
	if d > s.stats.pauseMax {
		s.stats.pauseMax = d
	}
	s.stats.pauseLog.add(s.now, d, full)
}

// pauseStartTime is the time a collection being computed now will start.
func (s *Sim) pauseStartTime() Time {
	if s.pauseEnd > s.now {
		return s.pauseEnd
	}
	return s.now
}

func (s *Sim) onGCEnd() {
	if s.now >= s.pauseEnd {
		s.emit(EvGCEnd, -1, 0, 0)
		s.heapLockPauseEnded()
	}
}

// Paused reports whether a stop-the-world pause is in progress.
func (s *Sim) Paused() bool { return s.now < s.pauseEnd }

// sample draws a duration from d with the simulator's random source. A
// constant is read here, inlined at each step that samples, instead of
// through draw's call: most programs' CPU bursts and blocking calls are
// constants, sampled on most events.
func (s *Sim) sample(d *Dist) Duration {
	if d.Kind == DistConst {
		return d.Mean
	}
	return d.draw(s.rng)
}
