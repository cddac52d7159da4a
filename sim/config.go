package sim

import (
	"errors"
	"fmt"
)

// Config is everything a run depends on apart from the seed. Scenarios build
// one from their knobs and their article's profile of constants; the
// simulator never looks at scenario or case names.
type Config struct {
	Machine   Machine
	JVM       JVM
	Heap      HeapConfig
	JIT       JITConfig
	Methods   []Method
	Programs  []Program
	Monitors  int // number of monitors programs may use (ids 0..Monitors-1)
	ConnPools int // number of client connection pools (ids 1..ConnPools)
	Executors []ExecutorConfig
	Loads     []LoadConfig
	Router    RouterConfig
	Run       RunConfig
}

// Machine describes the hardware and the operating system's scheduler.
type Machine struct {
	// Cores is the number of CPUs. Runnable OS threads beyond it wait in the
	// OS run queue and share the CPUs by time slices.
	Cores int
	// Quantum is the OS time slice: a thread that has run this long while
	// others wait goes to the back of the run queue. (Round robin with a
	// fixed slice; CFS's sched_min_granularity is of this order.)
	Quantum Duration
	// ContextSwitch is the CPU an OS thread spends to wake from a blocking
	// wait (futex wake, reschedule) before it runs Java code again.
	ContextSwitch Duration
	// WakeLatency is the time from waking a blocked OS thread (or starting
	// a new one) until it is runnable: futex wake and scheduler latency.
	WakeLatency Duration
	// CPUShare is the part of each CPU's time the JVM's threads get on a
	// machine shared with other work (cpushare.go): 0 or 1 is the whole
	// machine; 0.5 makes every CPU burst and every GC pause take twice as
	// long in wall time.
	CPUShare float64
	// RandomRunQueue makes a core that frees up take a runnable thread
	// drawn at random from the run queue instead of the one that waited
	// longest (runqueue.go); false is round robin.
	RandomRunQueue bool
}

// JVM holds thread-related JVM behaviour and costs.
type JVM struct {
	// JDK is the feature release: 17 (no virtual threads), 21
	// (synchronized pins, a separate VirtualThread-unparker thread for
	// sleeps) or 25 (JEP 491: synchronized does not pin).
	JDK int
	// PostScavengeFullGC is Parallel's check after a successful scavenge
	// (PSAdaptiveSizePolicy::should_full_GC): a Full GC follows in the same
	// pause when the padded average promoted exceeds the old gen's free
	// space. A property of the build, not of the feature release:
	// JDK-8319713 removed it in JDK 22 and the removal was backported to
	// 21.0.4 and 17.0.12, so 17.0.11 and 21.0.3 have it, later builds not.
	PostScavengeFullGC bool
	// BaseThreads counts the live platform threads a JVM has before the
	// workload starts (main, Reference Handler, Finalizer, Signal Dispatcher,
	// Common-Cleaner, ...), as ThreadMXBean.getThreadCount() sees them.
	BaseThreads int
	// PlatformCreate is CPU the creating thread spends in Thread.start() of a
	// platform thread (pthread_create, stack mmap, JVM thread setup).
	PlatformCreate Duration
	// PlatformExit is CPU a platform thread spends tearing itself down.
	PlatformExit Duration
	// Xss is the reserved stack of each platform thread.
	Xss Bytes
	// PlatformNative is other native memory reserved per platform thread.
	PlatformNative Bytes
	// PlatformRSS is resident memory per live platform thread (touched stack
	// pages, allocator arenas, thread-local caches).
	PlatformRSS Bytes
	// BaselineRSS is resident memory of the JVM besides the heap, the
	// workload's platform threads and the collector's side tables, which
	// grow with the heap (collector.gcTables): libraries, metaspace, code
	// cache, the JVM's own threads. 0 leaves RSS unmodelled.
	BaselineRSS Bytes
	// VThreadCreate is CPU the creating thread spends to create and start a
	// virtual thread.
	VThreadCreate Duration
	// VThreadBytes is the heap footprint of a virtual thread's Thread and
	// Continuation objects, before any StackChunk.
	VThreadBytes Bytes
	// Parallelism is the number of carriers the scheduler aims to keep
	// busy; 0 means Machine.Cores (the JDK default).
	Parallelism int
	// MaxPoolSize bounds carriers including compensating ones (JDK: 256).
	MaxPoolSize int
	// Freeze and thaw costs: a fixed part plus a part per word copied, in
	// picoseconds per word.
	FreezeBase, ThawBase         Duration
	FreezePerKWord, ThawPerKWord Duration // per 1000 words
	// ThawFastLimit: a chunk holding fewer words is thawed whole; otherwise
	// only the top frames are thawed and a return barrier lazily thaws the
	// rest (continuationFreezeThaw.cpp: 500 words).
	ThawFastLimit Words
	// ThreadFrames are the frames below a task's own call path: the thread's
	// entry (VirtualThread.run, Thread.run) and, for pool workers, the pool's
	// loop. They are frozen with the task's frames.
	ThreadFrames Words
	// PoolFrames are the extra frames of a pool worker's loop.
	PoolFrames Words
	// IdleFrames are the frames of a pool worker parked waiting for work
	// (queue take, LockSupport.park).
	IdleFrames Words
}

// RunConfig bounds the run and its measurement.
type RunConfig struct {
	// Duration ends the run at this virtual time (0: run until the workload
	// finishes).
	Duration Duration
	// MeasureFrom and MeasureTo delimit the window for throughput and latency
	// (MeasureTo 0: until the end). Counts of GCs and pauses cover the whole
	// run, as the articles report them.
	MeasureFrom, MeasureTo Time
	// MaxEvents stops a runaway run (0: a large default).
	MaxEvents int64
}

// ExecutorKind is how an executor maps tasks onto threads.
type ExecutorKind uint8

const (
	execInvalid ExecutorKind = iota
	// ExecVirtualPerTask starts a new virtual thread for every task
	// (Executors.newVirtualThreadPerTaskExecutor).
	ExecVirtualPerTask
	// ExecPlatformPerTask starts a new platform thread for every task
	// (Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory())).
	ExecPlatformPerTask
	// ExecPlatformPool is a fixed pool of Size platform threads with a FIFO
	// queue (Executors.newFixedThreadPool); threads are created on demand
	// by submissions until Size exist.
	ExecPlatformPool
	// ExecVirtualPool is a pool of Size long-lived virtual threads started up
	// front, taking tasks from a FIFO queue.
	ExecVirtualPool
	// ExecEventLoops is Size event loops (Netty style): every connection is
	// bound to one loop, whose tasks never block. Virtual selects loops that
	// are virtual threads on the default scheduler (Micronaut loom-carrier)
	// instead of platform threads.
	ExecEventLoops
)

func (k ExecutorKind) String() string {
	return [...]string{"invalid", "virtual-per-task", "platform-per-task", "platform-pool", "virtual-pool", "event-loops"}[k]
}

// ExecutorConfig configures one executor.
type ExecutorConfig struct {
	Name    string
	Kind    ExecutorKind
	Size    int  // pools and event loops
	Virtual bool // event loops only
	// Submit is CPU the submitting thread spends to hand a task to a pool
	// (queue offer, signal).
	Submit Duration
}

// virtualThreads reports whether the executor's threads are virtual.
func (e *ExecutorConfig) virtualThreads() bool {
	return e.Kind == ExecVirtualPerTask || e.Kind == ExecVirtualPool || (e.Kind == ExecEventLoops && e.Virtual)
}

// LoadKind is the shape of a load generator.
type LoadKind uint8

const (
	_ LoadKind = iota // the zero value is invalid
	// LoadBatch: one platform thread (main) submits Count tasks in a loop,
	// paying the executor's submission cost each time, then waits for all of
	// them (ExecutorService.close()).
	LoadBatch
	// LoadClosed: Connections clients each send a request, wait for the
	// response, think, and send the next. With Total > 0 the generator stops
	// after Total requests have been sent, handing them out to whichever
	// client is free (ab -n Total -c Connections).
	LoadClosed
	// LoadOpen: requests arrive at Rate per second (Poisson), each from a
	// fresh client.
	LoadOpen
	// LoadRamp: closed-loop users ramped linearly from Users to UsersMax over
	// the run (k6 ramping-vus), each thinking Think between requests.
	LoadRamp
)

// LoadConfig configures one load generator. Server-side loads submit each
// request as a task running Program on Executor.
type LoadConfig struct {
	Kind        LoadKind
	Executor    int
	Program     int
	Count       int      // batch
	Connections int      // closed
	Total       int      // closed: stop after this many requests (0: no limit)
	Users       int      // ramp start
	UsersMax    int      // ramp end
	Rate        float64  // open: requests per second
	Think       Dist     // closed, ramp: client think time between requests
	NetDelay    Duration // one-way network delay between client and server
	Start       Time     // when the generator starts
	// Connect models TCP connection setup for closed clients: the first
	// request of each client needs a connection accepted from the server's
	// listen queue of Backlog entries, drained by an acceptor thread that
	// spends Accept CPU per connection. An attempt that finds the queue full
	// is dropped and retried after the SYN retransmission timeout
	// (1 s, doubling). ConnectGap spaces the clients' first attempts.
	Connect    bool
	Backlog    int
	Accept     Duration
	ConnectGap Duration
	// Loop (closed, no think time, no network delay) makes each client the
	// server's thread itself: a worker looping on its own requests, as
	// gc-lab's Java twin does (`while (!stop) { ... }`). The next request
	// starts on the thread that finished the last one, at once, so the
	// thread never blocks between requests and is not woken again: one
	// wake-up per request fewer than a request handed to an idle worker
	// (which waits WakeLatency and pays ContextSwitch to run it).
	Loop bool
	// StartedByMain (closed loads) makes the JVM's main thread start the
	// clients' threads one after another, as a program that starts its
	// own workers does (gc-lab's twin: `for (Thread t : workers)
	// t.start()`): each start costs main JVM.PlatformCreate of CPU
	// (VThreadCreate where the executor's threads are virtual), on the CPUs
	// the started workers already use, and the client's first request goes
	// when its start is done. Without it every client starts at Start.
	StartedByMain bool
}

// Validate checks a configuration and returns the first problem found.
func (c *Config) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	m := c.Machine
	if m.Cores < 1 || m.Cores > 1024 {
		bad("cores %d: must be 1..1024", m.Cores)
	}
	if m.Quantum <= 0 {
		bad("OS quantum must be positive")
	}
	if !(m.CPUShare >= 0 && m.CPUShare <= 1) {
		bad("cpu share %v: must be in (0, 1], or 0 for the whole machine", m.CPUShare)
	}
	if c.JVM.JDK != 17 && c.JVM.JDK != 21 && c.JVM.JDK != 25 {
		bad("jdk %d: must be 17, 21 or 25", c.JVM.JDK)
	}
	if c.JVM.MaxPoolSize < 1 {
		bad("scheduler maxPoolSize must be positive")
	}
	if err := c.Heap.validate(); err != nil {
		errs = append(errs, err)
	}
	if err := c.JIT.validate(len(c.Methods)); err != nil {
		errs = append(errs, err)
	}
	for i := range c.Programs {
		if err := c.Programs[i].validate(c, i); err != nil {
			errs = append(errs, err)
		}
	}
	for i, e := range c.Executors {
		if e.Kind == execInvalid || e.Kind > ExecEventLoops {
			bad("executor %d: kind not set", i)
		}
		if (e.Kind == ExecPlatformPool || e.Kind == ExecVirtualPool || e.Kind == ExecEventLoops) && e.Size < 1 {
			bad("executor %q: size %d must be at least 1", e.Name, e.Size)
		}
		if c.JVM.JDK < 21 && e.virtualThreads() {
			bad("executor %q: virtual threads need JDK 21 or later (jdk %d)", e.Name, c.JVM.JDK)
		}
	}
	if len(c.Loads) == 0 {
		bad("no load generator")
	}
	for i, l := range c.Loads {
		if l.Executor < 0 || l.Executor >= len(c.Executors) {
			bad("load %d: executor %d does not exist", i, l.Executor)
		}
		if l.Program < 0 || l.Program >= len(c.Programs) {
			bad("load %d: program %d does not exist", i, l.Program)
		}
		if l.StartedByMain && l.Kind != LoadClosed {
			bad("load %d: only a closed load's clients are started by main", i)
		}
		switch l.Kind {
		case LoadBatch:
			if l.Count < 1 {
				bad("load %d: batch count must be at least 1", i)
			}
		case LoadClosed:
			if l.Connections < 1 {
				bad("load %d: connections must be at least 1", i)
			}
			if l.Connect && l.Backlog < 1 {
				bad("load %d: listen backlog must be at least 1", i)
			}
			if l.Loop && (l.Connect || l.NetDelay != 0 || l.Think.Kind != distInvalid) {
				bad("load %d: a looping load has no connection setup, network delay or think time", i)
			}
			if l.StartedByMain && (l.Connect || l.ConnectGap != 0) {
				bad("load %d: clients started by main have no connection setup or gap between them", i)
			}
		case LoadOpen:
			if l.Rate <= 0 {
				bad("load %d: arrival rate must be positive", i)
			}
		case LoadRamp:
			if l.Users < 0 || l.UsersMax < l.Users {
				bad("load %d: users must ramp up from a non-negative count", i)
			}
		default:
			bad("load %d: kind not set", i)
		}
		if l.Think.Kind != distInvalid {
			if err := l.Think.Validate(); err != nil {
				bad("load %d think time: %v", i, err)
			}
		}
	}
	if c.Run.Duration < 0 {
		bad("run duration is negative")
	}
	return errors.Join(errs...)
}

func (c *Config) parallelism() int {
	if c.JVM.Parallelism > 0 {
		return c.JVM.Parallelism
	}
	return c.Machine.Cores
}
