package view

import (
	"testing"
)

// The legend takes the room its lines need, not the room for the longest
// words of every meaning it might draw: that left an empty band under it
// (up to three lines on a phone) for as long as the frame stood still.
// (A frame whose panels draw a meaning only when the legend is the
// smaller of two rooms may keep a band: a clipped legend is worse.)
func TestLegendTakesTheRoomItsLinesNeed(t *testing.T) {
	banded, frames := 0, 0
	for _, c := range sceneCases() {
		for _, size := range sceneSizes {
			in, side := runScene(t, c)
			var l List
			for i := 0; i < 2; i++ { // the second frame, as a still picture is drawn again
				Build(&l, size[0], size[1], &Header{Scenario: c.scenario}, []*Side{side}, []SideInput{in}, &Options{Scale: size[2]})
			}
			frames++
			room := l.Items[l.legendFrom].Bounds()
			need := legendDrawnH(&l, size[0], size[2])
			if need > room.H+0.5 {
				t.Errorf("%s/%s at %v: the legend needs %v px, has %v: clipped", c.scenario, c.caseID, size, need, room.H)
			}
			if room.H > need+0.5 {
				banded++
				t.Logf("%s/%s at %v: %v px of room for a legend of %v px", c.scenario, c.caseID, size, room.H, need)
			}
		}
	}
	if banded > frames/20 {
		t.Errorf("%d of %d frames leave an empty band under the legend", banded, frames)
	}
}

// legendDrawnH is the height the legend of what l's pass drew needs: its
// lines with the words they take.
func legendDrawnH(l *List, w, sc float32) float32 {
	if l.used == 0 {
		return 0
	}
	return float32(legendFlow(w, sc, l.used, l.heapUsed, l.outsideHeap, l.queued, nil))*(CharH+2)*sc + 2*pad*sc
}
