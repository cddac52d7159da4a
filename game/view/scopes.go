package view

import "github.com/loomlab/loomlab/sim"

// Structured scopes (the router's races): one row per open scope, the
// owner's token, then its forked subtasks. The winner gets a green frame
// and a star-like mark; cancelled subtasks are struck through; finished
// ones fade.

// maxScopeRows bounds the rows drawn; the title says how many are open.
const maxScopeRows = 24

func drawScopes(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	body := panel(l, r, "structured scopes", Count(int64(len(snap.Scopes)))+" open", p, sc)
	if body.Empty() {
		return
	}
	if len(snap.Scopes) == 0 {
		l.TextIn(Rect{X: body.X, Y: body.Y, W: body.W, H: min(body.H, CharH*sc)}, "none open", sc, p.TextDim)
		return
	}
	rowH := min(16*sc, body.H)
	gap := max(1, 2*sc)
	y := body.Y
	for i := range snap.Scopes {
		if i >= maxScopeRows || y+rowH > body.Bottom()+0.01 {
			break
		}
		drawScope(l, Rect{X: body.X, Y: y, W: body.W, H: rowH}, &snap.Scopes[i], p, sc)
		y += rowH + gap
	}
}

// ScopeRects returns the owner's and the subtasks' token rectangles in a
// scope row (exported for tests).
func ScopeRects(row Rect, n int, sc float32) (owner Rect, subs []Rect) {
	gap := 3 * sc
	ow := min(TextWidth("#00000 join", sc)+6*sc, row.W*0.3)
	owner, rest := row.Left(ow)
	rest.X += gap
	rest.W -= gap
	if n <= 0 || rest.W <= 0 {
		return owner, nil
	}
	w := min((rest.W-gap*float32(n-1))/float32(n), TextWidth("#00000 m0", sc)+6*sc)
	for i := 0; i < n; i++ {
		subs = append(subs, Rect{X: rest.X + float32(i)*(w+gap), Y: row.Y, W: max(0, w), H: row.H})
	}
	return owner, subs
}

func drawScope(l *List, row Rect, sv *sim.ScopeView, p *Palette, sc float32) {
	owner, subs := ScopeRects(row, len(sv.Subtasks), sc)
	l.Rect(owner, p.Virtual)
	l.TextIn(owner.Inset(2*sc), sv.Owner.String()+" join", sc, p.Background)
	for i, r := range subs {
		st := &sv.Subtasks[i]
		c := p.Virtual
		switch {
		case st.Cancelled:
			c = p.Dead
		case st.Done:
			c = p.Virtual.Alpha(0.45)
		}
		l.Rect(r, c)
		l.TextIn(r.Inset(2*sc), st.Thread.String()+" m"+itoa(st.Model), sc, p.Background)
		if i == sv.Winner {
			l.Frame(r, max(2, 2*sc), p.OnCPU)
			l.Circle(r.Right()-4*sc, r.Y+4*sc, 2.5*sc, p.Pinned)
		}
		if st.Cancelled {
			y := r.Y + r.H/2
			l.Line(r.X+1, y, r.Right()-1, y, max(1.5, 1.5*sc), p.Error)
		}
	}
}
