package story

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/sim"
)

// vt-pooling's captions at the edges where a sentence changes form: the
// caches "pile up" until they are half the old gen's use, "fill" it once
// it is half full, the GC's share is said from a tenth of the time, the
// young GCs' part from half of it. (Mutation testing found none of these
// edges checked: pooling.go at 67 %, TESTING.md "Stop 28".)
func TestPoolingCaptionEdges(t *testing.T) {
	caption := func(pool bool, s *sim.Snapshot, beside *sim.Snapshot) string {
		knobs := map[string]string{"pool": "false"}
		if pool {
			knobs["pool"] = "true"
		}
		return strings.ReplaceAll(New(Setup{Scenario: "vt-pooling", Knobs: knobs}).Caption(s, beside), "\u00a0", " ")
	}
	state := func(oldUsed, kept sim.Bytes, gc sim.Duration) *sim.Snapshot {
		s := &sim.Snapshot{Time: sim.Time(sim.Second), Events: 1, VirtualLive: 10000, GCPauseTotal: gc}
		s.Heap.OldCap = 1000 * sim.MB
		s.Heap.OldUsed = oldUsed
		s.Heap.OldLive[sim.CatThreadLocal] = kept
		return s
	}
	// Without a pool: none of the thread-local data in the old gen, or some.
	assert.Equal(t, "Each request gets a fresh virtual thread whose thread-local data dies with it, so none of it reaches the old gen. "+
		"The old gen is 0 % full; no Full GC yet.", caption(false, state(0, 0, 0), nil))
	assert.True(t, strings.HasPrefix(caption(false, state(10*sim.MB, sim.MB, 0), nil),
		"Each request gets a fresh virtual thread whose thread-local data dies with it (only 1 MB of it in the old gen)."))

	// The caches half the old gen's use: they pile up; under half: they
	// stay live, with their size so far (over an old gen mostly garbage,
	// "stay live" alone read as a contradiction).
	assert.Equal(t, "The 10,000 pooled virtual threads never end, so their thread-local caches pile up in the old gen (20 % of it so far); no Full GC yet.",
		caption(true, state(200*sim.MB, 100*sim.MB, 0), nil))
	assert.Equal(t, "The 10,000 pooled virtual threads never end, so their thread-local caches stay live (100 MB in the old gen so far); no Full GC yet.",
		caption(true, state(200*sim.MB, 100*sim.MB-1, 0), nil))
	assert.Equal(t, "The 10,000 pooled virtual threads never end, so their thread-local caches stay live; no Full GC yet.",
		caption(true, state(0, 0, 0), nil), "nothing kept")
	// The old gen half full: they fill it.
	assert.Equal(t, "The 10,000 pooled virtual threads never end, so their thread-local caches fill the old gen (50 % full); no Full GC yet.",
		caption(true, state(500*sim.MB, 400*sim.MB, 0), nil))
	// GC a tenth of the time exactly: its share is said; just under: not.
	assert.Equal(t, "The 10,000 pooled virtual threads never end, so their thread-local caches stay live: no Full GC yet, GC takes 10 % of the time.",
		caption(true, state(0, 0, 100*sim.Millisecond), nil))
	assert.Equal(t, "The 10,000 pooled virtual threads never end, so their thread-local caches stay live; no Full GC yet.",
		caption(true, state(0, 0, 100*sim.Millisecond-1), nil))

	// Beside the per-request run: the pair of shares, the young
	// GCs' part from half of the pooled run's share.
	beside := &sim.Snapshot{Time: sim.Time(sim.Second), GCPauseTotal: 150 * sim.Millisecond}
	s := state(800*sim.MB, 700*sim.MB, 300*sim.Millisecond)
	s.FullGCs, s.FullPauseTotal = 4, 150*sim.Millisecond
	assert.Equal(t, "The pooled virtual threads never end, so their thread-local caches fill the old gen: 4 Full GCs so far. "+
		"Young and Full GCs have stopped the pooled run 30 % of the time, the per-request run 15 %.", caption(true, s, beside))
	s.FullPauseTotal = 150*sim.Millisecond + 1
	assert.Contains(t, caption(true, s, beside), "GC has stopped the pooled run 30 % of the time, the per-request run 15 %.", "young under half: not named")
	s.FullPauseTotal = 150 * sim.Millisecond
	s.Heap.OldUsed = 400 * sim.MB
	s.Heap.OldLive[sim.CatThreadLocal] = 300 * sim.MB
	assert.Contains(t, caption(true, s, beside), "caches pile up in the old gen: 4 Full GCs so far.")
	// A compared run not yet under way: no pair.
	assert.NotContains(t, caption(true, s, &sim.Snapshot{}), "thread-per-request")
	// The pooled run's GC under a tenth: no pair either.
	s.GCPauseTotal = 99 * sim.Millisecond
	assert.NotContains(t, caption(true, s, beside), "thread-per-request")
}

// The old-gen-half moment: at half exactly, and what most of it is.
func TestPoolingOldGenHalfMoment(t *testing.T) {
	moment := func(oldUsed, kept sim.Bytes) []Moment {
		s := &sim.Snapshot{Time: sim.Time(sim.Second)}
		s.Heap.OldCap, s.Heap.OldUsed = 1000*sim.MB, oldUsed
		s.Heap.OldLive[sim.CatThreadLocal] = kept
		return momentsAt(Setup{Scenario: "vt-pooling", Knobs: map[string]string{"pool": "true"}}, s, OldGenHalf)
	}
	assert.Empty(t, moment(500*sim.MB-1, 0), "under half")
	got := moment(500*sim.MB, 250*sim.MB)
	if assert.Len(t, got, 1) {
		assert.Contains(t, got[0].Sentence, "most of it thread-local data that stays live as long as its thread")
	}
	got = moment(500*sim.MB, 250*sim.MB-1)
	if assert.Len(t, got, 1) {
		assert.Contains(t, got[0].Sentence, "most of it garbage, which only")
	}
	// Where the pooled threads' dropped StackChunks are most of the old
	// gen's garbage, it is named: readers asked why young GCs, which
	// promote those chunks, cost the pooled run more.
	dropped := func(dead sim.Bytes) []Moment {
		s := &sim.Snapshot{Time: sim.Time(sim.Second)}
		s.Heap.OldCap, s.Heap.OldUsed, s.Heap.OldGarbage = 1000*sim.MB, 500*sim.MB, 400*sim.MB
		s.Heap.OldLive[sim.CatThreadLocal] = 100 * sim.MB
		s.Chunks.OldDeadBytes = dead
		return momentsAt(Setup{Scenario: "vt-pooling", Knobs: map[string]string{"pool": "true"}}, s, OldGenHalf)
	}
	if got := dropped(200 * sim.MB); assert.Len(t, got, 1) {
		assert.Contains(t, got[0].Sentence, "most of it garbage, mostly old StackChunks the living pooled threads replaced with new ones, which only a Full GC frees")
	}
	if got := dropped(200*sim.MB - 1); assert.Len(t, got, 1) {
		assert.Contains(t, got[0].Sentence, "most of it garbage, which only")
	}
}

// More edges: nothing timed yet, a tenth exactly beside the other run,
// half full exactly beside it, and the abandoned-chunk moment.
func TestPoolingCaptionMoreEdges(t *testing.T) {
	caption := func(s, beside *sim.Snapshot) string {
		return strings.ReplaceAll(New(Setup{Scenario: "vt-pooling", Knobs: map[string]string{"pool": "true"}}).Caption(s, beside), "\u00a0", " ")
	}
	beside := &sim.Snapshot{Time: sim.Time(sim.Second), GCPauseTotal: 150 * sim.Millisecond}
	// Events but no time yet: no share, no pair.
	s := &sim.Snapshot{Events: 1, VirtualLive: 10000}
	assert.Equal(t, "The 10,000 pooled virtual threads never end, so their thread-local caches stay live; no Full GC yet.", caption(s, nil))
	assert.Equal(t, "The 10,000 pooled virtual threads never end, so their thread-local caches stay live; no Full GC yet.", caption(s, beside))
	// A tenth exactly, beside the other run: the pair.
	s = &sim.Snapshot{Time: sim.Time(sim.Second), Events: 1, VirtualLive: 10000, GCPauseTotal: 100 * sim.Millisecond}
	s.Heap.OldCap, s.Heap.OldUsed = 1000*sim.MB, 500*sim.MB
	s.Heap.OldLive[sim.CatThreadLocal] = 400 * sim.MB
	assert.Equal(t, "The pooled virtual threads never end, so their thread-local caches fill the old gen: no Full GC yet. "+
		"Young GCs have stopped the pooled run 10 % of the time, the per-request run 15 %.", caption(s, beside))

	abandoned := func(dead int) bool {
		s := &sim.Snapshot{Time: sim.Time(sim.Second)}
		s.Chunks.OldDead = dead
		return len(momentsAt(Setup{Scenario: "vt-pooling", Knobs: map[string]string{"pool": "true"}}, s, ChunkAbandoned)) > 0
	}
	assert.False(t, abandoned(0))
	assert.True(t, abandoned(1))
}
