package sim

// The collector seam. gc.go and heap.go hold what every collector shares:
// copying live young objects, ageing and promoting them, compacting the
// heap in a Full GC, the pause cost model. What differs between collectors
// is policy, and each collector states its policy in a file of its own:
// gc_parallel.go, gc_serial.go, gc_g1.go. New picks the collector once
// from HeapConfig.GC; nothing else in the package asks which collector
// runs. Adding a collector is one GCKind value, one entry in collectors and
// one file that implements collector.

// GCKind selects the collector.
type GCKind uint8

const (
	gcInvalid GCKind = iota
	// GCParallel is -XX:+UseParallelGC: copying young collections and a
	// parallel mark-compact Full GC, with the adaptive size policy.
	GCParallel
	// GCSerial is -XX:+UseSerialGC: single-threaded copying young
	// collections and mark-compact Full GCs.
	GCSerial
	// GCG1 is a simplified G1: generational regions, young pauses, old-gen
	// garbage reclaimed by mixed collections after concurrent marking, and a
	// Full GC only when evacuation fails. Labelled "simplified" everywhere.
	GCG1
	gcKindCount
)

// collectors maps each GCKind to its policy. The policies hold no state of
// their own (the heap does), so one value serves every simulator and Clone
// shares it.
var collectors = [gcKindCount]collector{
	GCParallel: parallelGC{},
	GCSerial:   serialGC{},
	GCG1:       g1GC{},
}

func (g GCKind) String() string {
	if g == gcInvalid || g >= gcKindCount {
		return "invalid"
	}
	return collectors[g].name()
}

// collectorFor returns the policy of a valid GCKind.
func collectorFor(g GCKind) collector { return collectors[g] }

// collector is one garbage collector's policy.
type collector interface {
	// name is how reports and the CLI show the collector.
	name() string
	// validate checks the settings only this collector reads.
	validate(cfg *HeapConfig) error
	// initHeap sets what the collector decides at startup (G1's committed
	// heap and young size, Parallel's initial tenuring threshold) on a heap
	// whose generations have their configured sizes.
	initHeap(h *heap)
	// threads is the number of GC threads that share a pause's work.
	threads(cfg *HeapConfig, cores int) int
	// collect handles an allocation that did not fit in eden: it runs a
	// young collection (s.youngGC) unless its promotion guarantee says a
	// Full GC is due instead, and after a young collection decides whether
	// a Full GC follows in the same pause. It returns the young pause and
	// whether a Full GC is needed, and why; the caller runs it.
	collect(s *Sim) (young Duration, full bool, cause GCCause)
	// youngExtra runs the collector's own work in a young pause once the
	// survivors are copied, and returns the time it adds to the pause
	// (G1's mixed collection of old regions; its concurrent marking
	// starting).
	youngExtra(s *Sim, threads Bytes) Duration
	// tenure sets the tenuring threshold (and survivor size) for the next
	// young collection from the one just done.
	tenure(s *Sim, y youngResult)
	// chunkGCModeOnPromotion reports whether copying a StackChunk into the
	// old generation transforms it into GC mode.
	chunkGCModeOnPromotion() bool
	// evacFailsInPlace reports what a young collection does once the old
	// generation cannot take a promotion: false, it stops and leaves the
	// rest in young for a Full GC (Serial's and Parallel's promotion
	// failure); true, it tenures the rest where it lies, in regions that
	// become old, and finishes the pause (G1's evacuation failure).
	evacFailsInPlace() bool
	// cardsFirst reports whether a young collection copies what the old
	// generation's cards reach (what dead old objects hold among it)
	// before what the thread stacks reach (nepotism.go).
	cardsFirst() bool
	// deadWood is the garbage, of the old gen's garbage bytes, that a Full
	// GC leaves uncompacted at the bottom of the old gen.
	deadWood(s *Sim, garbage, live Bytes) Bytes
	// afterFull runs once a Full GC has compacted the heap and counted its
	// statistics, before the GC overhead limit is checked.
	afterFull(s *Sim)
	// reuseFix reports whether the patched JVM's reuse of an empty GC-mode
	// StackChunk exists for this collector (HeapConfig.ReuseFix).
	reuseFix() bool
	// residentHeap is the part of the heap counted in the process's RSS.
	residentHeap(h *heap) Bytes
	// gcTables is the resident part of the collector's side tables (mark
	// bitmaps, card table, block offset tables): they cover the heap a
	// whole-heap collection walks, so they grow with it (docs/model.md,
	// "Resident memory of the JVM"; measured on JDK 17).
	gcTables(h *heap) Bytes
	// checkHeap checks the heap rules only this collector keeps.
	checkHeap(h *heap) error
}
