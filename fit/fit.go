package fit

import (
	"math"

	"github.com/loomlab/loomlab/gclog"
)

// Result is what `loomsim gclog fit --json` prints and the page's importGCLog resolves as fit.
type Result struct {
	Scenario string            `json:"scenario"`
	Knobs    map[string]string `json:"knobs"`
	Quality  Quality           `json:"quality"`
}

// maxRuns bounds the fit's model runs: one from the log alone, then corrections.
const maxRuns = 4

// closeEnough ends the corrections: the allocation rate and the live set both within 3 %.
const closeEnough = 0.03

// Fit chooses gc-lab knobs for the log, runs the model and reports the fit's quality. It returns
// the last run too, whose series the page draws over the log's charts. progress, if not nil,
// hears the fraction done over all runs.
func Fit(l *gclog.Log, progress func(float64)) (*Result, *Model, error) {
	b, err := ReadBasis(l)
	if err != nil {
		return nil, nil, err
	}
	k := firstKnobs(b)
	target := liveTarget(b)
	var m *Model
	runs := 0
	for runs < maxRuns {
		r := runs
		m, err = RunModel(k.set(), func(f float64) {
			if progress != nil {
				progress((float64(r) + f) / maxRuns)
			}
		})
		if err != nil {
			return nil, nil, err
		}
		runs++
		allocOff := m.AllocationRateMBs/b.AllocationRateMBs - 1
		liveOff := 0.0
		var liveNow float64
		if k.state == "pooled" && target != nil && *target > 0 {
			liveNow = modelLive(b, m)
			liveOff = liveNow / *target - 1
		}
		if math.Abs(allocOff) <= closeEnough && math.Abs(liveOff) <= closeEnough || runs == maxRuns {
			break
		}
		if m.AllocationRateMBs > 0 {
			k.correctRate(m.AllocationRateMBs / b.AllocationRateMBs)
		}
		if liveOff != 0 {
			k.setCache(float64(k.cacheMaxKB) + (*target-liveNow)*1024/float64(k.threads))
		}
	}
	if progress != nil {
		progress(1)
	}
	m.Series.OffsetS = round3(b.window.First.Seconds() - firstTime(m))
	return &Result{Scenario: "gc-lab", Knobs: k.set(), Quality: quality(b, m, runs)}, m, nil
}

// modelLive is the model's figure for what liveTarget read from the log, measured the same way.
func modelLive(b *Basis, m *Model) float64 {
	if b.OldAfterLastFull != nil && m.OldAfterLastFullMB != nil {
		return *m.OldAfterLastFullMB
	}
	if n := len(m.Series.OldMB); n > 0 && b.OldAfterLastFull == nil {
		return m.Series.OldMB[n-1]
	}
	return m.LiveAtEndMB
}

// correctRate scales the request rate by 1/ratio (the model allocated ratio times the log's
// rate): a request cycle ratio times as long, or, with the backend call already at its shortest,
// more garbage per request.
func (k *knobs) correctRate(ratio float64) {
	cycle := float64(k.backendMS) + cpuUS/1000.0
	want := float64(cycle*ratio) - cpuUS/1000.0 // rounded product: no fused multiply-add anywhere
	if want >= 1 {
		k.backendMS = min(int(math.Round(want)), 60000)
		return
	}
	k.backendMS = 1
	perReq := perRequestKB(k.garbageKB) / ratio * (cycle / (1 + cpuUS/1000.0))
	k.garbageKB = min(max(0, int(math.Ceil(perReq-perRequestKB(0)))), 1048576)
}

func firstTime(m *Model) float64 {
	if len(m.Series.TimeS) == 0 {
		return 0
	}
	return m.Series.TimeS[0]
}
