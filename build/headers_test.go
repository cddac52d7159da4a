package main

import (
	"bufio"
	"github.com/loomlab/loomlab/build/repo"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// netlifyRules reads the [[headers]] rules of netlify.toml: path pattern
// -> header -> value, for the subset of TOML the file uses.
func netlifyRules(t *testing.T) map[string]map[string]string {
	t.Helper()
	root, err := repo.Root()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(root, "netlify.toml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rules := map[string]map[string]string{}
	var cur map[string]string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case line == "[[headers]]":
			cur = nil
		case strings.HasPrefix(line, "["):
			if line != "[headers.values]" {
				cur = nil // [build] and the like
			}
		default:
			k, v, ok := strings.Cut(line, "=")
			if !ok {
				t.Fatalf("netlify.toml:%d: %q is not key = value", n, line)
			}
			k = strings.TrimSpace(k)
			val, err := strconv.Unquote(strings.TrimSpace(v))
			if err != nil {
				continue // not a string (or not a line this test needs)
			}
			switch {
			case k == "for":
				// Netlify applies every rule that matches: two rules for
				// one pattern add up.
				if rules[val] == nil {
					rules[val] = map[string]string{}
				}
				cur = rules[val]
			case cur == nil:
			case cur[k] != "" && cur[k] != val:
				t.Fatalf("netlify.toml:%d: %s set twice for one pattern (%q, %q)", n, k, cur[k], val)
			default:
				cur[k] = val
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rules
}

// TestNetlifyHeaders: the deployed site sends the security headers the
// local server sends (headers.go).
func TestNetlifyHeaders(t *testing.T) {
	rules := netlifyRules(t)
	check := func(pattern string, want []header) {
		t.Helper()
		got := rules[pattern]
		if got == nil {
			t.Errorf("netlify.toml has no [[headers]] rule for %q", pattern)
			return
		}
		for _, h := range want {
			if got[h.name] != h.value {
				t.Errorf("netlify.toml, %q: %s = %q\nwant (headers.go)   %q", pattern, h.name, got[h.name], h.value)
			}
		}
	}
	check("/*", baseHeaders)
	for _, p := range selfFramedPages {
		check(p, selfFramedHeaders)
	}
}

// TestHandlerHeaders: every response of the local server carries the
// security headers; the main page refuses other sites' frames, the embed
// and the canvas page do not.
func TestHandlerHeaders(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"index.html", "embed.html", "game.html", "blog-sample.html", "scenarios.json", "assets/x.1234567890.js", "assets/x.1234567890.wasm"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, c := range []struct {
		path       string
		selfFramed bool
	}{
		{"/", true},
		{"/blog-sample.html", true},
		{"/embed.html", false},
		{"/game.html", false},
		{"/scenarios.json", false},
		{"/assets/x.1234567890.js", false},
		{"/assets/x.1234567890.wasm", false},
		{"/missing", false},
	} {
		resp, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := resp.Header
		csp := h.Get("Content-Security-Policy")
		if !strings.HasPrefix(csp, contentSecurityPolicy) || h.Get("X-Content-Type-Options") != "nosniff" ||
			h.Get("Referrer-Policy") != "no-referrer" || h.Get("Permissions-Policy") != permissionsPolicy {
			t.Errorf("%s: security headers missing or changed: CSP %q, nosniff %q, referrer %q, permissions %q",
				c.path, csp, h.Get("X-Content-Type-Options"), h.Get("Referrer-Policy"), h.Get("Permissions-Policy"))
		}
		framed := strings.Contains(csp, "frame-ancestors 'self'") && h.Get("X-Frame-Options") == "SAMEORIGIN"
		if framed != c.selfFramed || (!c.selfFramed && (strings.Contains(csp, "frame-ancestors") || h.Get("X-Frame-Options") != "")) {
			t.Errorf("%s: frame-ancestors in %q, X-Frame-Options %q; want only Loomlab framing it: %v",
				c.path, csp, h.Get("X-Frame-Options"), c.selfFramed)
		}
	}
}
