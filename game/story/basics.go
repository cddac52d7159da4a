package story

import (
	"strings"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// basicsStory (vt-basics): main starts a batch of threads that sleep (the
// memory they hold) or print a line and end (the time to start them):
// platform threads are OS threads with reserved stacks, virtual threads
// small heap objects.
type basicsStory struct{}

func (basicsStory) kinds() []Kind { return []Kind{CarrierPinned, AllStarted, AllAsleep} }

func (basicsStory) caption(f *facts) string {
	s := f.s
	n := f.knobInt("threads", 0)
	kind := f.knob("kind")
	started := f.started()
	asleep := s.ParkedCount[sim.ParkSleep] + s.PlatformParked[sim.ParkSleep]
	if asleep >= n && n > 0 {
		// (The unit aside "(1 MB = 1,048,576 bytes)" for the division was
		// one more number than a reader of one frame takes in.)
		// Each thread's share in the total's unit family, kept with its
		// unit on one line (no-break space): "816 B" beside 7.8 MB was
		// divided by a reader as 780 (MB of 10^6 bytes) and wrapped
		// between number and unit; "0.8 KB" agrees either way.
		each := unbroken(size(s.ThreadMemory / sim.Bytes(n)))
		if per := s.ThreadMemory / sim.Bytes(n); per < 1024 && s.ThreadMemory >= 1024*1024 {
			each = decimal(float64(per)/1024) + "\u00a0KB"
		}
		if kind != "platform" && s.ThreadMemory-threadHeapBytes(s) <= 0 {
			// All of it heap: said in one sentence with the OS threads,
			// the caption's two lines (what each holds is the heap
			// panel's, drawn).
			// What the same number of platform threads would hold, where
			// the model prices one: the lesson of the memory case. A
			// phone's frame has no room for the panel that draws it, and
			// without it a reader saw 7.8 MB with nothing to weigh it by.
			// The figure the heap's contrast bar draws (view.Size):
			// "~19 GB" here over "18.75 GB" there read as two figures.
			as := ""
			if per := s.PlatformThreadMemory; per > 0 && per*sim.Bytes(n) > s.ThreadMemory {
				as = "; as platform threads they'd reserve " + unbroken(view.Size(per*sim.Bytes(n)))
			}
			return "All " + counti(n) + " " + kind + " threads sleep in " + unbroken(size(s.ThreadMemory)) + " of heap, about " +
				each + " each, and " + counti(s.PlatformLive) + " OS threads" + as + "."
		}
		if kind == "platform" && s.ThreadMemory >= 1024*1024*1024 {
			// The figures the virtual side's contrast bar draws for the
			// same threads (view.Size, view.EachSize): compared, "19 GB,
			// about 1.9 MB each" here stood beside "18.75 GB" and "1.92 MB
			// reserved each" there.
			return "All " + counti(n) + " " + kind + " threads are asleep, holding " + unbroken(view.Size(s.ThreadMemory)) + " between them" + threadMemoryParts(s) +
				", " + unbroken(view.EachSize(s.ThreadMemory/sim.Bytes(n), n)) + " each. " + basicsWhy(f)
		}
		return "All " + counti(n) + " " + kind + " threads are asleep, holding " + size(s.ThreadMemory) + " between them" + threadMemoryParts(s) + ", about " +
			each + " each. " + basicsWhy(f)
	}
	per := sim.Duration(0)
	if started > 0 {
		per = sim.Duration(int64(s.Time) / started)
	}
	now := "main has started " + count(started) + " of " + counti(n) + " " + kind + " threads in " + duration(sim.Duration(s.Time)) +
		", about " + duration(per) + " each"
	if f.knobBool("print") {
		now += "; each prints a line through the shared console, which takes one line at a time"
	}
	now = upper(now) + "."
	if s.Pinned > 0 {
		return now + " " + counti(s.Pinned) + " of the " + counti(f.carriers()) + " carriers are pinned: a virtual thread blocked in println holds its carrier."
	}
	return now + " " + basicsWhy(f)
}

// unbroken keeps a figure and its unit on one line (a no-break space):
// "7.8" at a line's end and "MB" at the next's start read as two things.
func unbroken(figure string) string { return strings.ReplaceAll(figure, " ", "\u00a0") }

// basicsWhy: what one thread of the kind costs.
func basicsWhy(f *facts) string {
	if f.knob("kind") == "platform" {
		return "Each is an OS thread with a " + size(sim.Bytes(f.knobInt("xss_kb", 0))*sim.KB) + " stack reserved and native memory besides."
	}
	return "Each is a small heap object whose stack is frozen into a StackChunk while it waits; the JVM has only " +
		counti(f.s.PlatformLive) + " OS threads."
}

func (basicsStory) finished(f *facts) string {
	s := f.s
	n := f.knobInt("threads", 0)
	per := sim.Duration(int64(s.Time) / int64(max(n, 1)))
	return "All " + counti(n) + " " + f.knob("kind") + " threads started and finished in " + duration(sim.Duration(s.Time)) +
		", about " + duration(per) + " each. " + basicsWhy(f)
}

func (basicsStory) moments(f *facts) {
	s := f.s
	n := f.knobInt("threads", 0)
	if f.want(AllStarted) && n > 0 && f.started() >= int64(n) {
		// The last start's event gives the time; without it (dropped at
		// high speed) no time is claimed.
		text := "main has started all " + counti(n) + " " + f.knob("kind") + " threads."
		at := s.Time
		for i := range f.ev {
			if e := &f.ev[i]; e.Kind == sim.EvThreadStart {
				at = e.At
				text = "main has started all " + counti(n) + " " + f.knob("kind") + " threads, in " + duration(sim.Duration(at)) +
					": about " + duration(sim.Duration(int64(at)/int64(n))) + " per thread."
			}
		}
		f.moment(AllStarted, at, upper(text))
	}
	asleep := s.ParkedCount[sim.ParkSleep] + s.PlatformParked[sim.ParkSleep]
	if f.want(AllAsleep) && n > 0 && asleep >= n {
		// What they hold in words, its numbers the caption's (the same
		// numbers in both read as two facts; "the caption says what they
		// hold" left a reader asking which caption).
		holds := "each holding only its Thread object and its parked stack in the heap."
		if f.knob("kind") == "platform" {
			holds = "each holding an OS thread and its reserved stack."
		}
		f.moment(AllAsleep, s.Time, "All "+counti(n)+" threads are asleep now, "+holds)
	}
	pinnedMoment(f, pinWhy(f))
}

// pinWhy says why a virtual thread pins its carrier in this run.
func pinWhy(f *facts) string {
	if f.knob("jdk") == "21" {
		return "On JDK 21 a virtual thread that blocks inside synchronized cannot leave its carrier."
	}
	return "A virtual thread blocked under a native frame cannot leave its carrier."
}

// threadMemoryParts names what the threads' memory is made of when it has
// more than one part, so the caption's total agrees with the heap panel,
// which labels the parts ("7.8 MB between them" beside "StackChunks
// 5.3 MB" read as a contradiction). Names only, no sizes: the heap panel
// gives those, and any sizes here invited a sum the rounding spoils
// ("5.3 MB StackChunks, the rest Thread objects" was checked as 7.8 - 5.3
// = 2.5 against the panel's 2.4 MB).
func threadMemoryParts(s *sim.Snapshot) string {
	h := &s.Heap
	heap := func(c sim.AllocCat) sim.Bytes { return h.YoungLive[c] + h.OldLive[c] }
	chunks, threads, locals := heap(sim.CatChunk), heap(sim.CatThread), heap(sim.CatThreadLocal)
	all := []struct {
		b    sim.Bytes
		name string
	}{
		{s.ThreadMemory - chunks - threads - locals, "OS stacks and native memory"},
		{chunks, "StackChunks"},
		{threads, "Thread objects"},
		{locals, "thread-local data"},
	}
	var parts []string
	for _, p := range all {
		if p.b > 0 {
			parts = append(parts, p.name)
		}
	}
	if len(parts) < 2 {
		return ""
	}
	return " (" + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1] + ")"
}

// threadHeapBytes is what the threads hold in the heap: StackChunks,
// Thread objects and thread-local data.
func threadHeapBytes(s *sim.Snapshot) sim.Bytes {
	h := &s.Heap
	var b sim.Bytes
	for _, c := range [...]sim.AllocCat{sim.CatChunk, sim.CatThread, sim.CatThreadLocal} {
		b += h.YoungLive[c] + h.OldLive[c]
	}
	return b
}
