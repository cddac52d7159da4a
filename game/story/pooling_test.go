package story

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// pooledFacts is vt-pooling's pooled case told by hand at 1 s: 1,000
// threads, a 100 MB old gen holding used bytes, kept of them the threads'
// caches, and gc of the second stopped for GC; beside, when its gc is not
// negative, the per-request run at the same time.
func pooledFacts(used, kept sim.Bytes, gc, besideGC sim.Duration) *facts {
	s := &sim.Snapshot{Time: sim.Time(sim.Second), VirtualLive: 1000, GCPauseTotal: gc}
	s.Heap.OldCap, s.Heap.OldUsed = 100*sim.MB, used
	s.Heap.OldLive[sim.CatThreadLocal] = kept
	f := &facts{s: s, knobs: map[string]string{"pool": "true"}, t: New(Setup{Scenario: "vt-pooling"})}
	if besideGC >= 0 {
		f.beside = &sim.Snapshot{Time: sim.Time(sim.Second), GCPauseTotal: besideGC}
	}
	return f
}

// The pooled caption's chain, case by case: the caches "fill" the old gen
// only once it is half full and they are most of it, else they "pile up"
// or "stay live"; the pair of GC shares is stated only beside the compared
// run and once GC takes a tenth of the time, else the run's own share, or
// nothing but the Full GCs.
func TestPooledCaptionFollowsTheFillAndThePair(t *testing.T) {
	// Paired, the pooled column's title counts the threads: the
	// caption does not.
	const lead = "The 1,000 pooled virtual threads never end, so their thread-local caches "
	const pairedLead = "The pooled virtual threads never end, so their thread-local caches "
	ms := sim.Millisecond
	for _, c := range []struct {
		name string
		f    *facts
		want string
	}{
		{"half full, paired", pooledFacts(60*sim.MB, 50*sim.MB, 200*ms, 100*ms),
			pairedLead + "fill the old gen: no Full GC yet. Young\u00a0GCs\u00a0have\u00a0stopped the pooled run 20\u00a0% of the time, the per-request run 10\u00a0%"},
		{"under half, paired", pooledFacts(40*sim.MB, 30*sim.MB, 200*ms, 100*ms),
			pairedLead + "pile up in the old gen: no Full GC yet. Young\u00a0GCs\u00a0have\u00a0stopped the pooled run 20\u00a0% of the time, the per-request run 10\u00a0%"},
		{"half full, alone", pooledFacts(60*sim.MB, 50*sim.MB, 200*ms, -1), lead + "fill the old gen (60 % full): no Full GC yet, GC takes 20 % of the time"},
		{"under half, alone", pooledFacts(40*sim.MB, 30*sim.MB, 200*ms, -1), lead + "pile up in the old gen (40 % of it so far): no Full GC yet, GC takes 20 % of the time"},
		{"GC under a tenth, beside the other run", pooledFacts(60*sim.MB, 50*sim.MB, 50*ms, 20*ms), lead + "fill the old gen (60 % full); no Full GC yet"},
		{"caches not most of the old gen", pooledFacts(60*sim.MB, 20*sim.MB, 50*ms, -1), lead + "stay live (20 MB in the old gen so far); no Full GC yet"},
	} {
		if got := pooledCause(c.f); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// The pooling moments' reasons follow the run: with a pool the old gen
// passed half full with caches that stay live, and C2's smaller frames do
// not shrink the chunks the pooled threads already have; without one the
// old gen is garbage a Full GC frees, and fresh threads get the smaller
// chunks.
func TestPoolingMomentsGiveTheRunsReasons(t *testing.T) {
	tell := func(pool string, kept sim.Bytes) map[Kind]string {
		tl := New(Setup{Scenario: "vt-pooling", Knobs: map[string]string{"pool": pool}})
		s := &sim.Snapshot{}
		tl.Observe(s, nil)
		s.Time = sim.Time(100 * sim.Millisecond)
		s.Heap.OldCap, s.Heap.OldUsed, s.Heap.OldGarbage = 100*sim.MB, 60*sim.MB, 60*sim.MB-kept
		s.Heap.OldLive[sim.CatThreadLocal] = kept
		c2 := sim.Event{At: sim.Time(90 * sim.Millisecond), Kind: sim.EvTier, A: 3, B: int64(sim.TierC2)}
		said := map[Kind]string{}
		for _, m := range tl.Observe(s, []sim.Event{c2}) {
			said[m.Kind] = m.Sentence
		}
		return said
	}
	pooled := tell("true", 50*sim.MB)
	contains(t, "pooled, old gen half full", pooled[OldGenHalf], "thread-local data that stays live as long as its thread")
	contains(t, "pooled, C2", pooled[C2Compiled], "C2 compiled hot request code at 90 ms", "pooled threads keep the larger chunks")
	fresh := tell("false", 0)
	contains(t, "thread per request, old gen half full", fresh[OldGenHalf], "most of it garbage, which only a Full GC frees")
	contains(t, "thread per request, C2", fresh[C2Compiled], "a fresh thread's chunk fits them")
}

// A Full GC frees little once at least half the old gen stays live after
// it: told when its pause is over (the bar then shows what stayed), at
// the Full GC's own time, with the cause when the threads' data is most of
// what stayed; a Full GC that kept less than half is not the moment.
func TestFullGCFreesLittleWaitsForWhatStayed(t *testing.T) {
	tl := New(Setup{Scenario: "vt-pooling", Knobs: map[string]string{"pool": "true"}})
	s := &sim.Snapshot{}
	tl.Observe(s, nil)
	kinds := func(ms []Moment) map[Kind]string {
		said := map[Kind]string{}
		for _, m := range ms {
			said[m.Kind] = m.Sentence
		}
		return said
	}
	full := func(at sim.Duration, kept sim.Bytes) []sim.Event {
		s.FullGCs++
		s.Heap.OldAfterLastFull = kept
		return []sim.Event{{At: sim.Time(at), Kind: sim.EvGCFull, A: int64(kept)}}
	}
	s.Heap.OldCap = 100 * sim.MB
	s.Heap.OldLive[sim.CatThreadLocal] = 45 * sim.MB
	// A Full GC that kept 45 % of the old gen: not the moment.
	s.Time = sim.Time(100 * sim.Millisecond)
	if said := kinds(tl.Observe(s, full(90*sim.Millisecond, 45*sim.MB))); said[FullGCFreesLittle] != "" {
		t.Errorf("a Full GC that kept 45 %% told as freeing little: %q", said[FullGCFreesLittle])
	}
	// One that kept 60 %, seen in its pause: wait for the pause to end.
	s.Time, s.Paused, s.PauseFull = sim.Time(200*sim.Millisecond), true, true
	s.Heap.OldLive[sim.CatThreadLocal] = 50 * sim.MB
	if said := kinds(tl.Observe(s, full(195*sim.Millisecond, 60*sim.MB))); said[FullGCFreesLittle] != "" {
		t.Errorf("told during the Full GC's pause: %q", said[FullGCFreesLittle])
	}
	s.Time, s.Paused, s.PauseFull = sim.Time(220*sim.Millisecond), false, false
	contains(t, "after the pause", kinds(tl.Observe(s, nil))[FullGCFreesLittle],
		"At 195 ms: a Full GC could not empty the old gen: over half of it stayed live, mostly thread-local data")
}

// The Full GCs are steady once each has kept what the one before it kept
// (within a hundredth of the old gen, and at least half of it) for a
// second: told then, with what they keep and how often they come; a Full
// GC that keeps more again starts the second over.
func TestFullGCsSteadyWaitsASecondOfTheSame(t *testing.T) {
	tl := New(Setup{Scenario: "vt-pooling", Knobs: map[string]string{"pool": "true"}})
	s := &sim.Snapshot{}
	tl.Observe(s, nil)
	s.Heap.OldCap = 100 * sim.MB
	ms := func(n int) sim.Time { return sim.Time(sim.Duration(n) * sim.Millisecond) }
	// Full GCs every 150 ms from 300 ms: their live data grows by 5 MB
	// each time to 70 MB at 1.5 s, then stays within 1 MB of it, but for
	// one at 1.95 s that keeps 3 MB more, which starts the second over.
	var told []Moment
	kept := sim.Bytes(0)
	for at := 300; at <= 3600; at += 150 {
		k := 30*sim.MB + sim.Bytes((at-300)/150)*5*sim.MB
		switch {
		case at >= 1950 && at < 2100:
			k = 73 * sim.MB
		case at >= 1500:
			k = 70*sim.MB + sim.Bytes(at%300)*sim.KB
		}
		s.Heap.FullBeforeAt, s.Heap.OldAfterFullBefore = s.Heap.LastFullAt, kept
		s.Heap.LastFullAt, s.Heap.OldAfterLastFull, kept = ms(at), k, k
		s.FullGCs++
		s.Time = ms(at + 20)
		for _, m := range tl.Observe(s, nil) {
			if m.Kind == FullGCsSteady {
				told = append(told, m)
			}
		}
	}
	if len(told) != 1 {
		t.Fatalf("told %d times: %v", len(told), told)
	}
	// Steady from 1.5 s until 1.95 s's 73 MB, and again from 2.1 s (whose
	// 70 MB the next kept): a second on is 3.1 s, seen at the next
	// observation, 3.17 s.
	if told[0].At != ms(3170) {
		t.Errorf("told at %v", told[0].At)
	}
	contains(t, "steady", told[0].Sentence, "Since 2.1 s every Full GC has kept the same live data", "one every 150 ms")
}
