package fit

import (
	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// Model is one run of gc-lab measured the way the fit measures the log: rates per second of
// simulated time, sizes in MiB.
type Model struct {
	Knobs              map[string]string `json:"knobs"`
	Outcome            string            `json:"outcome"`
	DurationS          float64           `json:"duration_s"`
	Requests           int64             `json:"requests"`
	ThroughputRPS      float64           `json:"throughput_rps"`
	YoungGCsPerS       float64           `json:"young_gcs_per_s"`
	FullGCsPerS        float64           `json:"full_gcs_per_s"`
	AllocationRateMBs  float64           `json:"allocation_rate_mb_s"`
	PromotionRateMBs   float64           `json:"promotion_rate_mb_s"`
	GCTimePct          float64           `json:"gc_time_pct"`
	OldAfterFullMB     *float64          `json:"old_after_full_gc_mb"`
	OldAfterLastFullMB *float64          `json:"old_after_last_full_gc_mb"`
	LiveAtEndMB        float64           `json:"live_at_end_mb"`
	EdenMB             *float64          `json:"eden_mb"` // mean eden capacity between young collections
	// G1: the mean time of a concurrent marking, from its start to the pause that found it done;
	// nil without one.
	MarkMs *float64 `json:"mark_ms,omitempty"`
	Series Series   `json:"series"`
}

// Series is the model's collections as chart columns, in the shape of gclog.Series' first
// columns so the page draws them on the same axes as the log's. Times are shifted by Offset
// (see Fit): the model starts at 0, the log at the JVM's start.
type Series struct {
	TimeS   []float64 `json:"time_s"`
	Kind    []string  `json:"kind"` // young or full
	AfterMB []float64 `json:"after_mb"`
	OldMB   []float64 `json:"old_after_mb"`
	PauseMS []float64 `json:"pause_ms"`
	OffsetS float64   `json:"offset_s"`
	// Allocation and promotion rates over windows of equal length, as gclog.Series gives a log's.
	RateTimeS     []float64 `json:"rate_time_s"`
	AllocationMBs []float64 `json:"allocation_mb_s"`
	PromotionMBs  []float64 `json:"promotion_mb_s"`
	RateWindowS   float64   `json:"rate_window_s"`
}

// stepEvents is how many simulator events run between looks at the recorded ones: a collection
// is seen at most this many events after it ended, a tiny part of the thousands between two.
const stepEvents = 64

// maxSeries bounds the chart columns, like gclog.MaxSeriesPoints.
const maxSeries = 20_000

// RunModel runs gc-lab with the knobs (the scenario's defaults for the others) and measures it.
// progress, if not nil, hears the fraction of the run done.
func RunModel(knobs map[string]string, progress func(float64)) (*Model, error) {
	sc, err := scenario.Get("gc-lab")
	if err != nil {
		return nil, err
	}
	sm, v, err := sc.NewSim("", knobs, 1)
	if err != nil {
		return nil, err
	}
	sm.Record(4096)
	total := sm.Config().Run.Duration
	m := &Model{Knobs: knobs, Series: Series{TimeS: []float64{}, Kind: []string{}, AfterMB: []float64{}, OldMB: []float64{}, PauseMS: []float64{}}}
	var events []sim.Event
	var snap sim.Snapshot
	type pending struct {
		at       sim.Time
		pause    sim.Duration
		full     bool
		promoted sim.Bytes
	}
	rates := newModelRates(float64(v.Int("duration_s")))
	var promoted sim.Bytes // by the collection being computed, until its pause is recorded
	var open []pending
	var ended int
	var firstAlloc, lastAlloc sim.Bytes
	var firstAt, lastAt sim.Time
	var lastFullLive sim.Bytes
	seen := 0
	var edenSum float64
	edenN := 0
	steps := 0
	for {
		done := sm.Advance(sim.Never, stepEvents)
		events, _ = sm.DrainEvents(events[:0])
		for _, e := range events {
			switch e.Kind {
			case sim.EvGCYoung:
				promoted += sim.Bytes(e.B)
			case sim.EvGCPause:
				// Emitted once the collection is computed: B says whether it included a Full GC.
				open = append(open, pending{at: e.At, pause: sim.Duration(e.A), full: e.B == 1, promoted: promoted})
				promoted = 0
			case sim.EvGCFull:
				lastFullLive = sim.Bytes(e.A)
			case sim.EvGCEnd:
				ended++
			}
		}
		if ended > 0 && len(open) > 0 {
			sm.Fill(&snap)
			h := &snap.Heap
			var alloc, live sim.Bytes
			for c := range h.Allocated {
				alloc += h.Allocated[c]
				live += h.OldLive[c] + h.YoungLive[c]
			}
			for _, p := range open[:min(ended, len(open))] {
				if seen == 0 {
					firstAlloc, firstAt = alloc, p.at
				} else {
					// From the second collection on, as gclog counts a log's allocation.
					rates.add(p.at.Seconds(), (alloc - lastAlloc).MiB(), p.promoted.MiB())
				}
				lastAlloc, lastAt = alloc, p.at
				seen++
				kind := "young"
				if p.full {
					kind = "full"
				} else {
					edenSum += h.EdenCap.MiB()
					edenN++
				}
				if len(m.Series.TimeS) < maxSeries {
					m.Series.TimeS = append(m.Series.TimeS, round3(p.at.Seconds()))
					m.Series.Kind = append(m.Series.Kind, kind)
					m.Series.AfterMB = append(m.Series.AfterMB, round3(h.Used().MiB()))
					m.Series.OldMB = append(m.Series.OldMB, round3(h.OldUsed.MiB()))
					m.Series.PauseMS = append(m.Series.PauseMS, round3(float64(p.pause)/1e6))
				}
			}
			open = open[min(ended, len(open)):]
			ended = 0
		}
		steps++
		if progress != nil && total > 0 && steps%1024 == 0 {
			progress(float64(sm.Now()) / float64(total))
		}
		if done {
			break
		}
	}
	rates.fill(&m.Series)
	met := sm.Metrics()
	sm.Fill(&snap)
	var live sim.Bytes
	for c := range snap.Heap.OldLive {
		live += snap.Heap.OldLive[c] + snap.Heap.YoungLive[c]
	}
	m.LiveAtEndMB = round3(live.MiB())
	m.Outcome = "completed"
	if r := sm.StopReason(); r != "" && r != "workload finished" && r != "time limit" {
		m.Outcome = r
	}
	d := sim.Duration(v.Int("duration_s")) * sim.Second
	m.DurationS = d.Seconds()
	m.Requests = met.RequestsCompleted
	m.ThroughputRPS = round3(float64(met.RequestsCompleted) / d.Seconds())
	m.YoungGCsPerS = round3(float64(met.YoungGCs) / d.Seconds())
	m.FullGCsPerS = round3(float64(met.FullGCs) / d.Seconds())
	m.GCTimePct = round3(100 * float64(met.GCPauseTotal) / float64(d))
	m.PromotionRateMBs = round3(met.Promoted.MiB() / d.Seconds())
	if lastAt > firstAt {
		m.AllocationRateMBs = round3((lastAlloc - firstAlloc).MiB() / sim.Duration(lastAt-firstAt).Seconds())
	}
	// The live set after Full GC as `loomsim run` reports it (old_live_after_full_gc_mb).
	if met.FullGCs > 0 {
		m.OldAfterFullMB = num(met.OldLiveAfterFull.MiB())
		m.OldAfterLastFullMB = num(lastFullLive.MiB())
	}
	if edenN > 0 {
		m.EdenMB = num(edenSum / float64(edenN))
	}
	if met.G1Marks > 0 {
		m.MarkMs = num(float64(met.G1MarkTime) / float64(met.G1Marks) / float64(sim.Millisecond))
	}
	return m, nil
}
