package main

// Browser tests of shareable links, the embed and comfort and access:
// a link round trip, a bad link value, embed.html with each controls value,
// autoplay=visible in a sandboxed iframe of a parent page that receives
// the resize message, keyboard shortcuts with narration and the theme,
// prefers-reduced-motion, and the sample blog post (screenshot saved for
// review). One tab of the shared Chromium; each check navigates it afresh.

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	keys "github.com/chromedp/chromedp/kb"
)

func TestLinksAndEmbeds(t *testing.T) {
	start := time.Now()
	b := newBrowser(t)
	run := b.subtests(t)
	run("link-round-trip", func(t *testing.T) { b.linkRoundTrip(t) })
	run("link-bad-values", func(t *testing.T) { b.linkBadValues(t) })
	for _, c := range []string{"full", "minimal", "none"} {
		run("embed-controls-"+c, func(t *testing.T) { b.embedControls(t, c) })
	}
	run("embed-loop", func(t *testing.T) { b.embedLoop(t) })
	run("embed-clock", func(t *testing.T) { b.embedClock(t) })
	run("embed-without-wasm", func(t *testing.T) { b.embedWithoutWasm(t) })
	run("embed-in-parent", func(t *testing.T) { b.embedInParent(t) })
	run("keyboard-shortcuts", func(t *testing.T) { b.shortcuts(t) })
	run("reduced-motion", func(t *testing.T) { b.reducedMotion(t) })
	run("blog-sample", func(t *testing.T) { b.blogSample(t) })
	t.Logf("links and embeds took %s", time.Since(start).Round(time.Millisecond))
}

// linkState is the part of state() a link must restore.
type linkState struct {
	Scenario string
	Case     string
	Knobs    map[string]string
	Seed     uint64
	Speed    float64
	Compare  []string
}

func linkStateOf(st browserState) linkState {
	return linkState{st.Scenario, st.Case, st.Knobs, st.Seed, st.Speed, st.Compare}
}

// goTo navigates the tab and waits for window.loomlab.ready.
func (b *browser) goTo(path string) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, chromedp.Navigate(b.base+path)); err != nil {
		b.t.Fatal(err)
	}
	var ok bool
	b.evalAwait(`window.loomlab.ready.then(() => true)`, &ok, 60*time.Second)
}

// poll waits until a JavaScript expression is truthy.
func (b *browser) poll(t *testing.T, expr string, d time.Duration) bool {
	t.Helper()
	_, err := chromedp.Run(b.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(d), chromedp.WithPollingInterval(50*time.Millisecond)))
	return err == nil
}

func (b *browser) key(t *testing.T, k string) {
	t.Helper()
	if err := chromedp.Do(b.ctx, chromedp.KeyEvent(k)); err != nil {
		t.Fatal(err)
	}
}

// linkRoundTrip sets knobs, the seed and the speed through the controls,
// copies the link, opens it and expects the identical state().
func (b *browser) linkRoundTrip(t *testing.T) {
	b.goTo("/")
	b.load(t, `{scenario: "request-load", case: "pool-200"}`)
	b.setInput(t, "knob-requests", "1234")
	b.setInput(t, "knob-pool_size", "150")
	b.setInput(t, "seed", "7")
	b.eval(`window.marker = "same page", document.getElementById("apply").click(), true`, nil)
	if ok, st := b.waitState(t, 5*time.Second, func(_, cur browserState, _ *seenThreads) bool {
		return cur.Knobs["requests"] == "1234" && cur.Knobs["pool_size"] == "150" && cur.Seed == 7
	}); !ok {
		t.Fatalf("the knobs and seed set through the form did not reach the simulator: %+v (messages %q)", st.Knobs, b.messages())
	}
	b.eval(`(() => { const s = document.getElementById("speed"); s.value = "0.01"; s.dispatchEvent(new Event("change")); return true })()`, nil)
	// The clipboard is stubbed to see what Copy link writes (headless
	// Chromium grants no clipboard permission).
	b.eval(`navigator.clipboard.writeText = async (text) => { window.copied = text }, document.getElementById("copy-link").click(), true`, nil)
	if !b.poll(t, `typeof window.copied === "string"`, 5*time.Second) {
		t.Fatalf("Copy link wrote nothing to the clipboard (status %q)", b.text("#share-status"))
	}
	var got struct {
		Copied, Href, Marker, Status, Shown string
	}
	b.eval(`({copied: window.copied, href: location.href, marker: window.marker, status: document.getElementById("share-status").textContent,
		shown: document.getElementById("share-text").value})`, &got)
	t.Logf("copied link: %s", got.Copied)
	if got.Marker != "same page" {
		t.Errorf("changing the controls reloaded the page")
	}
	if got.Href != got.Copied {
		t.Errorf("the URL bar does not follow the controls:\n  location %s\n  copied   %s", got.Href, got.Copied)
	}
	if got.Shown != got.Copied || !strings.Contains(got.Status, "copied") {
		t.Errorf("the copied link is not shown with a status: shown %q, status %q", got.Shown, got.Status)
	}
	u, err := url.Parse(got.Copied)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	for k, v := range map[string]string{"scenario": "request-load", "case": "pool-200", "requests": "1234", "pool_size": "150", "seed": "7", "speed": "0.01"} {
		if q.Get(k) != v {
			t.Errorf("the link carries %s=%q, want %q (%s)", k, q.Get(k), v, got.Copied)
		}
	}
	want := linkStateOf(b.state(t))

	// Copy embed code: an <iframe> for the same state.
	b.eval(`window.copied = null, document.getElementById("copy-embed").click(), true`, nil)
	if !b.poll(t, `typeof window.copied === "string"`, 5*time.Second) {
		t.Fatalf("Copy embed code wrote nothing")
	}
	var snippet string
	b.eval(`window.copied`, &snippet)
	t.Logf("embed code: %s", snippet)
	for _, want := range []string{`<iframe src="`, `/embed.html?`, `controls=minimal`, `autoplay=visible`, `requests=1234`, `title="Loomlab: `,
		`loading="lazy"`, `sandbox="allow-scripts allow-same-origin`, `&amp;`} {
		if !strings.Contains(snippet, want) {
			t.Errorf("the embed code lacks %s", want)
		}
	}
	src, _, _ := strings.Cut(strings.TrimPrefix(snippet, `<iframe src="`), `"`)
	src = strings.ReplaceAll(src, "&amp;", "&")

	if err := chromedp.Do(b.ctx, chromedp.Navigate(got.Copied)); err != nil {
		t.Fatal(err)
	}
	var ok bool
	b.evalAwait(`window.loomlab.ready.then(() => true)`, &ok, 60*time.Second)
	back := linkStateOf(b.state(t))
	if !reflect.DeepEqual(back, want) {
		t.Errorf("the link did not restore the state:\n  before %+v\n  after  %+v", want, back)
	}
	if msgs := b.messages(); msgs != "" {
		t.Errorf("a clean link shows messages: %q", msgs)
	}
	var form struct{ Requests, Seed string }
	b.eval(`({requests: document.getElementById("knob-requests").value, seed: document.getElementById("seed").value})`, &form)
	if form.Requests != "1234" || form.Seed != "7" {
		t.Errorf("the controls do not show the link's values: %+v", form)
	}

	// The embed code's page shows the same state.
	if err := chromedp.Do(b.ctx, chromedp.Navigate(src)); err != nil {
		t.Fatal(err)
	}
	b.evalAwait(`window.loomlab.ready.then(() => true)`, &ok, 60*time.Second)
	if emb := linkStateOf(b.state(t)); !reflect.DeepEqual(emb, want) {
		t.Errorf("the embed code did not carry the state:\n  page  %+v\n  embed %+v", want, emb)
	}
}

// linkBadValues opens links with a bad knob value and an unknown scenario:
// each bad value is named in a message, its knob keeps its default, the
// rest of the link loads and the page works.
func (b *browser) linkBadValues(t *testing.T) {
	b.goTo("/?scenario=request-load&case=pool-200&requests=abc&pool_size=150&seed=3&t=0.02")
	msgs := b.messages()
	if !strings.Contains(msgs, `requests="abc"`) || !strings.Contains(msgs, "using the default 10000") {
		t.Errorf("the bad value is not named with its fallback: %q", msgs)
	}
	var n int
	b.eval(`document.querySelectorAll("#messages .message").length`, &n)
	if n != 1 {
		t.Errorf("one bad value gave %d messages: %q", n, msgs)
	}
	st := b.state(t)
	if st.Scenario != "request-load" || st.Case != "pool-200" || st.Seed != 3 || st.Knobs["pool_size"] != "150" {
		t.Errorf("the rest of the link did not load: %s/%s seed %d knobs %v", st.Scenario, st.Case, st.Seed, st.Knobs)
	}
	if st.SimTimeNs < 20_000_000 {
		t.Errorf("the link's t=0.02 was not honoured: %d ns", st.SimTimeNs)
	}
	if st.Knobs["requests"] != "10000" {
		t.Errorf("requests = %q after a bad value, want its default 10000", st.Knobs["requests"])
	}
	b.eval(`loomlab.setSpeed(0.01), loomlab.play(), true`, nil)
	t0 := b.state(t).SimTimeNs
	time.Sleep(500 * time.Millisecond)
	if t1 := b.state(t).SimTimeNs; t1 <= t0 {
		t.Errorf("the page does not run after a bad link: %d -> %d ns", t0, t1)
	}

	b.goTo("/?scenario=no-such-scenario&seed=2")
	msgs = b.messages()
	if !strings.Contains(msgs, "no-such-scenario") || !strings.Contains(msgs, "request-load") {
		t.Errorf("an unknown scenario is not named with the choices: %q", msgs)
	}
	if st := b.state(t); st.Scenario == "" {
		t.Errorf("nothing loaded after an unknown scenario: %+v", st)
	}
}

type embedView struct {
	Controls    string
	BarShown    bool
	StepShown   bool
	PlayShown   bool
	OpenShown   bool
	OpenHref    string
	BigPlay     bool
	PosterGone  bool
	FrameTitle  string
	Title       string
	PosterMs    float64
	GameReadyMs float64
}

const embedViewJS = `(() => {
	const shown = (id) => { const e = document.getElementById(id); return !!e && e.offsetParent !== null && getComputedStyle(e).visibility !== "hidden"; };
	const p = document.getElementById("poster");
	const tm = loomlab.timings();
	return {controls: document.getElementById("embed").dataset.controls, barShown: shown("bar"), stepShown: shown("step"),
		playShown: shown("playpause"), openShown: shown("open"), openHref: document.getElementById("open").href,
		bigPlay: shown("big-play"), posterGone: p.hidden || p.classList.contains("gone"),
		frameTitle: document.getElementById("game").title, title: document.title,
		posterMs: tm.posterMs, gameReadyMs: tm.gameReadyMs};
})()`

// embedControls opens embed.html with one controls value and a start time.
func (b *browser) embedControls(t *testing.T, controls string) {
	u := "/embed.html?scenario=request-load&case=virtual-per-request&speed=0.01&t=0.05&controls=" + controls
	if controls == "none" {
		u += "&cores=0" // a bad value, shown even without chrome
	}
	b.goTo(u)
	var v embedView
	b.eval(embedViewJS, &v)
	t.Logf("%s: %+v", controls, v)
	if v.Controls != controls {
		t.Errorf("controls = %q, want %q", v.Controls, controls)
	}
	want := map[string][3]bool{ // bar, step, open
		"full":    {true, true, true},
		"minimal": {true, false, true},
		"none":    {false, false, false},
	}[controls]
	if v.BarShown != want[0] || v.StepShown != want[1] || v.OpenShown != want[2] {
		t.Errorf("controls=%s shows bar %v, step %v, open %v; want %v", controls, v.BarShown, v.StepShown, v.OpenShown, want)
	}
	if controls != "none" && !v.PlayShown {
		t.Errorf("controls=%s has no play button", controls)
	}
	if !v.PosterGone {
		t.Errorf("the poster still covers the loaded simulation")
	}
	if !(v.PosterMs < v.GameReadyMs) {
		t.Errorf("the poster was not drawn before the simulator answered (poster %.0f ms, ready %.0f ms)", v.PosterMs, v.GameReadyMs)
	}
	if !v.BigPlay {
		t.Errorf("autoplay=off shows no play button over the picture")
	}
	if !strings.Contains(v.Title, "10,000 requests") || !strings.Contains(v.FrameTitle, "request-load") {
		t.Errorf("titles for screen readers: page %q, frame %q", v.Title, v.FrameTitle)
	}
	if controls != "none" && (!strings.Contains(v.OpenHref, "scenario=request-load") || strings.Contains(v.OpenHref, "embed.html")) {
		t.Errorf("Open in Loomlab points at %q", v.OpenHref)
	}
	st := b.state(t)
	if st.Running || st.SimTimeNs != 50_000_000 || st.Speed != 0.01 || st.Case != "virtual-per-request" {
		t.Errorf("t=0.05 and speed=0.01: state running %v at %d ns, speed %v, case %s; want paused at 50,000,000 ns", st.Running, st.SimTimeNs, st.Speed, st.Case)
	}
	if msgs := b.messages(); controls == "none" && (!strings.Contains(msgs, `cores="0"`) || st.Knobs["cores"] != "12") {
		t.Errorf("cores=0 in an embed: messages %q, cores %q (want its default 12)", msgs, st.Knobs["cores"])
	} else if controls != "none" && msgs != "" {
		t.Errorf("a clean embed link shows messages: %q", msgs)
	}
	// The main page's API drives it.
	var api []string
	b.eval(`Object.keys(loomlab).sort()`, &api)
	for _, k := range []string{"load", "play", "pause", "step", "reset", "setSpeed", "state", "runFull", "verify", "scenarios", "ready"} {
		if !strings.Contains(strings.Join(api, " "), k) {
			t.Errorf("window.loomlab of the embed has no %s (has %v)", k, api)
		}
	}
	switch controls {
	case "full":
		b.eval(`document.getElementById("step").click(), true`, nil)
		if st2 := b.state(t); st2.SimTimeNs <= st.SimTimeNs || st2.Running {
			t.Errorf("Step: %d -> %d ns, running %v", st.SimTimeNs, st2.SimTimeNs, st2.Running)
		}
	case "minimal":
		b.eval(`document.getElementById("playpause").click(), true`, nil)
		if !b.poll(t, `loomlab.state().running && document.getElementById("big-play").hidden`, 3*time.Second) {
			t.Errorf("the play button did not start the embed")
		}
	case "none":
		b.eval(`document.activeElement && document.activeElement.blur(), true`, nil)
		b.key(t, " ")
		if !b.poll(t, `loomlab.state().running`, 3*time.Second) {
			t.Errorf("Space did not start the embed with controls=none")
		}
	}
}

// embedClock: the embed's clock line names no time while the run plays
// (the picture's header has it; polled less often and written another way,
// "22.5 ms" under "27 ms" read as a second clock) and, paused, gives it as
// the header writes it.
func (b *browser) embedClock(t *testing.T) {
	// A link's time: the embed waits there, with no opening to run first.
	b.goTo("/embed.html?scenario=request-load&case=virtual-per-request&speed=0.05&t=0.002&controls=minimal&autoplay=off")
	b.eval(`document.getElementById("playpause").click(), true`, nil)
	if !b.poll(t, `loomlab.state().running && loomlab.state().simTimeNs > 5e6`, 20*time.Second) {
		t.Fatalf("the embed did not play")
	}
	if s := b.text("#clock"); strings.ContainsAny(s, "0123456789") {
		t.Errorf("while playing the clock line says %q", s)
	}
	b.eval(`document.getElementById("playpause").click(), true`, nil)
	if !b.poll(t, `(s => !s.running && document.getElementById("clock").textContent === s.clock + " · paused")(loomlab.state())`, 5*time.Second) {
		var clock string
		b.eval(`loomlab.state().clock`, &clock)
		t.Errorf("paused, the clock line says %q; want the header's %q · paused", b.text("#clock"), clock)
	}
}

// embedLoop: loop=true starts the run again when it finishes.
func (b *browser) embedLoop(t *testing.T) {
	b.goTo("/embed.html?scenario=request-load&case=virtual-per-request&requests=20&speed=0.5&loop=true&autoplay=visible&controls=minimal")
	// A slow frame can carry the run from well before its end to the end,
	// and the embed restarts it in the same poll that sees it finished: so
	// "finished" is caught from the clock's text as the embed writes it
	// (a MutationObserver), not by sampling state().
	var r struct {
		Max       int64
		Finished  bool
		Restarted bool
	}
	b.evalAwait(`(async () => { let max = 0, finished = false, restarted = false;
		const clock = document.getElementById("clock");
		const mo = new MutationObserver(() => { finished = finished || clock.textContent.includes("finished") });
		mo.observe(clock, {childList: true, characterData: true, subtree: true});
		const end = performance.now() + 8000;
		while (performance.now() < end) { const s = loomlab.state(); if (s.simTimeNs < max) { restarted = true; break }
			max = Math.max(max, s.simTimeNs); await new Promise(r => setTimeout(r, 10)) }
		await new Promise(r => setTimeout(r, 0)); mo.disconnect();
		return {max, finished, restarted} })()`, &r, 12*time.Second)
	t.Logf("loop: reached %d ns, finished shown %v, restarted %v", r.Max, r.Finished, r.Restarted)
	if !r.Restarted || !(r.Finished || r.Max >= 90_000_000) {
		t.Errorf("loop=true: the run reached %d ns (finished shown: %v) and restarted %v; want it to finish (about 100 ms) and start again", r.Max, r.Finished, r.Restarted)
	}
}

// embedWithoutWasm: when the simulator cannot load, the poster stays and
// says why instead of leaving a dead canvas.
func (b *browser) embedWithoutWasm(t *testing.T) {
	block := func(patterns []*network.BlockPattern) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, tg, network.SetBlockedURLs, network.SetBlockedURLsParams{URLPatterns: patterns})
			return err
		})
	}
	if err := chromedp.Do(b.ctx, block([]*network.BlockPattern{{URLPattern: "*://*:*/*.wasm", Block: true}})); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Do(b.ctx, block([]*network.BlockPattern{}))
	if err := chromedp.Do(b.ctx, chromedp.Navigate(b.base+"/embed.html?scenario=vt-pooling&case=1g-pool&controls=minimal")); err != nil {
		t.Fatal(err)
	}
	var rejected string
	b.evalAwait(`loomlab.ready.then(() => "", e => e.message)`, &rejected, 30*time.Second)
	var v struct {
		PosterShown bool
		Note, Title string
	}
	b.eval(`({posterShown: document.getElementById("poster").offsetParent !== null && !document.getElementById("poster").classList.contains("gone"),
		note: document.getElementById("poster-note").textContent, title: document.getElementById("poster-title").textContent})`, &v)
	t.Logf("without wasm: %q; poster %+v", rejected, v)
	if rejected == "" || !v.PosterShown || !strings.Contains(v.Note, "cannot run") || !strings.Contains(v.Title, "Pooling") {
		t.Errorf("without the simulator: ready rejected with %q, poster %+v", rejected, v)
	}
}

// parentPage is a host page: the embed far below the fold in a sandboxed
// iframe, and a listener that records the resize messages and applies them.
// Its style and script are files of their own (parentFiles): the test
// server sends Loomlab's Content-Security-Policy, which allows no inline
// script or style.
const parentPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>host</title><link rel="stylesheet" href="test-parent.css"></head>
<body>
<p>A host page.</p>
<div class="spacer"></div>
<iframe id="e" src="embed.html?scenario=request-load&amp;case=virtual-per-request&amp;controls=minimal&amp;autoplay=visible&amp;speed=0.01"
  title="Loomlab embed" sandbox="allow-scripts allow-same-origin"></iframe>
<div class="spacer"></div>
<script src="test-parent.js"></script>
</body></html>`

var parentFiles = map[string]string{
	"test-parent.html": parentPage,
	"test-parent.css": `body { margin: 0 }
.spacer { height: 2400px }
#e { width: 600px; height: 200px; border: 0; display: block }`,
	"test-parent.js": `window.resizes = [];
addEventListener("message", (e) => {
  const d = e.data, f = document.getElementById("e");
  if (!d || d.type !== "loomlab:resize" || e.source !== f.contentWindow) return;
  resizes.push(d.height);
  f.style.height = d.height + "px";
});`,
}

// embedInParent: the embed works in a sandboxed iframe, posts its height,
// and with autoplay=visible plays only while scrolled into view.
func (b *browser) embedInParent(t *testing.T) {
	for name, text := range parentFiles {
		if err := os.WriteFile(filepath.Join(suite.site.Dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(b.ctx, chromedp.Navigate(b.base+"/test-parent.html")); err != nil {
		t.Fatal(err)
	}
	const embed = `document.getElementById("e").contentWindow.loomlab`
	var ok bool
	b.evalAwait(`new Promise((resolve) => { const f = () => { const api = `+embed+`;
		if (api) api.ready.then(() => resolve(true), () => resolve(false)); else setTimeout(f, 100) }; f() })`, &ok, 60*time.Second)
	if !ok {
		t.Fatal("the embed did not start inside a sandboxed iframe")
	}
	var st browserState
	b.eval(embed+`.state()`, &st)
	if st.Scenario != "request-load" || st.Case != "virtual-per-request" {
		t.Errorf("the sandboxed embed loaded %s/%s", st.Scenario, st.Case)
	}
	// Out of view: the embed (no time in its link) fast-forwards to its
	// story's moment, as the main page opens, and holds there: it does not
	// play on until it is in view.
	if !b.poll(t, embed+`.state().opening.done`, 60*time.Second) {
		t.Fatalf("the embed out of view did not reach its story's moment")
	}
	// Resize: the parent got the content height and applied it.
	b.embedFitsItsFrame(t)
	time.Sleep(800 * time.Millisecond)
	b.eval(embed+`.state()`, &st)
	var held int64
	b.eval(embed+`.state().opening.timeNs`, &held)
	if st.Running || st.SimTimeNs < held {
		t.Errorf("autoplay=visible out of view: running %v at %d ns; want held at the story's moment (%d ns)", st.Running, st.SimTimeNs, held)
	}
	// Into view: it plays.
	b.eval(`document.getElementById("e").scrollIntoView({block: "center"}), true`, nil)
	if !b.poll(t, embed+`.state().running && `+embed+`.state().simTimeNs > 0`, 5*time.Second) {
		t.Fatalf("autoplay=visible did not start when scrolled into view")
	}
	// Out of view again: it pauses.
	b.eval(`window.scrollTo(0, 0), true`, nil)
	if !b.poll(t, `!`+embed+`.state().running`, 5*time.Second) {
		t.Errorf("autoplay=visible did not pause when scrolled out of view")
	}
	var t0, t1 int64
	b.eval(embed+`.state().simTimeNs`, &t0)
	time.Sleep(400 * time.Millisecond)
	b.eval(embed+`.state().simTimeNs`, &t1)
	if t1 != t0 {
		t.Errorf("out of view the clock still moves: %d -> %d ns", t0, t1)
	}
	// And resumes when back in view.
	b.eval(`document.getElementById("e").scrollIntoView({block: "center"}), true`, nil)
	if !b.poll(t, embed+`.state().running`, 5*time.Second) {
		t.Errorf("autoplay=visible did not resume when scrolled back into view")
	}
}

// embedFitsItsFrame: the parent page's last resize message is the embed's
// content height, the parent applied it, and it holds at least the picture.
//
// The embed's height legitimately changes while it opens: its clock's
// words ("paused at the moment a thousand threads wait at once") wrap
// its bar onto a second line at 600 px, 419 px becoming 443 px. The embed
// measures and posts the new height in the same task that writes the
// clock; the parent gets the message in a later task. A check that first
// waited for "last message = content height" and then read both again
// could see 419 = 419 before the moment, then 419 against 443 after the
// clock changed but before the message arrived: twice in CI, the same
// two numbers, and no timeout helps. So the comparison is one expression
// polled until it holds, taken once the embed holds at its moment.
func (b *browser) embedFitsItsFrame(t *testing.T) {
	t.Helper()
	const sizes = `(() => { const f = document.getElementById("e");
		return {last: resizes[resizes.length - 1] ?? 0, applied: f.offsetHeight,
			content: Math.ceil(f.contentDocument.getElementById("embed").getBoundingClientRect().height)} })()`
	picture := 600 * 10 / 16
	fits := fmt.Sprintf(`(() => { const s = %s; return s.last === s.content && s.applied === s.last && s.last >= %d })()`, sizes, picture)
	ok := b.poll(t, fits, 15*time.Second)
	var got struct{ Last, Applied, Content int }
	var all []int
	b.eval(sizes, &got)
	b.eval(`resizes`, &all)
	t.Logf("resize messages %v; embed content %d px, frame %d px", all, got.Content, got.Applied)
	if !ok {
		t.Errorf("the parent's last resize message is %d px and its frame %d px; the embed's content is %d px (the picture alone is %d)",
			got.Last, got.Applied, got.Content, picture)
	}
}

// shortcuts: space, ".", "+", "-" and "?" on the main page and inside the
// canvas's iframe; none of them while typing in a field. Also the
// narration, the text description and the high-contrast theme.
func (b *browser) shortcuts(t *testing.T) {
	b.goTo("/?scenario=request-load&case=virtual-per-request&speed=0.001")
	b.eval(`loomlab.pause(), document.activeElement && document.activeElement.blur(), true`, nil)
	focusBody := func() { b.eval(`document.activeElement && document.activeElement.blur(), window.focus(), true`, nil) }
	focusBody()
	b.key(t, " ")
	if !b.poll(t, `loomlab.state().running`, 2*time.Second) {
		t.Errorf("Space did not play")
	}
	b.key(t, " ")
	if !b.poll(t, `!loomlab.state().running`, 2*time.Second) {
		t.Errorf("Space did not pause")
	}
	before := b.state(t)
	for i := 0; i < 6; i++ {
		b.key(t, ".")
	}
	after := b.state(t)
	if after.SimTimeNs <= before.SimTimeNs || after.Running {
		t.Errorf("\".\" did not step: %d -> %d ns, running %v", before.SimTimeNs, after.SimTimeNs, after.Running)
	}
	b.key(t, "+")
	if s := b.state(t).Speed; s != 0.005 {
		t.Errorf("\"+\" from 0.001: speed %v, want 0.005", s)
	}
	b.key(t, "-")
	b.key(t, "-")
	if s := b.state(t).Speed; s != 0.0001 {
		t.Errorf("\"-\" twice from 0.005: speed %v, want 0.0001", s)
	}
	if sel := b.text("#speed"); sel == "" {
		t.Errorf("the speed control is empty")
	}
	var speedShown string
	b.eval(`document.getElementById("speed").value`, &speedShown)
	if speedShown != "0.0001" {
		t.Errorf("the speed control shows %q after the keys, want 0.0001", speedShown)
	}
	// The speeds read against real time, the exact rate in the title
	// ("50 ms simulated/s" left newcomers asking "of what, per what?").
	var opt struct{ Shown, Title, Real, Fast string }
	b.eval(`(() => { const s = document.getElementById("speed"), o = (v) => [...s.options].find((x) => x.value === v);
		return {shown: s.selectedOptions[0].textContent, title: s.selectedOptions[0].title, real: o("1")?.textContent, fast: o("10")?.textContent} })()`, &opt)
	if opt.Shown != "10,000× slower" || opt.Title != "10,000 times slower than real time (100 µs simulated per second)" || opt.Real != "real time" || opt.Fast != "10× faster" {
		t.Errorf("the speed control reads %+v", opt)
	}
	b.key(t, "?")
	var rows int
	if !b.poll(t, `document.getElementById("shortcuts-help")?.open === true`, 2*time.Second) {
		t.Errorf("\"?\" did not open the shortcuts list")
	}
	b.eval(`document.querySelectorAll("#shortcuts-help tr").length`, &rows)
	if rows < 5 {
		t.Errorf("the shortcuts list has %d rows", rows)
	}
	b.key(t, keys.Escape)
	if !b.poll(t, `!document.getElementById("shortcuts-help").open`, 2*time.Second) {
		t.Errorf("Escape did not close the shortcuts list")
	}
	// Typing in a field is typing.
	b.eval(`document.getElementById("seed").focus(), true`, nil)
	b.key(t, " ")
	b.key(t, "+")
	time.Sleep(200 * time.Millisecond)
	if st := b.state(t); st.Running || st.Speed != 0.0001 {
		t.Errorf("keys typed into the seed field acted as shortcuts: running %v, speed %v", st.Running, st.Speed)
	}
	b.eval(`document.getElementById("seed").value = "1", true`, nil) // what was typed, undone before the field loses focus
	// Inside the canvas's iframe (after a click there focus is in it).
	b.eval(`document.getElementById("game").contentDocument.querySelector("canvas").focus(), true`, nil)
	b.key(t, " ")
	if !b.poll(t, `loomlab.state().running`, 2*time.Second) {
		t.Errorf("Space inside the canvas's frame did not play")
	}
	focusBody()
	b.key(t, " ")

	// Narration at this slow speed names the events the steps showed, and
	// the text description says what the picture holds.
	for i := 0; i < 4; i++ {
		b.key(t, ".")
	}
	if !b.poll(t, `/At .*(mount|park)/.test(document.getElementById("narration").textContent)`, 5*time.Second) {
		t.Errorf("no narration of the steps' events: %q", b.text("#narration"))
	}
	// (the picture's own panel sentences, the words explain-on-point shows)
	if d := b.text("#picture-summary"); !strings.Contains(d, "virtual thread") || !strings.Contains(d, "heap") {
		t.Errorf("the text description of the picture: %q", d)
	}

	// High contrast: the page's theme, the link and the canvas follow.
	b.eval(`document.getElementById("theme-toggle").click(), true`, nil)
	var theme struct{ Theme, Search, Pressed string }
	b.eval(`({theme: document.documentElement.dataset.theme, search: location.search,
		pressed: document.getElementById("theme-toggle").getAttribute("aria-pressed")})`, &theme)
	if theme.Theme != "high-contrast" || theme.Pressed != "true" || !strings.Contains(theme.Search, "theme=high-contrast") {
		t.Errorf("high contrast: %+v", theme)
	}
	b.saveShot(t, "high-contrast")
	b.eval(`document.getElementById("theme-toggle").click(), true`, nil) // back, and remembered so for later pages
}

// reducedMotion: with prefers-reduced-motion the page and an autoplaying
// embed in view wait for the reader.
func (b *browser) reducedMotion(t *testing.T) {
	media := func(features []*emulation.MediaFeature) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: features})
			return err
		})
	}
	if err := chromedp.Do(b.ctx, media([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}})); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Do(b.ctx, media([]*emulation.MediaFeature{}))
	b.goTo("/embed.html?scenario=request-load&case=virtual-per-request&autoplay=visible&controls=minimal")
	time.Sleep(600 * time.Millisecond)
	var v embedView
	b.eval(embedViewJS, &v)
	if st := b.state(t); st.Running || !v.BigPlay {
		t.Errorf("reduced motion: the embed in view autoplayed (running %v) or shows no play button (%v)", st.Running, v.BigPlay)
	}
	b.goTo("/")
	time.Sleep(300 * time.Millisecond)
	if st := b.state(t); st.Running {
		t.Errorf("reduced motion: the main page started playing by itself")
	}
	if msgs := b.messages(); !strings.Contains(msgs, "reduced motion") {
		t.Errorf("reduced motion: no note saying why the animation waits: %q", msgs)
	}
}

// blogSample: the sample post shows two scenarios side by side, each
// embed sized by its resize message and playing in view; a screenshot is
// saved for review. At phone width nothing scrolls sideways.
func (b *browser) blogSample(t *testing.T) {
	if err := chromedp.Do(b.ctx, chromedp.Navigate(b.base+"/blog-sample.html")); err != nil {
		t.Fatal(err)
	}
	b.eval(`document.querySelector(".embeds").scrollIntoView({block: "center"}), true`, nil)
	n := b.embedsStarted()
	if n != 2 {
		t.Fatalf("%d of the 2 embeds started", n)
	}
	const frames = `[...document.querySelectorAll(".embeds iframe")]`
	if !b.poll(t, frames+`.every(f => f.contentWindow.loomlab.state().running)`, 8*time.Second) {
		t.Errorf("the embeds in view are not playing")
	}
	var scen []string
	b.eval(frames+`.map(f => f.contentWindow.loomlab.state().scenario)`, &scen)
	if len(scen) != 2 || scen[0] == scen[1] {
		t.Errorf("the sample post should show two scenarios side by side: %v", scen)
	}
	var fit struct {
		Heights, Contents []int
		SideBySide        bool
	}
	// The embeds' content grows and shrinks as their captions change, and
	// each change reaches the frame by a resize message: wait until the
	// frames have caught up rather than sample one moment in between.
	fitted := b.poll(t, frames+`.every(f => f.offsetHeight === Math.ceil(f.contentDocument.getElementById("embed").getBoundingClientRect().height))`,
		8*time.Second)
	b.eval(`({heights: `+frames+`.map(f => f.offsetHeight),
		contents: `+frames+`.map(f => Math.ceil(f.contentDocument.getElementById("embed").getBoundingClientRect().height)),
		sideBySide: (() => { const [a, c] = `+frames+`.map(f => f.getBoundingClientRect()); return Math.abs(a.top - c.top) < 2 && c.left > a.right })()})`, &fit)
	// fitted: at one moment every frame equalled its content (the heights
	// read after it may already have moved on with a new caption).
	if !fitted || !fit.SideBySide {
		t.Errorf("embeds: frame heights %v, content heights %v, side by side %v", fit.Heights, fit.Contents, fit.SideBySide)
	}
	time.Sleep(1500 * time.Millisecond) // let the pictures move
	b.saveShot(t, "blog-sample")
	t.Logf("screenshot: %s", filepath.Join(b.shot, "blog-sample.png"))

	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Do(b.ctx, chromedp.EmulateViewport(1200, 800))
	time.Sleep(600 * time.Millisecond)
	var over []int
	b.eval(`[document.documentElement.scrollWidth - innerWidth, ...`+frames+`.map(f => f.contentDocument.documentElement.scrollWidth - f.contentWindow.innerWidth)]`, &over)
	for i, o := range over {
		if o > 0 {
			t.Errorf("at 390 px wide %s scrolls sideways by %d px", []string{"the post", "embed 1", "embed 2"}[i], o)
		}
	}
	b.eval(`document.querySelector(".embeds").scrollIntoView({block: "start"}), true`, nil)
	time.Sleep(300 * time.Millisecond)
	b.saveShot(t, "blog-sample-phone")
}

func (b *browser) text(sel string) string {
	var s string
	b.eval(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel), &s)
	return s
}

// textWhen reads sel's text until ok holds or d has passed, and returns
// the last text read. For the page's parts that follow its state poll
// (every 250 ms: the line under the title, the figure line, the status
// line, the Case label): a condition on state() can hold a poll before
// the page shows it, so a single read right after it can see the text of
// the poll before.
func (b *browser) textWhen(t *testing.T, sel string, ok func(string) bool, d time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		s := b.text(sel)
		if ok(s) || time.Now().After(deadline) {
			return s
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// embedsStarted waits for the blog sample's embeds to settle and returns
// how many of them started (their loomlab.ready resolved).
func (b *browser) embedsStarted() int {
	var n int
	b.evalAwait(`Promise.all([...document.querySelectorAll(".embeds iframe")].map(f => new Promise((resolve) => {
		const g = () => { const api = f.contentWindow && f.contentWindow.loomlab; if (api) api.ready.then(() => resolve(1), () => resolve(0)); else setTimeout(g, 100) }; g() })))
		.then(r => r.reduce((a, x) => a + x, 0))`, &n, 90*time.Second)
	return n
}
