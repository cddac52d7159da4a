package story

import (
	"math"

	"github.com/loomlab/loomlab/sim"
)

// requestStory (request-load): a batch of tasks that each wait, run on a
// fixed pool (tasks queue for its threads while the CPUs idle), a platform
// thread per task (thousands of OS threads, each costly to create) or a
// virtual thread per task (all wait at once on a few carriers).
type requestStory struct{}

// drawsContrast: the picture draws the other executor's batch on the same time axis.
func (requestStory) drawsContrast() bool { return true }

func (requestStory) kinds() []Kind { return []Kind{PoolFull, ManyWaiting, CarrierPinned} }

func (requestStory) caption(f *facts) string {
	switch f.knob("executor") {
	case "pool":
		return poolCaption(f)
	case "platform-per-task":
		return perTaskCaption(f)
	}
	return virtualCaption(f)
}

// poolCaption: the fixed pool's threads, the queue behind them, the CPUs.
func poolCaption(f *facts) string {
	s := f.s
	size := f.knobInt("pool_size", s.PlatformApp)
	n := f.knobInt("requests", 0)
	threads := "The pool's " + counti(size) + " threads are"
	if s.PlatformApp < size {
		threads = counti(s.PlatformApp) + " of the pool's " + counti(size) + " threads are started and"
	}
	asleep := s.PlatformParked[sim.ParkSleep]
	idle := s.PlatformParked[sim.ParkIdle]
	var now string
	switch {
	case s.TasksQueued > 0 && asleep == s.PlatformApp:
		// "asleep, each inside a task that sleeps" read as awkward: the
		// tasks' sleep is the next sentence's.
		now = threads + " all asleep; " + counti(s.TasksQueued) + " " + plural(int64(s.TasksQueued), "task waits", "tasks wait") +
			" for one while " + f.cpuSentence() + "."
	case s.TasksQueued > 0:
		now = threads + " all busy; " + counti(s.TasksQueued) + " " + plural(int64(s.TasksQueued), "task waits", "tasks wait") +
			" for one, and " + f.cpuSentence() + "."
	default:
		now = counti(s.PlatformApp-idle) + " of the pool's " + counti(size) + " threads are busy and no task waits for one; " + f.cpuSentence() + "."
	}
	var why string
	if f.knob("work") == "cpu" {
		if size < s.Cores {
			why = "Each task computes: the pool's " + counti(size) + " threads can use at most " + counti(size) + " of the " + counti(s.Cores) + " CPUs."
		} else {
			why = "Each task computes, and " + counti(s.Cores) + " CPUs run at most " + counti(s.Cores) + " of the pool's threads at a time."
		}
	} else if f.knobFloat("sleep_ms", 0) == 0 {
		why = "Each task ends as soon as it starts, so the queue drains as fast as the pool's threads can take tasks; " +
			count(s.RequestsDone) + " done so far."
	} else {
		rounds := int(math.Ceil(float64(n) / float64(max(size, 1))))
		// A round is its sleep plus the hand-over of the next tasks: "just
		// over" the sleep ("of 100 ms, each a little longer" read as
		// rounds growing longer one after another).
		// Two lines on the desktop: the rounds' count and length only (the
		// picture's bars draw the whole run's length).
		why = "Only " + counti(size) + " tasks sleep at a time, so " + counti(n) + " tasks take " + counti(rounds) + " " +
			plural(int64(rounds), "round", "rounds") + " of just over " + duration(sim.Duration(f.knobFloat("sleep_ms", 0)*float64(sim.Millisecond)))
		// Which round runs: "1,000 done at 600 ms" read as a wrong count
		// beside 200 per 100 ms, while round 6 ends just after 600 ms.
		if cur := int(s.RequestsDone)/max(size, 1) + 1; cur <= rounds && s.RequestsDone < int64(n) {
			why += "; round " + counti(cur) + " is under way"
		}
		why += "."
	}
	return now + " " + why
}

// perTaskCaption: an OS thread per task, created one by one by main.
func perTaskCaption(f *facts) string {
	s := f.s
	n := f.knobInt("requests", 0)
	started := f.started()
	now := counti(s.PlatformApp) + " OS threads are alive, one per task, with " + size(s.ThreadMemory) + " of thread memory between them."
	if started >= int64(n) {
		return now + " Every task has its thread now; " + count(s.RequestsDone) + " of " + counti(n) + " are done."
	}
	per := sim.Duration(0)
	if started > 0 {
		per = sim.Duration(int64(s.Time) / started)
	}
	return now + " Creating an OS thread is slow: main has started " + count(started) + " of " + counti(n) + " in " +
		duration(sim.Duration(s.Time)) + ", about " + duration(per) + " each."
}

// virtualCaption: a virtual thread per task, parked off its carrier while
// it waits — unless it is pinned, or the task computes.
func virtualCaption(f *facts) string {
	s := f.s
	n := f.knobInt("requests", 0)
	c := f.carriers()
	waiting := s.ParkedCount[sim.ParkSleep]
	switch {
	case s.Pinned > 0:
		return counti(s.Pinned) + " of the " + counti(c) + " carriers are pinned: each virtual thread waits inside synchronized and holds its carrier, " +
			"so only " + counti(s.Pinned) + " tasks wait at a time. " + counti(s.RunQueueLen) + " virtual threads wait for a free carrier; " +
			count(s.RequestsDone) + " of " + counti(n) + " done."
	case s.RunQueueLen > 0 && s.Mounted >= c:
		return "All " + counti(c) + " carriers are busy and " + counti(s.RunQueueLen) + " virtual threads wait for one: " +
			"a task that computes needs a CPU, and virtual threads add none. " + count(s.RequestsDone) + " of " + counti(n) + " done."
	}
	// "wait at once on 11 carriers" beside 11 idle carriers was read as
	// waiting for carriers, or on them; and "(464 KB in all)" against
	// the heap's 786 KB in use as a miscount (it is the StackChunks').
	// The threads finished are the status line's ("0 of 10,000" twice).
	// "Asleep", the parked group's word, not "wait": the panel under the
	// carriers is the threads "waiting for a carrier" (none), and a
	// reader took the two waits for one.
	return counti(waiting) + " virtual threads are asleep at once and hold none of the " + counti(c) + " carriers: a parked thread leaves its carrier, " +
		"its stack saved in the heap as StackChunks (" + size(s.Chunks.LiveBytes) + " in all). The JVM has " + counti(s.PlatformLive) + " OS threads."
}

func (requestStory) finished(f *facts) string {
	s := f.s
	n := f.knobInt("requests", 0)
	out := "All " + counti(n) + " tasks finished after " + duration(sim.Duration(s.Time)) + ". "
	switch f.knob("executor") {
	case "pool":
		size := f.knobInt("pool_size", 0)
		return out + "The pool of " + counti(size) + " ran at most " + counti(size) + " of them at a time."
	case "platform-per-task":
		return out + "Each had an OS thread of its own; at most " + counti(f.t.peakOS) + " were alive at once."
	}
	return out + "Each had a virtual thread; up to " + counti(f.t.peakWaiting) + " waited at once on " + counti(f.carriers()) + " carriers."
}

func (requestStory) moments(f *facts) {
	s := f.s
	switch f.knob("executor") {
	case "pool":
		if f.want(PoolFull) && s.TasksQueued > 0 && s.PlatformParked[sim.ParkIdle] == 0 && s.PlatformApp >= f.knobInt("pool_size", 0) {
			// The counts are the caption's: the callout says only the turn.
			f.moment(PoolFull, s.Time, "All "+counti(s.PlatformApp)+" pool threads have a task now, so every further task joins the queue.")
		}
	case "platform-per-task":
		if f.want(ManyWaiting) && s.PlatformApp >= 1000 {
			f.moment(ManyWaiting, s.Time, counti(s.PlatformApp)+" OS threads are alive at once, one per waiting task: "+
				size(s.ThreadMemory)+" of thread memory.")
		}
	default:
		if f.want(ManyWaiting) && s.ParkedCount[sim.ParkSleep] >= 1000 {
			f.moment(ManyWaiting, s.Time, counti(s.ParkedCount[sim.ParkSleep])+" virtual threads are asleep at once, holding none of the "+counti(f.carriers())+
				" carriers; "+counti(s.PlatformLive)+" OS threads in the whole JVM.")
		}
	}
	pinnedMoment(f, pinWhy(f))
}
