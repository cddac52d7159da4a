package story

import (
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// routerTeller tells llm-router's story of hand-made states, from t = 0.
func routerTeller() *Teller {
	tl := New(Setup{Scenario: "llm-router", Knobs: map[string]string{"executor": "virtual"}, Models: []string{"haiku", "sonnet", "opus"}})
	tl.Observe(&sim.Snapshot{RouterSingle: -1}, nil)
	return tl
}

// A race is told as decided and its losers cancelled only when the tick
// shows both: the win and a cancel after it.
func TestLosersCancelledNeedsACancel(t *testing.T) {
	s := &sim.Snapshot{Time: sim.Time(50 * sim.Millisecond), RouterSingle: -1, RouterRaces: 1}
	win := sim.Event{At: sim.Time(40 * sim.Millisecond), Kind: sim.EvWin, Thread: 9, A: 1}
	cancel := sim.Event{At: sim.Time(40 * sim.Millisecond), Kind: sim.EvCancel, Thread: 10}
	tl := routerTeller()
	if got := tl.Observe(s, []sim.Event{win}); len(got) != 0 {
		t.Errorf("a win with nothing cancelled: %v", got)
	}
	got := tl.Observe(s, []sim.Event{win, cancel})
	if len(got) != 1 || got[0].Kind != LosersCancelled {
		t.Fatalf("a win and a cancel: %v", got)
	}
	contains(t, "losers cancelled", got[0].Sentence, "At 40 ms the 1st race is decided: Sonnet answered first")
	// Shown at its own time, beside a header that gives it, the callout
	// names no time.
	contains(t, "losers cancelled, bare", got[0].Bare, "The 1st race is decided: Sonnet answered first")
	if strings.Contains(got[0].Bare, " ms") {
		t.Errorf("the bare sentence names a time: %q", got[0].Bare)
	}
}

// The router's switch is told with the races it took, from its event.
func TestRouterSingleCountsTheRaces(t *testing.T) {
	s := &sim.Snapshot{Time: sim.Time(900 * sim.Millisecond), RouterSingle: 1, RouterRaces: 100}
	sw := sim.Event{At: sim.Time(880 * sim.Millisecond), Kind: sim.EvRouterSwitch, A: 1, B: 100}
	got := routerTeller().Observe(s, []sim.Event{sw})
	if len(got) != 1 || got[0].Kind != RouterSingle {
		t.Fatalf("the switch: %v", got)
	}
	contains(t, "router single", got[0].Sentence, "after 100 races the router saw Sonnet win often enough")
	if got[0].At != sw.At {
		t.Errorf("told at %v, the switch was at %v", got[0].At, sw.At)
	}
}

// The losers are the calls cancelled after a win: a cancel before any win
// of the tick is not one, and of two wins in a tick the first decided a
// race first, so the moment tells that one.
func TestLosersCancelledFollowTheFirstWin(t *testing.T) {
	s := &sim.Snapshot{Time: sim.Time(50 * sim.Millisecond), RouterSingle: -1, RouterRaces: 2}
	ms := func(at int64) sim.Time { return sim.Time(at * int64(sim.Millisecond)) }
	cancelFirst := []sim.Event{{At: ms(30), Kind: sim.EvCancel, Thread: 10}, {At: ms(40), Kind: sim.EvWin, Thread: 9, A: 1}}
	if got := routerTeller().Observe(s, cancelFirst); len(got) != 0 {
		t.Errorf("a cancel before the win: %v", got)
	}
	twoWins := []sim.Event{
		{At: ms(40), Kind: sim.EvWin, Thread: 9, A: 1}, {At: ms(40), Kind: sim.EvCancel, Thread: 10},
		{At: ms(45), Kind: sim.EvWin, Thread: 12, A: 2}, {At: ms(45), Kind: sim.EvCancel, Thread: 13},
	}
	got := routerTeller().Observe(s, twoWins)
	if len(got) != 1 || got[0].Kind != LosersCancelled {
		t.Fatalf("two wins: %v", got)
	}
	contains(t, "two wins", got[0].Sentence, "At 40 ms the 2nd race is decided: Sonnet answered first")
	if got[0].At != ms(40) {
		t.Errorf("told at %v, the first win was at 40 ms", got[0].At)
	}
}

// routerNow is a virtual-thread router's state at an instant: open races
// whose live threads number scopeThreads, live virtual threads, the
// parked by reason, ready threads and busy carriers of 8.
func routerNow(open, scopeThreads, live, socket, join, ready, busy int) *sim.Snapshot {
	s := &sim.Snapshot{Time: sim.Time(300 * sim.Millisecond), Events: 1, RouterSingle: -1, ScopesOpen: open, ScopeThreads: scopeThreads, VirtualLive: live, RunQueueLen: ready,
		Carriers: make([]sim.CarrierView, 8)}
	s.ParkedCount[sim.ParkSocket], s.ParkedCount[sim.ParkJoin] = socket, join
	for i := range busy {
		s.Carriers[i].Thread = sim.ThreadID(100 + i)
	}
	return s
}

// The caption says why carriers idle beside so many threads (the parked
// wait and need none), and only then: with a thread ready, the carriers
// are taking it. It gives the live count, not a sum over the races (read
// as dense arithmetic, 349 races beside the title's 350).
func TestRouterCaptionSaysWhyCarriersIdle(t *testing.T) {
	got := routerTeller().Caption(routerNow(349, 1396, 1397, 1044, 349, 0, 4), nil)
	contains(t, "idle carriers", got, "Now 1,397 virtual threads share 8 carriers (OS threads); the parked threads wait for answers.")
	if strings.Contains(got, "×") {
		t.Errorf("the caption sums the races' threads: %s", got)
	}
	got = routerTeller().Caption(routerNow(349, 1395, 1397, 1043, 349, 1, 4), nil)
	contains(t, "a thread ready", got, "Now 1,397 virtual threads share 8 carriers (OS threads).")
	if strings.Contains(got, "parked threads wait") {
		t.Errorf("a thread is ready, the carriers are taking it, yet the caption says why they idle: %s", got)
	}
}
