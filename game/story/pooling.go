package story

import (
	"strings"

	"github.com/loomlab/loomlab/sim"
)

// poolingStory (vt-pooling): pooled virtual threads live for the whole
// run, so whatever each keeps per thread (a cache, a buffer) stays live and
// fills the old generation; the collector runs out of room and Full GCs
// take the time. Their StackChunks, once promoted, are dropped for fresh
// ones and add old-gen garbage.
type poolingStory struct{}

// drawsContrast: the picture draws the thread-per-request case's old gen and GC share under the pooled ones.
func (poolingStory) drawsContrast() bool { return true }

func (poolingStory) kinds() []Kind {
	return []Kind{OldGenHalf, ChunkAbandoned, C2Compiled, FirstFullGC, FullGCFreesLittle, FullGCsSteady}
}

func (poolingStory) caption(f *facts) string {
	if !f.knobBool("pool") {
		return poolingCause(f) + " " + gcSentence(f)
	}
	out := pooledCause(f) + "."
	switch {
	case f.s.Paused && f.s.PauseFull:
		// The one Full GC the heap's count cannot show yet: the one
		// under way, which is what the moment stopped for.
		out += " A Full GC (of the whole heap) is running now."
	}
	return out
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

// pooledCause: the lesson as one chain, cause to cost, with one number
// per link: threads that never end, caches that stay, the old gen they
// fill, the time GC takes. (A lead sentence, then the cause with the
// old gen's fill, then the pause under way and the Full GCs before it
// were three lines a reader did not finish in ten seconds; the pause
// under way is the heap's banner.) The Full GCs are counted beside the
// old gen they empty, in the heap: a third claim here made the headline
// a sentence a reader did not finish.
func pooledCause(f *facts) string {
	s := f.s
	h := f.old() // the bar's numbers, as drawn during a Full GC's pause
	kept := h.OldLive[sim.CatThreadLocal]
	paired := f.beside != nil && f.beside.Time > 0 && s.Time > 0 && 10*s.GCPauseTotal >= sim.Duration(s.Time)
	out := "The " + counti(s.VirtualLive) + " pooled virtual threads never end, so their thread-local caches"
	if paired {
		// The pooled run's column title counts them: one number fewer
		// in a headline readers found packed with numbers.
		out = "The pooled virtual threads never end, so their thread-local caches"
	}
	if kept > 0 && 2*kept >= h.OldUsed {
		// "stay live and fill": one verb is enough, and it keeps the
		// chain on one line of the desktop canvas.
		// "fill" only once it is at least half full: "fill the old gen
		// (27 % full)" read as a contradiction.
		// Beside the compared run, the two columns' bars say each fill:
		// the caption keeps the chain and the pair of shares.
		fill := percent(float64(h.OldUsed), float64(h.OldCap))
		switch {
		case 2*h.OldUsed >= h.OldCap && paired:
			out += " fill the old gen"
		case 2*h.OldUsed >= h.OldCap:
			out += " fill the old gen (" + fill + " full)"
		case paired:
			out += " pile up in the old gen"
		default:
			out += " pile up in the old gen (" + fill + " of it so far)"
		}
	} else if kept > 0 {
		// Their size so far: "caches stay live" over an old gen mostly
		// grey garbage read as a contradiction to a newcomer; the pink
		// block is small yet, and it is the part no GC frees.
		out += " stay live (" + size(kept) + " in the old gen so far)"
	} else {
		out += " stay live"
	}
	// The Full GCs are the cost the story is about: said from the start
	// ("no Full GC yet"), then counted, ahead of the GC time they drive.
	full := "no Full GC yet"
	if s.FullGCs > 0 {
		full = count(s.FullGCs) + " Full " + plural(s.FullGCs, "GC", "GCs") + " so far"
	}
	switch {
	case paired:
		// The pair the picture draws (each run's column ends with its
		// share and its Full GCs), said as plainly and once: readers
		// asked for a shorter headline once the marks carry the pair.
		// Two runs' shares as a plain pair: "33 %, 15 % with a new
		// thread per request" read as 15 % being part of 33 %.
		// Each share keeps its number with its "%" (a no-break space):
		// "37" ending one line and "%" opening the next read as two figures.
		// The Full GCs stay named ahead of the pair: they are the cost the
		// story is about, and the caption is what a screen reader and an
		// embed without the picture's columns get.
		nb := func(share string) string { return strings.ReplaceAll(share, " ", "\u00a0") }
		// Two sentences, the cause then the cost: one sentence joined by
		// a semicolon read as two packed lines.
		out += ": " + full + ". " + gcStopper(s) + " the pooled run " + nb(f.gcShare()) + " of the time, the per-request run " + nb(gcShareOf(f.beside))
	case s.Time > 0 && 10*s.GCPauseTotal >= sim.Duration(s.Time):
		out += ": " + full + ", GC takes " + f.gcShare() + " of the time"
	default:
		out += "; " + full
	}
	return out
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
	oldGenHalf(f, pooled)
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
	if found := f.old(); pooled && f.s.PauseFull && found.OldLive[sim.CatThreadLocal] > 0 {
		why = "The live data is mostly the pooled threads' thread-local data, which no GC can free while its thread lives."
	} else if live := f.t.fullLive; pooled && live > 0 && h.OldCap > 0 {
		why = "That is " + percent(float64(live), float64(h.OldCap)) + " of the old gen, mostly the pooled threads' thread-local data, which no GC can free while its thread lives."
	}
	firstFullGC(f, why)
	fullGCFreesLittle(f)
	fullGCsSteady(f)
}

// gcStopper names the collections that made s's share stopped for GC, as
// the subject of "… have stopped the pooled run 33 % of the time" (so
// far: "stop … 32 %" read as the run's lasting share, and a reader of stop
// 68 checked it against the article's −34 % at 30–60 s): readers took
// the share for the Full GCs' alone, when the young GCs (longer than the
// other run's) were most of it. "GC stops the pooled run 33 % (mostly
// young GCs)" then had four readers of stop 46 asking which was the real
// cost, young or Full, in a story about Full GCs: "Young and Full GCs"
// says both are, without ranking them. Said without a number: "(young
// GCs 23 %)" left a reader asking whether that was part of the 33 % or
// on top of it. The words kept with their verb (no-break spaces): the
// second sentence's first word alone at the first line's end hid where
// the cost begins.
func gcStopper(s *sim.Snapshot) string {
	young := s.GCPauseTotal - s.FullPauseTotal
	switch {
	case s.GC == sim.GCG1:
		// G1's remarks are pauses too, not young GCs.
		return "GC\u00a0has\u00a0stopped"
	case s.FullGCs == 0 && young > 0:
		// Beside "no Full GC yet", "GC stops the pooled run 28 %" left a
		// newcomer asking which collections stopped it.
		return "Young\u00a0GCs\u00a0have\u00a0stopped"
	case s.FullGCs > 0 && s.Time > 0 && 2*young >= s.GCPauseTotal:
		return "Young\u00a0and\u00a0Full\u00a0GCs\u00a0have\u00a0stopped"
	}
	return "GC\u00a0has\u00a0stopped"
}
