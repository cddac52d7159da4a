package view

// The colour grammar. Every coloured mark the picture draws is tagged with
// one Meaning, and a meaning has exactly one colour and one swatch shape in
// each palette:
//
//   - hue says what KIND of thing a mark is: a virtual thread (sky blue), a
//     platform thread (orchid), a carrier's OS thread (a pale
//     outline: a blue one read as a second virtual-thread blue), one of
//     the JVM's own threads (grey), a kind of heap data (its own hue), stack
//     frames (the warm ramp vermillion → orange → yellow, by JIT tier, used
//     only for stack bars and StackChunk blocks);
//   - a running virtual thread's stack is a deep blue bar cut into frames:
//     it is on the carrier's own native stack, not in the heap (it is
//     copied into a StackChunk, heap brown, only when the thread parks);
//   - a thread's STATE is told by where it is drawn (on a lane: running; in
//     the queue strip: waiting; in a parked group: blocked), by green for
//     "holds a CPU", and by shape: a red frame around a lane is a pinned
//     carrier, a white frame the subtask that won its race, a magenta one
//     the thread you follow, a hole in a chunk block is a chunk a GC has
//     moved (GC mode: it is never frozen into again), bold diagonal slate
//     stripes are "stopped for garbage collection" and the only stripes
//     drawn (garbage is a plain darker grey: one pattern, one meaning);
//   - a run's length on a time axis is a sand bar, whichever threads ran
//     it: a time chart draws times, not threads (timechart.go).
//
// The legend is computed from the meanings drawn in the frame (List.used),
// so it shows exactly what the scene uses, and a test checks that no colour
// carries two meanings and that every coloured mark has a legend entry.

// Meaning is what a drawn mark stands for. The zero value is "no meaning":
// backgrounds, panels, frames, text plates and text, drawn in the neutral
// colours (Background, Panel, PanelEdge, Grid, Text, TextDim).
type Meaning uint8

const (
	MeanNone Meaning = iota
	// Threads.
	MeanVirtual
	MeanPlatform
	MeanCarrierOS
	MeanJVMThread
	MeanOnCPU
	MeanPinned
	MeanWinner
	MeanFollowed
	// A running virtual thread's stack, on its carrier's native stack.
	MeanNativeStack
	// A run's length on a time axis. Listed after the threads, not with
	// stopped-for-GC at the end: its "time: a run" then shares the
	// threads' line of the legend (at the end, a phone's legend took a
	// third line and left the time bars no room). A frame drawing both
	// would say "time:" twice; the time bars are request-load's pool's,
	// whose model has no heap to collect.
	MeanRunTime
	// Stack frames by JIT tier (stack bars, StackChunk blocks).
	MeanInterpreted
	MeanC1
	MeanC2
	MeanGCMode
	// Heap data by category, garbage and free space.
	MeanRequest
	MeanThreadLocal
	MeanThreadObj
	MeanChunkData
	MeanApp
	MeanGarbage
	MeanFree
	// The JVM's own resident memory outside the heap and the threads'
	// stacks (the memory story's bar).
	MeanJVMItself
	// Garbage collection: stop-the-world pause, sweeps.
	MeanGC
	meaningCount
)

// Shape is how a meaning's legend swatch is drawn (and how its marks look).
type Shape uint8

const (
	ShapeFill  Shape = iota // a filled box
	ShapeFrame              // an outline (a state drawn around a thing)
	ShapeHole               // a box with a dark hole (a promoted chunk)
	ShapeDiag               // bold diagonal stripes (stopped for GC)
	ShapeDot                // a disc (holds a CPU)
	ShapeStack              // a bar cut by thin upright gaps (frames on a native stack)
)

// tierGroup heads the tier colours in the legend: they colour StackChunk
// blocks (a running stack has its own mark, MeanNativeStack). A block is
// coloured by the code its frames had when the chunk was sized (its
// capacity stays when the code is recompiled: the vt-pooling story), so the
// heading says the colours cover both; the heap's own StackChunk colour is
// only a space's fill ("StackChunks (in a space's bar)"). "sized by": why
// a chunk has a tier at all (two newcomers called the tier colours off the
// picture's subject); C1's frames are about four times C2's.
const tierGroup = "StackChunks, sized by their frames' JIT tier"

// tierGroupOne heads the tier group when one tier is drawn.
const tierGroupOne = "StackChunks"

// meaningInfo is a meaning's legend entry.
type meaningInfo struct {
	group string // legend group heading
	label string // plain words
	shape Shape
	color func(p *Palette) Color
}

var meanings = [meaningCount]meaningInfo{
	MeanVirtual:     {"threads", "virtual thread", ShapeFill, func(p *Palette) Color { return p.Virtual }},
	MeanPlatform:    {"threads", "platform thread", ShapeFill, func(p *Palette) Color { return p.Platform }},
	MeanCarrierOS:   {"threads", "carrier's OS thread", ShapeFrame, func(p *Palette) Color { return p.CarrierOS }},
	MeanJVMThread:   {"threads", "JVM's own thread", ShapeFill, func(p *Palette) Color { return p.JVMThread }},
	MeanOnCPU:       {"threads", "running on a CPU", ShapeDot, func(p *Palette) Color { return p.OnCPU }},
	MeanPinned:      {"threads", "pinned: blocks its carrier", ShapeFrame, func(p *Palette) Color { return p.Pinned }},
	MeanWinner:      {"threads", "won its race", ShapeFrame, func(p *Palette) Color { return p.Winner }},
	MeanFollowed:    {"threads", "the thread you follow", ShapeFrame, func(p *Palette) Color { return p.Followed }},
	MeanNativeStack: {"threads", "stack on the carrier (native, not heap)", ShapeStack, func(p *Palette) Color { return p.NativeStack }},
	// A bar of how long a run takes, filled up to now (pale where it is
	// expected, not yet run): its own sand, as a time chart holds times,
	// not threads (timechart.go). Two words under "time:" ("time: a
	// run"): a phone's legend keeps them on the platform threads' line,
	// and a second line there left the time bars no room.
	MeanRunTime:     {timeGroup, "a run", ShapeFill, func(p *Palette) Color { return p.RunTime }},
	MeanInterpreted: {tierGroup, "interpreted", ShapeFill, func(p *Palette) Color { return p.Interpreted }},
	MeanC1:          {tierGroup, "quickly compiled (C1)", ShapeFill, func(p *Palette) Color { return p.C1 }},
	MeanC2:          {tierGroup, "fully compiled (C2)", ShapeFill, func(p *Palette) Color { return p.C2 }},
	MeanGCMode:      {tierGroup, "StackChunk a GC has moved", ShapeHole, func(p *Palette) Color { return p.Hole }},
	MeanRequest:     {"tasks and requests", "queued, or their data in the heap", ShapeFill, func(p *Palette) Color { return p.Request }},
	MeanThreadLocal: {"heap", "thread-local data", ShapeFill, func(p *Palette) Color { return p.ThreadLocal }},
	MeanThreadObj:   {"heap", "Thread objects", ShapeFill, func(p *Palette) Color { return p.Thread }},
	MeanChunkData:   {"heap", "StackChunks (in a space's bar)", ShapeFill, func(p *Palette) Color { return p.Chunk }},
	MeanApp:         {"heap", "application data", ShapeFill, func(p *Palette) Color { return p.App }},
	MeanGarbage:     {"heap", "garbage", ShapeFill, func(p *Palette) Color { return p.Garbage }},
	MeanFree:        {"heap", "free", ShapeFill, func(p *Palette) Color { return p.Free }},
	// The JVM's own part of the memory bar: filled, in a hue of its own.
	// A hollow bracket for the bar's biggest part was not read as a part
	// of the bar, and its label beside the heap's grey garbage was taken
	// for the garbage's. Its own group: it is not heap.
	MeanJVMItself: {"memory", "JVM itself", ShapeFill, func(p *Palette) Color { return p.JVMItself }},
	// Its own group: under "heap:" readers looked for its stripes in
	// the heap's bars; it is time (a run's share stopped, a carrier's
	// stop), not memory.
	MeanGC: {timeGroup, "stopped for GC", ShapeDiag, func(p *Palette) Color { return p.Pause }},
}

// Label is the meaning's words in the legend.
func (m Meaning) Label() string {
	if m == MeanNone || m >= meaningCount {
		return ""
	}
	return meanings[m].label
}

// Color is the meaning's colour in palette p.
func (m Meaning) Color(p *Palette) Color {
	if m == MeanNone || m >= meaningCount {
		return Color{}
	}
	return meanings[m].color(p)
}

// Shape is the meaning's swatch shape.
func (m Meaning) Shape() Shape {
	if m >= meaningCount {
		return ShapeFill
	}
	return meanings[m].shape
}

// meaningSet is a set of meanings (one bit each).
type meaningSet uint32

func (s meaningSet) has(m Meaning) bool { return s&(1<<m) != 0 }

// Used returns the meanings drawn in the list, in legend order.
func (l *List) Used() []Meaning {
	var out []Meaning
	for m := Meaning(1); m < meaningCount; m++ {
		if l.used.has(m) {
			out = append(out, m)
		}
	}
	return out
}

// Mark adds a filled rectangle standing for meaning m, in m's colour with
// alpha a (1: opaque).
func (l *List) Mark(r Rect, m Meaning, p *Palette, a float32) {
	n := len(l.Items)
	l.Rect(r, m.Color(p).Alpha(a))
	l.tag(n, m)
}

// MarkFrame adds the outline of r standing for meaning m.
func (l *List) MarkFrame(r Rect, w float32, m Meaning, p *Palette) {
	n := len(l.Items)
	l.Frame(r, w, m.Color(p))
	l.tag(n, m)
}

// MarkCircle adds a disc standing for meaning m.
func (l *List) MarkCircle(cx, cy, r float32, m Meaning, p *Palette) {
	n := len(l.Items)
	l.Circle(cx, cy, r, m.Color(p))
	l.tag(n, m)
}

// tag marks the items added since index n with meaning m.
func (l *List) tag(n int, m Meaning) {
	if len(l.Items) == n {
		return
	}
	for i := n; i < len(l.Items); i++ {
		l.Items[i].Meaning = m
	}
	l.used |= 1 << m
	if l.inHeap {
		l.heapUsed |= 1 << m
	} else {
		l.outsideHeap |= 1 << m
	}
}
