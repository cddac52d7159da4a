package main

// Browser test of explain on point and the developer overlay: hovering the
// picture shows the playground's own sentence for that point in a tooltip
// and the live region, the arrow keys step through the explained regions
// with a focus box, and D toggles the developer overlay from the page and
// from inside the picture's frame. One tab of the shared Chromium.

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	keys "github.com/chromedp/chromedp/kb"
)

func TestExplainOnPoint(t *testing.T) {
	b := newBrowser(t)
	run := b.subtests(t)
	b.goTo("/")
	run("hover-keys-and-dev-overlay", func(t *testing.T) { b.explainHoverKeysDevOverlay(t) })
}

const gameDoc = `document.getElementById("game").contentDocument`

func (b *browser) explainHoverKeysDevOverlay(t *testing.T) {
	b.load(t, `{scenario: "vt-pooling", case: "1g-pool", seed: 1}`)
	b.eval(`loomlab.pause(), document.getElementById("game").contentWindow.loomgame.seek(400), true`, nil)
	b.frames(6)
	// The heap panel's centre, in the canvas's CSS pixels and the page's.
	var at struct{ CX, CY, PX, PY float64 }
	b.eval(`(() => { const f = document.getElementById("game"); f.scrollIntoView({block: "center"});
		const g = f.contentWindow.loomgame; const rs = JSON.parse(g.regions()) || [];
		const h = rs.find(r => r.Name === "heap"); if (!h) return {cx: -1, cy: -1, px: 0, py: 0};
		const fr = f.getBoundingClientRect(); const cr = f.contentDocument.querySelector("canvas").getBoundingClientRect();
		const cx = h.X + h.W / 2, cy = h.Y + h.H / 2;
		return {cx, cy, px: fr.left + f.clientLeft + cr.left + cx, py: fr.top + f.clientTop + cr.top + cy} })()`, &at)
	if at.CX < 0 {
		t.Fatal("regions() has no heap region")
	}
	if err := chromedp.Do(b.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at.PX, at.PY)); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf(`JSON.parse(document.getElementById("game").contentWindow.loomgame.explainAt(%v, %v)).text`, at.CX, at.CY)
	if !b.poll(t, fmt.Sprintf(`(() => { const tip = %s.getElementById("explain-tip"); const w = %s;
		return !tip.hidden && w !== "" && tip.textContent === w && %s.getElementById("explain-live").textContent === w })()`, gameDoc, want, gameDoc), 3*time.Second) {
		var got struct{ Tip, Want string }
		b.eval(fmt.Sprintf(`({tip: %s.getElementById("explain-tip").textContent, want: %s})`, gameDoc, want), &got)
		t.Fatalf("hovering the heap at (%.0f, %.0f): tooltip %q, want the picture's sentence %q", at.CX, at.CY, got.Tip, got.Want)
	}

	// The keyboard: inside the frame, the arrow keys step through the regions.
	b.eval(gameDoc+`.querySelector("canvas").focus(), true`, nil)
	b.key(t, keys.ArrowRight)
	if !b.poll(t, fmt.Sprintf(`(() => { const rs = JSON.parse(document.getElementById("game").contentWindow.loomgame.regions());
		return !%s.getElementById("explain-focus").hidden && %s.getElementById("explain-live").textContent === rs[0].Text })()`, gameDoc, gameDoc), 3*time.Second) {
		t.Errorf("ArrowRight in the picture did not focus and announce the first region: %q", b.text("#game"))
	}

	// D: from inside the frame, then from the page.
	overlay := func(want string) bool {
		return b.poll(t, fmt.Sprintf(`%s.documentElement.dataset.devOverlay === %q`, gameDoc, want), 2*time.Second)
	}
	b.key(t, "d")
	if !overlay("on") {
		t.Errorf("D inside the picture's frame did not turn the developer overlay on")
	}
	b.eval(`document.activeElement && document.activeElement.blur(), window.focus(), true`, nil)
	b.key(t, "d")
	if !overlay("off") {
		t.Errorf("D on the page did not turn the developer overlay off")
	}
}
