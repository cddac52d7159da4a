package view

import "github.com/loomlab/loomlab/sim"

// Layout is pure geometry: given a canvas (or a side's rectangle) it
// returns the rectangles of the parts, so tests can check that everything
// fits without drawing anything.

// CanvasLayout places the header, the sides and the legend.
type CanvasLayout struct {
	Header Rect
	Sides  []Rect
	Legend Rect
	// Columns is true when sides sit side by side, false when stacked.
	Columns bool
}

// Margins and minimum sizes, in layout pixels (multiplied by the scale).
const (
	pad          = 4
	sideGap      = 6
	headerLines  = 1
	minSideW     = 120
	minSideH     = 90
	idealWideW   = 560 // a side in the wide arrangement wants at least this...
	idealWideH   = 300 // ...by this,
	idealTallW   = 300 // and in the tall one this...
	idealTallH   = 520 // ...by this.
	wideAspect   = 1.25
	laneMaxH     = 24
	laneMinH     = 7
	laneLabelMin = CharH - 3 // lanes lower than this get no text (the capitals and descenders of a CharH cell take CharH-2 px: a lane a pixel lower still reads)
)

// LayoutCanvas splits a w × h canvas for n sides (1..3). Sides go side by
// side or stacked, whichever gives each side more room relative to what its
// own layout needs.
func LayoutCanvas(w, h float32, n int, legendH, scale float32) CanvasLayout {
	n = max(1, n)
	full := Rect{W: w, H: h}
	var cl CanvasLayout
	cl.Header, full = full.Top((CharH*headerLines + 2*pad) * scale)
	full, cl.Legend = full.CutBottom(legendH)
	body := full.Inset(pad * scale)
	gap := sideGap * scale
	colW := (body.W - gap*float32(n-1)) / float32(n)
	rowH := (body.H - gap*float32(n-1)) / float32(n)
	cl.Columns = n == 1 || sideScore(colW, body.H, scale) >= sideScore(body.W, rowH, scale)
	for i := 0; i < n; i++ {
		var r Rect
		if cl.Columns {
			r = Rect{X: body.X + float32(i)*(colW+gap), Y: body.Y, W: max(0, colW), H: body.H}
		} else {
			r = Rect{X: body.X, Y: body.Y + float32(i)*(rowH+gap), W: body.W, H: max(0, rowH)}
		}
		cl.Sides = append(cl.Sides, r)
	}
	return cl
}

// sideScore says how well a side of w × h pixels can be drawn: the fraction
// of its ideal size in the dimension that is shortest, taking the better
// of the wide and tall arrangements.
func sideScore(w, h, scale float32) float32 {
	wide := min(w/(idealWideW*scale), h/(idealWideH*scale))
	tall := min(w/(idealTallW*scale), h/(idealTallH*scale))
	return max(wide, tall)
}

// SideLayout is where the parts of one side go.
type SideLayout struct {
	Header   Rect // the case's title and counters
	Caption  Rect // the live caption, under the header
	Lanes    Rect // carrier (or CPU) lanes panel
	RunQueue Rect // the FIFO strip
	Parked   Rect // parked threads by reason
	Scopes   Rect // structured scopes; empty when the workload has none
	Heap     Rect // eden, survivors, old gen
	OS       Rect // OS threads and native memory
	Wide     bool // two columns (lanes left, heap right)
	// Pair: the heap takes the side's room for the shown run and the
	// compared one laid out alike (Scene.PairColumns, Scene.PairRows).
	Pair bool
}

// SideHeaderH is the height of a side's header w pixels wide: the case
// and its counters (on two lines when narrow) and the last-event line.
func SideHeaderH(w, scale float32) float32 {
	return float32(sideHeaderLines(w, scale))*CharH*scale + 2*scale
}

func sideHeaderLines(w, scale float32) int {
	switch {
	case w < 90*CharW*scale:
		return 4
	case w < 180*CharW*scale:
		return 3
	}
	return 2
}

// PanelTitleH is the height of a panel's title line.
func PanelTitleH(scale float32) float32 { return (CharH + 2) * scale }

// Scene is what a side's layout gives room to: computed from the side's
// input and snapshot (never from a case's name), so a scenario whose heap
// stays empty folds it to one line and one whose story is in the heap or
// the scopes gives them more room.
//
// A panel with nothing to say now folds to one line that still gives its
// numbers in words (fold.go), and the room goes to the panels that tell
// the story. So that the layout does not jump back and forth while a run
// plays, each fold rests on something that changes at most a few times in
// a run: the heap unfolds at its first collection (a counter that only
// grows) and never folds again; the OS threads unfold while the program
// has platform threads of its own or the scenario computes the resident
// memory; the lanes and the run queue, whose state changes many times a
// second, fold only in a still frame (paused or stepping), never while
// the run plays.
type Scene struct {
	Lanes int // lane rows to draw (a folded lane panel: its busy lanes and one line)
	// CPULanes: the lanes are the CPUs of a workload without virtual
	// threads. Its story is in the queue and the waiting threads (the
	// CPUs mostly idle while threads sleep), so the lanes get less room.
	CPULanes bool
	Scopes   bool // a structured-scopes panel
	// ScopesLead: the races are the story (structured scopes run on
	// virtual threads): they take the side's width, and the carriers,
	// the ready and the parked threads fold to a line each (racelead.go).
	ScopesLead bool
	// HeapQuiet: nothing was ever allocated in the heap (the scenario does
	// not model it); the heap panel folds to one line.
	HeapQuiet bool
	// HeapFolded: the heap holds data but has nothing to say yet (no
	// collection, nothing promoted, and most of what it holds is not the
	// threads'); it folds to a line with its numbers.
	HeapFolded bool
	// HeapChunkRow: the folded heap holds few enough StackChunks to draw
	// one square each, and they get a line of their own under its words
	// (a desktop's column, a phone's stack): beside a heap line long with
	// its sum they had no room, and readers looked in the heap for the
	// legend's brown and found none.
	HeapChunkRow bool
	// OSFolded: the OS threads are the JVM's own and the carriers, and the
	// scenario computes no resident memory: a line counts them.
	OSFolded bool
	// LessLanes: in a still frame, every carrier is stopped for a GC and
	// drawn compactly, or the idle ones are folded under the memory
	// story: the right column, where the story is, takes the width the
	// lanes give up.
	LessLanes bool
	// IdleLanes: in a still frame, the carrier lanes with no virtual
	// thread folded into one line (the busy ones keep their lanes).
	IdleLanes []int
	// QueueFolded: in a still frame, no thread and no task waits: the
	// run queue is its title line.
	QueueFolded bool
	// TwoQueues: tasks wait in an executor's queue and threads for a
	// carrier or a CPU, two lines on a phone (threads.go): side by side
	// in half a phone's width each said only "8,974 queued" and "8,974
	// waiting", what of each unsaid.
	TwoQueues bool
	// ParkedLine: in a still frame of the memory story, its few parked
	// threads are a line of counts, and where the panels are stacked (a
	// phone's column) their panel is that line.
	ParkedLine bool
	// ThreadsMerged: in a still frame where the threads' own data fills
	// the old gen (the heap's story is what all of them keep, vt-pooling),
	// the threads waiting for a carrier and the parked ones are one panel,
	// one grid of every live virtual thread: whether a thread waits or is
	// parked is a detail of that story (said in a dim line, and on point).
	ThreadsMerged bool
	// LanesFolded: with ThreadsMerged, every carrier stopped for the same
	// GC is one line ("all 8 stopped for GC"): eight lanes of stopped
	// threads were a block of text beside the story.
	LanesFolded bool
	// QueueGrid: in a still frame, the tasks queued behind a pool are
	// drawn as a grid at its threads' scale (backlog.go): the queue
	// takes the room it is allowed.
	QueueGrid bool
	// QueueContrast: under that grid, the compared case's tasks beside
	// the shown ones' (taskcontrast.go), which take two rows more.
	QueueContrast bool
	// PairColumns: on a desktop, the heap draws the shown run and the
	// compared one as two columns laid out alike, each with its own
	// threads (contrast.go): the panel takes the side's width, and the
	// carriers and the merged threads' grid, one run's only, go (their
	// counts are on point in each column's threads row).
	PairColumns bool
	// PairRows: on a phone (a compact stacked side), the same two runs
	// as two rows, whenever the threads are merged beside a compared run
	// of the same heap: its lines for the carriers and the live threads
	// (one run's, a count the header says) read as empty rows beside a
	// caption that compares with a run drawn nowhere.
	PairRows bool
	// Weights of the panels that share a column (1: ordinary).
	Heap, OS, Parked, ScopesW float32
	// HeaderRows is the side header's rows of text (0: as many as the
	// width may need).
	HeaderRows int
	// CaptionH is the height of the live caption's band under the header
	// (0: none).
	CaptionH float32
}

// heapFolds reports whether the heap panel is one line.
func (s *Scene) heapFolds() bool { return s.HeapQuiet || s.HeapFolded }

// SceneOf decides a side's scene from what its input and snapshot hold.
// The decisions rest on counters that only grow (allocations, collections,
// threads started), so a layout changes at most a few times in a run.
// still says the frame is not moving (paused or stepping): only then do
// the lanes and the run queue, which change every instant, fold.
func SceneOf(in *SideInput, still bool) Scene {
	s := in.Snap
	sc := Scene{Lanes: in.LaneCount(), Scopes: in.Scopes || len(s.Scopes) > 0, Heap: 1, OS: 1, Parked: 1, ScopesW: 1}
	sc.HeapQuiet = heapQuiet(s)
	sc.HeapFolded = !sc.HeapQuiet && heapWaits(s)
	sc.HeapChunkRow = sc.HeapFolded && s.Chunks.Live > 0 && s.Chunks.Live <= maxFoldedChunkMarks
	sc.CPULanes = !in.Virtual
	sc.QueueGrid = backlogGrid(in, still)
	sc.TwoQueues = s.ExecQueued > 0 && threadsWaiting(in) > 0
	sc.QueueContrast = sc.QueueGrid && drawsTaskContrast(in.Contrast, in.Requests)
	if s.YoungGCs+s.FullGCs > 0 || s.Chunks.Old > 0 {
		// The heap's story is playing: collections, promoted chunks
		// (2.6: room for the StackChunk strip's bricks under the spaces).
		sc.Heap = 2.6
	}
	if sc.HeapQuiet || in.BaseMeasured || s.PlatformLive > 8*max(s.Cores, 1) {
		// Memory outside the heap (measured by the article), or many OS
		// threads, is the story.
		sc.OS = 1.6
	}
	// The OS threads are the story where the program starts platform
	// threads of its own or the article measured the JVM's threads and
	// memory; else they are the carriers and the JVM's own threads,
	// counted in one line with the resident memory's total (every
	// scenario computes one, so its presence alone says nothing).
	sc.OSFolded = !in.BaseMeasured && s.PlatformApp == 0 && !sc.HeapQuiet
	if sc.Scopes {
		sc.ScopesW = 2.5
	}
	// Not once a learning router calls one model alone and no race is
	// left (RouterSingle is set once): the races' panel would be empty.
	sc.ScopesLead = sc.Scopes && in.Virtual && (s.RouterSingle < 0 || s.ScopesOpen > 0 || len(s.Scopes) > 0)
	parked := parkedVirtual(s)
	if still && in.Virtual && !sc.ScopesLead {
		sc.IdleLanes = idleLanes(in)
		// Few parked threads (labelled tokens, a corner of their panel)
		// leave the room to every carrier's lane, idle ones too: eight
		// lanes under sixteen loops show how few OS threads run them.
		// Unless the memory story tells that in its bars (memstory.go):
		// then the idle lanes are one line and the story gets the room.
		story := memoryStory(s, in.MemLimit)
		if len(sc.IdleLanes) >= 2 && (parked > maxLabelled || story) {
			sc.Lanes = sc.Lanes - len(sc.IdleLanes) + 1
			if wakingLanes(in) > 0 {
				sc.Lanes += 2 // the carriers being woken: a row of small lanes under a line of words
			}
		} else {
			sc.IdleLanes = nil
		}
		sc.QueueFolded = s.RunQueueLen == 0 && s.ExecQueued == 0
		sc.LessLanes = story && len(sc.IdleLanes) > 0
		// The memory story draws its few parked threads as a line of
		// counts (threads.go): their panel's room goes to the story,
		// which a phone's column otherwise had no room for.
		sc.ParkedLine = story && parked <= maxLabelled
		if s.Paused && len(sc.IdleLanes) == 0 && len(idleLanes(in)) == 0 && sc.Lanes > stoppedLaneRows {
			// Every carrier stopped for the same GC: one fact, drawn
			// compactly (two columns of short lanes, each with its
			// carrier's name, its thread's id and "stopped") so the
			// room goes to the story's panels.
			// Eight lanes each saying "stopped for GC" were the frame's
			// largest block of text.
			sc.Lanes = stoppedLaneRows
			sc.LessLanes = sc.Heap > 1
		}
		sc.ThreadsMerged = sc.Heap > 1 && oldHoldsThreadData(&s.Heap) && parked+s.RunQueueLen > maxLabelled
		sc.LanesFolded = sc.ThreadsMerged && sc.LessLanes
		sameHeap := in.Contrast != nil && in.Contrast.Snap != nil && in.Contrast.Snap.Heap.OldCap == s.Heap.OldCap
		sc.PairColumns = sc.LanesFolded && sameHeap
		sc.PairRows = sc.ThreadsMerged && sameHeap
	}
	return sc
}

// stoppedLaneRows is the height, in full lane rows, of a carrier panel
// whose every carrier is stopped for a GC in a still frame.
const stoppedLaneRows = 4

// lessLanesMinW is the least width of the left column narrowed for the
// heap (LessLanes).
const lessLanesMinW = 450

// idleLanes are the carrier lanes with no virtual thread mounted (or not
// started yet), in order (those being woken among them: drawFoldedLanes
// gives them a line of their own).
func idleLanes(in *SideInput) []int {
	var out []int
	for i := 0; i < in.LaneCount(); i++ {
		if i >= len(in.Snap.Carriers) || in.Snap.Carriers[i].Thread == 0 {
			out = append(out, i)
		}
	}
	return out
}

// wakingLanes counts the carriers being woken to take a ready thread.
func wakingLanes(in *SideInput) int {
	n := 0
	for i := range in.Snap.Carriers {
		if carrierWaking(in.Snap, i) {
			n++
		}
	}
	return n
}

// heapWaits reports whether a heap that holds data has nothing to say
// yet: no collection so far, nothing in the old generation, and less than
// half of what it holds is threads' memory (where the threads' memory is
// the heap's data, as with 10,000 parked virtual threads, the heap is
// where their cost is shown). A collection is a counter that only grows,
// so once the heap's story starts it never folds again.
func heapWaits(s *sim.Snapshot) bool {
	h := &s.Heap
	if s.YoungGCs+s.FullGCs > 0 || h.OldUsed > 0 || s.Chunks.Old > 0 {
		return false
	}
	used := h.Used()
	_, threads := threadMemorySplit(s)
	return 2*threads < used
}

// LayoutSide splits a side's rectangle with ordinary weights. lanes is how
// many lanes to draw; scopes says whether the workload forks structured
// scopes.
func LayoutSide(r Rect, lanes int, scopes bool, scale float32) SideLayout {
	return LayoutScene(r, Scene{Lanes: lanes, Scopes: scopes, Heap: 1, OS: 1, Parked: 1, ScopesW: 1}, scale)
}

// foldedH is the height of a panel folded to its title line.
func foldedH(scale float32) float32 { return PanelTitleH(scale) + 4*scale }

// LayoutScene splits a side's rectangle for scene s.
func LayoutScene(r Rect, s Scene, scale float32) SideLayout {
	var sl SideLayout
	hh := SideHeaderH(r.W, scale)
	if s.HeaderRows > 0 {
		hh = float32(s.HeaderRows)*CharH*scale + 2*scale
	}
	sl.Header, r = r.Top(hh)
	sl.Caption, r = r.Top(s.CaptionH)
	if s.ScopesLead {
		return layoutRaceLead(sl, r, &s, scale)
	}
	g := 3 * scale
	title := PanelTitleH(scale)
	line := foldedH(scale) + g // a folded panel
	// A folded heap is one line, two with its StackChunks' row.
	heapLine := line
	if s.HeapChunkRow {
		heapLine = 2 * line
	}
	lanesWant := title + float32(max(s.Lanes, 1))*(laneMaxH*scale) + g
	queueH := title + (CharH+8)*scale + g
	if s.QueueFolded {
		queueH = line
	}
	if s.QueueGrid {
		queueH = r.H // as much as its cap
	}
	heapFolds, osFolds := s.heapFolds(), s.OSFolded
	// heapShare is the heap's part of the column it shares with the OS
	// threads (0.58 with ordinary weights).
	heapShare := s.Heap / (s.Heap + 0.72*s.OS)
	splitHeap := func(col Rect) (heap, os Rect) {
		switch {
		case heapFolds && osFolds:
			heap, col = col.Top(line)
			os, _ = col.Top(line)
			return heap, os
		case heapFolds:
			return col.Top(min(heapLine, col.H*0.3))
		case osFolds:
			return col.Top(max(0, col.H-line))
		}
		return col.Top(col.H * heapShare)
	}
	parkedShare := s.Parked / (s.Parked + 0.82*s.ScopesW)
	// Two columns only when each gets room for its words: a phone's
	// canvas stacks the panels instead.
	sl.Wide = r.W >= wideAspect*r.H && r.W >= 0.6*idealWideW*scale+idealTallW*scale*0.5
	if s.PairColumns && sl.Wide || s.PairRows && sl.Compact(r, scale) {
		// The two runs take the whole height (columns on a desktop, rows
		// on a phone): the OS threads' line (the same for both runs, no
		// part of the lesson) went to make room for the old-gen blocks'
		// live/dead words; the carriers' count is on point over each
		// run's threads.
		sl.Pair = true
		sl.Heap = r
		sl.Heap.H = max(0, r.H-g)
		return sl
	}
	if sl.Wide {
		// (Only two columns merge the threads' panels: a phone's stacked
		// panels are folded lines already.)
		if s.LanesFolded {
			lanesWant = line
		}
		if s.ThreadsMerged {
			queueH = 0 // the queue's threads are drawn in the parked panel's room
		}
		both := heapFolds && osFolds && s.Scopes
		colH := r.H // the lanes' and the queue's share is of the full height
		if both {
			// Both of the right column's panels are one line: they run
			// under both columns, whole, and the scopes (the story) take
			// the right column.
			var lines Rect
			r, lines = r.CutBottom(2 * line)
			sl.Heap, lines = lines.Top(line)
			sl.OS, _ = lines.Top(line)
		}
		split := float32(0.55)
		if s.LessLanes && !s.Scopes && r.W*0.45 >= lessLanesMinW*scale {
			// Where the left column keeps room for the queue's strip and
			// its scale's words (at 800 pixels it lost them), and no
			// more: its panels left empty room under the parked threads
			// that the heap, the story, could use.
			split = clamp(lessLanesMinW*scale/r.W, 0.4, 0.45)
		}
		left, right := r.Left(r.W * split)
		left.W -= g
		right.X += g
		right.W -= g
		lanesMax := float32(0.5)
		if s.Scopes {
			lanesMax = 0.42 // the scopes are the story: lanes give room
		}
		if s.CPULanes {
			lanesMax = 0.25
			// Up to 0.3 where that lets every CPU's lane carry its label
			// (4 CPU lanes of 12 px had their ids spill out); a dozen thin
			// lanes gain nothing from it.
			need := title + float32(s.Lanes)*(laneLabelMin+1)*scale + 6*scale
			if need > colH*lanesMax && need <= colH*0.3 {
				lanesMax = need / colH
			}
		}
		sl.Lanes, left = left.Top(min(lanesWant, colH*lanesMax))
		queueMax := float32(0.3)
		if s.QueueGrid {
			queueMax = 0.45 // the backlog is the story; the pool's threads below are few squares
			if s.QueueContrast {
				queueMax = 0.62 // the two time bars are the frame's big mark
			}
		}
		sl.RunQueue, left = left.Top(min(queueH, colH*queueMax))
		switch {
		case both:
			sl.Parked, sl.Scopes = left, right
		case s.Scopes:
			sl.Parked, sl.Scopes = left.Top(max(left.H*parkedShare, min(left.H*0.45, title+3*CharH*scale)))
			sl.Heap, sl.OS = splitHeap(right)
		default:
			sl.Parked = left
			sl.Heap, sl.OS = splitHeap(right)
		}
	} else {
		lanesMax := float32(0.3)
		if s.Scopes || s.CPULanes {
			lanesMax = 0.2
		}
		// A small canvas (a phone's) cannot show every panel at a size
		// where it says anything: the lanes, the queue and, when they are
		// not the story, the OS threads fold to their title lines (which
		// carry their counts), and the story's panels get the room.
		compact := sl.Compact(r, scale)
		foldOS := osFolds || compact && s.OS <= 1 && !s.HeapQuiet
		// A phone's merged threads (Scene.ThreadsMerged) are one line
		// for the waiting and the parked: the heap, the story, gets the
		// other's room.
		mergedLine := compact && s.ThreadsMerged
		// freed is the row of an empty queue on a phone, which takes no
		// row ("waiting for a carrier · 0 waiting" was an empty row): it
		// goes to the last panel, the OS threads and the resident
		// memory, not by weight (a taller parked panel labelled its
		// squares with thread ids, words that said nothing).
		freed := float32(0)
		if compact {
			lanesH := compactLanesH(&s, line, scale)
			if s.ParkedLine && s.LessLanes && lanesH > line {
				// The memory story under them (its parked threads a
				// line): the idle carriers' line gives way where the
				// story's bar would not fit below it.
				left := r.H - lanesH - line
				if !s.QueueFolded {
					left -= line
				}
				if left < title+memoryStoryCompactH(scale)+6*scale+g {
					lanesH -= CharH * scale
				}
			}
			sl.Lanes, r = r.Top(lanesH)
			switch {
			case s.QueueContrast && !mergedLine:
				// The compared run's two time bars are the lesson: the
				// queue keeps its title line and gets their height (the
				// backlog's grid has no room on a phone; its count is
				// in the title).
				sl.RunQueue, r = r.Top(min(line+taskContrastH(scale), r.H*0.45))
			case !mergedLine && s.QueueFolded:
				freed = line
			case !mergedLine && s.TwoQueues:
				sl.RunQueue, r = r.Top(2 * line)
			case !mergedLine:
				sl.RunQueue, r = r.Top(line)
			}
		} else {
			sl.Lanes, r = r.Top(min(lanesWant, r.H*lanesMax))
			sl.RunQueue, r = r.Top(min(queueH, r.H*0.17))
		}
		// The rest is shared by weight; a folded panel takes one line.
		rest := r.H
		wp, ws, wh, wo := 0.45*s.Parked, float32(0), 0.55*s.Heap, 0.4*s.OS
		if heapFolds {
			rest -= heapLine
			wh = 0
		}
		if foldOS {
			rest -= line
			wo = 0
		}
		if s.Scopes {
			ws = 0.35 * s.ScopesW
		}
		if mergedLine && wh > 0 || s.ParkedLine {
			rest -= line
			wp = 0
		}
		if foldOS {
			freed = 0 // a one-line OS panel: shared by weight
		}
		unit := (rest - freed) / (wp + ws + wh + wo)
		ph := unit * wp
		if mergedLine && wh > 0 || s.ParkedLine {
			ph = line
		}
		hh := unit * wh
		if heapFolds {
			hh = heapLine
		} else if need := heapLabelledH(scale) + g; compact && hh < need && ph > line {
			// Shared by weight, a short side (a phone's compared runs)
			// gave its heap rows too thin for their words: eden and the
			// old gen drawn unnamed. The parked threads give up room
			// (their count is in their title line) until the heap's rows
			// can say what they are.
			give := min(need-hh, ph-line)
			ph -= give
			hh += give
		}
		sl.Parked, r = r.Top(ph)
		if s.Scopes {
			sl.Scopes, r = r.Top(unit * ws)
		}
		sl.Heap, r = r.Top(hh)
		if foldOS {
			sl.OS, _ = r.Top(line)
		} else {
			sl.OS = r
		}
	}
	// Gaps between stacked panels: shave the bottom of each.
	for _, p := range []*Rect{&sl.Lanes, &sl.RunQueue, &sl.Parked, &sl.Scopes, &sl.Heap, &sl.OS} {
		if !p.Empty() {
			p.H = max(0, p.H-g)
		}
	}
	return sl
}

// heapLabelledH is the least height of a heap panel whose young row and
// old generation each carry their words on their bars: its title line
// and two rows a line high with room round the words.
func heapLabelledH(scale float32) float32 {
	return PanelTitleH(scale) + 2*(CharH+8)*scale
}

// compactBusyLanes is how many rows of busy carriers a compact side
// still draws as lanes (folded lanes, Scene.IdleLanes): more fold to the
// panel's title line.
const compactBusyLanes = 2

// compactLanesH is the carriers' height on a compact side: their title
// line, or where the idle carriers are folded and only a few are busy,
// the busy ones' lanes under the title. Folded to
// the title alone, a phone drew the thread running on a carrier only as
// a green dot in the OS threads' grid, and the carriers' row was empty:
// the lesson (a few carriers run the virtual threads) was nowhere.
func compactLanesH(s *Scene, line, scale float32) float32 {
	rows := s.Lanes - 1 // the busy lanes (and a waking row's two); the idle ones are one line
	if len(s.IdleLanes) == 0 || rows < 1 || rows > compactBusyLanes {
		return line
	}
	// Lanes a line high, and one dim line for the idle ones ("the other
	// 7: idle"): with the title's "1 of 8 busy" alone, a phone's reader
	// saw one carrier drawn and asked where the other seven were.
	return line + float32(rows)*(CharH+4)*scale + CharH*scale
}

// compactH is the height below which a stacked side is compact.
const compactH = 430

// Compact reports whether the panels' area r of a stacked (not Wide)
// side is too low for every panel at a useful size: then the panels that
// are not the story fold to their title lines.
func (sl *SideLayout) Compact(r Rect, scale float32) bool {
	return !sl.Wide && r.H < compactH*scale
}

// grid places n equal cells in r: it returns the number of columns and rows
// and the cell size, the largest square-ish cell no bigger than maxCell that
// fits all n, or ok=false when even minCell cells do not fit.
func grid(r Rect, n int, minCell, maxCell, gap float32) (cols, rows int, cell float32, ok bool) {
	if n <= 0 || r.Empty() {
		return 0, 0, 0, n <= 0
	}
	for cell = maxCell; cell >= minCell; cell -= max(1, cell*0.1) {
		cols = int((r.W + gap) / (cell + gap))
		rows = int((r.H + gap) / (cell + gap))
		if cols > 0 && rows > 0 && cols*rows >= n {
			rows = (n + cols - 1) / cols
			return cols, rows, cell, true
		}
	}
	cols = int((r.W + gap) / (minCell + gap))
	rows = int((r.H + gap) / (minCell + gap))
	return cols, rows, minCell, false
}

// heapQuiet reports whether the heap holds nothing and never held
// anything: the scenario does not model it.
func heapQuiet(s *sim.Snapshot) bool {
	h := &s.Heap
	if h.Used() > 0 || s.YoungGCs+s.FullGCs > 0 {
		return false
	}
	for _, b := range h.Allocated {
		if b > 0 {
			return false
		}
	}
	return true
}
