package main

// Browser tests of the timeline, the follow card, the classroom and the
// presenter view: scrubbing back and then forward returns to the identical
// state(); stepping to the next and previous event of a kind; a click on a
// thread in the canvas follows it; an exercise answered right and wrong is
// graded so (by the worker, on the model's own runs) and the progress is
// kept; a teacher link's locked knob cannot be changed; the presenter view
// is driven by the keyboard. One tab of the shared Chromium.

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	keys "github.com/chromedp/chromedp/kb"

	"github.com/loomlab/loomlab/game/view"
	"github.com/loomlab/loomlab/sim"
)

func TestTimelineAndClassroom(t *testing.T) {
	start := time.Now()
	b := newBrowser(t)
	run := b.subtests(t)
	b.goTo("/")
	run("scrub-back-and-forward", func(t *testing.T) { b.scrubBackAndForward(t) })
	run("step-to-kind", func(t *testing.T) { b.stepToKind(t) })
	run("follow-by-click", func(t *testing.T) { b.followByClick(t) })
	run("exercise-graded", func(t *testing.T) { b.exerciseGraded(t) })
	run("locked-knobs", func(t *testing.T) { b.lockedKnobs(t) })
	run("exercise-only-link", func(t *testing.T) { b.exerciseOnlyLink(t) })
	run("presenter", func(t *testing.T) { b.presenter(t) })
	t.Logf("timeline and classroom took %s", time.Since(start).Round(time.Millisecond))
}

// fullState is state() without what measures the browser (frame rates and
// times). It reads state() twice so that the latency window, which counts
// requests finished since the previous read, is the empty one.
func (b *browser) fullState(t *testing.T) string {
	t.Helper()
	var s string
	b.eval(`(() => { loomlab.state(); const s = loomlab.state();
		delete s.fps; delete s.tps; delete s.frame;
		// animating: whether the move's flights have landed, which depends
		// on the ticks drawn since the move, not on the position reached.
		delete s.animating; return JSON.stringify(s) })()`, &s)
	return s
}

type timelineInfo struct {
	StartNs, EndNs, NowNs int64
	Now                   string
	Live                  bool
	Checkpoints           int
}

func (b *browser) timeline(t *testing.T) timelineInfo {
	t.Helper()
	var tl timelineInfo
	b.eval(`loomlab.timeline.state()`, &tl)
	return tl
}

// frame waits for the playground's next frames to be drawn.
func (b *browser) frames(n int) {
	var ok bool
	b.evalAwait(fmt.Sprintf(`(async () => { for (let i = 0; i < %d; i++) await new Promise(r => requestAnimationFrame(r)); return true })()`, n), &ok, 10*time.Second)
}

// scrubBackAndForward plays two compared cases, pauses, scrubs back with
// the slider and returns to the live position: state() is identical.
func (b *browser) scrubBackAndForward(t *testing.T) {
	b.load(t, `{scenario: "request-load", compare: ["pool-200", "virtual-per-request"], knobs: {requests: 3000, sleep_ms: 20}, seed: 3}`)
	b.eval(`loomlab.setSpeed(0.1), loomlab.play(), true`, nil)
	if !b.poll(t, `loomlab.timeline.state().checkpoints >= 2 && loomlab.state().simTimeNs > 60e6`, 20*time.Second) {
		t.Fatalf("no history after playing: %+v", b.timeline(t))
	}
	b.eval(`loomlab.pause(), true`, nil)
	b.frames(3)
	live := b.fullState(t)
	tl := b.timeline(t)
	if !tl.Live || tl.NowNs != tl.EndNs || tl.StartNs >= tl.EndNs {
		t.Fatalf("timeline while live: %+v", tl)
	}

	// Live, the bar says what the slider can do, not a rewind under way
	// ("live at 261 ms · rewinds to 151 ms" was read as one).
	if s := b.text("#tl-pos"); !strings.HasPrefix(s, "now ") || !strings.Contains(s, "(latest) · can rewind back to ") {
		t.Errorf("the bar while live: %q", s)
	} else if tl := b.timeline(t); !strings.HasPrefix(s, "now "+view.Clock(sim.Duration(tl.NowNs))+" (latest)") || tl.Now != view.Clock(sim.Duration(tl.NowNs)) {
		// In the picture header's words ("7.08 ms" under "7.1 ms" was
		// read as two times).
		t.Errorf("the bar while live: %q at %d ns (%q); want the header's clock %q", s, tl.NowNs, tl.Now, view.Clock(sim.Duration(tl.NowNs)))
	}
	// Back with the slider, as a person drags it.
	for _, v := range []int{300, 700, 50} {
		b.eval(fmt.Sprintf(`(() => { const s = document.getElementById("tl-scrub"); s.value = "%d";
			s.dispatchEvent(new Event("input")); s.dispatchEvent(new Event("change")); return true })()`, v), nil)
		b.frames(2)
		back := b.timeline(t)
		want := tl.StartNs + int64(float64(v)/1000*float64(tl.EndNs-tl.StartNs))
		if back.Live || abs64(back.NowNs-want) > (tl.EndNs-tl.StartNs)/500+1 || back.EndNs != tl.EndNs {
			t.Errorf("slider at %d: timeline %+v, want now ≈ %d and the end kept", v, back, want)
		}
		if st := b.state(t); st.Running || st.SimTimeNs != back.NowNs {
			t.Errorf("slider at %d: state() at %d ns running %v, timeline at %d", v, st.SimTimeNs, st.Running, back.NowNs)
		}
	}
	if b.fullState(t) == live {
		t.Fatal("scrubbing back did not change state()")
	}
	if s := b.text("#tl-pos"); !strings.Contains(s, "before live") {
		t.Errorf("the bar does not say it shows an earlier moment: %q", s)
	}
	// Forward again: the Live button.
	b.eval(`document.getElementById("tl-live").click(), true`, nil)
	b.frames(2)
	if got := b.fullState(t); got != live {
		t.Errorf("back to live, state() differs:\n%s", firstDiff(live, got))
	}
	if tl2 := b.timeline(t); !tl2.Live || tl2.NowNs != tl.EndNs {
		t.Errorf("after Live: %+v", tl2)
	}
	// And with the slider dragged to its end after another trip back.
	b.eval(`loomlab.timeline.scrub(loomlab.timeline.state().endNs / 2), true`, nil)
	b.eval(`(() => { const s = document.getElementById("tl-scrub"); s.value = s.max;
		s.dispatchEvent(new Event("input")); s.dispatchEvent(new Event("change")); return true })()`, nil)
	b.frames(2)
	if got := b.fullState(t); got != live {
		t.Errorf("slider back to its end, state() differs:\n%s", firstDiff(live, got))
	}
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// firstDiff shows where two long texts first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-120)
	return fmt.Sprintf("want …%s…\ngot  …%s…", a[lo:min(len(a), i+120)], b[lo:min(len(b), i+120)])
}

// stepToKind steps to the next mounts with the bar, back to the previous
// one, and forward again to the same state.
func (b *browser) stepToKind(t *testing.T) {
	b.load(t, `{scenario: "request-load", case: "virtual-per-request", knobs: {requests: 200, sleep_ms: 5, cores: 2}, seed: 2}`)
	b.frames(2)
	b.eval(`document.getElementById("tl-kind").value = "mount", true`, nil)
	var mounts []int64
	var states []string
	for i := 0; i < 4; i++ {
		b.eval(`document.getElementById("tl-next").click(), true`, nil)
		b.frames(1)
		st := b.fullState(t)
		var m struct{ Mounts int64 }
		_ = json.Unmarshal([]byte(st), &m)
		mounts = append(mounts, m.Mounts)
		states = append(states, st)
	}
	for i := 1; i < len(mounts); i++ {
		if mounts[i] <= mounts[i-1] {
			t.Errorf("each Next ▶ should reach one more mount: %v", mounts)
		}
	}
	b.eval(`document.getElementById("tl-prev").click(), true`, nil)
	b.frames(1)
	if got := b.fullState(t); got != states[2] {
		t.Errorf("◀ Previous did not return to the previous mount:\n%s", firstDiff(states[2], got))
	}
	b.eval(`document.getElementById("tl-next").click(), true`, nil)
	b.frames(1)
	if got := b.fullState(t); got != states[3] {
		t.Errorf("Next ▶ after ◀ Previous differs:\n%s", firstDiff(states[3], got))
	}
	// A GC pause: vt-pooling's small heap collects within milliseconds.
	b.load(t, `{scenario: "vt-pooling", case: "1g-pool", knobs: {connections: 300, pool_size: 300, heap_mb: 128, warmup_s: 0.2, measure_s: 0.3}}`)
	var found bool
	b.eval(`loomlab.timeline.step("gc")`, &found)
	var gc struct {
		Paused   bool
		YoungGCs int64
		FullGCs  int64
	}
	b.eval(`loomlab.state()`, &gc)
	if !found || !gc.Paused {
		t.Errorf("stepping to a GC: found %v, state %+v (a pause has just begun)", found, gc)
	}
}

// followByClick clicks a carrier lane in the picture and expects the card
// for the thread drawn there.
func (b *browser) followByClick(t *testing.T) {
	// Pinned sleeps: every carrier holds a thread for a long while.
	b.load(t, `{scenario: "request-load", case: "virtual-per-request", knobs: {requests: 40, sleep_ms: 50, pin: true, cores: 4}, seed: 1}`)
	b.eval(`loomlab.timeline.scrub(5e6), true`, nil)
	b.frames(4)
	// Find a point where the picture drew a thread (the playground's own
	// hit-test, which the click uses too).
	var hit struct{ X, Y, Thread float64 }
	b.eval(`(() => { const f = document.getElementById("game"); const g = f.contentWindow.loomgame;
		const w = f.clientWidth, h = f.clientHeight;
		for (let y = 4; y < h * 0.6; y += 4) for (let x = w * 0.05; x < w * 0.5; x += w * 0.05) {
			const r = JSON.parse(g.pick(x, y)); if (r.thread) return {x, y, thread: r.thread} }
		return {x: 0, y: 0, thread: 0} })()`, &hit)
	if hit.Thread == 0 {
		t.Fatal("no thread found in the picture")
	}
	var frame struct{ X, Y float64 }
	b.eval(`(() => { const f = document.getElementById("game"); f.scrollIntoView({block: "center"});
		const r = f.getBoundingClientRect(); return {x: r.left, y: r.top} })()`, &frame)
	if err := chromedp.Do(b.ctx, chromedp.MouseClickXY(frame.X+hit.X, frame.Y+hit.Y)); err != nil {
		t.Fatal(err)
	}
	if !b.poll(t, fmt.Sprintf(`!document.getElementById("follow-card").hidden && document.getElementById("follow-title")?.textContent.includes("#%d")`, int64(hit.Thread)), 3*time.Second) {
		t.Fatalf("clicking thread #%d at (%.0f, %.0f) did not show its card: %q", int64(hit.Thread), hit.X, hit.Y, b.text("#follow-card"))
	}
	card := b.text("#follow-card")
	for _, want := range []string{"pinned", "Time in each state", "StackChunks", "worker-"} {
		if !strings.Contains(card, want) && !(want == "StackChunks" && strings.Contains(card, "No StackChunk")) {
			t.Errorf("the card lacks %q:\n%s", want, card)
		}
	}
	var c struct {
		ID       int64
		State    string
		Carriers []struct{ Carrier string }
	}
	b.eval(`loomlab.timeline.card()`, &c)
	if c.ID != int64(hit.Thread) || c.State != "pinned" || len(c.Carriers) == 0 {
		t.Errorf("card() = %+v, want thread #%d pinned on a carrier", c, int64(hit.Thread))
	}
	b.saveShot(t, "follow-card")
	b.eval(`document.querySelector("#follow-card .tl-unfollow").click(), true`, nil)
	if !b.poll(t, `document.getElementById("follow-card").hidden`, 2*time.Second) {
		t.Errorf("Unfollow did not hide the card")
	}
}

// answer opens exercise id with seed, types or picks the answer in the
// card and waits for the verdict.
func (b *browser) answer(t *testing.T, id string, seed int, answer string) (correct bool, verdict string) {
	t.Helper()
	var q struct{ Question string }
	b.evalAwait(fmt.Sprintf(`loomlab.classroom.open(%q, %d)`, id, seed), &q, 20*time.Second)
	if q.Question == "" {
		t.Fatalf("%s: no question", id)
	}
	var kind string
	b.eval(fmt.Sprintf(`loomlab.classroom.exercises().find(e => e.id === %q).kind`, id), &kind)
	if kind == "number" {
		b.setInput(t, "answer-number", answer)
	} else {
		b.eval(fmt.Sprintf(`document.getElementById("answer-%s").click(), true`, answer), nil)
	}
	b.eval(`document.getElementById("exercise-check").click(), true`, nil)
	if !b.poll(t, `document.getElementById("exercise-verdict") !== null`, 60*time.Second) {
		t.Fatalf("%s: no verdict; status %q", id, b.text("#exercise-status"))
	}
	var v struct {
		Correct string
		Text    string
	}
	b.eval(`(() => { const v = document.getElementById("exercise-verdict"); return {correct: v.dataset.correct, text: v.textContent} })()`, &v)
	return v.Correct == "true", v.Text
}

// exerciseGraded answers exercises right and wrong and expects the grade,
// the explanation and the progress kept in localStorage.
func (b *browser) exerciseGraded(t *testing.T) {
	b.eval(`localStorage.removeItem("loomlab.classroom.v1"), true`, nil)
	var n int
	b.eval(`loomlab.classroom.exercises().length`, &n)
	if n < 15 {
		t.Errorf("%d exercises; want at least three for each of the five articles", n)
	}
	// Seed 5 of load-pool-threads is the pool of 50: 50 threads + the JVM's 6.
	ok, text := b.answer(t, "load-pool-threads", 5, "56")
	if !ok || !strings.Contains(text, "56") {
		t.Errorf("the right number was graded wrong: %q", text)
	}
	if e := b.text("#exercise-result .explanation"); !strings.Contains(e, "pool") {
		t.Errorf("no explanation after grading: %q", e)
	}
	ok, text = b.answer(t, "load-pool-threads", 5, "206")
	if ok || !strings.Contains(text, "56") {
		t.Errorf("the wrong number was graded right, or the model's answer is not shown: %q", text)
	}
	// A choice: CPU-bound work takes as long on either kind of thread.
	ok, text = b.answer(t, "load-cpu-bound", 2, "same")
	if !ok {
		t.Errorf("the right choice was graded wrong: %q", text)
	}
	b.saveElementShot(t, "#exercise", "exercise-graded")
	ok, _ = b.answer(t, "load-cpu-bound", 2, "faster")
	if ok {
		t.Errorf("the wrong choice was graded right")
	}
	// An article's server at a quarter of its size, graded in the worker.
	t0 := time.Now()
	ok, text = b.answer(t, "pooling-small-heap", 3, "fewer")
	if !ok {
		t.Errorf("pooling on the tight heap: %q", text)
	}
	t.Logf("vt-pooling exercise (two quarter-size runs in the worker) graded in %s", time.Since(t0).Round(time.Millisecond))
	var p struct{ Attempts, Correct int }
	b.eval(`loomlab.classroom.progress("load-pool-threads")`, &p)
	if p.Attempts != 2 || p.Correct != 1 {
		t.Errorf("progress of load-pool-threads = %+v, want 2 attempts, 1 right", p)
	}
	var stored string
	b.eval(`localStorage.getItem("loomlab.classroom.v1") || ""`, &stored)
	if !strings.Contains(stored, "load-cpu-bound") {
		t.Errorf("progress is not in localStorage: %q", stored)
	}
	// It survives a reload.
	b.goTo("/")
	b.eval(`loomlab.classroom.progress("load-cpu-bound")`, &p)
	if p.Attempts != 2 || p.Correct != 1 {
		t.Errorf("after a reload, progress of load-cpu-bound = %+v", p)
	}
	b.eval(`document.getElementById("classroom-article").value = "request-load",
		document.getElementById("classroom-article").dispatchEvent(new Event("change")), true`, nil)
	if marks := b.text("#exercise-list"); !strings.Contains(marks, "✓") {
		t.Errorf("the list shows no exercise answered right: %q", marks)
	}
	b.saveShot(t, "classroom")
}

// exerciseOnlyLink opens a link naming only an exercise (no scenario):
// the page finds the exercise's scenario, since the canvas program does
// not carry the classroom.
func (b *browser) exerciseOnlyLink(t *testing.T) {
	b.goTo("/?exercise=carrier-rss&seed=2")
	if !b.poll(t, `!document.getElementById("exercise").hidden && loomlab.state().scenario === "loom-carrier"`, 20*time.Second) {
		t.Fatalf("a link naming only the exercise did not open it in its scenario: scenario %q, messages %q", b.state(t).Scenario, b.messages())
	}
}

// lockedKnobs opens a teacher link and tries to change a locked knob
// through the form and through load(); an unlocked knob still changes.
func (b *browser) lockedKnobs(t *testing.T) {
	var link string
	b.evalAwait(`loomlab.classroom.open("load-pool-threads", 5).then(() => loomlab.classroom.teacherLink(["pool_size", "requests"]))`, &link, 20*time.Second)
	u, err := url.Parse(link)
	if err != nil || u.Query().Get("exercise") != "load-pool-threads" || u.Query().Get("lock") != "pool_size,requests" {
		t.Fatalf("teacher link %q", link)
	}
	b.goTo(u.RequestURI())
	if !b.poll(t, `!document.getElementById("exercise").hidden && loomlab.state().knobs.pool_size === "50"`, 20*time.Second) {
		t.Fatalf("the teacher link did not open the exercise with pool_size 50: %+v", b.state(t).Knobs)
	}
	var disabled bool
	b.eval(`document.getElementById("knob-pool_size").disabled && document.getElementById("knob-requests").disabled && !document.getElementById("knob-sleep_ms").disabled`, &disabled)
	if !disabled {
		t.Errorf("the locked knobs are not disabled in the form (or an unlocked one is)")
	}
	if note := b.text("#knobs .knob.locked .knob-note"); !strings.Contains(note, "locked") {
		t.Errorf("no note says the knob is locked: %q", note)
	}
	// Through the form: even with the input forced, Apply keeps 50.
	b.setInput(t, "knob-pool_size", "60")
	b.setInput(t, "knob-sleep_ms", "50")
	b.eval(`document.getElementById("apply").click(), true`, nil)
	if !b.poll(t, `loomlab.state().knobs.sleep_ms === "50"`, 5*time.Second) {
		t.Errorf("an unlocked knob could not be changed: %v (messages %q)", b.state(t).Knobs, b.messages())
	}
	if k := b.state(t).Knobs["pool_size"]; k != "50" {
		t.Errorf("the locked pool_size changed to %s through the form", k)
	}
	// Through the API.
	var msg string
	b.evalAwait(`loomlab.load({scenario: "request-load", case: "pool-200", knobs: {pool_size: 60, requests: 1000}, seed: 5}).then(() => "", e => e.message)`, &msg, 10*time.Second)
	if !strings.Contains(msg, "pool_size") || !strings.Contains(msg, "locked") {
		t.Errorf("load with a locked knob changed: %q", msg)
	}
	if k := b.state(t).Knobs["pool_size"]; k != "50" {
		t.Errorf("the locked pool_size is %s after the refused load", k)
	}
	// Another case would change requests' meaning? It keeps the locked
	// values, so it is allowed; another scenario is not.
	b.evalAwait(`loomlab.load({scenario: "vt-basics"}).then(() => "", e => e.message)`, &msg, 10*time.Second)
	if !strings.Contains(msg, "locked") {
		t.Errorf("leaving the exercise's scenario was not refused: %q", msg)
	}
	// The page's link keeps the exercise and its locks (a reload keeps them).
	var href string
	b.eval(`location.href`, &href)
	if hu, _ := url.Parse(href); hu == nil || hu.Query().Get("lock") != "pool_size,requests" || hu.Query().Get("exercise") != "load-pool-threads" {
		t.Errorf("the URL bar lost the exercise's locks: %s", href)
	}

	// lock=all: the case and the seed are locked too.
	q := u.Query()
	q.Set("lock", "all")
	u.RawQuery = q.Encode()
	b.goTo(u.RequestURI())
	if !b.poll(t, `!document.getElementById("exercise").hidden`, 20*time.Second) {
		t.Fatal("lock=all: the exercise did not open")
	}
	b.eval(`["case", "compare", "seed", "knob-sleep_ms", "knob-executor"].every(id => document.getElementById(id).disabled)`, &disabled)
	if !disabled {
		t.Errorf("lock=all: the case, compare, seed and every knob should be disabled")
	}
	b.evalAwait(`loomlab.load({scenario: "request-load", case: "pool-200", knobs: {pool_size: 50, requests: 1000, sleep_ms: 150}, seed: 5}).then(() => "", e => e.message)`, &msg, 10*time.Second)
	if !strings.Contains(msg, "sleep_ms") || !strings.Contains(msg, "locked") {
		t.Errorf("lock=all: changing sleep_ms was not refused: %q", msg)
	}
	b.saveShot(t, "exercise-locked")
}

// presenter enters the presenter view with P, drives it from the keyboard
// and leaves with Esc.
func (b *browser) presenter(t *testing.T) {
	b.goTo("/")
	b.load(t, `{scenario: "request-load", case: "virtual-per-request", knobs: {requests: 200, sleep_ms: 5, cores: 2}}`)
	b.eval(`loomlab.pause(), document.activeElement && document.activeElement.blur(), true`, nil)
	b.key(t, "p")
	if !b.poll(t, `document.body.classList.contains("presenting") && !document.getElementById("presenter-bar").hidden`, 3*time.Second) {
		t.Fatal("P did not enter the presenter view")
	}
	var layout struct {
		FrameW, FrameH, WinW, WinH float64
		BarFont                    float64
		KnobsShown                 bool
	}
	b.eval(`(() => { const f = document.getElementById("game").getBoundingClientRect();
		return {frameW: f.width, frameH: f.height, winW: innerWidth, winH: innerHeight,
			barFont: parseFloat(getComputedStyle(document.querySelector("#presenter-bar .pb-title")).fontSize),
			knobsShown: document.getElementById("knobs").offsetParent !== null} })()`, &layout)
	if layout.FrameW < layout.WinW*0.95 || layout.FrameH < layout.WinH*0.6 || layout.BarFont < 24 || layout.KnobsShown {
		t.Errorf("presenter layout: %+v", layout)
	}
	before := b.state(t)
	b.key(t, "n") // the next mount
	b.key(t, "n")
	after := b.state(t)
	var am, bm struct{ Mounts int64 }
	_ = json.Unmarshal([]byte(b.fullState(t)), &am)
	if after.SimTimeNs <= before.SimTimeNs {
		t.Errorf("N did not step: %d -> %d ns", before.SimTimeNs, after.SimTimeNs)
	}
	b.key(t, "b")
	_ = json.Unmarshal([]byte(b.fullState(t)), &bm)
	if bm.Mounts >= am.Mounts {
		t.Errorf("B did not step back: mounts %d -> %d", am.Mounts, bm.Mounts)
	}
	b.key(t, "f")
	if !b.poll(t, `!document.getElementById("follow-card").hidden`, 2*time.Second) {
		t.Errorf("F did not follow a thread")
	}
	// Space plays: the run is short (~6 ms of virtual time, ~120 ms at this
	// speed), so it may have finished before a poll sees it running; time
	// moving on counts as playing.
	paused := b.state(t).SimTimeNs
	b.key(t, " ")
	if !b.poll(t, fmt.Sprintf(`(s => s.running || s.simTimeNs > %d)(loomlab.state())`, paused), 6*time.Second) {
		var focus string
		b.eval(`document.activeElement ? document.activeElement.tagName + "#" + document.activeElement.id : ""`, &focus)
		t.Errorf("Space did not play in the presenter view: state %+v, focus %q, messages %q", b.state(t), focus, b.messages())
	}
	b.saveShot(t, "presenter")
	b.key(t, keys.Escape)
	if !b.poll(t, `!document.body.classList.contains("presenting")`, 2*time.Second) {
		t.Errorf("Esc did not leave the presenter view")
	}
	if !reflect.DeepEqual(b.state(t).Scenario, "request-load") {
		t.Errorf("the scenario changed")
	}
}

// saveElementShot saves a picture of one element for review.
func (b *browser) saveElementShot(t *testing.T, sel, name string) {
	t.Helper()
	data, err := chromedp.Run(b.ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("screenshot of %s: %v", sel, err)
	}
	if err := os.WriteFile(filepath.Join(b.shot, name+".png"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
