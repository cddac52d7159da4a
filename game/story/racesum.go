package story

import "github.com/loomlab/loomlab/sim"

// raceSum says how llm-router's live virtual threads add up from the
// model's numbers: "349 races × 4 virtual threads (request + 3 calls)
// + 1 not racing = 1,397". Readers did that arithmetic
// themselves (1,397 beside "350 races" did not divide) before they
// trusted the counts. The races' threads are the model's own count of
// the open scopes' live threads (an owner and its unfinished calls), so
// "× 4" is said only where every open race is whole; the rest are the
// request threads outside a race (parsing, or replying once theirs is
// won: a race's calls live only inside its scope). "" where no race is
// open.
func raceSum(f *facts) string {
	s := f.s
	if s.ScopesOpen <= 0 || s.ScopeThreads <= 0 {
		return ""
	}
	races := counti(s.ScopesOpen) + " " + plural(int64(s.ScopesOpen), "race", "races")
	calls := len(f.models)
	per := calls + 1
	var out string
	if calls > 0 && s.ScopeThreads == s.ScopesOpen*per {
		out = races + " × " + counti(per) + " virtual threads (request + " + counti(calls) + " calls)"
	} else {
		out = counti(s.ScopeThreads) + " virtual threads in " + races
	}
	rest := s.VirtualLive - s.ScopeThreads
	if rest < 0 {
		return ""
	}
	if rest > 0 {
		out += " + " + counti(rest) + " not racing"
	}
	return out + " = " + counti(s.VirtualLive)
}

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
		return "the parked wait for answers"
	}
	return "the parked wait"
}
