package story

import "github.com/loomlab/loomlab/sim"

// poolingStory (vt-pooling): pooled virtual threads live for the whole
// run, so whatever each keeps per thread (a cache, a buffer) stays live and
// fills the old generation; the collector runs out of room and Full GCs
// take the time. Their StackChunks, once promoted, are dropped for fresh
// ones and add old-gen garbage.
type poolingStory struct{}

func (poolingStory) kinds() []Kind {
	return []Kind{OldGenHalf, ChunkAbandoned, C2Compiled, FirstFullGC}
}

func (poolingStory) caption(f *facts) string {
	if !f.knobBool("pool") {
		return poolingCause(f) + " " + gcSentence(f)
	}
	// One short plain sentence first, the lesson as it stands now; then
	// the numbers behind it. (A single long paragraph with the pause, the
	// fill, the Full GCs and the share in one sentence was too dense.)
	lead := pooledLead(f)
	if lead != "" {
		lead += " "
	}
	return lead + pooledCause(f) + pauseNow(f)
}

// poolingCause: why the old gen holds what it holds, without a pool.
func poolingCause(f *facts) string {
	kept := f.s.Heap.OldLive[sim.CatThreadLocal]
	if kept == 0 {
		return "Each request gets a fresh virtual thread whose thread-local data dies with it, so none of it reaches the old gen."
	}
	return "Each request gets a fresh virtual thread whose thread-local data dies with it (only " + size(kept) +
		" of it in the old gen)."
}

// pooledLead: what the pool is doing to the collector, in a few words,
// once it is doing something; "" before.
func pooledLead(f *facts) string {
	s := f.s
	kept := s.Heap.OldLive[sim.CatThreadLocal]
	fills := kept > 0 && 2*kept >= s.Heap.OldUsed
	costly := s.Time > 0 && 10*s.GCPauseTotal >= sim.Duration(s.Time)
	switch {
	case fills && costly:
		return "GC takes " + f.gcShare() + " of the time: the pooled threads' caches fill the old gen."
	case fills:
		return "The pooled threads' caches are filling the old gen."
	case costly:
		return "GC takes " + f.gcShare() + " of the time."
	}
	// Nothing to lead with yet: the cause below is the first sentence
	// (a lead saying the same in other words read as repetition).
	return ""
}

// pooledCause: why the caches stay, with their size and the old gen's
// fill.
func pooledCause(f *facts) string {
	s := f.s
	kept := s.Heap.OldLive[sim.CatThreadLocal]
	// (The caches' size is written on the old gen's bar; here only the
	// fill, the number the lesson turns on.)
	// (No final stop: pauseNow ends the sentence or starts the next.)
	out := "The " + counti(s.VirtualLive) + " pooled virtual threads never end, so each one's thread-local cache stays live"
	if kept == 0 {
		return out
	}
	return out + ": the old gen is " + percent(float64(s.Heap.OldUsed), float64(s.Heap.OldCap)) + " full"
}

// pauseNow ends pooledCause's sentence: a pause under way gets a
// sentence of its own, with the Full GCs before it told apart ("5 Full
// GCs so far" beside a young pause read as this pause being a Full GC);
// otherwise the Full GCs so far close the sentence. (That every thread
// is stopped, the lanes and the heap's banner show.)
func pauseNow(f *facts) string {
	s := f.s
	fulls := count(s.FullGCs) + " Full " + plural(s.FullGCs, "GC", "GCs") + " (of the whole heap)"
	switch {
	case s.Paused && s.PauseFull:
		// Counted with the one running ("1 Full GC so far"), so a reader
		// paused in the first one still learns how many there have been.
		return ". A Full GC (of the whole heap) is running now, " + count(s.FullGCs) + " Full " + plural(s.FullGCs, "GC", "GCs") + " so far: every thread is stopped."
	case s.Paused && s.FullGCs > 0:
		return ". A young GC is running now; " + fulls + " came before it."
	case s.Paused:
		return ". A young GC is running now; no Full GC yet."
	case s.FullGCs > 0:
		return "; " + fulls + " so far."
	}
	return "; no Full GC yet."
}

func (poolingStory) finished(f *facts) string {
	s := f.s
	return count(s.RequestsDone) + " requests served in " + duration(sim.Duration(s.Time)) + ", with " +
		count(s.FullGCs) + " Full " + plural(s.FullGCs, "GC", "GCs") + "; GC pauses took " + f.gcShare() + " of the time."
}

func (poolingStory) moments(f *facts) {
	s := f.s
	h := &s.Heap
	pooled := f.knobBool("pool")
	if f.want(OldGenHalf) && h.OldCap > 0 && 2*h.OldUsed >= h.OldCap {
		kept := h.OldLive[sim.CatThreadLocal]
		// No sizes here: the caption gives them, and a second set of
		// numbers beside it was more than a newcomer could take in.
		why := "most of it garbage that " + oldFreer(f) + " will free"
		if 2*kept >= h.OldUsed {
			why = "most of it thread-local data that stays live as long as its thread"
		}
		// "passed half full", not "is more than half full": the callout
		// stays while the caption's percentage grows (82 % beside "more
		// than half" read as two figures).
		f.moment(OldGenHalf, s.Time, "The old gen passed half full: "+why+".")
	}
	if pooled && f.want(ChunkAbandoned) && s.Chunks.OldDead > 0 {
		f.moment(ChunkAbandoned, s.Time, "A pooled thread's StackChunk was promoted to the old gen; at its next park the thread froze into a fresh "+
			"young chunk and dropped the old one, which stays as old-gen garbage until "+oldFreer(f)+" ("+counti(s.Chunks.OldDead)+" such chunks now).")
	}
	if f.want(C2Compiled) {
		for i := range f.ev {
			if e := &f.ev[i]; e.Kind == sim.EvTier && sim.Tier(e.B) == sim.TierC2 {
				why := "new frames are smaller, and a fresh thread's chunk fits them."
				if pooled {
					why = "its frames are smaller now, but a chunk keeps the capacity it was given, so pooled threads keep the larger chunks they got before."
				}
				f.moment(C2Compiled, e.At, "C2 compiled hot request code at "+duration(sim.Duration(e.At))+": "+why)
				break
			}
		}
	}
	why := ""
	if live := f.t.fullLive; pooled && live > 0 && h.OldCap > 0 {
		why = "That is " + percent(float64(live), float64(h.OldCap)) + " of the old gen, mostly the pooled threads' thread-local data, which no GC can free while its thread lives."
	}
	firstFullGC(f, why)
}
