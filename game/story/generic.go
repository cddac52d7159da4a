package story

import "github.com/loomlab/loomlab/sim"

// genericStory: a scenario without an article of its own (the sandbox):
// the threads, the work done and the collector.
type genericStory struct{}

func (genericStory) kinds() []Kind {
	return []Kind{PoolFull, CarrierPinned, FirstGC, OldGenHalf, FirstFullGC}
}

func (genericStory) caption(f *facts) string {
	s := f.s
	// A run of platform threads only has no carriers to speak of: "0
	// virtual threads on 2 carriers" read as a broken count.
	var now string
	if s.VirtualLive == 0 && s.PlatformApp > 0 {
		threads := counti(s.PlatformApp) + " platform threads"
		if n := f.knobInt("threads", 0); n > s.PlatformApp {
			// Main starts the workers one after another (gc-lab's take
			// 70-300 ms): "633 platform threads" under a case named
			// "1,000 pooled workers" read as a miscount.
			// "One by one": a reader guessed why only 633 of 1,000 had
			// started.
			threads = counti(s.PlatformApp) + " of the " + counti(n) + " platform threads started so far, one by one"
		}
		now = threads + ", each its own OS thread, on " + counti(s.Cores) + " CPUs; " +
			count(s.RequestsDone) + " " + f.done()
		if f.knobInt("threads", 0) > 0 && s.RequestsDone > int64(s.PlatformApp) && f.unit() != "threads" {
			// The workers loop on their requests (the knob's own help):
			// "633 platform threads" beside "1,002 requests done" left a
			// reader to guess how fewer threads did more requests.
			// "Request after request": "(each thread does one after
			// another)" left a reader asking whether a thread handles
			// several in a row.
			now += " (each thread does request after request)"
		}
	} else {
		now = counti(s.VirtualLive) + " virtual threads on " + counti(f.carriers()) + " carriers and " + counti(s.PlatformLive) +
			" OS threads; " + count(s.RequestsDone) + " " + f.done()
	}
	if s.TasksQueued > 0 {
		now += ", " + counti(s.TasksQueued) + " waiting for a pool thread"
	}
	return upper(now) + ". " + gcSentence(f)
}

func (genericStory) finished(f *facts) string {
	return "Done after " + duration(sim.Duration(f.s.Time)) + ": " + count(f.s.RequestsDone) + " " + f.unit() + ". " + gcSentence(f)
}

func (genericStory) moments(f *facts) {
	s := f.s
	if f.want(PoolFull) && s.TasksQueued > 0 && s.PlatformParked[sim.ParkIdle] == 0 && s.PlatformApp > 0 {
		f.moment(PoolFull, s.Time, "Every pool thread is busy, so tasks queue: "+counti(s.TasksQueued)+" wait for a thread.")
	}
	pinnedMoment(f, "")
	firstGC(f)
	oldGenHalf(f, false)
	firstFullGC(f, "")
}
