package view

import "strings"

// Explain on point: while it draws, the view records every region and
// mark group it draws (a panel, a carrier lane, the queue, a parked group,
// a heap space, the StackChunk blocks of a space, the OS threads) with one
// plain sentence saying what it is and its numbers. A pointer, a tap or
// the keyboard then asks ExplainAt for the sentence under a point, and the
// page's text description of the picture lists Regions, so the three say
// the same words.

// Region is one explained part of the picture.
type Region struct {
	R    Rect
	Side int
	// Name is the region's short name ("carrier lanes", "eden"); Text is
	// its sentence.
	Name, Text string
	// Detail: a small part (one lane, one group) rather than a panel; the
	// text description lists panels only.
	Detail bool
}

// region notes that r shows what text says, on the side being drawn.
func (l *List) region(r Rect, name, text string) {
	if !r.Empty() && text != "" {
		l.noteCompared(name)
		l.regions = append(l.regions, Region{R: r, Side: l.hits.side, Name: name, Text: text})
	}
}

// detail notes a small part of a panel.
func (l *List) detail(r Rect, name, text string) {
	if !r.Empty() && text != "" {
		l.noteCompared(name)
		l.regions = append(l.regions, Region{R: r, Side: l.hits.side, Name: name, Text: text, Detail: true})
	}
}

// Regions returns the explained regions in drawing order (valid until the
// next Reset).
func (l *List) Regions() []Region { return l.regions }

// Describe returns the text description of the picture: the sentence of
// every panel-sized region, one per line, each side's under its name when
// there are several sides.
func (l *List) Describe() string {
	var b strings.Builder
	for _, r := range l.regions {
		if r.Detail {
			continue
		}
		b.WriteString(r.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// ExplainAt returns the sentence for the point (x, y) in device pixels:
// the smallest region containing it, prefixed with the thread drawn there
// if the point is on a thread's token. "" when the point is on nothing
// explained (the legend, a gap between panels).
func (l *List) ExplainAt(x, y float32) string {
	best, found := Region{}, false
	var area float32
	for _, r := range l.regions {
		if x < r.R.X || y < r.R.Y || x >= r.R.Right() || y >= r.R.Bottom() {
			continue
		}
		if a := r.R.W * r.R.H; !found || a < area {
			best, area, found = r, a, true
		}
	}
	h, onThread := l.HitTest(x, y, 0)
	switch {
	case onThread && found && best.R.W*best.R.H >= h.R.W*h.R.H:
		what := "Thread "
		if h.Chunk {
			what = "A StackChunk of thread "
		}
		return what + h.Thread.String() + ". " + best.Text
	case found:
		return best.Text
	}
	return ""
}
