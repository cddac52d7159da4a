package view

import (
	"strconv"
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// Folded panels: a panel with nothing to say now (Scene, layout.go) is one
// line, and that line still gives its numbers in words, so a reader loses
// nothing but the marks that had nothing to show. The room goes to the
// panels that tell the story.

// foldedLine draws a folded panel's frame and its one line of text (the
// first of alts that fits) and registers its explanation.
func foldedLine(l *List, r Rect, name, say string, p *Palette, sc float32, alts ...string) {
	if r.Empty() {
		return
	}
	l.Rect(r, p.Panel)
	l.Frame(r, 1, p.PanelEdge)
	foldedLineText(l, r, name, say, p, sc, alts...)
}

// foldedLineText is a folded line's words and its explain-on-point
// region, on a background already drawn.
func foldedLineText(l *List, r Rect, name, say string, p *Palette, sc float32, alts ...string) {
	if r.Empty() {
		return
	}
	l.TextFit(r.Inset(2*sc), sc, p.Text, alts...)
	l.region(r, name, say)
}

// drawFoldedHeap draws a heap that holds data but has no story yet (no
// collection, nothing promoted) as one line: its size, what it holds and,
// when parked virtual threads keep their stacks there, how many
// StackChunks and their bytes. Given two lines (Scene.HeapChunkRow), the
// StackChunks take the second, one square each.
func drawFoldedHeap(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	h := &snap.Heap
	used := h.Used()
	// "of" its maximum: "heap 2.00 GB" beside "resident memory 53.5 MB"
	// read as 2 GB used. The collector's name says it is one ("G1",
	// "serial GC": "(serial)" was jargon).
	head := "heap: " + Size(used) + " used of " + Size(h.Max) + " (" + gcLabel(snap.GC) + "), no GC yet"
	short := "heap: " + Size(used) + " used of " + Size(h.Max) + ", no GC yet"
	// The line's words, in groups: what the StackChunks are (whyAlts,
	// chunkAlts), the virtual threads' share (threadAlts), and the heap
	// alone (plainAlts). A row of chunk squares says the first two.
	var whyAlts, chunkAlts, threadAlts []string
	chunksDiffer := false
	if n := snap.Chunks.Live; n > 0 {
		chunks := Count(int64(n)) + " " + plural(n, "StackChunk", "StackChunks")
		if _, _, differ := chunksBesideThreadsOff(snap); differ {
			// The line gives the StackChunks' bytes alone: a count beside
			// the parked threads' that differs by one or two needed a
			// reconciliation a student does not need in ten seconds
			// (the explanation on point gives it: foldedHeapSay).
			// When a stack is in the heap, said against the legend's
			// "stack on the carrier (native, not heap)": a parked
			// thread's is copied in, a running one's stays native.
			// The running ones' stacks staying on their carriers is the
			// legend's to say ("stack on the carrier (native, not heap)"):
			// the line keeps to what is in the heap (readers found the
			// frame's bottom lines long).
			stacks3 := "the parked threads' stacks are copied into it (" + Size(snap.Chunks.LiveBytes) + ")"
			whyAlts = append(whyAlts, short+"; "+stacks3, "heap: "+Size(used)+" used; "+stacks3)
			chunks = "StackChunks"
			chunksDiffer = true
		}
		chunkAlts = append(chunkAlts,
			head+"; "+chunks+" hold the parked threads' stacks ("+Size(snap.Chunks.LiveBytes)+")",
			short+"; "+chunks+" hold parked stacks ("+Size(snap.Chunks.LiveBytes)+")",
			short+"; "+chunks+" ("+Size(snap.Chunks.LiveBytes)+")")
		if vt, vn := virtualThreadsHeap(snap), snap.VirtualLive; vn > 0 && Size(vt) != Size(snap.Chunks.LiveBytes) {
			// Where the line is short (a phone's), the virtual threads'
			// whole cost, as the caption says it: "StackChunks (11.9
			// KB)" under a caption's "16 virtual threads cost 15.9 KB"
			// asked which was their cost.
			vs := Count(int64(vn)) + " virtual " + plural(vn, "thread", "threads")
			// The rest named, where it is all dead: "273.8 KB used,
			// 31.8 KB of it by 32 virtual threads" left a reader asking
			// what the other 242 KB was (the requests' garbage, which no
			// GC has collected yet). The figures are written as the
			// memory bar writes parts and their whole, the rest as the
			// difference of the other two: they add up on sight.
			if garbage, ok := heapGarbageAsWritten(snap); ok {
				sum := "heap " + PartsSize(used) + " = " + PartsSize(vt)
				rest := garbage + " garbage"
				// Whose first where "by" does not fit: "31.8 KB 32 virtual
				// threads" ran two figures together.
				whose := "heap " + PartsSize(used) + " = " + vs + "' " + PartsSize(vt)
				threadAlts = append(threadAlts, sum+" by "+vs+" + "+rest, whose+" + "+rest, sum+" "+vs+" + "+rest)
			}
			// "Of it by": "273.8 KB used; 32 virtual threads: 31.8 KB"
			// left a reader asking how the two figures relate.
			threadAlts = append(threadAlts, "heap: "+Size(used)+" used, "+Size(vt)+" of it by "+vs,
				"heap: "+Size(used)+" used; "+vs+": "+Size(vt), "heap "+Size(used)+"; "+vs+": "+Size(vt))
		}
		chunkAlts = append(chunkAlts,
			// "of it": the StackChunks are a part of the heap's use, not
			// all of it (12.7 MB beside 11.9 KB asked what the rest was).
			"heap: "+Size(used)+" used, of it "+chunks+" ("+Size(snap.Chunks.LiveBytes)+")",
			"heap: "+Size(used)+" used; "+chunks+" ("+Size(snap.Chunks.LiveBytes)+")",
			"heap "+Size(used)+"; "+chunks+" ("+Size(snap.Chunks.LiveBytes)+")", "heap "+Size(used)+"; "+chunks)
	}
	plainAlts := []string{head, short, "heap: " + Size(used) + " used, no GC yet", "heap " + Size(used)}
	alts := append(append(append(append(whyAlts, chunkAlts[:min(3, len(chunkAlts))]...), threadAlts...),
		chunkAlts[min(3, len(chunkAlts)):]...), plainAlts...)
	// The StackChunks drawn in the heap, one brown square each: readers
	// looked for them there (the legend's brown) and found only a number.
	if n := snap.Chunks.Live; n > 0 && n <= maxFoldedChunkMarks && !r.Empty() {
		if r.H >= 2*foldedH(sc) {
			drawFoldedHeapChunkRow(l, r, snap, chunksDiffer, append(threadAlts, plainAlts...), p, sc)
			return
		}
		if drawFoldedHeapChunksBeside(l, r, snap, alts, p, sc) {
			return
		}
	}
	foldedLine(l, r, "heap", foldedHeapSay(snap, used), p, sc, alts...)
}

// drawFoldedHeapChunksBeside draws the folded heap as one line, its
// StackChunks' squares after its words, where they take at most half
// the line; it reports whether they did (else nothing is drawn).
func drawFoldedHeapChunksBeside(l *List, r Rect, snap *sim.Snapshot, alts []string, p *Palette, sc float32) bool {
	in := r.Inset(2 * sc)
	n := snap.Chunks.Live
	cell := max(3*sc, CharH*sc*0.55)
	gap := max(1, sc)
	marksW := float32(n)*(cell+gap) + 2*CharW*sc
	if marksW >= in.W/2 {
		return false
	}
	l.inHeap = true
	defer func() { l.inHeap = false }()
	l.Rect(r, p.Panel)
	l.Frame(r, 1, p.PanelEdge)
	text := alts[len(alts)-1]
	for _, a := range alts {
		if TextWidth(a, sc) <= in.W-marksW {
			text = a
			break
		}
	}
	l.TextFit(in, sc, p.Text, text)
	drawChunkMarks(l, in.X+TextWidth(text, sc)+CharW*sc, in.Y+(in.H-cell)/2, cell, gap, n, p)
	l.region(r, "heap", foldedHeapSay(snap, snap.Heap.Used()))
	return true
}

// drawChunkMarks draws n StackChunk squares cell wide in a row from (x, y).
func drawChunkMarks(l *List, x, y, cell, gap float32, n int, p *Palette) {
	for i := 0; i < n; i++ {
		l.Mark(Rect{X: x + float32(i)*(cell+gap), Y: y, W: cell, H: cell}, MeanChunkData, p, 1)
	}
}

// drawFoldedHeapChunkRow draws the folded heap as two lines: its words
// (alts, the first that fits), then its StackChunks as a row of brown
// squares, one each, after what they are. Stop 52's and 53's readers of
// loom-carrier looked in the heap for the legend's brown: beside the
// heap's sum its squares had had no room.
func drawFoldedHeapChunkRow(l *List, r Rect, snap *sim.Snapshot, differ bool, alts []string, p *Palette, sc float32) {
	l.inHeap = true
	defer func() { l.inHeap = false }()
	l.Rect(r, p.Panel)
	l.Frame(r, 1, p.PanelEdge)
	in := r.Inset(2 * sc)
	words, row := in.Top(in.H / 2)
	l.TextFit(words, sc, p.Text, alts...)
	n, bytes := snap.Chunks.Live, Size(snap.Chunks.LiveBytes)
	chunks := Count(int64(n)) + " " + plural(n, "StackChunk", "StackChunks")
	labels := []string{chunks + " (" + bytes + "):", "StackChunks:"}
	if !differ {
		// (Where the count differs from the parked threads', the
		// explanation on point says why: foldedChunkWhy.)
		labels = append([]string{chunks + ", the parked threads' stacks (" + bytes + "):"}, labels...)
	}
	gap := max(1, sc)
	minCell := 3 * sc
	label := labels[len(labels)-1]
	for _, a := range labels {
		if TextWidth(a, sc)+CharW*sc+float32(n)*(minCell+gap) <= row.W {
			label = a
			break
		}
	}
	l.TextFit(row, sc, p.Text, label)
	x := row.X + TextWidth(label, sc) + CharW*sc
	cell := min(CharH*sc*0.55, (row.X+row.W-x)/float32(n)-gap, row.H)
	if cell >= minCell {
		drawChunkMarks(l, x, row.Y+(row.H-cell)/2, cell, gap, n, p)
	}
	l.region(r, "heap", foldedHeapSay(snap, snap.Heap.Used()))
}

// heapGarbageAsWritten is the heap's use beyond the virtual threads' own
// (virtualThreadsHeap) as the folded heap's sum writes it ("242.0 KB", the
// difference of the two as written), where all of that rest is garbage;
// ok is false otherwise.
func heapGarbageAsWritten(snap *sim.Snapshot) (string, bool) {
	used, vt := snap.Heap.Used(), virtualThreadsHeap(snap)
	if used <= vt || !heapRestIsGarbage(snap) {
		return "", false
	}
	return PartsGap(used, vt), true
}

// heapRestIsGarbage reports whether the heap holds no live data but the
// threads' own (threadCategories): what it uses beyond theirs is then
// dead.
func heapRestIsGarbage(snap *sim.Snapshot) bool {
	h := &snap.Heap
	return liveIn(h, heapCategories[:]) == liveIn(h, threadCategories[:])
}

// maxFoldedChunkMarks is the most StackChunks the folded heap line draws
// one square each; more are said in words only.
const maxFoldedChunkMarks = 64

// foldedHeapSay is the folded heap line's explanation.
func foldedHeapSay(snap *sim.Snapshot, used sim.Bytes) string {
	h := &snap.Heap
	return "The Java heap, " + Size(h.Max) + " (" + snap.GC.String() + " collector), holds " + Size(used) +
		" and has not been collected yet: eden " + Size(h.EdenUsed) + " of " + Size(h.EdenCap) + ", old generation " + Size(h.OldUsed) +
		". " + Count(int64(snap.Chunks.Live)) + " StackChunks (" + Size(snap.Chunks.LiveBytes) + ") hold the stacks of parked virtual threads" +
		chunkWhySay(snap) + ". The panel opens at the first collection."
}

// chunkWhySay is the reconciliation of the StackChunks' count with the
// threads off a carrier, for the explanation on point ("" when they
// agree).
func chunkWhySay(snap *sim.Snapshot) string {
	if why := foldedChunkWhy(snap, "", "", Count(int64(snap.Chunks.Live))+" StackChunks"); len(why) > 0 {
		return " (" + strings.TrimPrefix(why[0], "; ") + ")"
	}
	return ""
}

// foldedChunkWhy is the folded heap line when its StackChunk count is not
// the count of threads off their carriers, saying why by the StackChunk
// strip's rule (chunkNote): a running thread keeps the chunk it froze
// into, for its next park ("16 StackChunks" beside "15 parked" read as an
// error). Nil when the counts agree.
func foldedChunkWhy(snap *sim.Snapshot, head, short, chunks string) []string {
	live, off, differ := chunksBesideThreadsOff(snap)
	if !differ {
		return nil
	}
	if live < off {
		// Said with both counts: "1,391 parked" beside "1,392 StackChunks"
		// read as an error when only one was given.
		n := off - live
		// Plain words: "just started, never parked, have none" was hard
		// to work out.
		why := chunks + " for " + Count(int64(off)) + " threads off a carrier: " + Count(int64(n)) + " new " + plural(n, "one has", "ones have") + " no stack saved yet"
		short2 := chunks + " for " + Count(int64(off)) + " threads off a carrier (" + Count(int64(n)) + " new, none yet)"
		return []string{head + "; " + why, short + "; " + why, head + "; " + short2, short + "; " + short2}
	}
	o, x := Count(int64(off)), Count(int64(live-off))
	kept := []string{x + " kept by running threads for their next park", x + " kept by running threads", x + " running threads keep"}
	if live-off == 1 {
		kept = []string{"1 kept by a running thread for its next park", "1 kept by a running thread", "1 a running thread keeps"}
	}
	used := Size(snap.Heap.EdenUsed + snap.Heap.SurvivorUsed + snap.Heap.OldUsed)
	// The why comes first: a shorter heading before a shorter why.
	var out []string
	for _, k := range kept {
		for _, pre := range []string{head, short, "heap " + used + " used", "heap"} {
			sep := "; "
			if pre == "heap" {
				sep = ": "
			}
			out = append(out, pre+sep+chunks+": "+o+" parked stacks + "+k)
		}
	}
	return out
}

// gcLabel names a collector as a collector: "G1", "serial GC".
func gcLabel(k sim.GCKind) string {
	n := gcName(k)
	if n == "G1" {
		return n
	}
	return n + " GC"
}

// gcName is a collector's name as the folded line writes it ("G1").
func gcName(k sim.GCKind) string {
	s := k.String()
	if i := strings.IndexByte(s, ' '); i > 0 {
		s = s[:i] // "g1 (simplified)": the model's caveat is in the explanation
	}
	if s == "g1" {
		return "G1"
	}
	// Capitalised as HotSpot's own names and the scenarios' titles write
	// them: "Parallel" in a header over "parallel GC" in the heap's title
	// read as two things.
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	return s
}

// drawFoldedOS draws the OS threads as one line where they are the JVM's
// own and the carriers, and no resident memory is computed. The carriers
// holding a CPU are not counted again here: their lanes (above) say how
// many are busy, and "3 on a CPU" under "3 of 8 busy" read as a second
// fact. The line says instead what the count means for virtual threads:
// however many are parked, they add no OS thread.
func drawFoldedOS(l *List, r Rect, snap *sim.Snapshot, measured bool, p *Palette, sc float32) {
	foldedOS(l, r, snap, measured, false, false, p, sc)
}

// foldedOS is drawFoldedOS; secondary: the frame's story is elsewhere
// (Scene.ThreadsMerged): the line is the count alone, in the dim ink,
// its parts and the resident memory said on point.
//
// eachRun: a second run of the model is drawn beside this one (the
// compared case), with OS threads of its own: the line says its count is
// each run's ("whose 28 OS threads?"), its parts on point.
func foldedOS(l *List, r Rect, snap *sim.Snapshot, measured, secondary, eachRun bool, p *Palette, sc float32) {
	carriers, _, jvm := osKinds(snap)
	on := 0
	for i := range snap.Carriers {
		if snap.Carriers[i].OnCPU && !snap.Paused {
			on++
		}
	}
	var parts, short []string
	if carriers > 0 {
		parts = append(parts, "the "+Count(int64(carriers))+" "+plural(carriers, "carrier", "carriers"))
		short = append(short, Count(int64(carriers))+" "+plural(carriers, "carrier", "carriers"))
	}
	if jvm > 0 {
		who := "of the JVM's own (GC, compiler, main)"
		if measured {
			who = "of the JVM's and its framework's own"
		}
		parts = append(parts, Count(int64(jvm))+" "+who)
		short = append(short, Count(int64(jvm))+" of the JVM's own")
	}
	head := "OS threads: " + Count(int64(snap.PlatformLive))
	// The resident memory, when computed, ends the line as a total: its
	// parts are the OS panel's story only where the article measured it.
	mem := ""
	var alts []string
	if snap.RSS > 0 {
		mem = "; resident memory " + Size(snap.RSS)
		// With its parts where they fit: llm-router's 50.8 MB beside the
		// heap's 1.3 MB in use was a gap readers could not explain (most
		// of it is the JVM itself).
		sums, _ := rssSums(snap)
		for _, f := range sums {
			alts = append(alts, head+" = "+strings.Join(parts, " + ")+"; "+f)
		}
	}
	// Not ", none for the parked virtual threads": the caption sets the
	// virtual threads against the carriers and the JVM's OS threads, and
	// readers found the frame's bottom lines long.
	shortMem := head + " = " + strings.Join(short, " + ") + mem
	alts = append(alts, head+" = "+strings.Join(parts, " + ")+mem, shortMem)
	withDot := on > 0 && TextWidth(shortMem, sc) > r.W-4*sc
	if withDot {
		// A narrow canvas (an embed), where the lanes are a few pixels
		// high and their dots are lost: the line counts the threads on a
		// CPU and ends with the green dot, so the count's colour is found
		// where it is read.
		cpu := "; " + Count(int64(on)) + " on a CPU"
		// The parts in their tight form before the count alone: "OS
		// threads: 28; 8 on a CPU" beside "8 of 8 busy" left a newcomer
		// asking what the other 20 were.
		tight := head + " = " + tightOS(short, jvm)
		alts = []string{head + " = " + strings.Join(short, " + ") + cpu + mem, head + " = " + strings.Join(short, " + ") + cpu, tight + cpu, tight}
		alts = append(alts, firstKind(head, short, cpu)...)
		alts = append(alts, head+cpu)
		if !r.Empty() {
			dot := min(r.H*0.3, 4*sc)
			defer l.MarkCircle(r.Right()-dot-4*sc, r.Y+r.H/2, dot, MeanOnCPU, p)
		}
	} else {
		alts = append(alts, head+" = "+strings.Join(short, " + ")+mem, head+" = "+strings.Join(short, " + "), head+" = "+tightOS(short, jvm))
		alts = append(alts, firstKind(head, short, "")...)
		alts = append(alts, head)
	}
	if !r.Empty() {
		l.Rect(r, p.Panel)
		l.Frame(r, 1, p.PanelEdge)
		if withDot {
			r.W = max(0, r.W-2*min(r.H*0.3, 4*sc)-6*sc)
		}
	}
	say := "OS threads: " + Count(int64(snap.PlatformLive)) + " live: " + Count(int64(carriers)) +
		" carrier threads (the OS threads that run virtual threads) and " + Count(int64(jvm)) + " of the JVM's own; " +
		Count(int64(on)) + " hold a CPU now. The program starts no platform threads of its own, so the virtual threads cost no OS thread each." + rssNote(snap)
	if secondary && !withDot {
		if !r.Empty() {
			// The count and its short parts, no resident memory: that
			// beside the heap's 1.00 GB was one more figure to set
			// against another, and "OS threads: 28" beside 8 carriers
			// alone read as unexplained.
			sum := short
			if snap.PlatformApp > 0 {
				sum = append(sum[:len(sum):len(sum)], Count(int64(snap.PlatformApp))+" of the program's")
			}
			tight := tightOS(sum, jvm)
			if eachRun {
				l.TextFit(r.Inset(2*sc), sc, p.TextDim, "each run: "+Count(int64(snap.PlatformLive))+" OS threads ("+Count(int64(carriers))+" carriers)", head)
			} else {
				l.TextFit(r.Inset(2*sc), sc, p.TextDim, head+" = "+strings.Join(sum, " + "), head+" = "+tight, head)
			}
			l.region(r, "OS threads", say)
		}
		return
	}
	foldedLineText(l, r, "OS threads", say, p, sc, alts...)
}

// tightOS joins the OS threads' short parts for a phone's narrower line,
// the JVM's part in two words ("7 JVM's own"): cut to its count alone,
// the line left readers asking what the other OS threads were.
func tightOS(short []string, jvm int) string {
	tight := strings.Join(short, " + ")
	if jvm > 0 {
		tight = strings.Replace(tight, Count(int64(jvm))+" of the JVM's own", Count(int64(jvm))+" JVM's own", 1)
	}
	return tight
}

// drawFoldedLanes draws the carrier lanes of a still frame: the busy ones
// as lanes (drawCarrierLane) and the idle ones in one line naming them.
func (s *Side) drawFoldedLanes(l *List, r Rect, in *SideInput, idle []int, p *Palette, sc float32) {
	snap := in.Snap
	n := in.LaneCount()
	right := Count(int64(snap.Mounted)) + " of " + Count(int64(n)) + " busy"
	if snap.Paused {
		right = stoppedWords(snap.CarriersStarted(), n)
	}
	if snap.Pinned > 0 && !snap.Paused {
		right += " · " + Count(int64(snap.Pinned)) + " pinned"
	}
	// With every carrier idle the title says so ("all idle"): "0 of 4
	// busy" and a line naming the idle workers repeated it.
	allIdle := allCarriersIdle(snap) && len(carrierContrast(snap, n)) > 0
	if allIdle {
		right = ""
	}
	// The contrast (8 of 74 OS threads run 16 virtual threads) before
	// the busy count: the idle line under the busy lanes counts the rest.
	if cc := carrierContrast(snap, n); len(cc) > 0 && TextWidth(cc[len(cc)-1], sc)+TextWidth(right, sc)+12*sc > r.W {
		for _, t := range cc {
			if TextWidth(t, sc)+4*sc <= r.W && !snap.Paused {
				right = ""
				break
			}
		}
	}
	body := panel(l, r, right, p, sc, append(carrierContrast(snap, n),
		"carriers: the OS threads that run virtual threads", "carriers: OS threads running virtual threads",
		"carriers (OS threads)", "carrier threads", "carriers")...)
	l.region(r, "carrier lanes", "Carrier threads: the "+Count(int64(n))+" OS threads of the virtual-thread scheduler (parallelism "+
		strconv.Itoa(snap.Parallelism)+"). "+Count(int64(snap.Mounted))+" of them run a virtual thread now; the bar is that thread's stack. "+
		"The idle ones are listed on one line: "+idleWords(idle, snap.CarriersStarted(), true)+".")
	if body.Empty() {
		return
	}
	for len(s.heat) < n {
		s.heat = append(s.heat, 0)
	}
	busy := n - len(idle)
	// The carriers being woken for ready threads get a line of their
	// own, with a mark each: beside the threads just ready, "idle"
	// carriers read as a contradiction.
	var waking, rest []int
	for _, i := range idle {
		if carrierWaking(snap, i) {
			waking = append(waking, i)
		} else {
			rest = append(rest, i)
		}
	}
	lineH := CharH * sc
	// The waking carriers: a line of words, then a row of small lanes
	// just above the ready row they take their threads from.
	rowH := lineH + 8*sc // room for the dashes above and below the name
	wakeH := float32(btoi(len(waking) > 0)) * (lineH + rowH)
	// The idle ones' line only where the busy lanes keep a readable
	// height beside it: on a low panel (a phone's) the title counts the
	// idle ones ("1 of 8 busy") and the running thread keeps its lane.
	idleH := float32(btoi(len(rest) > 0)) * lineH
	if body.H-wakeH-idleH < float32(max(busy, 1))*(laneLabelMin+1)*sc {
		idleH = 0
	}
	laneH := min(laneMaxH*sc, (body.H-wakeH-idleH)/float32(max(busy, 1)))
	gap := max(1, sc)
	y := body.Y
	s.at.lanes = s.at.lanes[:0]
	named := false // the stopped stack bar is named once, on the first busy lane
	for i := 0; i < n; i++ {
		if containsInt(idle, i) {
			continue
		}
		lr := Rect{X: body.X, Y: y, W: body.W, H: max(0, laneH-gap)}
		var cv *sim.CarrierView
		if i < snap.CarriersStarted() {
			cv = &snap.Carriers[i]
		}
		s.drawCarrierLane(l, lr, i, cv, snap.Paused, !named, true, p, sc)
		named = named || (cv != nil && cv.Thread != 0)
		y += laneH
	}
	line := Rect{X: body.X, Y: y, W: body.W, H: max(0, min(lineH, body.Bottom()-y))}
	for _, i := range idle {
		// Flights to or from an idle lane end on its line.
		s.at.tokenOnLane(i, Rect{X: line.X, Y: line.Y, W: min(line.H*3, line.W), H: line.H})
	}
	if allIdle && len(waking) == 0 && line.H > 0 {
		drawIdleCarriers(l, Rect{X: body.X, Y: line.Y, W: body.W, H: body.Bottom() - line.Y}, idle, p, sc)
	}
	if len(rest) > 0 && line.H > 0 && !allIdle {
		words := []string{idleWords(rest, snap.CarriersStarted(), true), idleWords(rest, snap.CarriersStarted(), false)}
		if s.memStory && busy > 0 && len(rest) == len(idle) && len(rest) == snap.CarriersStarted()-busy {
			// Under the memory story the lanes are secondary: the
			// others counted, their names the explanation's.
			// The OS threads that are not carriers get their words here
			// ("8 of 74 OS threads" in the title: "what are the other
			// 66?"): the program starts none, so they are the JVM's.
			words = []string{"the other " + Count(int64(len(rest))) + ": idle"}
			if jvm := snap.PlatformLive - snap.CarriersStarted(); snap.PlatformApp == 0 && jvm > 0 {
				words = append([]string{words[0] + " · " + Count(int64(jvm)) + " more OS threads: the JVM's own"}, words...)
			}
		}
		l.TextFit(line.PadX(2*sc), sc, p.TextDim, words...)
		line.Y += lineH
		line.H = max(0, min(lineH, body.Bottom()-line.Y))
	}
	if len(waking) > 0 {
		row := Rect{X: body.X, Y: line.Y + lineH, W: body.W, H: max(0, min(rowH, body.Bottom()-line.Y-lineH))}
		s.drawWaking(l, line, row, waking, snap.RunQueueLen, p, sc)
	}
}

// drawIdleCarriers draws every carrier, all idle, as an empty box of its
// own in the outline of a carrier's OS thread, as request-load draws its
// idle CPUs: under "carriers: 4 of 11 OS threads, all idle" an empty
// panel left a reader looking for the 4 carriers. No words: the title
// says they are idle; each box names its carrier on point.
func drawIdleCarriers(l *List, r Rect, idle []int, p *Palette, sc float32) {
	n := len(idle)
	if n == 0 || r.H < 4*sc {
		return
	}
	in := r.Inset(2 * sc)
	in.H = min(in.H, 2*CharH*sc)
	gap := 4 * sc
	w := min(12*CharW*sc, (in.W-float32(n-1)*gap)/float32(n))
	if w < 3*sc {
		return
	}
	for k, i := range idle {
		c := Rect{X: in.X + float32(k)*(w+gap), Y: in.Y, W: w, H: in.H}
		l.Rect(c, p.Grid)
		l.MarkFrame(c, max(1, 1.5*sc), MeanCarrierOS, p)
		name := "worker-" + strconv.Itoa(i+1)
		l.detail(c, name, name+": idle carrier, an OS thread (a platform thread) with no virtual thread mounted: every virtual thread is parked.")
	}
}

// drawWaking draws the carriers being woken as a row of small lanes, each
// its worker's name in an empty dashed slot (no thread on it yet), under a
// line saying what they do, just above the ready row (whose title's arrow
// points up at them): the
// handoff ready -> carrier ("5 carriers woken, one per thread made ready"
// beside 3 ready threads was a puzzle). The scheduler signals an idle
// carrier when a thread lands in an empty queue, and a carrier that takes
// a thread with more behind it signals the next (sim: scheduler.submit,
// scan); a busy
// carrier may take a ready thread first, so more can be waking than
// threads are still ready, and one that wakes to an empty queue sleeps
// again: hence "if one is left".
func (s *Side) drawWaking(l *List, words, row Rect, lanes []int, ready int, p *Palette, sc float32) {
	var names []string
	for _, i := range lanes {
		names = append(names, strconv.Itoa(i+1))
	}
	who := "worker-" + strings.Join(names, ", -")
	in := row.PadX(2 * sc)
	x := in.X
	for _, i := range lanes {
		label := "worker-" + strconv.Itoa(i+1)
		w := TextWidth(label, sc) + 8*sc
		if x+w > in.Right() || row.H <= 0 {
			break
		}
		chip := Rect{X: x, Y: row.Y, W: w, H: row.H}
		drawWakingSlot(l, chip, p, sc)
		l.TextFit(chip.PadX(4*sc), sc, p.Text, label)
		x = chip.Right() + 4*sc
	}
	wake, short := "", ""
	if s.wake > 0 {
		wake, short = " in "+Dur(s.wake), " ("+Dur(s.wake)+")"
	}
	alts := []string{"waking up: takes a ready thread" + wake, "waking up" + short, "waking up", "waking"}
	if len(lanes) > ready && ready > 0 {
		alts = append([]string{"waking up: takes a ready thread" + wake + ", if one is left",
			"waking up: takes a ready thread" + wake + " if any left"}, alts...)
	}
	if words.H > 0 {
		l.TextFit(words.PadX(2*sc), sc, p.Text, alts...)
	}
	l.detail(Rect{X: words.X, Y: words.Y, W: words.W, H: row.Bottom() - words.Y}, "carriers waking up", who+
		": a thread made ready in an empty queue signals one idle carrier, and a carrier that takes a thread with more behind it signals the next; their OS threads are waking up (the machine's wake-up latency, "+
		Dur(s.wake)+"). The first to reach the queue take the "+Count(int64(ready))+" ready "+plural(ready, "thread", "threads")+
		" (a busy carrier may take one first); a carrier that finds none left goes back to idle.")
}

// idleWords names the idle lanes ("worker-1, -2, -3: idle") and those not
// started yet; short numbers them alone.
func idleWords(idle []int, started int, long bool) string {
	var on, off []string
	for _, i := range idle {
		name := strconv.Itoa(i + 1)
		if i < started {
			on = append(on, name)
		} else {
			off = append(off, name)
		}
	}
	list := func(ns []string) string {
		if !long {
			return "workers " + strings.Join(ns, ", ")
		}
		return "worker-" + strings.Join(ns, ", -")
	}
	var out []string
	if len(on) > 0 {
		out = append(out, list(on)+": idle")
	}
	if len(off) > 0 {
		out = append(out, list(off)+": not started yet")
	}
	return strings.Join(out, " · ")
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// drawStoppedCarriersLine draws the carriers, every one stopped for the
// same GC, as one dim line (Scene's LanesFolded): beside the heap's story
// eight lanes of "stopped" were the frame's largest block of text for one
// fact. The stopped mark at the line's end is the pause's own; which
// thread each carrier holds is said on point.
func drawStoppedCarriersLine(l *List, r Rect, in *SideInput, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	snap := in.Snap
	n := in.LaneCount()
	l.Rect(r, p.Panel)
	l.Frame(r, 1, p.PanelEdge)
	t := r.Inset(2 * sc)
	if mk := min(t.H, CharH*sc) - 4*sc; mk > 0 && t.W > 3*mk {
		drawStopped(l, Rect{X: t.Right() - 2*mk, Y: t.Y + (t.H-mk)/2, W: 2 * mk, H: mk}, p, sc)
		t.W -= 2*mk + 4*sc
	}
	all := Count(int64(n))
	// Not "carriers (OS threads)": the OS threads' line says the carriers
	// are 8 of its 28.
	l.TextFit(t, sc, p.TextDim, "carriers: all "+all+" stopped for this GC",
		"all "+all+" carriers stopped for GC", "carriers stopped")
	var held []string
	for i := range snap.Carriers {
		if id := snap.Carriers[i].Thread; id != 0 {
			held = append(held, id.String()+" on worker-"+strconv.Itoa(i+1))
		}
	}
	say := "Carrier threads: the " + all + " OS threads of the virtual-thread scheduler (parallelism " + strconv.Itoa(snap.Parallelism) +
		"), every one stopped for this GC pause"
	if len(held) > 0 {
		say += " with the virtual thread it holds (" + strings.Join(held, ", ") + ")"
	}
	l.region(r, "carrier lanes", say+".")
}

// firstKind is the folded OS line with its first kind alone ("OS threads:
// 28, 8 carriers", with cpu after it, then without), for a line too short
// for the sum: an embed's "OS threads: 28; 8 on a CPU" beside eight
// carriers' lanes was asked why 28 and not 8.
func firstKind(head string, short []string, cpu string) []string {
	if len(short) == 0 {
		return nil
	}
	first := head + ", " + short[0]
	if cpu == "" {
		return []string{first}
	}
	return []string{first + cpu, first}
}
