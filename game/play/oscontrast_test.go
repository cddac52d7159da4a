package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// A pool of platform threads has no OS-thread grid (its threads are drawn
// in the thread panels); on a desktop the OS panel's room shows both
// runs' OS threads to one scale, cut into their kinds: the 206 of the
// pool beside the 18 of the virtual-thread run drawn beside it. A run
// with nothing compared draws no such bars.
func TestPoolFrameDrawsBothRunsOSThreads(t *testing.T) {
	frame := func(spec string) (*view.List, *Playground) {
		p := New()
		mustLoad(t, p, spec)
		p.Pause()
		_, err := p.Seek(sim.Time(600*sim.Millisecond), 1<<30)
		require.NoError(t, err)
		p.SyncContrast(1 << 30)
		return desktopFrame(p), p
	}
	l, p := frame(`{"scenario":"request-load","case":"pool-200","seed":1}`)
	in := p.Inputs(nil)[0]
	require.NotNil(t, in.Contrast, "the pool is drawn beside a virtual-thread run")
	shown, other := in.Snap, in.Contrast.Snap
	var words []string
	carrierMarks := 0
	for _, it := range l.Items {
		if it.Kind == view.KindText {
			words = append(words, it.Text)
		}
		if it.Meaning == view.MeanCarrierOS {
			carrierMarks++
		}
	}
	txt := strings.Join(words, "\n")
	assert.Contains(t, txt, "\nOS threads of both runs, to scale\n")
	assert.Contains(t, txt, "\n"+view.Count(int64(shown.PlatformLive))+": this run\n")
	// JDK 21's VirtualThread-unparker, named apart from the JVM's other
	// threads: "6 JVM" here beside "7 JVM" there read as a count that did
	// not add up.
	require.True(t, other.Unparker, "the premise: the virtual run's sleeps started JDK 21's unparker")
	jvm := other.PlatformLive - other.CarriersStarted() - 1
	assert.Equal(t, shown.PlatformLive-shown.PlatformApp, jvm, "both runs' JVMs have as many threads of their own")
	assert.Contains(t, txt, "\n"+view.Count(int64(other.PlatformLive))+": virtual threads ("+
		view.Count(int64(other.CarriersStarted()))+" carriers + "+view.Count(int64(jvm))+" JVM + 1 sleep timer)\n")
	assert.Positive(t, carrierMarks, "the virtual run's carriers, a part of its bar")
	// The panel has room for the runs and the resident memory's parts:
	// the threads' line says what a thread holds in RAM beside the stack
	// it reserves (4.7 MB for 200 threads read as an error to a reader
	// who had learnt "1 MB a thread").
	assert.Regexp(t, `\n  200 platform threads(: (about )?[0-9]+ KB each in RAM[,;( ]|, each: [0-9]+ KB in RAM, )`, txt)
	assert.Contains(t, txt, view.Size(sim.MB)+" reserved", "the -Xss reservation beside it")

	l, _ = frame(`{"scenario":"gc-lab","case":"pooled","seed":1}`)
	for _, it := range l.Items {
		if it.Kind == view.KindText {
			assert.NotContains(t, it.Text, "both runs, to scale")
		}
	}
}
