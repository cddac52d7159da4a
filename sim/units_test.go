package sim

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// queued is an event a queue test pushed: when it is due and its place
// among events due at that time.
type queued struct {
	at  Time
	seq uint64
}

// popEarliest pops q and checks it gave the earliest of all by (time,
// sequence), which it removes from all; it returns the event.
func popEarliest(t *testing.T, q *eventQueue, all *[]queued) event {
	t.Helper()
	e := q.pop()
	w := *all
	k := 0
	for i, x := range w {
		if x.at < w[k].at || x.at == w[k].at && x.seq < w[k].seq {
			k = i
		}
	}
	require.Equal(t, w[k].at, e.at)
	require.Equal(t, w[k].seq, e.seq())
	*all = slices.Delete(w, k, k+1)
	return e
}

func TestEventQueueOrdersByTimeThenSequence(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var q eventQueue
	var all []queued
	now := Time(0)
	for i := 0; i < 5000; i++ {
		switch r.IntN(3) {
		case 0:
			at := now + Time(r.IntN(1000))
			q.push(at, evWake, int32(i), 0)
			all = append(all, queued{at, q.seq})
		case 1:
			d := Duration(r.IntN(3) * 100) // few distinct delays: lanes
			q.pushAfter(now, d, evWake, int32(i), 0)
			all = append(all, queued{now.Add(d), q.seq})
		case 2:
			if q.len() > 0 {
				now = popEarliest(t, &q, &all).at
			}
		}
	}
	assert.Equal(t, len(all), q.len())
}

// The queue's pending set changes form (sorted list, heap) as it grows past
// sortedMax and shrinks to sortedBack; the order of events must not depend
// on the form. Phases of mostly pushes and mostly pops cross both sizes many
// times, with equal times (order by seq) and lanes mixed in.
func TestEventQueueOrderAcrossForms(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var q eventQueue
	var all []queued
	now := Time(0)
	forms := map[bool]int{}
	for round := 0; round < 40; round++ {
		grow := round%2 == 0
		for i := 0; i < 120; i++ {
			op := r.IntN(4) // pushes 3 in 4
			if !grow && op != 0 {
				op = 2 // pops 3 in 4
			}
			switch {
			case op == 0 || op == 3:
				at := now + Time(r.IntN(50))
				q.push(at, evWake, int32(i), 0)
				all = append(all, queued{at, q.seq})
			case op == 1:
				d := Duration(r.IntN(3) * 20)
				q.pushAfter(now, d, evWake, int32(i), 0)
				all = append(all, queued{now.Add(d), q.seq})
			default:
				if q.len() == 0 {
					continue
				}
				forms[q.heaped]++
				now = popEarliest(t, &q, &all).at
			}
		}
	}
	assert.Equal(t, len(all), q.len())
	assert.Greater(t, forms[true], 100, "pops from the heap form")
	assert.Greater(t, forms[false], 100, "pops from the sorted form")
}

// A stop-the-world pause defers each event due inside it to its end
// (Advance): thousands in a long pause. They wait in a lane of their own
// (pushDeferred), in order with everything else, and never turn h into a
// heap. Here pauses of up to 400 deferred events follow one another, some
// starting the moment the one before ends, while a few events per core
// stay in h and lanes keep their delays.
func TestDeferredEventsWaitInALane(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var q eventQueue
	var all []queued
	now, pauseEnd := Time(0), Time(0)
	deferred := 0
	for i := 0; i < 20000; i++ {
		switch op := r.IntN(10); {
		case op == 0 && len(q.h) < 8:
			at := now + Time(r.IntN(500))
			q.push(at, evSliceEnd, int32(i), 0)
			all = append(all, queued{at, q.seq})
		case op <= 4:
			d := Duration(r.IntN(4) * 100)
			q.pushAfter(now, d, evWake, int32(i), 0)
			all = append(all, queued{now.Add(d), q.seq})
		case op == 5 && now >= pauseEnd-1 && r.IntN(20) == 0:
			// A pause starts now or where the current one ends.
			pauseEnd = max(now, pauseEnd) + Time(50+r.IntN(400))
		default:
			if q.len() == 0 {
				continue
			}
			e := popEarliest(t, &q, &all)
			now = e.at
			if now < pauseEnd && e.kind() == evWake {
				q.pushDeferred(pauseEnd, e.kind(), e.a, e.b)
				all = append(all, queued{pauseEnd, q.seq})
				deferred++
			}
		}
		require.False(t, q.heaped, "h turned into a heap at step %d (%d events in it)", i, len(q.h))
	}
	assert.Equal(t, len(all), q.len())
	assert.Greater(t, deferred, 2000, "events deferred by pauses")
}

func TestFIFO(t *testing.T) {
	var f fifo
	for i := int32(0); i < 100; i++ {
		f.push(i)
	}
	for i := int32(0); i < 50; i++ {
		require.Equal(t, i, f.pop())
	}
	require.True(t, f.remove(70))
	require.False(t, f.remove(70))
	assert.Equal(t, 49, f.len())
	assert.Equal(t, int32(50), f.at(0))
}

func TestDeterministicMath(t *testing.T) {
	for _, x := range []float64{1e-9, 0.001, 0.3, 0.5, 1, 2, 3.7, 1000, 1e12} {
		assert.InDelta(t, math.Log(x), detLog(x), 1e-12*math.Max(1, math.Abs(math.Log(x))), "log %v", x)
	}
	for _, x := range []float64{-20, -1, -0.1, 0, 0.2, 1, 5, 30} {
		assert.InEpsilon(t, math.Exp(x), detExp(x), 1e-13, "exp %v", x)
	}
	// The normal quantile is accurate to ~1e-9 (Acklam).
	assert.InDelta(t, 1.6448536269514729, invNormal(0.95), 1e-8)
	assert.InDelta(t, -2.3263478740408408, invNormal(0.01), 1e-8)
	assert.InDelta(t, 0, invNormal(0.5), 1e-12)
}

func TestDistributions(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	n := 20000
	mean := func(d Dist) float64 {
		var sum float64
		for i := 0; i < n; i++ {
			v := d.Sample(r)
			require.GreaterOrEqual(t, v, Duration(0))
			sum += float64(v)
		}
		return sum / float64(n)
	}
	assert.Equal(t, Duration(5), Const(5).Sample(r))
	assert.InEpsilon(t, float64(Millisecond), mean(Exp(Millisecond)), 0.03)
	assert.InEpsilon(t, 150.0, mean(Uniform(100, 200)), 0.02)
	// A lognormal's mean is median × e^(σ²/2): 100 ms × e^0.125 = 113.31 ms
	// (worked out here, not by the estimator the model also uses).
	ln := LogNormal(0, 100*Millisecond, 0.5, 0)
	assert.InEpsilon(t, 113.3148*float64(Millisecond), mean(ln), 0.03)
	assert.InEpsilon(t, 113.3148*float64(Millisecond), float64(ln.MeanEstimate()), 1e-4)
	assert.Error(t, Dist{}.Validate())
	assert.Error(t, Uniform(5, 1).Validate())
}

func TestHistogramQuantiles(t *testing.T) {
	var h histogram
	for i := 1; i <= 10000; i++ {
		h.add(Duration(i) * Microsecond)
	}
	assert.InEpsilon(t, float64(5000*Microsecond), float64(h.quantile(0.5)), 0.02)
	assert.InEpsilon(t, float64(9500*Microsecond), float64(h.quantile(0.95)), 0.02)
	assert.Equal(t, 10000*Microsecond, h.quantile(1))
	var empty histogram
	assert.Equal(t, Duration(0), empty.quantile(0.5))
}

// The freeze decision of continuationFreezeThaw.cpp, as docs/model.md states
// it: reuse in place only if the chunk has room, is not in GC mode and does
// not need barriers (is young); the reuse fix (Serial/Parallel only) also
// reuses an empty GC-mode chunk with room.
func TestFreezeInPlaceRules(t *testing.T) {
	chunk := func(capacity, used Words, gcMode bool) *stackChunk {
		return &stackChunk{capacity: capacity, used: used, gcMode: gcMode}
	}
	cases := []struct {
		name      string
		c         *stackChunk
		need      Words
		young     bool
		fix       bool
		gc        GCKind
		ok, byFix bool
	}{
		{"no chunk yet", nil, 100, true, false, GCParallel, false, false},
		{"young with room", chunk(302, 0, false), 300, true, false, GCParallel, true, false},
		{"young without room", chunk(301, 0, false), 300, true, false, GCParallel, false, false},
		{"room counts frames already there", chunk(600, 300, false), 299, true, false, GCParallel, false, false},
		{"old chunk needs barriers", chunk(1149, 0, false), 286, false, false, GCParallel, false, false},
		{"GC mode", chunk(1149, 0, true), 286, false, false, GCParallel, false, false},
		{"fix reuses empty GC-mode chunk", chunk(1149, 0, true), 286, false, true, GCParallel, true, true},
		{"fix on Serial", chunk(1149, 0, true), 286, false, true, GCSerial, true, true},
		{"fix not for G1", chunk(1149, 0, true), 286, false, true, GCG1, false, false},
		{"fix needs an empty chunk", chunk(1149, 10, true), 286, false, true, GCParallel, false, false},
		{"fix needs room", chunk(200, 0, true), 286, false, true, GCParallel, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ok, byFix := canFreezeInPlace(c.c, c.need, c.young, c.fix && collectorFor(c.gc).reuseFix())
			assert.Equal(t, c.ok, ok)
			assert.Equal(t, c.byFix, byFix)
		})
	}
}

func TestChunkBytes(t *testing.T) {
	// 1,149 words ≈ 9.2 KB and 288 words ≈ 2.3 KB, as the article reports.
	assert.InDelta(t, 9.3*1024, float64(chunkBytes(1149, 48)), 300)
	assert.InDelta(t, 2.35*1024, float64(chunkBytes(288, 48)), 100)
	assert.Zero(t, chunkBytes(288, 48)%8)
}

func TestJITTiers(t *testing.T) {
	m := []Method{{Name: "m", Frame: [5]Words{100, 60, 61, 62, 20}}}
	j := newJIT(JITConfig{Enabled: true, Tier3Invocations: 3, Tier4Invocations: 5, StopAtLevel: 4}, m)
	var queued []Tier
	for i := 0; i < 3; i++ {
		run, q, d := j.invoke(0)
		assert.Equal(t, TierInterp, run)
		if d >= 0 {
			queued = append(queued, q)
		}
	}
	require.Equal(t, []Tier{TierC1Full}, queued)
	_, _, d := j.invoke(0)
	assert.Less(t, d, Duration(0), "nothing more is queued while a compilation is pending")
	j.install(0, TierC1Full, 10)
	for i := 0; i < 4; i++ {
		run, _, d := j.invoke(0)
		assert.Equal(t, TierC1Full, run)
		assert.Less(t, d, Duration(0))
	}
	_, q, d := j.invoke(0)
	assert.Equal(t, TierC2, q)
	assert.GreaterOrEqual(t, d, Duration(0))
	j.install(0, TierC2, 20)
	assert.True(t, j.final(0))

	c1 := newJIT(JITConfig{Enabled: true, Tier3Invocations: 1, Tier4Invocations: 1, StopAtLevel: 1}, m)
	_, q, _ = c1.invoke(0)
	assert.Equal(t, TierC1Simple, q, "TieredStopAtLevel=1 compiles at level 1")
	c1.install(0, q, 1)
	for i := 0; i < 10; i++ {
		_, _, d := c1.invoke(0)
		assert.Less(t, d, Duration(0), "no C2 when capped at level 1")
	}
	assert.True(t, c1.final(0))
}

func TestAdaptivePaddedAverage(t *testing.T) {
	a := avgPadded{weight: 10, padding: 3}
	for i := 0; i < 100; i++ {
		a.sample(10)
	}
	assert.InDelta(t, 10, a.avg, 1e-6)
	assert.InDelta(t, 10, a.padded(), 1e-3)
	a.sample(110)
	assert.Greater(t, a.padded(), a.avg+20, "a spike pads the average by its deviation")
}
