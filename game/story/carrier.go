package story

import "github.com/loomlab/loomlab/sim"

// carrierStory (loom-carrier): Netty's event loops as platform threads (an
// OS thread each, with its stack and native memory) or as virtual threads
// on a few carriers: the same requests, fewer OS threads, less RSS.
type carrierStory struct{}

func (carrierStory) kinds() []Kind {
	return []Kind{CarriersStarted, FirstRequest, FirstGC, FirstFullGC}
}

func (carrierStory) caption(f *facts) string {
	return carrierNow(f) + " " + carrierWhy(f)
}

func carrierNow(f *facts) string {
	s := f.s
	if f.knobBool("loom_carrier") {
		return counti(s.VirtualLive) + " Netty event loops run as virtual threads on " + counti(f.carriers()) + " carriers, so the JVM has " +
			counti(s.PlatformLive) + " OS threads."
	}
	return counti(s.PlatformApp) + " Netty event loops each own an OS thread: " + counti(s.PlatformLive) + " OS threads in the JVM."
}

func carrierWhy(f *facts) string {
	s := f.s
	out := ""
	if f.knobBool("loom_carrier") {
		loops, c := s.VirtualLive, f.carriers()
		if loops > c {
			// The comparison said plainly: what the loops would need as
			// platform threads beside what they need here ("need only"
			// read as a win beside 229 of 256 MB used).
			out = "As platform threads the " + counti(loops) + " loops would need " + counti(loops) + " OS threads of their own (" +
				counti(s.PlatformLive-c+loops) + " in the JVM); as virtual threads they need only the " + counti(c) + " carriers' threads"
			if more := loopThreadsRSS(s, loops-c); more > 0 {
				out += ", about " + size(more) + " less native memory"
			}
		} else {
			out = "With as many carriers as loops, running the loops as virtual threads saves no OS thread"
		}
	} else {
		out = "Each loop thread holds a stack and native memory of its own"
	}
	if s.RSS > 0 {
		// Words, not "RSS"; the container's limit is what it is measured
		// against. Requests and GC counts are the header's and the
		// panels' (a caption full of counters hid the lesson).
		out += "; the JVM's resident memory is " + size(s.RSS)
		if mb := f.knobInt("container_mb", 0); mb > 0 {
			out += " of the container's " + counti(mb) + " MB"
		}
	}
	return out + "."
}

func (carrierStory) finished(f *facts) string {
	return "Done after " + duration(sim.Duration(f.s.Time)) + ". " + carrierNow(f) + " " + carrierWhy(f)
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
		f.moment(CarriersStarted, at, "The scheduler has started "+counti(len(s.Carriers))+" "+plural(int64(len(s.Carriers)), "carrier", "carriers")+
			" (OS threads): an event loop is a virtual thread that runs on a carrier for a moment per request and leaves it while it waits "+
			"for the network, so the carriers are mostly idle.")
	}
	if f.want(FirstRequest) && s.RequestsDone > 0 {
		f.moment(FirstRequest, s.Time, "The first requests are served. "+carrierNow(f)+rssClause(s))
	}
	firstGC(f)
	firstFullGC(f, "")
}

// loopThreadsRSS estimates the resident memory n more OS threads would
// take, at what each non-JVM OS thread of this run takes (the threads'
// share of the resident memory over the carriers and program threads).
func loopThreadsRSS(s *sim.Snapshot, n int) sim.Bytes {
	own := len(s.Carriers) + s.PlatformApp
	if s.RSSThreads <= 0 || own <= 0 || n <= 0 {
		return 0
	}
	return s.RSSThreads / sim.Bytes(own) * sim.Bytes(n)
}

func rssClause(s *sim.Snapshot) string {
	if s.RSS <= 0 {
		return ""
	}
	return " The process's resident memory (RSS) is " + size(s.RSS) + "."
}
