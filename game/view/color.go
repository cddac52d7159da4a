package view

import "github.com/loomlab/loomlab/sim"

// Color is a straight (not premultiplied) 8-bit RGBA colour. The renderer
// premultiplies; keeping it straight here lets a test compare colours as
// they were chosen.
type Color struct{ R, G, B, A uint8 }

// RGB returns an opaque colour from a 0xRRGGBB literal.
func RGB(hex uint32) Color {
	return Color{R: uint8(hex >> 16), G: uint8(hex >> 8), B: uint8(hex), A: 0xff}
}

// Alpha returns c with its alpha multiplied by a (0..1).
func (c Color) Alpha(a float32) Color {
	if a <= 0 {
		c.A = 0
		return c
	}
	if a < 1 {
		c.A = uint8(float32(c.A)*a + 0.5)
	}
	return c
}

// Mix returns the colour a fraction t of the way from c to d (opaque).
func (c Color) Mix(d Color, t float32) Color {
	if t <= 0 {
		return c
	}
	if t >= 1 {
		return d
	}
	m := func(a, b uint8) uint8 { return uint8(float32(a) + (float32(b)-float32(a))*t + 0.5) }
	return Color{R: m(c.R, d.R), G: m(c.G, d.G), B: m(c.B, d.B), A: m(c.A, d.A)}
}

// Palette is every colour the picture uses. Two exist: the default, built
// on the Okabe–Ito set (distinguishable with the common colour-vision
// deficiencies), and a high-contrast variant with a black background and
// brighter, more saturated hues for projectors and low vision. Both follow
// one grammar (meaning.go): each colour stands for one thing.
type Palette struct {
	Name string

	// Neutrals: backgrounds, panels, edges and text carry no meaning.
	Background, Panel, PanelEdge, Grid Color
	Text, TextDim, TextWarn            Color

	// Stack frames by JIT tier (the warm ramp): stack bars and StackChunk
	// blocks only.
	Interpreted, C1, C2 Color

	// NativeStack is a mounted virtual thread's stack while it runs: its
	// frames are on the carrier's own native stack, outside the heap, so
	// it must not share a heap colour (the StackChunk brown made readers
	// ask whether a running thread's stack was on the heap). A deep blue,
	// darker than the virtual thread's sky blue beside it.
	NativeStack Color

	// Threads by kind; green for "holds a CPU"; frames for pinned, the
	// winner of a race and the followed thread. A carrier's OS thread is
	// a pale outline, the OS-thread family's light end (the JVM's own
	// threads are grey): a blue one read as a second virtual-thread blue.
	Virtual, Platform, CarrierOS, JVMThread Color
	OnCPU, Pinned, Winner, Followed         Color

	// Heap data by category (AllocCat), garbage and free space.
	Request, ThreadLocal, Thread, Chunk, App, Garbage, Free Color

	// JVMItself is the JVM's own resident memory (code, class metadata,
	// the collector's tables) in the memory story's bar: a dark olive,
	// far from the heap's greys beside it and from every thread's hue,
	// dark enough for the light text written on it.
	JVMItself Color

	// Hole is the dark centre of a promoted (GC-mode) StackChunk block.
	Hole Color

	// Stopped for garbage collection (pause hatching, banner, sweeps);
	// errors (OutOfMemoryError, the error overlay).
	Pause, Error Color

	// RunTime is a run's length on a time axis (request-load's bars of how
	// long the batch takes): time, not a thing, so none of the threads'
	// hues (the pool's bar in the platform-thread pink read as a thread).
	// A pale sand, the hourglass's, far from every other hue of the set.
	RunTime Color
}

// OkabeIto is the default palette on a dark background. Threads and stack
// frames take the Okabe–Ito hues; the heap's data categories, which need
// more hues than the set has, take lighter tints that differ from them in
// lightness as well as hue. Platform threads are the one exception: the
// set's reddish purple (0xcc79a7) lay 21° of hue from thread-local data's
// pink, and readers named both "pink" (gc-lab draws them side by side), so
// they are an orchid, 48° from it and 50° from the Thread objects' violet
// (TestThreadAndHeapHuesDifferInEveryScene).
var OkabeIto = Palette{
	Name:       "okabe-ito",
	Background: RGB(0x121519), Panel: RGB(0x1c2128), PanelEdge: RGB(0x363e4a), Grid: RGB(0x262c35),
	Text: RGB(0xe9ecef), TextDim: RGB(0x9aa4b1), TextWarn: RGB(0xffe680),

	Interpreted: RGB(0xd55e00), C1: RGB(0xe69f00), C2: RGB(0xf0e442), NativeStack: RGB(0x3d5afe),

	Virtual: RGB(0x56b4e9), Platform: RGB(0xd07ad0), CarrierOS: RGB(0xd9e1ea), JVMThread: RGB(0x8a94a0),
	OnCPU: RGB(0x009e73), Pinned: RGB(0xff5a5a), Winner: RGB(0xffffff), Followed: RGB(0xff4fe0),

	Request: RGB(0xa0ffa0), ThreadLocal: RGB(0xffaabb), Thread: RGB(0x9f8fef), Chunk: RGB(0xa67c52),
	App: RGB(0xc8cdd3), Garbage: RGB(0x59616d), Free: RGB(0x2a303b), JVMItself: RGB(0x4f5a2a),

	Hole: RGB(0x05070a), Pause: RGB(0x9aa8b8), Error: RGB(0xc0392b), RunTime: RGB(0xe0d0a0),
}

// HighContrast is the high-contrast variant: black background, white text
// and edges, and the same hue families pushed to full brightness so that
// the mapping (vermillion = interpreted, sky blue = virtual thread, ...)
// stays the same.
var HighContrast = Palette{
	Name:       "high-contrast",
	Background: RGB(0x000000), Panel: RGB(0x0a0a0a), PanelEdge: RGB(0xdcdcdc), Grid: RGB(0x3a3a3a),
	Text: RGB(0xf4f4f4), TextDim: RGB(0xd0d0d0), TextWarn: RGB(0xffff80),

	Interpreted: RGB(0xff5a00), C1: RGB(0xffc000), C2: RGB(0xffff00), NativeStack: RGB(0x5070ff),

	Virtual: RGB(0x6fd0ff), Platform: RGB(0xf07ee8), CarrierOS: RGB(0xe0e8ff), JVMThread: RGB(0xa8a8a8),
	OnCPU: RGB(0x00e0a0), Pinned: RGB(0xff6060), Winner: RGB(0xffffff), Followed: RGB(0xff00ff),

	Request: RGB(0x80ff80), ThreadLocal: RGB(0xffb8c8), Thread: RGB(0xb8a8ff), Chunk: RGB(0xc08850),
	App: RGB(0xe4e4e4), Garbage: RGB(0x707070), Free: RGB(0x262626), JVMItself: RGB(0x6a7a28),

	Hole: RGB(0x202020), Pause: RGB(0xb4c4d8), Error: RGB(0xd00000), RunTime: RGB(0xf0dca0),
}

// Palettes lists the palettes by name, default first.
var Palettes = []*Palette{&OkabeIto, &HighContrast}

// PaletteByName returns a palette by its name, or the default.
func PaletteByName(name string) *Palette {
	for _, p := range Palettes {
		if p.Name == name {
			return p
		}
	}
	return &OkabeIto
}

// TierMeaning is the meaning of frames compiled at tier t.
func TierMeaning(t sim.Tier) Meaning {
	switch {
	case t == sim.TierInterp:
		return MeanInterpreted
	case t >= sim.TierC2:
		return MeanC2
	default:
		return MeanC1
	}
}

// TierColor is the colour of frames compiled at tier t. The three C1 levels
// share a colour: what matters for StackChunk sizes is interpreted vs C1 vs
// C2 (frame words shrink at each step).
func (p *Palette) TierColor(t sim.Tier) Color {
	switch {
	case t == sim.TierInterp:
		return p.Interpreted
	case t >= sim.TierC2:
		return p.C2
	default:
		return p.C1
	}
}

// TierName is the legend's short name for a tier.
func TierName(t sim.Tier) string {
	switch {
	case t == sim.TierInterp:
		return "interpreted"
	case t >= sim.TierC2:
		return "C2"
	default:
		return "C1"
	}
}

// CategoryMeaning is the heap fill meaning of an allocation category.
func CategoryMeaning(c sim.AllocCat) Meaning {
	switch c {
	case sim.CatRequest:
		return MeanRequest
	case sim.CatThreadLocal:
		return MeanThreadLocal
	case sim.CatThread:
		return MeanThreadObj
	case sim.CatChunk:
		return MeanChunkData
	case sim.CatApp:
		return MeanApp
	}
	return MeanGarbage
}

// CategoryColor is the heap fill colour of an allocation category.
func (p *Palette) CategoryColor(c sim.AllocCat) Color { return CategoryMeaning(c).Color(p) }

// heapCategories is the order in which a space's fill is stacked, long-lived
// first so that a Full GC's compaction shrinks the right end.
var heapCategories = [...]sim.AllocCat{sim.CatApp, sim.CatThread, sim.CatChunk, sim.CatThreadLocal, sim.CatRequest}
