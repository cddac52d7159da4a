package gclog

// Collector is the garbage collector a log was written by. The zero value means the log did not
// say (no "Using ..." line and nothing collector-specific was seen).
type Collector int

const (
	Serial Collector = 1 + iota
	Parallel
	G1
	ZGC
	Shenandoah
)

var collectorNames = [...]string{Serial: "serial", Parallel: "parallel", G1: "g1", ZGC: "z", Shenandoah: "shenandoah"}

func (c Collector) String() string {
	if c <= 0 || int(c) >= len(collectorNames) {
		return "unknown"
	}
	return collectorNames[c]
}

// Kind is what an event was. The zero value is invalid: every event has a kind.
type Kind int

const (
	// Young: a stop-the-world collection of the young generation only (Serial's DefNew,
	// Parallel's PSYoungGen, G1's "Pause Young" of kind Normal, Concurrent Start or Prepare Mixed).
	Young Kind = 1 + iota
	// Mixed: G1's "Pause Young (Mixed)", which collects young regions and some old ones.
	Mixed
	// Full: a stop-the-world collection of the whole heap ("Pause Full"), Shenandoah's too.
	Full
	// Remark: G1's "Pause Remark", the pause that ends concurrent marking.
	Remark
	// Cleanup: G1's "Pause Cleanup" after remark.
	Cleanup
	// Concurrent: a concurrent cycle, run beside the application; its time is not a pause, though
	// pauses may belong to it. G1's "Concurrent Mark Cycle" (or "Concurrent Undo Cycle"), a ZGC
	// "Garbage Collection", a Shenandoah cycle.
	Concurrent
	// Pause: one of the short pauses of a concurrent collector (ZGC's "Pause Mark Start", Shenandoah's
	// "Pause Init Mark" ...), logged on its own line.
	Pause
	// Degenerated: Shenandoah's "Pause Degenerated GC", a concurrent cycle finished stop-the-world
	// because the heap ran out during it.
	Degenerated
)

var kindNames = [...]string{Young: "young", Mixed: "mixed", Full: "full", Remark: "remark", Cleanup: "cleanup",
	Concurrent: "concurrent", Pause: "pause", Degenerated: "degenerated"}

// Kinds lists every kind in order, for tables that show each.
var Kinds = []Kind{Young, Mixed, Full, Remark, Cleanup, Concurrent, Pause, Degenerated}

func (k Kind) String() string {
	if k <= 0 || int(k) >= len(kindNames) {
		return "invalid"
	}
	return kindNames[k]
}

// MarshalText writes the kind's name, so JSON shows "young" rather than 1.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Space is a part of the heap a gc+heap line reports. The zero value is invalid.
type Space int

const (
	// YoungGen: the whole young generation (PSYoungGen, DefNew).
	YoungGen Space = 1 + iota
	// OldGen: the old generation (ParOldGen, Tenured) or G1's old regions.
	OldGen
	// Eden and Survivor: parts of the young generation (G1 reports them as region counts).
	Eden
	Survivor
	// Humongous: G1's regions holding one large object each; they count as old.
	Humongous
	// Archive: G1's regions of the CDS archive, mapped at start; they count as old.
	Archive
)

var spaceNames = [...]string{YoungGen: "young", OldGen: "old", Eden: "eden", Survivor: "survivor",
	Humongous: "humongous", Archive: "archive"}

func (s Space) String() string {
	if s <= 0 || int(s) >= len(spaceNames) {
		return "invalid"
	}
	return spaceNames[s]
}

// MarshalText writes the space's name.
func (s Space) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Generation is one heap space before and after a collection, as a gc+heap line gives it.
// Capacities are 0 when the line does not give them (G1's old regions, JDK 9-16's shorter form).
// G1 logs region counts; they are kept, and the byte sizes filled in when the region size is known.
type Generation struct {
	Space          Space  `json:"space"`
	Name           string `json:"name"` // as logged: "PSYoungGen", "Tenured", "Eden regions" ...
	Before         Bytes  `json:"before"`
	After          Bytes  `json:"after"`
	CapacityBefore Bytes  `json:"capacity_before,omitempty"`
	CapacityAfter  Bytes  `json:"capacity_after,omitempty"`
	RegionsBefore  int    `json:"regions_before,omitempty"`
	RegionsAfter   int    `json:"regions_after,omitempty"`
	RegionsTarget  int    `json:"regions_target,omitempty"` // G1's "(c)": the eden or survivor size it aims for next
}

// Event is one collection or pause. Sizes are the whole heap's; Committed is the heap's committed
// size after the event (the "(c)" of "a->b(c)"). Pause is the stop-the-world time; Duration the
// wall time of a concurrent cycle. Fields a log does not give stay zero and HasHeap says whether
// the sizes were logged (a ZGC or Shenandoah pause has none).
type Event struct {
	ID       int          `json:"id"`              // the n of GC(n); -1 when the line had none
	Line     int          `json:"line"`            // the line that completed the event
	Time     Nanos        `json:"time_ns"`         // when that line was written, from the log's origin
	Kind     Kind         `json:"kind"`            //
	Phase    string       `json:"phase,omitempty"` // G1's young-GC type ("Normal", "Concurrent Start", "Prepare Mixed"), a concurrent pause's name
	Cause    string       `json:"cause,omitempty"` // "Allocation Failure", "G1 Evacuation Pause", "Ergonomics" ...
	HasHeap  bool         `json:"has_heap"`
	Before   Bytes        `json:"before"`
	After    Bytes        `json:"after"`
	Commit   Bytes        `json:"committed"`
	Pause    Nanos        `json:"pause_ns"`
	Duration Nanos        `json:"duration_ns,omitempty"`
	Gens     []Generation `json:"generations,omitempty"`
	// CPU is the GC threads' CPU time in the pause and its wall time, from the gc+cpu line
	// ("User=0.07s Sys=0.02s Real=0.29s"); nil when the log has none for the event.
	CPU *PauseCPU `json:"cpu,omitempty"`
}

// PauseCPU is a pause's gc+cpu line: the CPU time its GC threads used, user and system, and the
// wall time it took, as HotSpot measures them (each to 10 ms).
type PauseCPU struct {
	User Nanos `json:"user_ns"`
	Sys  Nanos `json:"sys_ns"`
	Real Nanos `json:"real_ns"`
}

// Gen returns the event's generation of the given space, if it was logged.
func (e *Event) Gen(s Space) (Generation, bool) {
	for _, g := range e.Gens {
		if g.Space == s {
			return g, true
		}
	}
	return Generation{}, false
}

// Old returns the old generation's occupancy before and after the event: Parallel's ParOldGen or
// Serial's Tenured, or G1's old, humongous and archive regions together (all of them are old
// regions to G1). ok is false when the log has no gc+heap lines for the event.
func (e *Event) Old() (before, after Bytes, ok bool) {
	for _, g := range e.Gens {
		switch g.Space {
		case OldGen, Humongous, Archive:
			before += g.Before
			after += g.After
			ok = true
		}
	}
	return before, after, ok
}
