package sim

import "fmt"

// Tier is a HotSpot compilation tier.
type Tier uint8

const (
	// TierInterp: the bytecode interpreter (level 0). Largest frames.
	TierInterp Tier = 0
	// TierC1Simple: C1 without profiling (level 1), what
	// -XX:TieredStopAtLevel=1 produces.
	TierC1Simple Tier = 1
	// TierC1Limited: C1 with invocation and back-edge counters (level 2).
	TierC1Limited Tier = 2
	// TierC1Full: C1 with full profiling (level 3), the usual first
	// compilation of a hot method.
	TierC1Full Tier = 3
	// TierC2: the optimising compiler (level 4). Smallest frames.
	TierC2 Tier = 4
)

func (t Tier) String() string {
	return [...]string{"interpreted", "C1 (level 1)", "C1 (level 2)", "C1 (level 3)", "C2"}[t]
}

// Method is one method of a task's call path with its frame size at each
// tier, from the article profile.
type Method struct {
	Name  string
	Frame [5]Words
}

// JITConfig sets the tiered compilation policy.
type JITConfig struct {
	// Enabled turns on tier transitions; when off every method runs at
	// StartTier (use it for workloads whose frame sizes do not matter).
	Enabled bool
	// StartTier is the tier of every method at start when JIT is off.
	StartTier Tier
	// Tier3Invocations and Tier4Invocations are the invocation counts that
	// queue a C1 (level 3) and then a C2 compilation
	// (Tier3InvocationThreshold 200, Tier4InvocationThreshold 5000).
	Tier3Invocations, Tier4Invocations int
	// C1Delay and C2Delay are the time from queueing a compilation to its
	// installation (compile queue and compile time together).
	C1Delay, C2Delay Duration
	// StopAtLevel is -XX:TieredStopAtLevel (1..4).
	StopAtLevel int
}

func (j *JITConfig) validate(methods int) error {
	if !j.Enabled {
		if j.StartTier > TierC2 {
			return fmt.Errorf("jit start tier %d is not a tier", j.StartTier)
		}
		return nil
	}
	switch {
	case j.StopAtLevel < 1 || j.StopAtLevel > 4:
		return fmt.Errorf("tiered_stop_at_level %d: must be 1..4", j.StopAtLevel)
	case j.Tier3Invocations < 1 || j.Tier4Invocations < 1:
		return fmt.Errorf("jit thresholds must be positive")
	case j.C1Delay < 0 || j.C2Delay < 0:
		return fmt.Errorf("jit delays must not be negative")
	}
	return nil
}

// jit tracks per-method invocation counters and installed tiers.
type jit struct {
	cfg        JITConfig
	methods    []Method
	count      []int64
	tier       []Tier
	pending    []bool
	countAtC1  []int64
	compiledAt [][5]Time
}

func newJIT(cfg JITConfig, methods []Method) *jit {
	j := &jit{cfg: cfg, methods: methods}
	n := len(methods)
	j.count = make([]int64, n)
	j.tier = make([]Tier, n)
	j.pending = make([]bool, n)
	j.countAtC1 = make([]int64, n)
	j.compiledAt = make([][5]Time, n)
	if !cfg.Enabled {
		for i := range j.tier {
			j.tier[i] = cfg.StartTier
		}
	}
	return j
}

// c1Tier is the tier a method's first compilation installs under the
// configured TieredStopAtLevel.
func (j *jit) c1Tier() Tier {
	switch j.cfg.StopAtLevel {
	case 1:
		return TierC1Simple
	case 2:
		return TierC1Limited
	default:
		return TierC1Full
	}
}

// invoke counts one invocation of method m and returns the tier it runs at
// and, when a compilation should be queued, the tier and its delay.
func (j *jit) invoke(m int) (run Tier, queue Tier, delay Duration) {
	run = j.tier[m]
	if !j.cfg.Enabled {
		return run, 0, -1
	}
	j.count[m]++
	if j.pending[m] {
		return run, 0, -1
	}
	switch {
	case run == TierInterp && j.count[m] >= int64(j.cfg.Tier3Invocations):
		j.pending[m] = true
		return run, j.c1Tier(), j.cfg.C1Delay
	case run == TierC1Full && j.cfg.StopAtLevel >= 4 && j.count[m]-j.countAtC1[m] >= int64(j.cfg.Tier4Invocations):
		j.pending[m] = true
		return run, TierC2, j.cfg.C2Delay
	}
	return run, 0, -1
}

// final reports whether method m has reached the last tier it can reach
// and has no compilation pending.
func (j *jit) final(m int) bool {
	if !j.cfg.Enabled {
		return true
	}
	if j.pending[m] {
		return false
	}
	switch j.cfg.StopAtLevel {
	case 4:
		return j.tier[m] == TierC2
	default:
		return j.tier[m] == j.c1Tier()
	}
}

// install makes tier t the code of method m.
func (j *jit) install(m int, t Tier, now Time) {
	j.pending[m] = false
	j.tier[m] = t
	j.countAtC1[m] = j.count[m]
	j.compiledAt[m][t] = now
}
