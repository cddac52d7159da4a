package main

// How many background workers the page runs at once: one per core the
// playground leaves, under a ceiling set by the device's memory
// (web/src/runner.ts, workerCeiling). The sweep panel's test and runFull's
// check the cores; this one checks the memory.

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// A device that reports 1 GB and eight cores runs three workers at once,
// not eight: each holds its own copy of the simulator (~120 MB).
func TestWorkersFollowDeviceMemory(t *testing.T) {
	b := newBrowser(t)
	b.reportCores(t, 8)
	const src = `Object.defineProperty(Navigator.prototype, "deviceMemory", {get: () => 1, configurable: true})`
	if err := chromedp.Do(b.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	b.goTo("/")
	var gb float64
	b.eval(`navigator.deviceMemory`, &gb)
	if gb != 1 {
		t.Fatalf("navigator.deviceMemory = %v, want the 1 the test sets", gb)
	}
	b.eval(`loomlab.pause(), loomlab.workersAtOnce(), true`, nil)
	var n int
	b.evalAwait(`Promise.all([1, 2, 3, 4, 5, 6].map(seed => loomlab.runFull({scenario: "request-load", case: "pool-200", knobs: {requests: 200}, seed}))).then(rs => rs.length)`, &n, 2*time.Minute)
	var atOnce int
	b.eval(`loomlab.workersAtOnce()`, &atOnce)
	if want := b.workerCeiling(t); atOnce != want || want != 3 {
		t.Errorf("six runs on a device of 1 GB and 8 cores took %d workers at once; the ceiling's rule gives %d, want 3", atOnce, want)
	}
}

// reportCores makes the page's navigator.hardwareConcurrency say n from
// the next navigation on.
func (b *browser) reportCores(t *testing.T, n int64) {
	t.Helper()
	if err := chromedp.Do(b.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetHardwareConcurrencyOverride, emulation.SetHardwareConcurrencyOverrideParams{HardwareConcurrency: n})
		return err
	})); err != nil {
		t.Fatalf("reporting %d cores: %v", n, err)
	}
}

// workerCeiling is the most background workers the page may run at once
// on this browser's device, by the rule web/src/runner.ts states: half of
// navigator.deviceMemory (GB) at 150 MB a worker, between 1 and 8; 8
// where the browser does not report its memory.
func (b *browser) workerCeiling(t *testing.T) int {
	t.Helper()
	var gb float64
	b.eval(`navigator.deviceMemory || 0`, &gb)
	if gb <= 0 {
		return 8
	}
	return max(1, min(8, int(gb*1024/2/150)))
}

// The table's partial verdicts take the worker a finished run has just
// freed: with cores to spare (8 reported), request-load's three runs and
// their partial answers use three workers at once, not a fourth.
func TestPartialVerdictsTakeTheFreedWorker(t *testing.T) {
	b := newBrowser(t)
	b.reportCores(t, 8)
	b.goTo("/")
	b.load(t, `{scenario: "request-load", case: "pool-200"}`)
	var cases int
	b.eval(`new Set(loomlab.scenarios().find(s => s.id === "request-load").figures.flatMap(f => [f.case, f.than].filter(Boolean))).size`, &cases)
	b.eval(`loomlab.pause(), loomlab.workersAtOnce(), true`, nil)
	var n int
	b.evalAwait(`loomlab.verify("request-load").then(v => v.checks.length)`, &n, 2*time.Minute)
	var atOnce int
	b.eval(`loomlab.workersAtOnce()`, &atOnce)
	if want := min(cases, b.workerCeiling(t)); atOnce != want {
		t.Errorf("request-load's %d runs and their partial verdicts took %d workers at once on 8 cores, want %d", cases, atOnce, want)
	}
}
