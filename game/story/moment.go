package story

import "github.com/loomlab/loomlab/sim"

// Kind names what a moment is about. Each kind happens at most once in a
// run's story (its first occurrence): that is what a tour stops at.
type Kind string

// The moments the articles are about.
const (
	// OldGenHalf: the old generation passed half full.
	OldGenHalf Kind = "old-gen-half"
	// FirstFullGC: the first Full GC.
	FirstFullGC Kind = "full-gc"
	// FullGCFreesLittle: a Full GC found the old gen mostly live (at least
	// half of what it found stays): collecting cannot make room, so the
	// Full GCs will keep coming.
	FullGCFreesLittle Kind = "full-gc-frees-little"
	// FullGCsSteady: a Full GC kept what the one before it kept, at least
	// half the old gen: the live data has stopped growing, and the Full
	// GCs come at the steady beat the rest of the run keeps.
	FullGCsSteady Kind = "full-gcs-steady"
	// ChunkAbandoned: a StackChunk that had been promoted to the old
	// generation was dropped for a fresh one and became old-gen garbage.
	ChunkAbandoned Kind = "chunk-abandoned"
	// C2Compiled: the hot path was compiled by C2 (smaller frames).
	C2Compiled Kind = "c2-compiled"
	// CarrierPinned: a virtual thread parked pinned to its carrier.
	CarrierPinned Kind = "carrier-pinned"
	// PoolFull: every thread of a pool is busy and tasks queue for one.
	PoolFull Kind = "pool-full"
	// ManyWaiting: a thousand or more threads wait at once.
	ManyWaiting Kind = "many-waiting"
	// AllStarted: every thread of a batch has been started.
	AllStarted Kind = "all-started"
	// AllAsleep: every thread of a batch is asleep at once.
	AllAsleep Kind = "all-asleep"
	// CarriersStarted: the scheduler started its first carrier.
	CarriersStarted Kind = "carriers-started"
	// FirstRequest: the first request was served.
	FirstRequest Kind = "first-request"
	// FirstGC: the first garbage collection of any kind.
	FirstGC Kind = "first-gc"
	// LosersCancelled: a structured scope's winner cancelled the others.
	LosersCancelled Kind = "losers-cancelled"
	// RouterSingle: the router stopped racing and calls one model.
	RouterSingle Kind = "router-single"
	// OutOfMemory: the run ended with an OutOfMemoryError.
	OutOfMemory Kind = "oom"
	// Finished: the run's work is done.
	Finished Kind = "finished"
)

// Moment is something the article is about, happening in the run: its
// kind, the virtual time it was seen and a sentence with the live numbers.
type Moment struct {
	Kind     Kind
	At       sim.Time
	Sentence string
	// Bare is the sentence without the "At 300 ms: " its time added, for
	// a picture whose header shows that same time (the time said twice,
	// or three times with a second moment, read as three facts).
	Bare string
}
