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
// brighter, more saturated hues for projectors and low vision.
type Palette struct {
	Name string

	Background, Panel, PanelEdge, Grid Color
	Text, TextDim, TextWarn            Color

	// Tiers: the mounted thread's stack bar and a chunk's born tier.
	Interpreted, C1, C2 Color

	// Threads.
	Virtual, Platform, Idle Color
	OnCPU, Runnable         Color
	Pinned                  Color

	// Heap categories (AllocCat) and the spaces' frames.
	Request, ThreadLocal, Thread, Chunk, App, Garbage Color

	// StackChunk blocks beyond their tier colour.
	GCMode, Dead Color

	// GC pause band and sweeps; errors.
	Pause, Sweep, Error Color
}

// OkabeIto is the default palette on a dark background.
var OkabeIto = Palette{
	Name:       "okabe-ito",
	Background: RGB(0x121519), Panel: RGB(0x1c2128), PanelEdge: RGB(0x363e4a), Grid: RGB(0x262c35),
	Text: RGB(0xe9ecef), TextDim: RGB(0x8f99a6), TextWarn: RGB(0xf0e442),

	Interpreted: RGB(0xd55e00), C1: RGB(0xe69f00), C2: RGB(0x009e73),

	Virtual: RGB(0x56b4e9), Platform: RGB(0xcc79a7), Idle: RGB(0x4a525e),
	OnCPU: RGB(0x009e73), Runnable: RGB(0xe69f00), Pinned: RGB(0xf0e442),

	Request: RGB(0x56b4e9), ThreadLocal: RGB(0xcc79a7), Thread: RGB(0x0072b2), Chunk: RGB(0xf0e442),
	App: RGB(0xb8bec6), Garbage: RGB(0x59616d),

	GCMode: RGB(0xdde3ea), Dead: RGB(0x59616d),

	Pause: RGB(0xd55e00), Sweep: RGB(0xffffff), Error: RGB(0xd55e00),
}

// HighContrast is the high-contrast variant: black background, white text
// and edges, and the same hue families pushed to full brightness so that
// the mapping (vermillion = interpreted, green = C2, ...) stays the same.
var HighContrast = Palette{
	Name:       "high-contrast",
	Background: RGB(0x000000), Panel: RGB(0x0a0a0a), PanelEdge: RGB(0xffffff), Grid: RGB(0x3a3a3a),
	Text: RGB(0xffffff), TextDim: RGB(0xd0d0d0), TextWarn: RGB(0xffff00),

	Interpreted: RGB(0xff5a00), C1: RGB(0xffc000), C2: RGB(0x00e0a0),

	Virtual: RGB(0x6fd0ff), Platform: RGB(0xff8ad0), Idle: RGB(0x606060),
	OnCPU: RGB(0x00e0a0), Runnable: RGB(0xffc000), Pinned: RGB(0xffff00),

	Request: RGB(0x6fd0ff), ThreadLocal: RGB(0xff8ad0), Thread: RGB(0x3f8fff), Chunk: RGB(0xffff00),
	App: RGB(0xb0b0b0), Garbage: RGB(0x707070),

	GCMode: RGB(0xffffff), Dead: RGB(0x808080),

	Pause: RGB(0xff5a00), Sweep: RGB(0xffffff), Error: RGB(0xff3030),
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

// CategoryColor is the heap fill colour of an allocation category.
func (p *Palette) CategoryColor(c sim.AllocCat) Color {
	switch c {
	case sim.CatRequest:
		return p.Request
	case sim.CatThreadLocal:
		return p.ThreadLocal
	case sim.CatThread:
		return p.Thread
	case sim.CatChunk:
		return p.Chunk
	case sim.CatApp:
		return p.App
	}
	return p.Garbage
}

// heapCategories is the order in which a space's fill is stacked, long-lived
// first so that a Full GC's compaction shrinks the right end.
var heapCategories = [...]sim.AllocCat{sim.CatApp, sim.CatThread, sim.CatChunk, sim.CatThreadLocal, sim.CatRequest}
