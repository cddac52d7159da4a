package sim

import (
	"fmt"
	"testing"
)

func reqLoadCfg(kind ExecutorKind, n int, work StepKind) Config {
	c := Config{
		Machine: Machine{Cores: 12, Quantum: 4 * Millisecond, ContextSwitch: 5 * Microsecond, WakeLatency: 50 * Microsecond},
		JVM: JVM{JDK: 21, BaseThreads: 6, PlatformCreate: 48 * Microsecond, PlatformExit: 10 * Microsecond,
			Xss: MB, PlatformNative: 900 * KB, VThreadCreate: 5 * Microsecond, VThreadBytes: 250,
			MaxPoolSize: 256, FreezeBase: 100, ThawBase: 100, FreezePerKWord: 100, ThawPerKWord: 100,
			ThawFastLimit: 500, ThreadFrames: 20},
		Heap: HeapConfig{GC: GCParallel, MaxBytes: 4 * GB, NewRatio: 2, SurvivorRatio: 8, MaxTenuring: 15,
			InitialTenuring: 7, TargetSurvivorRatio: 50, Adaptive: true, MinSurvivorRatio: 3,
			YoungFixed: Millisecond, CopyRate: 200 * MB, CardRate: 2 * GB, FullFixed: 5 * Millisecond,
			MarkRate: 300 * MB, SweepRate: 2 * GB, ChunkHeader: 48},
		JIT:     JITConfig{Enabled: false, StartTier: TierC2},
		Methods: []Method{{Name: "run", Frame: [5]Words{80, 40, 40, 40, 30}}},
		Programs: []Program{{Name: "req", Path: []int{0}, Steps: []Step{
			{Kind: work, Dist: Const(100 * Millisecond)},
		}}},
		Executors: []ExecutorConfig{{Name: "ex", Kind: kind, Size: 200, Submit: 500}},
		Loads:     []LoadConfig{{Kind: LoadBatch, Count: n}},
	}
	return c
}

func TestScratchRequestLoad(t *testing.T) {
	for _, k := range []ExecutorKind{ExecPlatformPool, ExecPlatformPerTask, ExecVirtualPerTask} {
		for _, w := range []StepKind{StepSleep, StepCPU} {
			s, err := New(reqLoadCfg(k, 10000, w), 1)
			if err != nil {
				t.Fatal(err)
			}
			s.RunToEnd()
			m := s.Metrics()
			fmt.Printf("%v %v: elapsed %v os %d events %d stop %s cpu %.2f\n", k, w, m.Elapsed, m.OSThreadsPeak, m.Events, m.StopReason, m.CPUUtilization)
		}
	}
}
