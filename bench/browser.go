package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/loomlab/loomlab/build/chromium"
)

// Browser is the page measured in headless Chromium.
type Browser struct {
	Load     Load
	Chromium string
	Skipped  string // why the page was not measured ("" when it was)
	// Starts are navigations with the HTTP cache disabled (a first visit).
	Starts []Start
	// Transfers are the wasm files of the first navigation as they came
	// over the wire.
	Transfers []Transfer
	Frames    []FrameRun
	Worker    *WorkerRun
	// Table is the vt-pooling article-vs-model table filled in a fresh
	// page (every case's full run, in the page's workers).
	Table *TableRun
	// Sweep is the heap sweep run in a fresh page's sweep panel.
	Sweep *PageSweep
	Took  time.Duration
}

// TableRun is one loomlab.verify of a scenario: how long the page took to
// answer, the figures it checked and the verdicts' summary.
type TableRun struct {
	Scenario string
	Seconds  float64 `json:"seconds"`
	Checks   int     `json:"checks"`
	Summary  string  `json:"summary"`
	// Workers is the most background workers that ran cases at once.
	Workers int `json:"workers"`
	// FirstSeconds is how long the reader waited for the table's first
	// verdict: its rows fill in as the runs they need end (0: none came
	// before the whole table).
	FirstSeconds float64 `json:"firstSeconds"`
	// FirstChecks is how many figures that first partial table judged.
	FirstChecks int `json:"firstChecks"`
}

// tableScenario is the scenario whose article table is timed: the one with
// the longest runs (issue 13's goal: filled in 30 s).
const tableScenario = "vt-pooling"

// Start is one navigation: milliseconds from navigation start until the
// playground answered, the first simulation was loaded and the playground's
// first frame was drawn.
type Start struct {
	GameReadyMs  float64 `json:"gameReadyMs"`
	FirstLoadMs  float64 `json:"firstLoadMs"`
	FirstFrameMs float64 `json:"firstFrameMs"`
}

// Transfer is one response: its file name, Content-Encoding and the bytes
// received.
type Transfer struct {
	Name     string
	Encoding string
	Bytes    int64
}

// FrameRun is the Go-side cost per frame while a case plays, from the
// playground's state().frame (median and p95 over its last 120 frames),
// sampled a few times.
type FrameRun struct {
	Label    string
	Spec     string // the load() spec
	Speed    float64
	Virtual  int // virtual threads alive (median over the samples)
	Platform int
	UpdateMs float64 // median of the samples' medians
	DrawMs   float64
	// UpdateP95Ms and DrawP95Ms are the largest of the samples' p95s.
	UpdateP95Ms float64
	DrawP95Ms   float64
	FPS         float64 // median of the samples' frames per second
	PageRAF     float64 // the host page's requestAnimationFrame callbacks per second
	Play        bool
	Samples     int
}

// WorkerRun is a full-length run in the page's Web Worker (loomlab.runFull):
// the median of goalRuns runs.
type WorkerRun struct {
	Ref         string
	Outcome     string  `json:"outcome"`
	SimSeconds  float64 `json:"sim"`
	WallSeconds float64 `json:"wall"` // the worker's own timing
	PageSeconds float64 `json:"page"` // from the page's call to its answer
	Events      int64   `json:"events"`
	// Walls is every run's WallSeconds (goalRuns runs); the fields above
	// are the median run's.
	Walls []float64 `json:"-"`
}

// frameCases are the loads whose frames are timed: a pool of ~1,000 and
// one of ~10,000 long-lived virtual threads serving the article's
// closed-loop connections.
// A paused playground rests once its picture is still: it draws no frames
// until a call or an input changes something (game/rest.go), so its row
// shows 0 frames/s beside the host page's own animation frames.
var frameCases = []struct {
	label, spec string
	play        bool
}{
	{"~1,000 virtual threads", spec1k, true},
	{"~10,000 virtual threads", spec10k, true},
	{"~10,000, paused", spec10k, false},
}

const (
	spec1k  = `{"scenario":"vt-pooling","case":"4g-pool","knobs":{"connections":"1000","pool_size":"1000"},"seed":1}`
	spec10k = `{"scenario":"vt-pooling","case":"4g-pool","seed":1}`
)

const workerRef = "vt-pooling/4g-pool"

// firstFrameJS runs in every frame before its scripts: in the playground's
// iframe it polls loomgame.state() each animation frame and, at the first
// frame drawn, records the time on the top page's clock (milliseconds
// since its navigation started).
const firstFrameJS = `(() => {
  if (window.top === window) return;
  const tick = () => {
    const g = window.loomgame;
    if (g) {
      try {
        const f = JSON.parse(g.state()).frame;
        if (f && (f.drawMs > 0 || f.drawP95Ms > 0)) {
          window.top.__benchFirstFrameMs = performance.timeOrigin + performance.now() - window.top.performance.timeOrigin;
          return;
        }
      } catch (e) {}
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`

const startJS = `loomlab.ready.then(() => new Promise((resolve) => {
  const f = () => window.__benchFirstFrameMs ? resolve({...loomlab.timings(), firstFrameMs: window.__benchFirstFrameMs}) : setTimeout(f, 10);
  f();
}))`

const starts = 3

// rafJS counts the host page's animation frames for two seconds.
const rafJS = `new Promise((resolve) => {
  let n = 0;
  const t0 = performance.now();
  const f = (t) => {
    n++;
    if (t - t0 < 2000) requestAnimationFrame(f);
    else resolve(n * 1000 / (t - t0));
  };
  requestAnimationFrame(f);
})`

func runBrowser(s *site, worker bool) (*Browser, error) {
	defer s.stop()
	b := &Browser{Load: startLoad()}
	start := time.Now()
	chromiumPath := chromium.Path()
	if _, err := os.Stat(chromiumPath); err != nil {
		b.Skipped = fmt.Sprintf("no Chromium at %s: apt-get install -y chromium (or set LOOMLAB_CHROMIUM)", chromiumPath)
		logf("bench: browser skipped: %s", b.Skipped)
		return b, nil
	}
	profile, err := os.MkdirTemp("", "loomlab-bench-chromium-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(profile)
	allocCtx, stopBrowser := chromium.Start(chromiumPath, filepath.Join(profile, "profile"))
	defer stopBrowser()
	ctx, closeTab := chromedp.NewContext(allocCtx)
	defer closeTab()
	v, err := chromedp.CallBrowser(ctx, browser.GetVersion, cdp.Empty{})
	if err != nil {
		return nil, fmt.Errorf("starting %s: %v", chromiumPath, err)
	}
	b.Chromium = v.Product
	logf("bench: %s, page at %s", b.Chromium, s.url)
	setup := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument,
			page.AddScriptToEvaluateOnNewDocumentParams{Source: firstFrameJS}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
		return err
	})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1200, 800), setup); err != nil {
		return nil, err
	}

	// Time to first frame, on a first visit (no HTTP cache).
	for i := 0; i < starts; i++ {
		var wire *wireLog
		if i == 0 {
			if wire, err = listenWire(ctx); err != nil {
				return nil, err
			}
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(s.url+"/")); err != nil {
			return nil, err
		}
		var st Start
		if err := evalAwait(ctx, startJS, &st, 2*time.Minute); err != nil {
			return nil, fmt.Errorf("waiting for the first frame: %v", err)
		}
		logf("bench: navigation %d: playground answered at %.0f ms, first simulation loaded at %.0f ms, first frame at %.0f ms",
			i+1, st.GameReadyMs, st.FirstLoadMs, st.FirstFrameMs)
		b.Starts = append(b.Starts, st)
		if wire != nil {
			b.Transfers = wire.stop()
			for _, t := range b.Transfers {
				logf("bench: %s came %s-encoded, %s", t.Name, t.Encoding, mb(t.Bytes))
			}
		}
	}

	// Frames with ~1,000 and ~10,000 virtual threads.
	for _, fc := range frameCases {
		fr, err := measureFrames(ctx, s.url, fc.label, fc.spec, fc.play)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", fc.label, err)
		}
		logf("bench: %s (%d virtual): update %.2f ms (p95 %.2f), draw %.2f ms (p95 %.2f), %.0f fps (page %.0f rAF/s)",
			fr.Label, fr.Virtual, fr.UpdateMs, fr.UpdateP95Ms, fr.DrawMs, fr.DrawP95Ms, fr.FPS, fr.PageRAF)
		b.Frames = append(b.Frames, fr)
	}

	if !worker {
		b.Took = time.Since(start)
		b.Load.end()
		return b, nil
	}
	// The worker's full run, with the playground paused so that the two do
	// not share the CPU.
	logf("bench: worker: %d full %s runs (minutes)", goalRuns, workerRef)
	sc, cs, _ := strings.Cut(workerRef, "/")
	js := fmt.Sprintf(`(async () => {
  loomlab.pause();
  const t0 = performance.now();
  const r = await loomlab.runFull({scenario: %q, case: %q, seed: 1});
  return {outcome: r.outcome, sim: r.sim_seconds, wall: r.wall_seconds, events: r.events, page: (performance.now() - t0) / 1000};
})()`, sc, cs)
	// goalRuns runs, one after another in the same page, as the node and
	// native goal runs are repeated; the median run is reported.
	var runs []WorkerRun
	var walls []float64
	for range goalRuns {
		w := WorkerRun{Ref: workerRef}
		if err := evalAwait(ctx, js, &w, 30*time.Minute); err != nil {
			return nil, fmt.Errorf("worker run of %s: %v", workerRef, err)
		}
		logf("bench: worker: %.1f s virtual in %.1f s wall (%.1f s seen by the page)", w.SimSeconds, w.WallSeconds, w.PageSeconds)
		runs = append(runs, w)
		walls = append(walls, w.WallSeconds)
	}
	w := &runs[medianRun(walls)]
	w.Walls = walls
	b.Worker = w

	// The article table, in a fresh page (the table keeps what it ran), as
	// a reader who asks for it waits: from the call to the last verdict.
	logf("bench: the %s article table in the page (minutes)", tableScenario)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.url+"/")); err != nil {
		return nil, err
	}
	tb := &TableRun{Scenario: tableScenario}
	// The scenario is shown, so the table on the page fills in as the runs
	// end: the first judged row's time is what a reader waits for first.
	tableJS := fmt.Sprintf(`(async () => {
  await loomlab.ready;
  await loomlab.load({scenario: %[1]q});
  loomlab.pause();
  loomlab.workersAtOnce();
  let firstSeconds = 0, firstChecks = 0, t0 = 0;
  const judged = () => document.querySelectorAll("#verify-table .status-pass, #verify-table .status-fail, #verify-table .status-deviation").length;
  const seen = new MutationObserver(() => {
    const n = judged();
    if (firstSeconds === 0 && n > 0 && document.querySelector("#verify-table .status-waiting")) {
      firstSeconds = (performance.now() - t0) / 1000;
      firstChecks = n;
    }
  });
  seen.observe(document.querySelector("#verify-table tbody"), {childList: true});
  t0 = performance.now();
  const v = await loomlab.verify(%[1]q);
  seen.disconnect();
  return {seconds: (performance.now() - t0) / 1000, checks: v.checks.length, summary: v.summary, workers: loomlab.workersAtOnce(), firstSeconds, firstChecks};
})()`, tableScenario)
	if err := evalAwait(ctx, tableJS, tb, 30*time.Minute); err != nil {
		return nil, fmt.Errorf("the %s article table: %v", tableScenario, err)
	}
	logf("bench: the %s article table: %d figures in %.1f s (the first %d at %.1f s), %d workers at once (%s)", tb.Scenario, tb.Checks, tb.Seconds, tb.FirstChecks, tb.FirstSeconds, tb.Workers, tb.Summary)
	b.Table = tb

	logf("bench: the heap sweep in the page's sweep panel (minutes)")
	if b.Sweep, err = pageSweep(ctx, s.url); err != nil {
		return nil, err
	}
	logf("bench: the heap sweep in the page: %d runs in %.1f s, %d workers at once", b.Sweep.Runs, b.Sweep.Seconds, b.Sweep.Workers)
	b.Took = time.Since(start)
	b.Load.end()
	return b, nil
}

// measureFrames loads spec in a fresh page, plays it at the playground's
// speed and samples state() every two seconds after a warm-up: each sample
// covers the 120 frames before it, so the samples do not overlap.
func measureFrames(ctx context.Context, base, label, spec string, play bool) (FrameRun, error) {
	fr := FrameRun{Label: label, Spec: spec, Play: play}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
		return fr, err
	}
	var ok bool
	if err := evalAwait(ctx, fmt.Sprintf(`loomlab.ready.then(() => loomlab.load(%s)).then(() => (loomlab.%s(), true))`, spec, map[bool]string{true: "play", false: "pause"}[play]), &ok, 2*time.Minute); err != nil {
		return fr, err
	}
	time.Sleep(3 * time.Second)
	type sample struct {
		Virtual, Platform int
		Speed, FPS        float64
		Running           bool
		Frame             struct{ UpdateMs, DrawMs, UpdateP95Ms, DrawP95Ms float64 }
	}
	var samples []sample
	for i := 0; i < 3; i++ {
		if i > 0 {
			time.Sleep(2 * time.Second)
		}
		var s sample
		if err := evalAwait(ctx, `Promise.resolve(loomlab.state())`, &s, time.Minute); err != nil {
			return fr, err
		}
		if s.Running != play {
			return fr, fmt.Errorf("the playground is not in the state asked for (playing: %v; state %+v)", play, s)
		}
		samples = append(samples, s)
	}
	med := func(f func(sample) float64) float64 {
		xs := make([]float64, len(samples))
		for i, s := range samples {
			xs[i] = f(s)
		}
		return median(xs)
	}
	top := func(f func(sample) float64) float64 {
		m := 0.0
		for _, s := range samples {
			m = max(m, f(s))
		}
		return m
	}
	fr.Samples = len(samples)
	fr.Speed = samples[len(samples)-1].Speed
	fr.Virtual = int(med(func(s sample) float64 { return float64(s.Virtual) }))
	fr.Platform = int(med(func(s sample) float64 { return float64(s.Platform) }))
	fr.UpdateMs = med(func(s sample) float64 { return s.Frame.UpdateMs })
	fr.DrawMs = med(func(s sample) float64 { return s.Frame.DrawMs })
	fr.UpdateP95Ms = top(func(s sample) float64 { return s.Frame.UpdateP95Ms })
	fr.DrawP95Ms = top(func(s sample) float64 { return s.Frame.DrawP95Ms })
	fr.FPS = med(func(s sample) float64 { return s.FPS })
	if err := evalAwait(ctx, rafJS, &fr.PageRAF, time.Minute); err != nil {
		return fr, err
	}
	return fr, nil
}

func evalAwait(ctx context.Context, expr string, out any, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		return err
	}
	return json.Unmarshal(v, out)
}

// wireLog records the wasm responses of a tab: their encoding and the
// bytes received.
type wireLog struct {
	mu     sync.Mutex
	byID   map[network.RequestID]*Transfer
	order  []network.RequestID
	cancel context.CancelFunc
}

func listenWire(ctx context.Context) (*wireLog, error) {
	w := &wireLog{byID: map[network.RequestID]*Transfer{}}
	lctx, cancel := context.WithCancel(ctx)
	w.cancel = cancel
	err := chromedp.Listen(lctx, func(ev any) {
		w.mu.Lock()
		defer w.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventResponseReceived:
			if u := e.Response.URL; strings.HasSuffix(u, ".wasm") {
				enc := "identity"
				for k, v := range e.Response.Headers {
					if s, ok := v.(string); ok && strings.EqualFold(k, "Content-Encoding") {
						enc = s
					}
				}
				w.byID[e.RequestID] = &Transfer{Name: path.Base(u), Encoding: enc}
				w.order = append(w.order, e.RequestID)
			}
		case *network.EventLoadingFinished:
			if t := w.byID[e.RequestID]; t != nil {
				t.Bytes = int64(e.EncodedDataLength)
			}
		}
	})
	if err != nil {
		cancel()
		return nil, err
	}
	return w, nil
}

func (w *wireLog) stop() []Transfer {
	w.cancel()
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []Transfer
	for _, id := range w.order {
		out = append(out, *w.byID[id])
	}
	return out
}
