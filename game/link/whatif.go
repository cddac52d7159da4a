package link

import (
	"slices"
	"sort"
	"strings"

	"github.com/loomlab/loomlab/sim/scenario"
)

// A model fitted to a GC log (package fit) travels as a gc-lab link: the fitted knobs are the
// link's knobs, and the GC-log panel's what-if travels in one more parameter, never the log:
//
//	whatif=gc:g1,heap_mb:256        KNOB:VALUE pairs, "," between them
//
// Only the knobs the panel's what-if changes may appear there.

// WhatIfKnobs are the knobs a fitted model's what-if changes (the GC-log panel's controls).
var WhatIfKnobs = []string{"heap_mb", "gc", "state", "threads"}

// whatIf reads the what-if parameter. A bad pair is reported and left out; the rest still loads.
func (r *reader) whatIf(l *Link, sc *scenario.Scenario) {
	s, ok := r.first("whatif")
	if !ok || s == "" {
		return
	}
	if sc.ID != "gc-lab" {
		r.bad("link: whatif=%q belongs to gc-lab (a model fitted to a GC log), not %s; ignored", s, sc.ID)
		return
	}
	for _, part := range strings.Split(s, ",") {
		k, v, found := strings.Cut(part, ":")
		var knob *scenario.Knob
		if found {
			knob, _ = sc.Knob(k)
		}
		switch {
		case !found:
			r.bad("link: whatif: %q is not KNOB:VALUE (e.g. heap_mb:256)", part)
		case !slices.Contains(WhatIfKnobs, k) || knob == nil:
			r.bad("link: whatif: %q: a what-if changes only %s", part, strings.Join(WhatIfKnobs, ", "))
		case l.WhatIf[k] != "":
			r.bad("link: whatif: %s is given twice; using the first", k)
		case !knob.Accepts(v):
			r.bad("link: whatif: %s=%q is not allowed: %s", k, v, knob.Allowed())
		default:
			if l.WhatIf == nil {
				l.WhatIf = map[string]string{}
			}
			l.WhatIf[k] = v
		}
	}
}

// whatIfQuery renders the what-if's pairs in a stable order.
func whatIfQuery(w map[string]string) string {
	keys := make([]string, 0, len(w))
	for k := range w {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ":" + w[k]
	}
	return strings.Join(parts, ",")
}
