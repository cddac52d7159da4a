package main

// The browser suite: builds dist/ into a temporary directory, serves it,
// starts headless Debian Chromium with chromedp (installing it with apt-get
// when it is missing), drives the page through window.loomlab and its
// controls, checks the canvas's pixels, and stops the browser.
//
// Why chromedp: it is Go, so the suite runs under `go test` beside the
// build it checks, needs no npm test runner and never downloads a browser.
//
// Environment:
//
//	LOOMLAB_CHROMIUM    browser binary (default /usr/bin/chromium)
//	LOOMLAB_PLAYGROUND  playground main package dir (default wasm/playground)
//	LOOMLAB_GAME_HTML   playground page (default web/game.html)

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	keys "github.com/chromedp/chromedp/kb"
	"github.com/loomlab/loomlab/build/chromium"
	"github.com/loomlab/loomlab/sim/scenario"
)

// browserState is the part of window.loomlab.state() the tests read.
type browserState struct {
	Scenario     string            `json:"scenario"`
	Case         string            `json:"case"`
	Knobs        map[string]string `json:"knobs"`
	Seed         uint64            `json:"seed"`
	SimTimeNs    int64             `json:"simTimeNs"`
	Running      bool              `json:"running"`
	Speed        float64           `json:"speed"`
	FPS          float64           `json:"fps"`
	Virtual      int               `json:"virtual"`
	Platform     int               `json:"platform"`
	Mounted      int               `json:"mounted"`
	Parked       int               `json:"parked"`
	RequestsDone int64             `json:"requestsDone"`
	Done         bool              `json:"done"`
	Compare      []string          `json:"compare"`
	// Opening: the fast-forward to the story's moment (game/play's
	// OpeningState): under way, or ended.
	Opening struct {
		Active bool `json:"active"`
		Done   bool `json:"done"`
	} `json:"opening"`
	Sides []struct {
		Case         string `json:"case"`
		SimTimeNs    *int64 `json:"simTimeNs"`
		Virtual      int    `json:"virtual"`
		Platform     int    `json:"platform"`
		Mounted      int    `json:"mounted"`
		Parked       int    `json:"parked"`
		RequestsDone int64  `json:"requestsDone"`
		YoungGCs     int64  `json:"youngGCs"`
		Done         bool   `json:"done"`
	} `json:"sides"`
	Frame *struct {
		UpdateMs float64 `json:"updateMs"`
		DrawMs   float64 `json:"drawMs"`
	} `json:"frame"`
}

type scenarioInfo struct {
	ID          string   `json:"id"`
	DefaultCase string   `json:"defaultCase"`
	Compare     []string `json:"compare"`
	Cases       []string `json:"cases"`
	Knobs       []struct {
		Name    string   `json:"name"`
		Type    string   `json:"type"`
		Default string   `json:"default"`
		Min     *float64 `json:"min"`
		Max     *float64 `json:"max"`
		Options []string `json:"options"`
	} `json:"knobs"`
}

type browser struct {
	t    *testing.T
	ctx  context.Context
	base string
	shot string // screenshot directory

	mu      sync.Mutex
	console []string
}

func TestBrowser(t *testing.T) {
	start := time.Now()
	b := newBrowser(t) // the shared dist/, server and Chromium (browser_shared_test.go)
	root := suite.root

	b.open()
	var scenarios []scenarioInfo
	b.eval(`loomlab.scenarios().map(s => ({id: s.id, defaultCase: s.defaultCase, compare: s.compare,
		cases: s.cases.map(c => c.id), knobs: s.knobs}))`, &scenarios)
	if len(scenarios) == 0 {
		t.Fatal("scenarios.json lists no scenarios")
	}

	run := b.subtests(t)
	for i, s := range scenarios {
		if i > 0 {
			b.open() // every scenario starts from a fresh page
		}
		run("scenario/"+s.ID, func(t *testing.T) { b.scenario(t, s) })
	}
	run("compare", func(t *testing.T) { b.compare(t, scenarios) })
	run("runFull", func(t *testing.T) { b.runFull(t, root) })
	run("seed-effect", func(t *testing.T) { b.seedEffect(t) })
	run("verify-table", func(t *testing.T) { b.verifyTable(t) })
	run("rest", func(t *testing.T) { b.rest(t) })
	run("keyboard", func(t *testing.T) { b.keyboard(t) })
	run("phone", func(t *testing.T) { b.phone(t) })
	run("extreme-inputs", func(t *testing.T) { b.extremeInputs(t) })
	t.Logf("browser suite took %s", time.Since(start).Round(time.Millisecond))
}

// open loads the page and waits for loomlab.ready.
func (b *browser) open() {
	b.t.Helper()
	t0 := time.Now()
	if err := chromedp.Do(b.ctx, chromedp.Navigate(b.base+"/")); err != nil {
		b.t.Fatal(err)
	}
	var tm struct{ GameReadyMs, FirstLoadMs float64 }
	b.evalAwait(`window.loomlab.ready.then(() => loomlab.timings())`, &tm, 60*time.Second)
	b.t.Logf("page ready in %s (playground answered %.0f ms after navigation, first simulation loaded at %.0f ms)",
		time.Since(t0).Round(time.Millisecond), tm.GameReadyMs, tm.FirstLoadMs)
}

// scenario: load a case, play, check pixels, clocks and threads; change a
// knob; refuse a bad one while the page keeps working.
func (b *browser) scenario(t *testing.T, s scenarioInfo) {
	// Threads must be seen mounted and parked. A virtual thread that parks
	// at once (a sleep) mounts for no virtual time, so a snapshot never
	// shows it on its carrier; cumulative counters (mounts, parks) show
	// it when the playground reports them. Otherwise try the default case,
	// then the default case with each boolean knob flipped (pinning keeps a
	// thread on its carrier), then the other cases.
	var seen watch
	found := ""
	for _, a := range watchAttempts(s) {
		b.load(t, fmt.Sprintf(`{scenario: %q, case: %q, knobs: %s, seed: 1}`, s.ID, a.c, a.knobs))
		var w watch
		b.evalAwait(fmt.Sprintf(watchJS, seen.Mounted, seen.Parked), &w, 20*time.Second)
		t.Logf("%s/%s %s: %d steps and %d frames watched, %d → %d → %d ns, mounted seen %v, parked seen %v",
			s.ID, a.c, a.knobs, w.Steps, w.Frames, w.T0, w.T1, w.T2, w.Mounted, w.Parked)
		if w.T2 <= w.T1 {
			t.Errorf("%s/%s %s: the clock did not advance while playing (%d → %d ns)", s.ID, a.c, a.knobs, w.T1, w.T2)
		}
		seen.Mounted = seen.Mounted || w.Mounted
		seen.Parked = seen.Parked || w.Parked
		if seen.Mounted && seen.Parked {
			found = a.c
			break
		}
	}
	if found == "" {
		t.Fatalf("%s: virtual threads were not seen both mounted (%v) and parked (%v)", s.ID, seen.Mounted, seen.Parked)
	}
	// Back to plain settings for the rest.
	b.load(t, fmt.Sprintf(`{scenario: %q, case: %q, seed: 1}`, s.ID, found))
	b.eval(`loomlab.setSpeed(0.01), loomlab.play(), true`, nil)
	time.Sleep(300 * time.Millisecond)
	st := b.state(t)
	if st.Scenario != s.ID || st.Case != found || st.Seed != 1 || !st.Running {
		t.Errorf("state() = scenario %q case %q seed %d running %v; want %s/%s seed 1 running", st.Scenario, st.Case, st.Seed, st.Running, s.ID, found)
	}

	var page struct {
		Title, Credit  string
		Notes, Figures int
		CompareShown   bool
	}
	b.eval(`({title: document.getElementById("scenario-title").textContent,
		credit: document.getElementById("scenario-credit").textContent,
		notes: document.querySelectorAll("#scenario-notes li").length,
		figures: document.querySelectorAll("#verify-table tbody tr").length,
		compareShown: document.getElementById("compare-cases").offsetParent !== null})`, &page)
	if page.Title == "" || !strings.HasPrefix(page.Credit, "Based on") || page.Notes == 0 || page.Figures == 0 {
		t.Errorf("%s: the article text is incomplete: %+v", s.ID, page)
	}
	if page.CompareShown {
		t.Errorf("%s: the compared-cases box shows while not comparing", s.ID)
	}
	if st.Frame != nil {
		t.Logf("%s/%s: %d virtual threads, %d platform; Go-side frame: update %.2f ms, draw %.2f ms (median); %.0f fps",
			s.ID, found, st.Virtual, st.Platform, st.Frame.UpdateMs, st.Frame.DrawMs, st.FPS)
	}

	// Pixels: the lanes and the heap are drawn, and the picture moves.
	img1 := b.gameShot(t)
	time.Sleep(700 * time.Millisecond)
	img2 := b.gameShot(t)
	checkPicture(t, s.ID, b.lanes(t), img1, img2)
	b.saveShot(t, s.ID)

	// A knob change through the form reaches the simulator. A value in
	// range can still make a configuration the simulator refuses (its
	// message then shows and the old run goes on): try a few knobs.
	changed := false
	for _, ch := range knobChanges(s, st.Knobs) {
		k, v := ch[0], ch[1]
		b.setInput(t, "knob-"+k, v)
		b.eval(`document.getElementById("apply").click(), true`, nil)
		_, st2 := b.waitState(t, 3*time.Second, func(_, cur browserState, _ *seenThreads) bool { return cur.Knobs[k] == v })
		msgs := b.messages()
		if st2.Knobs[k] == v && msgs == "" {
			changed = true
			break
		}
		t.Logf("%s=%s was not taken (knobs[%s] = %q, messages %q); trying another knob", k, v, k, st2.Knobs[k], msgs)
		b.eval(`document.querySelectorAll("#messages .message").forEach(m => m.remove()), true`, nil)
		b.load(t, fmt.Sprintf(`{scenario: %q, case: %q, seed: 1}`, s.ID, found))
		b.eval(`loomlab.play(), true`, nil)
	}
	if !changed {
		t.Errorf("%s: no knob change through the form reached the simulator", s.ID)
	}

	// A bad value: the form shows it, the API rejects it, and the old
	// simulation keeps running as it was.
	k := firstNumericKnob(s)
	if k == "" {
		t.Fatalf("%s has no numeric knob to test a bad value with", s.ID)
	}
	before := b.steadyRun(t, s.ID, found)
	b.setInput(t, "knob-"+k, "not-a-number")
	b.eval(`document.getElementById("apply").click(), true`, nil)
	if msgs := b.messages(); !strings.Contains(msgs, "knob "+k) {
		t.Errorf("bad value for %s through the form: messages = %q, want one naming the knob", k, msgs)
	}
	var rejected string
	b.evalAwait(fmt.Sprintf(`loomlab.load({scenario: %q, case: %q, knobs: {%s: 1e99}}).then(() => "", e => e.message)`, s.ID, found, k), &rejected, 10*time.Second)
	if !strings.Contains(rejected, "knob "+k) {
		t.Errorf("load with %s=1e99 was not rejected with a message naming the knob: %q", k, rejected)
	} else if msgs := b.messages(); !strings.Contains(msgs, rejected) {
		t.Errorf("the simulator's refusal %q is not in the message area: %q", rejected, msgs)
	}
	var rejectedGo string
	b.evalAwait(fmt.Sprintf(`loomlab.load({scenario: %q, case: "no-such-case"}).then(() => "", e => e.message)`, s.ID), &rejectedGo, 10*time.Second)
	if !strings.Contains(rejectedGo, "no-such-case") {
		t.Errorf("load of an unknown case was not rejected: %q", rejectedGo)
	}
	time.Sleep(400 * time.Millisecond)
	after := b.state(t)
	if !sameRunGoingOn(before, after) {
		t.Errorf("after the bad values the simulation stopped or changed: before %+v after %+v", before, after)
	}
	var invalid bool
	b.eval(`document.getElementById("knob-`+k+`").getAttribute("aria-invalid") === "true"`, &invalid)
	if !invalid {
		t.Errorf("the bad knob's input is not marked invalid")
	}
}

// compare opens an article from the picker, ticks Compare and checks that
// every side advances on one clock, with charts and call-outs per side.
func (b *browser) compare(t *testing.T, scenarios []scenarioInfo) {
	var s *scenarioInfo
	for i := range scenarios {
		if len(scenarios[i].Compare) >= 2 && (s == nil || scenarios[i].ID == "request-load") {
			s = &scenarios[i]
		}
	}
	if s == nil {
		t.Skip("no scenario has compare cases")
	}
	b.open()
	// A story opens on its own case; Compare, one click, draws its cases.
	b.eval(fmt.Sprintf(`document.querySelector('#picker button[data-scenario=%q]').click(), true`, s.ID), nil)
	if !b.poll(t, fmt.Sprintf(`loomlab.state().scenario === %q && (loomlab.state().opening.active || loomlab.state().opening.done)`, s.ID), 30*time.Second) {
		t.Fatalf("picking %s did not open it", s.ID)
	}
	b.eval(`document.getElementById("compare").click(), true`, nil)
	ok, st := b.waitState(t, 10*time.Second, func(_, cur browserState, _ *seenThreads) bool {
		return cur.Scenario == s.ID && len(cur.Sides) == len(s.Compare)
	})
	if !ok {
		t.Fatalf("picking %s did not open compare mode with %d sides: %+v", s.ID, len(s.Compare), st)
	}
	var shown bool
	b.eval(fmt.Sprintf(`document.getElementById("compare-cases").offsetParent !== null && document.querySelectorAll("#compare-cases input:checked").length === %d`, len(s.Compare)), &shown)
	if !shown {
		t.Errorf("compare mode does not show the compared cases ticked")
	}
	if !reflect.DeepEqual(st.Compare, s.Compare) {
		t.Errorf("compare = %v, want %v", st.Compare, s.Compare)
	}
	b.eval(`loomlab.pause(), loomlab.setSpeed(0.05), loomlab.play(), true`, nil)
	first := b.state(t)
	time.Sleep(2500 * time.Millisecond)
	last := b.state(t)
	if last.SimTimeNs <= first.SimTimeNs {
		t.Fatalf("the shared clock did not advance: %d -> %d", first.SimTimeNs, last.SimTimeNs)
	}
	for i := range last.Sides {
		a, z := first.Sides[i], last.Sides[i]
		if z.Case != s.Compare[i] {
			t.Errorf("side %d is %q, want %q", i, z.Case, s.Compare[i])
		}
		// A side whose run has ended stops at its end; the others keep
		// the shared clock (a story now opens at its moment, so a short
		// side may end within the test's seconds).
		if z.SimTimeNs != nil && *z.SimTimeNs != last.SimTimeNs && !(z.Done && *z.SimTimeNs < last.SimTimeNs) {
			t.Errorf("side %s at %d ns, the clock at %d ns", z.Case, *z.SimTimeNs, last.SimTimeNs)
		}
		if reflect.DeepEqual(a, z) {
			t.Errorf("side %s did not change in %d ns of virtual time: %+v", z.Case, last.SimTimeNs-first.SimTimeNs, z)
		}
	}
	var series []string
	b.eval(`[...document.querySelectorAll("#chart-throughput .u-legend .u-series")].map(e => e.textContent.trim())`, &series)
	// Each side named by its letter (sidemarks.ts) and its case, in the picture's order.
	for i, c := range s.Compare {
		if want := fmt.Sprintf("%c: %s", 'A'+i, c); !slices.Contains(series, want) {
			t.Errorf("throughput chart's series are %q, want one named %q", series, want)
		}
	}
	var points int
	b.eval(`loomlab.chartPoints()`, &points)
	if points < 2 {
		t.Errorf("charts hold %d samples after 2.5 s", points)
	}
	var callouts string
	b.eval(`document.getElementById("callouts").hidden ? "" : document.getElementById("callouts").innerText`, &callouts)
	t.Logf("call-outs: %q", callouts)
	if s.ID == "request-load" && !strings.Contains(callouts, "Throughput") && !strings.Contains(callouts, "OS threads") {
		t.Errorf("no difference called out between %v", s.Compare)
	}
	checkPicture(t, s.ID+"-compare", b.lanes(t), b.gameShot(t), nil)
	b.saveShot(t, s.ID+"-compare")
}

// runFull: the worker's result equals `loomsim run --json`, except wall time.
func (b *browser) runFull(t *testing.T, root string) {
	bin := filepath.Join(t.TempDir(), "loomsim")
	if out, err := exec.Command("go", "build", "-o", bin, filepath.Join(root, "cmd", "loomsim")).CombinedOutput(); err != nil {
		t.Fatalf("building loomsim: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "run", "request-load/virtual-per-request", "--set", "requests=200", "--seed", "7", "--json")
	native, err := cmd.Output()
	if err != nil {
		t.Fatalf("loomsim run: %v", err)
	}
	var fromPage string
	b.evalAwait(`(() => { const p = []; return loomlab.runFull({scenario: "request-load", case: "virtual-per-request",
		knobs: {requests: 200}, seed: 7}, f => p.push(f)).then(r => JSON.stringify({r, last: p[p.length - 1]})) })()`, &fromPage, 60*time.Second)
	var got struct {
		R    map[string]any `json:"r"`
		Last float64        `json:"last"`
	}
	var want map[string]any
	if err := json.Unmarshal([]byte(fromPage), &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(native, &want); err != nil {
		t.Fatal(err)
	}
	delete(got.R, "wall_seconds")
	delete(want, "wall_seconds")
	if !reflect.DeepEqual(got.R, want) {
		t.Errorf("runFull in the browser:\n%v\nloomsim run --json:\n%v", got.R, want)
	}
	if got.Last != 1 {
		t.Errorf("last progress report %v, want 1", got.Last)
	}
	// The panel's table says, after the seed, that no seed changes a run
	// that drew nothing at random (as `loomsim run` does): request-load's
	// waits are constants.
	if want["drew_at_random"] != false {
		t.Errorf("the premise: request-load/virtual-per-request draws nothing at random, yet drew_at_random is %v", want["drew_at_random"])
	}
	b.load(t, `{scenario: "request-load", case: "virtual-per-request", knobs: {requests: "200"}, seed: 7}`)
	b.eval(`document.getElementById("fullrun-result").replaceChildren(), document.getElementById("fullrun-run").click(), true`, nil)
	if !b.poll(t, `!!document.querySelector("#fullrun-result table caption")`, 60*time.Second) {
		t.Fatalf("the full-run panel made no table (label %q, messages %q)", b.text("#fullrun-label"), b.messages())
	}
	if c, w := b.text("#fullrun-result table caption"), "seed 7 ("+scenario.SeedEffect(false)+")"; !strings.Contains(c, w) {
		t.Errorf("the full run's caption %q should say %q", c, w)
	}
	// The article-vs-model verdicts equal `loomsim verify --json`.
	nativeChecks, err := exec.Command(bin, "verify", "request-load", "--json").Output()
	if err != nil {
		t.Fatalf("loomsim verify: %v", err)
	}
	var wantChecks []map[string]any
	if err := json.Unmarshal(nativeChecks, &wantChecks); err != nil {
		t.Fatal(err)
	}
	// Once while the playground plays, when the runs leave it a core, and
	// once while it is paused, when they take every core: on this 2-core
	// machine one worker, then two.
	var cores, cases int
	b.eval(`navigator.hardwareConcurrency || 2`, &cores)
	b.eval(`new Set(loomlab.scenarios().find(s => s.id === "request-load").figures.flatMap(f => [f.case, f.than].filter(Boolean))).size`, &cases)
	for _, play := range []bool{true, false} {
		b.eval(map[bool]string{true: "loomlab.play()", false: "loomlab.pause()"}[play]+`, loomlab.workersAtOnce(), true`, nil)
		var pageChecks []map[string]any
		b.evalAwait(`loomlab.verify("request-load").then(v => v.checks)`, &pageChecks, 60*time.Second)
		if !reflect.DeepEqual(pageChecks, wantChecks) {
			t.Errorf("loomlab.verify in the browser (playing %v):\n%v\nloomsim verify --json:\n%v", play, pageChecks, wantChecks)
		}
		var atOnce int
		b.eval(`loomlab.workersAtOnce()`, &atOnce)
		ceiling := b.workerCeiling(t)
		want := min(ceiling, cores, cases)
		if play {
			want = min(ceiling, max(1, cores-1), cases)
		}
		if atOnce != want {
			t.Errorf("the %d runs of request-load's table took %d workers at once with the playground playing %v, want %d (%d cores)", cases, atOnce, play, want, cores)
		}
	}

	var msg string
	b.evalAwait(`loomlab.runFull({scenario: "request-load", knobs: {requests: -5}}).then(() => "", e => e.message)`, &msg, 20*time.Second)
	if !strings.Contains(msg, "requests") {
		t.Errorf("runFull with a bad knob: %q", msg)
	}
}

// verifyTable fills the article-vs-model table of request-load from the worker.
func (b *browser) verifyTable(t *testing.T) {
	b.goTo("/") // a fresh page: runFull's verify filled the table's cache
	b.load(t, `{scenario: "request-load", case: "pool-200"}`)
	// Before any run, the declared deviation is named with its reason.
	var declared []string
	b.eval(`[...document.querySelectorAll("#verify-table tbody tr")].filter(r => r.textContent.includes("declared deviation")).map(r => r.querySelector("details p")?.textContent ?? "")`, &declared)
	if len(declared) != 1 || !strings.Contains(declared[0], "thread") {
		t.Errorf("before a run, the table should name request-load's one declared deviation with its reason: %q", declared)
	}
	// Every version of the table while the runs go on is kept: the rows
	// fill in as the runs they need end, before the last one has.
	b.eval(`(() => {
		const rows = () => [...document.querySelectorAll("#verify-table tbody tr")].map(r =>
			r.querySelector("td:last-child .status").textContent + " | " + r.querySelector("td.model").textContent);
		window.__tables = [];
		new MutationObserver(() => {
			if (!document.getElementById("verify-label").textContent.startsWith("done")) window.__tables.push(rows());
		}).observe(document.querySelector("#verify-table tbody"), {childList: true});
		document.getElementById("verify-run").click();
		return true;
	})()`, nil)
	var statuses []string
	if !b.poll(t, `document.getElementById("verify-label").textContent.startsWith("done")`, 60*time.Second) {
		t.Fatalf("the article-vs-model table was not filled: %q", b.text("#verify-label"))
	}
	b.eval(`[...document.querySelectorAll("#verify-table tbody tr td:last-child .status")].map(e => e.textContent)`, &statuses)
	var final []string
	b.eval(`[...document.querySelectorAll("#verify-table tbody tr")].map(r => r.querySelector("td:last-child .status").textContent + " | " + r.querySelector("td.model").textContent)`, &final)
	var tables [][]string
	b.eval(`window.__tables`, &tables)
	partial := false
	for _, rows := range tables {
		judged := 0
		for i, r := range rows {
			if strings.HasPrefix(r, "… waiting") {
				continue
			}
			judged++
			if i >= len(final) || r != final[i] {
				t.Errorf("while the runs went on, row %d read %q; once they had all ended, %q", i, r, final[min(i, len(final)-1)])
			}
		}
		if judged > 0 && judged < len(rows) {
			partial = true
		}
	}
	if !partial {
		t.Errorf("the table never showed some figures judged while others waited for their runs: %d versions %q", len(tables), tables)
	}
	pass := 0
	for _, s := range statuses {
		if strings.Contains(s, "pass") {
			pass++
		}
		if strings.Contains(s, "fail") {
			t.Errorf("a figure fails in the page's table: %v", statuses)
		}
	}
	if pass == 0 {
		t.Errorf("no figure passes: %v", statuses)
	}
	// The words at the end count the badges: request-load declares one deviation.
	if want, got := fmt.Sprintf("done: %d pass, 1 declared deviation, 0 fail", pass), b.text("#verify-label"); got != want {
		t.Errorf("the table's last words %q, want %q", got, want)
	}
	// What the badges mean is on the page, not only in their tooltips.
	if key := b.text("#verify-key"); !strings.Contains(key, "declared deviation") || !strings.Contains(key, "not a pass") {
		t.Errorf("the table's key: %q", key)
	}
	// Once the table holds a whole verification, the button offers to run
	// it again; calibrated rows are shaded beside the predicted ones (the
	// model's tests), and the key says so.
	if btn := b.text("#verify-run"); !strings.HasPrefix(btn, "Run the full-length cases again (") {
		t.Errorf("after a verification the button reads %q", btn)
	}
	var shades []string
	b.eval(`["calibrated", "predicted"].map(r => getComputedStyle(document.querySelector("#verify-table tr.role-" + r)).backgroundColor)`, &shades)
	if len(shades) != 2 || shades[0] == shades[1] {
		t.Errorf("a calibrated row and a predicted one have the backgrounds %v: want the calibrated shaded", shades)
	}
	if key := b.text("#verify-key"); !strings.Contains(key, "Calibrated (shaded rows)") {
		t.Errorf("the table's key does not say calibrated rows are shaded: %q", key)
	}
	// Each figure's accepted range says, under it, the tolerance that sets
	// its width with the figure's own numbers (the scenario's Tolerance,
	// read here from the Go side); an ordering's range is words and has none.
	// The key says what the notations mean.
	var accepts []struct{ Range, Tolerance string }
	b.eval(`[...document.querySelectorAll("#verify-table tbody td.accepts")].map(td => ({range: td.firstChild.textContent, tolerance: td.querySelector(".tolerance")?.textContent ?? ""}))`, &accepts)
	sc, _, err := scenario.ParseRef("request-load")
	if err != nil {
		t.Fatal(err)
	}
	if len(accepts) != len(sc.Figures) {
		t.Fatalf("%d accepted ranges for %d figures", len(accepts), len(sc.Figures))
	}
	for i, f := range sc.Figures {
		want := "within " + f.Tol.Words(f.Value)
		if f.Than != "" {
			want = ""
		}
		if accepts[i].Range != f.AcceptText() || accepts[i].Tolerance != want {
			t.Errorf("figure %d: accepted range %+v, want %q with %q under it", i, accepts[i], f.AcceptText(), want)
		}
	}
	if key := b.text("#verify-key"); !strings.Contains(key, "the tolerance that sets its width") {
		t.Errorf("the table's key does not say what the tolerances under the ranges are: %q", key)
	}
	if key := b.text("#verify-key"); !strings.Contains(key, "A “~” before the article's value") {
		t.Errorf("the table's key does not say what a \"~\" before an article's value means: %q", key)
	}
	// Every row says whether the figure is calibrated or predicted, and the
	// summary counts them as `loomsim verify` does.
	var roles []string
	b.eval(`[...document.querySelectorAll("#verify-table tbody tr td.role")].map(e => e.textContent)`, &roles)
	if len(roles) != len(statuses) {
		t.Errorf("%d role cells for %d figures", len(roles), len(statuses))
	}
	for _, r := range roles {
		if r != "calibrated" && r != "predicted" {
			t.Errorf("a figure's role is %q", r)
		}
	}
	if sum := b.text("#verify-summary"); !strings.Contains(sum, "predicted figures") || !strings.Contains(sum, "within tolerance") {
		t.Errorf("the table's summary: %q", sum)
	}
}

// keyboard reaches the play button with Tab, sees a visible focus ring,
// and toggles the simulation with Enter.
func (b *browser) keyboard(t *testing.T) {
	b.eval(`document.activeElement && document.activeElement.blur(), window.focus(), true`, nil)
	reached := false
	for i := 0; i < 60 && !reached; i++ {
		if err := chromedp.Do(b.ctx, chromedp.KeyEvent(keys.Tab)); err != nil {
			t.Fatal(err)
		}
		b.eval(`document.activeElement && document.activeElement.id === "playpause"`, &reached)
	}
	if !reached {
		t.Fatal("Tab never reached the play/pause button")
	}
	var outline string
	b.eval(`getComputedStyle(document.activeElement).outlineStyle`, &outline)
	if outline == "none" || outline == "" {
		t.Errorf("the focused play/pause button shows no outline (outline-style %q)", outline)
	}
	before := b.state(t).Running
	if err := chromedp.Do(b.ctx, chromedp.KeyEvent(keys.Enter)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if after := b.state(t).Running; after == before {
		t.Errorf("Enter on the focused play/pause button left running = %v", after)
	}
}

// phone checks the page fits a phone's width and saves a picture of it.
func (b *browser) phone(t *testing.T) {
	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Do(b.ctx, chromedp.EmulateViewport(1200, 800))
	time.Sleep(500 * time.Millisecond)
	var overflow int
	b.eval(`document.documentElement.scrollWidth - window.innerWidth`, &overflow)
	if overflow > 0 {
		t.Errorf("at 390 px wide the page scrolls sideways by %d px", overflow)
	}
	b.saveShot(t, "phone")
}

// ---- helpers ----------------------------------------------------------------

type seenThreads struct{ mounted, parked bool }

// watchJS looks for a virtual thread mounted and one parked (the two %v
// say whether each was seen already): first by stepping event by event,
// reading state() after each frame (the picture's snapshot refreshes once
// per frame); then by playing at 100 µs of virtual time per second and
// reading every frame. Finally it plays at 10 ms per second for a second to
// see the clock advance.
const watchJS = `(async () => {
	const frame = () => new Promise(r => requestAnimationFrame(r));
	let mounted = %v, parked = %v, steps = 0, frames = 0;
	const look = () => { const s = loomlab.state();
		for (const x of [s, ...(s.sides || [])]) {
			mounted ||= x.mounted > 0 || x.mounts > 0; parked ||= x.parked > 0 || x.parks > 0; }
		return s; };
	loomlab.pause(); await frame();
	const t0 = look().simTimeNs;
	for (const end = performance.now() + 2500; steps < 150 && performance.now() < end && !(mounted && parked); steps++) {
		loomlab.step(); await frame(); look();
	}
	loomlab.setSpeed(1e-4); loomlab.play();
	for (const end = performance.now() + 2000; performance.now() < end && !(mounted && parked); frames++) {
		await frame(); look();
	}
	loomlab.setSpeed(0.01); loomlab.play();
	const t1 = look().simTimeNs;
	await new Promise(r => setTimeout(r, 700));
	const t2 = look().simTimeNs;
	return {steps, frames, t0, t1, t2, mounted, parked};
})()`

type attempt struct{ c, knobs string }

// watchAttempts: the default case, the other cases that run virtual
// threads (by name), the default case with each boolean knob flipped, then
// the remaining cases.
func watchAttempts(s scenarioInfo) []attempt {
	out := []attempt{{s.DefaultCase, "{}"}}
	for _, c := range s.Cases {
		if c != s.DefaultCase && strings.Contains(c, "virtual") {
			out = append(out, attempt{c, "{}"})
		}
	}
	for _, k := range s.Knobs {
		if k.Type == "bool" {
			v := "true"
			if k.Default == "true" {
				v = "false"
			}
			out = append(out, attempt{s.DefaultCase, fmt.Sprintf("{%s: %s}", k.Name, v)})
		}
	}
	// A scenario whose threads are platform threads by default (gc-lab, the
	// real JVM's twin) offers virtual ones through an enum knob: try that,
	// on the newest JDK it offers (virtual threads need 21 or later).
	newest := ""
	for _, k := range s.Knobs {
		if k.Name == "jdk" && len(k.Options) > 0 {
			newest = fmt.Sprintf(", jdk: %q", k.Options[len(k.Options)-1])
		}
	}
	for _, k := range s.Knobs {
		if k.Type == "enum" && k.Default != "virtual" && slices.Contains(k.Options, "virtual") {
			out = append(out, attempt{s.DefaultCase, fmt.Sprintf("{%s: %q%s}", k.Name, "virtual", newest)})
		}
	}
	for _, c := range s.Cases {
		if c != s.DefaultCase && !strings.Contains(c, "virtual") {
			out = append(out, attempt{c, "{}"})
		}
	}
	return out
}

type watch struct {
	Steps, Frames   int
	T0, T1, T2      int64
	Mounted, Parked bool
}

// waitState polls state() until ok or the timeout; it returns the last state.
func (b *browser) waitState(t *testing.T, d time.Duration, ok func(first, cur browserState, seen *seenThreads) bool) (bool, browserState) {
	t.Helper()
	first := b.state(t)
	seen := &seenThreads{}
	deadline := time.Now().Add(d)
	cur := first
	for {
		seen.mounted = seen.mounted || cur.Mounted > 0
		seen.parked = seen.parked || cur.Parked > 0
		for _, s := range cur.Sides {
			seen.mounted = seen.mounted || s.Mounted > 0
			seen.parked = seen.parked || s.Parked > 0
		}
		if ok(first, cur, seen) {
			return true, cur
		}
		if time.Now().After(deadline) {
			return false, cur
		}
		time.Sleep(100 * time.Millisecond)
		cur = b.state(t)
	}
}

func (b *browser) state(t *testing.T) browserState {
	t.Helper()
	var st browserState
	b.eval(`loomlab.state()`, &st)
	return st
}

// seedEffect: beside the seed, the page says whether another seed would
// change what plays, from the state's drewAtRandom: request-load's waits
// are constants, llm-router draws its models' latencies.
func (b *browser) seedEffect(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{`{scenario: "request-load", case: "pool-200", seed: 1}`, "nothing drawn at random so far, so another seed gives the same run"},
		{`{scenario: "llm-router", case: "virtual", seed: 1}`, scenario.SeedEffect(true)},
	} {
		b.load(t, c.spec)
		b.eval(`loomlab.play(), true`, nil)
		got := b.textWhen(t, "#seed-effect", func(s string) bool { return s == c.want }, 20*time.Second)
		b.eval(`loomlab.pause(), true`, nil)
		if got != c.want {
			t.Errorf("%s: beside the seed %q, want %q", c.spec, got, c.want)
		}
	}
}

func (b *browser) load(t *testing.T, spec string) {
	t.Helper()
	var msg string
	b.evalAwait(`loomlab.load(`+spec+`).then(() => "", e => "rejected: " + e.message)`, &msg, 20*time.Second)
	if msg != "" {
		t.Fatalf("load(%s): %s", spec, msg)
	}
}

func (b *browser) setInput(t *testing.T, id, v string) {
	t.Helper()
	var ok bool
	b.eval(fmt.Sprintf(`(() => { const e = document.getElementById(%q); if (!e) return false;
		if (e.type === "checkbox") e.checked = %q === "true"; else e.value = %q;
		e.dispatchEvent(new Event("input", {bubbles: true})); return true })()`, id, v, v), &ok)
	if !ok {
		t.Fatalf("no input #%s", id)
	}
}

func (b *browser) messages() string {
	var s string
	b.eval(`[...document.querySelectorAll("#messages .message")].map(m => m.innerText).join("\n")`, &s)
	return s
}

// eval evaluates an expression and decodes its value into out (nil: ignore).
func (b *browser) eval(expr string, out any) {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[json.RawMessage](expr))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v", oneLine(expr), err)
	}
	if out != nil {
		if err := json.Unmarshal(v, out); err != nil {
			b.t.Fatalf("evaluating %s: %v (value %s)", oneLine(expr), err, v)
		}
	}
}

func (b *browser) evalAwait(expr string, out any, d time.Duration) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, d)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v", oneLine(expr), err)
	}
	if err := json.Unmarshal(v, out); err != nil {
		b.t.Fatalf("evaluating %s: %v (value %s)", oneLine(expr), err, v)
	}
}

// lanes is the lane count of each side, as the picture lays them out.
func (b *browser) lanes(t *testing.T) []int {
	t.Helper()
	var n []int
	b.eval(`(() => { const s = loomlab.state(); return (s.sides && s.sides.length ? s.sides : [s]).map(x => x.carriers || 1) })()`, &n)
	return n
}

// gameShot is a screenshot of the playground iframe, decoded.
func (b *browser) gameShot(t *testing.T) image.Image {
	t.Helper()
	data, err := chromedp.Run(b.ctx, chromedp.Screenshot(chromedp.CSS("#game")))
	if err != nil {
		t.Fatalf("screenshot of the playground: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// saveShot saves the whole page for review.
func (b *browser) saveShot(t *testing.T, name string) {
	t.Helper()
	data, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	p := filepath.Join(b.shot, name+".png")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func (b *browser) collectConsole() {
	for m, err := range chromedp.Console(b.ctx) {
		if err != nil {
			return
		}
		b.mu.Lock()
		b.console = append(b.console, m.String())
		b.mu.Unlock()
	}
}

func (b *browser) dumpConsole() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, m := range b.console {
		b.t.Logf("console: %s", m)
	}
}

// knobChanges lists int and float knobs with a valid value next to their
// current one (a small change keeps the run going).
func knobChanges(s scenarioInfo, cur map[string]string) [][2]string {
	var out [][2]string
	for _, k := range s.Knobs {
		if (k.Type != "int" && k.Type != "float") || k.Min == nil || k.Max == nil || *k.Max <= *k.Min {
			continue
		}
		var v float64
		if _, err := fmt.Sscan(cur[k.Name], &v); err != nil {
			continue
		}
		for _, d := range []float64{1, -1} {
			if w := v + d; w >= *k.Min && w <= *k.Max {
				out = append(out, [2]string{k.Name, strconv.FormatFloat(w, 'f', -1, 64)})
				break
			}
		}
	}
	if len(out) > 4 {
		out = out[:4]
	}
	return out
}

// The run the bad-value checks start from plays at steadySpeed, from
// past steadyLead. A knob applied through the form is no such run: it
// fast-forwards to the story's moment (game/play/opening.go), and where
// the moment never comes (gc-lab's cases have no Full GC) the fast-forward
// goes on to the run's end, 10 s of virtual time in about 140 ticks; on a
// loaded machine the checks' round trips outlasted that, and the run was
// seen ended. At steadySpeed the shortest case (request-load's
// virtual-per-request, 0.15 s) takes minutes of frames to end, and past
// steadyLead a run started again from 0 shows as time gone back.
const (
	steadySpeed = 0.001     // virtual seconds per real second
	steadyLead  = 5_000_000 // ns
)

// steadyRun loads scenario/caseID through the API (which, unlike the form,
// does not fast-forward), plays it to past steadyLead and slows it to
// steadySpeed; it returns the state there.
func (b *browser) steadyRun(t *testing.T, scenario, caseID string) browserState {
	t.Helper()
	b.load(t, fmt.Sprintf(`{scenario: %q, case: %q, seed: 1}`, scenario, caseID))
	b.eval(`loomlab.setSpeed(0.01), loomlab.play(), true`, nil)
	if !b.poll(t, fmt.Sprintf(`loomlab.state().simTimeNs >= %d`, steadyLead), 60*time.Second) {
		t.Fatalf("%s/%s did not reach %d ns playing at 0.01: %+v", scenario, caseID, steadyLead, b.state(t))
	}
	b.eval(fmt.Sprintf(`loomlab.setSpeed(%g), true`, steadySpeed), nil)
	return b.state(t)
}

// sameRunGoingOn: after is the run before was, still playing at its
// pace: the same scenario, case, knobs, seed and speed, its clock moved
// on (not back to 0), not ended, and no fast-forward started.
func sameRunGoingOn(before, after browserState) bool {
	return after.Scenario == before.Scenario && after.Case == before.Case && maps.Equal(after.Knobs, before.Knobs) &&
		after.Seed == before.Seed && after.Speed == before.Speed &&
		after.Running && !after.Done && after.SimTimeNs > before.SimTimeNs &&
		!after.Opening.Active && after.Opening.Done == before.Opening.Done
}

func firstNumericKnob(s scenarioInfo) string {
	for _, k := range s.Knobs {
		if k.Type == "int" || k.Type == "float" {
			return k.Name
		}
	}
	return ""
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// ensureChromium returns the browser to drive, installing Debian's chromium
// with apt-get when it is missing and this process may (root); otherwise it
// fails with the command to run.
func ensureChromium(t *testing.T) string {
	t.Helper()
	path := chromium.Path()
	if _, err := os.Stat(path); err == nil {
		return path
	}
	const cmd = "apt-get update && apt-get install -y chromium"
	if os.Getenv("LOOMLAB_CHROMIUM") != "" || os.Geteuid() != 0 {
		t.Fatalf("headless Chromium is needed at %s: run `sudo sh -c '%s'` (or set LOOMLAB_CHROMIUM)", path, cmd)
	}
	t.Logf("installing Chromium: %s", cmd)
	c := exec.Command("sh", "-c", cmd)
	c.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, tail(out, 2000))
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("after `%s` there is still no %s", cmd, path)
	}
	return path
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}
