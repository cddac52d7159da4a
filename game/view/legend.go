package view

// The legend: one swatch and word per colour, flowed over as many lines as
// the canvas width needs. LegendHeight and drawLegend share one flow so
// the space reserved is exactly the space used.

type legendItem struct {
	label string
	color func(p *Palette) Color
	group bool // starts a group: a gap and the group's name
}

var legend = []legendItem{
	{label: "stack (JIT tier):", group: true},
	{label: "interpreted", color: func(p *Palette) Color { return p.Interpreted }},
	{label: "C1", color: func(p *Palette) Color { return p.C1 }},
	{label: "C2", color: func(p *Palette) Color { return p.C2 }},
	{label: "threads:", group: true},
	{label: "virtual", color: func(p *Palette) Color { return p.Virtual }},
	{label: "platform", color: func(p *Palette) Color { return p.Platform }},
	{label: "on CPU", color: func(p *Palette) Color { return p.OnCPU }},
	{label: "runnable", color: func(p *Palette) Color { return p.Runnable }},
	{label: "pinned", color: func(p *Palette) Color { return p.Pinned }},
	{label: "idle", color: func(p *Palette) Color { return p.Idle }},
	{label: "heap:", group: true},
	{label: "request", color: func(p *Palette) Color { return p.Request }},
	{label: "thread-local", color: func(p *Palette) Color { return p.ThreadLocal }},
	{label: "thread", color: func(p *Palette) Color { return p.Thread }},
	{label: "stackchunk", color: func(p *Palette) Color { return p.Chunk }},
	{label: "app", color: func(p *Palette) Color { return p.App }},
	{label: "garbage", color: func(p *Palette) Color { return p.Garbage }},
	{label: "chunk blocks:", group: true},
	{label: "by born tier", color: func(p *Palette) Color { return p.C2 }},
	{label: "GC-mode", color: func(p *Palette) Color { return p.GCMode }},
	{label: "dead", color: func(p *Palette) Color { return p.Dead }},
}

// legendFlow calls place for each item with its position; it returns the
// number of lines used.
func legendFlow(w, sc float32, place func(it *legendItem, x, y float32)) int {
	x, line := pad*sc, 0
	sw := 8 * sc
	for i := range legend {
		it := &legend[i]
		iw := TextWidth(it.label, sc) + 6*sc
		if it.color != nil {
			iw += sw + 3*sc
		} else if x > pad*sc {
			x += 6 * sc
		}
		if x+iw > w-pad*sc && x > pad*sc {
			x, line = pad*sc, line+1
		}
		if place != nil {
			place(it, x, float32(line)*(CharH+2)*sc)
		}
		x += iw
	}
	return line + 1
}

// LegendHeight is the legend's height on a canvas w pixels wide.
func LegendHeight(w, sc float32) float32 {
	return float32(legendFlow(w, sc, nil))*(CharH+2)*sc + 2*pad*sc
}

func drawLegend(l *List, r Rect, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	l.Rect(r, p.Panel)
	l.Rect(Rect{X: r.X, Y: r.Y, W: r.W, H: 1}, p.PanelEdge)
	sw := 8 * sc
	legendFlow(r.W, sc, func(it *legendItem, x, y float32) {
		y += r.Y + pad*sc
		if y+CharH*sc > r.Bottom()+0.01 {
			return
		}
		if it.color != nil {
			l.Rect(Rect{X: r.X + x, Y: y + (CharH*sc-sw)/2, W: sw, H: sw}, it.color(p))
			x += sw + 3*sc
			l.Text(r.X+x, y, it.label, sc, p.Text)
			return
		}
		l.Text(r.X+x, y, it.label, sc, p.TextDim)
	})
}
