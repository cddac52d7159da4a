package sim

import "fmt"

// StepKind is one kind of step in a task's program.
type StepKind uint8

const (
	_ StepKind = iota // the zero value is invalid
	// StepCPU runs on the CPU for a duration drawn from Dist.
	StepCPU
	// StepGarbage allocates Bytes of short-lived objects (dead by the end of
	// the step: parsing buffers, temporary strings).
	StepGarbage
	// StepLive allocates Bytes of request data that stays reachable until the
	// task ends (request and response objects, client context).
	StepLive
	// StepThreadLocal uses the thread's thread-local state. The first use on
	// a thread costs Init CPU and allocates InitBytes that live as long as
	// the thread (ThreadLocalMap, per-thread client state). Every use also
	// adds Bytes of per-thread data (cached buffers, per-route state) until
	// the thread holds Cap bytes of it, all of which live as long as the
	// thread. A thread that serves one task keeps only one use's worth and
	// dies young with it; a long-lived thread fills its cache to Cap and
	// keeps it for good. Finally every use stores Sticky bytes that replace
	// the previous use's (a per-thread buffer or context kept for the
	// thread's next task): on a long-lived thread that data lives from one
	// task to the next; on a one-task thread it dies with the thread.
	StepThreadLocal
	// StepSleep parks for a duration drawn from Dist (Thread.sleep).
	StepSleep
	// StepBlock makes a blocking socket call that returns after a duration
	// drawn from Dist. With Native set the call happens under a native frame,
	// which pins a virtual thread on every JDK.
	StepBlock
	// StepFileIO is blocking file I/O. A virtual thread stays on its carrier
	// (the file system has no poller), and the scheduler compensates with a
	// spare carrier.
	StepFileIO
	// StepEnter enters (acquires) Monitor, blocking while another thread
	// holds it.
	StepEnter
	// StepExit exits Monitor.
	StepExit
	// StepFork opens a StructuredTaskScope, forks one virtual thread per
	// program in Subtasks, and joins with Joiner.
	StepFork
	// StepRace races the router's models in a scope with
	// anySuccessfulResultOrThrow, or, once the router has switched to a single
	// model, calls that model directly.
	StepRace
	// StepAsync starts a non-blocking operation that completes after a
	// duration drawn from Dist; its continuation, program Then, is queued on
	// the event loop of the same connection. The current task ends at once.
	StepAsync
)

func (k StepKind) String() string {
	return [...]string{"invalid", "cpu", "garbage", "live", "thread-local", "sleep", "block", "file-io",
		"enter", "exit", "fork", "race", "async"}[k]
}

// Joiner decides when a scope's join returns.
type Joiner uint8

const (
	_ Joiner = iota // the zero value is invalid
	// JoinAnySuccess is Joiner.anySuccessfulResultOrThrow: the first subtask
	// to succeed wins and the others are interrupted.
	JoinAnySuccess
	// JoinAllSuccess is Joiner.awaitAllSuccessfulOrThrow: wait for all, or
	// cancel the rest on the first failure.
	JoinAllSuccess
)

// Step is one step of a program.
type Step struct {
	Kind      StepKind
	Dist      Dist     // cpu, sleep, block, file-io, async
	Bytes     Bytes    // garbage, live, thread-local (per use)
	InitBytes Bytes    // thread-local: allocated on first use in a thread
	Init      Duration // thread-local: CPU of the first use in a thread
	Cap       Bytes    // thread-local: bytes of per-use data a thread keeps
	Sticky    Bytes    // thread-local: data kept until the thread's next use
	Monitor   int      // enter, exit
	Native    bool     // block: under a native frame (pins)
	// WallClock (cpu) makes the step spin until a clock deadline, Dist's
	// duration of CPU after it first runs (stretched by the machine's CPU
	// share like any burst: a core runs a spin at full speed), rather than
	// for that much CPU: a pause or a time slice's end that catches it past
	// its deadline ends it having used less (sim/cpu.go, startSlice).
	WallClock bool
	Subtasks  []int   // fork: programs to fork
	Joiner    Joiner  // fork
	Then      int     // async: continuation program
	ThenExec  int     // async: executor (event loops) the continuation runs on
	FailRate  float64 // block: probability the call fails (for joiners)
	// ConnPool, when >= 0, makes a blocking call use a keep-alive
	// connection from that client connection pool: an idle one if there is
	// one, else a new one that first costs ConnSetup (TCP and TLS
	// handshakes). The connection goes back to the pool when the task ends,
	// unless the task was cancelled: interrupting a thread blocked in a
	// socket read closes the socket.
	ConnPool  int
	ConnSetup Dist
	Label     string // shown in the picture ("backend call")
}

// Program is the code a task runs: the call path it enters, then its steps.
type Program struct {
	Name string
	// Path lists the methods (outermost first) that the task invokes when it
	// starts; their frames stay on the stack for all of its steps, so they are
	// what a park freezes (above the thread's own frames).
	Path  []int
	Steps []Step
	// FreshThreadState discards the thread's thread-local state when a task
	// of this program ends (its StepThreadLocal data dies and the next use
	// is a first use again), so every task starts with empty per-thread
	// state as on a new thread, while the thread itself lives on.
	FreshThreadState bool
	// TimeSteps records its requests' step times as the Java twin does
	// (steptimes.go, Metrics.StepTimes).
	TimeSteps bool
}

func (p *Program) validate(c *Config, idx int) error {
	if len(p.Steps) == 0 {
		return fmt.Errorf("program %q has no steps", p.Name)
	}
	for _, m := range p.Path {
		if m < 0 || m >= len(c.Methods) {
			return fmt.Errorf("program %q: method %d does not exist", p.Name, m)
		}
	}
	for i, s := range p.Steps {
		where := fmt.Sprintf("program %q step %d (%v)", p.Name, i, s.Kind)
		switch s.Kind {
		case StepCPU, StepSleep, StepBlock, StepFileIO, StepAsync:
			if err := s.Dist.Validate(); err != nil {
				return fmt.Errorf("%s: %v", where, err)
			}
		case StepGarbage, StepLive:
			if s.Bytes < 0 {
				return fmt.Errorf("%s: negative size", where)
			}
		case StepThreadLocal:
			if s.Bytes < 0 || s.InitBytes < 0 || s.Cap < 0 || s.Init < 0 || s.Sticky < 0 {
				return fmt.Errorf("%s: negative size or cost", where)
			}
		case StepEnter, StepExit:
			if s.Monitor != PrivateMonitor && (s.Monitor < 0 || s.Monitor >= c.Monitors) {
				return fmt.Errorf("%s: monitor %d does not exist", where, s.Monitor)
			}
		case StepFork:
			if len(s.Subtasks) == 0 || len(s.Subtasks) > maxSubtasks {
				return fmt.Errorf("%s: needs 1..%d subtasks", where, maxSubtasks)
			}
			for _, sp := range s.Subtasks {
				if sp < 0 || sp >= len(c.Programs) || sp == idx {
					return fmt.Errorf("%s: subtask program %d is not valid", where, sp)
				}
			}
			if s.Joiner != JoinAnySuccess && s.Joiner != JoinAllSuccess {
				return fmt.Errorf("%s: joiner not set", where)
			}
		case StepRace:
			if len(c.Router.Models) == 0 {
				return fmt.Errorf("%s: the router has no models", where)
			}
		default:
			return fmt.Errorf("%s: kind not defined", where)
		}
		if s.Kind == StepAsync && (s.Then < 0 || s.Then >= len(c.Programs)) {
			return fmt.Errorf("%s: continuation program %d does not exist", where, s.Then)
		}
		if s.Kind == StepAsync && (s.ThenExec < 0 || s.ThenExec >= len(c.Executors)) {
			return fmt.Errorf("%s: continuation executor %d does not exist", where, s.ThenExec)
		}
		if s.Kind == StepBlock && s.ConnPool > 0 {
			if s.ConnPool > c.ConnPools {
				return fmt.Errorf("%s: connection pool %d does not exist", where, s.ConnPool)
			}
			if err := s.ConnSetup.Validate(); err != nil {
				return fmt.Errorf("%s: connection setup: %v", where, err)
			}
		}
		if s.FailRate < 0 || s.FailRate > 1 {
			return fmt.Errorf("%s: fail rate must be in [0, 1]", where)
		}
	}
	return nil
}

// maxSubtasks bounds a scope's forks (a scope keeps them in a fixed array).
const maxSubtasks = 8

// RouterConfig is the LLM router of the llm-router article: a request races
// the models in a scope; a collector counts wins, and after SwitchAfter races
// the router sends requests straight to the leading model if it won at least
// SwitchWinRate of them.
type RouterConfig struct {
	Enabled       bool
	Models        []RouterModel
	SwitchAfter   int
	SwitchWinRate float64
	// Baseline is the model whose cost, paid on every request, is the
	// reference for cost savings (the most capable model).
	Baseline int
}

// RouterModel is one model the router can call.
type RouterModel struct {
	Name    string
	Program int     // the subtask program that calls it
	Price   float64 // relative price of a full call; cancelled calls pay for the share of the call that ran
}
