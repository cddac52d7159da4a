package view

import (
	"strings"
	"unicode/utf8"
)

// The live caption (SideInput.Caption: one or two sentences on what is
// happening now and why) sits under each side's header, above the panels:
// it is the first thing a reader meets and the one sentence that makes the
// picture click, so it is the largest and boldest text of the side. The
// callouts of moments that just happened sit in a band under the panels.
// A screenshot of the canvas alone carries both. The text is wrapped at
// word boundaries and never cut: the band grows instead, and the text gets
// smaller before it takes more lines than its size allows.

// captionSizes are the text scales tried for the caption, largest first
// (times the device scale), with the most lines each may take. Each is a
// size package glyph rasterises the bold face for (a 10 × 20 cell, or
// the ordinary 8 × 16), so the caption is drawn pixel for pixel.
var captionSizes = [...]struct {
	k     float32
	lines int
}{{1.25, 3}, {1, 4}}

// captionLayout picks the caption's text size for a band w pixels wide,
// at most maxH high unless even the smallest size needs more, and wraps
// it; it returns the size and the lines.
func captionLayout(w, maxH float32, text string, sc float32) (float32, []string) {
	if text == "" {
		return sc, nil
	}
	inner := w - 4*pad*sc
	for i, cs := range captionSizes {
		size := cs.k * sc
		lines := Wrap(text, inner, size)
		if len(lines) <= cs.lines && float32(len(lines))*CharH*size <= maxH || i == len(captionSizes)-1 {
			return size, lines
		}
	}
	return sc, nil
}

// captionMaxH is the height the caption may take in a side h pixels high.
func captionMaxH(h float32) float32 { return h * 0.16 }

// liveCallouts are the callouts showing in a side sideH pixels high and w
// wide: those still alive, youngest first, as many as fit in an eighth of
// the side (at least one), in their given order. The picture above keeps
// its room; the story's callouts are also listed by the page.
func liveCallouts(in *SideInput, w, sideH, sc float32) []Callout {
	var alive []Callout
	for _, c := range in.Callouts {
		if c.Text != "" && (c.TTL <= 0 || c.Age < c.TTL) {
			alive = append(alive, c)
		}
	}
	if len(alive) <= 1 {
		return alive
	}
	budget := sideH * 0.125
	keep := make([]bool, len(alive))
	used := float32(0)
	for n := 0; n < len(alive); n++ {
		// The youngest not yet kept.
		best := -1
		for i, c := range alive {
			if !keep[i] && (best < 0 || c.Age < alive[best].Age) {
				best = i
			}
		}
		h := calloutH(alive[best], w, sc)
		if n > 0 && used+h > budget {
			break
		}
		keep[best], used = true, used+h
	}
	out := alive[:0]
	for i, c := range alive {
		if keep[i] {
			out = append(out, c)
		}
	}
	return out
}

// calloutH is the height a callout takes in a band w pixels wide.
func calloutH(c Callout, w, sc float32) float32 {
	return float32(len(Wrap(calloutText(c), w-4*pad*sc, sc)))*CharH*sc + 2*pad*sc
}

// captionBandH is the height of the caption band of a side w pixels wide:
// the caption and, while stepping, the line naming the event stepped to.
func captionBandH(w, sideH float32, in *SideInput, sc float32) float32 {
	size, lines := captionLayout(w, captionMaxH(sideH), Plain(in.Caption), sc)
	step := stepLines(w, in, sc)
	if len(lines) == 0 && len(step) == 0 {
		return 0
	}
	return float32(len(lines))*CharH*size + float32(len(step))*CharH*sc + 3*pad*sc
}

// stepLines wraps the step's line (SideInput.Step) for a band w wide.
func stepLines(w float32, in *SideInput, sc float32) []string {
	if in.Step == "" {
		return nil
	}
	lines := Wrap(Plain(in.Step), w-4*pad*sc, sc)
	if in.StepOther == "" {
		return lines
	}
	with := Wrap(Plain(stepWithOther(in)), w-4*pad*sc, sc)
	if len(with) == len(lines) || w >= 2*pairColumnMinW*sc {
		return with
	}
	return lines
}

// stepWithOther is the step's line with what the compared run is doing.
func stepWithOther(in *SideInput) string {
	if in.StepOther == "" {
		return in.Step
	}
	return in.Step + " " + in.StepOther
}

// calloutBandH is the height of the callouts' band of a side w pixels wide.
func calloutBandH(w, sideH float32, in *SideInput, sc float32) float32 {
	h := float32(0)
	for _, c := range liveCallouts(in, w, sideH, sc) {
		h += calloutH(c, w, sc)
	}
	if h == 0 {
		return 0
	}
	return h + pad*sc
}

// No "* " before it: nothing in the frame carried the mark it pointed at.
func calloutText(c Callout) string { return Plain(c.Text) }

// plainRunes maps runes the font lacks (text.go) to what it has,
// for sentences written outside the picture.
var plainRunes = strings.NewReplacer(" — ", " - ", "—", " - ", "–", "-", "…", "...", "’", "'", "‘", "'", "“", "\"", "”", "\"",
	"\u202f", " ", "≈", "~", "→", "->", "≤", "<=", "≥", ">=", "−", "-")

// Plain returns s with the runes the font cannot draw replaced by ASCII.
func Plain(s string) string { return plainRunes.Replace(s) }

// drawCaption draws the live caption in its band: large, bold on the panel colour, with a bar at
// its left edge that marks it as the sentence to read first.
func drawCaption(l *List, r Rect, sideH float32, in *SideInput, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	caption := Plain(in.Caption)
	size, lines := captionLayout(r.W, captionMaxH(sideH), caption, sc)
	step := stepLines(r.W, in, sc)
	if len(lines) == 0 && len(step) == 0 {
		return
	}
	box := Rect{X: r.X, Y: r.Y + pad*sc/2, W: r.W, H: r.H - pad*sc}
	l.Rect(box, p.Panel)
	l.Rect(Rect{X: box.X, Y: box.Y, W: max(2, 3*sc), H: box.H}, p.TextWarn)
	x, y := box.X+3*pad*sc, box.Y+pad*sc
	for i, line := range lines {
		l.TextBold(x, y+float32(i)*CharH*size, line, size, p.Text)
	}
	y += float32(len(lines)) * CharH * size
	for i, line := range step {
		l.Text(x, y+float32(i)*CharH*sc, line, sc, p.TextWarn)
	}
	if len(step) > 0 {
		caption += " " + Plain(stepWithOther(in))
	}
	l.region(box, "caption", caption)
}

// drawCallouts draws the live callouts in their band, youngest last.
func drawCallouts(l *List, r Rect, sideH float32, in *SideInput, p *Palette, sc float32) {
	if r.Empty() {
		return
	}
	y := r.Y + pad*sc
	for _, c := range liveCallouts(in, r.W, sideH, sc) {
		lines := Wrap(calloutText(c), r.W-4*pad*sc, sc)
		box := Rect{X: r.X, Y: y, W: r.W, H: float32(len(lines))*CharH*sc + pad*sc}
		a := float32(1)
		if c.TTL > 0 && c.TTL-c.Age < 1 {
			a = float32(max(0.2, c.TTL-c.Age))
		}
		l.Rect(box, p.Panel)
		l.Frame(box, 1, p.TextWarn.Alpha(a))
		for i, line := range lines {
			l.Text(r.X+2*pad*sc, y+pad*sc/2+float32(i)*CharH*sc, line, sc, p.TextWarn.Alpha(a))
		}
		l.region(box, "moment", c.Text)
		y += box.H + pad*sc
	}
}

// Wrap breaks s into lines at most w pixels wide at scale size, at spaces;
// a word longer than a line is split. Nothing is dropped.
func Wrap(s string, w, size float32) []string {
	per := max(1, int(w/(CharW*size)))
	var lines []string
	var cur strings.Builder
	n := 0
	// Words split at ASCII white space only: a no-break space (U+00A0)
	// keeps a number with its unit ("816 / B" wrapped apart), and is
	// drawn as a space.
	ascii := func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }
	for _, word := range strings.FieldsFunc(s, ascii) {
		word = strings.ReplaceAll(word, "\u00a0", " ")
		wn := utf8.RuneCountInString(word)
		for wn > per {
			// A word longer than a line: what fits, then the rest.
			if n > 0 {
				lines = append(lines, cur.String())
				cur.Reset()
				n = 0
			}
			cut := byteIndexOfRune(word, per)
			lines = append(lines, word[:cut])
			word = word[cut:]
			wn -= per
		}
		if n > 0 && n+1+wn > per {
			lines = append(lines, cur.String())
			cur.Reset()
			n = 0
		}
		if n > 0 {
			cur.WriteByte(' ')
			n++
		}
		cur.WriteString(word)
		n += wn
	}
	if n > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// byteIndexOfRune returns the byte offset of the k-th rune of s.
func byteIndexOfRune(s string, k int) int {
	i := 0
	for j := 0; j < k && i < len(s); j++ {
		_, sz := utf8.DecodeRuneInString(s[i:])
		i += sz
	}
	return i
}
