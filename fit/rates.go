package fit

import "math"

// maxRateWindows matches gclog's: the model's rates are averaged over as many windows as the log's.
const maxRateWindows = 60

// modelRates sums the model's allocation between collections and its promotion at each into
// windows of equal length, as gclog.Series does for a log, so the two draw on one chart.
type modelRates struct {
	width        float64
	alloc, promo []float64
}

func newModelRates(durationS float64) *modelRates {
	w := max(1.0, durationS/maxRateWindows)
	n := int(math.Ceil(durationS/w)) + 1
	return &modelRates{width: w, alloc: make([]float64, n), promo: make([]float64, n)}
}

// add counts allocation and promotion (MiB) that ended at atS.
func (r *modelRates) add(atS, allocMB, promoMB float64) {
	i := min(max(0, int(atS/r.width)), len(r.alloc)-1)
	r.alloc[i] += allocMB
	r.promo[i] += promoMB
}

// fill writes the windows' rates (MiB/s) into the series.
func (r *modelRates) fill(s *Series) {
	s.RateWindowS = round3(r.width)
	s.RateTimeS = make([]float64, len(r.alloc))
	s.AllocationMBs = make([]float64, len(r.alloc))
	s.PromotionMBs = make([]float64, len(r.alloc))
	for i := range r.alloc {
		s.RateTimeS[i] = round3(float64(i) * r.width)
		s.AllocationMBs[i] = round3(r.alloc[i] / r.width)
		s.PromotionMBs[i] = round3(r.promo[i] / r.width)
	}
}
