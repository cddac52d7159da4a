package play

import (
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/game/story"
	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// eventCapacity is the room for observable events between two ticks. A
// tick that overflows it drops the oldest (the sim counts them); that only
// happens at speeds where no motion is drawn anyway.
const eventCapacity = 8192

// Side is one simulator of the playground and what is read from it.
type Side struct {
	Case  string
	Title string

	sm     *sim.Sim
	values *scenario.Values
	Snap   sim.Snapshot
	// Events are the observable events of the last tick (including any a
	// step produced since the tick before).
	Events  []sim.Event
	pending []sim.Event
	Dropped int64
	View    *view.Side

	virtual  bool
	scopes   bool
	requests int64
	unit     string // what the workload's tasks are (view.SideInput.Unit)
	// baseMeasured: the JVM's own thread count is the article's measured
	// one (view.SideInput.BaseMeasured).
	baseMeasured bool
	// models names the router's models by subtask index (view.SideInput.Models).
	models []string
	// sleepsFor is what the workload's sleep stands for
	// (view.SideInput.SleepsFor).
	sleepsFor string

	teller *story.Teller // the run's story: caption and moments (story.go)
	// memoryContrast: the story compares the runs' resident memory
	// (view.SideInput.MemoryContrast).
	memoryContrast bool
	callouts       []callout
	calloutView    []view.Callout
	startNews      []story.Moment // moments at t = 0, told with the first tick's

	// stepped is the event the last step (Step, StepTo) stopped at, named
	// under the picture while hasStep holds: until the run plays or moves.
	stepped sim.Event
	hasStep bool
}

func newSide(sc *scenario.Scenario, caseID string, knobs map[string]string, seed uint64) (*Side, error) {
	sm, vals, err := sc.NewSim(caseID, knobs, seed)
	if err != nil {
		return nil, err
	}
	c, _ := sc.Case(caseID)
	s := &Side{Case: caseID, sm: sm, values: vals, View: view.NewSide(), teller: newTeller(sc, vals, sm), memoryContrast: story.ContrastsMemory(sc.ID)}
	if c != nil {
		s.Title = c.Title
	}
	cfg := sm.Config()
	s.baseMeasured = baseMeasured(sc, cfg.JVM.BaseThreads)
	for _, m := range cfg.Router.Models {
		s.models = append(s.models, m.Name)
	}
	for _, e := range cfg.Executors {
		switch {
		case e.Kind == sim.ExecVirtualPerTask, e.Kind == sim.ExecVirtualPool, e.Kind == sim.ExecEventLoops && e.Virtual:
			s.virtual = true
		}
	}
	for _, p := range cfg.Programs {
		for _, st := range p.Steps {
			if st.Kind == sim.StepFork || st.Kind == sim.StepRace {
				s.scopes, s.virtual = true, true
			}
		}
	}
	s.sleepsFor = sleepsFor(cfg)
	s.unit = workUnit(cfg)
	for _, l := range cfg.Loads {
		if l.Kind == sim.LoadBatch {
			s.requests += int64(l.Count)
		} else if l.Kind == sim.LoadClosed && l.Total > 0 {
			s.requests += int64(l.Total)
		}
	}
	sm.Record(eventCapacity)
	sm.Fill(&s.Snap)
	// The story starts here: what already holds at t = 0 is news for the
	// first tick (a tour stops at it too).
	s.startNews = append([]story.Moment(nil), s.teller.Observe(&s.Snap, nil)...)
	return s, nil
}

// sleepsFor is what the workload's sleeps stand for, from their steps'
// label ("backend call (sleep)": "backend call"), where they all stand
// for one thing; "" where a sleep is the workload's own Thread.sleep.
func sleepsFor(cfg *sim.Config) string {
	what := ""
	for _, p := range cfg.Programs {
		for _, st := range p.Steps {
			if st.Kind != sim.StepSleep {
				continue
			}
			w, ok := strings.CutSuffix(st.Label, " (sleep)")
			if !ok || what != "" && w != what {
				return ""
			}
			what = w
		}
	}
	return what
}

// baseMeasured reports whether the scenario's profile fits its count of
// the JVM's own threads to a figure of its article (a constant about
// threads with that value and figures it fits).
func baseMeasured(sc *scenario.Scenario, base int) bool {
	for _, c := range sc.Profile {
		if len(c.Fits) > 0 && c.Value == strconv.Itoa(base) && strings.Contains(c.Name, "JVM") && strings.Contains(c.Name, "threads") {
			return true
		}
	}
	return false
}

// workUnit is what the workload's tasks are, as a plural noun, for the
// header's count and the caption alike (a lab's header said "requests
// done" over a caption's "tasks done"): "requests" (clients' requests),
// "tasks" (a batch submits tasks) or "threads" (a batch whose executor
// starts a thread per task).
func workUnit(cfg *sim.Config) string {
	unit := "requests"
	for _, l := range cfg.Loads {
		if l.Kind == sim.LoadBatch {
			unit = "tasks"
			if e := l.Executor; e >= 0 && e < len(cfg.Executors) && perTask(cfg.Executors[e].Kind) {
				unit = "threads"
			}
		}
	}
	return unit
}

// perTask reports whether an executor starts a thread for each task.
func perTask(k sim.ExecutorKind) bool {
	return k == sim.ExecVirtualPerTask || k == sim.ExecPlatformPerTask
}

// Input is what the view draws this side from; con is the contrast run
// drawn beside it (nil when none is).
func (s *Side) Input(con *view.Contrast) view.SideInput {
	step := s.StepLine()
	if con != nil && step != "" {
		// The step is this run's: beside the compared run's columns, a
		// young pause "every Java thread stops for 11.3 ms" was read
		// against the other run's 6.3 ms young pauses.
		// "Step (10,000 pooled virtual threads): … every Java thread
		// stops" still left a reader asking which run: the line says
		// "in the run of", and a pause stops that run's threads.
		if who := view.DistinctPart(s.Title, con.Title); who != "" {
			step = "Step in the run of " + who + ":" + strings.TrimPrefix(step, "Step:")
			step = strings.Replace(step, " every Java thread stops for ", " that run's Java threads stop for ", 1)
		}
	}
	other := ""
	if con != nil && step != "" {
		other = otherPauseWords(&s.stepped, con.Snap)
	}
	return view.SideInput{Case: s.Case, Title: s.Title, Snap: &s.Snap, Virtual: s.virtual, Contrast: con,
		Requests: s.requests, Unit: s.unit, Scopes: s.scopes, BaseMeasured: s.baseMeasured, Models: s.models, SleepsFor: s.sleepsFor, Caption: s.Caption(con), Callouts: s.viewCallouts(), Step: step, StepOther: other,
		MemLimit: containerLimit(s.values), WakeLatency: s.sm.Config().Machine.WakeLatency, MemoryContrast: s.memoryContrast}
}

// otherPauseWords says, after a step to a pause's start, that the
// compared run is in a pause of the same kind too, and its length: the
// pair's flag said "young GC in both runs" over a step line naming only
// the stepped run's 11.3 ms, and a reader asked where the other run's
// pause was. Empty otherwise.
func otherPauseWords(stepped *sim.Event, other *sim.Snapshot) string {
	if stepped.Kind != sim.EvGCPause || other == nil || !other.Paused || other.PauseFull != (stepped.B == 1) {
		return ""
	}
	return "The other run is in a " + view.PauseKind(other) + " too, of " + view.PauseDur(other.PauseEnd.Sub(other.PauseStart)) + "."
}

// containerLimit is the memory limit of a scenario that runs the JVM in a
// container (its container_mb knob), 0 when it has none or none is set.
func containerLimit(v *scenario.Values) sim.Bytes {
	if v == nil {
		return 0
	}
	if mb, ok := v.Map()["container_mb"].(int64); ok && mb > 0 {
		return sim.Bytes(mb) * sim.MB
	}
	return 0
}

// StepLine names the event the last step stopped at ("" when the run has
// played or moved since).
func (s *Side) StepLine() string {
	if !s.hasStep {
		return ""
	}
	// No time stamp: a pause's event carries the time it starts, after
	// the threads reach their safepoints, which is later than the clock
	// in the header and read as a contradiction.
	return "Step: " + story.StepEvent(&s.stepped, &s.Snap, s.models, s.View.RaceOwner(s.stepped.Thread))
}

// Sim returns the side's simulator (read-only use).
func (s *Side) Sim() *sim.Sim { return s.sm }

// collect moves recorded events into pending.
func (s *Side) collect() {
	var d int64
	s.pending, d = s.sm.DrainEvents(s.pending)
	s.Dropped += d
}

// refresh ends a tick: the pending events become this tick's, the snapshot
// is refilled, the story reads them (returning the moments that just
// happened) and the view advances its animations.
func (s *Side) refresh(motion, playing bool) []story.Moment {
	s.collect()
	if playing {
		s.hasStep = false
	}
	s.Events, s.pending = s.pending, s.Events[:0]
	s.fill()
	news := s.tell(playing)
	s.View.Tick(&s.Snap, s.Events, motion)
	return news
}

// fill reads the simulator's state into Snap.
func (s *Side) fill() {
	s.sm.Fill(&s.Snap)
}
