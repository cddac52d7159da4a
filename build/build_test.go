package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"
)

func TestHashedName(t *testing.T) {
	a := hashedName("worker.wasm", []byte("a"))
	b := hashedName("worker.wasm", []byte("b"))
	if a == b || !strings.HasPrefix(a, "worker.") || !strings.HasSuffix(a, ".wasm") || len(a) != len("worker..wasm")+10 {
		t.Errorf("hashedName: %q, %q", a, b)
	}
	if hashedName("worker.wasm", []byte("a")) != a {
		t.Error("hashedName is not deterministic")
	}
}

func TestRewriteLiterals(t *testing.T) {
	m := Manifest{"playground.wasm": "assets/playground.0123456789.wasm", "wasm_exec.js": "assets/wasm_exec.abcdef0123.js"}
	for in, want := range map[string]string{
		`var WASM_URL = "playground.wasm";`:   `var WASM_URL = "assets/playground.0123456789.wasm";`,
		`fetch('./playground.wasm')`:          `fetch('assets/playground.0123456789.wasm')`,
		"`wasm_exec.js`":                      "`assets/wasm_exec.abcdef0123.js`",
		`"my-playground.wasm" "playground.w"`: `"my-playground.wasm" "playground.w"`, // not the name
	} {
		if got := string(rewriteLiterals([]byte(in), m)); got != want {
			t.Errorf("rewriteLiterals(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestPageRewrite(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "logo.svg"), []byte("<svg/>"), 0o644)
	b := &bundler{web: dir, out: filepath.Join(dir, "dist"), m: Manifest{"wasm_exec.js": "assets/wasm_exec.x.js"}, files: map[string][]byte{}}
	out, err := b.page("p.html", dir, []byte(`<script src="wasm_exec.js"></script><img src="logo.svg"><a href="index.html">i</a><a href="https://example.org/x">x</a><a href="#top">t</a>`))
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{`src="assets/wasm_exec.x.js"`, `src="assets/logo.`, `href="index.html"`, `href="https://example.org/x"`, `href="#top"`} {
		if !strings.Contains(s, want) {
			t.Errorf("rewritten page lacks %s:\n%s", want, s)
		}
	}
	if _, err := b.page("p.html", dir, []byte(`<img src="missing.png">`)); err == nil || !strings.Contains(err.Error(), "missing.png") {
		t.Errorf("a reference to nothing: err = %v", err)
	}
}

// scenarios.json carries every scenario, knob, case and figure of sim/scenario.
func TestScenarioMeta(t *testing.T) {
	f := readMeta(t)
	all := scenario.All()
	if len(f.Scenarios) != len(all) {
		t.Fatalf("%d scenarios in scenarios.json, %d in sim/scenario", len(f.Scenarios), len(all))
	}
	for i, s := range all {
		m := f.Scenarios[i]
		if m.ID != s.ID || len(m.Knobs) != len(s.Knobs) || len(m.Cases) != len(s.Cases) || len(m.Figures) != len(s.Figures) {
			t.Errorf("%s: metadata does not match the scenario", s.ID)
		}
		for j, k := range m.Knobs {
			if k.Allowed == "" || k.Type == "invalid" {
				t.Errorf("%s knob %s: allowed %q type %q", s.ID, k.Name, k.Allowed, k.Type)
			}
			if (k.Type == "int" || k.Type == "float") != (k.Min != nil && k.Max != nil) {
				t.Errorf("%s knob %s: range present for the wrong type", s.ID, s.Knobs[j].Name)
			}
		}
		if m.Summary == "" || m.Article == "" {
			t.Errorf("%s: no summary or credit", s.ID)
		}
	}
}

func TestHandler(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "assets"), 0o755)
	os.WriteFile(filepath.Join(dir, "assets", "w.0123456789.wasm"), []byte("\x00asm"), 0o644)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html>"), 0o644)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for path, want := range map[string][2]string{
		"/assets/w.0123456789.wasm": {"application/wasm", "immutable"},
		"/":                         {"text/html", "no-cache"},
	} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, want[0]) {
			t.Errorf("%s: Content-Type %q, want %s", path, ct, want[0])
		}
		if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, want[1]) {
			t.Errorf("%s: Cache-Control %q, want %s", path, cc, want[1])
		}
	}
}

func TestCheckOut(t *testing.T) {
	root := "/r"
	for _, bad := range []string{"/r", "/", "/r/web", "/r/sim"} {
		if checkOut(bad, root) == nil {
			t.Errorf("checkOut(%s) accepted", bad)
		}
	}
	if err := checkOut("/r/dist", root); err != nil {
		t.Error(err)
	}
}

// readMeta builds scenarios.json as dist/ gets it and decodes it.
func readMeta(t *testing.T) metaFile {
	t.Helper()
	b, err := scenariosJSON()
	if err != nil {
		t.Fatal(err)
	}
	var f metaFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f
}
