package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Parallel's adaptive survivor sizing against a real JVM: the survived
// sizes of a JDK 17.0.15 log (testdata/gclog/parallel-64m-fresh-500-age.log:
// the gc-lab twin, 500 fresh platform threads, -Xms64m -Xmx64m
// -XX:+UseParallelGC -XX:ActiveProcessorCount=2, -Xlog:gc*,gc+age=trace; 2
// shared CPUs at load 14) go through the model's policy (gc_parallel.go:
// tenure) one young GC after another, and the survivor size it picks must be
// the one the JVM logged ("Desired survivor size"). Each row is one young GC:
// the to-space's use after it (KB), what the old gen gained (KB), whether
// that promotion was an overflow (promoted while the tenuring threshold was
// above 1: the log does not say, so this is a reading of it) and the JVM's
// desired survivor size (KB). The first rows survive 3 to 6 MB (objects of
// the JVM's start aging through the survivors, and the workers' first
// requests), the later ones 576 KB (500 threads × a 1 KB array and the
// empty per-thread state); the padded average remembers the first for
// about 50 collections, as HotSpot's does. The log tells the
// average's weight (10 %: 5 or 15 fail) and rejects 1 or 4 deviations of
// padding, but not 2 from 3 (HotSpot's SurvivorPadding).
func TestParallelSurvivorSizeFollowsJDK17Log(t *testing.T) {
	rows := []struct {
		survivedKB, promotedKB Bytes
		overflow               bool
		jvmDesiredKB           Bytes
	}{
		{2544, 1612, true, 2560}, {2528, 2743, true, 2560}, {2528, 1276, true, 2560}, {2528, 733, true, 2560},
		{2528, 1626, true, 5632}, {2544, 2606, true, 6144}, {4352, 1936, true, 5632}, {3808, 1104, true, 5632},
		{3808, 45, true, 5632}, {448, 3036, true, 6144}, {512, 8, false, 6656}, {512, 8, false, 6656},
		{512, 32, false, 7168}, {640, 23, false, 7168}, {480, 165, false, 6656}, {576, 39, false, 6656},
		{928, 133, false, 6656}, {736, 454, false, 6656}, {480, 291, false, 6144}, {800, 83, false, 6144},
		{928, 330, false, 5632}, {1312, 422, false, 5632}, {640, 699, false, 5120}, {800, 127, false, 5120},
		{736, 233, false, 4608}, {768, 167, false, 4608}, {608, 190, false, 4608}, {576, 8, false, 4096},
		{608, 15, false, 4096}, {608, 15, false, 4096}, {576, 0, false, 3584}, {576, 0, false, 3584},
		{576, 0, false, 3584}, {608, 0, false, 3072}, {608, 0, false, 3072}, {576, 0, false, 3072},
		{608, 0, false, 2560}, {576, 8, false, 2560}, {576, 0, false, 2560}, {576, 15, false, 2560},
		{576, 0, false, 2560}, {576, 0, false, 2048}, {576, 0, false, 2048}, {576, 0, false, 2048},
		{576, 0, false, 2048}, {576, 0, false, 2048}, {576, 0, false, 1536}, {576, 0, false, 1536},
		{608, 0, false, 1536}, {576, 0, false, 1536}, {576, 0, false, 1536}, {576, 0, false, 1536},
		{576, 0, false, 1536}, {576, 0, false, 1536}, {576, 0, false, 1536}, {576, 0, false, 1536},
		{576, 0, false, 1024}, {576, 0, false, 1024}, {576, 0, false, 1024}, {576, 0, false, 1024},
	}
	s := adaptiveSim(t)
	h := &s.heap
	s.cfg.Heap.FixedSurvivors, h.cfg.FixedSurvivors = false, false
	s.cfg.Heap.SpaceAlign = 512 * KB
	// The log's young gen: 21,504 KB, survivors starting at young/8 (2,560
	// KB) and limited to young/3 (7,168 KB).
	h.youngCap, h.survCap, h.survMax = 21504*KB, 2560*KB, 7168*KB
	h.edenCap = h.youngCap - 2*h.survCap
	assert.Zero(t, h.survAvg.count, "the heap's own survivor average, unsampled")
	within512 := 0
	for i, r := range rows {
		h.youngCount = i + 1
		parallelGC{}.tenure(s, youngResult{copied: r.survivedKB * KB, promoted: r.promotedKB * KB, overflow: r.overflow})
		diff := h.survCap - r.jvmDesiredKB*KB
		if diff < 0 {
			diff = -diff
		}
		// Where the overflow reading is unsure the model may be one more
		// alignment unit off; never more.
		assert.LessOrEqual(t, diff, MB, "young GC %d: model %v, JVM %v KB", i, h.survCap, r.jvmDesiredKB)
		if diff <= 512*KB {
			within512++
		}
	}
	t.Logf("within one unit: %d of %d", within512, len(rows))
	assert.GreaterOrEqual(t, within512, 52, "young GCs whose survivor size is within one 512 KB unit of the JVM's, of %d", len(rows))
}
