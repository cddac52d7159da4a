package view

import (
	"testing"

	"github.com/loomlab/loomlab/sim"

	"github.com/stretchr/testify/assert"
)

// A side's header too narrow for its name and progress on one row (a
// phone's) keeps them there in the progress's shorter form, rather than
// taking a second row the races' cells need.
func TestHeaderProgressShortBesideTheName(t *testing.T) {
	h := sideHeading{name: "virtual threads", parts: []string{"requests done 722 of 10,000"}, beside: []string{"722 of 10,000 done"}}
	w := TextWidth("virtual threads · 722 of 10,000 done", 1) + 2*CharW
	var placed []string
	assert.Equal(t, 1, h.flow(w, 1, 3, func(row int, x float32, text string) { placed = append(placed, text) }), "one row")
	assert.Equal(t, []string{"· 722 of 10,000 done"}, placed)
	wide := TextWidth("virtual threads · requests done 722 of 10,000", 1) + 2*CharW
	placed = nil
	assert.Equal(t, 1, h.flow(wide, 1, 3, func(row int, x float32, text string) { placed = append(placed, text) }), "one row")
	assert.Equal(t, []string{"· requests done 722 of 10,000"}, placed, "the whole form where it fits")
}

// With no total, the short form keeps its unit where the row has room
// for it ("589 done" left a phone's reader asking 589 of what), and
// falls to fewer words only where it does not.
func TestHeaderProgressBesideKeepsItsUnit(t *testing.T) {
	in := &SideInput{Title: "16 event loops", Snap: &sim.Snapshot{RequestsDone: 589}}
	h := headingOf(in)
	place := func(w float32) []string {
		var placed []string
		h.flow(w, 1, 3, func(row int, x float32, text string) { placed = append(placed, text) })
		return placed
	}
	assert.Equal(t, []string{"· requests done 589"}, place(TextWidth("16 event loops · requests done 589", 1)+2*CharW))
	assert.Equal(t, []string{"· 589 requests"}, place(TextWidth("16 event loops · 589 requests", 1)+2*CharW))
}
