package view

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// vt-basics' 10,000 sleeping virtual threads: at the heap panel's foot,
// what the same threads would hold as platform threads against what they
// hold, at one scale. The platform figure is the model's own: the
// platform case's thread memory, once its 10,000 threads are started, is
// the virtual case's per-thread figure times 10,000.
func TestPlatformContrastIsTheModels(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-basics", "memory-virtual", 300 * sim.Millisecond})
	snap := in.Snap
	plat, _ := runScene(t, sceneCase{"vt-basics", "memory-platform", 600 * sim.Millisecond})
	require.Equal(t, 10000, plat.Snap.PlatformApp, "the platform case's threads are all started")
	require.Equal(t, plat.Snap.ThreadMemory, snap.PlatformThreadMemory*sim.Bytes(snap.VirtualLive),
		"the contrast's figure is the platform case's thread memory")
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Palette: &OkabeIto, Scale: 1})
	txt := texts(&l)
	assert.Contains(t, txt, "both to one scale\nif platform threads, outside the heap: "+Size(plat.Snap.ThreadMemory)+" (19,200 MB)\n1.92 MB reserved each, not all in RAM",
		"where the platform threads' memory is (before its size: 18.75 GB beside a 4 GB heap read as in it), and that it is reserved, not all resident, beside the virtual threads' heap in use")
	// The share a thread is said to reserve, times the threads, is the
	// total drawn: "1.9 MB" × 10,000 was worked out to 19 GB against the
	// bar's 18.75 GB; and in MB too (1.92 MB × 10,000 was worked out to
	// 19.2 GB: the bar says "(19,200 MB)").
	shownEach := 1.92 * float64(sim.MB)
	assert.Equal(t, Size(plat.Snap.ThreadMemory), Size(sim.Bytes(shownEach*float64(snap.VirtualLive))),
		"the share drawn times the threads gives the total drawn")
	// The sliver named in place with the ratio of the two bars (18.75 GB
	// / 7.8 MB, two significant figures): a thin edge alone was not seen.
	assert.Contains(t, txt, "\nvirtual threads: 7.8 MB of heap, 2,460× less\n", "three figures: 18.75 GB (19,200 MB) over 7.8 MB, as a reader divides them")
	assert.Equal(t, 18.75*float64(sim.GB), float64(AsShown(plat.Snap.ThreadMemory)))
	assert.Equal(t, "123,000×", timesLess(123456789, 1000))
	assert.Equal(t, "12×", timesLess(1234, 100))
	assert.Equal(t, "3×", timesLess(300, 100))
	// A panel of its own, under the heap's: inside the heap's panel, under
	// "of 4.00 GB", the 18.75 GB read as heap.
	var heapPanel, contrast Rect
	for _, rg := range l.Regions() {
		switch rg.Name {
		case "heap":
			heapPanel = rg.R
		case "as platform threads":
			contrast = rg.R
		}
	}
	require.Positive(t, heapPanel.H)
	require.Positive(t, contrast.H)
	assert.LessOrEqual(t, heapPanel.Bottom(), contrast.Y+0.5, "the contrast is under the heap's panel, not in it")
	// Each bar in its threads' colour, at one scale.
	var thread, bar float32
	for _, it := range l.Items[:l.legendFrom] {
		if it.Kind == KindRect && it.Meaning == MeanPlatform {
			bar = max(bar, it.W)
		}
		if it.Kind == KindRect && it.Meaning == MeanVirtual && contrast.Contains(it.Bounds()) {
			thread += it.W
		}
		if it.Kind == KindRect && it.W > 40 && (it.Meaning == MeanChunkData || it.Meaning == MeanThreadObj) {
			assert.False(t, contrast.Contains(it.Bounds()), "the virtual threads' bar is in their colour, not the heap's brown")
		}
	}
	assert.Greater(t, bar, float32(300), "the platform threads' bar spans the panel")
	assert.Positive(t, thread)
	assert.LessOrEqual(t, thread, float32(4), "the virtual threads' bar at the same scale: a sliver")
	assert.Contains(t, l.Legend(), MeanPlatform, "the platform bar's colour is in the legend")
	assert.NotContains(t, txt, "all of it the", "the garbled head line is gone")
}

// A threads' heap panel too low for its parts' names still draws its bar
// (a phone's page, request-load's 1,290 parked threads at 7.1 ms): its
// title alone over an empty body was an empty box.
func TestThreadsHeapLowPanelDrawsItsBar(t *testing.T) {
	in, _ := runScene(t, sceneCase{"request-load", "virtual-per-request", sim.Duration(7.1 * float64(sim.Millisecond))})
	require.True(t, threadsOnlyHeap(in.Snap), "the premise: the heap holds the threads' objects alone")
	sc := float32(2)
	for _, lines := range []float32{1, 1.5, 2} {
		r := Rect{X: 0, Y: 0, W: 680, H: PanelTitleH(sc) + 6*sc + lines*CharH*sc}
		var l List
		l.Reset(700, 400)
		drawThreadsHeap(&l, r, in.Snap, &OkabeIto, sc)
		parts := 0
		for _, it := range l.Items {
			if it.Kind == KindRect && it.W > 40 && (it.Meaning == MeanChunkData || it.Meaning == MeanThreadObj) {
				parts++
			}
		}
		assert.Equal(t, 2, parts, "a body of %v lines: the bar's two parts", lines)
	}
}

// The threads' heap bar is drawn as the zoomed-in start of the whole
// heap: a track for the heap's size above it, the bytes in use a sliver
// at its start, lines from the sliver to the bar's ends. (Under "of 4.00
// GB" the full-width bar alone read as a full heap.)
func TestThreadsHeapBarIsTheHeapsSliverDrawnLarge(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-basics", "memory-virtual", 300 * sim.Millisecond})
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	var track *Region
	for _, r := range l.Regions() {
		if r.Name == "the whole heap" {
			track = &r
		}
	}
	require.NotNil(t, track, "a track for the whole heap")
	var bar *Item
	for i := range l.Items {
		if it := &l.Items[i]; it.Kind == KindText && strings.HasSuffix(it.Text, " in use enlarged, by kind") {
			bar = it
		}
	}
	require.NotNil(t, bar, "the bar says what it is: the sliver enlarged (three readers took the full-width bar for a full heap)")
	assert.Less(t, track.R.Bottom(), bar.Y, "the whole heap over the bar")
	lines := 0
	for _, it := range l.Items {
		if it.Kind == KindLine && it.Y >= track.R.Y && it.Y <= bar.Y {
			lines++
		}
	}
	assert.GreaterOrEqual(t, lines, 2, "lines from the sliver to the bar's ends")
}

// The bar's size is not written on one of its parts: on the StackChunks'
// part, "7.8 MB in use, by kind" read as the StackChunks' size. On a
// desktop frame it sits under the bar, on a bracket as long as the bar.
func TestThreadsHeapBarsSizeIsNotOnOnePart(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-basics", "memory-virtual", 300 * sim.Millisecond})
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	var label *Item
	var parts []Rect
	for i := range l.Items {
		it := &l.Items[i]
		if it.Kind == KindText && strings.HasSuffix(it.Text, ", by kind") && strings.Contains(it.Text, " in use") {
			label = it
		}
		if it.Kind == KindRect && it.W > 40 && (it.Meaning == MeanChunkData || it.Meaning == MeanThreadObj) {
			parts = append(parts, it.Bounds())
		}
	}
	require.NotNil(t, label, "the bar says what it is")
	require.Len(t, parts, 2, "the bar's two parts")
	lb := label.Bounds()
	barLeft, barRight, barBottom := parts[0].X, parts[1].Right(), parts[0].Bottom()
	for _, r := range parts {
		overlaps := lb.X < r.Right() && r.X < lb.Right() && lb.Y < r.Bottom() && r.Y < lb.Bottom()
		assert.False(t, overlaps, "the bar's size %q is written on one of its parts (%v on %v)", label.Text, lb, r)
	}
	assert.GreaterOrEqual(t, lb.Y, barBottom, "the size under the bar")
	// A bracket under the bar: a horizontal line spanning the bar's whole length.
	spans := false
	for _, it := range l.Items {
		if it.Kind == KindRect && it.Meaning == MeanNone && it.H <= 2 && it.Y > barBottom && it.Y < lb.Bottom() &&
			math.Abs(float64(it.X-barLeft)) < 1 && math.Abs(float64(it.X+it.W-barRight)) < 1 {
			spans = true
		}
	}
	assert.True(t, spans, "a bracket as long as the bar carries its size")
}

// A thread's share of the threads' bytes multiplies back to the total
// drawn: one decimal where it does (vt-basics' 7.8 MB over 10,000: "0.8
// KB"), two where one does not (llm-router's 1.3 MB over 1,400 threads is
// 0.95 KB, and "~1.0 KB a thread" was multiplied out to 1.4 MB). Halves
// can defeat two decimals too; there the share is never worse than one
// decimal's.
func TestThreadShareMultipliesBack(t *testing.T) {
	assert.Equal(t, "0.8 KB", shareSize(8171520, 10000))
	assert.Equal(t, "0.95 KB", shareSize(1362000, 1400))
	backs := func(s string, total sim.Bytes, n int) bool {
		f, err := strconv.ParseFloat(strings.TrimSuffix(s, " KB"), 64)
		require.NoError(t, err, s)
		return Size(total) == Size(sim.Bytes(f*float64(sim.KB)*float64(n)))
	}
	fixed, cases := 0, 0
	for n := 1500; n <= 20000; n += 97 {
		for _, each := range []sim.Bytes{700, 973, 1500, 9000} {
			total := each * sim.Bytes(n)
			s, one := shareSize(total, n), kiloWords(each)
			cases++
			if backs(one, total, n) {
				assert.Equal(t, one, s, "one decimal where it multiplies back")
				continue
			}
			if backs(s, total, n) {
				fixed++
			}
		}
	}
	assert.Greater(t, fixed, cases/10, "two decimals multiply back where one does not, in %d of %d cases", fixed, cases)
}

// Where neither one decimal nor two multiplies back to a total in KB, the
// share is the one that comes nearer: loom-carrier's 16 threads hold 15.9
// KB ("~1.0 KB each" gave 16.0, "0.99 KB" gives 15.8); 32 hold 31.8 KB.
func TestThreadShareNearestWhereNeitherMultipliesBack(t *testing.T) {
	for _, c := range []struct {
		total sim.Bytes
		n     int
	}{{16282, 16}, {32563, 32}} {
		require.Equal(t, "1.0 KB", kiloWords(c.total/sim.Bytes(c.n)), "the premise: one decimal says 1.0 KB")
		assert.Equal(t, "0.99 KB", shareSize(c.total, c.n), "%s over %d threads", Size(c.total), c.n)
	}
}

// A share in MB multiplies back to the total as the memory bar writes it
// (PartsSize, a tenth of a MB up to 1 GB): 32 threads of 3.18 MB hold the
// bar's "101.8 MB", where "3.2 MB" gives Size's "102 MB" but 102.4.
func TestEachSizeMultipliesBackToTheBarsTotal(t *testing.T) {
	b, n := sim.Bytes(3337216), 32
	require.Equal(t, "101.8 MB", PartsSize(b*sim.Bytes(n)), "the premise")
	s := EachSize(b, n)
	f, err := strconv.ParseFloat(strings.TrimSuffix(s, " MB"), 64)
	require.NoError(t, err, s)
	assert.Equal(t, "101.8 MB", PartsSize(sim.Bytes(f*float64(sim.MB)*float64(n))), "%s × %d", s, n)
}

// Each part of the threads' bar gives its size beside its name where the
// sizes as written add up to the bar's: two readers asked how the 7.8 MB
// split, and sizes each rounded on their own had not added up.
func TestThreadsHeapPartsSizesAddUp(t *testing.T) {
	in, side := runScene(t, sceneCase{"vt-basics", "memory-virtual", 300 * sim.Millisecond})
	var l List
	Build(&l, 1134, 464, &Header{}, []*Side{side}, []SideInput{in}, &Options{Scale: 1})
	var total string
	var sum float64
	var named []string
	for _, it := range l.Items {
		if it.Kind != KindText {
			continue
		}
		if before, ok := strings.CutSuffix(it.Text, " in use enlarged, by kind"); ok {
			total = before
		}
		for _, name := range []string{"StackChunks ", "Thread objects "} {
			if size, ok := strings.CutPrefix(it.Text, name); ok && strings.HasSuffix(size, " MB") {
				var mb float64
				_, err := fmt.Sscanf(size, "%g MB", &mb)
				require.NoError(t, err)
				sum += mb
				named = append(named, it.Text)
			}
		}
	}
	require.Len(t, named, 2, "both parts sized")
	assert.Equal(t, total, strconv.FormatFloat(sum, 'f', 1, 64)+" MB", "%v add up to the bar's %s", named, total)
	for _, r := range l.Regions() {
		if r.Name == "the threads' objects" {
			for _, n := range named {
				assert.Contains(t, r.Text, n, "the hover says the sizes as the bar does")
			}
		}
	}
}
