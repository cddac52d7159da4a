package play

import (
	"errors"
	"math"
	"slices"
	"strings"

	"github.com/loomlab/loomlab/game/story"
)

// The opening: a story opened on the page (or by a link without a time)
// shows the moment it is about instead of its first milliseconds, where
// every case looks the same. The playground fast-forwards the run, drawing
// it as it goes, until the primary side's story reports the story's opening
// moment (the first Full GC of vt-pooling, the pool filling up in
// request-load, ...) and holds there, paused, with the moment's callout on
// the picture. The moment is found in the live model by the story's own
// rules, never a time per case, so it stays true for any knobs and seed.
// Reset still starts from t = 0, and the run is the same run: the opening
// only plays it faster for a few seconds.
//
// Rejected: seeking straight to the moment in one call (the page would
// freeze for the seconds a long run-ahead takes, and the reader would not
// see the state forming), and a canned time per case (false for any other
// knobs).

const (
	// openingStartSpeed and openingGrowth: the fast-forward starts at 100
	// ms of virtual time per second and speeds up by 4 % a tick, so it
	// covers about 0.4 s of virtual time in its first second, 4.5 s in
	// two and 15 s in two and a half (if the simulator keeps up): moments
	// early in a run are found within a step of 4 % of their time, late
	// ones still within seconds.
	openingStartSpeed = 0.1
	openingGrowth     = 1.04
	// openingSettleSpeed: once the moment has come, the fast-forward goes
	// on in ticks of about 5 ms of virtual time until no drawn run is in a
	// pause. At the speed it had reached (vt-pooling's steady Full GCs
	// come at 3.4 s, when a tick covers 135 ms), ticks stepped over the
	// short gaps between a pooled run's pauses, and the picture held a
	// second after its moment.
	openingSettleSpeed = 0.3
	// openingTicks bounds the fast-forward to five seconds of frames: a
	// story whose moment has not come by then opens where the fast-forward
	// got to, its state formed as far as the run has gone.
	openingTicks = 5 * TicksPerSecond
	// openingBudget multiplies the per-tick event budget while fast-
	// forwarding: at the usual budget a heavy run (vt-pooling's two 1 GB
	// sides) falls behind the fast-forward's speed and takes ten seconds
	// to reach its first Full GC; four times the events make each frame
	// slower (the picture is moving too fast to follow anyway) and the
	// moment comes in a few seconds.
	openingBudget = 4
	// openingMaxTicksPerUpdate bounds the ticks the fast-forward runs in
	// one Update when updates come slowly (ticksThisUpdate).
	openingMaxTicksPerUpdate = 6
)

// openingKinds are the moments each article's story is about, in tiers,
// the most telling first: the opening stops at the first moment of the
// first tier, and when the bound or the run's end comes first it lands
// on the best moment seen on the way (landOnBest). The kinds of one tier are alternatives
// (a pool fills up, a thread per task does not). everySide: when cases are
// compared, the opening waits until each side has had a moment of the
// first tier (or ended), so that each shows its own lesson; without it,
// the primary side's moment is the opening and the other sides show how far
// they are from it.
func openingKinds(scenario string) (tiers [][]story.Kind, everySide bool) {
	switch scenario {
	case "vt-pooling":
		// The lesson is the Full GCs that pooled threads' caches bring,
		// and what they cost the throughput. It shows in full once the
		// Full GCs are steady: the caches have filled the old gen, each
		// Full GC keeps the same live data, and the run goes at the pace
		// it keeps to its end, which is what the title's −34 % is about.
		// Held at the first Full GC that freed little (1.98 s), the
		// pooled run was 4 % behind, and readers of stop 68 set that
		// against the −34 % again and again; held at the steady Full GCs
		// (4.2 s) it is 33 % behind over the last second. The earlier
		// moments are the fallbacks (a smaller heap whose live data still
		// grows, a larger one with no Full GC yet). The first Full GC
		// found mostly garbage (readers asked why the pooled run makes so
		// much more of it, and did not see the cause). Compared with
		// unpooled threads, the lesson is that those have few Full GCs:
		// waiting for theirs would hide it.
		return [][]story.Kind{{story.FullGCsSteady}, {story.FullGCFreesLittle}, {story.FirstFullGC}, {story.OldGenHalf}}, false
	case "request-load":
		// A pool fills up and tasks queue for a thread; with a thread per
		// task, a thousand threads wait at once.
		return [][]story.Kind{{story.PoolFull, story.ManyWaiting}}, true
	case "llm-router":
		return [][]story.Kind{{story.LosersCancelled}, {story.RouterSingle}}, true
	case "loom-carrier":
		return [][]story.Kind{{story.FirstRequest}}, true
	case "vt-basics":
		// Ten thousand threads asleep at once is what the memory cases
		// measure (platform threads take longer to get there); the creation
		// cases end once all have started.
		return [][]story.Kind{{story.AllAsleep}, {story.AllStarted}}, true
	}
	// The lab (and any story without an article): the first Full GC; where
	// the heap needs none, the old gen passing half full, where its
	// pooled workers' caches are seen to fill it (at the first young GC,
	// the fallback before, readers took the frame for one about threads
	// waiting, the GC's point unseen: rated 3 of 5 over four stops).
	return [][]story.Kind{{story.FirstFullGC}, {story.OldGenHalf}, {story.FirstGC}}, false
}

// goalWords say what the fast-forward is heading for, for the page's line
// while it runs.
var goalWords = map[story.Kind]string{
	// Each reads after "Fast-forwarding to" and after "Opened at".
	story.FirstFullGC:       "the first Full GC",
	story.FullGCFreesLittle: "a Full GC that frees little",
	story.FullGCsSteady:     "the moment the Full GCs turn steady",
	story.OldGenHalf:        "the moment the old gen passes half full",
	story.PoolFull:          "the moment the pool fills up",
	story.ManyWaiting:       "the moment a thousand threads wait at once",
	story.LosersCancelled:   "the first race decided, its losers cancelled",
	story.RouterSingle:      "the moment the router calls one model alone",
	story.FirstRequest:      "the first requests served",
	story.AllAsleep:         "the moment every thread is asleep",
	story.AllStarted:        "the moment every thread has started",
	story.FirstGC:           "the first GC",
}

type opening struct {
	active bool
	done   bool
	kinds  [][]story.Kind
	speed  float64 // the reader's speed, restored when the fast-forward ends
	ticks  int     // ticks of fast-forward left
	best   int     // tier of the primary side's best moment seen (len(kinds): none)
	// everySide: wait for each compared side's first-tier moment; reached
	// marks the sides that had one (or ended), last is the latest of them.
	everySide bool
	reached   []bool
	last      *story.Moment
	moment    story.Moment
	held      bool // stop paused at the moment (else play on at the reader's speed)
	// settling: the moment has come; the fast-forward runs on until no
	// drawn run is in a stop-the-world pause (quiet), within its bound.
	settling bool
}

// OpeningState is the opening for state().
type OpeningState struct {
	// Active: fast-forwarding to the moment (the picture is moving fast).
	Active bool `json:"active"`
	// Goal says what it heads for ("the first Full GC").
	Goal string `json:"goal"`
	// Done: the opening has ended; Kind, Text and TimeNs are the moment it
	// stopped at (Kind "" when it stopped without one: the run ended or the
	// fast-forward's bound came first).
	Done   bool   `json:"done"`
	Kind   string `json:"kind"`
	Text   string `json:"text"`
	TimeNs int64  `json:"timeNs"`
	// Reached names the moment in a few words ("the first Full GC").
	Reached string `json:"reached"`
}

// Open fast-forwards the loaded run from where it is to its story's
// opening moment, one tick at a time; held, it stops there paused, else it
// plays on at the reader's speed. Instant (for a reader who asked for
// reduced motion) runs the whole fast-forward in this call: nothing moves
// on screen, and the picture appears at the moment.
func (p *Playground) Open(held, instant bool) error {
	if !p.loaded {
		return errors.New("nothing loaded: load a scenario before opening its story")
	}
	p.tour = tour{}
	kinds, every := openingKinds(p.spec.Scenario)
	p.open = opening{active: true, kinds: kinds, speed: p.speed, ticks: openingTicks, best: len(kinds), held: held,
		everySide: every && len(p.sides) > 1, reached: make([]bool, len(p.sides))}
	p.speed = openingStartSpeed
	p.running = true
	if instant {
		for p.open.active {
			p.Tick()
		}
	}
	return nil
}

// openingNews notes side i's new moments during the fast-forward: the
// primary side's best, and whether each side has had its first-tier moment.
func (p *Playground) openingNews(i int, news []story.Moment) {
	o := &p.open
	if !o.active {
		return
	}
	for _, m := range news {
		if i == p.primary() {
			for k, tier := range o.kinds {
				if k < o.best && slices.Contains(tier, m.Kind) {
					o.best, o.moment = k, m
				}
			}
		}
		if len(o.kinds) > 0 && slices.Contains(o.kinds[0], m.Kind) && i < len(o.reached) {
			o.reached[i] = true
			o.last = &m
		}
	}
}

// openingTick ends a tick of the fast-forward: it stops at the story's
// opening moment (or at the bound, or at the run's end) and otherwise
// speeds up.
func (p *Playground) openingTick() {
	o := &p.open
	if !o.active {
		return
	}
	o.ticks--
	every := true
	for i, s := range p.sides {
		if i < len(o.reached) && s.sm.Done() {
			o.reached[i] = true
		}
		every = every && i < len(o.reached) && o.reached[i]
	}
	if o.best == 0 && o.everySide && every && o.last != nil {
		o.moment = *o.last // where it stops: the last side to get there
	}
	if o.best == 0 && (!o.everySide || every) {
		o.settling = true
	}
	if (o.settling && p.quiet()) || o.ticks <= 0 || p.allDone() {
		p.endOpening(o.held)
		return
	}
	if !o.settling {
		p.speed = min(p.speed*openingGrowth, MaxSpeed)
	} else {
		p.speed = min(p.speed, openingSettleSpeed)
	}
}

// ticksThisUpdate is how many ticks one Update runs: one, or while the
// fast-forward runs on a machine that updates fewer than TicksPerSecond
// times a second (a slow or busy computer drawing a large picture), as
// many as keep it to about five seconds of the reader's time. The ticks are
// the same ticks whatever their number per Update — each speeds up by the
// same step and has the same event budget — so where the fast-forward stops
// does not depend on the machine; only fewer of its frames are drawn.
func (p *Playground) ticksThisUpdate() int {
	tps := p.timing.TPS
	if !p.open.active || tps <= 0 || tps >= TicksPerSecond {
		return 1
	}
	return min(int(math.Ceil(TicksPerSecond/tps)), openingMaxTicksPerUpdate)
}

// endOpening ends a fast-forward under way: the reader's speed is back,
// and the run holds (paused) or plays on.
func (p *Playground) endOpening(held bool) {
	o := &p.open
	if !o.active {
		return
	}
	o.active, o.done = false, true
	p.speed = o.speed
	p.landOnBest()
	p.dropRunUpCallouts()
	p.running = !held && !p.allDone()
}

// dropRunUpCallouts: the callouts of moments the fast-forward passed
// before the one it stopped at go, so the picture holds the moment's own.
// They came and went at many times the reader's speed, and one still alive
// beside the moment's ("At 1.82 s: a Full GC could not empty the old gen"
// under vt-pooling's steady Full GCs at 4.2 s) told an older state as news.
func (p *Playground) dropRunUpCallouts() {
	o := &p.open
	if o.best >= len(o.kinds) {
		return
	}
	for _, s := range p.sides {
		kept := s.callouts[:0]
		for _, c := range s.callouts {
			if c.m.At >= o.moment.At {
				kept = append(kept, c)
			}
		}
		s.callouts = kept
	}
}

// landOnBest: the fast-forward ended at its bound or at the run's end
// without the story's most telling moment, but passed a lesser one (a run
// whose heap never needs a Full GC had its first young GC). The reader
// lands on that moment, with its callout, rather than wherever the search
// gave up, which for a run that ends is its last frame: the run is taken
// back to the moment as a scrub would (the timeline keeps the position
// reached, for a scrub forward). A first-tier moment, or none at all,
// leaves the run where it stopped, and so does a stop that still shows the
// moment (within calloutSameTime of it: vt-basics' creation cases end as
// their last thread starts, and their end is the picture to land on).
func (p *Playground) landOnBest() {
	o := &p.open
	if o.best == 0 || o.best >= len(o.kinds) || p.now-o.moment.At < calloutSameTime {
		return
	}
	kept := *o
	if _, err := p.Scrub(o.moment.At, math.MaxInt); err != nil {
		p.SetError("opening: " + err.Error())
		return
	}
	p.open = kept // the scrub forgets the opening: this one is still its
	p.sides[p.primary()].showCallout(kept.moment)
}

// interruptOpening: the reader took over (play, pause, step, a new
// speed): the fast-forward ends where it is, with the reader's speed back;
// the caller sets the transport.
func (p *Playground) interruptOpening() {
	if o := &p.open; o.active {
		o.active, o.done = false, true
		p.speed = o.speed
	}
}

// readerSpeed is the speed the reader chose: while the fast-forward runs,
// the one it will give back (state() reports it, so a link copied then
// carries the reader's speed, not the fast-forward's).
func (p *Playground) readerSpeed() float64 {
	if p.open.active {
		return p.open.speed
	}
	return p.speed
}

// OpeningState reports the opening ({} when there is none).
func (p *Playground) OpeningState() OpeningState {
	o := &p.open
	if !o.active && !o.done {
		return OpeningState{}
	}
	st := OpeningState{Active: o.active, Done: o.done}
	if len(o.kinds) > 0 {
		var goals []string
		for _, k := range o.kinds[0] {
			goals = append(goals, goalWords[k])
		}
		st.Goal = strings.Join(goals, " or ")
	}
	if o.best < len(o.kinds) {
		st.Kind, st.Text, st.TimeNs = string(o.moment.Kind), o.moment.Sentence, int64(o.moment.At)
		st.Reached = goalWords[o.moment.Kind]
	}
	return st
}
