package main

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Report is everything BENCHMARKS.md shows.
type Report struct {
	Date    time.Time
	Machine Machine
	Cases   string // -cases
	Min     time.Duration
	Engine  *Engine
	Native  *Cases
	Sweep   *Sweep
	Wasm    *Cases
	Browser *Browser
	Sizes   []Size
	Notes   string // bench/notes.md, hand-written, included as is
	Took    time.Duration
}

// notesFile holds what a generated report cannot say: what limits a missed
// budget and what was tried. It is copied into BENCHMARKS.md.
const notesFile = "bench/notes.md"

func readNotes() string {
	b, err := os.ReadFile(notesFile)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// The budgets of design.md.
const (
	budgetNativeSpeed = 30.0
	budgetWasmSpeed   = 10.0
	budgetFrameMs     = 8.0
	budgetFPS         = 60.0
	budgetGzipBytes   = 3 << 20
	budgetFirstFrameS = 3.0
	budgetRef         = "vt-pooling/4g-pool"
	// Issue 13's goals beside design.md's: the native run's peak RSS and
	// the eight-point, two-sided heap sweep.
	budgetNativeRSSMB = 50
	budgetSweepS      = 60.0
	budgetTableS      = 30.0
)

// Markdown renders the report.
func (r *Report) Markdown() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# Benchmarks\n\n")
	p("Written by `make bench` (`go run ./bench`); do not edit by hand (notes go in `%s`). ", notesFile)
	p("Benchmarks never fail the tests: a missed budget is reported here, not enforced.\n\n")
	p("- **Date:** %s\n", r.Date.UTC().Format("2006-01-02 15:04 UTC"))
	m := r.Machine
	p("- **Machine:** %s, %d logical CPUs, %s MB memory, %s\n", m.CPU, m.CPUs, thousands(float64(m.MemoryMB)), m.Kernel)
	p("- **Toolchain:** %s", m.Go)
	if m.Node != "" {
		p("; %s", m.Node)
	}
	if r.Browser != nil && r.Browser.Chromium != "" {
		p("; %s (headless, SwiftShader WebGL2)", r.Browser.Chromium)
	}
	p("\n- **Load:** the machine is shared; each section gives the 1-minute load average before → after it.\n")
	if r.Took > 0 {
		p("- **Took:** %s for the whole run (`-cases=%s`).\n", r.Took.Round(time.Second), r.Cases)
	}
	p("\n")

	r.budgets(p)
	if r.Notes != "" {
		p("## Notes\n\n%s\n\n", r.Notes)
	}
	if e := r.Engine; e != nil {
		p("## Engine micro-benchmarks\n\n`%s` — %s, %s.\n\n", e.Command, e.Load, e.Took.Round(time.Second))
		units := engineUnits(e.Rows)
		p("| benchmark |")
		for _, u := range units {
			p(" %s |", u)
		}
		p("\n|---|%s\n", strings.Repeat("--:|", len(units)))
		for _, row := range e.Rows {
			p("| %s |", row.Name)
			for _, u := range units {
				p(" %s |", value(row, u))
			}
			p("\n")
		}
		p("\n")
	}
	r.sweepSection(p)
	if c := r.Native; c != nil {
		p("## Article cases, native\n\n")
		p("Every case of every scenario run to completion by the built `loomsim run SCENARIO/CASE --json`, one process per run, ")
		p("repeated until the runs add up to %s of wall time%s. *wall s* is the median of the runs' own wall times (`wall_seconds`); ", r.Min, r.goalNote(" (%s, the goal case, at least %d times)"))
		p("*peak RSS* is the process's maximum resident set size (getrusage), read through a small helper process (bench/rssexec), ")
		if c.RSSFloor > 0 {
			p("which reports %s for `true`: smaller peaks read as that. ", mbOrDash(c.RSSFloor))
		}
		p("%s%s, %s.\n\n", shortNote(r.Cases), c.Load, c.Took.Round(time.Second))
		p("| case | outcome | virtual s | wall s | runs | virtual s / wall s | events/s | peak RSS |\n|---|---|--:|--:|--:|--:|--:|--:|\n")
		for _, run := range c.Runs {
			p("| %s | %s | %s | %s | %d | %s | %s | %s |\n", caseName(run), run.Outcome, sig3(run.SimSeconds),
				sig3(run.WallSeconds), run.Runs, speed(run.Speed()), thousands(run.EventsPerSecond()), mbOrDash(run.PeakRSS))
		}
		p("\n")
		timedMore(p, c.Runs, "runs")
	}
	if w := r.Wasm; w != nil {
		p("## Article cases, wasm under node\n\n")
		p("The same cases, built with GOOS=js GOARCH=wasm (`bench/wasmrun`) and run under node with Go's `wasm_exec_node.js`. ")
		p("A first run is cold: V8 runs baseline-compiled code until its optimising tier catches up, which weighs on short runs; ")
		p("when the first run takes under %s, warm runs follow until they add up to %s, and *wall s* is their mean (*first run s* is the cold one).%s ", wasmWarm, r.Min, r.goalNote(" %s, the goal case, runs in %d node processes and the median one is shown."))
		p("*wasm ÷ native* is the ratio of the wall times. *node RSS* includes node itself; *Go memory* is the wasm linear memory. ")
		p("%s%s, %s.\n\n", shortNote(r.Cases), w.Load, w.Took.Round(time.Second))
		p("| case | first run s | wall s | warm runs | virtual s / wall s | events/s | wasm ÷ native | node RSS | Go memory |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		var tw, tn float64
		for _, run := range w.Runs {
			ratio := "–"
			if n := r.native(run.Ref); n != nil && n.WallSeconds > 0 {
				ratio = fmt.Sprintf("%.1f×", run.WallSeconds/n.WallSeconds)
				tw += run.WallSeconds
				tn += n.WallSeconds
			}
			p("| %s | %s | %s | %d | %s | %s | %s | %s | %s |\n", caseName(run), sig3(run.FirstWall), sig3(run.WallSeconds), run.Runs,
				speed(run.Speed()), thousands(run.EventsPerSecond()), ratio, mbOrDash(run.PeakRSS), mbOrDash(int64(run.SysBytes)))
		}
		if tn > 0 {
			p("| **all cases** | | %s | | | | **%.1f×** | | |\n", sig3(tw), tw/tn)
		}
		p("\n")
		timedMore(p, w.Runs, "node processes")
	}
	if br := r.Browser; br != nil {
		r.browser(p, br)
	}
	if len(r.Sizes) > 0 {
		p("## Download\n\n")
		p("The two wasm files of dist/ and the pre-compressed copies beside them (gzip from the standard library at best compression, ")
		p("brotli at quality 11), as `go run ./build dist` writes them. MB here is 2^20 bytes, as in the build's log.\n\n")
		p("| file | raw | gzip | gzip bytes | brotli | brotli bytes |\n|---|--:|--:|--:|--:|--:|\n")
		for _, s := range r.Sizes {
			p("| %s | %s | %s | %s | %s | %s |\n", s.Name, mbOrDash(s.Raw), mbOrDash(s.Gz), bytesOrDash(s.Gz), mbOrDash(s.Br), bytesOrDash(s.Br))
		}
		p("\n")
	}
	return b.String()
}

func (r *Report) browser(p func(string, ...any), br *Browser) {
	p("## The page in headless Chromium\n\n")
	if br.Skipped != "" {
		p("Not measured: %s.\n\n", br.Skipped)
		return
	}
	p("dist/ built and served on 127.0.0.1 by the build program (`go run ./build serve`), driven with chromedp; window 1200×800 at device pixel ratio 1. %s, %s.\n\n", br.Load, br.Took.Round(time.Second))
	if len(br.Starts) > 0 {
		p("### Start\n\nMilliseconds after navigation, HTTP cache disabled (a first visit): the playground answered (`gameReadyMs`), ")
		p("the first simulation was loaded (`firstLoadMs`), the playground drew its first frame.\n\n")
		p("| navigation | playground answered | first simulation loaded | first frame |\n|--:|--:|--:|--:|\n")
		for i, s := range br.Starts {
			p("| %d | %s ms | %s ms | %s ms |\n", i+1, thousands(s.GameReadyMs), thousands(s.FirstLoadMs), thousands(s.FirstFrameMs))
		}
		p("\n")
		for _, t := range br.Transfers {
			p("The first navigation received %s %s-encoded: %s (%s bytes) over the wire.\n", t.Name, t.Encoding, mbOrDash(t.Bytes), thousands(float64(t.Bytes)))
		}
		if len(br.Transfers) > 0 {
			p("\n")
		}
	}
	if len(br.Frames) > 0 {
		p("### Frames\n\nGo-side time per frame from the playground's `state().frame`: Update advances the simulator; Draw builds the display list ")
		p("and issues Ebiten's draw calls (the GPU work, done on the CPU by SwiftShader in Chromium's GPU process, is not in it). ")
		p("Median of %d samples of the median over the last 120 frames, and the largest sample of the 95th percentile (the browser's clock ", br.Frames[0].Samples)
		p("has 0.1 ms resolution); frames per second as Ebiten counts them, and the host page's animation frames per second.\n\n")
		p("| load | virtual threads | speed (virtual s/s) | update | update p95 | draw | draw p95 | update + draw | frames/s | page rAF/s |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		for _, f := range br.Frames {
			sp := "paused"
			if f.Play {
				sp = fmt.Sprintf("%g", f.Speed)
			}
			p("| %s | %s | %s | %.2f ms | %.2f ms | %.2f ms | %.2f ms | **%.2f ms** | %.0f | %.0f |\n", f.Label, thousands(float64(f.Virtual)), sp,
				f.UpdateMs, f.UpdateP95Ms, f.DrawMs, f.DrawP95Ms, f.UpdateMs+f.DrawMs, f.FPS, f.PageRAF)
		}
		p("\nLoads (`loomlab.load`):\n\n")
		for _, f := range br.Frames {
			p("- %s: `%s`\n", f.Label, f.Spec)
		}
		p("\n")
	}
	if w := br.Worker; w != nil {
		p("### Worker\n\n`loomlab.runFull` of %s in the page's Web Worker (sim-only wasm), the playground paused: ", w.Ref)
		p("%s virtual s in %s s (the worker's own clock; %s s from the page's call to the answer): **%s** real time, %s events/s.",
			sig3(w.SimSeconds), sig3(w.WallSeconds), sig3(w.PageSeconds), speed(ratio(w.SimSeconds, w.WallSeconds)),
			thousands(ratio(float64(w.Events), w.WallSeconds)))
		if len(w.Walls) > 1 {
			p(" The median of %d runs, one after another: %s s.", len(w.Walls), secondsList(w.Walls))
		}
		p("\n\n")
	}
	if t := br.Table; t != nil {
		p("### Article table\n\n`loomlab.verify(%q)` in a fresh page, the playground paused: every case's full run in the page's workers, %d at once, %d figures checked in %s s (%s).",
			t.Scenario, t.Workers, t.Checks, sig3(t.Seconds), t.Summary)
		if t.FirstChecks > 0 {
			p(" The table on the page fills in as the runs end: its first %d verdicts came at %s s.", t.FirstChecks, sig3(t.FirstSeconds))
		}
		p("\n\n")
	}
	if ps := br.Sweep; ps != nil {
		p("### Heap sweep\n\nThe heap sweep above (A heap sweep, native), run in a fresh page's sweep panel, the playground paused: %d runs in the page's workers, %d at once, from the click to \"done\" in %s s.\n\n",
			ps.Runs, ps.Workers, sig3(ps.Seconds))
	}
}

// budgets is the table of design.md's budgets against the measurements.
func (r *Report) budgets(p func(string, ...any)) {
	type row struct{ budget, target, measured, status string }
	var rows []row
	check := func(ok bool) string {
		if ok {
			return "met"
		}
		return "**missed**"
	}
	add := func(budget, target string, measured string, ok bool, have bool) {
		if !have {
			rows = append(rows, row{budget, target, "not measured", ""})
			return
		}
		rows = append(rows, row{budget, target, measured, check(ok)})
	}
	full := r.Cases == "all"
	n := r.native(budgetRef)
	add("full "+budgetRef+", native", fmt.Sprintf("≥ %g× real time", budgetNativeSpeed),
		speedOfRuns(n), n != nil && n.Speed() >= budgetNativeSpeed, n != nil && full)
	add("full "+budgetRef+", native peak RSS", fmt.Sprintf("≤ %d MB", budgetNativeRSSMB),
		mbOrDash(rssOf(n)), n != nil && rssOf(n) <= budgetNativeRSSMB<<20, n != nil && full && rssOf(n) > 0)
	if s := r.Sweep; s != nil {
		add("8-point two-sided heap sweep of vt-pooling, native", fmt.Sprintf("≤ %g s", budgetSweepS),
			fmt.Sprintf("%.1f s", s.WallSeconds), s.WallSeconds <= budgetSweepS, true)
	} else {
		add("8-point two-sided heap sweep of vt-pooling, native", fmt.Sprintf("≤ %g s", budgetSweepS), "", false, false)
	}
	var w *CaseRun
	if r.Wasm != nil {
		w = find(r.Wasm.Runs, budgetRef)
	}
	add("full "+budgetRef+", wasm (node)", fmt.Sprintf("≥ %g× real time", budgetWasmSpeed),
		speedOfRuns(w), w != nil && w.Speed() >= budgetWasmSpeed, w != nil && full)
	var wk *WorkerRun
	if r.Browser != nil {
		wk = r.Browser.Worker
	}
	if wk != nil {
		s := ratio(wk.SimSeconds, wk.WallSeconds)
		add("full "+budgetRef+", wasm (Chromium worker)", fmt.Sprintf("≥ %g× real time", budgetWasmSpeed), speedRuns(wk.SimSeconds, wk.WallSeconds, wk.Walls), s >= budgetWasmSpeed, true)
	} else {
		add("full "+budgetRef+", wasm (Chromium worker)", fmt.Sprintf("≥ %g× real time", budgetWasmSpeed), "", false, false)
	}
	var tb *TableRun
	if r.Browser != nil {
		tb = r.Browser.Table
	}
	if tb != nil {
		add(tb.Scenario+" article-vs-model table, in the browser", fmt.Sprintf("≤ %g s", budgetTableS),
			fmt.Sprintf("%.1f s", tb.Seconds), tb.Seconds <= budgetTableS, true)
	} else {
		add(tableScenario+" article-vs-model table, in the browser", fmt.Sprintf("≤ %g s", budgetTableS), "", false, false)
	}
	var ps *PageSweep
	if r.Browser != nil {
		ps = r.Browser.Sweep
	}
	if ps != nil {
		add("8-point two-sided heap sweep of vt-pooling, in the browser", fmt.Sprintf("≤ %g s", budgetSweepS),
			fmt.Sprintf("%.1f s", ps.Seconds), ps.Seconds <= budgetSweepS, true)
	} else {
		add("8-point two-sided heap sweep of vt-pooling, in the browser", fmt.Sprintf("≤ %g s", budgetSweepS), "", false, false)
	}
	var f10 *FrameRun
	if r.Browser != nil {
		for i := range r.Browser.Frames {
			if f := &r.Browser.Frames[i]; f.Virtual >= 5000 && f.Play && f10 == nil {
				f10 = f
			}
		}
	}
	if f10 != nil {
		t := f10.UpdateMs + f10.DrawMs
		add(fmt.Sprintf("%s virtual threads: update + draw (median)", thousands(float64(f10.Virtual))), fmt.Sprintf("≤ %g ms", budgetFrameMs),
			fmt.Sprintf("%.2f ms", t), t <= budgetFrameMs, true)
		add(fmt.Sprintf("%s virtual threads: frames per second", thousands(float64(f10.Virtual))), fmt.Sprintf("%g", budgetFPS),
			fmt.Sprintf("%.0f", f10.FPS), f10.FPS >= budgetFPS-2, true)
	} else {
		add("10,000 virtual threads: update + draw (median)", fmt.Sprintf("≤ %g ms", budgetFrameMs), "", false, false)
		add("10,000 virtual threads: frames per second", fmt.Sprintf("%g", budgetFPS), "", false, false)
	}
	var pg *Size
	for i := range r.Sizes {
		if r.Sizes[i].Name == "playground.wasm" {
			pg = &r.Sizes[i]
		}
	}
	add("playground wasm, gzip", "≤ 3 MB (2^20 bytes)", sizeOf(pg), pg != nil && pg.Gz <= budgetGzipBytes, pg != nil && pg.Gz >= 0)
	if r.Browser != nil && len(r.Browser.Starts) > 0 {
		ms := make([]float64, len(r.Browser.Starts))
		for i, s := range r.Browser.Starts {
			ms[i] = s.FirstFrameMs
		}
		slices.Sort(ms)
		med := ms[len(ms)/2]
		add("first frame after navigation (localhost, median)", fmt.Sprintf("≤ %g s", budgetFirstFrameS),
			fmt.Sprintf("%.2f s", med/1000), med/1000 <= budgetFirstFrameS, true)
	} else {
		add("first frame after navigation (localhost, median)", fmt.Sprintf("≤ %g s", budgetFirstFrameS), "", false, false)
	}
	p("## Budgets (design.md)\n\n| budget | target | measured | |\n|---|---|--:|---|\n")
	for _, x := range rows {
		p("| %s | %s | %s | %s |\n", x.budget, x.target, x.measured, x.status)
	}
	p("\n")
}

func (r *Report) native(ref string) *CaseRun {
	if r.Native == nil {
		return nil
	}
	return find(r.Native.Runs, ref)
}

func find(runs []CaseRun, ref string) *CaseRun {
	for i := range runs {
		if runs[i].Ref == ref {
			return &runs[i]
		}
	}
	return nil
}

// speedOfRuns formats c's speed, with the spread of its runs when it was
// timed more than once.
func speedOfRuns(c *CaseRun) string {
	if c == nil {
		return ""
	}
	return speedRuns(c.SimSeconds, c.WallSeconds, c.Walls)
}

// speedRuns formats the speed of sim virtual seconds in wall seconds, the
// median of the runs' walls, and with more than one run their range:
// "9.95× (median of 3 runs: 9.80–10.3×)".
func speedRuns(sim, wall float64, walls []float64) string {
	if len(walls) < 2 {
		return speed(ratio(sim, wall))
	}
	return fmt.Sprintf("%s (median of %d runs: %s–%s)", speed(ratio(sim, wall)), len(walls),
		sig3(ratio(sim, slices.Max(walls))), speed(ratio(sim, slices.Min(walls))))
}

func sizeOf(s *Size) string {
	if s == nil {
		return ""
	}
	return fmt.Sprintf("%s (%s bytes)", mbOrDash(s.Gz), thousands(float64(s.Gz)))
}

func bytesOrDash(b int64) string {
	if b <= 0 {
		return "–"
	}
	return thousands(float64(b))
}

func shortNote(mode string) string {
	if mode == "short" {
		return "**Short runs** (each scenario's Short knobs, shown with the case): a check of the pipeline, not comparable with full runs; "
	}
	return ""
}

func caseName(c CaseRun) string {
	if len(c.Set) == 0 {
		return c.Ref
	}
	return c.Ref + " (" + strings.Join(c.Set, " ") + ")"
}

// unitOrder is the order of the micro-benchmarks' columns; other units
// follow in name order.
var unitOrder = []string{"ns/event", "allocs/event", "events/s", "ns/op", "B/op", "allocs/op"}

// engineUnits lists the units the rows report, in column order.
func engineUnits(rows []EngineRow) []string {
	seen := map[string]bool{}
	for _, r := range rows {
		for u := range r.Values {
			seen[u] = true
		}
	}
	var out, rest []string
	for _, u := range unitOrder {
		if seen[u] {
			out = append(out, u)
			delete(seen, u)
		}
	}
	for u := range seen {
		rest = append(rest, u)
	}
	slices.Sort(rest)
	return append(out, rest...)
}

func value(row EngineRow, unit string) string {
	x, ok := row.Values[unit]
	switch {
	case !ok:
		return "–"
	case unit == "allocs/event":
		return sig3(x)
	case unit == "ns/event" || unit == "ns/op" && x < 100:
		return fixed1(x)
	}
	return thousands(x)
}

// goalNote fills format with the goal case and goalRuns when the goal case
// was timed goalRuns times (full-length cases), and is empty otherwise.
func (r *Report) goalNote(format string) string {
	if timesRun(budgetRef, r.Cases) < 2 {
		return ""
	}
	return fmt.Sprintf(format, budgetRef, goalRuns)
}

// timedMore gives, under a table of case runs, the wall times of the goal
// case's runs when it was timed several times (short cases repeated to
// add up to -min are not listed).
func timedMore(p func(string, ...any), runs []CaseRun, unit string) {
	for _, run := range runs {
		if run.Ref == budgetRef && len(run.Walls) > 1 {
			p("%s was timed in %d %s, one after another, for its goal; *wall s* is their median: %s s.\n\n",
				caseName(run), len(run.Walls), unit, secondsList(run.Walls))
		}
	}
}

// secondsList lists wall times: "5.82, 6.03 and 5.91".
func secondsList(walls []float64) string {
	var parts []string
	for _, x := range walls {
		parts = append(parts, sig3(x))
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// speed formats a virtual-seconds-per-wall-second ratio.
func speed(x float64) string {
	if x <= 0 {
		return "–"
	}
	return sig3(x) + "×"
}

func fixed1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// sig3 formats x with three significant digits (more for large numbers).
func sig3(x float64) string {
	switch ax := math.Abs(x); {
	case x == 0:
		return "0"
	case ax >= 1000:
		return thousands(x)
	case ax >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case ax >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	case ax >= 1:
		return strconv.FormatFloat(x, 'f', 2, 64)
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}

// thousands rounds x to an integer and groups its digits: 1,484,212.
func thousands(x float64) string {
	s := strconv.FormatFloat(math.Round(math.Abs(x)), 'f', 0, 64)
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if x < 0 && math.Round(x) != 0 {
		return "-" + string(out)
	}
	return string(out)
}

func mbOrDash(b int64) string {
	if b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f MB", float64(b)/(1<<20))
}

// rssOf is a run's peak RSS, 0 when it has none.
func rssOf(c *CaseRun) int64 {
	if c == nil {
		return 0
	}
	return c.PeakRSS
}
