package story

import "github.com/loomlab/loomlab/sim"

// idleWhy says why carriers sit idle beside many virtual threads, where
// none is ready to run: the parked wait (readers asked why 4 of 8
// carriers idled beside 1,393 threads; that a parked thread holds no
// carrier is the threads' line's). For the router the parked all wait
// for answers: a call its model's, a request its calls'. "" where no
// carrier idles or a thread is ready (then the carriers are taking it).
// Short, its count the threads' line's: on a phone a seventh line of
// caption cut the races' cells to one line each ("sends", "parked").
func idleWhy(f *facts) string {
	s := f.s
	idle := 0
	for i := range s.Carriers {
		if s.Carriers[i].Thread == 0 {
			idle++
		}
	}
	parked := 0
	for _, n := range s.ParkedCount {
		parked += n
	}
	if idle == 0 || parked == 0 || s.RunQueueLen > 0 {
		return ""
	}
	if parked == s.ParkedCount[sim.ParkSocket]+s.ParkedCount[sim.ParkJoin] {
		return "the parked threads wait for answers"
	}
	return "the parked threads wait"
}
