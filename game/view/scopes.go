package view

import "github.com/loomlab/loomlab/sim"

// Structured scopes (the router's races): one row per open scope, the
// owner's token, then its forked subtasks. The winner gets a white frame
// and the word "won"; cancelled subtasks fade and are struck through;
// finished ones fade.

// maxScopeRows bounds the rows drawn; the title says how many are open and
// how many of them are drawn.
const maxScopeRows = 24

func drawScopes(l *List, r Rect, snap *sim.Snapshot, p *Palette, sc float32) {
	open := max(snap.ScopesOpen, len(snap.Scopes))
	rowH := min(16*sc, r.H)
	gap := max(1, 2*sc)
	bodyH := r.H - PanelTitleH(sc) - 6*sc
	rows := min(len(snap.Scopes), maxScopeRows, max(0, int((bodyH+gap)/(rowH+gap))))
	right := Count(int64(open)) + " open"
	if rows < open {
		right = "showing " + Count(int64(rows)) + " of " + Count(int64(open)) + " open scopes"
	}
	// "joins" is the API's word; the title says what the owner does.
	body := panel(l, r, right, p, sc, "structured scopes: an owner thread waits while its subtasks race", "structured scopes (subtasks race)", "structured scopes", "scopes")
	say := Count(int64(open)) + " structured scopes are open: in each, a virtual thread forked subtasks that race; the first to finish wins and the others are cancelled."
	if rows < open {
		say += " The first " + Count(int64(rows)) + " are drawn."
	}
	l.region(r, "scopes", say)
	if body.Empty() {
		return
	}
	if len(snap.Scopes) == 0 {
		l.TextFit(Rect{X: body.X, Y: body.Y, W: body.W, H: min(body.H, CharH*sc)}, sc, p.TextDim, "none open")
		return
	}
	y := body.Y
	// Decided scopes first (a winner framed, its rivals struck through):
	// the race's rule is seen only there, and the first open scopes in
	// the list are mostly undecided.
	drawn := 0
	for pass := 0; pass < 2 && drawn < rows; pass++ {
		for i := range snap.Scopes {
			if sv := &snap.Scopes[i]; (sv.Winner >= 0) == (pass == 0) && drawn < rows {
				drawScope(l, Rect{X: body.X, Y: y, W: body.W, H: rowH}, sv, p, sc)
				y += rowH + gap
				drawn++
			}
		}
	}
}

// ScopeRects returns the owner's and the subtasks' token rectangles in a
// scope row (exported for tests).
func ScopeRects(row Rect, n int, sc float32) (owner Rect, subs []Rect) {
	gap := 3 * sc
	ow := min(TextWidth("#00000 owner", sc)+6*sc, row.W*0.3)
	owner, rest := row.Left(ow)
	rest.X += gap
	rest.W -= gap
	if n <= 0 || rest.W <= 0 {
		return owner, nil
	}
	w := min((rest.W-gap*float32(n-1))/float32(n), TextWidth("#00000 model 0 won", sc)+6*sc)
	for i := 0; i < n; i++ {
		subs = append(subs, Rect{X: rest.X + float32(i)*(w+gap), Y: row.Y, W: max(0, w), H: row.H})
	}
	return owner, subs
}

func drawScope(l *List, row Rect, sv *sim.ScopeView, p *Palette, sc float32) {
	owner, subs := ScopeRects(row, len(sv.Subtasks), sc)
	l.Mark(owner, MeanVirtual, p, 1)
	l.hit(owner, sv.Owner)
	id := sv.Owner.String()
	l.TextFit(owner.PadX(2*sc), sc, p.Background, id+" owner", id)
	for i, r := range subs {
		st := &sv.Subtasks[i]
		a := float32(1)
		switch {
		case st.Cancelled:
			a = 0.3
		case st.Done:
			a = 0.45
		}
		l.Mark(r, MeanVirtual, p, a)
		l.hit(r, st.Thread)
		// Models counted from 1, with a verb: "model 0" said nothing.
		n := itoa(st.Model + 1)
		tid, model := st.Thread.String(), "asks model "+n
		txt := p.Background
		if st.Cancelled {
			txt = p.Text
		}
		if i == sv.Winner {
			l.TextFit(r.PadX(2*sc), sc, txt, tid+" model "+n+" won", "model "+n+" won", "won")
			l.MarkFrame(r, max(2, 2*sc), MeanWinner, p)
		} else {
			l.TextFit(r.PadX(2*sc), sc, txt, tid+" "+model, model, "model "+n, n)
		}
		if st.Cancelled {
			y := r.Y + r.H/2
			l.Line(r.X+1, y, r.Right()-1, y, max(1.5, 1.5*sc), p.Text)
		}
	}
}
