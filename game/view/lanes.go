package view

import (
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// Lanes: one per carrier (ForkJoinPool-1-worker-N) for a virtual-thread
// workload, else one per CPU. A lane with a mounted virtual thread shows its
// token (the thread's id) and a stack bar whose length is the thread's frame
// words on a shared scale and whose colour is its lowest JIT tier. Idle
// lanes are dim; a pinned carrier gets a yellow frame and says why.

// LaneRects returns the rectangles of n lanes in a panel body: one column
// while lanes stay at least laneMinH high, more columns beyond that (a
// machine with 64 or 256 carriers).
func LaneRects(body Rect, n int, sc float32) []Rect {
	if n <= 0 || body.Empty() {
		return nil
	}
	cols := 1
	for cols < n && body.H/float32((n+cols-1)/cols) < laneMinH*sc {
		cols++
	}
	return laneGrid(body, n, cols, sc)
}

// stoppedLaneRects lays out the lanes of carriers all stopped for a GC
// (a compact panel) in the fewest columns that leave each lane tall
// enough for its words: the carrier's name, its thread's id and
// "stopped". Unlabelled hatched slivers, eight to a panel, read as
// "tiny marks I can't read". Nil when no column count gives lanes both
// that height and the width for those words.
func stoppedLaneRects(body Rect, n int, sc float32) []Rect {
	if n <= 0 || body.Empty() {
		return nil
	}
	gap := max(1, sc)
	minW := TextWidth("worker-00 #00000 stopped", sc) + 16*sc
	for cols := 1; cols <= n; cols++ {
		rows := (n + cols - 1) / cols
		if (body.W-gap*float32(cols-1))/float32(cols) < minW {
			return nil
		}
		if body.H/float32(rows)-gap >= laneLabelMin*sc {
			return laneGrid(body, n, cols, sc)
		}
	}
	return nil
}

// laneGrid places n lanes in body in cols columns, filled column by
// column.
func laneGrid(body Rect, n, cols int, sc float32) []Rect {
	gap := max(1, sc)
	rows := (n + cols - 1) / cols
	h := min(laneMaxH*sc, body.H/float32(rows))
	w := (body.W - gap*float32(cols-1)) / float32(cols)
	out := make([]Rect, n)
	for i := range out {
		c, r := i/rows, i%rows
		out[i] = Rect{X: body.X + float32(c)*(w+gap), Y: body.Y + float32(r)*h, W: w, H: max(0, h-gap)}
	}
	return out
}

// stackScaleSize is a stack bar's scale of w words in words a reader
// takes at once: "10 KB", not "10.0 KB".
func stackScaleSize(w sim.Words) string {
	return strings.Replace(Size(sim.Bytes(w)*8), ".0 ", " ", 1)
}

func (s *Side) drawLanes(l *List, r Rect, in *SideInput, p *Palette, sc float32) {
	snap := in.Snap
	s.growStackScale(snap)
	n := in.LaneCount()
	var body Rect
	// right is what the title says at its right; idleTitled: the title
	// says the carriers are all idle. The count line over low lanes does
	// not say either again ("0 of 11 busy" under "all idle", "all 8
	// stopped for GC" under the same, in a blog's embeds). strips: the
	// strips under idle lanes are drawn (stripsSaid).
	right, idleTitled, strips := "", false, true
	if in.Virtual {
		// "parallelism 8 · 8 mounted now" was jargon twice: the count of
		// busy lanes says the same, and the title says once what a
		// carrier is.
		right = Count(int64(snap.Mounted)) + " of " + Count(int64(n)) + " busy"
		if snap.Paused {
			// "8 of 8 busy" over eight lanes saying "stopped for GC"
			// read as two states at once.
			right = stoppedWords(len(snap.Carriers), n)
			// Each lane's #id is the virtual thread its carrier holds:
			// "is #1655 the thread or the worker, stopped?" - both.
			if both := heldStoppedWords(len(snap.Carriers), n); TextWidth(both, sc)+TextWidth("carriers (OS threads)", sc)+16*sc <= r.W {
				right = both
			}
		}
		if snap.Pinned > 0 && !snap.Paused {
			right += " · " + Count(int64(snap.Pinned)) + " pinned"
		}
		titles := carrierContrast(snap, n)
		if len(titles) > 0 && allCarriersIdle(snap) {
			// Said only where one of the titles that say it fits (the
			// last is the shortest).
			idleTitled = titleFits(r, titles[len(titles)-1], sc)
			// The title says "all idle": "0 of 8 busy" beside it said it
			// twice (as the folded lanes' title does not, fold.go).
			right = ""
			if s.Fading() {
				// The strips under idle lanes said what they are nowhere
				// a reader of one frame looks ("small blue lines under
				// idle: activity history?").
				titles = append([]string{titles[0] + " (underline: busy a moment ago)"}, titles...)
				// Where that does not fit, no strips under "all idle": in
				// a blog's embed, unexplained blue dashes in lanes said
				// to be idle were read as threads still on them.
				strips = titleFits(r, titles[0], sc)
			}
		}
		body = panel(l, r, right, p, sc, append(titles,
			"carriers: the OS threads that run virtual threads", "carriers: OS threads running virtual threads",
			"carriers (OS threads)", "carrier threads", "carriers")...)
		l.region(r, "carrier lanes", "Carrier threads: the "+Count(int64(n))+" OS threads of the virtual-thread scheduler (parallelism "+
			strconv.Itoa(snap.Parallelism)+"). "+Count(int64(snap.Mounted))+" of them run a virtual thread now"+
			pinnedNote(snap.Pinned)+"; the blue bar is that thread's stack, on the carrier's own native stack (not in the heap: it is copied into a StackChunk only when the thread parks). A mount often lasts "+
			"less than a frame: the thin strip under a lane shows its recent mounts.")
	} else {
		// "platform threads only" is the case's (the header says it):
		// in this panel's corner it read as the CPUs' property.
		// A panel folded to its title (a phone's) counts them there:
		// "CPUs" over nothing read as "idle or failed to draw?".
		if r.H-PanelTitleH(sc)-6*sc < CharH*sc {
			right = cpusBusyWords(snap)
		}
		body = panel(l, r, right, p, sc, "CPUs", "CPUs")
		l.region(r, "CPU lanes", "CPUs: the machine's "+strconv.Itoa(snap.Cores)+" cores and the platform thread each one runs now; this workload has no virtual threads.")
	}
	lanes := LaneRects(body, n, sc)
	if in.Virtual && snap.Paused && len(lanes) > 0 && lanes[0].H < laneLabelMin*sc {
		if stopped := stoppedLaneRects(body, n, sc); stopped != nil {
			lanes = stopped
		}
	}
	if len(lanes) > 0 && lanes[0].H < laneLabelMin*sc && body.H >= 2*CharH*sc {
		// The count line below takes the body's first line, so that it
		// is not written over the lanes' bars.
		_, rest := body.Top(CharH*sc + sc)
		lanes = LaneRects(rest, n, sc)
	}
	s.at.lanes = lanes
	if len(lanes) > 0 && lanes[0].H < laneLabelMin*sc && body.H >= CharH*sc {
		// Lanes too low for words: one line over them says how many work.
		busy := snap.Mounted
		what := " carrier threads run a virtual thread"
		if !in.Virtual {
			busy, what = busyCPUs(snap), " CPUs run a thread"
		}
		defer func() {
			msg := Count(int64(busy)) + " of " + Count(int64(n)) + what
			short := Count(int64(busy)) + " of " + Count(int64(n)) + " busy"
			var longer []string
			if in.Virtual && busy > 0 && !snap.Paused {
				// What the lanes' bars are, where it fits: no words fit on
				// lanes this low, and two newcomers asked whether a bar's
				// length was time or stack size.
				longer = []string{msg + "; bar: its stack, full bar " + stackScaleSize(s.scaleW), msg + "; bar: its stack"}
			}
			switch {
			case snap.Paused && in.Virtual:
				// The title counts them; this line says what each
				// lane's marks are (no words fit on the lanes).
				msg, short = "each holds its virtual thread, stopped for GC", stoppedWords(len(snap.Carriers), n)
			case snap.Paused:
				msg = stoppedWords(len(snap.Carriers), n)
				short = msg
			case busy == 0 && !in.Virtual:
				msg = Count(int64(n)) + " CPUs, all idle"
			}
			for _, m := range longer {
				if TextWidth(m, sc)+6*sc <= body.W {
					msg = m
					break
				}
			}
			if in.Virtual && idleTitled && busy == 0 || TextWidth(msg, sc)+6*sc > body.W && short == right {
				return // the title says it
			}
			w := min(TextWidth(msg, sc)+6*sc, body.W)
			plate := Rect{X: body.X, Y: body.Y, W: w, H: CharH * sc}
			if body.H < 2*CharH*sc {
				plate.Y = body.Y + (body.H-CharH*sc)/2
			}
			l.Rect(plate, p.Panel.Alpha(0.9))
			l.TextFit(plate.PadX(3*sc), sc, p.Text, msg, short)
		}()
	}
	for len(s.heat) < n {
		s.heat = append(s.heat, 0)
	}
	if in.Virtual {
		named := false // the stopped stack bar is named once, on the first lane that has one
		for i, lr := range lanes {
			var cv *sim.CarrierView
			if i < len(snap.Carriers) {
				cv = &snap.Carriers[i]
			}
			s.drawCarrierLane(l, lr, i, cv, snap.Paused, !named, strips, p, sc)
			named = named || (cv != nil && cv.Thread != 0)
		}
		return
	}
	// CPU lanes: the snapshot names the thread each core runs; its role
	// is known when it is among the listed platform threads. Lanes too
	// low to draw (a dozen CPUs in a short panel) become slots side by
	// side, one box each: the lanes of a few pixels read as an empty box.
	slots := false
	if len(lanes) > 0 && lanes[0].H < laneLabelMin*sc && !snap.Paused {
		area := body
		if body.H >= 2*CharH*sc {
			_, area = body.Top(CharH*sc + sc)
		}
		gap := max(1, sc) // the slots' frames part them
		w := (area.W - gap*float32(n-1)) / float32(n)
		if w >= TextWidth("CPU"+strconv.Itoa(n), sc)+2*sc && area.H >= CharH*sc*1.5 {
			slots = true
			h := min(area.H, 3*CharH*sc)
			for i := range lanes {
				lanes[i] = Rect{X: area.X + float32(i)*(w+gap), Y: area.Y, W: w, H: h}
			}
		}
	}
	for i, lr := range lanes {
		var id sim.ThreadID
		if i < len(snap.CoreThread) {
			id = snap.CoreThread[i]
		}
		var pv *sim.PlatformView
		if id != 0 {
			pv = &sim.PlatformView{ID: id, OnCPU: true}
			for k := range snap.Platform {
				if snap.Platform[k].ID == id {
					pv = &snap.Platform[k]
					break
				}
			}
		}
		if slots {
			drawCPUSlot(l, lr, i, pv, p, sc)
		} else {
			drawCPULane(l, lr, i, pv, snap.Paused, p, sc)
		}
		if pv != nil {
			l.hit(lr, pv.ID)
		}
	}
}

// busyLanes counts the carriers with a virtual thread mounted: the lanes
// that draw a stack bar.
func busyLanes(snap *sim.Snapshot) int {
	n := 0
	for _, c := range snap.Carriers {
		if c.Thread != 0 {
			n++
		}
	}
	return n
}

func pinnedNote(n int) string {
	if n == 0 {
		return ""
	}
	return ", " + Count(int64(n)) + " of them pinned (the virtual thread blocks in a way that keeps its carrier)"
}

func (s *Side) drawCarrierLane(l *List, lr Rect, i int, cv *sim.CarrierView, paused, nameStack, strips bool, p *Palette, sc float32) {
	busy := cv != nil && cv.Thread != 0
	bg := p.Grid
	if !busy {
		bg = p.Panel.Mix(p.Grid, 0.4)
	}
	l.Rect(lr, bg)
	label := "worker-" + strconv.Itoa(i+1)
	text := lr.H >= laneLabelMin*sc
	size := sc
	rest := lr
	if text {
		lw := min(lr.W*0.3, TextWidth("worker-00", size)+6*sc)
		if own := TextWidth(label, size) + 6*sc; lw < own && own <= lr.W*0.36 {
			// A narrow lane (two columns of stopped carriers) keeps its
			// carrier's whole name: a bare "1" named nothing.
			lw = own
		}
		var lab Rect
		lab, rest = lr.Left(lw)
		col := p.TextDim
		if busy {
			col = p.Text
		}
		l.TextFit(lab.PadX(2*sc), size, col, label, strconv.Itoa(i+1))
	}
	// Recent activity: mounts on this lane in the last second or so of
	// ticks, as a thin strip under the lane (at fast speeds a mount lasts
	// far less than a frame, so without it busy lanes would look idle).
	// Only under a lane idle now: under a mounted thread's token it said
	// nothing more, and read as an unexplained line.
	if i < len(s.heat) && s.heat[i] > heatShown && !busy && strips {
		a := min(1, s.heat[i]/6)
		l.Mark(Rect{X: rest.X, Y: lr.Bottom() - max(1, 2*sc), W: rest.W * a, H: max(1, 2*sc)}, MeanVirtual, p, 0.45)
	}
	if cv == nil {
		if text {
			l.TextFit(rest.PadX(2*sc), size, p.TextDim.Alpha(0.7), "not started yet", "not started")
		}
		slot, _ := rest.Inset(max(1, lr.H*0.12)).Left(min(lr.H*3, rest.W*0.4))
		s.at.tokenOnLane(i, slot)
		l.detail(lr, label, label+": this carrier thread has not been started yet (the scheduler starts carriers as work arrives).")
		return
	}
	// The carrier's OS thread: a green dot when it holds a CPU, drawn
	// right after the thread's token (at the lane's far end it was
	// small and far from the thread it speaks of).
	dot := min(lr.H*0.3, 5*sc)
	inner := rest.Inset(max(1, lr.H*0.12))
	if !busy {
		// Flights to or from this lane use where a token would be.
		slot, _ := inner.Left(min(inner.H*3, inner.W*0.4))
		s.at.tokenOnLane(i, slot)
		if s.snap != nil && carrierWaking(s.snap, i) {
			s.drawWakingLane(l, lr, rest, label, text, p, sc)
			return
		}
		if text {
			l.TextFit(rest.PadX(2*sc), size, p.TextDim, "idle")
		}
		l.detail(lr, label, label+": idle carrier thread, no virtual thread mounted.")
		return
	}
	// Token: the mounted virtual thread's id. The whole lane is its target.
	l.hit(lr, cv.Thread)
	id := cv.Thread.String()
	// The token names the thread's role where the races say it
	// ("#4347 Opus call of #4344"), as the race grid's cells do.
	names := append(roleWords(s.roles, s.models, cv.Thread), id)
	if len(names) == 1 && s.snap != nil && cv.Exec >= 0 && int(cv.Exec) < len(s.snap.ExecLoops) && s.snap.ExecLoops[cv.Exec] {
		// Which group the running thread belongs to, in the parked
		// groups' words ("#75 server loop" beside "7 server loops
		// waiting for work": 7 + 1 without working it out).
		names = []string{id + " " + execThreads(s.snap, cv.Exec, 1), id}
		if s.memScenario {
			// Beside "8 of 74 OS threads" the id "#75" read as a 75th
			// OS thread: where the OS threads are counted (the memory
			// story's, or a phone's "OS threads: 74" line) the group
			// alone, which leaves a phone's lane room for its stack's
			// scale ("992 B of 2 KB").
			names = []string{execThreads(s.snap, cv.Exec, 1), id}
		}
	}
	tw := inner.H
	if text {
		tw = TextWidth(id, size) + 6*sc
		for _, n := range names {
			if w := TextWidth(n, size) + 6*sc; w <= inner.W*0.5 {
				tw = w
				break
			}
		}
	}
	tok, bar := inner.Left(min(tw, max(inner.W*0.4, min(tw, inner.W*0.5))))
	if text {
		// A labelled token is as tall as its lane, so its id is whole.
		tok.Y, tok.H = lr.Y, lr.H
	}
	l.Mark(tok, MeanVirtual, p, 1)
	if text {
		l.TextFit(Rect{X: tok.X + 3*sc, Y: lr.Y, W: tok.W - 3*sc, H: lr.H}, size, p.Background, names...)
	}
	s.at.tokenOnLane(i, tok)
	if dot >= 1.5 && bar.W > 4*dot {
		if cv.OnCPU && !paused {
			l.MarkCircle(bar.X+3*sc+dot, lr.Y+lr.H/2, dot, MeanOnCPU, p)
		}
		bar.X += 2*dot + 4*sc
		bar.W -= 2*dot + 4*sc
	}
	// Stack bar, to scale: scaleW words fill the rest of the lane.
	bar.X += 2 * sc
	bar.W -= 2 * sc
	scaleSaid := false // the lane's words, with the scale, after the track
	trackSaid := false // the track's scale is written on this lane
	gaugeEnd := ""     // the scale written inside the track's end
	full := stackScaleSize(s.scaleW)
	if text && !paused {
		// The bar's scale, right of its track: "992 B" on a bar half the
		// lane long read as a big stack, with no maximum to compare with
		// (the words after the bar, "(full bar = 2.0 KB)", did not fit
		// and were dropped). Said on the first busy lane; every lane
		// keeps the same track, so the bars compare.
		need := TextWidth("stack 000.0 KB", size) + 2*CharW*size
		// Where this is the only stack bar drawn, its words say its
		// scale, after the track: "stack 992 B ─ full bar = 2.0 KB"
		// read as two things.
		// The long words where they leave the track most of the lane;
		// else the short ones where a track of a few characters is left
		// (a phone's lane): "992 B" alone before an empty track read as
		// "992 B of what?", and "992 B of 2 KB" asked it still where
		// "stack" fits before it; "stack 992 B of 2 KB", two stops on,
		// "what is the 2 KB?": the bar's length is, "(bar: 2 KB)"; and
		// "is the 2 KB a cap or the stack's size now?": "(full bar: 2 KB)".
		sizeWords := Size(sim.Bytes(cv.Frames) * 8)
		one := ""
		// Best, a gauge: the words before it say the stack's size alone,
		// and the track's end says its scale inside it. "stack 992 B (bar:
		// 2 KB)" was read as two numbers, and "992 B of 2 KB" as a cap.
		words := "stack " + sizeWords
		ow := TextWidth(words, size) + 6*sc
		track := bar.W - ow
		var before, gauge bool
		if nameStack && s.snap != nil && busyLanes(s.snap) == 1 {
			// The size before the gauge, its scale at the gauge's end:
			// "[bar] 2 KB stack 992 B" put the two numbers side by side,
			// and a reader still asked which was the stack's.
			fill := track * float32(cv.Frames) / float32(max(s.scaleW, 1))
			gauge = track >= 8*CharW*size && track-fill >= TextWidth(full, size)+8*sc
			before = gauge
		} else {
			// Every lane's size before its bar, the fill then inside the
			// track that is its scale: written after the fill, on the
			// track, the words cut the lane into a blue block and a grey
			// bar, read as two bars (nv226: "how does the blue block
			// relate to the full bar?").
			before = !cv.Pinned && !cv.Monitor && track >= 8*CharW*size
		}
		if before {
			l.TextFit(Rect{X: bar.X, Y: lr.Y, W: ow - 4*sc, H: lr.H}, size, p.Text, words)
			bar.X += ow
			bar.W -= ow
			scaleSaid, need = true, 0
		}
		if gauge {
			gaugeEnd, trackSaid = full, true
		}
		for _, w := range []struct {
			s    string
			keep float32 // the least track left beside the words
		}{{"stack " + sizeWords + " (bar up to " + full + ")", bar.W * 0.38}, {"stack " + sizeWords + " (full bar: " + full + ")", 4 * CharW * size}, {"stack " + sizeWords + " (bar: " + full + ")", 4 * CharW * size}, {sizeWords + " of " + full, 4 * CharW * size}} {
			if ow := TextWidth(w.s, size) + 6*sc; bar.W-ow >= w.keep {
				one = w.s
				break
			}
		}
		switch ow := TextWidth(one, size) + 6*sc; {
		case gaugeEnd != "":
			// The gauge says the scale: no other words for it (on a wide
			// lane "full bar = 2 KB" was drawn beside the gauge's "2 KB").
		case one != "" && nameStack && s.snap != nil && busyLanes(s.snap) == 1:
			l.TextFit(Rect{X: bar.Right() - ow + 4*sc, Y: lr.Y, W: ow - 4*sc, H: lr.H}, size, p.Text, one)
			bar.W -= ow
			scaleSaid, trackSaid = true, true
		case need+TextWidth("full bar = "+full, size)+6*sc <= bar.W*0.7:
			// Only in full: "bar 2.0 KB" read as cryptic; where the
			// words do not fit, the explanation on point gives the scale.
			a := "full bar = " + full
			sw := TextWidth(a, size) + 6*sc
			if nameStack {
				l.TextFit(Rect{X: bar.Right() - sw + 4*sc, Y: lr.Y, W: sw - 4*sc, H: lr.H}, size, p.Text, a)
				trackSaid = true
			}
			bar.W -= sw
		}
	}
	bw := bar.W * float32(cv.Frames) / float32(s.scaleW)
	bw = clamp(bw, min(2*sc, bar.W), bar.W)
	// A band half the lane's height, thinner than the thread's token
	// before it: the token's sky blue and the bar's deep blue read as one
	// mark when both were as tall as the lane.
	bar.Y += bar.H * 0.28
	bar.H *= 0.44
	if paused {
		// Stopped, the stack's length says little: its stripes, the
		// lane's one mark beside "stopped", as tall as the token, so
		// that they are read as stripes, not a smudge.
		bar.Y, bar.H = inner.Y, inner.H
		bw = max(bw, min(12*sc, bar.W))
		if text {
			// Its word after it, never over the stripes (dark words on
			// the stripes were unreadable).
			bw = max(min(bw, bar.W-TextWidth("stopped", size)-6*sc), min(2*sc, bar.W))
		}
	}
	stack := Rect{X: bar.X, Y: bar.Y, W: bw, H: bar.H}
	if !paused {
		// The empty track of the full bar: "full bar = 2.0 KB" needs a
		// full bar to compare with, and two stacks of 600 and 720 B
		// read alike without one.
		l.Rect(bar, p.Background.Alpha(0.55))
		l.Frame(bar, max(1, sc*0.75), p.PanelEdge)
		if gaugeEnd != "" {
			// The scale at the track's end, on the lane's background, as
			// a gauge's last mark.
			gw := TextWidth(gaugeEnd, size)
			end := Rect{X: bar.Right() - gw - 3*sc, Y: lr.Y, W: gw + 3*sc, H: lr.H}
			l.Rect(Rect{X: end.X - sc, Y: bar.Y - sc, W: end.W + 2*sc, H: bar.H + 2*sc}, p.Grid)
			l.Text(end.X+sc, lr.Y, gaugeEnd, size, p.TextDim)
		}
	}
	if paused {
		// Stopped at a safepoint for the collection: the bar greys out.
		drawStopped(l, stack, p, sc)
	} else {
		// On the carrier's native stack, not in the heap: its own mark,
		// not the StackChunk brown nor a tier colour of the heap's chunks.
		drawNativeStack(l, stack, p, sc)
	}
	// One thing in words per lane: its state when it is not simply
	// running, else the stack's size in bytes (the bar's length). Eight
	// lanes each with words, bytes and a tier were more numbers than a
	// reader takes in; the explanation on point gives them all.
	what := []string{"stack " + Size(sim.Bytes(cv.Frames)*8), Size(sim.Bytes(cv.Frames) * 8)}
	if nameStack && !trackSaid && !paused {
		// The track's scale in the stack's own words where it fits
		// ("992 B" before an empty track read as "992 B of what?"): the
		// first busy lane's, every lane keeps the same track.
		what = append([]string{what[0] + " of " + full, what[1] + " of " + full}, what...)
	}
	switch {
	case paused && nameStack:
		// The bar is the stack, drawn stopped: the words say so (a
		// greyed bar after the thread's id read as unlabelled squares),
		// once: eight lanes saying it were eight times the reading.
		what = []string{"<- its stack, stopped for GC", "<- stack, stopped for GC", "stopped for GC", "stopped"}
	case paused:
		// The panel's title says "for GC" once for every lane.
		what = []string{"stopped"}
	case cv.Pinned:
		what = []string{"pinned (" + cv.Reason.Words() + ")", "pinned"}
	case cv.Monitor:
		what = []string{"holds a lock", "lock"}
	}
	if text && !(scaleSaid && !cv.Pinned && !cv.Monitor) {
		after := Rect{X: bar.X + bw + 4*sc, Y: lr.Y, W: bar.Right() - bar.X - bw - 4*sc, H: lr.H}
		if !l.TextFit(after, size, p.Text, what...) {
			// Over the bar when the bar is long, on a plate in the text's
			// own ink: dark words straight on the dashed blue of a native
			// stack were unreadable (the compared pair's narrow lanes,
			// "8.8 KB of 10 KB").
			over := Rect{X: bar.X + 2*sc, Y: lr.Y, W: bar.W - 4*sc, H: lr.H}
			for _, w := range what {
				if tw := TextWidth(w, size); w != "" && tw+4*sc <= over.W {
					l.Rect(Rect{X: over.X, Y: bar.Y - sc, W: tw + 4*sc, H: bar.H + 2*sc}, p.Background.Alpha(thinLabelPlate))
					l.Text(over.X+2*sc, lr.Y+(lr.H-CharH*size)/2, w, size, p.Text)
					break
				}
			}
		}
	}
	if cv.Pinned {
		l.MarkFrame(lr, max(2, 2*sc), MeanPinned, p)
	}
	state := "running on a CPU"
	switch {
	case paused:
		state = "stopped for a garbage collection"
	case cv.Pinned:
		state = "pinned while " + cv.Reason.Words() + ": it keeps this carrier blocked"
	case !cv.OnCPU:
		state = "on this carrier, which waits for a CPU"
	}
	l.detail(lr, label, label+": carrier thread running virtual thread "+id+", "+state+"; its stack holds "+
		Count(int64(cv.Frames))+" words of "+TierLong(cv.Tier)+" frames.")
}

// carrierContrast is the carriers panel's title when the virtual threads
// outnumber the carriers: the few OS threads against all the virtual
// threads they carry, the picture's headline (readers found it in the
// caption only, not beside the lanes). It names them as a part of the
// JVM's OS threads: "4 OS threads" here beside the caption's "the JVM has
// 11 OS threads" read as a contradiction (drawFoldedLanes says what the
// others are: "8 of 74": "what are the other 66?"). When no virtual thread is
// mounted or ready, it says the carriers are idle: "4 of 11 OS threads run
// 10,000 virtual threads" beside "0 of 4 busy" read as a contradiction.
func carrierContrast(snap *sim.Snapshot, n int) []string {
	if snap.VirtualLive <= n || n == 0 {
		return nil
	}
	c, v := Count(int64(n)), Count(int64(snap.VirtualLive))
	if allCarriersIdle(snap) {
		idle := "all idle"
		for i := range snap.Carriers {
			if snap.Carriers[i].OnCPU {
				// One still on a CPU with nothing mounted (finishing an
				// unmount's work): "all idle" beside its green dot in the
				// OS threads' grid read as a contradiction.
				idle = "none running a virtual thread"
				break
			}
		}
		// (The last, without the count, for a blog's embed, where the
		// others did not fit and the carriers' state went unsaid.)
		if snap.PlatformLive > n {
			return []string{"carriers: " + c + " of " + Count(int64(snap.PlatformLive)) + " OS threads, " + idle, "carriers: " + c + " OS threads, " + idle, "carriers: " + idle}
		}
		return []string{"carriers: " + c + " OS threads, " + idle, "carriers: " + idle}
	}
	if snap.PlatformLive > n {
		all := Count(int64(snap.PlatformLive))
		return []string{
			"carriers: " + c + " of the JVM's " + all + " OS threads run all " + v + " virtual threads",
			"carriers: " + c + " of " + all + " OS threads run " + v + " virtual threads",
			"carriers: " + c + " OS threads for " + v + " virtual threads"}
	}
	return []string{"carriers: " + c + " OS threads for all " + v + " virtual threads", "carriers: " + c + " OS threads for " + v + " virtual threads"}
}

// allCarriersIdle reports whether no virtual thread is mounted, ready or
// being woken: every carrier waits for work (outside a pause).
func allCarriersIdle(snap *sim.Snapshot) bool {
	return snap.Mounted == 0 && snap.RunQueueLen == 0 && !snap.Paused && len(snap.Carriers) > 0
}

// carrierWaking reports whether carrier i, with no virtual thread mounted,
// has been signalled to take one: the scheduler set it running, and its
// OS thread is waking up (the machine's wake latency) before it takes a
// ready thread.
// Only while threads wait for a carrier: a carrier running with nothing
// mounted and an empty queue is looking for work, not being woken.
func carrierWaking(snap *sim.Snapshot, i int) bool {
	if i >= len(snap.Carriers) || snap.Paused || snap.RunQueueLen == 0 {
		return false
	}
	cv := &snap.Carriers[i]
	return cv.Thread == 0 && cv.State == sim.StateRunning && !cv.OnCPU
}

// drawWakingLane draws a carrier being woken: an alarm of dashes where
// its thread will be, and the wake-up time (the reason ready threads wait
// beside it) in the lane, not in small print elsewhere.
func (s *Side) drawWakingLane(l *List, lr, rest Rect, label string, text bool, p *Palette, sc float32) {
	wake, short := "its OS thread is waking up", "waking up"
	if s.wake > 0 {
		wake = "waking up: an OS thread takes " + Dur(s.wake) + " to wake"
		short = "waking up (" + Dur(s.wake) + ")"
	}
	in := rest.Inset(max(1, lr.H*0.12))
	slot, after := in.Left(min(in.H*3, in.W*0.3))
	drawWakingSlot(l, slot, p, sc)
	if text {
		l.TextFit(after.PadX(4*sc), sc, p.Text, wake, short, "waking")
	}
	l.detail(lr, label, label+": the scheduler has signalled this carrier to take a ready virtual thread; its OS thread "+
		"is waking up (the machine's wake-up latency, "+Dur(s.wake)+"), and then takes the thread.")
}

// drawWakingSlot draws the empty slot of the thread a waking carrier
// will take: dashes of the text colour above and below, no fill (no
// thread is on it yet).
func drawWakingSlot(l *List, slot Rect, p *Palette, sc float32) {
	dash := max(2, 3*sc)
	for x := slot.X; x < slot.Right(); x += 2 * dash {
		w := min(dash, slot.Right()-x)
		l.Rect(Rect{X: x, Y: slot.Y, W: w, H: max(1, sc)}, p.Text)
		l.Rect(Rect{X: x, Y: slot.Bottom() - max(1, sc), W: w, H: max(1, sc)}, p.Text)
	}
}

// TierLong names a tier in words.
func TierLong(t sim.Tier) string {
	switch {
	case t == sim.TierInterp:
		return "interpreted"
	case t >= sim.TierC2:
		return "C2-compiled"
	}
	return "C1-compiled"
}

// drawStopped draws r as stopped for garbage collection: slate crossed by
// bold dark diagonal stripes, like a barrier, so that it does not read as
// the heap's garbage (a plain darker grey): the two differ in pattern,
// not only in shade, and no other mark is striped.
func drawStopped(l *List, r Rect, p *Palette, sc float32) {
	l.Mark(r, MeanGC, p, 1)
	diagStripes(l, r, p, sc)
}

// diagStripes paints dark stripes rising to the right across r, each
// clipped to r (inset by half a stripe, so that none pokes out).
func diagStripes(l *List, r Rect, p *Palette, sc float32) {
	w := max(1.5, 2*sc)
	step := max(4, 5*sc)
	in := r.Inset(w / 2)
	if in.Empty() {
		return
	}
	c := p.Background.Alpha(0.6)
	// A stripe starts at (d, bottom) and rises at 45°: the point t along
	// it is (d+t, bottom-t), inside while x and y stay in the box.
	for d := in.X - in.H + step/2; d < in.Right(); d += step {
		t0, t1 := max(0, in.X-d), min(in.H, in.Right()-d)
		if t1-t0 < 0.5 {
			continue
		}
		l.Line(d+t0, in.Bottom()-t0, d+t1, in.Bottom()-t1, w, c)
	}
}

func drawCPULane(l *List, lr Rect, i int, pv *sim.PlatformView, paused bool, p *Palette, sc float32) {
	busy := pv != nil
	bg := p.Grid
	if !busy {
		bg = p.Panel.Mix(p.Grid, 0.4)
	}
	l.Rect(lr, bg)
	text := lr.H >= laneLabelMin*sc
	rest := lr
	name := "CPU " + strconv.Itoa(i+1)
	if text {
		var lab Rect
		lab, rest = lr.Left(min(lr.W*0.3, TextWidth("CPU 00", sc)+6*sc))
		l.TextFit(lab.PadX(2*sc), sc, p.TextDim, name, strconv.Itoa(i+1))
	}
	if !busy {
		if text {
			l.TextFit(rest.PadX(2*sc), sc, p.TextDim, "idle")
		}
		l.detail(lr, name, name+": idle, no thread to run.")
		return
	}
	inner := rest.Inset(max(1, lr.H*0.12))
	label := pv.ID.String()
	if pv.Role != 0 {
		label += " " + pv.Role.String()
	}
	tw := inner.H
	if text {
		tw = TextWidth(label, sc) + 6*sc
	}
	tok, after := inner.Left(min(tw, inner.W))
	if text {
		tok.Y, tok.H = lr.Y, lr.H
	}
	l.Mark(tok, MeanPlatform, p, 1)
	if text {
		l.TextFit(Rect{X: tok.X + 3*sc, Y: lr.Y, W: tok.W - 3*sc, H: lr.H}, sc, p.Background, label, pv.ID.String())
	}
	if paused {
		st := Rect{X: after.X + 2*sc, Y: after.Y + after.H*0.15, W: max(0, after.W-2*sc), H: after.H * 0.7}
		drawStopped(l, st, p, sc)
		l.TextFit(Rect{X: st.X + 2*sc, Y: lr.Y, W: st.W - 2*sc, H: lr.H}, sc, p.Text, "stopped for GC")
	}
	l.detail(lr, name, name+": runs platform thread "+label+".")
}

// drawCPUSlot draws CPU i as a box of its own: empty when idle (the
// lanes' title counts them: "12 CPUs, all idle"), or its number on top
// and the platform thread it runs. Twelve boxes each saying "CPU n idle"
// were the frame's largest block of words; folding them to one line lost
// the picture of idle CPUs beside a long queue (a reader rated it 2).
func drawCPUSlot(l *List, r Rect, i int, pv *sim.PlatformView, p *Palette, sc float32) {
	name := "CPU " + strconv.Itoa(i+1)
	l.Rect(r, p.Panel.Mix(p.Grid, 0.4))
	l.Frame(r, max(1, sc), p.PanelEdge)
	if pv == nil {
		l.detail(r, name, name+": idle, no thread to run.")
		return
	}
	top, rest := r.Top(min(CharH*sc, r.H/2))
	l.TextFit(top.PadX(sc), sc, p.TextDim, name, "CPU"+strconv.Itoa(i+1))
	tok := rest.Inset(2 * sc)
	l.Mark(tok, MeanPlatform, p, 1)
	l.TextFit(tok.PadX(2*sc), sc, p.Background, pv.ID.String())
	l.detail(r, name, name+": runs platform thread "+pv.ID.String()+".")
}

// stoppedWords is the carriers' count during a GC pause: every started
// carrier is stopped ("all 8 stopped for GC"; "11 started, all stopped for
// GC" while some have not started).
func stoppedWords(started, n int) string {
	if started >= n {
		return "all " + Count(int64(n)) + " stopped for GC"
	}
	return Count(int64(started)) + " started, all stopped for GC"
}

// heldStoppedWords is stoppedWords saying that the virtual threads the
// carriers hold (the lanes' #ids) are stopped with them ("all 8 and their
// threads stopped": a "+" there read as arithmetic).
func heldStoppedWords(started, n int) string {
	if started >= n {
		return "all " + Count(int64(n)) + " and their threads stopped"
	}
	return Count(int64(started)) + " started, stopped with their threads"
}

// busyCPUs is the number of CPUs that run a thread now.
func busyCPUs(snap *sim.Snapshot) int {
	busy := 0
	for _, id := range snap.CoreThread {
		if id != 0 {
			busy++
		}
	}
	return busy
}

// cpusBusyWords counts the CPUs that run a thread now ("all 12 idle",
// "3 of 12 busy").
func cpusBusyWords(snap *sim.Snapshot) string {
	n := Count(int64(max(snap.Cores, 1)))
	if busy := busyCPUs(snap); busy > 0 {
		return Count(int64(busy)) + " of " + n + " busy"
	}
	return "all " + n + " idle"
}

// drawPauseBanner writes the stop-the-world pause once, on the title line
// of the heap it collects: the kind of collection and the time left. The
// threads it stopped are greyed where they are drawn.
//
// brief: a still frame whose story is the chain (Scene.ThreadsMerged), where
// the pause is secondary: its kind alone, the heap's size (the header's)
// and the time left (the step line's pause length) said on point.
func drawPauseBanner(l *List, heap Rect, snap *sim.Snapshot, brief bool, p *Palette, sc float32) {
	if heap.H < PanelTitleH(sc) {
		return
	}
	kind := "young collection"
	if snap.PauseFull {
		kind = "Full GC"
	}
	// Beside a caption counting Full GCs, a young pause said which kind
	// it is only in a word readers took for jargon ("which kind is this
	// pause?"): what it empties, and that it is not one of those.
	young := []string{}
	if !snap.PauseFull {
		if snap.FullGCs > 0 {
			young = append(young, "young GC (small): emptying eden")
		}
		young = append(young, "young GC: emptying eden")
	}
	left := ""
	if d := snap.PauseEnd.Sub(snap.Time); d > 0 {
		left = " · " + PauseDur(d) + " left"
	}
	b, _ := heap.Inset(1).Top(PanelTitleH(sc))
	drawStopped(l, b, p, sc)
	h := "heap " + Size(snap.Heap.Max) + ": "
	t := b.PadX(3 * sc)
	var labels []string
	for _, y := range young {
		if brief {
			labels = append(labels, y)
			continue
		}
		labels = append(labels, h+y+left, y+left)
	}
	if !brief {
		labels = append(labels, h+"GC pause ("+kind+")"+left+" · every Java thread is stopped", h+"GC pause ("+kind+")"+left)
	}
	// Brief (the chain's frame, whose heap panel may draw a compared run
	// beside this one, each row saying whether it is stopped now): not
	// "every Java thread is stopped" over both runs when the other one
	// runs on.
	labels = append(labels, "GC pause ("+kind+")"+left, "GC pause"+left, "GC pause")
	for _, label := range labels {
		if w := TextWidth(label, sc); w <= t.W {
			// On a plate: words over the stripes were hard to read.
			l.Rect(Rect{X: t.X - 2*sc, Y: b.Y + (b.H-CharH*sc)/2, W: w + 4*sc, H: CharH * sc}, p.Background.Alpha(0.75))
			l.Text(t.X, b.Y+(b.H-CharH*sc)/2, label, sc, p.Text)
			break
		}
	}
	l.detail(b, "GC pause", "A stop-the-world pause for a "+kind+left+": every Java thread is stopped until the collector is done.")
}

// drawBanner writes a message across the top of r in colour c.
func drawBanner(l *List, r Rect, msg string, c Color, p *Palette, sc float32) {
	if r.H < (CharH+4)*sc {
		return
	}
	lines := Wrap(msg, r.W-4*sc, sc)
	b, _ := r.Top(float32(len(lines))*CharH*sc + 4*sc)
	l.Rect(b, c)
	for i, line := range lines {
		l.Text(b.X+2*sc, b.Y+2*sc+float32(i)*CharH*sc, line, sc, p.Background)
	}
}
