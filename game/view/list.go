package view

// Kind is the kind of a display-list item. The zero value is invalid.
type Kind uint8

const (
	kindInvalid Kind = iota
	// KindRect: a filled axis-aligned rectangle X, Y, W, H.
	KindRect
	// KindLine: a segment from (X, Y) to (X2, Y2), Size pixels wide.
	KindLine
	// KindCircle: a filled disc centred on (X, Y) with radius Size.
	KindCircle
	// KindText: a run of text whose cell's top-left corner is (X, Y), with
	// glyphs Size times the base font (CharW × CharH pixels each).
	KindText
)

func (k Kind) String() string {
	return [...]string{"invalid", "rect", "line", "circle", "text"}[k]
}

// Item is one thing to draw, in device pixels, back to front.
type Item struct {
	Kind       Kind
	X, Y, W, H float32
	X2, Y2     float32
	Size       float32
	Color      Color
	Text       string
	// Bold draws text in the bold face (the caption).
	Bold bool
	// Meaning is what a coloured mark stands for (meaning.go); MeanNone
	// for backgrounds, panels, plates and text.
	Meaning Meaning
}

// Bounds returns the box the item covers (for tests and clipping).
func (it *Item) Bounds() Rect {
	switch it.Kind {
	case KindLine:
		x0, x1 := min(it.X, it.X2), max(it.X, it.X2)
		y0, y1 := min(it.Y, it.Y2), max(it.Y, it.Y2)
		h := it.Size / 2
		return Rect{X: x0 - h, Y: y0 - h, W: x1 - x0 + it.Size, H: y1 - y0 + it.Size}
	case KindCircle:
		return Rect{X: it.X - it.Size, Y: it.Y - it.Size, W: 2 * it.Size, H: 2 * it.Size}
	case KindText:
		return Rect{X: it.X, Y: it.Y, W: TextWidth(it.Text, it.Size), H: CharH * it.Size}
	}
	return Rect{X: it.X, Y: it.Y, W: it.W, H: it.H}
}

// List is a display list for a canvas of W × H pixels. Reset keeps the
// backing array, so a frame loop that reuses one List allocates nothing for
// the items in steady state.
type List struct {
	W, H  float32
	Items []Item
	hits  hits // where threads were drawn (hit.go)
	// used: the meanings drawn so far (the legend shows exactly these).
	used meaningSet
	// legend: the meanings the legend shows, in its order.
	legend []Meaning
	// regions: what each drawn region is, in a sentence (explain.go).
	regions []Region
	// cut: text runs that had to be shortened to fit (a defect the tests
	// look for: the picture chooses shorter words or wraps instead).
	cut []string
	// inHeap: the heap panel is drawing now; heapUsed and outsideHeap:
	// the meanings drawn in it and anywhere else (the legend words a
	// meaning by where it is seen).
	inHeap                bool
	heapUsed, outsideHeap meaningSet
	// queued: what the frame's task queues hold ("tasks", "requests"),
	// the legend's heading for their colour; "" when the queues say
	// several things or none.
	queued string
	// legendFrom: the index of the legend's first item (its swatches are
	// not marks in the picture).
	legendFrom int
	// legendCut counts the legend's entries that had no room in the
	// height reserved for it (none, when the reservation is right).
	legendCut int
	// contrastDrawn: a mark of the compared case's run (SideInput.Contrast)
	// is drawn this frame (contrastmark.go).
	contrastDrawn bool
	// names: the indices of text items that name a thing rather than
	// count it (a carrier's badge, carrierBadge): a bare number there
	// is a name the frame pairs by look, not a count without words.
	names []int
	// motionFrom, motionTo: the items the side's animations drew, for
	// the tests that keep motion off the words.
	motionFrom, motionTo int
	// timeCharts: the areas whose marks are times (timechart.go).
	timeCharts []Rect
}

// textBoxes appends the boxes of the text items drawn so far to dst.
func (l *List) textBoxes(dst []Rect) []Rect {
	for i := range l.Items {
		if l.Items[i].Kind == KindText {
			dst = append(dst, l.Items[i].Bounds())
		}
	}
	return dst
}

// Reset empties the list for a canvas of w × h pixels.
func (l *List) Reset(w, h float32) {
	l.W, l.H = w, h
	l.Items = l.Items[:0]
	l.hits.reset()
	l.used, l.heapUsed, l.outsideHeap, l.inHeap, l.legendFrom, l.queued, l.legendCut = 0, 0, 0, false, 0, "", 0
	l.contrastDrawn = false
	l.regions = l.regions[:0]
	l.cut = l.cut[:0]
	l.names = l.names[:0]
	l.motionFrom, l.motionTo = 0, 0
	l.timeCharts = l.timeCharts[:0]
}

// Legend returns the meanings the legend shows this frame.
func (l *List) Legend() []Meaning { return l.legend }

// Cut returns the text runs that were shortened to fit this frame.
func (l *List) Cut() []string { return l.cut }

// Equal reports whether l and m would draw the same picture: a frame loop
// can skip rasterising a list equal to the previous one.
func (l *List) Equal(m *List) bool {
	if l.W != m.W || l.H != m.H || len(l.Items) != len(m.Items) {
		return false
	}
	for i := range l.Items {
		if l.Items[i] != m.Items[i] {
			return false
		}
	}
	return true
}

// Rect adds a filled rectangle. Empty or fully transparent ones are
// dropped, so callers can pass computed widths without checking them.
func (l *List) Rect(r Rect, c Color) {
	if r.W <= 0 || r.H <= 0 || c.A == 0 {
		return
	}
	l.Items = append(l.Items, Item{Kind: KindRect, X: r.X, Y: r.Y, W: r.W, H: r.H, Color: c})
}

// Frame adds the outline of r, w pixels wide, drawn inside r.
func (l *List) Frame(r Rect, w float32, c Color) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	w = min(w, r.W/2, r.H/2)
	l.Rect(Rect{X: r.X, Y: r.Y, W: r.W, H: w}, c)
	l.Rect(Rect{X: r.X, Y: r.Y + r.H - w, W: r.W, H: w}, c)
	l.Rect(Rect{X: r.X, Y: r.Y + w, W: w, H: r.H - 2*w}, c)
	l.Rect(Rect{X: r.X + r.W - w, Y: r.Y + w, W: w, H: r.H - 2*w}, c)
}

// Line adds a segment w pixels wide.
func (l *List) Line(x0, y0, x1, y1, w float32, c Color) {
	if w <= 0 || c.A == 0 || (x0 == x1 && y0 == y1) {
		return
	}
	l.Items = append(l.Items, Item{Kind: KindLine, X: x0, Y: y0, X2: x1, Y2: y1, Size: w, Color: c})
}

// Circle adds a filled disc.
func (l *List) Circle(cx, cy, r float32, c Color) {
	if r <= 0 || c.A == 0 {
		return
	}
	l.Items = append(l.Items, Item{Kind: KindCircle, X: cx, Y: cy, Size: r, Color: c})
}

// Text adds a run of text at scale size with the top-left of its first
// cell at (x, y). It returns the run's width.
func (l *List) Text(x, y float32, s string, size float32, c Color) float32 {
	if s == "" || c.A == 0 || size <= 0 {
		return 0
	}
	l.Items = append(l.Items, Item{Kind: KindText, X: x, Y: y, Size: size, Color: c, Text: s})
	return TextWidth(s, size)
}

// TextBold adds s in the bold face, the same width as Text's.
func (l *List) TextBold(x, y float32, s string, size float32, c Color) float32 {
	w := l.Text(x, y, s, size, c)
	if w > 0 {
		l.Items[len(l.Items)-1].Bold = true
	}
	return w
}

// TextIn adds s vertically centred in r, starting at r's left edge,
// shortened with an ellipsis to fit r's width. It returns the width drawn.
func (l *List) TextIn(r Rect, s string, size float32, c Color) float32 {
	if r.H < CharH*size*0.75 {
		return 0
	}
	if f := Fit(s, r.W, size); f != s {
		l.cut = append(l.cut, s)
		s = f
	}
	return l.Text(r.X, r.Y+(r.H-CharH*size)/2, s, size, c)
}

// TextFit adds the first of the alternatives that fits r's width whole,
// vertically centred in r, and reports whether one did. Alternatives go
// from the fullest wording to the shortest; nothing is cut.
func (l *List) TextFit(r Rect, size float32, c Color, alts ...string) bool {
	if r.H < CharH*size*0.75 {
		return false
	}
	for _, s := range alts {
		if s != "" && TextWidth(s, size) <= r.W+0.01 {
			l.Text(r.X, r.Y+(r.H-CharH*size)/2, s, size, c)
			return true
		}
	}
	return false
}

// TextRight adds s right-aligned in r, vertically centred, if it fits.
func (l *List) TextRight(r Rect, s string, size float32, c Color) float32 {
	w := TextWidth(s, size)
	if w > r.W || r.H < CharH*size*0.75 {
		return 0
	}
	return l.Text(r.X+r.W-w, r.Y+(r.H-CharH*size)/2, s, size, c)
}

// Rect is an axis-aligned rectangle in device pixels.
type Rect struct{ X, Y, W, H float32 }

// Right and Bottom return the far edges.
func (r Rect) Right() float32  { return r.X + r.W }
func (r Rect) Bottom() float32 { return r.Y + r.H }

// Empty reports whether r covers no pixels.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// Inset shrinks r by d on every side (never below zero size).
func (r Rect) Inset(d float32) Rect {
	r.X += d
	r.Y += d
	r.W = max(0, r.W-2*d)
	r.H = max(0, r.H-2*d)
	return r
}

// PadX shrinks r by d on the left and right only (text in a low lane keeps
// its full height).
func (r Rect) PadX(d float32) Rect {
	r.X += d
	r.W = max(0, r.W-2*d)
	return r
}

// Top splits off the top h pixels (clamped) and returns it and the rest.
func (r Rect) Top(h float32) (Rect, Rect) {
	h = clamp(h, 0, r.H)
	return Rect{X: r.X, Y: r.Y, W: r.W, H: h}, Rect{X: r.X, Y: r.Y + h, W: r.W, H: r.H - h}
}

// CutBottom splits off the bottom h pixels and returns the rest and it.
func (r Rect) CutBottom(h float32) (Rect, Rect) {
	h = clamp(h, 0, r.H)
	return Rect{X: r.X, Y: r.Y, W: r.W, H: r.H - h}, Rect{X: r.X, Y: r.Y + r.H - h, W: r.W, H: h}
}

// CutRight splits off the right w pixels and returns the rest and it.
func (r Rect) CutRight(w float32) (Rect, Rect) {
	w = clamp(w, 0, r.W)
	return Rect{X: r.X, Y: r.Y, W: r.W - w, H: r.H}, Rect{X: r.X + r.W - w, Y: r.Y, W: w, H: r.H}
}

// Left splits off the left w pixels and returns it and the rest.
func (r Rect) Left(w float32) (Rect, Rect) {
	w = clamp(w, 0, r.W)
	return Rect{X: r.X, Y: r.Y, W: w, H: r.H}, Rect{X: r.X + w, Y: r.Y, W: r.W - w, H: r.H}
}

// Contains reports whether s lies inside r, allowing eps of rounding.
func (r Rect) Contains(s Rect) bool {
	const eps = 0.01
	return s.X >= r.X-eps && s.Y >= r.Y-eps && s.Right() <= r.Right()+eps && s.Bottom() <= r.Bottom()+eps
}

// Center returns r's centre.
func (r Rect) Center() (float32, float32) { return r.X + r.W/2, r.Y + r.H/2 }

func clamp(v, lo, hi float32) float32 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// LegendCut is how many of the legend's entries had no room (for tests).
func (l *List) LegendCut() int { return l.legendCut }
