package view

import (
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The lab's OS threads panel counts the JVM's own threads beside its
// workers, as a real JVM running the twin has them, and never speaks of
// "the 0 JVM threads" (the panel said so while the model counted none).
func TestGCLabCountsTheJVMsOwnThreads(t *testing.T) {
	in, side := runScene(t, sceneCase{"gc-lab", "pooled", 500 * sim.Millisecond})
	snap := in.Snap
	jvm := snap.PlatformLive - snap.PlatformApp - snap.CarriersStarted()
	assert.Equal(t, 6, jvm, "the twin's JVM has 6 threads of its own as ThreadMXBean counts them")
	var l List
	Build(&l, 1200, 800, &Header{Scenario: "gc-lab"}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	txt := texts(&l)
	assert.NotContains(t, txt, " 0 JVM")
	assert.Contains(t, txt, "the 6 JVM threads")
}

// Where a scenario counts none of the JVM's threads, the memory lines say
// what the JVM itself holds without a count of zero threads.
func TestRSSLinesWithoutJVMThreads(t *testing.T) {
	snap := &sim.Snapshot{RSS: 40 * sim.MB, RSSJVM: 38 * sim.MB, RSSThreads: 2 * sim.MB, PlatformLive: 10, PlatformApp: 10}
	for _, alts := range rssLines(snap, false, 800, 1) {
		for _, s := range alts {
			assert.NotContains(t, s, " 0 JVM")
		}
	}
}

// The lab's memory line names every part of the total, the heap's too:
// "memory 168.7 MB, of it the JVM itself 38.9 MB" beside lines for the
// threads and the JVM left a reader looking for 106 MB.
func TestGCLabMemoryLineNamesTheHeap(t *testing.T) {
	in, side := runScene(t, sceneCase{"gc-lab", "pooled", 500 * sim.Millisecond})
	snap := in.Snap
	require.Positive(t, snap.RSSHeap)
	var l List
	Build(&l, 1134, 464, &Header{Scenario: "gc-lab"}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	txt := texts(&l)
	mb := func(b sim.Bytes) string { return strings.TrimSuffix(PartsSize(b), " MB") }
	assert.Contains(t, txt, "\nmemory "+PartsSize(snap.RSS)+": heap "+mb(snap.RSSHeap)+", threads "+mb(snap.RSSThreads)+", JVM "+mb(snap.RSSJVM)+"\n")
}
