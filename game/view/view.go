package view

import "github.com/loomlab/loomlab/sim"

// Options are the viewer's choices, none of which touch the model.
type Options struct {
	Palette *Palette
	// Scale is device pixels per layout pixel (1 on ordinary screens, up to
	// 1.5 on dense ones): every size in the layout is multiplied by it.
	Scale float32
	// Motion turns animations on. The playground turns it off at fast
	// speeds, where a flight would start many frames after its event.
	Motion bool
	// Followed is the followed thread of each side (0: none), outlined
	// wherever it is drawn (hit.go).
	Followed []sim.ThreadID
	// DevOverlay shows the tool's own frame rate and update/draw times
	// (Header.Stats) in a box over the picture; off, they are not drawn:
	// they are about the tool, not about the model.
	DevOverlay bool
}

func (o *Options) palette() *Palette {
	if o == nil || o.Palette == nil {
		return &OkabeIto
	}
	return o.Palette
}

func (o *Options) scale() float32 {
	if o == nil || o.Scale <= 0 {
		return 1
	}
	return o.Scale
}

// Header is what the canvas's top line says.
type Header struct {
	Scenario string
	Time     sim.Time
	Speed    float64 // virtual seconds per real second
	Running  bool
	// Lagging: the simulation could not keep up with the speed this frame
	// (it hit its per-frame event bound), so virtual time ran slower.
	Lagging bool
	// Stats (frame rate and Go-side frame times) is drawn only in the
	// developer overlay (Options.DevOverlay).
	Stats string
	// Error, when set, is drawn as an overlay over the whole canvas.
	Error string
}

// SideInput is what one side is drawn from.
type SideInput struct {
	Case  string
	Title string // the case's one-line description
	Snap  *sim.Snapshot
	// Virtual: the workload runs virtual threads, so carrier lanes are drawn
	// (even before the scheduler has started them); otherwise lanes are CPUs.
	Virtual bool
	// Requests is the number of tasks of a batch, 0 when open-ended.
	Requests int64
	// Unit is what the workload's tasks are, as a plural noun: "requests"
	// (clients' requests, the default), "tasks" (a batch on a pool) or
	// "threads" (a batch that starts a thread per task).
	Unit string
	// Scopes: the workload forks structured scopes.
	Scopes bool
	// BaseMeasured: the count of the JVM's own threads is the article's
	// measured count (its libraries' threads included), not an estimate.
	BaseMeasured bool
	// MemLimit is the container's memory limit the resident memory is
	// measured against, 0 when none is set.
	MemLimit sim.Bytes
	// WakeLatency is the model's time for a blocked OS thread to become
	// runnable once woken (sim.Machine.WakeLatency): why threads just made
	// ready still wait beside idle carriers.
	WakeLatency sim.Duration
	// Models names the models a structured scope's subtasks call, by
	// subtask index (the LLM router's), if any.
	Models []string
	// SleepsFor is what the workload's sleeps stand for ("backend call"),
	// said beside its sleeping threads; "" where a sleep is the
	// workload's own (vt-basics' Thread.sleep). Two readers of the lab
	// asked why 277 threads slept.
	SleepsFor string
	// Caption is one or two plain sentences saying what is happening now
	// and why (written by the story rules outside this package); drawn in
	// a band under the side's picture, wrapped, never cut.
	Caption string
	// Callouts are short notes on moments that just happened, drawn under
	// the panels while they last.
	Callouts []Callout
	// Step names the one event the last step stopped at ("" when not
	// stepping): drawn under the caption, since the caption is about the
	// whole state and a step moves one event.
	Step string
	// StepOther, after a step to a pause, says the compared run is in
	// one too (game/play's otherPauseWords): drawn after Step where the
	// pair is drawn as columns, or where it adds no line (a phone's extra
	// line cost the pair's rows their room).
	StepOther string
	// Contrast, when not nil, is the case the article compares this one
	// with, run by the playground beside it at the same simulated time
	// (only when one case is shown): what a story draws as the other
	// case's small mark, at the scale of the mark it is compared with.
	Contrast *Contrast
	// MemoryContrast: the story compares the runs' resident memory, so the
	// OS threads' panel draws Contrast's beside this run's (loom-carrier).
	MemoryContrast bool
}

// Contrast is the compared case's live state.
type Contrast struct {
	Case  string
	Title string // the case's one-line description
	// Name is what sets it apart from the shown case, to name its marks:
	// its title without the words both titles start with ("a virtual
	// thread per request").
	Name string
	Snap *sim.Snapshot
}

// Callout is a short note on a moment of the story ("first Full GC").
type Callout struct {
	Text string
	// Kind names the moment (free-form, e.g. "full-gc", "pinned"); the
	// picture draws all kinds alike.
	Kind string
	// Age and TTL are in seconds of real time: the callout fades out over
	// its last second and is not drawn once Age >= TTL.
	Age, TTL float64
}

// LaneCount is the number of lanes a side draws: every carrier started
// (sim.Snapshot.CarriersStarted) for a virtual-thread workload, else
// every CPU. Not the pool's parallelism: a lane for a carrier not yet
// started read as a 12th carrier beside the OS threads' 11.
func (in *SideInput) LaneCount() int {
	s := in.Snap
	if in.Virtual {
		return max(s.CarriersStarted(), 1) // a lane "not started yet" before the first
	}
	return max(s.Cores, 1)
}

// Build fills l with the picture of a w × h canvas: the header, one side
// per input (sides and ins have the same length), and the legend of the
// meanings the sides drew. The legend's height is reserved from what the
// sides drew in the previous frame; when the scene now uses other
// meanings the picture is drawn again with the right height (once).
//
// A compared run that found no room is tried once more from the smallest
// legend: the one-run picture's legend is taller than the pair's, so a
// legend kept from frames drawn before the compared run was ready could
// leave the pair no room it would have had, and the same state would draw
// one run or two by what came before (a phone's vt-pooling frame did).
func Build(l *List, w, h float32, hdr *Header, sides []*Side, ins []SideInput, o *Options) {
	want, fresh := meaningSet(0), false
	for i := range ins {
		if i < len(sides) {
			want |= sides[i].legend
			fresh = fresh || sides[i].legend == 0
		}
	}
	if fresh {
		want = allMeanings // a new side: start from the fullest legend
	}
	buildSettled(l, w, h, hdr, sides, ins, o, want)
	if !l.contrastDrawn && contrastOffered(ins) && want != 0 {
		buildSettled(l, w, h, hdr, sides, ins, o, 0)
	}
	for i := range ins {
		if i < len(sides) {
			sides[i].legend = l.used
		}
	}
}

// buildSettled draws passes until the legend reserved has room for every
// meaning drawn.
func buildSettled(l *List, w, h float32, hdr *Header, sides []*Side, ins []SideInput, o *Options, want meaningSet) {
	for pass := 0; pass < 5; pass++ {
		got := build(l, w, h, hdr, sides, ins, o, want)
		if got&^want == 0 && (pass > 0 || got == want) {
			// Everything drawn has room (a legend reserved for more than it
			// shows leaves at most a line empty this frame).
			break
		}
		if pass > 0 {
			// Oscillating between sets: room for all of them, so the
			// legend is never clipped; the set only grows, so this ends.
			got |= want
		}
		want = got
	}
}

// contrastOffered: a side was handed a compared run to draw.
func contrastOffered(ins []SideInput) bool {
	for i := range ins {
		if ins[i].Contrast != nil {
			return true
		}
	}
	return false
}

// build draws one pass with room for a legend of the meanings in want and
// returns the meanings the sides drew.
func build(l *List, w, h float32, hdr *Header, sides []*Side, ins []SideInput, o *Options, want meaningSet) meaningSet {
	p, sc := o.palette(), o.scale()
	l.Reset(w, h)
	l.legend = l.legend[:0]
	l.Rect(Rect{W: w, H: h}, p.Background)
	cl := LayoutCanvas(w, h, len(ins), legendHeightFor(w, sc, want), sc)
	drawHeader(l, cl.Header, hdr, p, sc)
	for i := range ins {
		if i < len(sides) && !cl.Sides[i].Empty() {
			l.hits.side = i
			// A still frame (paused or stepping) folds what changes every
			// instant: idle lanes, an empty run queue (layout.go).
			sides[i].still = hdr == nil || !hdr.Running
			sides[i].canvasW = w
			sides[i].compared = len(ins) > 1
			sides[i].draw(l, cl.Sides[i], &ins[i], o)
		}
	}
	markFollowed(l, o, p, sc)
	got := l.used
	drawLegend(l, cl.Legend, got, p, sc)
	if o != nil && o.DevOverlay && hdr != nil && hdr.Stats != "" {
		drawDevOverlay(l, cl.Header, hdr.Stats, p, sc)
	}
	if hdr != nil && hdr.Error != "" {
		drawError(l, Rect{W: w, H: h}, hdr.Error, p, sc)
	}
	return got
}

// Side is one simulator's picture and the little state the picture keeps
// between ticks: running animations, lane activity, the stack-bar scale.
// It holds nothing the model needs.
type Side struct {
	tick   int64
	anims  []anim
	words  []Rect    // scratch: the boxes of the words flights keep off (motion.go)
	heat   []float32 // per lane: recent mounts, decaying each tick
	scaleW sim.Words // words a full stack bar stands for; grows, never shrinks
	// Heap state at the previous tick, to draw what a GC just removed.
	prevEden, prevSurv, prevOld, prevOldGarbage sim.Bytes
	// prevPauseFull: the previous tick was in a Full GC's pause, whose old
	// gen was drawn as the collector found it (oldAsDrawn).
	prevPauseFull bool
	// legend: the meanings drawn in the last frame (Build reserves the
	// legend's room from them).
	legend meaningSet
	// byTier: this frame's stacks and chunks are coloured by JIT tier
	// (stackcolor.go).
	byTier bool
	// canvasW: the whole canvas's width this frame (a phone's is narrow;
	// a side of a three-way comparison on a desktop is narrow too, but its
	// canvas is not).
	canvasW float32
	// still: this frame is not moving (Build sets it from the header).
	still bool
	// compared: the side is one of several drawn side by side.
	compared bool
	// memStory: this draw's OS panel tells the memory story (memstory.go).
	memStory bool
	// memScenario: the side's program is the memory story's (its OS
	// panel counts the JVM's OS threads beside the carriers), told in
	// full or, on a low panel, in its ordinary lines.
	memScenario bool
	// queuesStacked: the tasks' queue and the threads' are a line each,
	// one over the other (a phone's, Scene.TwoQueues), not side by side.
	queuesStacked bool
	// races: the structured scopes this side saw decided (scopes.go).
	races raceMemory
	// This draw's roles of the running and ready threads in the races,
	// the models' names, and the OS wake-up time (lanes.go, threads.go).
	roles  []threadRole
	models []string
	wake   sim.Duration
	snap   *sim.Snapshot // this draw's snapshot (nil between draws)
	// contrast is this draw's compared case (nil: none, or between draws).
	contrast *Contrast
	// shownName is what sets the shown case apart from the compared one
	// ("10,000 pooled virtual threads"), to name its marks beside the
	// compared case's.
	shownName string
	// Scratch reused between draws.
	scratch    List      // a dry run's drawing (threads.go: the parked groups' shared scale)
	rowHeights []float32 // the parked groups' rows (threads.go groupHeights)
	measure    List      // a dry run of the waiting row and the parked grid (threads.go: their shared scale)
	// squareK: threads a square stands for in both the waiting row and
	// the parked grid (0: each chooses); needK: a dry run's need.
	squareK, needK int
	// merged: this frame draws every live virtual thread in one panel
	// (Scene.ThreadsMerged), which the heap's arrow leaves from.
	merged bool
	// liveGrid is the merged panel's grid of threads this frame (empty
	// when not drawn): the heap's arrow leaves from its right edge.
	liveGrid Rect
	// pairDrawn: this draw's heap drew the compared run beside this one
	// (drawPair), so the OS threads' line says its count is each run's.
	pairDrawn bool
	// pairCols: this draw lays the two runs out as columns (Scene.PairColumns).
	pairCols bool
	waiting  []sim.ThreadID
	groups   []group
	// Rectangles of the last draw, for animations' end points.
	at anchors
	// rowScale: where this frame's row of threads waiting for a CPU said
	// its scale (threads.go, sayScaleOnce).
	rowScale rowScaleNote
}

// NewSide returns a side with no history.
func NewSide() *Side { return &Side{scaleW: 256} }

// Reset forgets all history (the simulation was rebuilt).
func (s *Side) Reset() { *s = *NewSide() }

// Tick advances the side's animations by one tick and starts new ones for
// the events drained since the previous tick. snap is the state after
// those events. With motion off no flights start (the state is still
// drawn exactly).
func (s *Side) Tick(snap *sim.Snapshot, events []sim.Event, motion bool) {
	s.tick++
	for i := range s.heat {
		s.heat[i] *= 0.9
	}
	s.startAnims(snap, events, motion)
	s.races.note(snap, events)
	s.growStackScale(snap)
	s.prevEden, s.prevSurv = snap.Heap.EdenUsed, snap.Heap.SurvivorUsed
	drawn := oldAsDrawn(snap)
	s.prevOld, s.prevOldGarbage = drawn.OldUsed, drawn.OldGarbage
	s.prevPauseFull = snap.PauseFull
}

// growStackScale widens the stack bars' scale to the deepest stack on a
// carrier in snap, to a round number; it never narrows, so the bars
// compare from frame to frame. Called by Tick and by drawLanes: a scrub or
// a seek fills the snapshot without a tick, and a picture drawn then said
// "full bar = 2 KB" beside "stack 9.0 KB".
func (s *Side) growStackScale(snap *sim.Snapshot) {
	for _, c := range snap.Carriers {
		if c.Frames > s.scaleW {
			s.scaleW = niceWords(c.Frames)
		}
	}
}

// niceWords rounds a stack of w words up to a round size in bytes, 1, 2
// or 5 times a power of ten kilobytes, so that the stack bars' scale (2
// KB at first) changes rarely and reads as a round number: rounded in
// words (2,000) it was said as "full bar = 15.6 KB".
func niceWords(w sim.Words) sim.Words {
	const kb = sim.Words(1024 / 8)
	n := kb
	for {
		for _, m := range []sim.Words{1, 2, 5} {
			if n*m >= w {
				return n * m
			}
		}
		n *= 10
	}
}

func (s *Side) draw(l *List, r Rect, in *SideInput, o *Options) {
	p, sc := o.palette(), o.scale()
	snap := in.Snap
	sideH := r.H
	s.byTier = chunksByTier(snap)
	// The header (the case and its counters), then the live caption, the
	// first sentence a reader meets, then the panels, then the callouts of
	// the moments that just happened.
	head := headingOf(in)
	calloutH := calloutBandH(r.W, sideH, in, sc)
	if in.Caption != "" && s.canvasW < idealWideW*sc && sideH < 640*sc {
		// A phone's side: the caption says what matters now, and the
		// moments' callouts (also listed by the page) would take the
		// room the story's panels need. (Tested on the canvas's width: a
		// three-way comparison's narrow sides on a desktop lost the
		// callout of the moment the page opens at.)
		calloutH = 0
	}
	r, calls := r.CutBottom(calloutH)
	sc2 := SceneOf(in, s.still)
	if s.compared {
		// Compared sides keep one layout, panel for panel: the pooled
		// side's merged threads grid beside the other's lanes and queues
		// left a reader unable to compare them row by row.
		sc2.ThreadsMerged, sc2.LanesFolded, sc2.PairColumns, sc2.PairRows = false, false, false, false
	}
	sc2.HeaderRows = sideHeaderRows(&head, r.W, sc)
	sc2.CaptionH = captionBandH(r.W, sideH, in, sc)
	sl := LayoutScene(r, sc2, sc)
	if sl.Pair && in.Contrast != nil {
		// A second run is drawn beside this one, laid out alike (the
		// pair's columns): the header says what the two share (the same
		// load, on what the titles start with; each is a JVM of its own,
		// the columns' hovers say); no count of requests done (one was
		// only this run's; two beside the shares read as not adding up:
		// each share's hover counts its run's, and says why).
		// "two runs": the titles no longer say "(this run)" and
		// "(separate run)", which readers could not place (both are
		// simulated runs of the same load).
		head.name = "two runs, same load"
		if common := CommonPart(in.Title, in.Contrast.Title); common != "" {
			head.name += ", " + common + " each"
		}
		head.alts, head.parts = nil, nil
		// Laid out again for the header's rows: a phone's kept an
		// empty second row for the words it no longer has.
		// (Kept only if the pair still has its room.)
		rows := sc2.HeaderRows
		sc2.HeaderRows = sideHeaderRows(&head, r.W, sc)
		if again := LayoutScene(r, sc2, sc); again.Pair {
			sl = again
		} else {
			sc2.HeaderRows = rows
		}
	}
	s.at = anchors{}
	s.roles, s.models, s.wake = s.races.roles(snap, s.roles), in.Models, in.WakeLatency
	s.snap, s.contrast = snap, in.Contrast
	if s.compared {
		s.contrast = nil // both cases are drawn whole
	}
	if s.contrast != nil {
		s.shownName = DistinctPart(in.Title, s.contrast.Title)
	}
	defer func() { s.snap, s.contrast = nil, nil }()
	// Whether the OS panel draws the memory story (memstory.go), as
	// drawOS decides it: the thread panels are then secondary.
	osR := sl.OS
	if sc2.HeapFolded && heapInMemoryStory(sl.Heap, sl.OS, snap, in.MemLimit, sc) {
		osR = Rect{X: sl.OS.X, Y: sl.Heap.Y, W: sl.OS.W, H: sl.OS.Bottom() - sl.Heap.Y}
	}
	s.memScenario = memoryStory(snap, in.MemLimit)
	s.queuesStacked = sc2.TwoQueues && !sl.Wide && sl.RunQueue.H >= 2*foldedH(sc)
	s.memStory = !sc2.OSFolded && memoryStory(snap, in.MemLimit) && memoryStoryRoom(Rect{W: osR.W - 6*sc, H: osR.H - PanelTitleH(sc) - 6*sc}, sc)
	drawSideHeader(l, sl.Header, in, &head, p, sc)
	// (The layout gives the merged panel the queue's room: two columns,
	// or a phone's one line.)
	merged := sc2.ThreadsMerged && sl.RunQueue.Empty() && !sc2.ScopesLead
	s.merged, s.liveGrid, s.pairDrawn = merged, Rect{}, false
	s.pairCols = sl.Pair
	switch {
	case s.pairCols:
		// The two runs' columns draw each run's threads (contrast.go).
	case sc2.ScopesLead:
		// The races are the picture; the carriers and the threads off
		// them are a line each (racelead.go).
		s.drawRaceLead(l, &sl, in, p, sc)
	default:
		switch {
		case sc2.LanesFolded && sl.Wide:
			drawStoppedCarriersLine(l, sl.Lanes, in, p, sc)
		case len(sc2.IdleLanes) > 0:
			s.drawFoldedLanes(l, sl.Lanes, in, sc2.IdleLanes, p, sc)
		default:
			s.drawLanes(l, sl.Lanes, in, p, sc)
		}
		if merged {
			s.drawLiveThreads(l, sl.Parked, in, p, sc)
		} else {
			s.shareSquareScale(l, sl.RunQueue, sl.Parked, in, p, sc)
			s.drawRunQueue(l, sl.RunQueue, in, p, sc)
			s.drawParked(l, sl.Parked, in, p, sc)
		}
		s.at.threads = sl.Parked
		if !sl.Scopes.Empty() {
			s.races.draw(l, sl.Scopes, snap, in.Models, false, p, sc)
		}
	}
	switch {
	case sc2.ScopesLead && sl.OS.Empty() && sl.Heap.Empty():
		// Both folded under the races: no line, said on point over the
		// carriers (racelead.go).
	case sc2.HeapFolded && !sc2.OSFolded && heapInMemoryStory(sl.Heap, sl.OS, snap, in.MemLimit, sc):
		// The memory story draws the heap to scale in its bar: the
		// folded line would say the heap twice (memstory.go).
		sl.OS = Rect{X: sl.OS.X, Y: sl.Heap.Y, W: sl.OS.W, H: sl.OS.Bottom() - sl.Heap.Y}
	case sc2.HeapQuiet && !sc2.OSFolded && sl.Heap.X == sl.OS.X && sl.Heap.W == sl.OS.W && sl.Heap.Y < sl.OS.Y:
		// A heap the scenario does not model says nothing in the frame
		// ("not modelled" read as a puzzle): the OS panel takes its line
		// and says it on point (osthreads.go).
		sl.OS = Rect{X: sl.OS.X, Y: sl.Heap.Y, W: sl.OS.W, H: sl.OS.Bottom() - sl.Heap.Y}
	case sc2.HeapQuiet:
		drawQuietHeap(l, sl.Heap, snap, p, sc)
	case sc2.HeapFolded:
		drawFoldedHeap(l, sl.Heap, snap, p, sc)
	default:
		s.drawHeap(l, sl.Heap, snap, p, sc)
	}
	if sc2.OSFolded {
		foldedOS(l, sl.OS, snap, in.BaseMeasured, merged, s.pairDrawn, p, sc)
	} else {
		drawOS(l, sl.OS, snap, s.contrast, in.MemoryContrast, in.BaseMeasured, in.MemLimit, p, sc)
	}
	s.drawAnims(l, p, sc)
	if snap.Paused && !(s.pairDrawn && s.pairCols) {
		// Once, over the heap it collects: the threads it stopped are
		// drawn stopped where they are (lanes.go).
		n0 := len(l.Items)
		drawPauseBanner(l, sl.Heap, snap, merged && sl.Wide, p, sc)
		if merged && !snap.PauseFull && sl.Wide {
			// A young pause is not the chain's (the Full GCs it counts
			// are): its words dim, so that "young GC now" does not
			// compete with the caption's Full GCs. (Not on a phone,
			// where its larger stripes made dim words hard to read.)
			for i := n0; i < len(l.Items); i++ {
				if it := &l.Items[i]; it.Kind == KindText && it.Color == p.Text {
					it.Color = p.TextDim
				}
			}
		}
	}
	if snap.OOM != "" {
		drawBanner(l, sl.Lanes, "OutOfMemoryError: "+snap.OOM, p.Error, p, sc)
	}
	drawCaption(l, sl.Caption, sideH, in, p, sc)
	drawCallouts(l, calls, sideH, in, p, sc)
}

// panel draws a panel's background and title and returns its body. The
// title is the first of titles that fits beside right, else alone (right
// is then left out); nothing is cut.
func panel(l *List, r Rect, right string, p *Palette, sc float32, titles ...string) Rect {
	return panelAlt(l, r, right, nil, p, sc, titles...)
}

// titleBeside is the first of titles that fits beside right (a panel's
// count) on a title line w wide: the one panelAlt draws there.
func titleBeside(right string, titles []string, w, sc float32) (string, bool) {
	if right == "" {
		return "", false
	}
	for _, title := range titles {
		if TextWidth(right, sc)+TextWidth(title, sc)+8*sc <= w {
			return title, true
		}
	}
	return "", false
}

// panelTitleLine splits panel r into the line its title is written on
// and the rest.
func panelTitleLine(r Rect, sc float32) (title, rest Rect) {
	title, rest = r.Top(PanelTitleH(sc))
	title = title.Inset(2 * sc)
	title.H = CharH * sc
	return title, rest
}

// titleFits reports whether panel r's title line has room for title
// alone (panelAlt writes the first of its titles that fits).
func titleFits(r Rect, title string, sc float32) bool {
	t, _ := panelTitleLine(r, sc)
	return TextWidth(title, sc) <= t.W+0.01
}

// panelAlt is panel with alone: titles that say what right says (a count)
// for when no title fits beside right.
func panelAlt(l *List, r Rect, right string, alone []string, p *Palette, sc float32, titles ...string) Rect {
	if r.Empty() {
		return r
	}
	l.Rect(r, p.Panel)
	l.Frame(r, 1, p.PanelEdge)
	if r.H < CharH*sc {
		// Too low for its title: an empty strip, not words drawn over the
		// next panel.
		return Rect{}
	}
	t, body := panelTitleLine(r, sc)
	if title, ok := titleBeside(right, titles, t.W, sc); ok {
		l.TextRight(t, right, sc, p.TextDim)
		l.Text(t.X, t.Y, title, sc, p.Text)
		return body.Inset(3 * sc)
	}
	// No room for both: a title that carries right's numbers, else the
	// first title that fits alone (right's numbers are in the panel's
	// explanation).
	if !l.TextFit(t, sc, p.Text, alone...) {
		l.TextFit(t, sc, p.Text, titles...)
	}
	return body.Inset(3 * sc)
}
