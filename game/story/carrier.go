package story

import (
	"strings"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// carrierStory (loom-carrier): Netty's event loops as platform threads (an
// OS thread each, with its stack and native memory) or as virtual threads
// on a few carriers: the same requests, fewer OS threads, less RSS.
type carrierStory struct{}

// drawsContrast, contrastsMemory: the article's figure is the resident
// memory of the two runs, and the gap (the event loops' platform OS
// threads) is there from the first request: the picture draws the other
// run's memory beside this one's (a reader of one run's 226 MB under the
// article's 628 against 706 MB could not find the saving).
func (carrierStory) drawsContrast() bool   { return true }
func (carrierStory) contrastsMemory() bool { return true }

func (carrierStory) kinds() []Kind {
	return []Kind{CarriersStarted, FirstRequest, FirstGC, FirstFullGC}
}

// The caption's first sentence is the lesson in at most twenty plain
// words; the second gives the numbers of this instant only (an average,
// "busy 0.5 % of the time so far", beside "1 on a CPU" read as a
// contradiction).
func (carrierStory) caption(f *facts) string {
	return carrierLesson(f) + " " + carrierMemory(f)
}

// carrierContrast reports whether the lesson is the virtual threads'
// heap against their carriers' OS threads: then the memory bar draws
// every figure of the memory, and the caption names its largest part
// without them (readers found each number twice, in the caption and on
// the bar).
func carrierContrast(f *facts) bool {
	s := f.s
	return f.knobBool("loom_carrier") && s.VirtualLive > f.carriers() && s.RSSThreads > 0 && virtualThreadsHeap(s) > 0
}

// carrierMemory is the caption's second sentence: the process's memory
// against the container's limit, short (the lesson before it carries the
// threads' numbers).
func carrierMemory(f *facts) string {
	s := f.s
	if s.RSS <= 0 {
		return "Now the JVM has " + counti(s.PlatformLive) + " OS threads."
	}
	mb := f.knobInt("container_mb", 0)
	if carrierContrast(f) && mb > 0 && 2*s.RSSJVM > sim.Bytes(mb)<<20 {
		return "Most of the container's " + counti(mb) + " MB is the JVM itself."
	}
	// The memory bar's precision (view.PartsSize), so its parts and the
	// caption's figures read alike.
	r := "Resident memory is " + view.PartsSize(s.RSS)
	if mb == 0 {
		// "so far": without a container's limit it grows as the heap's
		// pages are first touched (226 MB at the story's first moment,
		// ~610 MB at the run's end); a newcomer set the early figure
		// against the article's 628 MB and found they did not match.
		r += " so far"
		if b := f.beside; b != nil && b.RSS > 0 && b.RSS != s.RSS {
			// Against the compared run at the same moment (drawn beside
			// it): the article's saving is the gap, there from the start.
			other := "loom-carrier's virtual threads"
			if f.knobBool("loom_carrier") {
				other = "event loops on platform threads"
			}
			return r + ", " + view.PartsGapWords(s.RSS, b.RSS) + " than with " + other + "."
		}
	}
	if mb > 0 {
		r += " of the container's " + counti(mb) + " MB"
	}
	if 2*s.RSSJVM > s.RSS {
		// Where the JVM itself is most of it, the caption says so: the
		// loops' threads are not where the memory goes.
		r += "; " + view.PartsSize(s.RSSJVM) + " is the JVM itself"
	}
	return r + "."
}

// carrierLesson is the article's comparison as the model computes it,
// the contrast first: what all the virtual threads hold in the heap
// (their Thread objects, thread-local data and StackChunks, running or
// parked) against the carriers' OS threads' resident memory, and the
// ratio. (A saving against every loop a platform thread is a run the
// container's figures do not show, so none is claimed; "parked, each
// costs a small heap object" beside a running loop read as wrong.)
func carrierLesson(f *facts) string {
	s := f.s
	if !f.knobBool("loom_carrier") {
		return counti(s.PlatformApp) + " Netty event loops each own a platform thread: an OS thread with its own stack and native memory."
	}
	loops, c := s.VirtualLive, f.carriers()
	if loops <= c {
		return "With as many carriers as loops, running the loops as virtual threads saves no OS thread."
	}
	vt := virtualThreadsHeap(s)
	if s.RSSThreads <= 0 || vt <= 0 {
		return counti(loops) + " loops run as virtual threads on " + counti(c) + " carriers: only the carriers are OS threads."
	}
	// Each cost in the memory it is: heap objects against RAM outside the
	// heap (a ratio of the two, "about 1,600× more", read as comparing
	// unlike things; the panel's bars set them at one scale).
	return counti(loops) + " virtual threads cost " + view.Size(vt) + " of heap; their " + counti(c) +
		" carriers' OS threads cost " + view.Size(s.RSSThreads) + " of RAM outside it."
}

// virtualThreadsHeap is what the virtual threads hold in the heap, as the
// memory panel's sliver draws it: Thread objects, thread-local data and
// the StackChunks of their stacks.
func virtualThreadsHeap(s *sim.Snapshot) sim.Bytes {
	h := &s.Heap
	live := func(c sim.AllocCat) sim.Bytes { return h.YoungLive[c] + h.OldLive[c] }
	return live(sim.CatThread) + live(sim.CatThreadLocal) + s.Chunks.LiveBytes
}

// carrierNow is what the loops do this instant and the memory it costs.
func carrierNow(f *facts) string {
	s := f.s
	var parts []string
	if f.knobBool("loom_carrier") {
		// As the lanes and the parked panel show them, in their words.
		parked, reason := 0, sim.ParkReason(0)
		for r, n := range s.ParkedCount {
			if n > s.ParkedCount[reason] {
				reason = sim.ParkReason(r)
			}
			parked += n
		}
		now := counti(s.Mounted) + " " + plural(int64(s.Mounted), "loop runs", "loops run") + " on a carrier"
		if s.Mounted == 0 {
			now = "no loop runs on a carrier"
		}
		if parked > 0 {
			now += ", " + counti(parked) + " " + plural(int64(parked), "is", "are") + " parked " + reason.Words()
		}
		parts = append(parts, now)
	}
	parts = append(parts, "the JVM has "+counti(s.PlatformLive)+" OS threads")
	if s.RSS > 0 {
		// Words, not "RSS"; the container's limit is what it is measured
		// against.
		r := "its resident memory is " + size(s.RSS)
		if mb := f.knobInt("container_mb", 0); mb > 0 {
			r += " of the container's " + counti(mb) + " MB"
		}
		parts = append(parts, r)
	}
	return "Now " + strings.Join(parts, "; ") + "."
}

func (carrierStory) finished(f *facts) string {
	// One sentence fewer than "Done after 2 s." before the caption's.
	return "After " + duration(sim.Duration(f.s.Time)) + ": " + lowerFirst(carrierLesson(f)) + " " + carrierNow(f)
}

func (carrierStory) moments(f *facts) {
	s := f.s
	if f.want(CarriersStarted) && len(s.Carriers) > 0 {
		at := s.Time
		if e, ok := f.event(sim.EvCarrierStart); ok {
			at = e.At
		}
		// A carrier is idle most of the time (a loop runs for microseconds
		// per request): the callout says so, since "started 8 carriers"
		// beside 8 idle lanes read as a contradiction.
		// No count: the callout stays on screen while the scheduler
		// starts the others ("has started 1 carrier" beside 8 carriers'
		// lanes read as wrong).
		// Why a few carriers serve many loops, not when they start: the
		// callout stays on the opening's still frame, where "starts its
		// carriers as work arrives" beside 8 idle carriers was asked
		// about (nothing there arrives).
		f.moment(CarriersStarted, at, "A loop (a virtual thread) runs on a carrier (an OS thread) only for a moment per request, "+
			"then leaves it while it waits for work: so a few carriers serve many loops.")
	}
	if f.want(FirstRequest) && s.RequestsDone > 0 {
		f.moment(FirstRequest, s.Time, "The first requests are served. "+carrierLesson(f)+rssClause(s))
	}
	firstGC(f)
	firstFullGC(f, "")
}

func rssClause(s *sim.Snapshot) string {
	if s.RSS <= 0 {
		return ""
	}
	return " The process's resident memory (RSS) is " + size(s.RSS) + "."
}
