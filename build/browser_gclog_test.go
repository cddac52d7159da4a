package main

// Browser test of the "Your GC log" panel: a real JDK 17 log chosen in the
// file input and another dropped on the drop zone are read by the worker's
// gclog reader; the page shows the same sentences and diagnosis as the
// Go package, draws its three charts in the series' colours, and
// loomlab.importGCLog's summary equals `loomsim gclog summary --json`'s.
// Hostile input (binary, a JDK 8 log, an empty file, a 10 MB line, two
// files at once) gets a message in the panel and the page keeps working.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/loomlab/loomlab/fit"
	"github.com/loomlab/loomlab/gclog"
)

func TestGCLogPanel(t *testing.T) {
	b := newBrowser(t)
	b.open()
	run := b.subtests(t)
	run("choose-a-real-log", func(t *testing.T) { b.gclogChoose(t, "parallel-100m-nr8-pooled.log") })
	run("drop-a-real-log", func(t *testing.T) { b.gclogDrop(t, "g1-64m-pooled.log") })
	run("importGCLog-equals-cli", func(t *testing.T) { b.gclogImportAPI(t, "serial-64m-pooled.log") })
	run("hostile-input", func(t *testing.T) { b.gclogHostile(t) })
	run("large-log-streams", func(t *testing.T) { b.gclogLarge(t) })
}

// realGCLog reads a log under testdata/gclog and what the Go reader makes of it.
func realGCLog(t *testing.T, name string) (path string, text []byte, l *gclog.Log) {
	t.Helper()
	path = filepath.Join(suite.root, "testdata", "gclog", name)
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err = gclog.Parse(bytes.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return path, text, l
}

// gclogShown is what the panel shows once a log is read.
type gclogShown struct {
	Label     string   `json:"label"`
	Problem   string   `json:"problem"`
	Summary   []string `json:"summary"`
	Rules     []string `json:"rules"`
	Diagnosis []string `json:"diagnosis"`
	Charts    []string `json:"charts"`
}

const gclogShownJS = `(() => ({
	label: document.getElementById("gclog-label").textContent,
	problem: document.getElementById("gclog-problem").hidden ? "" : document.getElementById("gclog-problem").textContent,
	summary: [...document.querySelectorAll("#gclog-summary li")].map(e => e.textContent),
	rules: [...document.querySelectorAll("#gclog-diagnosis li")].map(e => e.dataset.rule),
	diagnosis: [...document.querySelectorAll("#gclog-diagnosis li")].map(e => e.textContent),
	charts: [...document.querySelectorAll(".gclog-charts figure canvas")].map(c => c.closest("figure").id),
}))()`

// waitGCLog waits until the panel's label or problem says the read ended.
func (b *browser) waitGCLog(t *testing.T, done func(s gclogShown) bool) gclogShown {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	var s gclogShown
	for time.Now().Before(deadline) {
		b.eval(gclogShownJS, &s)
		if done(s) {
			return s
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("the GC log panel did not finish: %+v; messages %q", s, b.messages())
	return s
}

// checkGCLogShown compares the panel with the Go reader's sentences and diagnosis, and the charts' ink.
func (b *browser) checkGCLogShown(t *testing.T, name string, l *gclog.Log) {
	t.Helper()
	s := b.waitGCLog(t, func(s gclogShown) bool { return strings.HasPrefix(s.Label, name+":") || s.Problem != "" })
	if s.Problem != "" {
		t.Fatalf("%s was refused: %s", name, s.Problem)
	}
	if want := gclog.Describe(l.Summary()); fmt.Sprint(s.Summary) != fmt.Sprint(want) {
		t.Errorf("%s: the panel's summary is\n%q\nwant\n%q", name, s.Summary, want)
	}
	findings := gclog.Diagnose(l)
	var rules, texts []string
	for _, f := range findings {
		rules, texts = append(rules, f.Rule), append(texts, f.Text)
	}
	if fmt.Sprint(s.Rules) != fmt.Sprint(rules) || fmt.Sprint(s.Diagnosis) != fmt.Sprint(texts) {
		t.Errorf("%s: the panel's diagnosis is %q, want %q", name, s.Rules, rules)
	}
	if fmt.Sprint(s.Charts) != "[gclog-chart-heap gclog-chart-pauses gclog-chart-rates]" {
		t.Errorf("%s: charts drawn: %q", name, s.Charts)
	}
	// Each chart has ink in its series' colours inside its plotting area:
	// neutral inks for the lines, the picture's "stopped for GC" slate for
	// the young pauses (the colours of the page's theme, charttheme.ts).
	ink := map[string]int{
		"heap used":    b.chartInk(t, "#gclog-chart-heap", "chart-ink")["chart-ink"],
		"young pauses": b.chartInk(t, "#gclog-chart-pauses", "m-gc")["m-gc"],
		"allocation":   b.chartInk(t, "#gclog-chart-rates", "chart-ink")["chart-ink"],
		"promotion":    b.chartInk(t, "#gclog-chart-rates", "chart-ink-mid")["chart-ink-mid"],
	}
	for k, n := range ink {
		if n < 50 {
			t.Errorf("%s: the %s series left %d pixels of ink", name, k, n)
		}
	}
	t.Logf("%s: %d summary lines, rules %v, ink %v", name, len(s.Summary), rules, ink)
}

func (b *browser) gclogChoose(t *testing.T, name string) {
	path, _, l := realGCLog(t, name)
	if _, err := chromedp.Run(b.ctx, chromedp.SetUploadFiles(chromedp.CSS("#gclog-file"), []string{path})); err != nil {
		t.Fatalf("choosing %s: %v", name, err)
	}
	b.checkGCLogShown(t, name, l)
	// A screenshot of the panel, for a person to look at.
	data, err := chromedp.Run(b.ctx, chromedp.Screenshot(chromedp.CSS("section.gclog")))
	if err != nil {
		t.Fatalf("screenshot of the panel: %v", err)
	}
	if err := os.WriteFile(filepath.Join(b.shot, "gclog-panel.png"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// dropText dispatches a drop of files with the given names and texts on the drop zone.
func (b *browser) dropText(t *testing.T, files map[string]string) {
	t.Helper()
	arg, _ := json.Marshal(files)
	b.eval(`(() => {
		const dt = new DataTransfer();
		for (const [name, text] of Object.entries(`+string(arg)+`)) dt.items.add(new File([text], name, {type: "text/plain"}));
		document.getElementById("gclog-drop").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true;
	})()`, nil)
}

func (b *browser) gclogDrop(t *testing.T, name string) {
	_, text, l := realGCLog(t, name)
	b.dropText(t, map[string]string{name: string(text)})
	b.checkGCLogShown(t, name, l)
}

func (b *browser) gclogImportAPI(t *testing.T, name string) {
	_, text, l := realGCLog(t, name)
	arg, _ := json.Marshal(string(text))
	var got struct {
		Summary json.RawMessage `json:"summary"`
		Fit     any             `json:"fit"`
		Err     string          `json:"err"`
	}
	b.evalAwait(`loomlab.importGCLog(`+string(arg)+`).then(r => r, e => ({err: e.message}))`, &got, 60*time.Second)
	if got.Err != "" {
		t.Fatalf("importGCLog(%s): %s", name, got.Err)
	}
	want, _ := json.Marshal(l.Summary())
	var g, w any
	_ = json.Unmarshal(got.Summary, &g)
	_ = json.Unmarshal(want, &w)
	if fmt.Sprint(g) != fmt.Sprint(w) {
		t.Errorf("importGCLog's summary\n%s\ndiffers from loomsim gclog summary --json's\n%s", got.Summary, want)
	}
	// fit is what `loomsim gclog fit --json` prints: fit.Fit on the same log.
	wantFit, _, err := fit.Fit(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	wf, _ := json.Marshal(wantFit)
	var wfv any
	_ = json.Unmarshal(wf, &wfv)
	if fmt.Sprint(got.Fit) != fmt.Sprint(wfv) {
		t.Errorf("importGCLog's fit\n%v\ndiffers from loomsim gclog fit --json's\n%s", got.Fit, wf)
	}
	var bad string
	b.evalAwait(`loomlab.importGCLog(42).then(() => "resolved", e => e.message)`, &bad, 10*time.Second)
	if !strings.Contains(bad, "expected the log's text as a string") {
		t.Errorf("importGCLog(42): %q", bad)
	}
}

func (b *browser) gclogHostile(t *testing.T) {
	_, text, _ := realGCLog(t, "serial-64m-fresh-tags.log")
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"binary", map[string]string{"core.bin": "[0.1s][gc] Using G1\n\u0000\u0001\u0002\u0003ELF"}, "binary data"},
		{"jdk8", map[string]string{"jdk8.log": "2.345: [GC (Allocation Failure) [PSYoungGen: 16384K->2544K(18944K)] 16384K->4000K(62976K), 0.0101 secs]\n"}, "-Xlog:gc*"},
		{"empty", map[string]string{"empty.log": ""}, "empty input"},
		{"prose", map[string]string{"notes.txt": "hello\nworld\n"}, "not a HotSpot unified GC log"},
		{"two-files", map[string]string{"a.log": "x", "b.log": "y"}, "drop one log at a time"},
	} {
		b.dropText(t, c.files)
		s := b.waitGCLog(t, func(s gclogShown) bool { return s.Problem != "" })
		if !strings.Contains(s.Problem, c.want) {
			t.Errorf("%s: the panel says %q, want it to mention %q", c.name, s.Problem, c.want)
		}
		b.dropText(t, map[string]string{"ok.log": string(text)})
		b.waitGCLog(t, func(s gclogShown) bool { return strings.HasPrefix(s.Label, "ok.log:") && s.Problem == "" })
	}
	// A 10 MB line, made in the page so the test does not send it over the protocol.
	b.eval(`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File(["[0.1s][gc] Using G1\n", "x".repeat(10 << 20), "\n"], "long.log"));
		document.getElementById("gclog-drop").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true;
	})()`, nil)
	s := b.waitGCLog(t, func(s gclogShown) bool { return s.Problem != "" })
	if !strings.Contains(s.Problem, "line 2") || !strings.Contains(s.Problem, "line too long") {
		t.Errorf("a 10 MB line: the panel says %q", s.Problem)
	}
	// The page keeps working: the playground answers and a good log is read again.
	st := b.state(t)
	if st.Scenario == "" {
		t.Errorf("the playground no longer answers after hostile logs")
	}
	b.dropText(t, map[string]string{"again.log": string(text)})
	b.waitGCLog(t, func(s gclogShown) bool { return strings.HasPrefix(s.Label, "again.log:") && s.Problem == "" })
}

// gclogLarge drops a 15 MB log (a real one a hundred times over) and checks that the worker reads it
// in slices, reporting progress on the way, and that the charts thin out to MaxSeriesPoints.
func (b *browser) gclogLarge(t *testing.T) {
	_, text, l := realGCLog(t, "parallel-100m-nr8-pooled.log")
	arg, _ := json.Marshal(string(text))
	t0 := time.Now()
	b.eval(`(() => {
		window.__gclogLabels = [];
		const label = document.getElementById("gclog-label");
		new MutationObserver(() => window.__gclogLabels.push(label.textContent)).observe(label, {childList: true, characterData: true, subtree: true});
		const dt = new DataTransfer();
		dt.items.add(new File(Array(100).fill(`+string(arg)+`), "big.log", {type: "text/plain"}));
		document.getElementById("gclog-drop").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true;
	})()`, nil)
	s := b.waitGCLog(t, func(s gclogShown) bool { return strings.HasPrefix(s.Label, "big.log:") || s.Problem != "" })
	if s.Problem != "" {
		t.Fatalf("a 15 MB log was refused: %s", s.Problem)
	}
	var labels []string
	b.eval(`window.__gclogLabels`, &labels)
	partial := 0
	for _, x := range labels {
		if strings.Contains(x, "% of 14.9 MB") && !strings.Contains(x, "100 %") {
			partial++
		}
	}
	if partial < 3 {
		t.Errorf("progress while reading 15 MB: %q", labels)
	}
	want := fmt.Sprintf("big.log: %s lines", commas(100*l.Lines))
	if !strings.HasPrefix(s.Label, want) {
		t.Errorf("label %q, want it to start %q", s.Label, want)
	}
	var hint bool
	b.eval(`[...document.querySelectorAll("#gclog-result .hint")].some(e => e.textContent.includes("the charts show one in 2, and every Full GC"))`, &hint)
	if !hint {
		t.Errorf("the charts of %d events do not say they were thinned", 100*len(l.Events))
	}
	t.Logf("15 MB read in %s with %d progress labels", time.Since(t0).Round(time.Millisecond), partial)
}

// commas groups digits as the page's fmt does (en-US).
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
