package main

// The soak run (`make soak`, never part of `make test`): the main page
// plays the heaviest case at the playground's highest speed in headless
// Chromium for SOAK_MINUTES (10), starting it again whenever it finishes,
// and records over time the Go wasm's linear memory
// (memory.buffer.byteLength), the Go heap after a collection, and the JS
// heap after a collection (CDP Runtime.getHeapUsage, which covers the page
// and its same-origin canvas frame). It writes testdata/soak/soak.csv and
// testdata/soak/summary.json and says whether each is flat, levelled off
// or growing, from its slope in MB per minute over the run's second half
// (the first half includes the warm-up: the timeline's checkpoints fill
// their budget) and from when it last reached a new high.
//
// The heaviest case, measured with SOAK_PROBE=12 on a 2-core machine:
// vt-pooling/4g-pool holds the most memory (205 MB of wasm memory, 140 MB
// of live Go heap after 12 s; 1g-pool 132 and 120 MB) and 4g-nopool has the
// slowest frames (82 ms of Update at 5 fps); every other scenario stays
// under 62 MB. Comparing three vt-pooling cases side by side is heavier
// still (SOAK_SPEC=vt-pooling/4g-pool,4g-nopool,1g-pool).
//
// Environment:
//
//	SOAK=1             run it (`make soak` sets it)
//	SOAK_MINUTES       length (default 10)
//	SOAK_SPEC          scenario/case, or scenario/case,case[,case] to compare them side by side
//	                   (default vt-pooling/4g-pool, the heaviest single case: see SOAK_PROBE)
//	SOAK_SPEED         virtual seconds per real second (default the playground's maximum)
//	SOAK_PROBE=SECS    instead: play every case for SECS seconds and print what each
//	                   costs (to pick the heaviest)

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/loomlab/loomlab/game/play"
)

// soakSample is one row of soak.csv.
type soakSample struct {
	WallS       float64 `json:"wallS"`
	SimS        float64 `json:"simS"`
	Runs        int     `json:"runs"` // times the case was started
	WasmMB      float64 `json:"wasmMB"`
	GoHeapMB    float64 `json:"goHeapMB"` // live, after runtime.GC
	GoSysMB     float64 `json:"goSysMB"`
	JSHeapMB    float64 `json:"jsHeapMB"` // live, after a collection
	JSTotalMB   float64 `json:"jsTotalMB"`
	FPS         float64 `json:"fps"`
	UpdateMs    float64 `json:"updateMs"`
	ChartPoints int     `json:"chartPoints"`
}

// memStats is the playground's loomgame.memStats().
type memStats struct {
	WasmBytes float64 `json:"wasmBytes"`
	HeapAlloc float64 `json:"heapAlloc"`
	Sys       float64 `json:"sys"`
	NumGC     float64 `json:"numGC"`
}

func envFloat(t *testing.T, name string, def float64) float64 {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || x <= 0 {
		t.Fatalf("%s=%q: expected a positive number", name, v)
	}
	return x
}

// soakBrowser is a tab of the shared Chromium without newBrowser's
// five-minute limit.
func soakBrowser(t *testing.T, d time.Duration) *browser {
	newBrowser(t) // starts the suite (dist/, server, Chromium)
	ctx, closeTab := chromedp.NewContext(suite.browserCtx)
	t.Cleanup(closeTab)
	ctx, cancel := context.WithTimeout(ctx, d)
	t.Cleanup(cancel)
	b := &browser{t: t, ctx: ctx, base: suite.srv.URL, shot: filepath.Join(suite.root, "testdata", "screenshots")}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1200, 800)); err != nil {
		t.Fatal(err)
	}
	return b
}

const memJS = `JSON.parse(document.getElementById("game").contentWindow.loomgame.memStats(true))`

func TestSoak(t *testing.T) {
	if os.Getenv("SOAK") == "" {
		t.Skip("the soak run is `make soak` (SOAK=1)")
	}
	if p := os.Getenv("SOAK_PROBE"); p != "" {
		soakProbe(t, time.Duration(envFloat(t, "SOAK_PROBE", 15)*float64(time.Second)))
		return
	}
	minutes := envFloat(t, "SOAK_MINUTES", 10)
	speed := envFloat(t, "SOAK_SPEED", play.MaxSpeed)
	spec := os.Getenv("SOAK_SPEC")
	if spec == "" {
		spec = "vt-pooling/4g-pool"
	}
	scen, cs, ok := strings.Cut(spec, "/")
	if !ok {
		t.Fatalf("SOAK_SPEC=%q: expected scenario/case", spec)
	}
	length := time.Duration(minutes * float64(time.Minute))
	interval := min(10*time.Second, max(time.Second, length/60))
	b := soakBrowser(t, length+5*time.Minute)

	query := fmt.Sprintf("/?scenario=%s&case=%s", scen, cs)
	if strings.Contains(cs, ",") {
		query = fmt.Sprintf("/?scenario=%s&compare=%s", scen, cs)
	}
	b.navigate(t, b.base+query, true)
	b.eval(fmt.Sprintf(`loomlab.setSpeed(%g), loomlab.play(), true`, speed), nil)
	t.Logf("soak: %s at %g virtual s per s for %s, a sample every %s", spec, speed, length, interval)

	var samples []soakSample
	runs := 1
	start := time.Now()
	next := start
	for {
		var st struct {
			SimTimeNs float64 `json:"simTimeNs"`
			Running   bool    `json:"running"`
			Done      bool    `json:"done"`
			FPS       float64 `json:"fps"`
			Error     string  `json:"error"`
			Frame     struct {
				UpdateMs float64 `json:"updateMs"`
			} `json:"frame"`
		}
		b.eval(`loomlab.state()`, &st)
		if st.Error != "" {
			t.Fatalf("soak: the playground stopped on an error after %s: %s", time.Since(start).Round(time.Second), st.Error)
		}
		if st.Done || !st.Running {
			// Finished (or stopped): start it again, as a reader would.
			b.eval(fmt.Sprintf(`loomlab.reset(), loomlab.setSpeed(%g), loomlab.play(), true`, speed), nil)
			runs++
		}
		if now := time.Now(); !now.Before(next) {
			var m memStats
			b.eval(memJS, &m)
			heap := b.jsHeap(t)
			var points int
			b.eval(`loomlab.chartPoints()`, &points)
			s := soakSample{
				WallS: round2(now.Sub(start).Seconds()), SimS: round2(st.SimTimeNs / 1e9), Runs: runs,
				WasmMB: mb(m.WasmBytes), GoHeapMB: mb(m.HeapAlloc), GoSysMB: mb(m.Sys),
				JSHeapMB: mb(heap.UsedSize), JSTotalMB: mb(heap.TotalSize),
				FPS: round2(st.FPS), UpdateMs: round2(st.Frame.UpdateMs), ChartPoints: points,
			}
			samples = append(samples, s)
			t.Logf("soak %6.0fs: sim %8.2fs run %d · wasm %6.1f MB · Go heap %6.1f MB · JS heap %5.1f MB · %4.1f fps · update %.1f ms",
				s.WallS, s.SimS, s.Runs, s.WasmMB, s.GoHeapMB, s.JSHeapMB, s.FPS, s.UpdateMs)
			if now.Sub(start) >= length {
				break
			}
			next = next.Add(interval)
		}
		time.Sleep(250 * time.Millisecond)
	}
	sum := summarize(spec, speed, samples)
	writeSoak(t, samples, sum)
	t.Logf("soak summary: %s", sum.Text)
	// A soak passes only if no memory series is still growing at its end:
	// the verdict is written either way, and a leak fails `make soak`.
	for _, x := range []struct {
		name string
		tr   trend
	}{{"wasm memory", sum.Wasm}, {"Go heap", sum.GoHeap}, {"JS heap", sum.JSHeap}} {
		if x.tr.Verdict == "growing" {
			t.Errorf("soak: %s is still growing at the end (%+.2f MB/min over the second half, a new high at %.0f s)",
				x.name, x.tr.MBPerMinute, x.tr.MaxFirstAtS)
		}
	}
}

// jsHeap collects the page's garbage and returns its JS heap use.
func (b *browser) jsHeap(t *testing.T) runtime.GetHeapUsageResult {
	t.Helper()
	r, err := chromedp.Run(b.ctx, func(ctx context.Context, tg *chromedp.Target) (runtime.GetHeapUsageResult, error) {
		if _, err := cdp.Call(ctx, tg, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
			return runtime.GetHeapUsageResult{}, err
		}
		return cdp.Call(ctx, tg, runtime.GetHeapUsage, cdp.Empty{})
	})
	if err != nil {
		t.Fatalf("JS heap: %v", err)
	}
	return r
}

// soakSummary is summary.json.
type soakSummary struct {
	Spec    string  `json:"spec"`
	Speed   float64 `json:"speed"`
	Minutes float64 `json:"minutes"`
	Samples int     `json:"samples"`
	Runs    int     `json:"runs"`
	// First and last values, and the least-squares slope over the second
	// half of the run in MB per minute.
	Wasm   trend  `json:"wasm"`
	GoHeap trend  `json:"goHeap"`
	JSHeap trend  `json:"jsHeap"`
	Text   string `json:"text"`
}

type trend struct {
	FirstMB     float64 `json:"firstMB"`
	LastMB      float64 `json:"lastMB"`
	MaxMB       float64 `json:"maxMB"`
	MBPerMinute float64 `json:"mbPerMinute"`
	MaxFirstAtS float64 `json:"maxFirstAtS"` // when the maximum was first reached
	Verdict     string  `json:"verdict"`     // "flat", "levelled off" or "growing"
}

// flatMBPerMinute is the slope under which a series counts as flat: a
// leak of that rate would take over an hour to cost 60 MB.
const flatMBPerMinute = 1.0

func summarize(spec string, speed float64, s []soakSample) soakSummary {
	sum := soakSummary{Spec: spec, Speed: speed, Samples: len(s)}
	if len(s) == 0 {
		sum.Text = "no samples"
		return sum
	}
	sum.Minutes = round2(s[len(s)-1].WallS / 60)
	sum.Runs = s[len(s)-1].Runs
	series := func(f func(soakSample) float64) trend {
		tr := trend{FirstMB: f(s[0]), LastMB: f(s[len(s)-1])}
		half := s[len(s)/2:]
		var sx, sy, sxx, sxy float64
		for _, x := range s {
			if f(x) > tr.MaxMB {
				tr.MaxMB, tr.MaxFirstAtS = f(x), x.WallS
			}
		}
		for _, x := range half {
			m := x.WallS / 60
			sx, sy, sxx, sxy = sx+m, sy+f(x), sxx+m*m, sxy+m*f(x)
		}
		n := float64(len(half))
		if d := n*sxx - sx*sx; n >= 2 && d > 0 {
			tr.MBPerMinute = round2((n*sxy - sx*sy) / d)
		}
		// A slope over the second half with no new high in the last
		// quarter is a series that rose (a run took the heap to a new
		// peak) and stopped: levelled off, not growing.
		switch end := s[len(s)-1].WallS; {
		case tr.MBPerMinute < flatMBPerMinute:
			tr.Verdict = "flat"
		case tr.MaxFirstAtS < 0.75*end:
			tr.Verdict = "levelled off"
		default:
			tr.Verdict = "growing"
		}
		return tr
	}
	sum.Wasm = series(func(x soakSample) float64 { return x.WasmMB })
	sum.GoHeap = series(func(x soakSample) float64 { return x.GoHeapMB })
	sum.JSHeap = series(func(x soakSample) float64 { return x.JSHeapMB })
	f := func(name string, tr trend) string {
		return fmt.Sprintf("%s %s (%.1f → %.1f MB, max %.1f first at %.0f s, %+.2f MB/min over the second half)",
			name, tr.Verdict, tr.FirstMB, tr.LastMB, tr.MaxMB, tr.MaxFirstAtS, tr.MBPerMinute)
	}
	sum.Text = fmt.Sprintf("%s at %g s/s for %.1f min (%d runs): %s; %s; %s", spec, speed, sum.Minutes, sum.Runs,
		f("wasm memory", sum.Wasm), f("Go heap", sum.GoHeap), f("JS heap", sum.JSHeap))
	return sum
}

func writeSoak(t *testing.T, samples []soakSample, sum soakSummary) {
	t.Helper()
	dir := filepath.Join(suite.root, "testdata", "soak")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "soak.csv"))
	if err != nil {
		t.Fatal(err)
	}
	w := csv.NewWriter(f)
	w.Write([]string{"wall_s", "sim_s", "runs", "wasm_mb", "go_heap_mb", "go_sys_mb", "js_heap_mb", "js_total_mb", "fps", "update_ms", "chart_points"})
	for _, s := range samples {
		w.Write([]string{ff(s.WallS), ff(s.SimS), strconv.Itoa(s.Runs), ff(s.WasmMB), ff(s.GoHeapMB), ff(s.GoSysMB),
			ff(s.JSHeapMB), ff(s.JSTotalMB), ff(s.FPS), ff(s.UpdateMs), strconv.Itoa(s.ChartPoints)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	j, _ := json.MarshalIndent(sum, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, "summary.json"), append(j, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s and summary.json", filepath.Join("testdata", "soak", "soak.csv"))
}

// soakProbe plays every case of every scenario for d at the highest speed
// and prints its memory and frame cost, to choose the soak's case.
func soakProbe(t *testing.T, d time.Duration) {
	b := soakBrowser(t, 2*time.Hour)
	b.navigate(t, b.base+"/", true)
	var cases []struct{ Scenario, Case string }
	b.eval(`loomlab.scenarios().flatMap(s => s.cases.map(c => ({scenario: s.id, case: c.id})))`, &cases)
	t.Logf("%-40s %9s %9s %9s %9s %6s %9s", "case", "sim s", "wasm MB", "Go heap", "JS heap", "fps", "update ms")
	for _, c := range cases {
		b.navigate(t, b.base+fmt.Sprintf("/?scenario=%s&case=%s", c.Scenario, c.Case), true)
		b.eval(fmt.Sprintf(`loomlab.setSpeed(%g), loomlab.play(), true`, play.MaxSpeed), nil)
		time.Sleep(d)
		var st struct {
			SimTimeNs float64 `json:"simTimeNs"`
			FPS       float64 `json:"fps"`
			Frame     struct {
				UpdateMs float64 `json:"updateMs"`
			} `json:"frame"`
		}
		b.eval(`loomlab.state()`, &st)
		var m memStats
		b.eval(memJS, &m)
		h := b.jsHeap(t)
		t.Logf("%-40s %9.2f %9.1f %9.1f %9.1f %6.1f %9.2f", c.Scenario+"/"+c.Case, st.SimTimeNs/1e9, mb(m.WasmBytes), mb(m.HeapAlloc), mb(h.UsedSize), st.FPS, st.Frame.UpdateMs)
	}
}

func mb(b float64) float64     { return round2(b / (1 << 20)) }
func round2(x float64) float64 { return math.Round(x*100) / 100 }
func ff(x float64) string      { return strconv.FormatFloat(x, 'f', -1, 64) }
