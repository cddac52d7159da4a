package sim

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// CheckInvariants is what the invariant tests and FuzzSimulate lean on, so
// it must object when the bookkeeping is wrong. Each case corrupts one fact
// of a healthy mid-run state (a clone, so the cases are independent) and
// expects the check to name it.

// midRun is a run of pooled virtual threads with threads mounted, queued
// and parked and objects in every space: eden, survivor and old, under
// Parallel.
func midRun(t *testing.T) *Sim {
	t.Helper()
	return midRunOn(t, GCParallel)
}

// midRunOn is midRun under collector gc.
func midRunOn(t *testing.T, gc GCKind) *Sim {
	t.Helper()
	cfg := Config{
		Machine: Machine{Cores: 2, Quantum: 4 * Millisecond},
		JVM:     JVM{JDK: 21, MaxPoolSize: 256, ThawFastLimit: 500},
		Heap: HeapConfig{GC: gc, MaxBytes: 64 * MB, NewRatio: 2, SurvivorRatio: 8, MaxTenuring: 15,
			InitialTenuring: 2, TargetSurvivorRatio: 50, Adaptive: gc == GCParallel, MinSurvivorRatio: 3, FixedSurvivors: true,
			CopyRate: 100 * MB, CardRate: 100 * MB, MarkRate: 100 * MB, SweepRate: 100 * MB, ChunkHeader: 48,
			G1IHOP: 45, G1MarkRate: MB, G1MixedCopyRate: MB, G1OldLiveness: 30},
		Methods: []Method{{Name: "m", Frame: [5]Words{100, 80, 80, 80, 40}}},
		Programs: []Program{{Name: "p", Path: []int{0}, Steps: []Step{
			{Kind: StepCPU, Dist: Const(200 * Microsecond)},
			{Kind: StepGarbage, Bytes: 40 * KB},
			{Kind: StepLive, Bytes: 4 * KB},
			{Kind: StepThreadLocal, InitBytes: 512, Bytes: 2 * KB, Cap: 64 * KB, Sticky: 8 * KB},
			{Kind: StepSleep, Dist: Const(Millisecond)},
		}}},
		Executors: []ExecutorConfig{{Kind: ExecVirtualPool, Size: 300}},
		Loads:     []LoadConfig{{Kind: LoadClosed, Connections: 300}},
	}
	s, err := New(cfg, 1)
	require.NoError(t, err)
	s.Advance(Time(300*Millisecond), 1<<22)
	require.NoError(t, s.CheckInvariants(), "the healthy state must pass")
	return s
}

func TestCheckInvariantsObjects(t *testing.T) {
	base := midRun(t)
	var mountedV, queuedV, liveBlob, oldBlob int32 = -1, -1, -1, -1
	for i := range base.th {
		th := &base.th[i]
		if th.virtual && th.carrier >= 0 && mountedV < 0 {
			mountedV = int32(i)
		}
		if th.virtual && th.state == StateRunnable && queuedV < 0 {
			queuedV = int32(i)
		}
	}
	for i := range base.heap.blobs {
		b := &base.heap.blobs[i]
		if !b.dead && b.sp == SpaceOld && oldBlob < 0 {
			oldBlob = int32(i)
		}
		if !b.dead && (b.sp == SpaceEden || b.sp == SpaceSurvivor) && liveBlob < 0 {
			liveBlob = int32(i)
		}
	}
	require.True(t, mountedV >= 0 && queuedV >= 0 && oldBlob >= 0 && liveBlob >= 0,
		"the mid-run state must have a mounted and a queued virtual thread and live young and old objects (%d %d %d %d)",
		mountedV, queuedV, liveBlob, oldBlob)
	// A second carrier after mountedV's (the carriers' checks run in slot
	// order), a core running a thread, and abandoned chunks.
	otherCarrier := int32(-1)
	for i := base.th[mountedV].carrier + 1; i < int32(len(base.th)); i++ {
		if base.th[i].role == RoleCarrier && otherCarrier < 0 {
			otherCarrier = i
		}
	}
	require.NotEmpty(t, base.heap.free, "the mid-run state must have free object slots")
	require.True(t, otherCarrier >= 0 && base.cores[0].running >= 0 && base.abandoned.n > 0,
		"the mid-run state must have a second carrier (%d), a thread on core 0 (%d) and abandoned chunks (%d)",
		otherCarrier, base.cores[0].running, base.abandoned.n)
	cases := []corruption{
		{"a mounted thread not on its carrier", func(s *Sim) { s.th[s.th[mountedV].carrier].mounted = -1 }, "says it is on carrier"},
		{"a mounted thread parked", func(s *Sim) { s.th[mountedV].state = StateParked }, "is mounted in state"},
		{"a running thread without a carrier", func(s *Sim) {
			s.th[s.th[mountedV].carrier].mounted = -1
			s.th[mountedV].carrier = -1
		}, "but not mounted"},
		{"a platform thread not counted", func(s *Sim) { s.liveOS-- }, "live platform threads counted"},
		{"a virtual thread not counted", func(s *Sim) { s.liveVT++ }, "live virtual threads counted"},
		{"a queued thread that is not runnable", func(s *Sim) { s.th[queuedV].state = StateParked }, "queued virtual thread"},
		{"the scheduler's count off by one", func(s *Sim) { s.sched.queued++ }, "scheduler counts"},
		{"more CPU than the cores had", func(s *Sim) { s.stats.cpuBusy = Duration(len(s.cores))*Duration(s.now) + 1 }, "exceeds cores"},
		{"a live byte counter off", func(s *Sim) { s.heap.live[s.heap.blobs[liveBlob].cat] += 8 }, "by the counters"},
		{"an old live counter off", func(s *Sim) { s.heap.oldLive[s.heap.blobs[oldBlob].cat] -= 8 }, "live in old by the objects"},
		{"an allocation not accounted", func(s *Sim) {
			c := s.heap.blobs[liveBlob].cat
			s.heap.allocated[c] += 8
		}, "allocated"},
		{"garbage allocated but never freed", func(s *Sim) { s.heap.allocated[CatGarbage] += 8 }, "garbage: allocated"},
		{"old gen holding more than it uses", func(s *Sim) { s.heap.oldUsed = 0 }, "exceeds its used"},
		{"old gen past its capacity", func(s *Sim) {
			s.heap.oldUsed = s.heap.oldMax + 1
		}, "exceeds its capacity"},
		{"young objects beyond eden and survivor", func(s *Sim) { s.heap.edenUsed, s.heap.survUsed = 0, 0 }, "young live"},
		{"eden past its capacity", func(s *Sim) { s.heap.edenUsed = s.heap.edenCap + 1 }, "beyond its capacity"},
		{"young and old past the heap", func(s *Sim) { s.heap.oldMax = s.cfg.Heap.MaxBytes - s.heap.youngCap + 1 }, "exceed the heap's"},
		{"survivor spaces past young", func(s *Sim) { s.heap.survCap = (s.heap.youngCap-s.heap.edenCap)/2 + 1 }, "exceed the young gen's"},
		{"an object in old on the young list", func(s *Sim) { s.heap.young = append(s.heap.young, oldBlob) }, "young list holds"},
		{"a thread with negative resident frames", func(s *Sim) { s.th[mountedV].resident = -1 }, "negative frames"},
		{"a thread queued twice", func(s *Sim) {
			s.sched.external.push(queuedV)
			s.sched.queued++
		}, "queued twice"},
		{"a core running a thread that thinks it is elsewhere", func(s *Sim) {
			s.th[s.cores[0].running].core = 1
		}, "thinks it is on core"},
		{"a thread mounted on two carriers", func(s *Sim) {
			takeOffCarrier(s, otherCarrier)
			s.th[otherCarrier].mounted = mountedV
		}, "mounted on carriers"},
		{"a carrier running a thread that is not on it", func(s *Sim) {
			takeOffCarrier(s, otherCarrier)
			s.th[otherCarrier].mounted = queuedV
		}, "which is not on it"},
		{"abandoned chunks beyond the old gen's garbage", func(s *Sim) {
			s.abandoned.bytes = s.heap.oldUsed - s.heap.oldLiveTotal() + 1
		}, "more than the old gen's"},
		{"an abandoned chunk counted but not sampled", func(s *Sim) { s.abandoned.n += max(s.abandoned.stride, 1) }, "sampled of"},
		{"young objects held by dead old ones miscounted", func(s *Sim) { s.heap.heldCount++ }, "held by dead old ones"},
		{"a slot in use on the free list", func(s *Sim) { s.heap.free = append(s.heap.free, liveBlob) }, "listed twice or in use"},
		{"a free slot listed twice", func(s *Sim) { s.heap.free = append(s.heap.free, s.heap.free[0]) }, "listed twice or in use"},
	}
	requireEachCorruptionNamed(t, base, cases)
}

// G1's own bounds (g1GC.checkHeap), each broken once in a healthy mid-run
// G1 state. An OutOfMemoryError lifts the spaces' bounds: the run's last
// event puts its allocations in eden beyond its capacity (collect).
func TestCheckInvariantsG1(t *testing.T) {
	base := midRunOn(t, GCG1)
	require.NotZero(t, base.heap.oldUsed-base.heap.oldLiveTotal(), "the mid-run state must have old garbage")
	cases := []corruption{
		{"committed beyond -Xmx", func(s *Sim) { s.heap.g1.committed = s.cfg.Heap.MaxBytes + s.heap.g1.region }, "outside -Xms"},
		{"committed below -Xms", func(s *Sim) { s.heap.g1.committed -= s.heap.g1.region }, "outside -Xms"},
		{"old and eden in more regions than committed", func(s *Sim) {
			h := &s.heap
			h.edenCap = h.g1.committed
			h.edenUsed = h.g1.committed - regionsFor(h.oldUsed, h.g1.region)*h.g1.region - regionsFor(h.survUsed, h.g1.region)*h.g1.region + 1
		}, "hold more than the"},
		{"marking during a mixed phase", func(s *Sim) { s.heap.g1.marking, s.heap.g1.reclaimable = true, 1 }, "is marking with"},
		{"more to reclaim than old garbage", func(s *Sim) {
			h := &s.heap
			h.g1.reclaimable = h.oldUsed - h.oldLiveTotal() + 1
		}, "more than the old gen's"},
		{"eden past its capacity", func(s *Sim) { s.heap.edenUsed = s.heap.edenCap + 1 }, "beyond its capacity"},
	}
	requireEachCorruptionNamed(t, base, cases)
	t.Run("out of memory", func(t *testing.T) {
		s := base.Clone()
		s.heap.edenUsed = s.heap.edenCap + 1
		s.outOfMemory("Java heap space")
		require.NoError(t, s.CheckInvariants(), "after an OutOfMemoryError eden may hold more than its capacity")
	})
}

// corruption breaks one fact of a healthy state; CheckInvariants must
// name it (its error contains want).
type corruption struct {
	name    string
	corrupt func(s *Sim)
	want    string
}

// requireEachCorruptionNamed applies each corruption to its own clone of
// base (so the cases are independent) and requires CheckInvariants to
// object with the expected words.
func requireEachCorruptionNamed(t *testing.T, base *Sim, cases []corruption) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := base.Clone()
			require.NoError(t, s.CheckInvariants(), "a clone of a healthy state is healthy")
			c.corrupt(s)
			err := s.CheckInvariants()
			require.Error(t, err, "CheckInvariants missed %s", c.name)
			require.Contains(t, err.Error(), c.want)
		})
	}
}

// checkHeapFully is the heap's part of CheckInvariants in a run that has
// not run out of memory: its accounting and its spaces' bounds.
func checkHeapFully(h *heap, c collector) error {
	return errors.Join(h.check(), h.checkCapacity(c))
}

// takeOffCarrier takes the virtual thread off a carrier, if one is on it, and
// parks it, a state the checks accept.
func takeOffCarrier(s *Sim, carrier int32) {
	if v := s.th[carrier].mounted; v >= 0 {
		s.th[v].carrier, s.th[v].state = -1, StateParked
		s.th[carrier].mounted = -1
	}
}
