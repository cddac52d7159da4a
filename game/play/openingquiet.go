package play

// The opening holds at a quiet moment: the story's moment (a Full GC that
// freed little, the pool full, ...) may come while a drawn run is in a
// stop-the-world pause that has nothing to do with it (the pooled run in a
// young GC as its Full GC is announced). Held there, the first screen
// flagged "young GC now" on one run and "every thread stopped for the GC"
// in the status strip, and readers took that pause for the lesson. So once
// the moment has come, the fast-forward runs on, at the speed it reached,
// until neither the shown sides nor the contrast run drawn beside them is
// paused, and holds there; the moment and its callout stay the ones
// reached (a callout lasts seconds of ticks, a settle a few). It stays
// within the fast-forward's bound: a run that pauses to its end holds
// where the bound comes. A fallback moment (landOnBest) is reached only
// once the bound is spent, so it is held where it happened.
//
// Rejected: jumping to the end of the pause in progress (another may start
// at once, a young GC right after a Full GC), and checking the shown sides
// only (the contrast run's pause is drawn too: "is the other one not
// collecting?").

// quiet reports whether no drawn run is in a stop-the-world pause at the
// shown time. The contrast run waits while the fast-forward runs
// (contrastTick), so it is brought up here, within the fast-forward's
// event budget a tick; until it is at the shown time the moment is not
// known to be quiet, and the shown sides wait for it (settlingWaits).
func (p *Playground) quiet() bool {
	if p.contrast != nil {
		// First, whatever the sides show: the sides wait for it.
		if !p.contrast.syncTo(p.now, p.EventBudget*openingBudget) || p.contrast.input(p.now).Snap.Paused {
			return false
		}
	}
	for _, s := range p.sides {
		if s.Snap.Paused {
			return false
		}
	}
	return true
}

// settlingWaits: the opening is settling and the contrast run has not yet
// reached the shown time; the shown sides do not move on until it has
// (its pause there is not known yet). The ticks it takes count against
// the fast-forward's bound, and their number depends on events alone, so
// the held time is the same on any machine.
func (p *Playground) settlingWaits() bool {
	return p.open.active && p.open.settling && p.contrast != nil && p.contrast.input(p.now) == nil
}
