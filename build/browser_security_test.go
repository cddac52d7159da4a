package main

// Browser tests of the security headers (headers.go): every page loads
// under the Content-Security-Policy with no violation and no request to
// another origin, the policy is really enforced (an inline script and a
// request to another origin are refused), the embed works inside another
// origin's page, and the main page refuses to be framed by one.
//
// A dedicated worker's own requests are not reported to the page's
// DevTools session, so the request log misses the worker's wasm. The
// worker gets the same policy with its script (TestHandlerHeaders), so a
// request of its to another origin would be refused and fail the full run
// made here.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// violationsInit records securitypolicyviolation events in every frame.
const violationsInit = `window.__cspv = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspv.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " in " + location.pathname));`

// violationsJS gathers the recorded violations of the page and every
// same-origin frame in it.
const violationsJS = `(() => { const out = []; const walk = (w) => { try { out.push(...(w.__cspv || []));
	for (const f of w.document.querySelectorAll("iframe")) walk(f.contentWindow) } catch (e) {} }; walk(window); return out })()`

// requestLog is what the tab asked for: every URL of a request event.
type requestLog struct {
	mu   sync.Mutex
	urls []string
	// contexts are the JavaScript execution contexts created (frames of
	// any origin in this tab's process).
	contexts []*runtime.ExecutionContextDescription
}

func (l *requestLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.urls
	l.urls = nil
	return u
}

func TestSecurity(t *testing.T) {
	start := time.Now()
	b := newBrowser(t)
	log := &requestLog{}
	err := chromedp.Listen(b.ctx, func(ev any) {
		log.mu.Lock()
		defer log.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			log.urls = append(log.urls, e.Request.URL)
		case *runtime.EventExecutionContextCreated:
			log.contexts = append(log.contexts, e.Context)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(b.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: violationsInit})
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	run := b.subtests(t)
	run("every-page-same-origin", func(t *testing.T) { b.everyPageSameOrigin(t, log) })
	run("policy-enforced", func(t *testing.T) { b.policyEnforced(t) })
	run("embed-in-another-origin", func(t *testing.T) { b.embedInAnotherOrigin(t, log) })
	t.Logf("security checks took %s", time.Since(start).Round(time.Millisecond))
}

// checkClean fails on any CSP violation in the page or its frames, any
// console line about the policy, and any request to another origin.
func (b *browser) checkClean(t *testing.T, name string, log *requestLog, consoleFrom int) {
	t.Helper()
	var v []string
	b.eval(violationsJS, &v)
	if len(v) > 0 {
		t.Errorf("%s: CSP violations: %q", name, v)
	}
	b.mu.Lock()
	for _, m := range b.console[consoleFrom:] {
		if strings.Contains(m, "Content Security Policy") || strings.Contains(m, "Refused to") || strings.Contains(m, "Permissions-Policy") {
			t.Errorf("%s: console: %s", name, m)
		}
	}
	b.mu.Unlock()
	base, _ := url.Parse(b.base)
	urls := log.take()
	n := 0
	for _, u := range urls {
		p, err := url.Parse(u)
		if err != nil {
			t.Errorf("%s: unparsable request URL %q", name, u)
			continue
		}
		if p.Scheme == "data" {
			continue // the favicon: data:, (img-src allows it)
		}
		n++
		if p.Scheme != base.Scheme || p.Host != base.Host {
			t.Errorf("%s: a request to another origin: %s", name, u)
		}
	}
	if n == 0 {
		t.Errorf("%s: no request seen: the request log does not work", name)
	}
	t.Logf("%s: %d requests checked, %d CSP violations", name, n, len(v))
}

func (b *browser) consoleLen() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.console)
}

// everyPageSameOrigin loads index.html (and runs a worker job under the
// policy, which must allow its wasm), game.html, embed.html and
// blog-sample.html (both embeds started).
func (b *browser) everyPageSameOrigin(t *testing.T, log *requestLog) {
	log.take()
	c0 := b.consoleLen()
	b.navigate(t, b.base+"/?scenario=request-load&case=virtual-per-request", true)
	var outcome string
	b.evalAwait(`loomlab.runFull({scenario: "request-load", case: "virtual-per-request", knobs: {requests: 200}}).then(r => r.outcome, e => "rejected: " + e.message)`, &outcome, 30*time.Second)
	if strings.HasPrefix(outcome, "rejected") || outcome == "" {
		t.Errorf("a full run in the worker under the CSP: %s", outcome)
	}
	// The parts of the page that build elements at run time: the follow
	// card, the embed code, the shortcut list, the theme, the presenter view.
	b.eval(`loomlab.play(), document.getElementById("tl-follow").click(), true`, nil)
	if !b.poll(t, `document.querySelectorAll("#follow-card .tl-seg").length > 0`, 10*time.Second) {
		t.Errorf("index.html: the follow card did not show its state bar")
	}
	for _, id := range []string{"copy-embed", "shortcuts-button", "theme-toggle", "theme-toggle", "presenter-toggle", "presenter-toggle"} {
		b.eval(`document.getElementById("`+id+`").click(), true`, nil)
		time.Sleep(150 * time.Millisecond)
	}
	b.checkClean(t, "index.html", log, c0)

	c0 = b.consoleLen()
	b.navigate(t, b.base+"/game.html", false)
	if !b.poll(t, `!!window.loomgame && JSON.parse(loomgame.state()).scenario !== ""`, 30*time.Second) {
		t.Errorf("game.html on its own did not start: %q", b.text("#msg"))
	}
	b.checkClean(t, "game.html", log, c0)

	c0 = b.consoleLen()
	b.navigate(t, b.base+"/embed.html?scenario=vt-pooling&case=1g-pool&controls=full", true)
	b.checkClean(t, "embed.html", log, c0)

	c0 = b.consoleLen()
	b.navigate(t, b.base+"/blog-sample.html", false)
	b.eval(`document.querySelector(".embeds").scrollIntoView({block: "center"}), true`, nil)
	n := b.embedsStarted()
	if n != 2 {
		t.Errorf("blog-sample.html: %d of its 2 embeds started", n)
	}
	b.checkClean(t, "blog-sample.html", log, c0)
}

// policyEnforced: the checks above would pass with no policy at all, so
// make sure there is one: an injected inline script does not run, a
// request to another origin is refused, and both are reported.
func (b *browser) policyEnforced(t *testing.T) {
	b.navigate(t, b.base+"/embed.html?scenario=request-load&controls=none", true)
	var r struct {
		Ran      bool
		Fetch    string
		Reported []string
	}
	b.evalAwait(`(async () => {
		const s = document.createElement("script"); s.textContent = "window.__inlineRan = true"; document.head.append(s);
		let fetched = "allowed";
		try { await fetch("http://localhost:9/"); } catch (e) { fetched = "refused" }
		await new Promise((r) => setTimeout(r, 200));
		return {ran: !!window.__inlineRan, fetch: fetched, reported: window.__cspv} })()`, &r, 10*time.Second)
	if r.Ran || r.Fetch != "refused" || len(r.Reported) < 2 {
		t.Errorf("the policy is not enforced: inline script ran %v, request to another origin %s, violations %q", r.Ran, r.Fetch, r.Reported)
	}
}

// hostPage frames embed.html and index.html from another origin.
const hostPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>another site</title></head>
<body><p>Another site's post.</p>
<iframe id="embed" src="%[1]s/embed.html?scenario=request-load&amp;case=virtual-per-request&amp;controls=minimal" title="embed"
  width="640" height="444" sandbox="allow-scripts allow-same-origin"></iframe>
<iframe id="main" src="%[1]s/" title="main page" width="640" height="444"></iframe>
</body></html>`

// embedInAnotherOrigin: a page of another origin frames the embed, which
// starts (its frame-ancestors allow any site, for game.html inside it as
// well), and the main page, which the browser refuses to show.
func (b *browser) embedInAnotherOrigin(t *testing.T, log *requestLog) {
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, hostPage, b.base)
	}))
	defer host.Close()
	log.mu.Lock()
	log.contexts = nil
	log.mu.Unlock()
	c0 := b.consoleLen()
	b.navigate(t, host.URL+"/", false)

	// The embed's own JavaScript world: the context of this origin whose
	// page is embed.html.
	deadline := time.Now().Add(60 * time.Second)
	state := ""
	for state != "ready" && time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond)
		log.mu.Lock()
		ctxs := append([]*runtime.ExecutionContextDescription(nil), log.contexts...)
		log.mu.Unlock()
		for _, c := range ctxs {
			if c.Origin != b.base {
				continue
			}
			ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
			v, err := chromedp.Run(ctx, chromedp.Evaluate[string](
				`location.pathname === "/embed.html" ? (window.loomlab ? loomlab.ready.then(() => "ready", e => "rejected: " + e.message) : "loading") : "other"`,
				chromedp.EvalAwaitPromise, func(p *runtime.EvaluateParams) { p.UniqueContextID = c.UniqueID }))
			cancel()
			if err == nil && v != "other" {
				state = v
				break
			}
		}
	}
	if state != "ready" {
		t.Errorf("embed.html framed by another origin did not start: %q", state)
	}
	// The main page in the other origin's frame: refused, with the reason
	// in the console.
	refused := false
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); {
		b.mu.Lock()
		for _, m := range b.console[c0:] {
			if strings.Contains(m, "frame-ancestors") || strings.Contains(m, "X-Frame-Options") {
				refused = true
			}
		}
		b.mu.Unlock()
		if refused {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !refused {
		t.Errorf("index.html framed by another origin: no refusal in the console")
	}
	log.take()
}
