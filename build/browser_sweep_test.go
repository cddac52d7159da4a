package main

// The sweep panel in the browser: a small sweep set up through the panel's
// controls runs in the background workers, draws one line per side (ink of
// the side's mark on the charts' canvases, legend entries A, B, C), equals `loomsim sweep --json`
// for the same setup, downloads loomsim's CSV, and survives a reload
// through the link.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/loomlab/loomlab/sweep"
)

// sweepArgs are loomsim's flags for the setup the test makes in the panel.
var sweepArgs = []string{"sweep", "request-load/pool-200", "--set", "requests=400", "--knob", "pool_size=50:400:4",
	"--side", "executor=pool", "--side", "executor=platform-per-task", "--side", "executor=virtual",
	"--metric", "elapsed_ms", "--metric", "os_threads_peak", "--seed", "3"}

func TestSweepPanel(t *testing.T) {
	b := newBrowser(t)
	bin := filepath.Join(t.TempDir(), "loomsim")
	if out, err := exec.Command("go", "build", "-o", bin, filepath.Join(suite.root, "cmd", "loomsim")).CombinedOutput(); err != nil {
		t.Fatalf("building loomsim: %v\n%s", err, out)
	}
	loomsim := func(extra ...string) []byte {
		out, err := exec.Command(bin, append(append([]string{}, sweepArgs...), extra...)...).Output()
		if err != nil {
			t.Fatalf("loomsim %v: %v", extra, err)
		}
		return out
	}

	// The page reports six cores, more than this machine has: with the
	// playground paused, the sweep's twelve runs go to six workers at once
	// (one per core, under the ceiling the device's memory sets), not to at
	// most four as before.
	const cores = 6
	b.reportCores(t, cores)
	b.goTo("/")
	b.load(t, `{scenario: "request-load", case: "pool-200", knobs: {requests: 400}, seed: 3}`)
	b.sweepControls(t, "pool_size", "50", "400", "4", "executor=pool|executor=platform-per-task|executor=virtual", "elapsed_ms", "os_threads_peak")
	b.eval(`loomlab.pause(), loomlab.workersAtOnce(), true`, nil)
	// Every version of the result table while the runs go on is kept: the
	// lines grow as the runs end.
	cells := `[...document.querySelectorAll("#sweep-result tbody td")].map(e => e.textContent)`
	b.eval(`(() => {
		window.__sweepTables = [];
		new MutationObserver(() => {
			if (!document.getElementById("sweep-label").textContent.startsWith("done"))
				window.__sweepTables.push({cells: `+cells+`, marks: document.getElementById("sweep-marks")?.textContent ?? ""});
		}).observe(document.getElementById("sweep-table"), {childList: true, subtree: true});
		return true;
	})()`, nil)
	page := b.runSweep(t)
	var final []string
	b.eval(cells, &final)
	var tables []struct {
		Cells []string
		Marks string
	}
	b.eval(`window.__sweepTables`, &tables)
	partial := false
	for _, tb := range tables {
		v := tb.Cells
		waiting := 0
		for i, c := range v {
			if c == "…" {
				waiting++
			} else if i >= len(final) || c != final[i] {
				t.Errorf("while the sweep went on, cell %d read %q; once it had ended, %q", i, c, final[min(i, len(final)-1)])
			}
		}
		if waiting > 0 && waiting < len(v) {
			partial = true
		}
		if waiting > 0 && !strings.Contains(tb.Marks, "… a run not ended yet") {
			t.Errorf("a table with runs still to come does not say what … means: %q", tb.Marks)
		}
	}
	if !partial {
		t.Errorf("the sweep's table never showed some runs' values while others went on: %d versions %q", len(tables), tables)
	}
	var atOnce int
	b.eval(`loomlab.workersAtOnce()`, &atOnce)
	if want := min(cores, b.workerCeiling(t), 12); atOnce != want {
		t.Errorf("the sweep's 12 runs took %d workers at once on %d cores with the playground paused, want %d", atOnce, cores, want)
	}

	// The numbers are loomsim's.
	want := stripWall(t, loomsim("--json"))
	if got := stripWall(t, page); !reflect.DeepEqual(got, want) {
		t.Errorf("the page's sweep:\n%s\nloomsim sweep --json:\n%s", got, want)
	}
	// A thread per task and the virtual threads never read pool_size:
	// their flat lines are said to be no finding, as loomsim's table says.
	var key string
	b.eval(`document.getElementById("sweep-chart-key")?.textContent ?? ""`, &key)
	for _, side := range []string{"B: executor=platform-per-task", "C: executor=virtual"} {
		if w := side + ": every point ran the same (the same events and metrics), so its runs do not use pool_size."; !strings.Contains(key, w) {
			t.Errorf("the charts' key %q lacks %q", key, w)
		}
	}
	if strings.Contains(key, "A: executor=pool: every point") {
		t.Errorf("the pool's side, whose runs read pool_size, is said to be flat: %q", key)
	}

	// One line per side: each side's mark (its neutral ink, sidemarks.ts)
	// is inked inside the plotting area of some chart.
	sides := []string{"chart-ink", "chart-ink-mid", "chart-ink-light"}
	inks := []map[string]int{b.chartInk(t, "#sweep-chart-elapsed_ms", sides...), b.chartInk(t, "#sweep-chart-os_threads_peak", sides...)}
	for i, v := range sides {
		if inks[0][v]+inks[1][v] < 100 {
			t.Errorf("side %c: %v pixels of its ink (--%s) on the charts; no line drawn", 'A'+i, inks, v)
		}
	}
	var legend []string
	b.eval(`[...document.querySelectorAll("#sweep-chart-elapsed_ms .u-legend .u-series .u-label")].map(e => e.textContent)`, &legend)
	if len(legend) != 3 || !strings.HasPrefix(legend[0], "A: ") || !strings.HasPrefix(legend[1], "B: ") || !strings.HasPrefix(legend[2], "C: ") {
		t.Errorf("the sweep chart's legend should name the sides A, B, C: %q", legend)
	}
	// Each chart says what it shows in a sentence: loomsim's finding.
	findings, _ := want["findings"].(map[string]any)
	for _, m := range []string{"elapsed_ms", "os_threads_peak"} {
		var got string
		b.eval(`document.querySelector("#sweep-chart-`+m+` .finding")?.textContent ?? ""`, &got)
		if w, _ := findings[m].(string); w == "" || got != w {
			t.Errorf("the %s chart's finding reads %q; loomsim sweep --json's is %q", m, got, w)
		}
		// A sentence a line.
		var breaks int
		b.eval(`document.querySelectorAll("#sweep-chart-`+m+` .finding br").length`, &breaks)
		if w, _ := findings[m].(string); breaks != strings.Count(w, ". ") || breaks == 0 {
			t.Errorf("the %s chart's finding has %d line breaks for its sentences: %q", m, breaks, w)
		}
	}
	var rows int
	b.eval(`document.querySelectorAll("#sweep-result tbody tr").length`, &rows)
	if rows != 4 {
		t.Errorf("the result table has %d rows, want one per point (4)", rows)
	}
	b.saveSweepShot(t, "sweep-panel")

	// The CSV download is loomsim's --csv.
	if got, want := b.download(t, "sweep-csv"), string(loomsim("--csv")); got != want {
		t.Errorf("downloaded CSV:\n%s\nloomsim sweep --csv:\n%s", got, want)
	}

	// The link carries the setup; a reload restores it and gives the same numbers.
	var href string
	b.eval(`location.href`, &href)
	for _, p := range []string{"sweep=pool_size%3A50%3A400%3A4", "sweep_side=executor%3Dpool%7Cexecutor%3Dplatform-per-task%7Cexecutor%3Dvirtual",
		"sweep_metric=elapsed_ms%2Cos_threads_peak"} {
		if !strings.Contains(href, p) {
			t.Errorf("the link %s lacks %s", href, p)
		}
	}
	var before, after map[string]any
	b.eval(`loomlab.sweep.request()`, &before)
	b.goTo(strings.TrimPrefix(href, b.base))
	b.eval(`loomlab.sweep.request()`, &after)
	if !reflect.DeepEqual(before, after) {
		t.Errorf("after a reload the panel asks for\n%v\nnot\n%v", after, before)
	}
	if again := stripWall(t, b.runSweep(t)); !reflect.DeepEqual(again, want) {
		t.Errorf("after a reload the sweep gives\n%s\nnot\n%s", again, want)
	}

	// A bad range is refused by the simulator's words, and the page keeps working.
	b.setInput(t, "sweep-lo", "500")
	var msg string
	b.evalAwait(`loomlab.sweep.run().then(() => "", e => e.message)`, &msg, 30*time.Second)
	if !strings.Contains(msg, "LO 500 must be below HI 400") {
		t.Errorf("a sweep from 500 to 400: %q", msg)
	}

	t.Run("a knob whose 0 is not set starts at 1", func(t *testing.T) { b.sweepUnsetZero(t) })
	t.Run("one side", func(t *testing.T) { b.sweepOneSide(t, bin) })
	t.Run("runs that stopped early", func(t *testing.T) { b.sweepStoppedRuns(t, bin) })
	t.Run("lines that cross", func(t *testing.T) { b.sweepCrossings(t, bin) })
	t.Run("a cancelled sweep puts back the last one", func(t *testing.T) { b.sweepCancelRestores(t) })
}

// sweepUnsetZero: gc-lab's new_ratio is 0 in its case, which passes no
// -XX:NewRatio flag at all. Choosing it in the panel proposes a range from
// 1 (from 0 it proposed 0..10, whose first point, the JVM's own sizing,
// was drawn as if it were a ratio), and a range from 0 is refused in the
// simulator's words while the panel keeps working. A knob with a sweep
// hint (loom-carrier's heap_mb) proposes the hint instead.
func (b *browser) sweepUnsetZero(t *testing.T) {
	b.load(t, `{scenario: "gc-lab", case: "pooled", seed: 1}`)
	var rng string
	b.eval(`(() => {
		const k = document.getElementById("sweep-knob");
		k.value = "new_ratio"; k.dispatchEvent(new Event("change", {bubbles: true}));
		return document.getElementById("sweep-lo").value + ".." + document.getElementById("sweep-hi").value })()`, &rng)
	if rng != "1..11" {
		t.Errorf("new_ratio at 0 (no flag): the panel proposes %s, want 1..11", rng)
	}
	b.setInput(t, "sweep-lo", "0")
	var msg string
	b.evalAwait(`loomlab.sweep.run().then(() => "", e => e.message)`, &msg, 30*time.Second)
	// The page has no command line: the default is run from the setup form.
	if !strings.Contains(msg, "0 means no -XX:NewRatio flag") || !strings.Contains(msg, "set new_ratio to 0 in the setup form") || strings.Contains(msg, "loomsim run") {
		t.Errorf("a sweep of new_ratio from 0: %q", msg)
	}
	// loom-carrier leaves heap_mb at 0 (the JVM's default heap): half to
	// twice 0 is nothing to sweep, so the knob's own proposal is used.
	b.load(t, `{scenario: "loom-carrier", case: "unlimited-vthreads", seed: 1}`)
	b.eval(`(() => {
		const k = document.getElementById("sweep-knob");
		k.value = "heap_mb"; k.dispatchEvent(new Event("change", {bubbles: true}));
		return ["lo", "hi", "n"].map((x) => document.getElementById("sweep-" + x).value).join(":") +
			(document.getElementById("sweep-log").checked ? ":log" : "") })()`, &rng)
	if rng != "256:4096:5" {
		t.Errorf("loom-carrier's heap_mb at 0 (the JVM's default): the panel proposes %s, want 256:4096:5", rng)
	}
}

// oneSideArgs: loom-carrier's resident memory against its heap, the case
// alone.
var oneSideArgs = []string{"sweep", "loom-carrier/unlimited-vthreads", "--knob", "heap_mb=256:4096:3", "--metric", "rss_mb", "--seed", "1"}

// sweepOneSide: a chart of one side has no legend (the axes name the knob
// and the metric; a newcomer asked what a legend of one line was for) and
// says in words how its line goes, as loomsim does.
func (b *browser) sweepOneSide(t *testing.T, bin string) {
	b.load(t, `{scenario: "loom-carrier", case: "unlimited-vthreads", seed: 1}`)
	b.sweepControls(t, "heap_mb", "256", "4096", "3", "", "rss_mb")
	b.runSweepAsCLI(t, bin, oneSideArgs)
	var legends int
	b.eval(`[...document.querySelectorAll("#sweep-chart-rss_mb .u-legend")].filter(e => e.offsetParent !== null).length`, &legends)
	if legends != 0 {
		t.Errorf("a one-side chart shows %d legends", legends)
	}
	var finding string
	b.eval(`document.querySelector("#sweep-chart-rss_mb .finding")?.textContent ?? ""`, &finding)
	if want := "rss_mb rises from 481 at heap_mb 256 MB to 4,342 at 4,096 MB, steadily (about +1,005 for each 1,000 MB)."; finding != want {
		t.Errorf("the one-side chart's finding: %q, want %q", finding, want)
	}
	b.saveSweepShot(t, "sweep-one-side")
}

// crossingArgs: heap sweeps of a small vt-pooling. Over 128..1,024 MB the
// pooled side overtakes the unpooled one between 427 and 725 MB and falls
// behind again between 725 and 1,024 MB, under a percent apart at 725: the
// lines tie there. Over 256..768 MB it overtakes between 512 and 768 MB.
func crossingArgs(heap string) []string {
	return []string{"sweep", "vt-pooling/1g-pool", "--set", "connections=3000", "--set", "pool_size=3000",
		"--set", "warmup_s=1", "--set", "measure_s=4", "--knob", "heap_mb=" + heap, "--side", "pool=true", "--side", "pool=false",
		"--metric", "throughput_rps", "--seed", "1"}
}

// tiePercent is sweep.TieShare as the page writes it ("1 %").
var tiePercent = fmt.Sprintf("%g %%", sweep.TieShare*100)

// sweepCrossings: where two sides' lines swap order between neighbouring
// points whose runs completed, the chart rings the point where its drawn
// segments meet and names the two swept values the crossing lies between,
// and the key says why only that much is known. Where they swap there and
// back around one point at which they are under a percent apart, it rings
// that point once: the lines tie.
func (b *browser) sweepCrossings(t *testing.T, bin string) {
	b.load(t, `{scenario: "vt-pooling", case: "1g-pool", knobs: {connections: "3000", pool_size: "3000", warmup_s: "1", measure_s: "4"}, seed: 1}`)
	b.sweepControls(t, "heap_mb", "128", "1024", "4", "pool=true|pool=false", "throughput_rps")
	want := b.crossingMarksMatch(t, bin, crossingArgs("128:1024:4"))
	if len(want) != 1 || !strings.Contains(want[0], " tie ") {
		t.Fatalf("the setup over 128..1,024 MB should tie once: %q", want)
	}
	b.saveSweepShot(t, "sweep-crossings")
	b.sweepControls(t, "heap_mb", "256", "768", "3", "pool=true|pool=false", "throughput_rps")
	if want := b.crossingMarksMatch(t, bin, crossingArgs("256:768:3")); len(want) != 1 || !strings.Contains(want[0], "overtakes") {
		t.Fatalf("the setup over 256..768 MB should cross once: %q", want)
	}
}

// crossingMarksMatch runs the sweep set up in the panel (args: loomsim's
// for it), checks the chart's crossing and tie marks against the
// numbers, and returns their labels.
func (b *browser) crossingMarksMatch(t *testing.T, bin string, args []string) []string {
	t.Helper()
	page := b.runSweepAsCLI(t, bin, args)
	// The crossings, from the numbers: the sides' order at each point where
	// both runs completed; two around one point under 1 % apart are a tie.
	var res struct {
		Points  []float64
		Results []struct {
			Values   map[string][]*float64
			Outcomes []string
		}
	}
	if err := json.Unmarshal(page, &res); err != nil {
		t.Fatal(err)
	}
	a := res.Results[0]
	val := func(side, k int) float64 { return *res.Results[side].Values["throughput_rps"][k] }
	var want []string
	var spans [][2]int // the points a mark lies between (the same twice for a tie)
	lastK := -2
	for k := 0; k+1 < len(res.Points); k++ {
		if a.Outcomes[k] != "completed" || a.Outcomes[k+1] != "completed" {
			continue
		}
		d0, d1 := val(0, k)-val(1, k), val(0, k+1)-val(1, k+1)
		if d0*d1 >= 0 {
			continue
		}
		if lastK == k-1 && math.Abs(d0) <= sweep.TieShare*math.Max(math.Abs(val(0, k)), math.Abs(val(1, k))) {
			above := "A"
			if d0 < 0 {
				above = "B"
			}
			want[len(want)-1] = "A and B tie at " + sweep.Number(res.Points[k]) + " (" + above + " ahead there by under " + tiePercent + ")"
			spans[len(spans)-1] = [2]int{k, k}
			lastK = -2
			continue
		}
		up, down := "A", "B"
		if d1 < 0 {
			up, down = "B", "A"
		}
		want = append(want, fmt.Sprintf("%s overtakes %s between %s and %s", up, down, sweep.Number(res.Points[k]), sweep.Number(res.Points[k+1])))
		spans = append(spans, [2]int{k, k + 1})
		lastK = k
	}
	var got []struct {
		pixel
		Label  string
		Plate  plate
		Leader *[4]float64
	}
	b.eval(`loomlab.sweep.chartCrossings("throughput_rps")`, &got)
	var marks []struct{ Points []*pixel }
	b.eval(`loomlab.sweep.chartMarks("throughput_rps")`, &marks)
	if len(got) != len(want) {
		t.Fatalf("%d crossings marked, want %d (%q): %+v", len(got), len(want), want, got)
	}
	var rings []pixel
	for i, c := range got {
		if c.Label != want[i] {
			t.Errorf("crossing %d: label %q, want %q", i, c.Label, want[i])
		}
		// Between the two points on the knob's axis (at the point, for a
		// tie), and between the sides' values there.
		p0, p1 := marks[0].Points[spans[i][0]], marks[0].Points[spans[i][1]]
		q0, q1 := marks[1].Points[spans[i][0]], marks[1].Points[spans[i][1]]
		lo, hi := math.Min(math.Min(p0.Y, p1.Y), math.Min(q0.Y, q1.Y)), math.Max(math.Max(p0.Y, p1.Y), math.Max(q0.Y, q1.Y))
		inside := c.X > p0.X && c.X < p1.X
		if spans[i][0] == spans[i][1] {
			inside = math.Abs(c.X-p0.X) < 0.5
		}
		if !inside || c.Y < lo || c.Y > hi {
			t.Errorf("crossing %d at %+v: outside the span from %+v to %+v", i, c.pixel, *p0, *p1)
		}
		rings = append(rings, c.pixel)
	}
	// The words of two marks do not run into each other, and no words or
	// leader cover a point.
	for i := range got {
		for j := i + 1; j < len(got); j++ {
			if a, b := got[i].Plate, got[j].Plate; a.X < b.X+b.W && b.X < a.X+a.W && math.Abs(a.Y-b.Y) < (a.H+b.H)/2 {
				t.Errorf("the crossings' words overlap: %q at %+v and %q at %+v", got[i].Label, a, got[j].Label, b)
			}
		}
	}
	for _, c := range got {
		for s, mk := range marks {
			for j, p := range mk.Points {
				if p == nil {
					continue
				}
				if c.Plate.covers(*p, 3) || (c.Leader != nil && nearSegment(*p, *c.Leader, 3)) {
					t.Errorf("the words of %q (%+v, leader %v) cover side %c's point %d at %+v", c.Label, c.Plate, c.Leader, 'A'+s, j, *p)
				}
			}
		}
	}
	// The ring is drawn: the chart's ink at eight points around each centre
	// (radius 6 CSS pixels). Two lines cross a circle at four points at
	// most, so six or more inked points are the ring's.
	var dpr float64
	b.eval(`devicePixelRatio || 1`, &dpr)
	for i, c := range rings {
		around := make([]pixel, 8)
		for k := range around {
			a := float64(k) * math.Pi / 4
			around[k] = pixel{c.X + 6*dpr*math.Cos(a), c.Y + 6*dpr*math.Sin(a)}
		}
		inked := 0
		for _, n := range b.inkNear("throughput_rps", around, 1) {
			if n > 0 {
				inked++
			}
		}
		if inked < 6 {
			t.Errorf("crossing %d: the chart's ink at %d of 8 points around %+v, want a ring drawn", i, inked, c)
		}
	}
	// The key names each mark and says what it means, and only the marks
	// the charts have: no run here stopped before measuring.
	var key string
	b.eval(`document.getElementById("sweep-chart-key")?.textContent ?? ""`, &key)
	if strings.Contains(key, "dashed line marks") {
		t.Errorf("the charts' key names a dashed line no chart has: %q", key)
	}
	for _, w := range want {
		if !strings.Contains(key, w+" (throughput_rps)") {
			t.Errorf("the charts' key %q lacks %q", key, w)
		}
		explain := []string{"○ where one side's line overtakes another's", "The ring is an estimate, not a run", "lies somewhere between the two named"}
		if strings.Contains(w, " tie ") {
			explain = []string{"○ where two lines tie", "under " + tiePercent + " apart, too close to call, while the other side is ahead at the points on either side"}
		}
		for _, e := range explain {
			if !strings.Contains(key, e) {
				t.Errorf("the charts' key %q lacks %q", key, e)
			}
		}
	}
	return want
}

// stoppedArgs: a heap sweep of a small vt-pooling whose pooled side runs
// out of heap at its two lower points (OutOfMemoryError), while every
// unpooled run completes. The one at 64 MB stops (after 0.61 s) before its
// 1 s warm-up ends, so it measured no throughput or latency; the one at
// 160 MB stops inside its measurement window, and its p99 latency lies
// above every completed run's.
var stoppedArgs = []string{"sweep", "vt-pooling/1g-pool", "--set", "connections=3000", "--set", "pool_size=3000",
	"--set", "warmup_s=1", "--set", "measure_s=4", "--knob", "heap_mb=64:256:3", "--side", "pool=true", "--side", "pool=false",
	"--metric", "throughput_rps", "--metric", "latency_p99_ms", "--seed", "1"}

// sweepStoppedRuns: a run that stopped early is a cross in its side's ink,
// off the side's line (its value covers only the time before it stopped:
// joined to the line it would draw a trend the model never showed),
// labelled with its value (on the chart's edge, with an arrow, when the
// value lies beyond the completed runs' scale) or, with no cross, "not
// measured"; and the chart's key names it.
func (b *browser) sweepStoppedRuns(t *testing.T, bin string) {
	b.load(t, `{scenario: "vt-pooling", case: "1g-pool", knobs: {connections: "3000", pool_size: "3000", warmup_s: "1", measure_s: "4"}, seed: 1}`)
	b.sweepControls(t, "heap_mb", "64", "256", "3", "pool=true|pool=false", "throughput_rps", "latency_p99_ms")
	page := b.runSweepAsCLI(t, bin, stoppedArgs)
	var res struct {
		Results []struct {
			Values   map[string][]*float64
			Outcomes []string
			Runs     []struct {
				SimSeconds     float64 `json:"sim_seconds"`
				PlannedSeconds float64 `json:"planned_seconds"`
			}
		}
		NoRandomDraws bool `json:"no_random_draws"`
	}
	if err := json.Unmarshal(page, &res); err != nil {
		t.Fatal(err)
	}
	// The status counts the runs that stopped early ("16 runs" alone read
	// as sixteen that completed), and the table's caption says the swept
	// values stand in for the case's own one.
	early := 0
	for _, sr := range res.Results {
		for _, o := range sr.Outcomes {
			if o != "completed" {
				early++
			}
		}
	}
	var status, tableCaption string
	b.eval(`document.getElementById("sweep-label").textContent`, &status)
	b.eval(`document.querySelector("section.sweep table caption")?.textContent ?? ""`, &tableCaption)
	if want := fmt.Sprintf("6 runs (3 points × 2 compared settings; %d stopped early), which took ", early); early == 0 || !strings.Contains(status, want) {
		t.Errorf("the status %q should say %q", status, want)
	}
	if want := "; the case itself has 1,024)"; !strings.Contains(tableCaption, want) {
		t.Errorf("the table's caption %q should say %q", tableCaption, want)
	}
	// vt-pooling's durations are constants: the caption says no seed
	// would change the sweep, as `loomsim sweep` does.
	if !res.NoRandomDraws {
		t.Errorf("the premise: vt-pooling's runs draw nothing at random, yet the sweep says no_random_draws false")
	} else if want := "seed 1 (" + (&sweep.Result{NoRandomDraws: true}).SeedWords() + ")"; !strings.Contains(tableCaption, want) {
		t.Errorf("the table's caption %q should say %q", tableCaption, want)
	}
	type chartMarks []struct {
		Line    []*float64
		Points  []*pixel
		Crosses []struct {
			pixel
			Mark   bool
			Label  string
			Plate  plate
			Leader *[4]float64
			Letter *plate // the side's letter beside a cross whose label stands apart
			Spans  [][2]float64
		}
	}
	var dpr float64
	b.eval(`devicePixelRatio || 1`, &dpr)
	// drawn: side A's crosses drawn on the chart of metric m (those of runs
	// that measured m), after checking every side's line, crosses and labels.
	var unmeasured, offScale int
	drawn := func(m string) (crosses []pixel, gaps [][2]pixel, plates []plate, leaders [][4]float64) {
		var marks chartMarks
		b.eval(fmt.Sprintf(`loomlab.sweep.chartMarks(%q)`, m), &marks)
		if len(marks) != 2 || len(res.Results) != 2 {
			t.Fatalf("%s: want two sides drawn, got %d (result has %d)", m, len(marks), len(res.Results))
		}
		top := math.Inf(1) // the highest completed point (the least y)
		for s, sr := range res.Results {
			for j, o := range sr.Outcomes {
				if o == "completed" && marks[s].Points[j] != nil {
					top = math.Min(top, marks[s].Points[j].Y)
				}
			}
		}
		// No label's plate lies over a completed run's point (a newcomer
		// took a label over a point for part of that line), and a label
		// with no value is written in the plot's upper half, away from the
		// values near 0 (one low in the plot was read as a value near 0).
		var zero float64 // the y of the value 0, from two completed points
		var known []struct{ v, y float64 }
		for s, sr := range res.Results {
			for j, o := range sr.Outcomes {
				p := marks[s].Points[j]
				if o != "completed" || p == nil {
					continue
				}
				known = append(known, struct{ v, y float64 }{*sr.Values[m][j], p.Y})
				for _, mk := range marks {
					for _, c := range mk.Crosses {
						if c.Plate.covers(*p, 4*dpr) {
							t.Errorf("%s: the label %q (plate %+v) covers side %c's point %d at %+v", m, c.Label, c.Plate, 'A'+s, j, *p)
						}
						if c.Letter != nil && c.Letter.covers(*p, 4*dpr) {
							t.Errorf("%s: the letter beside the cross of %q (plate %+v) covers side %c's point %d at %+v", m, c.Label, *c.Letter, 'A'+s, j, *p)
						}
						if c.Leader != nil && nearSegment(*p, *c.Leader, 4*dpr) {
							t.Errorf("%s: the leader to the label %q (%v) runs through side %c's point %d at %+v", m, c.Label, *c.Leader, 'A'+s, j, *p)
						}
					}
				}
			}
		}
		for i := 1; i < len(known); i++ {
			if k0, k1 := known[0], known[i]; k1.v != k0.v {
				zero = k0.y - k0.v*(k1.y-k0.y)/(k1.v-k0.v)
				break
			}
		}
		for _, mk := range marks {
			for _, c := range mk.Crosses {
				plates = append(plates, c.Plate)
				if c.Leader != nil {
					leaders = append(leaders, *c.Leader)
				}
				if c.Letter != nil {
					plates = append(plates, *c.Letter)
				}
				if !c.Mark && c.Plate.Y > (zero+top)/2 {
					t.Errorf("%s: the label %q at y %.0f, in the lower half of the values (0 at y %.0f, the top point at %.0f)", m, c.Label, c.Plate.Y, zero, top)
				}
			}
		}
		for s, sr := range res.Results {
			mk := marks[s]
			values := sr.Values[m]
			k := 0 // mk.Crosses[k] is the next stopped run's
			for j, o := range sr.Outcomes {
				if o == "completed" {
					if mk.Line[j] == nil || *mk.Line[j] != *values[j] {
						t.Errorf("%s, side %c, point %d (completed): the line goes through %v, want %v", m, 'A'+s, j, mk.Line[j], *values[j])
					}
					continue
				}
				if mk.Line[j] != nil {
					t.Errorf("%s, side %c, point %d (%s): the line goes through it (%v); a run that stopped early is off the line", m, 'A'+s, j, o, *mk.Line[j])
				}
				if k >= len(mk.Crosses) {
					t.Errorf("%s, side %c, point %d (%s): no cross", m, 'A'+s, j, o)
					continue
				}
				c := mk.Crosses[k]
				k++
				// Labelled with its side, why it stopped (the setup's stops are
				// all out of memory), how long it ran (its value covers only
				// that) and its value: near the axis a cross reads as 0, and on
				// the chart's edge it has no axis to read. A run with no value
				// has its label and no cross, which would read as 0.
				// The setup plans 1 + 4 virtual s a run.
				if sr.Runs[j].PlannedSeconds != 5 {
					t.Errorf("%s, side %c, point %d: planned_seconds %v, want 5", m, 'A'+s, j, sr.Runs[j].PlannedSeconds)
				}
				stopped := fmt.Sprintf("%c: out of memory at %s s, ", 'A'+s, sweep.Number(sr.Runs[j].SimSeconds))
				if values[j] == nil {
					unmeasured++
					if want := fmt.Sprintf("%c: out of memory before measuring", 'A'+s); c.Label != want || c.Mark {
						t.Errorf("%s, side %c, point %d: label %q, cross drawn %v; want %q and no cross", m, 'A'+s, j, c.Label, c.Mark, want)
					}
					// Its place is a dashed line down the plot that stops
					// short of the other sides' points there: a shaded
					// column over them read as if they had not been
					// measured either.
					drawnLen := 0.0
					for _, sp := range c.Spans {
						drawnLen += sp[1] - sp[0]
						for o, other := range marks {
							if p := other.Points[j]; o != s && p != nil && p.Y > sp[0]-4*dpr && p.Y < sp[1]+4*dpr {
								t.Errorf("%s, side %c, point %d: its dashed line %v runs through side %c's point at y %.0f", m, 'A'+s, j, sp, 'A'+o, p.Y)
							}
						}
					}
					if drawnLen < 0.5*(zero-top) {
						t.Errorf("%s, side %c, point %d: its dashed line is %.0f px long, under half the values' height (%.0f px)", m, 'A'+s, j, drawnLen, zero-top)
					}
					continue
				}
				if want := stopped + sweep.Number(*values[j]) + " until then"; !strings.HasSuffix(c.Label, want) || !c.Mark {
					t.Errorf("%s, side %c, point %d: label %q, cross drawn %v; want a cross, its label ending %q", m, 'A'+s, j, c.Label, c.Mark, want)
				}
				// Well above every completed run's value (the scale's top is
				// ~1.06 times theirs, rounded up): on the chart's top edge,
				// above every point, with an arrow.
				if *values[j] > 1.2*maxOf(res.Results, m) {
					offScale++
					if !strings.HasPrefix(c.Label, "↑ ") || c.Y >= top {
						t.Errorf("%s, side %c, point %d: cross %q at y %.0f, want an arrow up and above the highest completed point (y %.0f)", m, 'A'+s, j, c.Label, c.Y, top)
					}
				}
				if s == 0 {
					crosses = append(crosses, c.pixel)
					if j+1 < len(sr.Outcomes) && sr.Outcomes[j+1] == "completed" {
						gaps = append(gaps, [2]pixel{c.pixel, *mk.Points[j+1]})
					}
				}
			}
			if k != len(mk.Crosses) {
				t.Errorf("%s, side %c: %d crosses for %d runs that stopped early", m, 'A'+s, len(mk.Crosses), k)
			}
		}
		return crosses, gaps, plates, leaders
	}
	// Side A's ink (sidemarks.ts: the strong neutral ink) at each cross, and
	// none half-way from a stopped run's cross to the completed run beside
	// it, where a line joining them would pass.
	for _, m := range []string{"throughput_rps", "latency_p99_ms"} {
		crosses, gaps, plates, leaders := drawn(m)
		if len(crosses) == 0 {
			t.Fatalf("%s: the setup should stop side A (pool=true) early, once after measuring: outcomes %+v", m, res.Results)
		}
		for i, n := range b.inkNear(m, crosses, 4) {
			if n < 4 {
				t.Errorf("%s: side A's cross %d at %+v: %d pixels of its ink, want a cross drawn inside the chart", m, i, crosses[i], n)
			}
		}
		// The labels are written where chartMarks says (only side A stops
		// here, and its labels are in its ink): else the checks of what
		// they cover looked at the wrong place.
		mids := make([]pixel, len(plates))
		for i, pl := range plates {
			mids[i] = pixel{pl.X + pl.W/2, pl.Y}
		}
		for i, n := range b.inkNear(m, mids, int(plates[0].H/2)-1) { // drawn() found crosses, so plates
			if n == 0 {
				t.Errorf("%s: no ink on the label's plate %+v: the label is not written where chartMarks puts it", m, plates[i])
			}
		}
		// Probed at a quarter, half and three quarters of the way, except
		// where a label's plate or the leader to it lies (both in the
		// side's ink).
		var probes []pixel
		var of []int
		for i, g := range gaps {
			n := 0
			for _, f := range []float64{0.25, 0.5, 0.75} {
				p := pixel{g[0].X + f*(g[1].X-g[0].X), g[0].Y + f*(g[1].Y-g[0].Y)}
				if !slices.ContainsFunc(plates, func(pl plate) bool { return pl.covers(p, 3) }) && !slices.ContainsFunc(leaders, func(l [4]float64) bool { return nearSegment(p, l, 3) }) {
					probes, of = append(probes, p), append(of, i)
					n++
				}
			}
			if n == 0 {
				t.Errorf("%s: side A: labels cover the whole way from a stopped run to the next point (%+v)", m, g)
			}
		}
		for i, n := range b.inkNear(m, probes, 2) {
			if n > 0 {
				t.Errorf("%s: side A: %d pixels of its ink at %+v, on the way from a stopped run to the next point (%+v): the line joins them", m, n, probes[i], gaps[of[i]])
			}
		}
	}
	if unmeasured != 2 || offScale != 1 {
		t.Errorf("the setup should stop side A once before measuring (2 labels 'before measuring', got %d) and once with a p99 latency above every completed run's (1, got %d)", unmeasured, offScale)
	}
	var key string
	b.eval(`document.getElementById("sweep-chart-key")?.textContent ?? ""`, &key)
	// It says what the compared sides are (the knob's help), what a cross
	// is, and names the run.
	for _, w := range []string{"pool=true: pool long-lived virtual threads", "× a run that stopped early: heap_mb=64 on A: pool=true ran out of memory after", "(java.lang.OutOfMemoryError",
		`"Before measuring": it stopped before that metric's measurement began`, `("… until then")`, "↑ or ↓: the value is beyond the chart's scale"} {
		if !strings.Contains(key, w) {
			t.Errorf("the charts' key %q lacks %q", key, w)
		}
	}
	// Each chart says what its metric counts (scenarios.json's
	// metricMeanings, from sim/scenario/metricmeaning.go).
	var caption string
	b.eval(`document.querySelector("#sweep-chart-throughput_rps figcaption").textContent`, &caption)
	sc, _, _ := scenario.ParseRef("vt-pooling")
	if want := "throughput_rps against heap_mb" + sc.MetricMeaning("throughput_rps"); caption != want {
		t.Errorf("the throughput chart's caption is %q, want %q", caption, want)
	}
	var footnote string
	b.eval(`document.getElementById("sweep-marks")?.textContent ?? ""`, &footnote)
	if !strings.Contains(footnote, "— not measured") {
		t.Errorf("the table's footnote %q does not say what — means", footnote)
	}
	b.saveSweepShot(t, "sweep-stopped")
}

// maxOf is the largest value of metric m among the runs that completed.
func maxOf(rs []struct {
	Values   map[string][]*float64
	Outcomes []string
	Runs     []struct {
		SimSeconds     float64 `json:"sim_seconds"`
		PlannedSeconds float64 `json:"planned_seconds"`
	}
}, m string) float64 {
	hi := math.Inf(-1)
	for _, r := range rs {
		for j, o := range r.Outcomes {
			if v := r.Values[m][j]; o == "completed" && v != nil {
				hi = math.Max(hi, *v)
			}
		}
	}
	return hi
}

// sweepCancelRestores: a sweep cancelled while its lines grow puts back
// the last whole sweep, its table and its downloads.
func (b *browser) sweepCancelRestores(t *testing.T) {
	cells := `[...document.querySelectorAll("#sweep-result tbody td")].map(e => e.textContent)`
	var before []string
	b.eval(cells, &before)
	if len(before) == 0 {
		t.Fatal("no sweep shown to put back")
	}
	// Cancel as soon as the table shows some runs' values and not others.
	b.eval(`(() => {
		const obs = new MutationObserver(() => {
			const v = [...document.querySelectorAll("#sweep-result tbody td")].map(e => e.textContent);
			if (v.includes("…") && v.some(c => c !== "…")) { obs.disconnect(); document.getElementById("sweep-cancel").click(); }
		});
		obs.observe(document.getElementById("sweep-table"), {childList: true, subtree: true});
		document.getElementById("sweep-run").click();
		return true;
	})()`, nil)
	if !b.poll(t, `document.getElementById("sweep-label").textContent === "cancelled"`, 2*time.Minute) {
		var label string
		b.eval(`document.getElementById("sweep-label").textContent`, &label)
		t.Fatalf("the sweep was not cancelled while it grew: %q", label)
	}
	var after []string
	b.eval(cells, &after)
	if !reflect.DeepEqual(after, before) {
		t.Errorf("after the cancel the table reads %q, want the last whole sweep's %q", after, before)
	}
	var shown bool
	b.eval(`!document.getElementById("sweep-csv").hidden && !document.getElementById("sweep-json").hidden`, &shown)
	if !shown {
		t.Error("after the cancel the last whole sweep's downloads are hidden")
	}
}

// sweepControls sets the panel's controls as a user would.
func (b *browser) sweepControls(t *testing.T, knob, lo, hi, n, sides string, metrics ...string) {
	t.Helper()
	ms, _ := json.Marshal(metrics)
	var ok string
	b.eval(fmt.Sprintf(`(() => {
		const set = (id, v) => { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event("change", {bubbles: true})) };
		set("sweep-knob", %q);
		if (document.getElementById("sweep-knob").value !== %q) return "no knob %s";
		set("sweep-lo", %q); set("sweep-hi", %q); set("sweep-n", %q); set("sweep-sides", %q);
		if (document.getElementById("sweep-sides").value !== %q) return "no sides %s";
		for (const box of document.querySelectorAll("#sweep-metrics input")) box.checked = %s.includes(box.value);
		document.getElementById("sweep-metrics").dispatchEvent(new Event("change", {bubbles: true}));
		return "" })()`, knob, knob, knob, lo, hi, n, sides, sides, sides, ms), &ok)
	if ok != "" {
		t.Fatal(ok)
	}
}

// runSweep clicks "Run the sweep" and returns the result as JSON once the
// panel says it is done.
func (b *browser) runSweep(t *testing.T) []byte {
	t.Helper()
	b.eval(`document.getElementById("sweep-run").click(), true`, nil)
	if !b.poll(t, `document.getElementById("sweep-label").textContent.startsWith("done")`, 2*time.Minute) {
		var label string
		b.eval(`document.getElementById("sweep-label").textContent`, &label)
		t.Fatalf("the sweep did not finish: %q; messages: %s", label, b.messages())
	}
	var out string
	b.eval(`JSON.stringify(loomlab.sweep.result().sweep)`, &out)
	return []byte(out)
}

// stripWall decodes a sweep's JSON without the runs' wall-clock times.
func stripWall(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	results, _ := m["results"].([]any)
	for _, r := range results {
		runs, _ := r.(map[string]any)["runs"].([]any)
		for _, run := range runs {
			delete(run.(map[string]any), "wall_seconds")
		}
	}
	return m
}

// download clicks a download link and returns the file Chromium saved.
func (b *browser) download(t *testing.T, id string) string {
	t.Helper()
	dir := t.TempDir()
	done := make(chan string, 1)
	listen := func(ev any) {
		if e, ok := ev.(*cdpbrowser.EventDownloadProgress); ok && e.State == cdpbrowser.DownloadProgressStateCompleted {
			select {
			case done <- e.GUID:
			default:
			}
		}
	}
	// Download events come on the browser's session or the tab's, depending
	// on where the behaviour was set: listen on both.
	if err := chromedp.ListenBrowser(b.ctx, listen); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Listen(b.ctx, listen); err != nil {
		t.Fatal(err)
	}
	yes := true
	err := chromedp.Do(b.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir, EventsEnabled: &yes})
		return err
	}), chromedp.Click(chromedp.CSS("#"+id)))
	if err != nil {
		t.Fatalf("clicking #%s: %v", id, err)
	}
	select {
	case guid := <-done:
		data, err := os.ReadFile(filepath.Join(dir, guid))
		if err != nil {
			t.Fatalf("the downloaded file: %v", err)
		}
		return string(data)
	case <-time.After(20 * time.Second):
		t.Fatalf("clicking #%s downloaded nothing in 20 s", id)
	}
	return ""
}

// saveSweepShot saves the sweep panel alone as NAME.png, for review.
func (b *browser) saveSweepShot(t *testing.T, name string) {
	t.Helper()
	data, err := chromedp.Run(b.ctx, chromedp.Screenshot(chromedp.CSS("section.sweep")))
	if err != nil {
		t.Fatalf("screenshot of the sweep panel: %v", err)
	}
	if err := os.WriteFile(filepath.Join(b.shot, name+".png"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// pixel is a point on a chart's canvas, in its pixels, as the sweep
// panel's chartMarks and chartCrossings give them.
type pixel struct{ X, Y float64 }

// plate is where a chart's label is written, in its canvas's pixels: left
// edge X, middle Y, width W and height H (sweeplines.ts's Plate).
type plate struct{ X, Y, W, H float64 }

// nearSegment reports whether p lies within r of the segment from (l[0], l[1]) to (l[2], l[3]).
func nearSegment(p pixel, l [4]float64, r float64) bool {
	dx, dy := l[2]-l[0], l[3]-l[1]
	f := 0.0
	if n := dx*dx + dy*dy; n > 0 {
		f = math.Max(0, math.Min(1, ((p.X-l[0])*dx+(p.Y-l[1])*dy)/n))
	}
	return math.Hypot(l[0]+f*dx-p.X, l[1]+f*dy-p.Y) < r
}

// covers reports whether p lies on the plate or within r of it.
func (pl plate) covers(p pixel, r float64) bool {
	return p.X > pl.X-r && p.X < pl.X+pl.W+r && p.Y > pl.Y-pl.H/2-r && p.Y < pl.Y+pl.H/2+r
}

// runSweepAsCLI runs the sweep the panel's controls describe and checks its
// result against `loomsim` run with args and --json (wall times aside); it
// returns the page's result.
func (b *browser) runSweepAsCLI(t *testing.T, bin string, args []string) []byte {
	t.Helper()
	page := b.runSweep(t)
	out, err := exec.Command(bin, append(append([]string{}, args...), "--json")...).Output()
	if err != nil {
		t.Fatalf("loomsim %v: %v", args, err)
	}
	if got, want := stripWall(t, page), stripWall(t, out); !reflect.DeepEqual(got, want) {
		t.Fatalf("the page's sweep:\n%s\nloomsim sweep --json:\n%s", got, want)
	}
	return page
}

// inkNear counts, around each point, the pixels of side A's ink
// (--chart-ink, sidemarks.ts) in a square of 2r+1 pixels on the canvas of
// the sweep chart of metric.
func (b *browser) inkNear(metric string, ps []pixel, r int) []int {
	var into []int
	if len(ps) == 0 {
		return nil
	}
	pj, _ := json.Marshal(ps)
	b.eval(fmt.Sprintf(`((ps, r) => {
		const s = getComputedStyle(document.documentElement).getPropertyValue("--chart-ink").trim();
		const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(s);
		const [R, G, B] = [1, 2, 3].map(i => parseInt(m[i], 16));
		const ctx = document.querySelector("#sweep-chart-%s canvas").getContext("2d");
		return ps.map(p => {
			const d = ctx.getImageData(Math.round(p.X) - r, Math.round(p.Y) - r, 2 * r + 1, 2 * r + 1).data;
			let n = 0;
			for (let i = 0; i < d.length; i += 4)
				if (d[i + 3] > 200 && Math.abs(d[i] - R) + Math.abs(d[i + 1] - G) + Math.abs(d[i + 2] - B) < 24) n++;
			return n;
		});
	})(%s, %d)`, metric, pj, r), &into)
	return into
}
