package story

import (
	"strconv"

	"github.com/loomlab/loomlab/sim"
)

// Event names one event in a plain sentence, for the line the picture
// shows after a step: stepping moves one event at a time, and the caption
// (which is about the whole state) cannot say which one just happened.
func Event(e *sim.Event) string {
	th := "thread " + e.Thread.String()
	on := ""
	if e.Carrier != 0 {
		on = " on carrier worker-" + strconv.Itoa(int(e.Carrier))
	}
	switch e.Kind {
	case sim.EvThreadStart:
		if e.A == 1 {
			return "virtual " + th + " started."
		}
		return "platform " + th + " started (" + roleWords(sim.Role(e.B)) + ")."
	case sim.EvThreadEnd:
		return th + " finished its work and ended."
	case sim.EvMount:
		// "mounted" glossed: the step line is read alone.
		return th + " mounted" + on + " (it runs there now): " + count(e.A) + " words of its stack copied back from its StackChunk."
	case sim.EvUnmount:
		return th + " parked (" + sim.ParkReason(e.A).Words() + ") and left its carrier: " + count(e.B) + " words of stack frozen into a StackChunk."
	case sim.EvPinned:
		return th + " blocked while pinned" + on + " (" + sim.ParkReason(e.A).Words() + "): the carrier is blocked with it."
	case sim.EvUnpark:
		if e.A != 1 {
			// A platform thread has no carrier: the OS runs it when a
			// CPU is free.
			return "platform " + th + " woke up and waits for a CPU."
		}
		return th + " woke up and waits for a free carrier."
	case sim.EvFreeze:
		how := "into its StackChunk"
		switch e.B {
		case 2:
			how = "into its promoted StackChunk (the reuse fix)"
		case 3:
			how = "into a new StackChunk in eden"
		}
		return th + " froze " + count(e.A) + " words of stack " + how + "."
	case sim.EvGCYoung:
		return "Young GC: " + size(sim.Bytes(e.A)) + " of live objects copied, " + size(sim.Bytes(e.B)) + " of them promoted to the old gen."
	case sim.EvGCFull:
		return "Full GC: the old gen compacted; " + size(sim.Bytes(e.A)) + " stays live."
	case sim.EvGCPause:
		// The pause's kind, named: a reader met "5 Full GCs" in the
		// caption and took a young pause for one of them.
		// "began: every Java thread stops for", not "a pause of": the
		// header's "playback paused" is another pause (the reader's).
		kind := "A young GC"
		if e.B == 1 {
			kind = "A Full GC"
		}
		return kind + " began: every Java thread stops for " + pauseLength(sim.Duration(e.A)) + "."
	case sim.EvGCEnd:
		return "The GC pause ended: threads run again."
	case sim.EvTier:
		return "The JIT compiled method " + strconv.FormatInt(e.A, 10) + " at tier " + tierWords(sim.Tier(e.B)) + "."
	case sim.EvFork:
		return th + " forked " + count(e.A) + " subtasks in a structured scope."
	case sim.EvWin:
		return th + " answered first: its subtask (number " + strconv.FormatInt(e.A+1, 10) + ") wins the race."
	case sim.EvCancel:
		return th + " was cancelled: another subtask already won."
	case sim.EvCarrierStart:
		return "The scheduler started carrier thread worker-" + strconv.FormatInt(e.A, 10) + "."
	case sim.EvRouterSwitch:
		return "The router now sends every request to one model (number " + strconv.FormatInt(e.A+1, 10) + "), after " + count(e.B) + " races."
	case sim.EvOOM:
		return "The run ended with an OutOfMemoryError."
	case sim.EvPark:
		return "platform " + th + " blocked (" + sim.ParkReason(e.A).Words() + "), keeping its OS thread."
	}
	return e.Kind.String() + "."
}

// StepEvent is Event with what the state around the event adds: a win
// names the request (the scope's owner, as the scopes panel lists it) and
// the model that answered, so "#2903 answered first" beside a table that
// shows request #2902 reads as one race. owner is the race's owner when
// the caller knows it (the picture remembers decided races), else 0: it
// is then looked up in the snapshot's scopes.
func StepEvent(e *sim.Event, snap *sim.Snapshot, models []string, owner sim.ThreadID) string {
	if e.Kind != sim.EvWin {
		return Event(e)
	}
	model := int(e.A)
	for i := range snap.Scopes {
		for _, st := range snap.Scopes[i].Subtasks {
			if st.Thread == e.Thread {
				owner, model = snap.Scopes[i].Owner, st.Model
			}
		}
	}
	name := "model " + strconv.Itoa(model+1)
	if model >= 0 && model < len(models) && models[model] != "" {
		name = upper(models[model])
	}
	if owner == 0 {
		return "The " + name + " call on thread " + e.Thread.String() + " answered first: it wins the race and the other calls are cancelled."
	}
	// The race's row names the request and the models, not the calls'
	// thread numbers (on point only): the step says it in those words.
	return "Request " + owner.String() + "'s " + name + " call answered first: it wins, the others are cancelled."
}

func roleWords(r sim.Role) string {
	switch r {
	case sim.RolePoolWorker:
		return "a pool thread"
	case sim.RoleEventLoop:
		return "an event loop"
	case sim.RoleCarrier:
		return "a carrier"
	case sim.RoleMain:
		return "main"
	case sim.RoleTask:
		return "a task's thread"
	}
	return r.String()
}

func tierWords(t sim.Tier) string {
	switch {
	case t == sim.TierInterp:
		return "interpreted"
	case t >= sim.TierC2:
		return "C2 (fully compiled)"
	}
	return "C1 (quickly compiled)"
}
