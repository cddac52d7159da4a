package scenario

import "github.com/loomlab/loomlab/sim"

// A program that starts threads in a loop and times the loop (vt-basics)
// stops its clock when the loop ends, while the threads it started may
// still be running. The simulator reports a batch's elapsed time to the last
// completion; the loop's end is the moment the main thread, having made its
// last submission, parks to wait for its tasks. The simulator keeps the
// state history of threads someone follows (the page's follow card), so a
// run follows its main thread from the start and reads that moment off it.

// loopWatch follows a batch's main thread.
type loopWatch struct {
	id sim.ThreadID
	ok bool
}

// watchMainLoop follows sm's batch main thread, if it has one. Call it
// before the run advances.
func watchMainLoop(sm *sim.Sim) loopWatch {
	// Main is the first of the JVM's base threads, which are created first.
	for id := sim.ThreadID(0); id <= sim.ThreadID(sm.Config().JVM.BaseThreads)+1; id++ {
		if d, ok := sm.Thread(id); ok && d.Role == sim.RoleMain {
			return loopWatch{id: id, ok: sm.Follow(id)}
		}
	}
	return loopWatch{}
}

// loopEnd returns how long main's submission loop ran: from the batch's
// start to main's first park, which comes right after its last submission
// (its work before that is CPU: creating and starting threads). It reports
// false when there is no batch or the loop has not ended.
func (w loopWatch) loopEnd(sm *sim.Sim) (sim.Duration, bool) {
	if !w.ok {
		return 0, false
	}
	d, ok := sm.Thread(w.id)
	if !ok {
		return 0, false
	}
	var start sim.Time
	for _, l := range sm.Config().Loads {
		if l.Kind == sim.LoadBatch {
			start = l.Start
		}
	}
	for _, st := range d.History {
		if st.State == sim.StateParked {
			return st.From.Sub(start), true
		}
	}
	return 0, false
}
