package main

// One dist/ build, one server and one Chromium per test binary, shared by
// every browser test (TestBrowser, TestLinksAndEmbeds, ...): each test gets
// its own tab. Building the wasm and starting the browser are most of a
// suite's fixed cost, so they are paid once.

import (
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/loomlab/loomlab/build/chromium"
	"github.com/loomlab/loomlab/build/repo"
)

var suite struct {
	once       sync.Once
	err        error
	root       string // the repository
	site       *Site
	srv        *httptest.Server
	browserCtx context.Context // the first tab: the browser lives as long as it does
	stop       []func()
}

func TestMain(m *testing.M) {
	code := m.Run()
	for i := len(suite.stop) - 1; i >= 0; i-- {
		suite.stop[i]()
	}
	os.Exit(code)
}

// newBrowser returns a browser driving a new tab of the shared Chromium,
// starting the suite on first use. The tab closes when t ends.
func newBrowser(t *testing.T) *browser {
	t.Helper()
	if testing.Short() {
		t.Skip("browser suite skipped in -short mode")
	}
	suite.once.Do(func() {
		// If setup stops t (Fatal), later tests see this instead of nils.
		suite.err = errors.New("the browser suite's setup failed in an earlier test")
		suite.err = startSuite(t)
	})
	if suite.err != nil {
		t.Fatal(suite.err)
	}
	ctx, closeTab := chromedp.NewContext(suite.browserCtx)
	t.Cleanup(closeTab)
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(cancel)
	b := &browser{t: t, ctx: ctx, base: suite.srv.URL, shot: filepath.Join(suite.root, "testdata", "screenshots")}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1200, 800)); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	go b.collectConsole()
	t.Cleanup(func() {
		if t.Failed() {
			b.dumpConsole()
		}
	})
	return b
}

func startSuite(t *testing.T) error {
	start := time.Now()
	chromiumPath := ensureChromium(t)
	root, err := repo.Root()
	if err != nil {
		return err
	}
	suite.root = root
	if err := os.MkdirAll(filepath.Join(root, "testdata", "screenshots"), 0o755); err != nil {
		return err
	}
	out, err := os.MkdirTemp("", "loomlab-browser-")
	if err != nil {
		return err
	}
	suite.stop = append(suite.stop, func() { os.RemoveAll(out) })
	opts := defaultOptions()
	opts.Out = filepath.Join(out, "dist")
	opts.Brotli = brotliFast // the suite builds dist/ once per run; the copies need only be valid
	if p := os.Getenv("LOOMLAB_PLAYGROUND"); p != "" {
		opts.Playground = p
	}
	if p := os.Getenv("LOOMLAB_GAME_HTML"); p != "" {
		opts.GameHTML = p
	}
	site, err := Dist(opts, testLog{t})
	if err != nil {
		return err
	}
	suite.site = site
	suite.srv = httptest.NewServer(Handler(site.Dir))
	suite.stop = append(suite.stop, suite.srv.Close)

	allocCtx, stopBrowser := chromium.Start(chromiumPath, filepath.Join(out, "chromium"))
	suite.stop = append(suite.stop, stopBrowser) // stops Chromium and waits for it
	ctx, closeFirst := chromedp.NewContext(allocCtx)
	suite.stop = append(suite.stop, closeFirst)
	if err := chromedp.Do(ctx); err != nil {
		return errors.New("starting " + chromiumPath + ": " + err.Error())
	}
	suite.browserCtx = ctx
	t.Logf("dist built, served and Chromium started in %s", time.Since(start).Round(time.Millisecond))
	return nil
}

// subtests returns a runner of t's subtests on b: b reports to the subtest
// while it runs, and each subtest logs how long it took.
func (b *browser) subtests(t *testing.T) func(name string, f func(t *testing.T)) {
	return func(name string, f func(t *testing.T)) {
		t.Run(name, func(st *testing.T) {
			t0 := time.Now()
			b.t = st
			defer func() { b.t = t }()
			f(st)
			st.Logf("%s took %s", name, time.Since(t0).Round(time.Millisecond))
		})
	}
}
