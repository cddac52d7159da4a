package view

import (
	"regexp"
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
	// Whichever wording fits ("= 96.3 MB heap + ..." or ": heap 96.3,
	// ..."), the line gives the heap its size.
	var line string
	for _, s := range strings.Split(txt, "\n") {
		if strings.HasPrefix(s, "memory "+PartsSize(snap.RSS)) {
			line = s
		}
	}
	assert.Regexp(t, `(heap `+regexp.QuoteMeta(mb(snap.RSSHeap))+`,|`+regexp.QuoteMeta(PartsSize(snap.RSSHeap))+` heap) .*threads.*JVM`, line)
}

// The heap's resident part is the pages written so far: where it is well
// above what is in use, a line says so ("heap 106.4" beside a heap drawn
// 71 MB full was taken for an error), with the heap's maximum where it
// fits (256 MB, 106.4 and 71.3 met apart left a reader asking which was
// the heap), else with why the two differ ("84.7 MB in RAM of 256 MB;
// 10.3 MB in use" left three readers asking what set "in RAM" apart from
// "in use") and that the part in use is inside it ("of it": a reader
// asked what the two numbers were), and why: the pages a GC emptied
// are kept ("once used, kept" was read as terse).
func TestGCLabMemorySaysTheHeapsPagesAreNotItsUse(t *testing.T) {
	in, side := runScene(t, sceneCase{"gc-lab", "pooled", 500 * sim.Millisecond})
	h := &in.Snap.Heap
	used := h.EdenUsed + h.SurvivorUsed + h.OldUsed
	require.Greater(t, in.Snap.RSSHeap, used+used/5, "the judged frame's heap pages exceed its use")
	var l List
	Build(&l, 1134, 464, &Header{Scenario: "gc-lab"}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	asWritten, _, _ := rssAsWritten(in.Snap)
	heap := PartsSize(asWritten)
	assert.Contains(t, texts(&l), "\n  heap: "+heap+" in RAM (kept after GC), "+Size(used)+" of it in use\n")
}

// The heap's line says its pages in RAM as the sum over it does: rounded
// on its own, gc-lab's first GC read "74.3 MB in RAM" under "memory 127.2
// MB = 74.4 MB heap + …".
func TestGCLabHeapInRAMAsTheSumSaysIt(t *testing.T) {
	in, side := runScene(t, sceneCase{"gc-lab", "pooled", 142 * sim.Millisecond})
	var l List
	Build(&l, 1134, 464, &Header{Scenario: "gc-lab"}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	txt := texts(&l)
	sum := regexp.MustCompile(`\nmemory [0-9.]+ MB = ([0-9.]+ MB) heap \+`).FindStringSubmatch(txt)
	line := regexp.MustCompile(`\n  heap: ([0-9.]+ MB) in RAM`).FindStringSubmatch(txt)
	require.Len(t, sum, 2, txt)
	require.Len(t, line, 2, txt)
	assert.Equal(t, sum[1], line[1])
	assert.NotEqual(t, PartsSize(in.Snap.RSSHeap), sum[1], "the judged frame is one where the sum's rounding moves the heap's part")
}

// The old gen's slivers are named on the foot's lines from right of the
// last sliver, the largest first, each with a leader from its own
// middle: gc-lab's garbage, the largest, is named, and no name starts
// over another part.
func TestGCLabOldGenSliversNamedClearOfEachOther(t *testing.T) {
	in, side := runScene(t, sceneCase{"gc-lab", "pooled", 500 * sim.Millisecond})
	var l List
	Build(&l, 1134, 464, &Header{Scenario: "gc-lab"}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	var pointers []Item
	right := float32(0) // the right edge of the old gen's parts
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindText && strings.HasPrefix(it.Text, "<- ") {
			pointers = append(pointers, it)
		}
	}
	require.NotEmpty(t, pointers)
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindRect && it.Meaning == MeanGarbage && it.Y < pointers[0].Y && it.Y+it.H > pointers[0].Y {
			right = max(right, it.X+it.W)
		}
	}
	require.Positive(t, right, "the old gen's garbage drawn beside the pointers")
	assert.True(t, strings.HasPrefix(pointers[0].Text, "<- garbage "), "the largest sliver named first (lowest): %q", pointers[0].Text)
	for _, p := range pointers {
		assert.GreaterOrEqual(t, p.X, right, "%q starts over the parts", p.Text)
	}
}

// The lab's frame says "1 square = 1 thread" once: the row of threads
// waiting for a CPU said it over the grid of sleeping ones, which says it
// too, and a reader of the lab found it said twice. The row keeps its
// count of the rest.
func TestGCLabSaysItsSquaresScaleOnce(t *testing.T) {
	in, side := runScene(t, sceneCase{"gc-lab", "pooled", 500 * sim.Millisecond})
	var l List
	for range 2 { // the second frame as the first: nothing kept wrongly
		Build(&l, 1134, 464, &Header{Scenario: "gc-lab"}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
		txt := texts(&l)
		assert.Equal(t, 1, strings.Count(txt, "1 square = 1 thread"), txt)
		assert.Regexp(t, `\nand [0-9,]+ more\n`, txt)
	}
}

// The memory line's parts add up to its total as written: 96.3 + 23.4 +
// 38.5 beside 158.1 MB (each part rounded on its own) was summed by a
// reader of the lab. The tenth goes to the part that lost most.
func TestMemoryPartsAddUpToTheTotalAsWritten(t *testing.T) {
	mb := func(x float64) sim.Bytes { return sim.Bytes(x * float64(sim.MB)) }
	total, parts := mb(30.21), []sim.Bytes{mb(10.08), mb(10.07), mb(10.06)}
	got := partsThatAddUp(total, parts...)
	var words []string
	for _, b := range got {
		words = append(words, PartsSize(b))
	}
	assert.Equal(t, []string{"10.1 MB", "10.1 MB", "10.0 MB"}, words, "each on its own: 10.1 three times")
	assert.Equal(t, "30.2 MB", PartsSize(total))
	// Parts that add up already are written as before.
	ok := partsThatAddUp(mb(220.2), mb(25.5), mb(12.7), mb(182.0))
	assert.Equal(t, "25.5 MB 12.7 MB 182.0 MB", PartsSize(ok[0])+" "+PartsSize(ok[1])+" "+PartsSize(ok[2]))
	// A part under a MB is written as Size writes it: left alone.
	small := partsThatAddUp(mb(40), mb(0.5), mb(39.5))
	assert.Equal(t, []sim.Bytes{mb(0.5), mb(39.5)}, small)
}
