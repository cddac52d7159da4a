package play

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
)

// loom-carrier's first screen gives three heap figures: the heap's use,
// the virtual threads' whole cost (the caption's "32 virtual threads cost
// 31.8 KB") and their StackChunks. A reader asked how "273.8 KB used",
// "32 virtual threads: 31.8 KB" and "StackChunks: 23.8 KB" relate: the
// heap's line says the threads' cost is a part of its use, and the
// StackChunks' line that they are a part of the threads' cost, with the
// same figure. Another asked what the rest of the heap's use was: the
// line names it (the requests' garbage, not yet collected), and the two
// parts as written add up to the whole. At the page's frame (1134 × 638).
func TestCarrierHeapFiguresSayHowTheyRelate(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"loom-carrier","case":"unlimited-vthreads","seed":1}`, true)
	var l view.List
	hdr := p.Header()
	view.Build(&l, 1134, 638, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
	words := frameText(&l)
	// Whose figure before it ("32 virtual threads' 31.8 KB"): after it,
	// "31.8 KB 32 virtual threads" ran two figures together.
	heap := regexp.MustCompile(`\nheap ([0-9.]+) KB = ([0-9]+) virtual threads' ([0-9.]+ KB) \+ ([0-9.]+) KB garbage\n`).FindStringSubmatch(words)
	require.NotNil(t, heap, "the heap's line gives the threads' cost as a part of its use, and the rest:\n%s", words)
	heap[2], heap[3] = heap[3], heap[2] // size, then count, as below
	tenths := func(s string) int64 {
		f, err := strconv.ParseFloat(strings.TrimSuffix(s, " KB"), 64)
		require.NoError(t, err)
		return int64(math.Round(f * 10))
	}
	assert.Equal(t, tenths(heap[1]), tenths(heap[2])+tenths(heap[4]), "the parts as written add up: %s", heap[0])
	heap = heap[1:]
	assert.Contains(t, words, heap[2]+" virtual threads cost "+heap[1]+" of heap", "the caption's figure")
	chunks := regexp.MustCompile(`as StackChunks: ([0-9.]+ KB) \(` + regexp.QuoteMeta(heap[1]) + `\s+with\s+([0-9.]+ KB)\s+Thread\s+objects\)`).FindStringSubmatch(words)
	if assert.NotNil(t, chunks, "the StackChunks set against the same figure, the Thread objects' part said") {
		// The two parts as written add up to the threads' cost as written.
		assert.Equal(t, tenths(heap[1]), tenths(chunks[1])+tenths(chunks[2]), chunks[0])
	}
	// The event-loop run's heap holds only the same requests' garbage: a
	// reader asked whether its "heap 242.0 KB" was this run's garbage,
	// and four more whether the same figure in both runs was a
	// coincidence: its bar says it is the same.
	assert.Regexp(t, `\+ (the )?same `+regexp.QuoteMeta(heap[3])+` KB garbage\n`, words, "the other run's heap, named as the same garbage")
	// And whose garbage: the same requests' (the same figure in both runs
	// was asked about as a coincidence).
	done := regexp.MustCompile(`requests done ([0-9,]+) \(this run\)`).FindStringSubmatch(words)
	require.NotNil(t, done, words)
	assert.Contains(t, words, ": event loops on platform threads, same "+done[1]+" requests\n", "the other run's load, as a count")
}

// The heap's line is long with its sum, and beside it the StackChunks'
// squares had no room: two readers of loom-carrier looked in the heap for
// the legend's brown and found only a number. The heap takes a second
// line and draws each StackChunk as a square there, on the page's frame
// and on a phone's.
func TestCarrierHeapDrawsItsStackChunks(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"loom-carrier","case":"unlimited-vthreads","seed":1}`, true)
	var desk view.List
	hdr := p.Header()
	view.Build(&desk, 1134, 638, &hdr, p.Views(nil), p.Inputs(nil), &view.Options{})
	phone, _ := phoneFrame(p)
	live := p.Inputs(nil)[0].Snap.Chunks.Live
	require.Positive(t, live)
	for name, l := range map[string]*view.List{"desktop": &desk, "phone": phone} {
		var heap view.Rect
		for _, r := range l.Regions() {
			if r.Name == "heap" {
				heap = r.R
			}
		}
		require.False(t, heap.Empty(), "%s: a heap panel", name)
		chunks := 0
		for _, it := range l.Items {
			if it.Meaning == view.MeanChunkData && heap.Contains(view.Rect{X: it.X, Y: it.Y, W: it.W, H: it.H}) {
				chunks++
				assert.GreaterOrEqual(t, it.W, float32(3), "%s: a square one can see", name)
			}
		}
		assert.Equal(t, live, chunks, "%s: one brown square per StackChunk in the heap", name)
		assert.Contains(t, frameText(l), view.Count(int64(live))+" StackChunks (", "%s: the row says what its squares are", name)
	}
}
