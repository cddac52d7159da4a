package view

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// On a phone's canvas the races' frame still names its carriers' strip
// (readers of eight numbered boxes with no name asked what they were)
// and says that the won call's thread has ended, on a second line of its
// narrow cell (a bare "won" read as still running).
func TestRacePhoneNamesCarriersAndEndedWinner(t *testing.T) {
	in, side := runScene(t, sceneCase{"llm-router", "virtual", 300 * sim.Millisecond})
	in.Models = []string{"haiku", "sonnet", "opus"}
	var l List
	Build(&l, phoneCanvas[0], phoneCanvas[1], &Header{Scenario: "llm-router"}, []*Side{side}, []SideInput{in}, &Options{Scale: phoneCanvas[2]})
	require.True(t, SceneOf(&in, true).ScopesLead)
	assert.Contains(t, texts(&l), itoa(len(in.Snap.Carriers))+" carriers (OS threads)")
	var won *Item
	for i := range l.Items[:l.legendFrom] {
		if it := &l.Items[i]; it.Kind == KindText && it.Text == "won" {
			won = it
		}
	}
	require.NotNil(t, won, "a won cell: %s", texts(&l))
	ended := false
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindText && it.Text == "ended" && it.X == won.X && it.Y > won.Y {
			ended = true
		}
	}
	assert.True(t, ended, "the won cell says its thread ended, under \"won\": %s", texts(&l))
}
