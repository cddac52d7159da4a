package sim

// Metrics is what a run measured. Durations are virtual nanoseconds, sizes
// bytes; the scenario layer turns them into the named metrics of the
// contract (throughput_rps, latency_p50_ms, ...).
type Metrics struct {
	SimTime    Duration
	Events     int64
	StopReason string
	OOM        string // "" or the OutOfMemoryError message

	RequestsCompleted int64 // in the measurement window
	RequestsAll       int64
	RequestsFailed    int64
	ThroughputRPS     float64
	LatencyMean       Duration
	LatencyP50        Duration
	LatencyP95        Duration
	LatencyP99        Duration
	LatencyMax        Duration
	Elapsed           Duration // batch: first submission to last completion

	OSThreadsPeak      int
	VirtualThreadsPeak int
	PlatformCreated    int64
	VirtualCreated     int64
	Carriers           int
	MemoryPeak         Bytes // memory held for the workload's threads
	RSSPeak            Bytes

	CPUUtilization     float64 // busy CPU / (cores x time)
	CarrierUtilization float64 // time carriers had a thread mounted / (parallelism x time)
	PinnedParks        int64
	MonitorWaits       int64
	Compensations      int64
	// Allocation stalls (Heap.HeapLock, heaplock.go): the time threads
	// spent from finding eden full until their allocation was done (all
	// of it), and the stalls over a millisecond, for the first allocations
	// after a sleep and for the others.
	AllocStallTotal                         Duration
	AllocStallsAfterSleep, AllocStallsOther int64
	AllocStallAfterSleep, AllocStallOther   Duration
	// StepTimes are the requests' step times as the Java twin times them
	// (steptimes.go); nil unless a program has TimeSteps.
	StepTimes []StepTime

	YoungGCs, FullGCs  int64
	FullGCsByCause     map[string]int64 // Full GCs by GCCause name; nil when there were none
	GCPauses           int64
	GCPauseTotal       Duration
	GCPauseMax         Duration
	OldCapacity        Bytes
	OldLiveAfterFull   Bytes // mean over Full GCs
	OldLiveAfterFullLo Bytes
	OldLiveAfterFullHi Bytes
	OldLiveByCategory  map[string]Bytes // at the last Full GC
	Promoted           Bytes
	SurvivorOverflows  int64
	TenuringThreshold  int
	// G1: young pauses whose evacuation failed, concurrent markings
	// finished and their total time, each from its start to the pause that
	// found it done.
	EvacuationFailures int64
	G1Marks            int64
	G1MarkTime         Duration

	StackChunksAllocated    int64
	StackChunkAllocBytes    Bytes
	StackChunkCapacityP50   Words // steady state (measurement window) if any, else whole run
	StackChunkFrozenP50     Words
	StackChunkReusedInPlace int64
	StackChunkReusedByFix   int64

	RouterRaces           int
	RouterWins            []int
	RouterWinRates        []float64
	RacesBeforeSingle     int
	RouterCost            float64
	RouterCostSavingsPct  float64
	ScopeForks, Cancelled int64
	SYNDrops              int64
}

// Metrics returns the run's metrics so far.
func (s *Sim) Metrics() Metrics {
	st := &s.stats
	end := s.now
	m := Metrics{
		SimTime: Duration(s.now), Events: s.events, StopReason: s.stopReason,
		RequestsCompleted: st.requests, RequestsAll: st.allDone, RequestsFailed: st.failed,
		Elapsed: st.elapsed, OSThreadsPeak: st.osPeak, VirtualThreadsPeak: st.vtPeak,
		PlatformCreated: st.platformCreated, VirtualCreated: st.virtualCreated,
		Carriers: len(s.sched.carriers), MemoryPeak: st.memPeak, RSSPeak: s.rssPeak,
		PinnedParks: st.pinnedParks, MonitorWaits: st.monitorWaits, Compensations: st.compensations,
		AllocStallTotal: st.allocStallTotal, AllocStallsAfterSleep: st.allocStallsAfter, AllocStallsOther: st.allocStallsBefore,
		AllocStallAfterSleep: st.allocStallAfter, AllocStallOther: st.allocStallBefore, StepTimes: s.steps.results(),
		YoungGCs: st.youngGCs, FullGCs: st.fullGCs, GCPauses: st.pauses, GCPauseTotal: st.pauseTotal,
		GCPauseMax: st.pauseMax, OldCapacity: s.heap.oldMax, Promoted: st.promoted,
		SurvivorOverflows: st.survivorOverflows, TenuringThreshold: s.heap.tenuring,
		EvacuationFailures: st.evacFailures, G1Marks: st.g1Marks, G1MarkTime: st.g1MarkWall,
		StackChunksAllocated: st.chunksAllocated, StackChunkAllocBytes: st.chunkBytes,
		StackChunkReusedInPlace: st.chunkInPlace, StackChunkReusedByFix: st.chunkReuseFix,
		ScopeForks: st.forks, Cancelled: st.cancelled, SYNDrops: st.synDrops,
	}
	if s.oom {
		m.OOM = s.oomMessage
	}
	if st.requests > 0 {
		m.LatencyMean = st.latencySum / Duration(st.requests)
		m.LatencyP50 = st.latency.quantile(0.50)
		m.LatencyP95 = st.latency.quantile(0.95)
		m.LatencyP99 = st.latency.quantile(0.99)
		m.LatencyMax = st.latency.max
		from := s.cfg.Run.MeasureFrom
		to := s.cfg.Run.MeasureTo
		if to == 0 || to > end {
			to = end
		}
		if to > from {
			m.ThroughputRPS = float64(st.requests) / to.Sub(from).Seconds()
		}
	}
	if end > 0 {
		m.CPUUtilization = float64(st.cpuBusy) / (float64(end) * float64(len(s.cores)))
		busy := st.carrierBusy
		for i, c := range s.sched.carriers {
			if s.th[c].mounted >= 0 {
				busy += s.now.Sub(s.sched.busySince[i])
			}
		}
		m.CarrierUtilization = float64(busy) / (float64(end) * float64(s.sched.parallelism))
	}
	if st.fullGCs > 0 {
		m.FullGCsByCause = map[string]int64{}
		for c := CauseAllocation; c < causeCount; c++ {
			if n := st.fullByCause[c]; n > 0 {
				m.FullGCsByCause[c.String()] = n
			}
		}
		m.OldLiveAfterFull = st.oldLiveAfterFullSum / Bytes(st.fullGCs)
		m.OldLiveAfterFullLo = st.oldLiveAfterFullMin
		m.OldLiveAfterFullHi = st.oldLiveAfterFullMax
		m.OldLiveByCategory = map[string]Bytes{}
		for c := AllocCat(1); c < catCount; c++ {
			m.OldLiveByCategory[c.String()] = st.oldLiveByCat[c]
		}
	}
	words := func(w *wordStats) Words {
		if w.steady.n > 0 {
			return w.steady.quantile(0.5)
		}
		return w.all.quantile(0.5)
	}
	m.StackChunkCapacityP50 = words(&st.capacityWords)
	m.StackChunkFrozenP50 = words(&st.frozenWords)
	r := &s.router
	if len(r.cfg.Models) > 0 {
		m.RouterRaces = r.races
		m.RouterWins = append([]int(nil), r.wins...)
		m.RouterWinRates = make([]float64, len(r.wins))
		for i, w := range r.wins {
			if r.races > 0 {
				m.RouterWinRates[i] = float64(w) / float64(r.races)
			}
		}
		m.RacesBeforeSingle = r.switchedAt
		m.RouterCost = r.cost
		if r.requests > 0 {
			base := float64(r.requests) * r.cfg.Models[r.cfg.Baseline].Price
			if base > 0 {
				m.RouterCostSavingsPct = 100 * (1 - r.cost/base)
			}
		}
	}
	return m
}
