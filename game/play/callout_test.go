package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Beside a moment at the shown time the callout leaves out the time (the
// header shows it); once the clock has moved on it says when it happened.
func TestCalloutSaysItsTimeOnceThePictureMovesOn(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"request-load","case":"pool-200","seed":1}`)
	require.NoError(t, p.SetSpeed(0.1))
	p.Play()
	for i := 0; i < 30 && len(p.Inputs(nil)[0].Callouts) == 0; i++ {
		p.Tick()
	}
	require.Len(t, p.Inputs(nil)[0].Callouts, 1, "the pool fills within half a second of playing")
	m := p.State().Moments[0]
	require.Equal(t, m.TimeNs, int64(p.Now()), "the moment is the tick's state")
	bare := p.Inputs(nil)[0].Callouts[0].Text
	assert.NotContains(t, bare, "At ", "at the moment's time")
	p.Tick()
	require.Greater(t, int64(p.Now()), m.TimeNs)
	assert.Equal(t, m.Text, p.Inputs(nil)[0].Callouts[0].Text, "later: the sentence with its time")
	assert.Contains(t, m.Text, "At ")
}
