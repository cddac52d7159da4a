package story

import (
	"math"
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

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
		return counti(s.VirtualLive) + " Netty event loops" + loopKinds(f) + " run as virtual threads on " + counti(f.carriers()) + " carriers, so the JVM has " +
			counti(s.PlatformLive) + " OS threads."
	}
	return counti(s.PlatformApp) + " Netty event loops" + loopKinds(f) + " each own an OS thread: " + counti(s.PlatformLive) + " OS threads in the JVM."
}

// loopKinds says what the two kinds of loops do (the header's "8 client,
// 8 server" was never shown): the server's loops take the HTTP requests,
// the database client's take the replies (the scenario's executors).
func loopKinds(f *facts) string {
	server, client := f.knobInt("workers", 0), f.knobInt("event_loops", 0)
	if server <= 0 || client <= 0 {
		return ""
	}
	return " (" + counti(server) + " server loops for HTTP, " + counti(client) + " client loops for the database)"
}

func carrierWhy(f *facts) string {
	s := f.s
	out := ""
	if f.knobBool("loom_carrier") {
		loops, c := s.VirtualLive, f.carriers()
		if loops > c {
			// The article's comparison in a container: the loops as
			// virtual threads take the OS threads that as many loops as
			// carriers would take as platform threads, so more loops cost
			// no more thread memory. A saving against "every loop a
			// platform thread" is a run nobody measured in the container
			// (its 4 + 4 platform loops used about the same memory), so
			// it is not claimed.
			out = counti(c) + " loops on platform threads would need as many OS threads, so " + counti(loops) + " loops cost no more thread memory than " + counti(c) + "."
		} else {
			out = "With as many carriers as loops, running the loops as virtual threads saves no OS thread."
		}
	} else {
		out = "Each loop thread holds a stack and native memory of its own."
	}
	// How busy the CPUs have been: the carriers idle in a still frame
	// beside "mostly idle" needed the share that says so.
	var tail []string
	if busy := busyShare(s); busy != "" {
		tail = append(tail, "the CPUs have been busy "+busy+" of the time so far")
	}
	if s.RSS > 0 {
		// Words, not "RSS"; the container's limit is what it is measured
		// against. Requests and GC counts are the header's and the
		// panels' (a caption full of counters hid the lesson).
		r := "the JVM's resident memory is " + size(s.RSS)
		if mb := f.knobInt("container_mb", 0); mb > 0 {
			r += " of the container's " + counti(mb) + " MB"
		}
		tail = append(tail, r)
	}
	if len(tail) > 0 {
		out += " " + upper(strings.Join(tail, "; ")) + "."
	}
	return out
}

// busyShare is the CPUs' busy time so far over what they could have run,
// with a decimal under 10 % ("0.5 %"), or "" before any time has passed.
func busyShare(s *sim.Snapshot) string {
	if s.Time <= 0 || s.Cores <= 0 {
		return ""
	}
	p := 100 * float64(s.CPUBusy) / (float64(s.Time) * float64(s.Cores))
	if p < 10 {
		return strconv.FormatFloat(p, 'f', 1, 64) + " %"
	}
	return strconv.Itoa(int(math.Round(p))) + " %"
}

func (carrierStory) finished(f *facts) string {
	// One sentence fewer than "Done after 2 s." before the caption's three.
	return "After " + duration(sim.Duration(f.s.Time)) + ", " + lowerFirst(carrierNow(f)) + " " + carrierWhy(f)
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
			" (OS threads). A loop runs on one for a moment per request, then leaves it while waiting for work.")
	}
	if f.want(FirstRequest) && s.RequestsDone > 0 {
		f.moment(FirstRequest, s.Time, "The first requests are served. "+carrierNow(f)+rssClause(s))
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
