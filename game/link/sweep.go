package link

import (
	"slices"
	"strings"

	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/loomlab/loomlab/sweep"
)

// The sweep panel's setup travels in three parameters; the link's
// scenario, case, knobs and seed are the sweep's base:
//
//	sweep=heap_mb:512:4096:8        the knob, LO:HI:N, and ":log" for log spacing
//	sweep_side=pool=true|pool=false sides, "|" between them, "," between a side's values
//	sweep_metric=throughput_rps,full_gcs
//
// Package sweep checks each part, as it does for `loomsim sweep`.

// sweepSideSep separates sides in sweep_side (a side's own values are
// separated by commas, and no knob value contains "|").
const sweepSideSep = "|"

// sweep reads the sweep parameters. A bad part is reported and left out
// (the rest of the link still loads); a range that does not run with the
// link's knobs on its sides drops the whole sweep.
func (r *reader) sweep(l *Link, sc *scenario.Scenario) {
	swept := ""
	if s, ok := r.first("sweep"); ok {
		rg, err := sweep.ParseRange(sc, s)
		if err != nil {
			r.bad("link: %v", sweep.ForThePage(err))
		} else {
			l.Sweep, swept = rg.String(), rg.Knob
		}
	}
	if s, ok := r.first("sweep_side"); ok && s != "" {
		for _, text := range strings.Split(s, sweepSideSep) {
			side, err := sweep.ParseSide(sc, l.Spec.Case, text)
			switch {
			case err != nil:
				r.bad("link: sweep_side: %v", err)
			case side.Set[swept] != "":
				r.bad("link: sweep_side: %q sets %s, the knob swept; left out", text, swept)
			case slices.Contains(l.SweepSides, side.Label):
				r.bad("link: sweep_side: %q is given twice", text)
			case len(l.SweepSides) == sweep.MaxSides:
				r.bad("link: sweep_side: more than %d sides; %q left out", sweep.MaxSides, text)
			default:
				l.SweepSides = append(l.SweepSides, side.Label)
			}
		}
	}
	if s, ok := r.first("sweep_metric"); ok && s != "" {
		allowed := sweep.Metrics(sc)
		for _, m := range strings.Split(s, ",") {
			switch {
			case !slices.Contains(allowed, m):
				r.bad("link: sweep_metric: unknown metric %q: %s reports %s", m, sc.ID, strings.Join(allowed, ", "))
			case !slices.Contains(l.SweepMetrics, m):
				l.SweepMetrics = append(l.SweepMetrics, m)
			}
		}
	}
	if l.Sweep == "" {
		if _, given := r.values["sweep"]; !given && (len(l.SweepSides) > 0 || len(l.SweepMetrics) > 0) {
			r.bad("link: sweep_side and sweep_metric need sweep=KNOB:LO:HI:N; ignored")
		}
		l.SweepSides, l.SweepMetrics = nil, nil
		return
	}
	if _, err := sweep.Parse(l.SweepRequest()); err != nil {
		r.bad("link: sweep: %v; the sweep is left out", err)
		l.Sweep, l.SweepSides, l.SweepMetrics = "", nil, nil
	}
}

// SweepRequest is the link's sweep as package sweep reads it: on the
// link's case, with its knobs except the one swept, its seed, its sides
// and its metrics (the scenario's first when it names none, as the panel
// shows it).
func (l *Link) SweepRequest() sweep.Request {
	q := sweep.Request{Ref: l.Spec.Scenario + "/" + l.Spec.Case, Knob: l.Sweep, Set: map[string]string{},
		Sides: l.SweepSides, Metrics: l.SweepMetrics, Seed: l.Spec.Seed}
	swept, _, _ := strings.Cut(l.Sweep, ":")
	for k, v := range l.Spec.Knobs {
		if k != swept {
			q.Set[k] = v
		}
	}
	if len(q.Metrics) == 0 {
		if sc, err := scenario.Get(l.Spec.Scenario); err == nil {
			if m := sweep.Metrics(sc); len(m) > 0 {
				q.Metrics = m[:1]
			}
		}
	}
	return q
}
