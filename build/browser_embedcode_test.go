package main

// The embed code the page copies sizes its <iframe> (embedHeight in
// web/src/link.ts: the picture at the frame's width and one line of
// controls). A host page that does not run the resize listener keeps that
// height, so the embed's content must fit in it: a control bar wrapped to
// a second line at the story's moment, when its clock text is longest,
// would be cut at the frame's foot.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestEmbedCodeFitsWithoutTheListener(t *testing.T) {
	b := newBrowser(t)
	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(1200, 1000)); err != nil {
		t.Fatal(err)
	}
	b.goTo("/")
	b.eval(`navigator.clipboard.writeText = async (text) => { window.copied = text }, window.copied = null, document.getElementById("copy-embed").click(), true`, nil)
	if !b.poll(t, `typeof window.copied === "string"`, 5*time.Second) {
		t.Fatal("Copy embed code wrote nothing")
	}
	var snippet string
	b.eval(`window.copied`, &snippet)
	if !strings.HasPrefix(snippet, "<iframe ") {
		t.Fatalf("the embed code is not an iframe: %q", snippet)
	}
	// The test server sends Loomlab's Content-Security-Policy, which
	// refuses inline styles: the snippet's style attribute goes to the
	// host's style sheet as it is (a host page has no such policy).
	style := ""
	if i := strings.Index(snippet, ` style="`); i >= 0 {
		j := strings.Index(snippet[i+8:], `"`)
		style, snippet = snippet[i+8:i+8+j], snippet[:i]+snippet[i+8+j+1:]
	}
	if !strings.Contains(style, "width:100%") {
		t.Fatalf("the embed code's style is not the one this test copies to its sheet: %q", style)
	}
	// The snippet's own width and height, in host columns as wide as it
	// allows (720 px) and narrower: a blog's 480 px column, 420 and 360,
	// where the narrow picture's aspect steps (embed.css), and 400.
	for _, width := range []string{"720", "480", "420", "400", "360"} {
		t.Run(width, func(t *testing.T) {
			page := `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title><link rel="stylesheet" href="test-embedcode.css"></head>` +
				`<body><div id="col">` + strings.Replace(snippet, "<iframe ", `<iframe id="e" `, 1) + `</div></body></html>`
			files := map[string]string{
				"test-embedcode.html": page,
				"test-embedcode.css":  "body { margin: 0 } #col { width: " + width + "px } #e { " + style + " }",
			}
			for name, text := range files {
				if err := os.WriteFile(filepath.Join(suite.site.Dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := chromedp.Do(b.ctx, chromedp.Navigate(b.base+"/test-embedcode.html")); err != nil {
				t.Fatal(err)
			}
			const embed = `document.getElementById("e").contentWindow`
			var ok bool
			b.evalAwait(`new Promise((resolve) => { const f = () => { const api = `+embed+`.loomlab;
				if (api) api.ready.then(() => resolve(true), () => resolve(false)); else setTimeout(f, 100) }; f() })`, &ok, 60*time.Second)
			if !ok {
				t.Fatal("the embed did not start")
			}
			if !b.poll(t, embed+`.loomlab.state().opening.done`, 60*time.Second) {
				t.Fatal("the embed did not reach its story's moment")
			}
			// The frame's height is the snippet's (no listener changes it);
			// the embed's document is no taller. Held for a second: the
			// clock's text changes as the moment settles.
			var fit struct{ Frame, Content float64 }
			for i := 0; i < 5; i++ {
				b.eval(`({frame: document.getElementById("e").clientHeight, content: Math.max(`+embed+`.document.documentElement.scrollHeight > document.getElementById("e").clientHeight ? `+embed+`.document.documentElement.scrollHeight : 0, `+embed+`.document.querySelector(".embed").getBoundingClientRect().bottom)})`, &fit)
				if fit.Content > fit.Frame {
					break
				}
				time.Sleep(200 * time.Millisecond)
			}
			t.Logf("%s px column: frame %v px, content %v px", width, fit.Frame, fit.Content)
			if os.Getenv("SCENES") != "" {
				b.saveShot(t, "embedcode-"+width) // to look at (make shots)
			}
			if fit.Content > fit.Frame {
				t.Errorf("%s px column: the embed's content (%v px) is cut by the snippet's height (%v px)", width, fit.Content, fit.Frame)
				b.saveShot(t, "embedcode-cut-"+width)
			}
		})
	}
}
