package scenario

import "github.com/loomlab/loomlab/sim"

// Resident memory of a JVM besides its heap, measured on a real JVM
// (docs/model.md, "Resident memory of the JVM"): OpenJDK 17.0.15, a
// one-class program, VmRSS minus the heap's resident pages, with
// -XX:NativeMemoryTracking=summary for the breakdown. The articles ran JDK
// 21 and 25; these are assumptions carried over from 17, and a floor: a
// framework's classes and compiled code come on top (loom-carrier's
// Micronaut service, fitted to its article, needs about 150 MB).
const (
	// jvmBaselineRSS is what a JVM keeps resident whatever its heap size
	// or collector: the mapped libjvm and libc, the class-data-sharing
	// archive, the code cache's first pages, its own threads. Measured
	// 35–40 MB across Serial, Parallel and G1 and heaps of 64 MB to 16 GB.
	jvmBaselineRSS = 38 * sim.MB
	// platformThreadRSS is what one more sleeping platform thread adds:
	// its touched stack pages and the JVM's per-thread structures, far
	// below its -Xss reservation. Measured 22–26 KB per thread with 4,000
	// and 10,000 threads.
	platformThreadRSS = 24 * sim.KB
)

// The profile rows that document these facts; the collector's side tables
// (sim's gcTables) are in every profile's RSS, the two constants above in
// every profile that does not fit its own.
var (
	jvmBaselineRow = Constant{"JVM resident memory besides heap and threads", "38 MB",
		"measured on JDK 17.0.15 (a one-class program, Serial, Parallel or G1, 64 MB to 16 GB of heap: 35–40 MB); an assumption for the article's JDK, and a floor: framework classes and compiled code are not in it", nil}
	gcTablesRow = Constant{"collector side tables (in the JVM's part)", "Parallel 4 %, Serial 0.7 % of the old gen's touched pages; G1 0.55 % of its committed heap, 3.8 % once a marking or Full GC has run",
		"measured on JDK 17.0.15: mark bitmaps, card table and offset tables grow with the heap a whole-heap collection walks, not with eden's churn", nil}
	platformThreadRow = Constant{"resident memory per started platform thread", "24 KB",
		"measured on JDK 17.0.15: 4,000 and 10,000 sleeping threads add 22–26 KB each (touched stack pages, the JVM's thread structures), far below the -Xss reservation", nil}
)

// withMeasuredResident appends the measured resident-memory rows to a
// profile that uses the measured baseline and thread memory.
func withMeasuredResident(rows []Constant) []Constant {
	return append(rows, jvmBaselineRow, gcTablesRow, platformThreadRow)
}
