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
