package gclog

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSeriesColumnsAndRates(t *testing.T) {
	for _, name := range []string{"parallel-100m-nr8-pooled.log", "g1-64m-pooled.log", "parallel-100m-plain.log"} {
		l := readRealLog(t, name)
		s := l.Series()
		sum := l.Summary()
		n := len(l.Events)
		assert.Equal(t, 1, s.Stride, name)
		for _, col := range [][]*float64{s.BeforeMB, s.AfterMB, s.CommitMB, s.OldMB, s.PauseMS} {
			assert.Len(t, col, n, name)
		}
		assert.Len(t, s.TimeS, n)
		assert.Len(t, s.Kind, n)
		// The windows' rates add up to the summary's allocation over the same span.
		require.NotEmpty(t, s.AllocationMBs, name)
		var total float64
		for _, r := range s.AllocationMBs {
			total += *r * s.RateWindowS
		}
		var first, last float64
		for _, e := range l.Events {
			if e.HasHeap {
				if first == 0 {
					first = e.Time.Seconds()
				}
				last = e.Time.Seconds()
			}
		}
		assert.InEpsilon(t, *sum.AllocationRateMBs*(last-first), total, 0.01, name)
		if sum.PromotedMB == nil {
			assert.Nil(t, s.PromotionMBs[0], "%s: no gc+heap lines, no promotion", name)
		}
		_, err := json.Marshal(s)
		require.NoError(t, err)
	}
	z := readRealLog(t, "zgc-128m-pooled.log").Series()
	assert.Empty(t, z.AllocationMBs, "no rates for a concurrent collector")
}

func TestSeriesKeepsFullGCsWhenThinning(t *testing.T) {
	l := &Log{Collector: Parallel}
	for i := range MaxSeriesPoints*2 + 10 {
		k := Young
		if i%1001 == 0 {
			k = Full
		}
		l.Events = append(l.Events, Event{Kind: k, Time: Nanos(i) * 1e6, HasHeap: true, Before: 10 * MB, After: MB})
	}
	s := l.Series()
	assert.Equal(t, 3, s.Stride)
	fulls := 0
	for _, k := range s.Kind {
		if k == Full {
			fulls++
		}
	}
	assert.Equal(t, (len(l.Events)+1000)/1001, fulls)
	assert.LessOrEqual(t, len(s.TimeS), MaxSeriesPoints+fulls)
}

// The chart columns and rate windows of the real Parallel excerpt, worked out by hand: GC(0) and
// GC(1) at 2.168 and 3.033 s, GC(74) and the Full GC(75) at 8.805 and 9.099 s. The windows are
// 1 s wide (6.931 s / 60 windows is less), eight of them from 2.168 s; each interval's allocation
// and each young GC's promotion goes into the window where it ends.
func TestSeriesOfARealExcerpt(t *testing.T) {
	l, err := parseString(parallelExcerpt)
	require.NoError(t, err)
	s := l.Series()
	vals := func(col []*float64) []any {
		out := []any{}
		for _, v := range col {
			if v == nil {
				out = append(out, nil)
			} else {
				out = append(out, *v)
			}
		}
		return out
	}
	assert.Equal(t, []float64{2.168, 3.033, 8.805, 9.099}, s.TimeS)
	assert.Equal(t, []Kind{Young, Young, Young, Full}, s.Kind)
	assert.Equal(t, []any{9.0, 12.0, 93.0, 93.0}, vals(s.BeforeMB))
	assert.Equal(t, []any{3.0, 4.0, 89.0, 42.0}, vals(s.AfterMB))
	assert.Equal(t, []any{99.0, 99.0, 96.0, 96.0}, vals(s.CommitMB))
	assert.Equal(t, []any{2.098, 3.542, 87.296, 42.335}, vals(s.OldMB)) // ParOldGen after: 2148K, 3627K, 89391K, 43351K
	assert.Equal(t, []any{99.676, 59.342, 4.386, 256.009}, vals(s.PauseMS))
	assert.Equal(t, 1.0, s.RateWindowS)
	assert.Equal(t, []float64{2.168, 3.168, 4.168, 5.168, 6.168, 7.168, 8.168, 9.168}, s.RateTimeS)
	// (12-3) MB in the first window; (93-4) + (93-89) MB in the seventh.
	assert.Equal(t, []any{9.0, 0.0, 0.0, 0.0, 0.0, 0.0, 93.0, 0.0}, vals(s.AllocationMBs))
	// GC(1) promoted 3627K-2148K, GC(74) 89391K-88828K; the Full GC is no promotion.
	assert.Equal(t, []any{1.444, 0.0, 0.0, 0.0, 0.0, 0.0, 0.55, 0.0}, vals(s.PromotionMBs))
}

// Rates need two GCs with heap sizes at different times; a long log's windows widen so that there
// are at most 61; without generations promotion is null.
func TestSeriesRateWindowsAtTheirBounds(t *testing.T) {
	young := func(at Nanos, before, after Bytes) Event {
		return Event{Kind: Young, Time: at, HasHeap: true, Before: before, After: after, Commit: 61 * MB}
	}
	one := (&Log{Collector: Parallel, Events: []Event{young(Second, 9*MB, 3*MB)}}).Series()
	assert.Empty(t, one.AllocationMBs, "one GC: no interval")
	same := (&Log{Collector: Parallel, Events: []Event{young(Second, 9*MB, 3*MB), young(Second, 12*MB, 4*MB)}}).Series()
	assert.Empty(t, same.AllocationMBs, "two GCs at the same time: no span")
	two := (&Log{Collector: Parallel, Events: []Event{young(Second, 9*MB, 3*MB), young(2500*Millisecond, 12*MB, 4*MB)}}).Series()
	assert.Equal(t, []float64{1, 2, 3}, two.RateTimeS, "1.5 s: two 1 s windows and the one the end falls in")
	require.Len(t, two.AllocationMBs, 3)
	assert.Equal(t, 9.0, *two.AllocationMBs[1], "12-3 MB in the window where the interval ends")
	assert.Equal(t, []*float64{nil, nil, nil}, two.PromotionMBs)

	// From 60 s to 180 s: 120 s in 60 windows of 2 s; the GC at 120 s ends its interval in the
	// 31st window (60 s / 2 s), the last in the 61st.
	long := (&Log{Collector: Parallel, Events: []Event{young(60*Second, 9*MB, 3*MB), young(120*Second, 12*MB, 4*MB),
		young(180*Second, 14*MB, 5*MB)}}).Series()
	assert.Equal(t, 2.0, long.RateWindowS, "120 s in 60 windows")
	require.Len(t, long.RateTimeS, 61)
	assert.Equal(t, 60.0, long.RateTimeS[0])
	assert.Equal(t, 120.0, long.RateTimeS[30])
	assert.Equal(t, 180.0, long.RateTimeS[60])
	assert.Equal(t, 4.5, *long.AllocationMBs[30], "12-3 MB over a 2 s window")
	assert.Equal(t, 5.0, *long.AllocationMBs[60], "14-4 MB over a 2 s window")
	// The same with an old gen that grows 2 MB in the GC at 120 s: 1 MB/s in its window.
	withOld := []Event{young(60*Second, 9*MB, 3*MB), young(120*Second, 12*MB, 4*MB), young(180*Second, 14*MB, 5*MB)}
	withOld[1].Gens = []Generation{{Space: OldGen, Name: "ParOldGen", Before: 10 * MB, After: 12 * MB}}
	promo := (&Log{Collector: Parallel, Events: withOld}).Series().PromotionMBs
	require.Len(t, promo, 61)
	assert.Equal(t, 1.0, *promo[30])
	assert.Equal(t, 0.0, *promo[60])
}

// A G1 mixed GC's promotion counts in its window: testdata/gclog/g1-64m-pooled.log's GC(32) and
// GC(33), two mixed GCs 17 ms apart; old regions 39 -> 37, then 37 -> 38 (1 MB regions), so the
// first window has 1 MB of promotion.
func TestSeriesMixedPromotion(t *testing.T) {
	l, err := parseString(`[0.077s][info][gc,init] Heap Region Size: 1M
[17.576s][info][gc,heap     ] GC(32) Old regions: 39->37
[17.576s][info][gc          ] GC(32) Pause Young (Mixed) (G1 Evacuation Pause) 43M->39M(64M) 6.061ms
[17.593s][info][gc,heap     ] GC(33) Old regions: 37->38
[17.593s][info][gc          ] GC(33) Pause Young (Mixed) (G1 Evacuation Pause) 41M->40M(64M) 5.230ms
`)
	require.NoError(t, err)
	promo := l.Series().PromotionMBs
	require.Len(t, promo, 2)
	require.NotNil(t, promo[0])
	assert.Equal(t, 1.0, *promo[0])
}

// A concurrent cycle has no pause and ZGC no committed size: both columns are null there.
func TestSeriesNullsForAConcurrentCycle(t *testing.T) {
	l, err := parseString(`[0.068s][info][gc] Using The Z Garbage Collector
[1.835s][info][gc,start    ] GC(0) Garbage Collection (Warmup)
[2.515s][info][gc          ] GC(0) Garbage Collection (Warmup) 14M(11%)->12M(9%)
`)
	require.NoError(t, err)
	s := l.Series()
	require.Len(t, s.PauseMS, 1)
	assert.Nil(t, s.PauseMS[0])
	assert.Nil(t, s.CommitMB[0])
	assert.Equal(t, 12.0, *s.AfterMB[0])
}

// Every event is kept up to MaxSeriesPoints of them; one more halves the rows, and so on: the
// stride is the smallest that keeps at most MaxSeriesPoints.
func TestSeriesStrideBound(t *testing.T) {
	for n, stride := range map[int]int{MaxSeriesPoints: 1, MaxSeriesPoints + 1: 2, 2 * MaxSeriesPoints: 2, 2*MaxSeriesPoints + 1: 3} {
		l := &Log{Collector: Parallel}
		for i := range n {
			l.Events = append(l.Events, Event{Kind: Young, Time: Nanos(i) * 1e6})
		}
		assert.Equal(t, stride, l.Series().Stride, "%d events", n)
	}
}

// The unrecognised lines' examples reach the series; a log without any gives an empty list, not
// null.
func TestSeriesUnknownExamples(t *testing.T) {
	l, err := parseString("[0.04s][info][gc] Using Parallel\nsome other program's line\n")
	require.NoError(t, err)
	assert.Equal(t, []UnknownLine{{Line: 2, Text: "some other program's line"}}, l.Series().UnknownExamples)
	l, err = parseString("[0.04s][info][gc] Using Parallel\n")
	require.NoError(t, err)
	ex := l.Series().UnknownExamples
	assert.NotNil(t, ex)
	assert.Empty(t, ex)
}
