package main

// Browser tests of failure handling: each fault is injected and the page
// must show a clear message with a way out that works, on index.html and
// embed.html, never a dead canvas or a table that waits for ever.
//
//   - a Go panic in the playground wasm: recovered (crashNext "update",
//     "draw": Reset) and fatal (crashNext "exit": Try again reloads);
//   - a Go panic in the worker wasm (loomlab.crashWorkerNext "run", "exit":
//     Retry runs the job in a fresh worker);
//   - a worker that fails to start: its script or its wasm fails to download;
//   - no WebGL2 (an init script hides it);
//   - the playground wasm fails to download.
//
// Download failures come from a server of their own (faultServer): a new
// origin per fault, so nothing the browser cached answers for the failing
// URL, and the fault reaches a worker's own requests too, which DevTools'
// URL blocking on the page does not.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

func TestFailures(t *testing.T) {
	start := time.Now()
	b := newBrowser(t)
	run := b.subtests(t)
	run("playground-panic-index", func(t *testing.T) {
		b.playgroundPanic(t, "/?scenario=request-load&case=virtual-per-request&speed=0.01")
	})
	run("playground-panic-embed", func(t *testing.T) {
		b.playgroundPanic(t, "/embed.html?scenario=request-load&case=virtual-per-request&speed=0.01&controls=full")
	})
	run("worker-panic", func(t *testing.T) { b.workerPanic(t) })
	run("worker-fails-to-start", func(t *testing.T) { b.workerFailsToStart(t) })
	run("no-webgl2", func(t *testing.T) { b.noWebGL2(t) })
	run("wasm-download-fails", func(t *testing.T) { b.wasmDownloadFails(t) })
	t.Logf("failure handling took %s", time.Since(start).Round(time.Millisecond))
}

// The page's messages (#messages) as the reader sees them.
type pageMessage struct {
	Text    string
	Buttons []string
}

const messagesJS = `[...document.querySelectorAll("#messages .message")].map(m => ({
	text: m.querySelector(".text") ? m.querySelector(".text").innerText : m.innerText,
	buttons: [...m.querySelectorAll("button.action")].map(x => x.textContent)}))`

// waitMessage waits for a message containing want and returns it.
func (b *browser) waitMessage(t *testing.T, want string, d time.Duration) pageMessage {
	t.Helper()
	deadline := time.Now().Add(d)
	var msgs []pageMessage
	for {
		msgs = nil
		if v, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]pageMessage](messagesJS)); err == nil {
			msgs = v
		}
		for _, m := range msgs {
			if strings.Contains(m.Text, want) {
				return m
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no message containing %q within %s; messages: %+v", want, d, msgs)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// clickAction presses the button labelled label in the message containing want.
func (b *browser) clickAction(t *testing.T, want, label string) {
	t.Helper()
	var ok bool
	b.eval(fmt.Sprintf(`(() => { const m = [...document.querySelectorAll("#messages .message")].find(m => m.innerText.includes(%q));
		const x = m && [...m.querySelectorAll("button.action")].find(x => x.textContent === %q);
		if (!x) return false; x.click(); return true })()`, want, label), &ok)
	if !ok {
		t.Fatalf("no %q button in a message containing %q", label, want)
	}
}

// reloaded waits until the tab shows a new document (window.__before is
// gone) whose loomlab.ready resolved, after an action that reloads.
func (b *browser) reloaded(t *testing.T, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](
			`window.__before ? "old" : window.loomlab ? loomlab.ready.then(() => "ready", e => "rejected: " + e.message) : "loading"`,
			chromedp.EvalAwaitPromise))
		cancel()
		if err == nil && v == "ready" {
			return
		}
		if err == nil && strings.HasPrefix(v, "rejected") {
			t.Fatalf("after the reload: %s", v)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page did not come back within %s (last: %q, %v)", d, v, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// navigate opens a URL and waits for loomlab.ready (when wait).
func (b *browser) navigate(t *testing.T, url string, wait bool) {
	t.Helper()
	if err := chromedp.Do(b.ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	if wait {
		var ok bool
		b.evalAwait(`loomlab.ready.then(() => true)`, &ok, 60*time.Second)
	}
}

const gameJS = `document.getElementById("game").contentWindow`

// playgroundPanic: a recovered panic in Update and in Draw shows a message
// whose Reset brings the animation back; a fatal one (the Go program
// exits) shows one whose Try again reloads the page, which comes back on
// the same setup.
func (b *browser) playgroundPanic(t *testing.T, path string) {
	b.navigate(t, b.base+path, true)
	b.eval(`loomlab.play(), true`, nil)
	for _, where := range []string{"update", "draw"} {
		b.eval(gameJS+`.loomgame.crashNext(`+fmt.Sprintf("%q", where)+`), true`, nil)
		m := b.waitMessage(t, "internal error", 5*time.Second)
		if !strings.Contains(m.Text, where) || !slicesContain(m.Buttons, "Reset") || !slicesContain(m.Buttons, "Try again") {
			t.Errorf("crashNext(%s): message %+v; want it to name %s and offer Reset and Try again", where, m, where)
		}
		st := b.state(t)
		if st.Running {
			t.Errorf("crashNext(%s): still running after the panic", where)
		}
		if where == "update" {
			b.saveShot(t, "fault-panic"+shotSuffix(path))
		}
		b.clickAction(t, "internal error", "Reset")
		if !b.poll(t, `loomlab.state().running && !loomlab.state().error && loomlab.state().simTimeNs > 0`, 5*time.Second) {
			t.Errorf("crashNext(%s): Reset did not bring the animation back: %+v", where, b.state(t))
		}
		if msgs := b.messages(); strings.Contains(msgs, "internal error") {
			t.Errorf("crashNext(%s): the message stayed after Reset: %q", where, msgs)
		}
	}

	// Fatal: the Go program exits. The page says so, the picture too, and
	// Try again reloads it on the same address.
	var before string
	b.eval(`location.href`, &before)
	b.eval(gameJS+`.loomgame.crashNext("exit"), window.__before = true`, nil)
	m := b.waitMessage(t, "no longer answers", 10*time.Second)
	if !slicesContain(m.Buttons, "Try again") {
		t.Errorf("fatal panic: message %+v; want Try again", m)
	}
	var frame struct {
		Shown  bool
		Text   string
		Button bool
	}
	b.eval(`(() => { const d = `+gameJS+`.document; const m = d.getElementById("msg");
		return {shown: m.className === "error", text: m.innerText, button: !d.getElementById("msg-again").hidden} })()`, &frame)
	if !frame.Shown || !strings.Contains(frame.Text, "stopped") || !frame.Button {
		t.Errorf("fatal panic: the picture shows %+v; want the stopped message and its button", frame)
	}
	b.saveShot(t, "fault-exit"+shotSuffix(path))
	b.clickAction(t, "no longer answers", "Try again")
	b.reloaded(t, 60*time.Second)
	var after string
	b.eval(`location.href`, &after)
	if after != before {
		t.Errorf("Try again reloaded %s; want %s", after, before)
	}
	var errText string
	b.eval(`loomlab.state().error || ""`, &errText)
	if st := b.state(t); st.Scenario != "request-load" || st.Case != "virtual-per-request" || errText != "" {
		t.Errorf("after Try again: %s/%s error %q", st.Scenario, st.Case, errText)
	}
}

// retryFullRun clicks Retry on the message containing want and waits for
// the full run's table.
func (b *browser) retryFullRun(t *testing.T, want string) {
	t.Helper()
	b.clickAction(t, want, "Retry")
	if !b.poll(t, `!!document.querySelector("#fullrun-result table")`, 30*time.Second) {
		t.Fatalf("Retry after %q did not produce the full run's table (label %q, messages %q)", want, b.text("#fullrun-label"), b.messages())
	}
}

// workerPanic: a recovered panic in the worker wasm fails the job with the
// simulator's message; a fatal one kills the worker's Go program. Both
// offer Retry, which runs the job again in a fresh worker.
func (b *browser) workerPanic(t *testing.T) {
	b.navigate(t, b.base+"/?scenario=request-load&case=virtual-per-request", true)
	for _, c := range []struct{ fault, want string }{
		{"run", `forced by crashNext("run")`},
		{"exit", "crashed"},
	} {
		b.eval(`document.querySelectorAll("#messages .message").forEach(m => m.remove()), document.getElementById("fullrun-result").replaceChildren(), true`, nil)
		b.eval(`loomlab.crashWorkerNext(`+fmt.Sprintf("%q", c.fault)+`), document.getElementById("fullrun-run").click(), true`, nil)
		m := b.waitMessage(t, c.want, 30*time.Second)
		t.Logf("worker fault %s: %q %v", c.fault, m.Text, m.Buttons)
		if !strings.HasPrefix(m.Text, "Full run:") || !slicesContain(m.Buttons, "Retry") {
			t.Errorf("worker fault %s: message %+v; want a full-run message with Retry", c.fault, m)
		}
		if l := b.text("#fullrun-label"); l != "failed" {
			t.Errorf("worker fault %s: the progress label says %q", c.fault, l)
		}
		b.retryFullRun(t, c.want)
	}
}

// workerFailsToStart: the worker's script, then its wasm, fail to
// download. The full run and the article-vs-model table say so and offer
// Retry, which works once the server is back.
func (b *browser) workerFailsToStart(t *testing.T) {
	for _, c := range []struct{ name, path, want string }{
		{"script", `/assets/worker\.[^/]*\.js$`, "could not start (its script did not load)"},
		{"wasm", `/assets/worker\.[^/]*\.wasm$`, "could not start: loading /assets/worker."},
	} {
		f := newFaultServer(t)
		f.failPaths(c.path)
		b.navigate(t, f.URL()+"/?scenario=request-load&case=virtual-per-request", true)
		b.eval(`document.getElementById("fullrun-run").click(), true`, nil)
		m := b.waitMessage(t, c.want, 30*time.Second)
		if !slicesContain(m.Buttons, "Retry") {
			t.Errorf("worker %s fails: message %+v; want Retry", c.name, m)
		}
		// The article-vs-model table: not left waiting.
		b.eval(`document.getElementById("verify-run").click(), true`, nil)
		vm := b.waitMessage(t, "Article vs model", 30*time.Second)
		if !strings.Contains(vm.Text, c.want) || !slicesContain(vm.Buttons, "Retry") || b.text("#verify-label") != "failed" {
			t.Errorf("worker %s fails: the verify table's message %+v, label %q", c.name, vm, b.text("#verify-label"))
		}
		if f.failures() == 0 {
			t.Errorf("worker %s: the fault server failed no request", c.name)
		}
		f.failPaths("")
		b.retryFullRun(t, c.want)
		b.clickAction(t, "Article vs model", "Retry")
		if !b.poll(t, `document.getElementById("verify-label").textContent.startsWith("done")`, 60*time.Second) {
			t.Errorf("worker %s: Retry did not fill the verify table (label %q)", c.name, b.text("#verify-label"))
		}
	}
}

// hideWebGL2 makes every frame of the tab's next documents see no WebGL2;
// the returned func undoes it.
func (b *browser) hideWebGL2(t *testing.T) func() {
	t.Helper()
	const src = `(() => { const get = HTMLCanvasElement.prototype.getContext;
		HTMLCanvasElement.prototype.getContext = function (type, ...rest) { return type === "webgl2" ? null : get.call(this, type, ...rest) } })()`
	var id page.ScriptIdentifier
	err := chromedp.Do(b.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src})
		id = r.Identifier
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	return func() {
		chromedp.Do(b.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: id})
			return err
		}))
	}
}

// noWebGL2: the main page says the animation cannot run and why, offers
// Try again, and the rest of the page works; the picture says so too; the
// embed keeps its poster with the reason and Try again.
func (b *browser) noWebGL2(t *testing.T) {
	defer b.hideWebGL2(t)()
	b.navigate(t, b.base+"/?scenario=request-load&case=virtual-per-request", false)
	m := b.waitMessage(t, "WebGL2", 30*time.Second)
	if !strings.Contains(m.Text, "could not start") || !slicesContain(m.Buttons, "Try again") {
		t.Errorf("no WebGL2: message %+v", m)
	}
	if n := strings.Count(b.messages(), "WebGL2"); n != 1 {
		t.Errorf("no WebGL2: %d messages name it, want 1: %q", n, b.messages())
	}
	var v struct {
		Frame           string
		FrameButton     bool
		VerifyEnabled   bool
		ScenarioTitle   string
		KnobsShown      int
		FullRunDisabled bool
	}
	b.eval(`(() => { const d = `+gameJS+`.document; return {frame: d.getElementById("msg").innerText,
		frameButton: !d.getElementById("msg-again").hidden, verifyEnabled: !document.getElementById("verify-run").disabled,
		scenarioTitle: document.getElementById("scenario-title").textContent, knobsShown: document.querySelectorAll("#knobs input, #knobs select").length,
		fullRunDisabled: document.getElementById("fullrun-run").disabled} })()`, &v)
	if !strings.Contains(v.Frame, "WebGL2") || !v.FrameButton {
		t.Errorf("no WebGL2: the picture shows %q (button %v)", v.Frame, v.FrameButton)
	}
	b.saveShot(t, "fault-no-webgl2")
	if !v.VerifyEnabled || v.KnobsShown == 0 || v.FullRunDisabled || !strings.Contains(v.ScenarioTitle, "requests") {
		t.Errorf("no WebGL2: the rest of the page should still work: %+v", v)
	}

	b.navigate(t, b.base+"/embed.html?scenario=vt-pooling&case=1g-pool&controls=minimal", false)
	b.checkPosterFailure(t, "WebGL2")
	b.saveShot(t, "fault-no-webgl2-embed")
}

// checkPosterFailure: the embed's poster stays, names the reason and
// offers Try again.
func (b *browser) checkPosterFailure(t *testing.T, want string) {
	t.Helper()
	if !b.poll(t, `document.getElementById("poster-note").classList.contains("error")`, 30*time.Second) {
		t.Fatalf("the embed's poster shows no error: %q", b.text("#poster-note"))
	}
	var v struct {
		Poster, Again bool
		Note          string
	}
	b.eval(`({poster: !document.getElementById("poster").hidden && !document.getElementById("poster").classList.contains("gone"),
		again: !document.getElementById("poster-again").hidden, note: document.getElementById("poster-note").textContent})`, &v)
	if !v.Poster || !v.Again || !strings.Contains(v.Note, want) {
		t.Errorf("embed: poster %+v; want it shown, naming %q, with Try again", v, want)
	}
}

// wasmDownloadFails: the playground wasm fails to download; index and
// embed say so and Try again works once the server is back.
func (b *browser) wasmDownloadFails(t *testing.T) {
	f := newFaultServer(t)
	f.failPaths(`/assets/playground\.[^/]*\.wasm$`)
	b.navigate(t, f.URL()+"/?scenario=request-load&case=virtual-per-request", false)
	m := b.waitMessage(t, "failed to load", 30*time.Second)
	if !strings.Contains(m.Text, "HTTP 503") || !slicesContain(m.Buttons, "Try again") {
		t.Errorf("wasm download fails: message %+v", m)
	}
	b.navigate(t, f.URL()+"/embed.html?scenario=request-load&case=virtual-per-request&controls=minimal", false)
	b.checkPosterFailure(t, "failed to load")

	f.failPaths("")
	b.eval(`window.__before = true, document.getElementById("poster-again").click(), true`, nil)
	b.reloaded(t, 60*time.Second)
	// The wasm is cached for f's origin now: a new origin fails it again
	// for the main page's Try again.
	g := newFaultServer(t)
	g.failPaths(`/assets/playground\.[^/]*\.wasm$`)
	b.navigate(t, g.URL()+"/?scenario=request-load&case=virtual-per-request", false)
	b.waitMessage(t, "failed to load", 30*time.Second)
	g.failPaths("")
	b.eval(`window.__before = true`, nil)
	b.clickAction(t, "failed to load", "Try again")
	b.reloaded(t, 60*time.Second)
	if st := b.state(t); st.Scenario != "request-load" {
		t.Errorf("after Try again the page loaded %q", st.Scenario)
	}
}

// faultServer serves the suite's dist/ on an origin of its own and answers
// 503 to the requests whose path matches the current pattern.
type faultServer struct {
	srv    *httptest.Server
	mu     sync.Mutex
	fail   *regexp.Regexp
	failed int
}

func newFaultServer(t *testing.T) *faultServer {
	t.Helper()
	f := &faultServer{}
	h := Handler(suite.site.Dir)
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		fail := f.fail != nil && f.fail.MatchString(r.URL.Path)
		if fail {
			f.failed++
		}
		f.mu.Unlock()
		if fail {
			http.Error(w, "fault injected by the test", http.StatusServiceUnavailable)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *faultServer) URL() string { return f.srv.URL }

// failPaths sets the pattern of the paths to fail ("" fails none).
func (f *faultServer) failPaths(re string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fail = nil
	if re != "" {
		f.fail = regexp.MustCompile(re)
	}
}

func (f *faultServer) failures() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.failed
}

// shotSuffix names a screenshot after the page a path opens.
func shotSuffix(path string) string {
	if strings.HasPrefix(path, "/embed.html") {
		return "-embed"
	}
	return ""
}

func slicesContain(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
