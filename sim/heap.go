package sim

import "fmt"

// AllocCat is what an allocation is for; the heap keeps byte counts per
// category so that the old generation's contents can be explained.
type AllocCat uint8

const (
	_ AllocCat = iota // the zero value is invalid
	// CatGarbage: short-lived request garbage, dead before the next GC.
	CatGarbage
	// CatRequest: request data live while the request is in flight.
	CatRequest
	// CatThreadLocal: thread-local state, live as long as its thread (or its
	// cache entry).
	CatThreadLocal
	// CatThread: Thread and Continuation objects.
	CatThread
	// CatChunk: StackChunks.
	CatChunk
	// CatApp: long-lived application data.
	CatApp
	catCount
)

func (c AllocCat) String() string {
	return [...]string{"invalid", "garbage", "request", "thread-local", "thread", "stackchunk", "app"}[c]
}

// HeapConfig sizes the heap and sets the collector's policy and costs.
type HeapConfig struct {
	GC       GCKind
	MaxBytes Bytes // -Xmx
	// InitialBytes is -Xms (0: the same as MaxBytes). G1 (simplified) works
	// within a committed heap that starts here and grows only when the live
	// data needs it; Serial and Parallel commit their generations up front.
	InitialBytes Bytes
	// NewRatio is old/young (-XX:NewRatio); SurvivorRatio is eden/survivor
	// (-XX:SurvivorRatio): each survivor space starts at young /
	// (SurvivorRatio+2).
	NewRatio, SurvivorRatio int
	// NewRatioGiven says -XX:NewRatio is on the command line. Serial and
	// Parallel size young by NewRatio either way (its default is 2); G1
	// sizes young itself unless the flag is given, and then keeps it at
	// 1/(NewRatio+1) of the heap's regions (gc_g1_young.go).
	NewRatioGiven bool
	// InitialSurvivorRatio, when 3 or more, sizes the survivor spaces at
	// start instead: young / InitialSurvivorRatio (Parallel's
	// -XX:InitialSurvivorRatio, 8 unless -XX:SurvivorRatio is given on the
	// command line, when it becomes SurvivorRatio+2).
	InitialSurvivorRatio int
	// SpaceAlign is the unit the generations and spaces are sized in
	// (HotSpot's SpaceAlignment: 512 KB for Parallel, 64 KB for Serial on
	// x86-64 Linux, as the gc+init and gc+heap log lines show); 0 or 1:
	// no rounding.
	SpaceAlign Bytes
	// MaxTenuring caps the tenuring threshold (-XX:MaxTenuringThreshold);
	// InitialTenuring is Parallel's starting threshold.
	MaxTenuring, InitialTenuring int
	// TargetSurvivorRatio is the survivor occupancy Serial and G1 aim for
	// when they compute the tenuring threshold.
	TargetSurvivorRatio int
	// Adaptive enables Parallel's adaptive size policy for the tenuring
	// threshold and survivor sizes (UseAdaptiveSizePolicy, on by default).
	Adaptive bool
	// MinSurvivorRatio bounds adaptive survivors at young/MinSurvivorRatio
	// (3 by default; SurvivorRatio+2 when -XX:SurvivorRatio is given).
	MinSurvivorRatio int
	// FixedSurvivors keeps Parallel's survivor spaces at their initial size
	// (the adaptive policy still moves the tenuring threshold): what
	// -XX:-UseAdaptiveSizePolicy does to the spaces, not a JVM default.
	FixedSurvivors bool
	// ReuseFix reuses an empty StackChunk in GC mode in place when it has
	// room (the article's patched JVM; Serial and Parallel only).
	ReuseFix bool
	// GCThreads is the number of parallel GC threads (0: the JVM's default
	// from the core count; Serial always uses one).
	GCThreads int
	// Pause cost model (ours, documented in the README): every rate is per GC
	// thread, in bytes per millisecond.
	YoungFixed Duration // per young pause: safepoint, roots, bookkeeping
	CopyRate   Bytes    // bytes copied or promoted per ms per thread
	CardRate   Bytes    // old-gen bytes whose cards are scanned per ms per thread
	FullFixed  Duration // per Full GC
	MarkRate   Bytes    // live bytes marked and compacted per ms per thread
	SweepRate  Bytes    // used bytes walked per ms per thread
	// FirstTouchRate prices, per GC thread, the bytes a young pause
	// promotes into old-gen memory no pause has written before (above the
	// old gen's high-water mark): the kernel faults in and zeroes each such
	// page on its first write, as HotSpot does not pre-touch the heap
	// (AlwaysPreTouch is off). 0: not priced apart (CopyRate then includes
	// it on average).
	FirstTouchRate Bytes
	// HeapLock: platform threads whose allocation finds eden full take
	// the heap lock, and the one that asks for a collection holds it until
	// it has run again after the pause (heaplock.go). Off: an allocation
	// that finds eden full collects at once, and nobody waits.
	HeapLock bool
	// Nepotism: a dead object in the old generation keeps the young
	// objects it references alive through young collections, as every
	// generational HotSpot collector does (nepotism.go). For the model's
	// thread-local state: a thread's state whose object is old when the
	// state dies leaves its young cache entries and buffer to be promoted.
	Nepotism bool
	// HandOff is the time from an unlock of the heap lock until the waiter
	// it wakes runs; 0 takes the machine's WakeLatency.
	HandOff Duration
	// G1 (simplified).
	G1IHOP          int      // percent of the heap in old gen that starts concurrent marking
	G1MarkRate      Bytes    // live old bytes marked concurrently per ms of CPU per marking thread (gc_g1_mark.go)
	G1RemarkPause   Duration // remark + cleanup pauses after marking
	G1MixedCopyRate Bytes    // live bytes evacuated from old regions per ms per thread
	G1OldLiveness   int      // percent of live data in the old regions mixed GCs collect
	G1PreventiveGC  bool     // JDK 17's preventive young collections (G1UsePreventiveGC: gc_g1_young.go)
	// DeadWood (Parallel only) is the dead space, as a percentage of the
	// live old data, that a Full GC leaves uncompacted in the dense prefix
	// at the bottom of the old gen (PSParallelCompact's dead-wood limiter,
	// ParallelOldDeadWoodLimiterMean); every MaxCompactionEvery-th Full GC
	// compacts everything (HeapMaximumCompactionInterval).
	DeadWood           int
	MaxCompactionEvery int
	// ChunkHeader is a StackChunk's object header and fields.
	ChunkHeader Bytes
	// AppBytes is long-lived application data allocated at start.
	AppBytes Bytes
	// Launch is the JVM's start before the workload (launch_heap.go): when
	// set, it allocates AppBytes, collecting as eden fills; when not,
	// AppBytes starts in the old generation.
	Launch LaunchConfig
}

// initialHeap is -Xms as the heap takes it: InitialBytes, or -Xmx when
// that is unset or larger.
func (h *HeapConfig) initialHeap() Bytes {
	if h.InitialBytes <= 0 || h.InitialBytes > h.MaxBytes {
		return h.MaxBytes
	}
	return h.InitialBytes
}

func (h *HeapConfig) validate() error {
	switch {
	case h.GC == gcInvalid || h.GC >= gcKindCount:
		return fmt.Errorf("gc: collector not set")
	case h.MaxBytes < 4*MB:
		return fmt.Errorf("heap %v: must be at least 4MB", h.MaxBytes)
	case h.NewRatio < 1:
		return fmt.Errorf("new_ratio %d: must be at least 1", h.NewRatio)
	case h.SurvivorRatio < 1:
		return fmt.Errorf("survivor_ratio %d: must be at least 1", h.SurvivorRatio)
	case h.MaxTenuring < 0 || h.MaxTenuring > 15:
		return fmt.Errorf("max tenuring threshold %d: must be 0..15", h.MaxTenuring)
	case h.Launch.Alloc < 0 || h.Launch.Working < 0 || h.Launch.Lifetime < 0:
		return fmt.Errorf("the JVM's start: sizes must not be negative")
	case h.Launch.Working > 0 && h.Launch.Lifetime == 0:
		return fmt.Errorf("the JVM's start: a working set of %v needs a lifetime", h.Launch.Working)
	case h.Launch.Alloc > 0 && h.Launch.Alloc < h.AppBytes:
		return fmt.Errorf("the JVM's start allocates %v: must be at least the application data %v", h.Launch.Alloc, h.AppBytes)
	case h.CopyRate <= 0 || h.MarkRate <= 0 || h.SweepRate <= 0 || h.CardRate <= 0:
		return fmt.Errorf("GC cost rates must be positive")
	case h.FirstTouchRate < 0:
		return fmt.Errorf("first-touch rate %v: must be 0 (not priced) or positive", h.FirstTouchRate)
	}
	return collectorFor(h.GC).validate(h)
}

// Space is where a heap object lives.
type Space uint8

const (
	// SpaceFree marks an unused object slot.
	SpaceFree Space = iota
	SpaceEden
	SpaceSurvivor
	SpaceOld
)

func (s Space) String() string { return [...]string{"free", "eden", "survivor", "old"}[s] }

// MarshalText writes the space's name, so JSON shows "eden", not a number.
func (s Space) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// blob is one tracked heap object (or a group of objects that are born and
// die together: a StackChunk, a thread's thread-local state). Short-lived
// garbage is not tracked one by one; it only fills eden; request data,
// thread-local cache entries and buffers, and Thread objects are byte
// counts by cohort (cohort.go).
type blob struct {
	size Bytes
	// ref is the StackChunk slot of a CatChunk object, heldByDead for
	// thread-local bytes a dead old object holds (nepotism.go); -1
	// otherwise.
	ref int32
	// cohort is the cohort open when the object was allocated: a young
	// collection takes the counted bytes in order with the objects.
	cohort uint32
	cat    AllocCat
	sp     Space
	age    uint8
	dead   bool
}

// heap is the generational heap: eden, two survivor spaces (only one holds
// objects between collections) and the old generation.
type heap struct {
	cfg HeapConfig
	// cpuShare is Machine.CPUShare (1 for the whole machine): G1 predicts
	// its pauses as they will take on the CPUs the JVM has.
	cpuShare float64

	youngCap, edenCap, survCap, survMax Bytes
	oldMax, oldCommitted                Bytes

	edenUsed Bytes // allocated in eden since the last collection, live or dead
	survUsed Bytes // live bytes in the occupied survivor space
	oldUsed  Bytes // bytes in old: live and garbage not yet compacted
	oldHigh  Bytes // high-water mark of oldUsed (resident pages)
	// edenHigh is the high-water mark of eden's used bytes, survTouched
	// each survivor space's (survTo the one the next young collection
	// copies into), g1Touched G1's touched regions: pages the program has
	// touched (touched.go).
	edenHigh, g1Touched Bytes
	survTouched         [2]Bytes
	survTo              uint8

	blobs []blob
	free  []int32
	young []int32 // objects in eden or survivor (some may be dead)
	// Short-lived objects as byte counts (cohort.go): cohorts
	// oldest first, the last one eden's; cohortBase is the id of the first.
	cohorts    []cohort
	cohortBase uint32
	shortOld   [shortKinds]Bytes // counted bytes live in old
	// heldCount is how many young objects dead old objects hold
	// (nepotism.go); heldScratch lists them during a young collection.
	heldCount   int
	heldScratch []int32
	shares      []shortShare
	shareFree   []int32
	cohortEnd   Bytes // edenUsed at which the next counted allocation opens a cohort

	allocated [catCount]Bytes // every byte ever allocated, by category
	live      [catCount]Bytes // live bytes now, by category
	oldLive   [catCount]Bytes // live bytes in old now, by category
	// The old gen as the latest pause's collections found it (oldUsed and
	// oldLive when the pause began), kept for the picture: during a Full
	// GC's pause it draws what the collector found, not its result.
	foundOldUsed Bytes
	foundOldLive [catCount]Bytes
	freed        [catCount]Bytes // bytes that died, by category

	tenuring int

	// Parallel's adaptive size policy averages (weights as in
	// AdaptiveWeightedAverage: an exponential average that weighs the first
	// samples more).
	promoAvg, survAvg avgPadded
	minorCost         avgWeighted
	majorCost         avgWeighted
	lastMinorEnd      Time
	lastMajorEnd      Time
	youngCount        int

	g1 g1State // G1 (simplified) only
	// jdk is the JVM's feature release: G1 sizes young by JDK 17's rules
	// or by those of JDK 20 and later (gc_g1_young.go).
	jdk int
}

// newHeap sizes the generations from the configuration and lets the
// collector make its startup decisions.
func newHeap(cfg HeapConfig, jdk int, c collector) *heap {
	h := &heap{cfg: cfg, jdk: jdk, cpuShare: 1}
	h.youngCap = alignDown(cfg.MaxBytes/Bytes(cfg.NewRatio+1), cfg.SpaceAlign)
	h.oldMax = cfg.MaxBytes - h.youngCap
	isr := cfg.InitialSurvivorRatio
	if isr < 3 {
		isr = cfg.SurvivorRatio + 2
	}
	h.survCap = max(alignDown(h.youngCap/Bytes(isr), cfg.SpaceAlign), cfg.SpaceAlign)
	h.edenCap = h.youngCap - 2*h.survCap
	msr := cfg.MinSurvivorRatio
	if msr < 3 {
		msr = 3
	}
	h.survMax = max(alignDown(h.youngCap/Bytes(msr), cfg.SpaceAlign), h.survCap)
	h.tenuring = cfg.MaxTenuring
	h.promoAvg = avgPadded{weight: 10, padding: 3}
	h.survAvg = avgPadded{weight: 10, padding: 3}
	h.minorCost = avgWeighted{weight: 25}
	h.majorCost = avgWeighted{weight: 25}
	c.initHeap(h)
	h.oldCommitted = h.oldMax
	h.blobs = make([]blob, 0, 1024)
	h.cohorts = []cohort{{}}
	return h
}

// alignDown rounds v down to a multiple of align (align <= 1: v itself),
// as HotSpot sizes its generations and spaces in units of SpaceAlignment.
func alignDown(v, align Bytes) Bytes {
	if align <= 1 {
		return v
	}
	return v / align * align
}

// alignUp rounds v up to a multiple of align (align <= 1: v itself).
func alignUp(v, align Bytes) Bytes {
	if align <= 1 {
		return v
	}
	return (v + align - 1) / align * align
}

func clampBytes(v, lo, hi Bytes) Bytes {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// newBlob records an object of size bytes allocated in eden. It takes the
// slot and fills it itself, field by field (a composite literal assigned to
// a slice element is built aside and copied in: in WebAssembly, memory.copy
// calls): alloc inlines newBlob, and a call there to a function over the
// inliner's budget cost every tracked object a call.
func (h *heap) newBlob(size Bytes, cat AllocCat) int32 {
	var i int32
	if n := len(h.free); n > 0 {
		i = h.free[n-1]
		h.free = h.free[:n-1]
	} else {
		h.blobs = append(h.blobs, blob{})
		i = int32(len(h.blobs) - 1)
	}
	b := &h.blobs[i]
	*b = blob{}
	b.size, b.cat, b.sp, b.ref = size, cat, SpaceEden, -1
	b.cohort = h.cohortBase + uint32(len(h.cohorts)-1)
	h.allocated[cat] += size
	h.live[cat] += size
	h.young = append(h.young, i)
	h.edenUsed += size
	return i
}

// record takes a slot for a live object of size bytes and counts it as
// allocated; the object is not in any space's used bytes yet (startup data
// goes to old, nepotism's held bytes stay where their cohort is). It is
// newBlob without eden's list and count, which it leaves as they were: the
// slot is taken in one place, and record is off the per-event path.
func (h *heap) record(size Bytes, cat AllocCat) int32 {
	i := h.newBlob(size, cat)
	h.young = h.young[:len(h.young)-1]
	h.edenUsed -= size
	h.blobs[i].cohort = 0
	return i
}

// kill marks an object dead. Young objects vanish at the next collection;
// old ones stay as garbage until a Full GC (or a G1 mixed collection).
func (h *heap) kill(i int32) {
	b := &h.blobs[i]
	if b.dead || b.sp == SpaceFree {
		return
	}
	b.dead = true
	h.live[b.cat] -= b.size
	h.freed[b.cat] += b.size
	if b.sp == SpaceOld {
		// Its bytes stay in oldUsed as garbage until a Full GC; the record
		// is not needed any more (a chunk's picture moves to the abandoned
		// list: stackchunk.go, dropChunk).
		h.oldLive[b.cat] -= b.size
		h.release(i)
	}
}

func (h *heap) release(i int32) {
	h.blobs[i].sp = SpaceFree
	h.free = append(h.free, i)
}

// garbage records short-lived allocation: it fills eden but is never live at
// a collection.
func (h *heap) garbage(size Bytes) {
	h.edenUsed += size
	h.allocated[CatGarbage] += size
	h.freed[CatGarbage] += size
}

func (h *heap) edenFree() Bytes { return h.edenCap - h.edenUsed }

// youngLive returns live bytes in eden and survivor.
func (h *heap) youngLive() Bytes {
	n := h.shortYoung()
	for _, i := range h.young {
		if !h.blobs[i].dead {
			n += h.blobs[i].size
		}
	}
	return n
}

// oldLiveTotal returns the live bytes in the old generation.
func (h *heap) oldLiveTotal() Bytes {
	var n Bytes
	for c := range h.oldLive {
		n += h.oldLive[c]
	}
	return n
}

// used returns the bytes in use in every generation, live or garbage not
// yet collected (memory.go says how RSS counts the heap).
func (h *heap) used() Bytes { return h.edenUsed + h.survUsed + h.oldUsed }

// avgPadded is HotSpot's AdaptivePaddedAverage: an exponentially weighted
// average and deviation, padded by padding deviations. The weight is a
// percentage; early samples weigh max(weight, 100/count).
type avgPadded struct {
	weight, padding float64
	count           int
	avg, dev        float64
	// noZeroDev: a zero sample moves the average but not the deviation
	// (AdaptivePaddedNoZeroDevAverage, Serial's promoted average).
	noZeroDev bool
}

func (a *avgPadded) sample(v float64) {
	a.count++
	w := sampleWeight(a.weight, a.count)
	a.avg = float64(float64(float64(1-w)*a.avg) + float64(w*v))
	if a.noZeroDev && v == 0 {
		return
	}
	d := v - a.avg
	if d < 0 {
		d = -d
	}
	a.dev = float64(float64(float64(1-w)*a.dev) + float64(w*d))
}

func (a *avgPadded) padded() float64 { return float64(a.avg + float64(a.padding*a.dev)) }

// avgWeighted is an exponentially weighted average without padding.
type avgWeighted struct {
	weight float64
	count  int
	avg    float64
}

func (a *avgWeighted) sample(v float64) {
	a.count++
	w := sampleWeight(a.weight, a.count)
	a.avg = float64(float64(float64(1-w)*a.avg) + float64(w*v))
}

// sampleWeight is AdaptiveWeightedAverage's weight of the count-th sample:
// max(weight, 100/count) percent, so the first samples count more.
func sampleWeight(weight float64, count int) float64 {
	w := weight
	if c := 100 / float64(count); c > w {
		w = c
	}
	return float64(w / 100)
}
