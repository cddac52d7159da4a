package play

import (
	"errors"

	"github.com/loomlab/loomlab/game/story"
)

// The tour plays the run from its start and pauses at each moment of the
// article's story (each kind's first occurrence, from the live model, so
// it works for any knobs and seed), with the moment's sentence as its
// text; Continue plays on to the next. It follows the primary side.

// tourIntro is the tour's text before its first stop.
const tourIntro = "The tour plays the run and stops at each moment of the story."

type tour struct {
	active  bool
	step    int            // stops made so far
	stop    *story.Moment  // the moment it is stopped at, nil while playing
	pending []story.Moment // moments of the same tick not shown yet
}

// TourState is the tour for state().
type TourState struct {
	Active  bool   `json:"active"`
	Step    int    `json:"step"`
	Text    string `json:"text"`
	Kind    string `json:"kind"`    // the moment stopped at, "" while playing
	Waiting bool   `json:"waiting"` // stopped at a moment: Continue plays on
	// Last: this stop is the tour's last (the run ended, or every moment
	// of the story has been told); Continue ends the tour and plays on.
	Last bool `json:"last"`
}

// StartTour rebuilds the loaded run at t = 0 and plays it as a tour.
func (p *Playground) StartTour() error {
	if !p.loaded {
		return errors.New("nothing loaded: load a scenario before starting the tour")
	}
	if err := p.Reset(); err != nil {
		return err
	}
	p.tour = tour{active: true}
	p.running = true
	return nil
}

// ContinueTour shows the next moment of the same tick if there is one,
// else plays on; after the last stop it ends the tour (and plays on while
// the run has more to run).
func (p *Playground) ContinueTour() error {
	t := &p.tour
	if !t.active {
		return errors.New("no tour is running: start one with tour()")
	}
	if len(t.pending) > 0 {
		p.stopAt(t.pending[0])
		t.pending = t.pending[1:]
		return nil
	}
	last := p.lastStop()
	t.stop = nil
	if last {
		p.EndTour()
	}
	p.running = !p.allDone()
	return nil
}

// lastStop reports whether the tour has nothing more to stop at: the run
// has ended, or the primary side's story has told all its moments.
func (p *Playground) lastStop() bool {
	if len(p.tour.pending) > 0 {
		return false
	}
	if p.allDone() {
		return true
	}
	i := p.primary()
	return i < len(p.sides) && p.sides[i].teller != nil && p.sides[i].teller.Told()
}

// EndTour leaves tour mode; the run stays where it is.
func (p *Playground) EndTour() { p.tour = tour{} }

// tourTick pauses the tour at the primary side's new moments.
func (p *Playground) tourTick(news []story.Moment) {
	t := &p.tour
	if !t.active || len(news) == 0 {
		return
	}
	p.running = false
	p.stopAt(news[0])
	t.pending = append(t.pending, news[1:]...)
}

func (p *Playground) stopAt(m story.Moment) {
	p.tour.step++
	p.tour.stop = &m
	p.running = false
}

// TourState reports the tour.
func (p *Playground) TourState() TourState {
	t := &p.tour
	if !t.active {
		return TourState{}
	}
	if t.stop == nil {
		return TourState{Active: true, Step: t.step, Text: tourIntro}
	}
	return TourState{Active: true, Step: t.step, Text: t.stop.Sentence, Kind: string(t.stop.Kind), Waiting: true, Last: p.lastStop()}
}
