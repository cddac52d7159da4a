package view

// The race cells' looks in the legend. Where the races are the side's
// picture (racelead.go) their cells carry no key of their own, and fresh
// readers could not tell what the hollow outline (ready), the green frame
// (running), the small dim square (parked) or the cross (cancelled) meant:
// the legend lists the looks drawn, each its cell's small look and a few
// words. A look is not a colour (its marks are tagged with the virtual
// thread's, the on-CPU and the winner's meanings), so it takes a legend
// entry of its own: a bit of the meaning set past the colours, which keeps
// the room the legend reserves computed from what the frame drew.

// stateKey is the legend entry of race cells drawn in state st.
func stateKey(st callState) Meaning { return meaningCount + Meaning(st) }

// badgeKey is the legend entry of the carriers' number badges
// (carrierBadge), listed after the looks. A badge is the one link
// between a running cell and its carrier's slot; unkeyed, readers took
// the numbers for step numbers.
const badgeKey = meaningCount + Meaning(callEnded) + 1

// legendEnd is past the last legend entry (colours, looks, the badge).
const legendEnd = badgeKey + 1

// runningDrawn is a bit of the meaning set past the entries, not an entry:
// a race cell was drawn running (a blue fill), so the legend keys the blue.
const runningDrawn = legendEnd

// badgeSample is what the badge's legend swatch shows: a letter standing
// for any carrier's number ("[3] running on carrier 3" read as one
// particular thread).
const badgeSample = "N"

// runningKey reports whether the legend of set keys the blue as the
// running race cells look: a blue cell with its carrier's badge, "running
// on carrier 3", one entry for the fill and the badge. Readers of a
// phone's frame, whose legend had room for "virtual thread" alone, took
// the blue for every virtual thread (the parked and ready cells are not
// blue) and matched the badges to the carriers' boxes by guessing.
func runningKey(set meaningSet) bool { return set.has(MeanVirtual) && set.has(badgeKey) }

// runningSwatchW is the width of the running look's legend swatch: a
// cell with room for the badge.
func runningSwatchW(sc float32) float32 {
	return max(stateSwatchW(sc), badgeTextW(badgeSample, sc)+8*sc)
}

// isStateKey reports whether legend entry m is a race cell's look.
func isStateKey(m Meaning) bool { return m >= meaningCount && m < badgeKey }

// stateKeys is every look the legend can list. The won look is left to
// the winner's colour ("won its race"): one entry for one mark. So is the
// running look, a blue fill in the on-CPU green's frame: beside the looks
// the blue swatch reads "blue fill = running on a carrier" and the green
// "its carrier on a CPU" (readers: "blue = virtual thread, but parked and
// ready threads are not blue"; and the legend had many symbols).
const stateKeys = meaningSet(1<<(meaningCount+Meaning(callWaiting)) | 1<<(meaningCount+Meaning(callReady)) |
	1<<(meaningCount+Meaning(callCancelled)) | 1<<(meaningCount+Meaning(callEnded)))

// stateKeyGroup heads the looks in the legend.
const stateKeyGroup = "a thread's state"

// stateGroupIn is the looks' heading in the legend of set: the threads'
// own where the last colour listed before them is a thread's (readers
// asked why the frame had two legends, "threads:" and "a thread's
// state:"), the looks' own heading after any other group.
func stateGroupIn(set meaningSet) string {
	threads := meanings[MeanVirtual].group
	for m := meaningCount - 1; m > MeanNone; m-- {
		if set.has(m) {
			if meanings[m].group == threads {
				return threads
			}
			break
		}
	}
	return stateKeyGroup
}

// stateKeyLabel is the words beside a look's swatch: few, so the looks
// share the colours' line on a desktop's canvas (the cells' own words say
// the rest).
func stateKeyLabel(st callState) string {
	switch st {
	case callWaiting:
		return "parked"
	case callReady:
		// (Why it waits is the carriers' line: "3 ready threads
		// wait: 5 idle carriers waking up".)
		return "ready"
	case callRunning:
		return "running"
	case callCancelled:
		return "cancelled"
	}
	return "ended"
}

// noteStateDrawn adds the look of a race cell drawn in state st (in the
// races or as a mark of the threads' line) to the meanings the frame
// used, so the legend lists it.
func (l *List) noteStateDrawn(st callState) {
	if m := stateKey(st); stateKeys.has(m) {
		l.used |= 1 << m
	}
	if st == callRunning {
		l.used |= 1 << runningDrawn
	}
}

// linesKeyed are the looks the threads' line under the races keys on
// point (a swatch before each count: "3 running + 3 ready + 1,391
// parked"); the cancelled and ended looks are keyed nowhere else.
const linesKeyed = meaningSet(1<<(meaningCount+Meaning(callWaiting)) | 1<<(meaningCount+Meaning(callReady)))

// statesThatFit is set with the looks that fit the lines the colours'
// legend takes and one more: all of them, else those the threads' line
// does not key, else none. On a phone's canvas the looks on lines of
// their own took the room of the race rows they explain; with none of
// them, its readers could not tell what the hatching, the pause sign and
// the numbered badges meant, and took the blue for every virtual thread:
// one line is their room. The height reserved and the legend drawn both
// flow through here, so the room stays the room used.
func statesThatFit(w, sc float32, set, inHeap, outside meaningSet, queued string) meaningSet {
	if set&stateKeys == 0 {
		return set
	}
	lines := func(s meaningSet) int { return flowLegend(w, sc, s, inHeap, outside, queued, nil) }
	colours := lines(set &^ legendKeys)
	for _, s := range []meaningSet{set, set &^ linesKeyed} {
		if s&stateKeys != 0 && lines(s) <= colours+1 {
			return s
		}
	}
	return set &^ legendKeys
}

// legendKeys are the legend's entries past the colours: the looks and
// the badge, listed where they fit the colours' lines.
const legendKeys = stateKeys | 1<<badgeKey
