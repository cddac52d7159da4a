package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mainStartsSim: a pool of 4 worker threads looping on their own requests
// (a short burst, then a long sleep), started by main at 1 ms of CPU each
// on one core.
func mainStartsSim(t *testing.T, kind ExecutorKind, mutate func(*LoadConfig)) *Sim {
	t.Helper()
	cfg := Config{
		Machine: Machine{Cores: 1, Quantum: 4 * Millisecond},
		JVM:     JVM{JDK: 21, MaxPoolSize: 256, ThawFastLimit: 500, BaseThreads: 2, PlatformCreate: Millisecond, VThreadCreate: 10 * Microsecond},
		Heap: HeapConfig{GC: GCParallel, MaxBytes: 100 * MB, NewRatio: 4, SurvivorRatio: 8, MaxTenuring: 15,
			InitialTenuring: 7, TargetSurvivorRatio: 50, CopyRate: 100 * MB, CardRate: 100 * MB, MarkRate: 100 * MB, SweepRate: 100 * MB, ChunkHeader: 48},
		Programs:  []Program{{Name: "p", Steps: []Step{{Kind: StepCPU, Dist: Const(10 * Microsecond)}, {Kind: StepSleep, Dist: Const(Second)}}}},
		Executors: []ExecutorConfig{{Kind: kind, Size: 4}},
		Loads:     []LoadConfig{{Kind: LoadClosed, Connections: 4, Loop: true, StartedByMain: true}},
	}
	if mutate != nil {
		mutate(&cfg.Loads[0])
	}
	s, err := New(cfg, 1)
	require.NoError(t, err)
	return s
}

// Main starts the clients' threads one after another, paying each start,
// and then sleeps: the first request of the k-th client goes after k
// starts, not at once.
func TestMainStartsTheWorkersOneByOne(t *testing.T) {
	s := mainStartsSim(t, ExecPlatformPool, nil)
	workers := func() int64 { return s.Metrics().PlatformCreated - 2 } // less the JVM's own two
	s.Advance(Time(2500*Microsecond), 1<<20)
	assert.EqualValues(t, 2, workers(), "two starts paid by 2.5 ms")
	s.Advance(Time(5*Millisecond), 1<<20)
	assert.EqualValues(t, 4, workers())
	main := s.loads[0].main
	require.GreaterOrEqual(t, main, int32(0))
	assert.Equal(t, RoleMain, s.th[main].role)
	assert.Equal(t, StateParked, s.th[main].state, "all started, main sleeps")
	assert.Equal(t, ParkSleep, s.th[main].reason)

	// A virtual pool's threads start at a virtual thread's cost.
	v := mainStartsSim(t, ExecVirtualPool, nil)
	v.Advance(Time(100*Microsecond), 1<<20)
	assert.Equal(t, StateParked, v.th[v.loads[0].main].state, "four starts of 10 µs")
}

// Clients started by main have no connection setup (it would be skipped)
// and no gap between their starts; only a closed load's are.
func TestStartedByMainIsAClosedLoadsWithoutConnections(t *testing.T) {
	for _, c := range []struct {
		mutate func(*LoadConfig)
		want   string
	}{
		{func(l *LoadConfig) { l.Loop, l.Connect, l.Backlog = false, true, 4 }, "no connection setup"},
		{func(l *LoadConfig) { l.ConnectGap = Millisecond }, "no connection setup or gap"},
		{func(l *LoadConfig) { l.Kind, l.Count = LoadBatch, 4 }, "only a closed load's"},
	} {
		cfg := mainStartsSim(t, ExecPlatformPool, nil).cfg
		c.mutate(&cfg.Loads[0])
		_, err := New(cfg, 1)
		require.Error(t, err, c.want)
		assert.Contains(t, err.Error(), c.want)
	}
}
