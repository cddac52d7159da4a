package main

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// Sweep is the heap sweep issue 13's goal names: vt-pooling at eight heap
// sizes, pooled and not, every point a full run, natively and in parallel
// where the cores allow (`loomsim sweep`'s own scheduling).
type Sweep struct {
	Args        []string
	Points      int     // runs: points × sides
	WallSeconds float64 // the whole sweep, as the process took it
	PeakRSS     int64   // the sweep process's (the runs share it)
	Load        Load
}

// sweepSetup is the measured sweep, natively (sweepArgs) and in the page's
// sweep panel (pageSweep): the same runs both ways.
var sweepSetup = struct {
	ref, knob, lo, hi, n string
	sides, metrics       []string
}{"vt-pooling/1g-pool", "heap_mb", "512", "4096", "8", []string{"pool=true", "pool=false"}, []string{"throughput_rps", "full_gcs"}}

// sweepArgs is the measured sweep as `loomsim` arguments.
var sweepArgs = func() []string {
	st := sweepSetup
	args := []string{"sweep", st.ref, "--knob", st.knob + "=" + st.lo + ":" + st.hi + ":" + st.n}
	for _, sd := range st.sides {
		args = append(args, "--side", sd)
	}
	for _, m := range st.metrics {
		args = append(args, "--metric", m)
	}
	return append(args, "--json")
}()

// PageSweep is the same sweep run in a fresh page's sweep panel, the
// playground paused, as a reader runs it: from the click on "Run the
// sweep" to the panel's "done".
type PageSweep struct {
	Seconds float64 `json:"seconds"`
	Runs    int     `json:"runs"`
	// Workers is the most background workers that ran at once.
	Workers int `json:"workers"`
}

// pageSweep runs sweepSetup in the page at base (a fresh navigation).
func pageSweep(ctx context.Context, base string) (*PageSweep, error) {
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
		return nil, err
	}
	st := sweepSetup
	sc, cs, _ := strings.Cut(st.ref, "/")
	metrics, _ := json.Marshal(st.metrics)
	js := fmt.Sprintf(`(async () => {
  await loomlab.ready;
  await loomlab.load({scenario: %q, case: %q, seed: 1});
  loomlab.pause();
  loomlab.workersAtOnce();
  const set = (id, v) => {
    const e = document.getElementById(id);
    e.value = v;
    e.dispatchEvent(new Event("change", {bubbles: true}));
    if (e.value !== v) throw new Error("the sweep panel has no " + id + " " + v);
  };
  set("sweep-knob", %q); set("sweep-lo", %q); set("sweep-hi", %q); set("sweep-n", %q); set("sweep-sides", %q);
  for (const box of document.querySelectorAll("#sweep-metrics input")) box.checked = %s.includes(box.value);
  document.getElementById("sweep-metrics").dispatchEvent(new Event("change", {bubbles: true}));
  const label = document.getElementById("sweep-label");
  const t0 = performance.now();
  document.getElementById("sweep-run").click();
  await new Promise((done) => { const iv = setInterval(() => { if (label.textContent.startsWith("done")) { clearInterval(iv); done(); } }, 100); });
  const r = loomlab.sweep.result().sweep;
  return {seconds: (performance.now() - t0) / 1000, runs: r.results.reduce((n, s) => n + s.outcomes.length, 0), workers: loomlab.workersAtOnce()};
})()`, sc, cs, st.knob, st.lo, st.hi, st.n, strings.Join(st.sides, "|"), metrics)
	ps := &PageSweep{}
	if err := evalAwait(ctx, js, ps, 20*time.Minute); err != nil {
		return nil, fmt.Errorf("the heap sweep in the page: %v", err)
	}
	return ps, nil
}

// runSweep times sweepArgs with the built loomsim (bin). Full runs only:
// with -cases=short it is not measured.
func runSweep(bin string) (*Sweep, error) {
	sw := &Sweep{Args: sweepArgs, Load: startLoad()}
	// loomsim sweep --json: per side, its points' outcomes.
	var out struct {
		Results []struct {
			Outcomes []string `json:"outcomes"`
		} `json:"results"`
	}
	p, err := runJSON(bin, sweepArgs, &out)
	if err != nil {
		return nil, fmt.Errorf("loomsim %s: %v", strings.Join(sweepArgs, " "), err)
	}
	sw.Load.end()
	for _, r := range out.Results {
		sw.Points += len(r.Outcomes)
	}
	if sw.Points == 0 {
		return nil, fmt.Errorf("loomsim %s: no runs in its JSON", strings.Join(sweepArgs, " "))
	}
	sw.WallSeconds, sw.PeakRSS = p.wall.Seconds(), p.maxRSS
	logf("bench: sweep %d runs in %.1f s wall on %d CPUs, peak RSS %s", sw.Points, sw.WallSeconds, runtime.NumCPU(), mb(sw.PeakRSS))
	return sw, nil
}

// sweepSection writes the sweep's paragraph.
func (r *Report) sweepSection(p func(string, ...any)) {
	s := r.Sweep
	if s == nil {
		return
	}
	p("## A heap sweep, native\n\n`loomsim %s`: %d full runs (8 heap sizes × pooled and not), %s of wall time, peak RSS %s — %s.\n\n",
		strings.Join(s.Args, " "), s.Points, (time.Duration(s.WallSeconds * float64(time.Second))).Round(100*time.Millisecond), mbOrDash(s.PeakRSS), s.Load)
}
