package sim

import "fmt"

// A build of the simulator without bounds checks (the page's worker: Go's
// -B for this package, with the build tag loomlab_unchecked; see
// build/workerflags) runs ~13 % faster in WebAssembly, but there an index
// out of range does not panic: it reads or writes the memory beside the
// slice. Such a build checks the model's invariants (CheckInvariants) every
// selfCheckEvents events and at the end of a run instead, so that state a
// stray write corrupted ends the run with a panic, which the worker reports
// as an internal error, rather than going on to numbers. The command line
// and the playground keep Go's bounds checks and do not self-check; make
// test runs the simulator's tests in both builds.

// setEventMark puts the next look up from Advance's loop at the run's
// event budget or, sooner, the next self-check.
func (s *Sim) setEventMark() {
	s.eventMark = s.maxEvents
	if s.selfCheckEvery > 0 {
		s.eventMark = min(s.maxEvents, s.events+s.selfCheckEvery)
	}
}

// eventMarkReached is Advance's look up from its loop when the event count
// reaches eventMark: it ends the run if the event budget is spent
// (reporting true), and otherwise self-checks and sets the next mark.
func (s *Sim) eventMarkReached() bool {
	if s.events >= s.maxEvents {
		s.finish("event budget exhausted")
		return true
	}
	if s.selfCheckEvery > 0 {
		s.selfCheck()
	}
	s.setEventMark()
	return false
}

// selfCheck panics if the model's invariants do not hold.
func (s *Sim) selfCheck() {
	if err := s.CheckInvariants(); err != nil {
		panic(fmt.Sprintf("loomlab: self-check after %d events, at %v: %v (this build of the simulator has no bounds checks: "+
			"loomsim, which has them, repeats the same run; if it panics at an index out of range, that broke the state)", s.events, s.now, err))
	}
}
