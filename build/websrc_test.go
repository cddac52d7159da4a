package main

import (
	"github.com/loomlab/loomlab/build/repo"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// htmlSinks are the ways a string becomes markup or code in a page. The
// page builds its elements with dom.ts's el() and textContent, so that no
// text from a link, a message or the simulator is ever parsed as HTML, and
// the Content-Security-Policy (headers.go) forbids eval anyway.
var htmlSinks = regexp.MustCompile(`\.(innerHTML|outerHTML|insertAdjacentHTML)\b|document\.write|\beval\(|new Function\(|setAttribute\(\s*["'](style|on\w+)["']|\bstyle:\s*["'` + "`" + `]`)

// TestNoHTMLSinks keeps web/src free of the sinks above.
func TestNoHTMLSinks(t *testing.T) {
	root, err := repo.Root()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(root, "web", "src", "*.ts"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no web/src/*.ts (%v)", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			if m := htmlSinks.FindString(line); m != "" {
				t.Errorf("web/src/%s:%d: %q: build elements with el() and textContent (a style through element.style)", filepath.Base(f), i+1, m)
			}
		}
	}
}
