package main

// Browser test of "Fit the model" and "What if" in the GC-log panel: a real
// log from `make jvm-check` (Parallel, 128 MB, 1,000 pooled threads) is
// dropped on the panel; its summary and charts appear; the fit's quality
// table shows what fit.Fit computes natively; the model's collections are
// drawn over the log's heap chart; a what-if with a bigger heap shows what
// fit.RunModel predicts natively; its link (game/link's format) carries the
// fitted knobs and the what-if, not the log, and opened it runs the what-if
// beside the fitted model. A ZGC log gets no fit, and the panel says why.

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/loomlab/loomlab/fit"
	"github.com/loomlab/loomlab/game/link"
	"github.com/loomlab/loomlab/gclog"
)

func TestGCLogFit(t *testing.T) {
	const name = "parallel-128m-pooled-1000.log"
	b := newBrowser(t)
	b.open()
	text, err := os.ReadFile(filepath.Join(suite.root, "testdata", "jvm-check", name))
	if err != nil {
		t.Fatal(err)
	}
	l, err := gclog.Parse(bytes.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	b.dropText(t, map[string]string{name: string(text)})
	b.checkGCLogShown(t, name, l)

	want, _, err := fit.Fit(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The strongest ink the log's own charts hold, before the model is drawn over them.
	inkBefore := map[string]int{}
	for _, chart := range []string{"gclog-chart-heap", "gclog-chart-rates"} {
		inkBefore[chart] = b.chartInk(t, "#"+chart, "chart-ink")["chart-ink"]
	}
	b.eval(`(document.getElementById("gclog-fit").click(), true)`, nil)
	type shownRow struct {
		Metric  string `json:"metric"`
		Log     string `json:"log"`
		Model   string `json:"model"`
		Verdict string `json:"verdict"`
	}
	var rows []shownRow
	deadline := time.Now().Add(120 * time.Second)
	for time.Now().Before(deadline) {
		b.eval(`[...document.querySelectorAll("#gclog-fit-quality tbody tr")].map(r => ({metric: r.dataset.metric,
			log: r.cells[1].textContent, model: r.cells[2].textContent, verdict: r.dataset.verdict}))`, &rows)
		if len(rows) > 0 {
			break
		}
		time.Sleep(300 * time.Millisecond)
	}
	if len(rows) != len(want.Quality.Metrics) {
		t.Fatalf("quality rows shown: %+v; messages %q", rows, b.messages())
	}
	for i, r := range rows {
		w := want.Quality.Metrics[i]
		if r.Metric != w.Metric || r.Verdict != w.Verdict {
			t.Errorf("row %d: shown %+v, the native fit has %s %s", i, r, w.Metric, w.Verdict)
		}
		if w.Model != nil && !near(t, r.Model, *w.Model) {
			t.Errorf("%s: the page's model value %q, natively %v", w.Metric, r.Model, *w.Model)
		}
		if w.Log != nil && !near(t, r.Log, *w.Log) {
			t.Errorf("%s: the page's log value %q, natively %v", w.Metric, r.Log, *w.Log)
		}
	}
	// The fitted model's collections over the log's heap chart and its rates over the log's rate chart:
	// a legend entry each, and hollow rings in the strongest ink added to what the log alone drew there.
	for _, chart := range []string{"gclog-chart-heap", "gclog-chart-rates"} {
		var labels []string
		b.eval(`[...document.querySelectorAll("#`+chart+` .u-legend .u-series .u-label")].map(e => e.textContent)`, &labels)
		if !slices.ContainsFunc(labels, func(l string) bool { return strings.HasPrefix(l, "model") }) {
			t.Errorf("%s's legend %q names no model series", chart, labels)
		}
		if after := b.chartInk(t, "#"+chart, "chart-ink")["chart-ink"]; after < inkBefore[chart]+50 {
			t.Errorf("%s: %d pixels of the strongest ink with the model drawn, %d without: the model's rings are missing", chart, after, inkBefore[chart])
		}
	}

	// What if the heap were 256 MB: the prediction is the native model's.
	knobs := map[string]string{}
	for k, v := range want.Knobs {
		knobs[k] = v
	}
	knobs["heap_mb"] = "256"
	wantIf, err := fit.RunModel(knobs, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.eval(`(() => { const i = document.getElementById("gclog-whatif-heap_mb"); i.value = "256";
		document.getElementById("gclog-whatif-run").click(); return true; })()`, nil)
	var whatIf struct {
		Young, Full, Link, Status string
	}
	deadline = time.Now().Add(120 * time.Second)
	for time.Now().Before(deadline) {
		b.eval(`(() => { const cell = m => { const r = document.querySelector('#gclog-whatif-table tr[data-metric="' + m + '"]'); return r ? r.cells[3].textContent : ""; };
			const a = document.getElementById("gclog-whatif-link");
			return {Young: cell("young GCs per second"), Full: cell("Full GCs per second"), Link: a ? a.getAttribute("href") : "",
				Status: document.getElementById("gclog-whatif-status").textContent}; })()`, &whatIf)
		if whatIf.Young != "" {
			break
		}
		time.Sleep(300 * time.Millisecond)
	}
	if !near(t, whatIf.Young, wantIf.YoungGCsPerS) || !near(t, whatIf.Full, wantIf.FullGCsPerS) {
		t.Errorf("what if heap 256 MB: the page predicts young %q, Full %q per second; natively %v, %v (status %q)",
			whatIf.Young, whatIf.Full, wantIf.YoungGCsPerS, wantIf.FullGCsPerS, whatIf.Status)
	}
	if !strings.Contains(whatIf.Status, "heap (MB) 128 → 256") {
		t.Errorf("what-if status %q does not name the change", whatIf.Status)
	}
	b.saveElementShot(t, "section.gclog", "gclog-fit") // for a person to look at
	// The what-if's link is game/link's: the fitted knobs and whatif=heap_mb:256, nothing of the log.
	parsed, errs := link.Parse(whatIf.Link)
	if len(errs) > 0 || parsed.Spec.Scenario != "gc-lab" || !reflect.DeepEqual(parsed.Spec.Knobs, want.Knobs) ||
		!reflect.DeepEqual(parsed.WhatIf, map[string]string{"heap_mb": "256"}) || strings.Contains(whatIf.Link, "Pause") {
		t.Errorf("the what-if link %q reads as %+v, what-if %v, errors %v; want the fitted knobs %v and heap_mb:256", whatIf.Link, parsed.Spec, parsed.WhatIf, errs, want.Knobs)
	}
	t.Logf("fit: %+v; what if 256 MB: young %s, Full %s per second", rows, whatIf.Young, whatIf.Full)

	// Opened, the link loads the fitted model and runs the what-if beside it at once, without the log.
	fitted, err := fit.RunModel(want.Knobs, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.goTo("/" + whatIf.Link)
	var linked struct{ Young, Fitted, Note string }
	deadline = time.Now().Add(120 * time.Second)
	for time.Now().Before(deadline) {
		b.eval(`(() => { const r = document.querySelector('#gclog-whatif-table tr[data-metric="young GCs per second"]');
			const n = document.getElementById("gclog-fit-from-link");
			return {Young: r ? r.cells[3].textContent : "", Fitted: r ? r.cells[2].textContent : "", Note: n ? n.textContent : ""}; })()`, &linked)
		if linked.Young != "" {
			break
		}
		time.Sleep(300 * time.Millisecond)
	}
	if !strings.Contains(linked.Note, "never the log") {
		t.Errorf("the linked what-if does not say the log stays out: %q", linked.Note)
	}
	if !near(t, linked.Young, wantIf.YoungGCsPerS) || !near(t, linked.Fitted, fitted.YoungGCsPerS) {
		t.Errorf("linked what-if: young GCs/s what-if %q fitted %q; natively %v and %v", linked.Young, linked.Fitted, wantIf.YoungGCsPerS, fitted.YoungGCsPerS)
	}
	if linked.Young == "" {
		var panel, url string
		b.eval(`document.querySelector("section.gclog").innerText`, &panel)
		b.eval(`location.href`, &url)
		t.Logf("at %s the panel shows %q; messages %q", url, panel, b.messages())
	}
	t.Logf("linked: %+v", linked)

	// A log the model cannot be fitted to: importGCLog's fit is null, as the CLI refuses it (exit 2),
	// and the panel says why where the fit would be.
	ztext, err := os.ReadFile(filepath.Join(suite.root, "testdata", "gclog", "zgc-128m-pooled.log"))
	if err != nil {
		t.Fatal(err)
	}
	arg, _ := json.Marshal(string(ztext))
	var z struct {
		Fit     any    `json:"fit"`
		Problem string `json:"problem"`
		Err     string `json:"err"`
	}
	b.evalAwait(`loomlab.importGCLog(`+string(arg)+`).then(r => ({fit: r.fit,
		problem: (document.getElementById("gclog-fit-problem") || {}).textContent || ""}), e => ({err: e.message}))`, &z, 60*time.Second)
	if z.Err != "" || z.Fit != nil || !strings.Contains(z.Problem, "the model has Serial, Parallel and G1 only") {
		t.Errorf("importGCLog of a ZGC log: %+v", z)
	}
}

// near: a number as the page shows it (grouped digits, a few decimals) is x rounded.
func near(t *testing.T, shown string, x float64) bool {
	t.Helper()
	v, err := strconv.ParseFloat(strings.ReplaceAll(shown, ",", ""), 64)
	if err != nil {
		return false
	}
	return v == x || (x != 0 && (v-x)/x < 0.01 && (x-v)/x < 0.01) || (v-x < 0.0006 && x-v < 0.0006)
}
