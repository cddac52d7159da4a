package sim

import "math/bits"

// stats accumulates what the metrics report.
type stats struct {
	end Time
	// byKind counts the events handled, by kind. It has a place for every
	// value of a kind's byte, so that counting one needs no index check.
	byKind [256]int64

	osPeak, vtPeak  int
	platformCreated int64
	virtualCreated  int64
	memPeak         Bytes

	requests   int64 // completed in the measurement window
	allDone    int64 // completed in the whole run
	lately     doneWindow
	failed     int64
	latency    histogram
	recent     histogram // since the last snapshot
	latencySum Duration
	firstDone  Time
	lastDone   Time
	elapsed    Duration // batch

	cpuBusy Duration
	// markCPU is the CPU G1's marking threads would have had had they run
	// all along: the time integral, outside pauses, of their part of the
	// cores given the threads runnable at each moment (gc_g1_mark.go), in
	// nanoseconds of CPU, brought up to runqAt.
	markCPU     float64
	runqAt      Time
	carrierBusy Duration
	steals      int64
	// Carriers a scheduler signal woke or started, and those of them that
	// found no virtual thread to take when they looked (scheduler.go).
	signalWakes, emptyWakes int64

	pinnedParks   int64
	mounts        int64
	vparks        int64
	monitorWaits  int64
	compensations int64

	forks, cancelled int64
	synDrops         int64
	connSetups       int64

	youngGCs, fullGCs int64
	fullByCause       [causeCount]int64
	g1Mixed           int64
	evacFailures      int64    // G1 young pauses whose evacuation failed
	g1Marks           int64    // G1 concurrent markings finished
	g1MarkWall        Duration // their time from start to the pause that saw them end
	pauses            int64
	// Allocation stalls (heaplock.go): every stall's time, and the ones
	// over a millisecond, apart for the first allocation after a sleep.
	allocStallTotal                     Duration
	allocStallsAfter, allocStallsBefore int64
	allocStallAfter, allocStallBefore   Duration
	pauseTotal                          Duration
	// The pauses that included a Full GC, their count and time (part of
	// pauses and pauseTotal).
	fullPauses     int64
	fullPauseTotal Duration
	// localCopy is the part of pauseTotal young collections spent copying
	// thread-local data (youngResult.local).
	localCopy         Duration
	pauseMax          Duration
	pauseLog          pauseLog
	promoted          Bytes
	survivorCopied    Bytes
	survivorOverflows int64
	fullGCsNearlyFull int
	oldLiveAfterFull  Bytes
	// The latest Full GC and the one before it: when each began and what
	// it left live in the old gen.
	lastFull, fullBefore fullGCKept
	oldLiveAfterFullSum  Bytes
	oldLiveAfterFullMin  Bytes
	oldLiveAfterFullMax  Bytes
	oldLiveByCat         [catCount]Bytes

	chunksAllocated int64
	chunkBytes      Bytes
	chunksDropped   int64
	chunkInPlace    int64
	chunkReuseFix   int64
	frozenWords     wordStats // frozen size at each freeze (steady state)
	capacityWords   wordStats // capacity of the chunk each freeze used
}

// fullGCKept is a Full GC's start and the old gen's live bytes it left.
type fullGCKept struct {
	at   Time
	kept Bytes
}

func (st *stats) init() {}

// request records a completed request whose response reached the client at
// resp after latency lat.
func (st *stats) request(s *Sim, resp Time, lat Duration, failed bool) {
	st.lately.add(s.now, st.allDone)
	st.allDone++
	if failed {
		st.failed++
	}
	from, to := s.cfg.Run.MeasureFrom, s.cfg.Run.MeasureTo
	if resp < from || (to > 0 && resp > to) {
		return
	}
	if st.requests == 0 {
		st.firstDone = resp
	}
	st.lastDone = resp
	st.requests++
	st.latencySum += lat
	st.latency.add(lat)
	st.recent.add(lat)
}

func (s *Sim) measuring() bool {
	return s.now >= s.cfg.Run.MeasureFrom && (s.cfg.Run.MeasureTo == 0 || s.now <= s.cfg.Run.MeasureTo)
}

func (s *Sim) closeStats() {}

// histogram is a log-linear latency histogram (like HdrHistogram with 3
// significant bits... here 64 sub-buckets per power of two, < 1.6 % error).
type histogram struct {
	counts [64 * 64]int64
	n      int64
	max    Duration
}

const histSub = 64

func histIndex(v Duration) int {
	if v < histSub {
		if v < 0 {
			return 0
		}
		return int(v)
	}
	e := bits.Len64(uint64(v)) - 7 // v >> e in [64, 128)
	return (e+1)*histSub + int(uint64(v)>>uint(e)) - histSub
}

func histValue(i int) Duration {
	if i < histSub {
		return Duration(i)
	}
	e := i/histSub - 1
	m := i%histSub + histSub
	// Middle of the bucket.
	return Duration(uint64(m)<<uint(e)) + Duration(uint64(1)<<uint(e))/2
}

func (h *histogram) add(v Duration) {
	i := histIndex(v)
	if i >= len(h.counts) {
		i = len(h.counts) - 1
	}
	h.counts[i]++
	h.n++
	if v > h.max {
		h.max = v
	}
}

// quantileRank is the 1-based rank of the q-quantile among n values
// (nearest rank), shared by the latency histogram and the word counts.
func quantileRank(q float64, n int64) int64 {
	rank := int64(float64(q*float64(n)) + 0.5)
	if rank < 1 {
		rank = 1
	}
	return rank
}

// quantile returns the value at quantile q in [0, 1].
func (h *histogram) quantile(q float64) Duration {
	if h.n == 0 {
		return 0
	}
	rank := quantileRank(q, h.n)
	var c int64
	for i, n := range h.counts {
		c += n
		if c >= rank {
			v := histValue(i)
			if v > h.max {
				v = h.max
			}
			return v
		}
	}
	return h.max
}

// wordStats counts word sizes seen at freezes exactly (sizes up to
// exactWords; larger ones in a histogram): over the whole run and over the
// measured steady state. Chunk capacities are small integers that the
// article reports exactly (1,149 vs 1,144 words), so bucketing would blur
// them.
type wordStats struct {
	all, steady wordCounts
}

const exactWords = 8192

type wordCounts struct {
	exact []int64
	big   histogram
	n     int64
}

// recordFreeze counts a freeze's frozen words and its chunk's capacity: one
// call for the four counts, with wordCounts.add's common path inlined into
// it (in WebAssembly a call apiece cost more than the counting).
func (s *Sim) recordFreeze(frames, capacity int64) {
	f, c := &s.stats.frozenWords, &s.stats.capacityWords
	f.all.add(frames)
	c.all.add(capacity)
	if s.measuring() {
		f.steady.add(frames)
		c.steady.add(capacity)
	}
}

// add counts v. Its common case, a size inside the exact table once the
// table exists, is small enough for the compiler to inline at every caller;
// addRare does the rest.
func (c *wordCounts) add(v int64) {
	if uint64(v) < uint64(len(c.exact)) {
		c.n++
		c.exact[uint64(v)]++
		return
	}
	c.addRare(v)
}

// addRare counts v where add's common case does not apply: the first size
// counted (the exact table is made then) or one outside that table.
func (c *wordCounts) addRare(v int64) {
	c.n++
	if v >= 0 && v < exactWords {
		if c.exact == nil {
			c.exact = make([]int64, exactWords)
		}
		c.exact[v]++
		return
	}
	c.big.add(Duration(v))
}

// quantile returns the q-quantile of the counted sizes.
func (c *wordCounts) quantile(q float64) Words {
	if c.n == 0 {
		return 0
	}
	rank := quantileRank(q, c.n)
	var seen int64
	for v, n := range c.exact {
		seen += n
		if seen >= rank {
			return Words(v)
		}
	}
	// The rest are in the histogram, above every exact size.
	rest := c.n - seen
	if rest <= 0 {
		return exactWords
	}
	return Words(c.big.quantile(float64(rank-seen) / float64(rest)))
}

// pauseLog keeps the recent stop-the-world pauses for charts.
type pauseLog struct {
	at   [256]Time
	dur  [256]Duration
	full [256]bool
	n    int64
}

func (p *pauseLog) add(at Time, d Duration, full bool) {
	i := p.n % int64(len(p.at))
	p.at[i], p.dur[i], p.full[i] = at, d, full
	p.n++
}

// noteAllocStall records an allocation's wait for the heap lock or its
// collection; over a millisecond it counts as the twin counts a slow step.
func (st *stats) noteAllocStall(d Duration, afterSleep bool) {
	st.allocStallTotal += d
	if d <= Millisecond {
		return
	}
	if afterSleep {
		st.allocStallsAfter++
		st.allocStallAfter += d
	} else {
		st.allocStallsBefore++
		st.allocStallBefore += d
	}
}
