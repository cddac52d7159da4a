// Package story says in words what the picture shows: a live caption (one
// or two plain sentences on what is happening now and why, with the
// numbers that matter) and the moments an article is about (the first Full
// GC, a carrier pinned, a scope cancelling its losers, ...), each with a
// sentence of its own.
//
// Everything is computed by rules over the model's live state — the
// snapshot, the events since the previous tick, the scenario and its knob
// values — never from the case's name, so the words stay true for any
// knobs and seed. Each article has its own rules (its story); a scenario
// without one gets the generic rules. The package draws nothing: the
// playground passes the caption and the moments to the picture and the
// page.
package story

import (
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// Setup is what a story knows besides the live state.
type Setup struct {
	Scenario string
	// Knobs are the effective knob values as text (name → value).
	Knobs map[string]string
	// Models names the router's models by index (llm-router), if any.
	Models []string
	// Unit is what the workload's tasks are, as a plural noun ("requests",
	// "tasks", "threads"), as the frame's header counts them; "" is
	// "tasks".
	Unit string
}

// Teller follows one run and tells its story. Feed it every tick with
// Observe; it keeps the moments seen so far, each kind once.
type Teller struct {
	setup   Setup
	story   story
	moments []Moment
	seen    map[Kind]bool
	// The caption of the last state asked about, kept while the state is
	// the same (a frame loop asks every frame).
	caption    string
	captionKey [5]int64
	// primed: the first observation has been made. A teller that starts
	// on a run already under way (a scrubbed position) takes what it finds
	// as known, so that it does not announce old news as a moment.
	primed bool
	// What the events told about the latest Full GC, and peaks over the run.
	fullLive sim.Bytes
	fullAt   sim.Time
	// steadySince: the first of the Full GCs in a row that kept the same
	// live data (fullGCsSteady), zero while it still grows.
	steadySince sim.Time
	peakWaiting int
	peakOS      int
}

// New returns a teller for a run of setup's scenario.
func New(setup Setup) *Teller {
	return &Teller{setup: setup, story: storyFor(setup.Scenario), seen: map[Kind]bool{}}
}

// Observe reads the state after a tick and the events of that tick. It
// returns the moments that happened (usually none; their order is the
// order they were noticed) and updates the caption.
func (t *Teller) Observe(snap *sim.Snapshot, events []sim.Event) []Moment {
	f := &facts{s: snap, ev: events, knobs: t.setup.Knobs, models: t.setup.Models, t: t,
		priming: !t.primed && snap.Time > 0}
	t.primed = true
	for i := range events {
		e := &events[i]
		if e.Kind == sim.EvGCFull {
			t.fullLive, t.fullAt = sim.Bytes(e.A), e.At
		}
	}
	t.peakWaiting = max(t.peakWaiting, snap.ParkedCount[sim.ParkSleep]+snap.PlatformParked[sim.ParkSleep]+snap.Pinned)
	t.peakOS = max(t.peakOS, snap.PlatformApp)
	n := len(t.moments)
	if snap.OOM != "" {
		f.moment(OutOfMemory, snap.Time, "Out of memory: "+snap.OOM+". The live data no longer fits in the heap, so the run stops.")
	}
	t.story.moments(f)
	if snap.Done && snap.OOM == "" {
		f.moment(Finished, snap.Time, t.story.finished(f))
	}
	return t.moments[n:]
}

// Caption is one or two sentences on what is happening now and why, for
// snap: the state last observed, or one reached since without a tick (a
// step, a scrub), so that the words always match the picture. beside, when
// not nil, is the compared case's run at the same time (the playground's
// contrast run, which the picture draws): a story may state the pair.
func (t *Teller) Caption(snap, beside *sim.Snapshot) string {
	at := int64(-1)
	if beside != nil {
		at = int64(beside.Time)
	}
	key := [5]int64{int64(snap.Time), snap.Events, b2i(snap.Paused), b2i(snap.Done), at}
	if t.caption != "" && key == t.captionKey {
		return t.caption
	}
	t.caption, t.captionKey = t.captionOf(&facts{s: snap, beside: beside, knobs: t.setup.Knobs, models: t.setup.Models, t: t}), key
	return t.caption
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Jumped tells the teller that its run moved ahead without being observed
// (a seek past anything watched): the next observation takes what it
// finds as known, as a teller started there would. Noticed there, a
// moment would carry the seek's time — "At 2.3 s: the first Full GC"
// beside five Full GCs, "the old gen passed half full" beside 76 %.
func (t *Teller) Jumped() { t.primed = false }

// Since returns a teller for the same run at an earlier (or equal)
// position t: it keeps the moments seen by then and forgets the later
// ones, which will be news again when the run gets there.
func (t *Teller) Since(at sim.Time) *Teller {
	n := New(t.setup)
	n.primed = true
	n.fullLive, n.fullAt = t.fullLive, t.fullAt
	if t.steadySince <= at {
		n.steadySince = t.steadySince
	}
	for _, m := range t.moments {
		if m.At <= at {
			n.moments = append(n.moments, m)
			n.seen[m.Kind] = true
		}
	}
	return n
}

func (t *Teller) captionOf(f *facts) string {
	s := f.s
	if s.OOM != "" {
		return "The run ended with an OutOfMemoryError: " + s.OOM + ". " + upper(oldGenSentence(f)) + "."
	}
	if s.Done {
		return t.story.finished(f)
	}
	if s.Time == 0 && s.Events == 0 {
		return "Nothing has run yet: press Play, or Tour to stop at each moment of the story."
	}
	return t.story.caption(f)
}

// Moments returns the moments seen so far, oldest first (at most one per
// kind). The slice is the teller's: do not modify it.
func (t *Teller) Moments() []Moment { return t.moments }

// Told reports whether every moment of the article's story (Kinds but
// the run's end) has been seen: nothing is left to tell but the end.
func (t *Teller) Told() bool {
	for _, k := range t.story.kinds() {
		if !t.seen[k] {
			return false
		}
	}
	return true
}

// Kinds lists the moment kinds this run's story can tell, in the order an
// article's story usually meets them.
func (t *Teller) Kinds() []Kind { return append(t.story.kinds(), OutOfMemory, Finished) }

// story is one article's rules.
type story interface {
	// caption says what is happening now and why while the run goes on.
	caption(f *facts) string
	// finished says what the run came to once it is done.
	finished(f *facts) string
	// moments reports the moments it sees in f (f.moment drops repeats).
	moments(f *facts)
	// kinds lists the moments it can report.
	kinds() []Kind
}

// contraster is a story whose picture draws the case its article compares
// the shown one with, from play's contrast run (a second simulator): only
// these stories pay for one. The others draw their comparison from the
// shown run's own model (vt-basics' platform bar) or not at all, and a
// second run there would only cost the page (a million threads twice).
type contraster interface{ drawsContrast() bool }

// DrawsContrast reports whether the picture of scenario's story draws the
// compared case beside a case shown alone.
func DrawsContrast(scenario string) bool {
	c, ok := storyFor(scenario).(contraster)
	return ok && c.drawsContrast()
}

// memoryContraster is a story whose comparison is the process's resident
// memory: the picture draws both runs' beside each other.
type memoryContraster interface{ contrastsMemory() bool }

// ContrastsMemory reports whether the picture of scenario's story draws
// the compared run's resident memory beside the shown run's.
func ContrastsMemory(scenario string) bool {
	c, ok := storyFor(scenario).(memoryContraster)
	return ok && c.contrastsMemory() && DrawsContrast(scenario)
}

func storyFor(scenario string) story {
	switch scenario {
	case "vt-pooling":
		return poolingStory{}
	case "request-load":
		return requestStory{}
	case "vt-basics":
		return basicsStory{}
	case "loom-carrier":
		return carrierStory{}
	case "llm-router":
		return routerStory{}
	}
	return genericStory{}
}

// facts is one observation: the state, the tick's events, the knobs.
type facts struct {
	s *sim.Snapshot
	// beside is the compared case's state at the same time (captions
	// only), nil when none is drawn.
	beside  *sim.Snapshot
	ev      []sim.Event
	knobs   map[string]string
	models  []string
	t       *Teller
	priming bool
}

// want reports whether a moment of kind k would still be news.
func (f *facts) want(k Kind) bool { return !f.t.seen[k] }

// unit is what the workload's tasks are called (Setup.Unit).
func (f *facts) unit() string {
	if f.t.setup.Unit == "" {
		return "tasks"
	}
	return f.t.setup.Unit
}

// done is the work done's words as the header says them: "requests
// done", "tasks done", "threads finished".
func (f *facts) done() string {
	u := f.unit()
	if u == "threads" {
		return u + " finished"
	}
	return u + " done"
}

// moment records a moment of kind k unless one was seen already; while
// priming it only marks the kind as seen.
func (f *facts) moment(k Kind, at sim.Time, sentence string) {
	// A callout stays on screen for seconds while the state moves on, so it
	// says when it happened ("the old gen passed half full" beside a gauge
	// at 82 % read as stale otherwise).
	timed := sentence
	if at > 0 && !strings.Contains(sentence, duration(sim.Duration(at))) {
		timed = "At " + duration(sim.Duration(at)) + ": " + lowerFirst(sentence)
	}
	f.momentTimed(k, at, timed, sentence)
}

// momentTimed records a moment whose sentence words its own time (timed),
// with the sentence to show while the picture is at that time (bare, which
// must not name a time: beside the header's "39 ms", a callout's "At 38
// ms" was asked which time the picture showed).
func (f *facts) momentTimed(k Kind, at sim.Time, timed, bare string) {
	if f.t.seen[k] {
		return
	}
	f.t.seen[k] = true
	if f.priming {
		return
	}
	f.t.moments = append(f.t.moments, Moment{Kind: k, At: at, Sentence: timed, Bare: bare})
}

// event returns the first event of kind k in this tick.
func (f *facts) event(k sim.EventKind) (*sim.Event, bool) {
	for i := range f.ev {
		if f.ev[i].Kind == k {
			return &f.ev[i], true
		}
	}
	return nil, false
}

// knob returns a knob's text ("" when the scenario has no such knob).
func (f *facts) knob(name string) string { return f.knobs[name] }

func (f *facts) knobInt(name string, def int) int {
	if n, err := strconv.Atoi(f.knobs[name]); err == nil {
		return n
	}
	return def
}

func (f *facts) knobFloat(name string, def float64) float64 {
	if x, err := strconv.ParseFloat(f.knobs[name], 64); err == nil {
		return x
	}
	return def
}

func (f *facts) knobBool(name string) bool { return f.knobs[name] == "true" }

// busyCores counts the CPUs running a thread now.
func (f *facts) busyCores() int {
	n := 0
	for _, id := range f.s.CoreThread {
		if id != 0 {
			n++
		}
	}
	return n
}

// cpuSentence says how busy the CPUs are now.
func (f *facts) cpuSentence() string {
	b, c := f.busyCores(), f.s.Cores
	switch {
	case b == 0:
		return "the " + counti(c) + " CPUs are idle"
	case b == c:
		return "all " + counti(c) + " CPUs are busy"
	case b == 1:
		return "1 of the " + counti(c) + " CPUs is busy"
	}
	return counti(b) + " of the " + counti(c) + " CPUs are busy"
}

// gcShare is the share of the run stopped for GC so far.
func (f *facts) gcShare() string { return gcShareOf(f.s) }

// gcShareOf is the share of s's run stopped for GC so far.
func gcShareOf(s *sim.Snapshot) string {
	return percent(float64(s.GCPauseTotal), float64(s.Time))
}

// started counts the workload's threads started so far in a batch where
// each task ends its thread: those alive plus those finished.
func (f *facts) started() int64 {
	return int64(f.s.VirtualLive+f.s.PlatformApp) + f.s.RequestsDone
}

// carriers is the number of carriers started, as the picture draws them.
func (f *facts) carriers() int { return f.s.CarriersStarted() }

// model names model i of the router.
func (f *facts) model(i int) string {
	if i >= 0 && i < len(f.models) {
		return upper(f.models[i])
	}
	return "model " + strconv.Itoa(i+1)
}
