package play

import (
	"github.com/loomlab/loomlab/game/story"
	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// The story of each side: its caption, its moments and the callouts that
// mark them on the picture (game/story computes them; this file feeds it
// every tick and keeps the callouts' display time).

const (
	// calloutTicks is how long a callout stays: four seconds of playing
	// (it does not age while paused, so a paused reader keeps it).
	calloutTicks = 4 * TicksPerSecond
	// keptMoments is how many of the latest moments state() lists.
	keptMoments = 5
)

type callout struct {
	m    story.Moment
	left int // ticks of playing left
}

// newTeller starts the story of a side's run.
func newTeller(sc *scenario.Scenario, vals *scenario.Values, sm *sim.Sim) *story.Teller {
	knobs := map[string]string{}
	for _, n := range vals.Names() {
		knobs[n] = vals.Text(n)
	}
	var models []string
	for _, m := range sm.Config().Router.Models {
		models = append(models, m.Name)
	}
	return story.New(story.Setup{Scenario: sc.ID, Knobs: knobs, Models: models, Unit: workUnit(sm.Config())})
}

// tell feeds the tick's state and events to the side's story and ages its
// callouts (only while playing). It returns the moments that just happened.
func (s *Side) tell(playing bool) []story.Moment {
	if s.teller == nil {
		return nil
	}
	kept := s.callouts[:0]
	for _, c := range s.callouts {
		if playing {
			c.left--
		}
		if c.left > 0 {
			kept = append(kept, c)
		}
	}
	s.callouts = kept
	news := s.teller.Observe(&s.Snap, s.Events)
	if len(s.startNews) > 0 {
		news = append(s.startNews, news...)
		s.startNews = nil
	}
	for _, m := range news {
		s.showCallout(m)
	}
	return news
}

// showCallout puts moment m's callout on the picture (once: a callout the
// side already shows is left as it is).
func (s *Side) showCallout(m story.Moment) {
	for _, c := range s.callouts {
		if c.m.Kind == m.Kind && c.m.At == m.At {
			return
		}
	}
	s.callouts = append(s.callouts, callout{m: m, left: calloutTicks})
}

// forgetStaleCallouts drops, after a jump in time (a seek or a scrub), the
// callouts of moments the reader did not just watch: callouts age only while
// playing, so one told at t = 0 ("the scheduler has started 8 carriers")
// stayed on a picture sought to 1 s and held there, paused. A moment at the
// shown time (within calloutSameTime) keeps its callout.
func (s *Side) forgetStaleCallouts() {
	now := func(m story.Moment) bool { d := s.Snap.Time - m.At; return d >= 0 && d < calloutSameTime }
	kept := s.callouts[:0]
	for _, c := range s.callouts {
		if now(c.m) {
			kept = append(kept, c)
		}
	}
	s.callouts = kept
	news := s.startNews[:0]
	for _, m := range s.startNews {
		if now(m) {
			news = append(news, m)
		}
	}
	s.startNews = news
}

// Caption is the side's live caption; con is the contrast run drawn
// beside it (nil when none is).
func (s *Side) Caption(con *view.Contrast) string {
	if s.teller == nil {
		return ""
	}
	var beside *sim.Snapshot
	if con != nil {
		beside = con.Snap
	}
	return s.teller.Caption(&s.Snap, beside)
}

// calloutSameTime: a moment this close before the shown time is "now".
const calloutSameTime = sim.Time(sim.Millisecond)

// viewCallouts converts the live callouts for the picture, into a buffer
// the side reuses (a frame loop asks every frame; the view draws them
// before the next ask).
func (s *Side) viewCallouts() []view.Callout {
	if len(s.callouts) == 0 {
		return nil
	}
	s.calloutView = s.calloutView[:0]
	for _, c := range s.callouts {
		text := c.m.Sentence
		if d := s.Snap.Time - c.m.At; d >= 0 && d < calloutSameTime && c.m.Bare != "" {
			// The header shows this time: the callout need not.
			text = c.m.Bare
		}
		s.calloutView = append(s.calloutView, view.Callout{Kind: string(c.m.Kind), Text: text,
			Age: float64(calloutTicks-c.left) / TicksPerSecond, TTL: calloutTicks / TicksPerSecond})
	}
	return s.calloutView
}

// MomentState is one moment of a side's story, for state().
type MomentState struct {
	Kind   string `json:"kind"`
	TimeNs int64  `json:"timeNs"`
	Text   string `json:"text"`
}

// momentStates lists the latest moments of the side's story.
func (s *Side) momentStates() []MomentState {
	out := []MomentState{}
	if s.teller == nil {
		return out
	}
	ms := s.teller.Moments()
	for _, m := range ms[max(0, len(ms)-keptMoments):] {
		out = append(out, MomentState{Kind: string(m.Kind), TimeNs: int64(m.At), Text: m.Sentence})
	}
	return out
}
