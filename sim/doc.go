// Package sim is a deterministic discrete-event model of Java virtual
// threads on a JVM: carriers, StackChunks, the generational heap and its
// collectors, the JIT tiers, the machine's cores, and the clients that load
// a server. A Config built by a scenario (package sim/scenario) and a seed
// give a Sim; Advance runs it a bounded number of events at a time, Fill
// and Metrics read it, and Clone checkpoints it. The same Config and seed
// give the same run, bit for bit, natively and in WebAssembly.
//
// # Imports
//
// sim imports only the standard library, and of it nothing that lets the
// outside world in: no time, os, sync or math/rand (v1, with its global
// source); floating point goes through detmath.go where platforms could
// differ. That is what makes a run a function of its Config and seed, and
// lets the page run the same model as the CLI. imports_test.go keeps the
// list. Nothing in sim imports the scenarios, the page or the view; they
// import sim.
//
// # Glossary
//
// The words the code leans on, what holds for each, and where it lives.
// docs/model.md gives the JVM sources of each rule.
//
// Thread slot. Every Java thread, platform or virtual, is an entry of
// Sim.th (thread.go), reused after the thread ends; its ThreadID is never
// reused. Indices into th, tasks and chunks are int32 slots, -1 for none.
//
// Carrier. A platform thread of the virtual-thread scheduler, a
// ForkJoinPool in FIFO mode (scheduler.go). Carriers start lazily, up to
// parallelism of them, more only by compensation (file I/O), never beyond
// maxPoolSize. Each has a local queue; a carrier takes from its own queue,
// then the queue it last took from, then scans: the external queue, then
// the other carriers' queues. A push wakes a carrier only if its queue was
// empty; a scan that leaves more behind wakes the next.
//
// Mount, unmount. Mounting puts a runnable virtual thread on a carrier and
// thaws its top frames; unmounting, when it parks, freezes them and frees
// the carrier (scheduler.go: mount, unmount; thread.go: park). A mounted
// virtual thread runs only while its carrier holds a core (cpu.go).
//
// Freeze, thaw. Freeze copies the frames above the last thaw point into the
// thread's StackChunks; thaw copies frames back, the whole tail chunk when
// it is small, else the top frames with a return barrier for the rest
// (stackchunk.go). Their CPU is owed by the carrier and paid with its next
// burst.
//
// StackChunk. The heap object that holds a parked virtual thread's frames
// (stackchunk.go). Its capacity is fixed at allocation, exactly the frames
// plus two metadata words; chunks of a thread form a list through parent.
// A freeze writes into the tail chunk in place only if it has room, is
// young (needs no barriers) and is not in GC mode; else it allocates a new
// chunk in eden and the old tail, if empty, becomes garbage.
//
// GC mode. A chunk a collector has transformed (stackChunk.gcMode): freezes
// no longer write into it. Which collections transform chunks is each
// collector's policy (chunkGCModeOnPromotion, afterFull in gc_*.go). With
// HeapConfig.ReuseFix, Serial and Parallel reuse an empty GC-mode chunk in
// place.
//
// Heap, blob. The generational heap (heap.go): eden, two survivor spaces
// (one in use between collections) and the old generation. Tracked
// objects are blobs with a size, an AllocCat and a Space; short-lived
// garbage only fills eden. The heap keeps bytes by category, and
// invariants.go recomputes them from the blobs. Records are kept only where
// something still tells them apart: a StackChunk (the picture draws it, the
// follow card its chain), a thread-local state object (nepotism asks
// whether it is old), and a chunk that dies in old is only counted, with an
// even sample for the picture, until the Full GC (abandoned.go).
//
// Cohort. A request's data, a thread's cache entries and sticky buffer, and
// a virtual thread's Thread and Continuation objects are not blobs but byte
// counts (cohort.go): one cohort per stretch of eden (a thirty-second of
// it), with its age and its live bytes in young and old, as HotSpot's age
// table counts bytes by age. Their owner (task, thread) keeps its bytes and
// its cohort's id (a short list of them for what it allocates over time);
// a death takes a cohort's young and old bytes in proportion.
//
// Collector. The policy of one garbage collector (collector.go, with
// gc_parallel.go, gc_serial.go, gc_g1.go), chosen once by New from
// HeapConfig.GC. The copying, promoting and compacting it drives are shared
// (gc.go). G1 is simplified: no regions as places, only as the unit its
// young generation is sized in after every pause (gc_g1_young.go).
//
// Promotion. Moving a young object into the old generation (gc.go:
// promote), at a young collection when it reaches the tenuring threshold
// or does not fit in the survivor space (premature promotion, counted as a
// survivor overflow), and at a Full GC for every live young object that
// fits. A young collection takes the survivors in allocation order: the
// blobs one by one, a cohort's counted bytes after the blobs allocated in
// the same stretch of eden, as far as the survivor room goes.
//
// Tenuring threshold. The age (young collections survived) at which an
// object is promoted (heap.tenuring). Serial and G1 compute it from the
// survivors' ages (gc.go: ageTableThreshold); Parallel's adaptive size
// policy moves it by one step at a time (gc_parallel.go: tenure).
//
// Promotion guarantee. The check before a young collection that the old
// generation can take what it will promote; when it fails the collector
// runs a Full GC instead (Parallel and Serial, each its own rule in
// collect; Serial still counts the young collection it gave up). A
// promotion that fails during a young collection also leads to a Full GC.
// Builds with JVM.PostScavengeFullGC (17.0.11, 21.0.3 and older) also run
// Parallel's check after a successful scavenge.
//
// Adaptive survivors. Parallel's survivor spaces start at young /
// InitialSurvivorRatio and follow the padded average of what survived,
// in SpaceAlign units, up to young / MinSurvivorRatio; eden is the rest
// (gc_parallel.go: tenure). FixedSurvivors pins them instead.
//
// Fresh thread state. A Program with FreshThreadState discards the
// thread's StepThreadLocal state when each of its tasks ends (task.go:
// endTask), so the next task on that thread starts as on a new thread —
// without a new thread.
//
// Full GC. A stop-the-world mark-compact of the whole heap (gc.go: fullGC):
// dead old objects are freed, live young ones move to old if they fit.
// Five Full GCs in a row that leave the heap almost full end the run with
// OutOfMemoryError (the GC overhead limit).
//
// Dead wood. Garbage a Parallel Full GC leaves uncompacted at the bottom of
// the old generation, up to HeapConfig.DeadWood percent of the live data,
// except every MaxCompactionEvery-th Full GC (gc_parallel.go: deadWood).
//
// Stop-the-world pause. While a collection runs, Java threads make no
// progress: every CPU slice in progress is stretched and Java-side events
// wait for the pause's end (sim.go: stopTheWorld; eventqueue.go:
// javaSide). Pause lengths come from the project's cost model (gc.go).
//
// Pinning. A virtual thread that parks while it cannot unmount keeps its
// carrier blocked (StatePinned), and nothing compensates for it. On JDK 21
// holding a monitor pins (task.go: pinnedNow; monitor.go); JEP 491 lifted
// that in JDK 24.
//
// Tier. The JIT compilation level a method runs at (jit.go); frame sizes,
// and so chunk sizes, depend on it. A chunk remembers the tier it was born
// at (bornTier).
//
// Burst, quantum, owed. CPU work is a burst on a core; a thread that has
// held a core for a quantum while others wait goes to the back of the run
// queue (cpu.go). Costs charged to a thread outside a burst (freeze, thaw,
// thread creation) accumulate as owed CPU, paid first in its next burst.
//
// Event, lane. The event queue orders events by (time, sequence number), so
// events at the same instant fire in the order they were scheduled
// (eventqueue.go). Events scheduled a fixed delay after now wait in a lane,
// a ring buffer (ring.go) whose head alone sits in the heap. The threads
// next in the scheduler's queue and the next wakes in a lane have their
// records read ahead in batches (warm.go): the same results, fewer waits
// on cache misses.
//
// Snapshot, event, metrics. What the outside reads: Fill writes the state
// now (snapshot.go), DrainEvents the observable events since the last call
// (observe.go), Metrics what the run measured (metrics.go).
package sim
