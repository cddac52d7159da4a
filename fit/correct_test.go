package fit

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A model that allocated ratio times the log's rate gets a request cycle
// ratio times as long (the backend call, with the request's 50 µs of CPU
// kept): 100 ms + 50 µs at twice the rate is 200.05 ms of backend, rounded
// to 200. The backend call stays within 60 s.
func TestCorrectRateScalesTheCycle(t *testing.T) {
	for _, c := range []struct {
		backend int
		ratio   float64
		want    int
	}{
		{100, 2, 200}, {100, 0.5, 50}, {100, 1, 100}, {10, 3, 30}, {100, 1000, 60000},
		// 4.05 ms x 1.116 = 4.52 ms, less the 50 µs of CPU: 4.47, so 4.
		{4, 1.116, 4},
		// A cycle that comes out at exactly 1 ms is still a cycle.
		{1, 1, 1},
	} {
		k := knobs{backendMS: c.backend, garbageKB: 10}
		k.correctRate(c.ratio)
		assert.Equal(t, c.want, k.backendMS, "%d ms at ratio %v", c.backend, c.ratio)
		assert.Equal(t, 10, k.garbageKB, "the garbage per request is kept while the cycle can stretch")
	}
}

// With the backend call already at its shortest (1 ms), a model that
// allocated too little makes each request allocate more instead: at half
// the log's rate, twice the bytes per request (rounded up to whole KB of
// garbage).
func TestCorrectRateAtTheShortestCycleAllocatesMore(t *testing.T) {
	k := knobs{backendMS: 1, garbageKB: 10}
	before := perRequestKB(k.garbageKB)
	k.correctRate(0.5)
	assert.Equal(t, 1, k.backendMS)
	assert.Equal(t, 29, k.garbageKB, "(10 KB of garbage + 8 KB of data and buffer) x 2, less the 8, rounded up")
	assert.GreaterOrEqual(t, perRequestKB(k.garbageKB), 2*before)
	assert.Less(t, perRequestKB(k.garbageKB), 2*before+1.5, "by at most one more KB and its arrays' headers")
	k = knobs{backendMS: 1, garbageKB: 1048000}
	k.correctRate(0.001)
	assert.Equal(t, 1048576, k.garbageKB, "at most 1 GB a request")
}

// The live set's correction sets the pooled threads' cache in whole
// 2 KB steps; under one step the threads are fresh (no cache), with the
// twin's 64 KB cap kept for a what-if that pools them.
func TestSetCacheInWholeSteps(t *testing.T) {
	for _, c := range []struct {
		kb    float64
		state string
		max   int
	}{
		{10.9, "pooled", 10}, {11.1, "pooled", 12}, {1, "pooled", 2}, {0.9, "fresh", 64}, {-5, "fresh", 64}, {3e6, "pooled", 1048576},
	} {
		var k knobs
		k.setCache(c.kb)
		assert.Equal(t, c.state, k.state, "%v KB", c.kb)
		assert.Equal(t, c.max, k.cacheMaxKB, "%v KB", c.kb)
	}
}
