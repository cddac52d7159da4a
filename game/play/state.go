package play

import (
	"math"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

// State is what state() returns to the page: the contract the page's
// controls, charts and browser tests read. Sizes are MB (MiB), times ms
// unless the name says ns.
type State struct {
	Scenario string            `json:"scenario"`
	Case     string            `json:"case"`
	Knobs    map[string]string `json:"knobs"`
	Seed     uint64            `json:"seed"`
	Compare  []string          `json:"compare"`

	SimTimeNs int64 `json:"simTimeNs"`
	// Clock is the time as the picture's header writes it ("142 ms"), for
	// the page's words that name it: a clock of its own, in another
	// format, read as a second time.
	Clock   string  `json:"clock"`
	Running bool    `json:"running"`
	Speed   float64 `json:"speed"`
	Lagging bool    `json:"lagging"`
	FPS     float64 `json:"fps"`
	TPS     float64 `json:"tps"`

	SideState // the primary side's numbers, flattened

	Frame FrameState  `json:"frame"`
	Error string      `json:"error"`
	Sides []SideState `json:"sides"`
	Tour  TourState   `json:"tour"`
	// Opening is the fast-forward to the story's opening moment (opening.go).
	Opening OpeningState `json:"opening"`
	// ContrastReady: the compared case's run beside a single shown case
	// (contrast.go) is at the shown time and drawn; false while it
	// catches up over the frames after a seek (true when there is none).
	ContrastReady bool `json:"contrastReady"`
	// Animating: the picture's motion (flights, sweeps, flashes, run on
	// the game's ticks) has not ended; a still taken now may catch a mark
	// in flight.
	Animating bool `json:"animating"`
	// Contrast names the compared case drawn small beside a single shown
	// case ("" when none is): the page says so beside its Compare box,
	// which is unticked while the picture draws two cases.
	Contrast *ContrastState `json:"contrast"`
}

// ContrastState is the contrast run's case: its id and the words that set
// it apart from the shown case (what the picture labels it), and whether
// the last frame drew it (a phone's picture, a folded panel or a moment
// its mark does not fit leave it out).
type ContrastState struct {
	Case  string `json:"case"`
	Name  string `json:"name"`
	Drawn bool   `json:"drawn"`
	// Shown is the words that set the shown case apart from this one,
	// as the picture labels the shown run ("10,000 pooled virtual
	// threads").
	Shown string `json:"shown"`
}

// SideState is one side's numbers.
type SideState struct {
	Case         string            `json:"case"`
	Knobs        map[string]string `json:"knobs"`
	SimTimeNs    int64             `json:"simTimeNs"`
	Virtual      int               `json:"virtual"`
	Platform     int               `json:"platform"`
	PlatformApp  int               `json:"platformApp"`
	Carriers     int               `json:"carriers"`
	Mounted      int               `json:"mounted"`
	Pinned       int               `json:"pinned"`
	Parked       int               `json:"parked"`
	Mounts       int64             `json:"mounts"` // cumulative mounts
	Parks        int64             `json:"parks"`  // cumulative parks of virtual threads
	ParkedBy     map[string]int    `json:"parkedBy"`
	RunQueue     int               `json:"runQueue"`
	RequestsDone int64             `json:"requestsDone"`
	Requests     int64             `json:"requests"`
	YoungGCs     int64             `json:"youngGCs"`
	FullGCs      int64             `json:"fullGCs"`
	GCPauseMs    float64           `json:"gcPauseMs"`
	Paused       bool              `json:"paused"`
	PauseFull    bool              `json:"pauseFull"`
	// RSSMb is null where the model does not know the resident set (a
	// configuration without a JVM baseline): unknown, not zero. Every
	// scenario's profile has one.
	RSSMb          *float64     `json:"rssMb"`
	ThreadMemoryMb float64      `json:"threadMemoryMb"`
	Heap           HeapState    `json:"heap"`
	Chunks         ChunkState   `json:"chunks"`
	RecentLatency  LatencyState `json:"recentLatency"`
	Events         int64        `json:"events"`
	DroppedEvents  int64        `json:"droppedEvents"`
	Done           bool         `json:"done"`
	OOM            bool         `json:"oom"`
	OOMMessage     string       `json:"oomMessage"`
	StopReason     string       `json:"stopReason"`
	// Caption says in one or two sentences what is happening now and why
	// (game/story); Moments are the latest moments of the story, oldest
	// first.
	Caption string        `json:"caption"`
	Moments []MomentState `json:"moments"`
	// QueuedTasks counts the tasks waiting for a pool thread.
	QueuedTasks int `json:"queuedTasks"`
	// DrewAtRandom: the run has drawn from its random source so far
	// (sim.DrewAtRandom). The page says beside its seed whether another
	// seed would change the run: for most cases it would not.
	DrewAtRandom bool `json:"drewAtRandom"`
}

// HeapState is the heap in MB.
type HeapState struct {
	EdenCap      float64 `json:"edenCap"`
	EdenUsed     float64 `json:"edenUsed"`
	SurvivorCap  float64 `json:"survivorCap"`
	SurvivorUsed float64 `json:"survivorUsed"`
	OldCap       float64 `json:"oldCap"`
	OldUsed      float64 `json:"oldUsed"`
	OldGarbage   float64 `json:"oldGarbage"`
	// LiveMb is the live data by kind, young and old together, in MB: the
	// categories the picture colours the heap by (the charts use the same
	// colours).
	LiveMb LiveState `json:"liveMb"`
}

// LiveState is live heap data by kind (sim.AllocCat), in MB.
type LiveState struct {
	Request     float64 `json:"request"`
	ThreadLocal float64 `json:"threadLocal"`
	Thread      float64 `json:"thread"`
	Chunk       float64 `json:"chunk"`
	App         float64 `json:"app"`
}

// ChunkState counts StackChunks.
type ChunkState struct {
	Live    int `json:"live"`
	Young   int `json:"young"`
	Old     int `json:"old"`
	GCMode  int `json:"gcMode"`
	Garbage int `json:"garbage"`
}

// LatencyState summarises request latencies completed since the previous
// state() call.
type LatencyState struct {
	Count int64   `json:"count"`
	P50Ms float64 `json:"p50Ms"`
	P95Ms float64 `json:"p95Ms"`
}

// FrameState is the Go-side cost of recent frames (median and p95, ms).
type FrameState struct {
	UpdateMs    float64 `json:"updateMs"`
	DrawMs      float64 `json:"drawMs"`
	UpdateP95Ms float64 `json:"updateP95Ms"`
	DrawP95Ms   float64 `json:"drawP95Ms"`
	Draws       int64   `json:"draws"` // frames drawn so far
}

// State reports the playground. It starts a new latency window.
func (p *Playground) State() State {
	st := State{Scenario: p.spec.Scenario, Case: p.spec.Case, Seed: p.spec.Seed, Compare: p.spec.Compare,
		SimTimeNs: int64(p.now), Clock: view.Clock(sim.Duration(p.now)), Running: p.running, Speed: p.readerSpeed(), Lagging: p.running && p.lagging,
		FPS: round2(p.timing.FPS), TPS: round2(p.timing.TPS), Error: p.err, Sides: []SideState{}, Tour: p.TourState(),
		Opening: p.OpeningState(), ContrastReady: p.ContrastReady(), Animating: p.Animating()}
	if c := p.contrast; c != nil {
		st.Contrast = &ContrastState{Case: c.caseID, Name: c.name, Drawn: p.contrastDrawn && p.ContrastReady()}
	}
	u, d, u95, d95 := p.timing.Stats()
	st.Frame = FrameState{UpdateMs: round3(u), DrawMs: round3(d), UpdateP95Ms: round3(u95), DrawP95Ms: round3(d95), Draws: p.timing.Draws}
	primary := -1
	for i, s := range p.sides {
		st.Sides = append(st.Sides, s.state(p.besideTold()))
		if primary < 0 && s.Case == p.spec.Case {
			primary = i
		}
	}
	if len(st.Sides) > 0 {
		st.SideState = st.Sides[max(primary, 0)]
		if st.Contrast != nil {
			st.Contrast.Shown = view.DistinctPart(p.sides[max(primary, 0)].Title, p.contrast.title)
		}
		st.Knobs = st.SideState.Knobs
		st.Case = p.spec.Case
	}
	if st.Compare == nil {
		st.Compare = []string{}
	}
	if st.Knobs == nil {
		st.Knobs = map[string]string{}
	}
	return st
}

func (s *Side) state(con *view.Contrast) SideState {
	sn := &s.Snap
	ss := SideState{Case: s.Case, Knobs: map[string]string{}, SimTimeNs: int64(s.sm.Now()),
		Virtual: sn.VirtualLive, Platform: sn.PlatformLive, PlatformApp: sn.PlatformApp, Carriers: sn.CarriersStarted(),
		Mounted: sn.Mounted, Pinned: sn.Pinned, RunQueue: sn.RunQueueLen, ParkedBy: map[string]int{},
		Mounts: sn.Mounts, Parks: sn.Parks,
		RequestsDone: sn.RequestsDone, Requests: s.requests, YoungGCs: sn.YoungGCs, FullGCs: sn.FullGCs,
		GCPauseMs: round3(sn.GCPauseTotal.Milliseconds()), Paused: sn.Paused, PauseFull: sn.PauseFull,
		RSSMb: mbKnown(sn.RSS), ThreadMemoryMb: mb(sn.ThreadMemory), Events: s.sm.EventsProcessed(),
		DroppedEvents: s.Dropped, Done: sn.Done, OOM: sn.OOM != "", OOMMessage: sn.OOM, StopReason: s.sm.StopReason(),
		Caption: s.Caption(con), Moments: s.momentStates(), QueuedTasks: sn.TasksQueued, DrewAtRandom: s.sm.DrewAtRandom()}
	for _, name := range s.values.Names() {
		ss.Knobs[name] = s.values.Text(name)
	}
	for r := range sn.ParkedCount {
		if n := sn.ParkedCount[r]; n > 0 {
			ss.Parked += n
			ss.ParkedBy[sim.ParkReason(r).String()] = n
		}
	}
	h := &sn.Heap
	ss.Heap = HeapState{EdenCap: mb(h.EdenCap), EdenUsed: mb(h.EdenUsed), SurvivorCap: mb(h.SurvivorCap),
		SurvivorUsed: mb(h.SurvivorUsed), OldCap: mb(h.OldCap), OldUsed: mb(h.OldUsed), OldGarbage: mb(h.OldGarbage)}
	live := func(c sim.AllocCat) float64 { return mb(h.YoungLive[c] + h.OldLive[c]) }
	ss.Heap.LiveMb = LiveState{Request: live(sim.CatRequest), ThreadLocal: live(sim.CatThreadLocal), Thread: live(sim.CatThread),
		Chunk: live(sim.CatChunk), App: live(sim.CatApp)}
	c := &sn.Chunks
	ss.Chunks = ChunkState{Live: c.Live, Young: c.Young, Old: c.Old, GCMode: c.GCMode, Garbage: c.Garbage}
	// Exact quantiles over the completions since the previous state() call.
	l := s.sm.TakeRecentLatency()
	ss.RecentLatency = LatencyState{Count: l.Count, P50Ms: round3(l.P50.Milliseconds()), P95Ms: round3(l.P95.Milliseconds())}
	return ss
}

func mb(b sim.Bytes) float64 { return round3(b.MiB()) }

// mbKnown is mb for a figure the model may not compute: nil when it is
// zero (a JVM's resident set is never zero; zero means not modelled).
func mbKnown(b sim.Bytes) *float64 {
	if b <= 0 {
		return nil
	}
	x := mb(b)
	return &x
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
func round2(x float64) float64 { return math.Round(x*100) / 100 }
