package story

import "github.com/loomlab/loomlab/sim"

// routerStory (llm-router): each request races several LLM calls in a
// structured scope; the first answer wins and the scope cancels the
// others. On a platform pool each request holds a pool thread for the
// whole race; with virtual threads, one per request. A learning router
// may stop racing and call the usual winner alone.
type routerStory struct{}

func (routerStory) kinds() []Kind {
	return []Kind{PoolFull, LosersCancelled, RouterSingle, CarrierPinned}
}

// The caption's first sentence is the lesson (the race and its rule) in
// about twenty words; the second one number of this instant, the calls
// waiting for their answers (the parked panel's socket group), and what
// waiting costs them: no OS thread (the OS-thread line counts none for
// them). "349 races: 1,042 of their 1,047 calls wait, the other 5 run"
// was more numbers than a reader takes in beside the panels' own.
func (routerStory) caption(f *facts) string {
	s := f.s
	if s.RouterSingle >= 0 {
		return "The router now calls " + f.model(s.RouterSingle) + " alone: no scope, nothing to cancel (" + counti(s.RouterRaces) +
			" races were decided in all)."
	}
	calls := s.ParkedCount[sim.ParkSocket]
	if f.knob("executor") == "platform" {
		lesson := "Each request races " + f.modelList() + " on a platform pool; the first answer wins, the other calls are cancelled."
		size := f.knobInt("pool_size", s.PlatformApp)
		busy := s.PlatformApp - s.PlatformParked[sim.ParkIdle]
		now := "Now " + counti(busy) + " of the pool's " + counti(size) + " platform threads each hold a request for the whole race"
		if s.TasksQueued > 0 {
			now += "; " + counti(s.TasksQueued) + " requests wait for a thread"
		}
		return lesson + " " + now + "."
	}
	// The request's own thread said with the calls': a request thread on
	// a carrier beside "a thread per call" left readers unable to make
	// the threads' count (four per open race) add up.
	// Short (two lines at most on a desktop): the race and its rule, then
	// how many threads share how few OS threads. Who holds a carrier is
	// the threads' line's to say under the races; the cancelling is the
	// cells' (a longer caption was read as dense).
	lesson := "Each request races " + f.modelList() + ", a virtual thread per call; the first answer wins."
	if calls > 0 && len(s.Carriers) > 0 {
		// The carriers as what they are, OS threads; the JVM's other
		// OS threads are on point ("of the JVM's 29 OS threads" left
		// readers asking what the other 21 were). "1,397 virtual
		// threads run on 8 carriers" read as 1,397 running: "share".
		// Why carriers idle beside so many threads is said (readers
		// asked why 4 of 8 idled). The threads' sum from the races
		// ("349 races × 4 + 1 not racing = 1,397") was said here for a
		// while: two fresh readers of it rated the frame 3, 3 (4, 4
		// without it), the banner "dense arithmetic" and 349 beside the
		// title's 350 races a clash; the sum stays on point.
		// "Share 8 OS threads, the carriers" beside "OS threads: 29"
		// read as a clash: the carriers first, what they are after.
		now := counti(s.VirtualLive) + " virtual threads share " + counti(len(s.Carriers)) + " carriers (OS threads)"
		if why := idleWhy(f); why != "" {
			now += "; " + why
		}
		return lesson + " Now " + now + "."
	}
	return lesson
}

func (routerStory) finished(f *facts) string {
	s := f.s
	out := "All " + count(s.RequestsDone) + " requests answered after " + duration(sim.Duration(s.Time)) + ", " + counti(s.RouterRaces) + " of them by a race"
	if s.RouterSingle >= 0 {
		out += "; then the router called " + f.model(s.RouterSingle) + " alone"
	}
	return out + "."
}

func (routerStory) moments(f *facts) {
	s := f.s
	if f.knob("executor") == "platform" && f.want(PoolFull) && s.TasksQueued > 0 && s.PlatformParked[sim.ParkIdle] == 0 {
		f.moment(PoolFull, s.Time, "Every one of the pool's "+counti(s.PlatformApp)+" threads holds a request while it races the models, so "+
			"new requests queue: "+counti(s.TasksQueued)+" wait for a thread.")
	}
	if f.want(LosersCancelled) {
		var win *sim.Event
		cancelled := 0
		for i := range f.ev {
			switch e := &f.ev[i]; e.Kind {
			case sim.EvWin:
				if win == nil {
					win = e
				}
			case sim.EvCancel:
				if win != nil {
					cancelled++
				}
			}
		}
		if win != nil && cancelled > 0 {
			// Its place in the order, not a count: "(2 so far)" beside the
			// one ended race drawn sent a reader looking for the other.
			// The scope named by its class: "its scope" was read as an
			// API term never explained. The ordinal on the race: "A race
			// is decided at 38 ms (the 2nd)" was read as perhaps the 2nd
			// millisecond.
			// Without its time where the picture is at it (the header
			// gives that time).
			how := " race is decided: " + f.model(int(win.A)) + " answered first, and the race (a StructuredTaskScope) cancelled the other calls, whose virtual threads end at once."
			nth := ordinal(s.RouterRaces)
			f.momentTimed(LosersCancelled, win.At, "At "+duration(sim.Duration(win.At))+" the "+nth+how, "The "+nth+how)
		}
	}
	if f.want(RouterSingle) && s.RouterSingle >= 0 {
		at, races := s.Time, "some"
		if e, ok := f.event(sim.EvRouterSwitch); ok {
			at, races = e.At, count(e.B)
		}
		f.moment(RouterSingle, at, "After "+races+" races the router saw "+f.model(s.RouterSingle)+
			" win often enough and now calls it alone: no more racing, no calls to cancel.")
	}
	pinnedMoment(f, pinWhy(f))
}

// modelList names the router's models ("Haiku, Sonnet and Opus"), or
// counts them when they have no names.
func (f *facts) modelList() string {
	n := len(f.models)
	if n == 0 {
		return "several models"
	}
	out := ""
	for i := 0; i < n; i++ {
		switch {
		case i == 0:
		case i == n-1:
			out += " and "
		default:
			out += ", "
		}
		out += f.model(i)
	}
	return out
}
