package gclog

import "math"

// MaxSeriesPoints bounds how many events the chart series keep, so a long log's charts stay quick
// to send and draw; Full GCs are always kept.
const MaxSeriesPoints = 20_000

// maxRateWindows is how many windows the allocation and promotion rates are averaged over.
const maxRateWindows = 60

// Series is a log's events as columns for charts: times in seconds from the log's origin, sizes in
// MiB, pauses in milliseconds. A value the log does not give is null (NaN never reaches JSON).
type Series struct {
	// One row per kept event: every one of them when the log has no more than MaxSeriesPoints,
	// else every n-th and every Full GC.
	TimeS    []float64  `json:"time_s"`
	Kind     []Kind     `json:"kind"`
	BeforeMB []*float64 `json:"before_mb"` // the heap's occupancy before the event
	AfterMB  []*float64 `json:"after_mb"`
	CommitMB []*float64 `json:"committed_mb"`
	OldMB    []*float64 `json:"old_after_mb"` // the old generation after the event, when gc+heap lines give it
	PauseMS  []*float64 `json:"pause_ms"`     // null for a concurrent cycle, whose time is not a pause
	Stride   int        `json:"stride"`       // 1: every event kept

	// Rates over windows of equal length: window i starts at RateTimeS[i]. Allocation is the heap's
	// growth between collections, promotion the old gen's growth during young and mixed ones (the
	// Summary's definitions); null where the log cannot give them.
	RateTimeS       []float64     `json:"rate_time_s"`
	AllocationMBs   []*float64    `json:"allocation_mb_s"`
	PromotionMBs    []*float64    `json:"promotion_mb_s"`
	RateWindowS     float64       `json:"rate_window_s"`
	UnknownExamples []UnknownLine `json:"unknown_examples"`
}

// Series returns the log's chart columns.
func (l *Log) Series() Series {
	// Empty columns, not null ones, for a log with no events: a chart of nothing is still a chart.
	s := Series{Stride: 1, UnknownExamples: l.UnknownExamples, TimeS: []float64{}, Kind: []Kind{}, BeforeMB: []*float64{},
		AfterMB: []*float64{}, CommitMB: []*float64{}, OldMB: []*float64{}, PauseMS: []*float64{},
		RateTimeS: []float64{}, AllocationMBs: []*float64{}, PromotionMBs: []*float64{}}
	if s.UnknownExamples == nil {
		s.UnknownExamples = []UnknownLine{}
	}
	if n := len(l.Events); n > MaxSeriesPoints {
		s.Stride = (n + MaxSeriesPoints - 1) / MaxSeriesPoints
	}
	for i := range l.Events {
		e := &l.Events[i]
		if i%s.Stride != 0 && e.Kind != Full {
			continue
		}
		s.TimeS = append(s.TimeS, round3(e.Time.Seconds()))
		s.Kind = append(s.Kind, e.Kind)
		if e.HasHeap {
			s.BeforeMB = append(s.BeforeMB, mib(e.Before))
			s.AfterMB = append(s.AfterMB, mib(e.After))
		} else {
			s.BeforeMB = append(s.BeforeMB, nil)
			s.AfterMB = append(s.AfterMB, nil)
		}
		if e.Commit > 0 {
			s.CommitMB = append(s.CommitMB, mib(e.Commit))
		} else {
			s.CommitMB = append(s.CommitMB, nil)
		}
		if _, after, ok := e.Old(); ok {
			s.OldMB = append(s.OldMB, mib(after))
		} else {
			s.OldMB = append(s.OldMB, nil)
		}
		if e.Kind == Concurrent {
			s.PauseMS = append(s.PauseMS, nil)
		} else {
			s.PauseMS = append(s.PauseMS, num(e.Pause.Millis()))
		}
	}
	if l.Collector != ZGC && l.Collector != Shenandoah {
		s.rates(l)
	}
	return s
}

// rates sums each interval's allocation (and each young GC's promotion) into the window where
// the interval ends.
func (s *Series) rates(l *Log) {
	var heap []*Event
	for i := range l.Events {
		if l.Events[i].HasHeap {
			heap = append(heap, &l.Events[i])
		}
	}
	if len(heap) < 2 {
		return
	}
	from, to := heap[0].Time.Seconds(), heap[len(heap)-1].Time.Seconds()
	if to <= from {
		return
	}
	width := max(1.0, (to-from)/maxRateWindows)
	n := int(math.Ceil((to-from)/width)) + 1
	n = min(n, maxRateWindows+1)
	alloc := make([]float64, n)
	promo := make([]float64, n)
	hasPromo := make([]bool, n)
	for i := 1; i < len(heap); i++ {
		e, prev := heap[i], heap[i-1]
		w := min(n-1, int((e.Time.Seconds()-from)/width))
		alloc[w] += max(0, e.Before-prev.After).MiB()
		if e.Kind == Young || e.Kind == Mixed {
			if before, after, ok := e.Old(); ok {
				promo[w] += max(0, after-before).MiB()
				hasPromo[w] = true
			}
		}
	}
	anyPromo := false
	for _, h := range hasPromo {
		anyPromo = anyPromo || h
	}
	s.RateWindowS = round3(width)
	for w := range n {
		s.RateTimeS = append(s.RateTimeS, round3(from+float64(w)*width))
		s.AllocationMBs = append(s.AllocationMBs, num(alloc[w]/width))
		if anyPromo {
			s.PromotionMBs = append(s.PromotionMBs, num(promo[w]/width))
		} else {
			s.PromotionMBs = append(s.PromotionMBs, nil)
		}
	}
}
