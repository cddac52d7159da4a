package play

import (
	"errors"
	"fmt"
	"math"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// TicksPerSecond is the rate Tick is called at (Ebiten's default TPS):
// each tick advances the clock by speed / TicksPerSecond virtual seconds.
const TicksPerSecond = 60

// Defaults.
const (
	DefaultSpeed = 0.05 // 50 ms of virtual time per real second
	MinSpeed     = 1e-7 // 100 ns per second: a few events a minute
	MaxSpeed     = 1000.0
	// DefaultEventBudget bounds the simulator events processed per tick,
	// over all sides, so that a frame never stalls: past it virtual time
	// runs slower than the speed asks (the header says "falling behind").
	DefaultEventBudget = 60_000
	// stepBound bounds the events a step may process looking for an
	// observable one.
	stepBound = 1 << 20
	// motionSpeed: above this many virtual seconds per real second a
	// flight of two thirds of a second would span a stretch of virtual time
	// in which the state changed many times over, so motion is turned off
	// (the view also skips flights in any tick with too many events).
	motionSpeed = 0.1
)

// Playground holds the sides and the transport state.
type Playground struct {
	spec    Spec
	loaded  bool
	scen    *scenario.Scenario
	sides   []*Side
	now     sim.Time
	running bool
	speed   float64
	lagging bool
	// EventBudget is the per-tick bound on simulator events (all sides).
	EventBudget int

	timing Timing
	err    string
	tl     timeline // checkpoints, the live position while scrubbed back, the followed thread
	tour   tour     // tour mode (tour.go)
	open   opening  // the fast-forward to the story's opening moment (opening.go)
	// contrast is the compared case's run beside a single shown case
	// (contrast.go), nil in compare mode or without one.
	contrast *contrast
	// contrastDrawn: the last frame drew a mark of the contrast run
	// (Build).
	contrastDrawn bool
}

// New returns an empty playground (nothing loaded, paused).
func New() *Playground {
	return &Playground{speed: DefaultSpeed, EventBudget: DefaultEventBudget}
}

// Load builds the sides for spec. On error nothing changes: the previous
// simulation keeps running. The play/pause state is kept.
func (p *Playground) Load(spec Spec) error {
	sc, err := scenario.Get(spec.Scenario)
	if err != nil {
		return err
	}
	if spec.Case == "" {
		spec.Case = sc.DefaultCase
	}
	if len(spec.Compare) > MaxSides {
		return fmt.Errorf("compare lists %d cases; at most %d can be shown side by side", len(spec.Compare), MaxSides)
	}
	if _, err := sc.Case(spec.Case); err != nil {
		return err
	}
	var sides []*Side
	for _, c := range spec.Cases() {
		s, err := newSide(sc, c, spec.Knobs, spec.Seed)
		if err != nil {
			return err
		}
		sides = append(sides, s)
	}
	con, err := newContrast(sc, spec)
	if err != nil {
		return err
	}
	con.syncTo(0, stepBound)
	p.spec, p.scen, p.sides, p.loaded = spec, sc, sides, true
	p.contrast = con
	p.tl = timeline{}
	p.tour = tour{}
	p.interruptOpening() // the reader's speed back
	p.open = opening{}
	p.now = 0
	p.lagging = false
	p.err = ""
	return nil
}

// Reset rebuilds the loaded spec, paused at t = 0.
func (p *Playground) Reset() error {
	if !p.loaded {
		return errors.New("nothing loaded")
	}
	if err := p.Load(p.spec); err != nil {
		return err
	}
	p.running = false
	return nil
}

// Play, Pause and Running control and report the transport.
func (p *Playground) Play() {
	p.interruptOpening()
	p.running = true
	p.tour.stop, p.tour.pending = nil, nil
}
func (p *Playground) Pause()         { p.interruptOpening(); p.running = false }
func (p *Playground) Running() bool  { return p.running }
func (p *Playground) Speed() float64 { return p.speed }
func (p *Playground) Now() sim.Time  { return p.now }
func (p *Playground) Sides() []*Side { return p.sides }
func (p *Playground) Spec() Spec     { return p.spec }
func (p *Playground) Loaded() bool   { return p.loaded }

// SetSpeed sets virtual seconds per real second.
func (p *Playground) SetSpeed(x float64) error {
	if math.IsNaN(x) || x < MinSpeed || x > MaxSpeed {
		return fmt.Errorf("speed %v is not allowed: expected virtual seconds per real second from %g to %g", x, MinSpeed, MaxSpeed)
	}
	p.interruptOpening()
	p.speed = x
	return nil
}

// Motion reports whether animations should run: only at speeds where a
// flight of about a second spans little virtual time.
func (p *Playground) Motion() bool { return !p.running || p.speed <= motionSpeed }

// Tick is one Update: when running, advance every side towards
// now + speed/TicksPerSecond within the event budget; then refresh
// snapshots and animations (also when paused, so that a step's events
// animate and running animations finish).
func (p *Playground) Tick() {
	for n := p.ticksThisUpdate(); n > 0; n-- {
		p.tick()
	}
}

func (p *Playground) tick() {
	if len(p.sides) == 0 {
		return
	}
	playing := p.running
	if playing && !p.settlingWaits() {
		p.advance()
	}
	motion := p.Motion()
	for i, s := range p.sides {
		news := s.refresh(motion, playing)
		if i == p.primary() {
			p.tourTick(news)
		}
		p.openingNews(i, news)
	}
	p.openingTick()
	p.timelineTick()
	p.contrastTick(playing)
}

// contrastTick lets the contrast run catch up with the shown time, lazily:
// seeks, steps and scrubs move only the shown sides (the contrast is one
// more simulator as large, so syncing it there cost as much again), and
// the ticks after bring it up, within a share of the frame's event budget,
// until it is drawn. While the opening fast-forwards it waits: the
// opening's frames are as fast as the shown sides alone make them, and
// the contrast catches up once it is held. Paused, the sides spend
// nothing, so it may take the whole budget; playing, a side's share.
func (p *Playground) contrastTick(playing bool) {
	if p.contrast == nil || p.open.active {
		return
	}
	budget := p.EventBudget
	if playing {
		budget = max(1, p.EventBudget/len(p.sides))
	}
	p.contrast.syncTo(p.now, budget)
}

// ContrastReady reports whether the contrast run, if there is one, is at
// the shown time (its marks are drawn): false while it catches up.
func (p *Playground) ContrastReady() bool {
	return p.contrast == nil || p.contrast.input(p.now) != nil
}

// Build builds the frame of the shown sides into l (view.Build), with
// the compared run beside them where the layout has room to draw it, and
// returns the inputs it used (dst's storage, reused).
//
// Where the layout draws no mark of the compared run (a small embed's
// frame), the frame is built again without it: its captions and step
// lines then speak of the shown run alone. vt-pooling's embed said "GC
// stops the pooled run 44 % of the time, the per-request run 14 %"
// with no sign of that run. It also records whether the compared run was
// drawn: the page names the compared case only while the picture shows it
// (State's Contrast.Drawn).
func (p *Playground) Build(l *view.List, w, h float32, hdr *view.Header, sides []*view.Side, dst []view.SideInput, o *view.Options) []view.SideInput {
	con := p.beside()
	ins := p.inputsBeside(dst, con)
	view.Build(l, w, h, hdr, sides, ins, o)
	if !l.ContrastDrawn() && con != nil {
		ins = p.inputsBeside(ins, nil)
		view.Build(l, w, h, hdr, sides, ins, o)
	}
	p.contrastDrawn = l.ContrastDrawn()
	return ins
}

// besideTold is the compared run the page's words may speak of: the one
// the last frame drew (Build).
func (p *Playground) besideTold() *view.Contrast {
	if !p.contrastDrawn {
		return nil
	}
	return p.beside()
}

// SyncContrast brings the contrast run to the shown time at once,
// processing at most about maxEvents events, and reports whether it got
// there: for tests and screenshots, which wait for the marks a reader
// sees a few frames later.
func (p *Playground) SyncContrast(maxEvents int) bool {
	return p.contrast.syncTo(p.now, maxEvents)
}

func (p *Playground) advance() {
	dt := sim.Duration(p.speed * float64(sim.Second) / TicksPerSecond)
	dt = max(dt, 1)
	target := p.now.Add(dt)
	budget := max(1, p.EventBudget/len(p.sides))
	if p.open.active {
		budget *= openingBudget // a few slow frames are the price of reaching the moment sooner
	}
	p.lagging = false
	for _, s := range p.sides {
		if s.sm.Done() {
			continue
		}
		// A side ahead of the clock (it caught up while another lagged)
		// waits: Advance to a time before now does nothing.
		s.sm.Advance(target, budget)
		s.collect()
		if !s.sm.Done() && s.sm.Now() < target {
			p.lagging = true
		}
	}
	p.now = p.clock()
	if p.allDone() {
		p.running = false
	}
}

// clock is the shared virtual time: the earliest of the sides still
// running (so no side is ever shown ahead of another), or the latest end.
func (p *Playground) clock() sim.Time {
	t, any := sim.Never, false
	var last sim.Time
	for _, s := range p.sides {
		last = max(last, s.sm.Now())
		if !s.sm.Done() {
			t, any = min(t, s.sm.Now()), true
		}
	}
	if !any {
		return last
	}
	return t
}

func (p *Playground) allDone() bool {
	for _, s := range p.sides {
		if !s.sm.Done() {
			return false
		}
	}
	return true
}

// Step pauses and advances to the next observable event: the first side
// still running processes events until it records one, then the others
// catch up to the same virtual time. Repeated steps follow a thread through
// mount → park → freeze → unpark → thaw.
func (p *Playground) Step() {
	p.interruptOpening()
	p.running = false
	var lead *Side
	for _, s := range p.sides {
		if !s.sm.Done() {
			lead = s
			break
		}
	}
	if lead == nil {
		return
	}
	lead.stepUntil(&EventFilter{}) // a filter without kinds or thread takes any event
	// state() right after a step reports the stepped state; the events
	// stay pending for the next tick to animate.
	p.catchUp(lead)
}

// catchUp brings every other side to the time the lead side stepped to,
// moves the shared clock there and refreshes every side's snapshot.
func (p *Playground) catchUp(lead *Side) {
	t := lead.sm.Now()
	for _, s := range p.sides {
		if s != lead && !s.sm.Done() {
			s.sm.Advance(t, stepBound)
			s.collect()
		}
	}
	p.now = p.clock()
	for _, s := range p.sides {
		s.fill()
	}
}

// Lagging reports whether the last tick hit the event budget.
func (p *Playground) Lagging() bool { return p.lagging }

// SetError records a recovered panic's message ("" clears it) and pauses.
func (p *Playground) SetError(msg string) {
	p.err = msg
	if msg != "" {
		p.running = false
	}
}

// Error returns the last recovered panic's message.
func (p *Playground) Error() string { return p.err }

// Timing returns the frame timing recorder.
func (p *Playground) Timing() *Timing { return &p.timing }

// primary is the index of the side showing the spec's case.
func (p *Playground) primary() int {
	for i, s := range p.sides {
		if s.Case == p.spec.Case {
			return i
		}
	}
	return 0
}

// Inputs returns what the view draws, one per side.
func (p *Playground) Inputs(dst []view.SideInput) []view.SideInput {
	return p.inputsBeside(dst, p.beside())
}

// inputsBeside is every side's input with con the compared run beside it
// (nil: none), in dst's storage.
func (p *Playground) inputsBeside(dst []view.SideInput, con *view.Contrast) []view.SideInput {
	dst = dst[:0]
	for _, s := range p.sides {
		dst = append(dst, s.Input(con))
	}
	return dst
}

// beside is the contrast run's state for the one shown side, nil when
// there is none or it has not caught up with the shown time
// (contrastTick): a contrast at another moment is not drawn or told.
func (p *Playground) beside() *view.Contrast {
	if p.contrast == nil || len(p.sides) != 1 {
		return nil
	}
	return p.contrast.input(p.now)
}

// Animating reports whether any side's picture is still moving, or is
// about to: events a move made that the next tick turns into motion
// count (a still taken right after a step, before that tick, caught the
// flights it started).
func (p *Playground) Animating() bool {
	for _, s := range p.sides {
		if len(s.pending) > 0 || s.sm != nil && s.sm.Undrained() > 0 || s.View != nil && s.View.Animating() {
			return true
		}
	}
	return false
}

// Still reports whether nothing shown can change until the playground is
// told something (a call, an input): paused, no fast-forward, no
// animation under way and no activity strip fading, the compared run
// caught up, and the timeline's checkpoint of the paused moment taken (the
// ticks after a pause take it). The game stops asking for frames then
// (game/rest.go).
func (p *Playground) Still() bool {
	if p.running || p.open.active || p.Animating() || !p.ContrastReady() || p.tl.checkpointDue(p) {
		return false
	}
	for _, s := range p.sides {
		if s.View != nil && s.View.Fading() {
			return false
		}
	}
	return true
}

// Views returns the sides' view state.
func (p *Playground) Views(dst []*view.Side) []*view.Side {
	dst = dst[:0]
	for _, s := range p.sides {
		dst = append(dst, s.View)
	}
	return dst
}

// Header returns the canvas header's contents (without frame stats).
func (p *Playground) Header() view.Header {
	h := view.Header{Scenario: p.spec.Scenario, Time: p.now, Speed: p.speed, Running: p.running,
		Lagging: p.running && p.lagging, Error: p.err}
	if !p.loaded {
		h.Scenario = "nothing loaded"
	}
	return h
}

// Seek moves every side to virtual time t, paused, processing at most
// maxEvents events per side; it reports whether t was reached. Earlier
// times are re-simulated from the timeline's checkpoints (Scrub).
func (p *Playground) Seek(t sim.Time, maxEvents int) (bool, error) {
	return p.Scrub(t, maxEvents)
}
