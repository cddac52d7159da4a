package fit

import (
	"fmt"
	"math"
	"sort"

	"github.com/loomlab/loomlab/gclog"
)

// Tolerances, the same as `loomsim jvm`'s comparison of the model with a real JVM: rates within a
// factor, the old gen after Full GC within a relative band.
const (
	RateFactor = 1.5
	OldBand    = 0.15
	// cliffShare: a live set above this share of the old gen leaves Full GCs on a cliff (see quality).
	cliffShare = 0.85
)

// Quality is how close the fitted model came to the log.
type Quality struct {
	WindowS float64  `json:"window_s"` // the log's span the rates are over
	Runs    int      `json:"runs"`     // model runs the fit took
	Metrics []Row    `json:"metrics"`
	Notes   []string `json:"notes"`
}

// Row is one metric: the log's value, the model's, their ratio (model / log) and the verdict:
// "within" or "miss" the tolerance, "agree" when neither has any, "info" for a figure with no
// tolerance.
type Row struct {
	Metric    string   `json:"metric"`
	Log       *float64 `json:"log"`
	Model     *float64 `json:"model"`
	Ratio     *float64 `json:"ratio"`
	Tolerance string   `json:"tolerance"`
	Verdict   string   `json:"verdict"`
}

func quality(b *Basis, m *Model, runs int) Quality {
	q := Quality{WindowS: b.WindowS, Runs: runs, Notes: []string{}}
	q.Metrics = []Row{
		rateRow("young GCs per second", b.YoungGCsPerS, m.YoungGCsPerS),
		rateRow("Full GCs per second", b.FullGCsPerS, m.FullGCsPerS),
		bandRow("old gen after Full GC (MB)", b.OldAfterFullMB, m.OldAfterFullMB),
		infoRow("GC time share (%)", num(b.GCTimePct), num(m.GCTimePct)),
		rateRow("allocation rate (MB/s)", b.AllocationRateMBs, m.AllocationRateMBs),
		infoRow("promotion rate (MB/s)", b.PromotionRateMBs, num(m.PromotionRateMBs)),
		infoRow("eden at a young GC (MB)", b.EdenMB, m.EdenMB),
	}
	if share := b.PauseCPUShare(); share != nil {
		q.Metrics = append(q.Metrics, infoRow("GC threads' share of their cores in pauses", share, nil))
		q.Notes = append(q.Notes, fmt.Sprintf("In the log's pauses the GC threads had %.2f CPUs (User+Sys over Real), %.2f of "+
			"each of their %d cores' time: the JVM shared its machine with other work. The model fitted here has the whole "+
			"machine (cpu_share 1); `--set cpu_share=%.2f` gives it the share the GC threads had, a lower bound of the "+
			"JVM's (in a pause the GC threads also wait for one another).", *b.PauseCPUs, *share, b.GCThreads, *share))
	}
	q.Notes = append(q.Notes, fmt.Sprintf("The log does not count threads: the fit takes %s threads from what a young "+
		"collection keeps (requests in flight, each holding gc-lab's %d KB of data and buffer), then chooses what each "+
		"keeps (state, cache_max_kb) and how often it makes a request (backend_ms) to meet the log's allocation rate and "+
		"live set.", m.Knobs["threads"], dataKB+stickyKB))
	if b.WindowS > maxModelS {
		q.Notes = append(q.Notes, fmt.Sprintf("The log spans %.0f s from its first collection; the model runs %d s of the "+
			"same workload, and rates per second are compared.", b.WindowS, maxModelS))
	}
	if b.OldAfterLastFull == nil {
		q.Notes = append(q.Notes, "The log has no Full GC, so it does not show the live set: the fit takes the old gen after "+
			"the last collection, which also holds garbage promoted since, as an upper bound.")
	}
	if live := liveTarget(b); live != nil && b.OldCapacityMB != nil && *b.OldCapacityMB > 0 &&
		*live > cliffShare**b.OldCapacityMB && q.Metrics[1].Verdict == "miss" {
		q.Notes = append(q.Notes, fmt.Sprintf("The live set (%.1f MB) fills %.0f %% of the old gen (%.1f MB): Full GCs are on a cliff "+
			"here, where a little more surviving each young GC turns a few Full GCs into one after nearly every young GC, so "+
			"their rate is the least certain figure of this fit.", *live, 100**live / *b.OldCapacityMB, *b.OldCapacityMB))
	}
	if b.Collector == "g1" {
		gap := "G1 sizes its young generation after each pause from its pause-time goal (MaxGCPauseMillis) and the regions " +
			"left free; the model's G1 does the same from its own pause costs, which are the project's defaults, not the " +
			"logged machine's, so the two edens can differ."
		if b.EdenMB != nil && m.EdenMB != nil {
			gap += fmt.Sprintf(" Here the log's eden averaged %.1f MB, the model's %.1f MB", *b.EdenMB, *m.EdenMB)
			if r := *m.EdenMB / *b.EdenMB; r > RateFactor || r*RateFactor < 1 {
				gap += ", so young GCs per second cannot match"
			}
			gap += "."
		}
		q.Notes = append(q.Notes, gap)
		if b.FullGCsPerS > 0 && m.FullGCsPerS == 0 {
			q.Notes = append(q.Notes, g1NoFullNote(b, m))
		}
	}
	q.Notes = append(q.Notes, "GC time share depends on the machine the JVM ran on (its pause times); the model's CPUs "+
		"serve only this workload, so the share is shown, not judged.")
	return q
}

func ratio(log, model float64) *float64 {
	if log == 0 {
		return nil
	}
	return num(model / log)
}

// rateRow: within the factor either way; a ratio exactly at it is within.
func rateRow(name string, log, model float64) Row {
	r := Row{Metric: name, Log: num(log), Model: num(model), Ratio: ratio(log, model), Tolerance: "×1.5"}
	switch {
	case log == 0 && model == 0:
		r.Verdict = "agree"
	case log > 0 && model > 0 && model <= log*RateFactor*(1+1e-9) && model*RateFactor*(1+1e-9) >= log:
		r.Verdict = "within"
	default:
		r.Verdict = "miss"
	}
	return r
}

// bandRow: within OldBand of the log's value; a side without the figure (no Full GC) agrees only
// with another without it.
func bandRow(name string, log, model *float64) Row {
	r := Row{Metric: name, Log: log, Model: model, Tolerance: "±15 %"}
	switch {
	case log == nil && model == nil:
		r.Verdict = "agree"
	case log == nil || model == nil:
		r.Verdict = "miss"
	default:
		r.Ratio = ratio(*log, *model)
		if math.Abs(*model-*log) <= OldBand**log {
			r.Verdict = "within"
		} else {
			r.Verdict = "miss"
		}
	}
	return r
}

func infoRow(name string, log, model *float64) Row {
	r := Row{Metric: name, Log: log, Model: model, Tolerance: "—", Verdict: "info"}
	if log != nil && model != nil {
		r.Ratio = ratio(*log, *model)
	}
	return r
}

// PauseCPUShare is the part of their cores' time the GC threads had in the log's pauses: the
// CPUs they had over their number, at most 1; nil when the log has no gc+cpu lines.
func (b *Basis) PauseCPUShare() *float64 {
	if b.PauseCPUs == nil || b.GCThreads < 1 {
		return nil
	}
	return num(math.Min(1, *b.PauseCPUs/float64(b.GCThreads)))
}

// g1NoFullNote says that the model's G1 had no Full GC where the log's had some, with how long the
// log's concurrent cycles and the model's markings took: the figures a reader needs to judge whether
// marking time is the difference.
func g1NoFullNote(b *Basis, m *Model) string {
	n := "The log's G1 fell back to Full GCs (after evacuation failures: its old gen ran out of free regions); " +
		"the model's G1 did not"
	var cycles []float64
	for _, e := range b.window.Events {
		if e.Kind == gclog.Concurrent && e.Duration > 0 {
			cycles = append(cycles, float64(e.Duration)/1e6)
		}
	}
	if len(cycles) > 0 && m.MarkMs != nil {
		sort.Float64s(cycles)
		n += fmt.Sprintf(". The log's concurrent cycles took %.0f ms (the median of %d), the model's markings %.0f ms "+
			"on average (each counted until the young pause that found it done)", cycles[len(cycles)/2], len(cycles), *m.MarkMs)
	}
	return n + ". Full GCs per second and the old gen after a Full GC cannot be compared on this log."
}
