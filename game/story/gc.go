package story

import (
	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// Sentences about the heap and the collector that several stories share.

// oldGenSentence says how full the old generation is and, when one kind
// of live data is most of it, what ("the old gen is 82 % full, 549 MB of
// it thread-local data"). One part only: a caption that listed every part
// so they summed to the used size had more numbers than a newcomer takes
// in at a glance, and the heap panel's explanation lists them all.
func oldGenSentence(f *facts) string {
	h := &f.s.Heap
	out := "the old gen is " + percent(float64(h.OldUsed), float64(h.OldCap)) + " full"
	if h.OldCap <= 0 || h.OldUsed <= 0 {
		return out
	}
	for _, c := range oldGenKinds {
		if b := h.OldLive[c.cat]; b > 0 && 2*b >= h.OldUsed {
			return out + ", " + size(b) + " of it " + c.words
		}
	}
	if 2*h.OldGarbage >= h.OldUsed {
		return out + ", most of it garbage"
	}
	return out
}

// oldGenKinds names the heap's data kinds in a caption's words.
var oldGenKinds = [...]struct {
	cat   sim.AllocCat
	words string
}{
	{sim.CatThreadLocal, "thread-local data"},
	{sim.CatRequest, "request data"},
	{sim.CatApp, "application data"},
	{sim.CatChunk, "StackChunks"},
	{sim.CatThread, "Thread objects"},
}

// oldFreer names what frees old-gen garbage: only a Full GC under Serial
// and Parallel; G1's mixed collections free old regions too.
func oldFreer(f *facts) string {
	if f.s.GC == sim.GCG1 {
		return "a mixed or Full collection"
	}
	return "a Full GC"
}

// gcSentence: the pause now (if any), the old gen's fill, the Full GCs
// so far and the share of time stopped — e.g. "A young GC has stopped
// every thread: the old gen is 82 % full, 5 Full GCs so far, and GC pauses
// have taken 33 % of the time".
func gcSentence(f *facts) string {
	s := f.s
	out := ""
	youngNow := s.Paused && !s.PauseFull
	switch {
	case s.Paused && s.PauseFull:
		out = "A Full GC (of the whole heap) has stopped every thread: "
	case youngNow:
		out = "A young GC (of eden and survivors only) has stopped every thread: "
	}
	og := oldGenSentence(f)
	if out == "" {
		og = upper(og)
	}
	out += og
	sep := "; "
	switch {
	case s.FullGCs > 0 && youngNow:
		// Which pause is which: "5 Full GCs so far" beside a young pause
		// read as this pause being a Full GC; the sentence already opens
		// with "A young GC", so it is not named twice.
		out += sep + count(s.FullGCs) + " Full " + plural(s.FullGCs, "GC", "GCs") + " (whole-heap collections) came before this young one"
	case s.FullGCs > 0:
		out += sep + count(s.FullGCs) + " Full " + plural(s.FullGCs, "GC", "GCs") + " so far"
	default:
		out += sep + "no Full GC yet"
	}
	if s.GCPauseTotal > 0 {
		out += ", and GC pauses have taken " + f.gcShare() + " of the time"
	}
	return out + "."
}

// old is the heap as the picture draws it: during a Full GC's pause its
// old gen as the collector found it when the pause began (the view's
// oldAsDrawn), else as it is.
func (f *facts) old() *sim.HeapView {
	if f.s.PauseFull {
		h := f.s.Heap.AsFound()
		return &h
	}
	return &f.s.Heap
}

// firstFullGC reports the first Full GC: from its event when the tick
// holds it (exact time, live data after), else from the counter.
func firstFullGC(f *facts, why string) {
	if !f.want(FirstFullGC) || f.s.FullGCs == 0 {
		return
	}
	// The time is said only when the event gives it: the tick that noticed
	// the counter may be later.
	at := f.s.Time
	text := "The first Full GC: it stopped every thread to mark and compact the whole heap."
	if e, ok := f.event(sim.EvGCFull); ok {
		at = e.At
		text = "First Full GC at " + duration(sim.Duration(at)) + fullGCWhy(sim.GCCause(e.B)) +
			": it stopped every thread to mark and compact the whole heap, and " + size(sim.Bytes(e.A)) + " stayed live."
		if h := f.old(); f.s.PauseFull && h.OldCap > 0 {
			// Its pause is under way, and the picture draws the old gen
			// as the collector found it: the numbers are the bar's ("229
			// MB stayed live, 25 % of the old gen" beside a bar drawn
			// 27 % full, or 89 %, were sums that did not add up).
			text = "First Full GC at " + duration(sim.Duration(at)) + fullGCWhy(sim.GCCause(e.B)) +
				": it stops every thread to mark and compact the whole heap. It found the old gen " +
				percent(float64(h.OldUsed), float64(h.OldCap)) + " full: " +
				percent(float64(h.OldUsed-h.OldGarbage), float64(h.OldCap)) + " live data, the rest garbage."
		}
	}
	if why != "" {
		text += " " + why
	}
	f.moment(FirstFullGC, at, text)
}

// firstGC reports the first collection of any kind.
func firstGC(f *facts) {
	if !f.want(FirstGC) || f.s.YoungGCs+f.s.FullGCs == 0 {
		return
	}
	at, when := f.s.Time, ""
	if e, ok := f.event(sim.EvGCPause); ok {
		// When it began and how long it stopped the threads: "7 % of the
		// 141.7 ms so far" stopped beside "First GC at 142 ms" left a
		// reader asking when it began and ended (the share counts a pause
		// whole from its start). The moment is its end, where the picture
		// shows what it did (eden emptied).
		pause := sim.Duration(e.A)
		at, when = e.At.Add(pause), " at "+duration(sim.Duration(e.At))+", a "+pauseLength(pause)+" pause"
	}
	// "and eden emptied": beside eden drawn almost empty just after it,
	// "eden filled up" read as a contradiction. Where to: "copied out"
	// left a reader guessing (the survivors' box "in use" beside it).
	// "Or": the old gen read now may hold what later GCs promoted (a
	// fast-forward's tick can pass several), so only an empty one rules
	// it out.
	to := "to the survivors"
	if f.s.Heap.OldUsed > 0 {
		to = "to the survivors or the old gen"
	}
	// "When … filled up": "eden was full" over an eden drawn nearly empty
	// was read as a contradiction until the order was worked out, and the
	// size in the closing brackets ("eden 64 MB") was set against the
	// 9.0 KB drawn; the size now goes with "filled up".
	h := &f.s.Heap
	next := ""
	if h.OldUsed == 0 && h.SurvivorCap > 0 && 10*h.SurvivorUsed >= 9*h.SurvivorCap {
		// Two readers of gc-lab's first GC, its survivor box "10.3 MB in
		// use" beside "10.5 MB empty", asked whether the survivors were
		// about to spill into the old gen: the rule that says so. The
		// sizes as the boxes write them ("10 MB of 11 MB" was one more
		// figure to match), and the space named ("in the other one" was
		// asked about).
		next = " The survivor space is nearly full (" + view.Size(h.SurvivorUsed) + " of " + view.Size(h.SurvivorCap) +
			"): what the next GC cannot fit in the other survivor space goes to the old gen."
	}
	f.moment(FirstGC, at, "First GC"+when+": when eden ("+size(h.EdenCap)+") filled up, every thread stopped while its live objects were copied "+to+
		", and eden was emptied (old gen "+percent(float64(h.OldUsed), float64(h.OldCap))+" full)."+next)
}

// pinnedMoment reports the first virtual thread parked while pinned.
func pinnedMoment(f *facts, why string) {
	if !f.want(CarrierPinned) {
		return
	}
	at, who, where := f.s.Time, "A virtual thread", "its carrier"
	if e, ok := f.event(sim.EvPinned); ok {
		at = e.At
		who = "Virtual thread " + e.Thread.String()
		if e.Carrier != 0 {
			where = "carrier worker-" + counti(int(e.Carrier))
		}
	} else if f.s.Pinned == 0 {
		return
	}
	f.moment(CarrierPinned, at, who+" blocked while pinned and holds "+where+": nothing else can run there until it wakes. "+why)
}

// fullGCWhy says in a few words why the collector chose a Full GC (the
// event's cause): a Full GC with the old gen a quarter full read as a
// contradiction without it.
func fullGCWhy(c sim.GCCause) string {
	switch c {
	case sim.CauseErgonomics:
		return ", because a young GC's survivors might no longer fit in the old gen's free space"
	case sim.CausePromotionFailed:
		return ", because the old gen could not take what a young GC promoted"
	case sim.CauseNoRoom:
		return ", because even after a young GC the allocation did not fit"
	}
	return ""
}

// shareWords says a share of at least half in words, each a true lower
// bound ("over two thirds" from 2/3, not "two thirds" at 0.65; "over
// three quarters" beside the panel's "89 % live", not "three quarters").
func shareWords(f float64) string {
	switch {
	case f >= 1:
		return "all"
	case f >= 0.9:
		return "nearly all"
	case f >= 0.75:
		return "over three quarters"
	case f >= 2.0/3:
		return "over two thirds"
	case f > 0.5:
		return "over half"
	}
	return "half"
}

// oldGenHalf notes the moment the old generation passes half full, with
// what fills it: the threads' own data that stays live, or garbage only
// an old-gen collection frees (for pooled virtual threads, mostly the
// StackChunks they replaced). vt-pooling's story and the lab's both tell
// it: in the lab's pooled case it is where the workers' caches are seen
// filling the old gen, which its first young GC did not show.
func oldGenHalf(f *facts, pooled bool) {
	s, h := f.s, &f.s.Heap
	// Noted once the pause that promoted past half is over: a callout in
	// the middle of it drew eden as the collector found it beside a heap
	// in use that no longer counted it (a reader's sum of the panels
	// missed the "in use" figure), and its lanes stopped.
	if f.want(OldGenHalf) && !s.Paused && h.OldCap > 0 && 2*h.OldUsed >= h.OldCap {
		kept := h.OldLive[sim.CatThreadLocal]
		// No sizes here: the caption gives them, and a second set of
		// numbers beside it was more than a newcomer could take in.
		// "only ... frees", not "... will free": beside the caption's "no
		// Full GC yet" a reader read the promise as a contradiction.
		why := "most of it garbage, which only " + oldFreer(f) + " frees"
		switch {
		case 2*kept >= h.OldUsed:
			why = "most of it thread-local data that stays live as long as its thread"
		case pooled && s.Chunks.OldDeadBytes > 0 && 2*s.Chunks.OldDeadBytes >= h.OldGarbage:
			// What that garbage is, where dropped chunks are most of it
			// (1g-pool at 256 ms: 197 of 293 MB): readers asked why the
			// young GCs (which promote them) cost the pooled run more,
			// with the garbage in the old gen. A pooled thread reuses its
			// chunk, so the chunk lives to be promoted; once old, the
			// thread drops it at its next park for a new one. ("Dropped"
			// beside the caption's "never end" read as a contradiction:
			// the threads live on, their chunks are replaced.)
			why = "most of it garbage, mostly old StackChunks the living pooled threads replaced with new ones, which only " + oldFreer(f) + " frees"
		}
		// "passed half full", not "is more than half full": the callout
		// stays while the caption's percentage grows (82 % beside "more
		// than half" read as two figures).
		f.moment(OldGenHalf, s.Time, "The old gen passed half full: "+why+".")
	}
}

// fullGCsSteady reports the moment the Full GCs have kept the same live
// data for a second: each kept what the one before it kept (within a
// hundredth of the old gen), at least half of it. The live data has
// stopped growing, so each Full GC frees the same room and the next comes
// as soon as the young GCs have promoted that much again: the pace the run
// keeps to its end, which is what a measurement after a warm-up sees. A
// second of it, because that is the picture's "last second" rate: at the
// first steady Full GC (vt-pooling's 1 GB pooled run, 3.36 s) that second
// still held the faster seconds before (86,000 requests a second against
// the 78,000 the run keeps). Judged from the snapshot's latest two Full
// GCs, not the events: a fast-forward's tick can hold more events than the
// recorder keeps, and lose one.
func fullGCsSteady(f *facts) {
	t, h := f.t, &f.s.Heap
	if !f.want(FullGCsSteady) || f.s.PauseFull || h.OldCap == 0 {
		return
	}
	kept, before := h.OldAfterLastFull, h.OldAfterFullBefore
	if h.FullBeforeAt == 0 || 2*kept < h.OldCap || 100*max(kept-before, before-kept) > h.OldCap {
		t.steadySince = 0
		return
	}
	if t.steadySince == 0 {
		t.steadySince = h.FullBeforeAt
	}
	if f.s.Time.Sub(t.steadySince) < sim.Second {
		return
	}
	// Said from when, not at when: the moment's own time is only a second
	// on, and "At 4.22 s" beside the header's 4.226 s and the title's
	// 4.23 s was a third time for one picture. No size: the old gen's
	// "76 % live" a moment after the Full GC's 725 MB (some of it died
	// since) read as two figures that should agree.
	text := "Since " + duration(sim.Duration(t.steadySince)) + " every Full GC has kept the same live data, so they come back to back, one every " +
		duration(h.LastFullAt.Sub(h.FullBeforeAt)) + ": the pace this run keeps to its end."
	f.momentTimed(FullGCsSteady, f.s.Time, text, text)
}

// fullGCFreesLittle reports the first Full GC after which at least half
// the old gen stays live: collecting cannot empty it, so the room a Full
// GC makes is soon gone and the next one comes. It is judged from what the
// latest Full GC kept (the snapshot's OldAfterLastFull), once its pause is
// over: during the pause the picture draws the old gen as the collector
// found it, garbage and all, which is what readers of the first Full GC
// took for the cause; after it, the bar is the data that stayed and the
// little a Full GC can free. (Judging from the pause shown missed four
// Full GCs in a row: a fast-forward's tick can hold a whole pause.)
func fullGCFreesLittle(f *facts) {
	h := &f.s.Heap
	kept := h.OldAfterLastFull
	if !f.want(FullGCFreesLittle) || f.s.FullGCs == 0 || f.s.PauseFull || h.OldCap == 0 || 2*kept < h.OldCap {
		return
	}
	at := f.t.fullAt
	if at == 0 {
		at = f.s.Time // a teller started after it: when it was noticed
	}
	// Its share in words, not a percentage: the callout stays while the
	// picture's old gen moves on, and "52 % of it stayed live" under the
	// panel's "51 % live" read as two figures that should agree.
	text := "A Full GC could not empty the old gen: " + shareWords(float64(kept)/float64(h.OldCap)) + " of it stayed live"
	if tl := h.OldLive[sim.CatThreadLocal]; 2*tl >= kept {
		// The cause, when the data is the threads' own: it lives as long
		// as they do, which for pooled threads is the whole run.
		text += ", mostly thread-local data that no GC can free while its thread lives"
	}
	f.moment(FullGCFreesLittle, at, text+".")
}
