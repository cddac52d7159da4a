package main

// The page at a phone's size (390 × 844 CSS px, a touch screen at twice the
// pixels), alone and comparing two cases: nothing scrolls sideways, the
// canvas is on screen at the page's width and drawn, the controls fit and
// are tall enough to tap, the picture starts on the first screen, and the
// charts fit. And the charts under both
// themes: compared sides in their marks (never a hue of the picture's
// colour grammar), then re-drawn in the high-contrast theme's inks.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// phoneLayout is what the page looks like at its current size.
type phoneLayout struct {
	Overflow float64                                           // document width beyond the window
	Width    float64                                           // the window's inner width
	Height   float64                                           // and height
	Frame    struct{ Left, Right, Top, Width, Height float64 } // at the top of the page
	Canvas   struct{ Width, Height float64 }                   // the canvas in the frame, in CSS px
	Wide     []string                                          // elements sticking out of the window (not inside a scroll box)
	Short    []string                                          // toolbar controls under 32 px tall
	Charts   []float64                                         // each live chart's right edge
	Play     struct{ Top, Bottom float64 }                     // the ▶ Play button, from the page's top
}

const phoneLayoutJS = `(() => {
	const W = window.innerWidth;
	const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.classList.length ? "." + [...e.classList].join(".") : "");
	const scrolls = e => { for (let p = e.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o === "auto" || o === "scroll" || o === "hidden") return true; } return false; };
	const wide = [];
	for (const e of document.body.querySelectorAll("*")) {
		const r = e.getBoundingClientRect();
		if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === "hidden") continue;
		if ((r.right > W + 0.5 || r.left < -0.5) && !scrolls(e) && !e.closest(".visually-hidden, .skip")) wide.push(name(e) + " " + Math.round(r.left) + ".." + Math.round(r.right));
	}
	const f = document.getElementById("game").getBoundingClientRect();
	const cv = document.getElementById("game").contentDocument?.querySelector("canvas");
	const cr = cv ? cv.getBoundingClientRect() : {width: 0, height: 0};
	const short = [...document.querySelectorAll(".toolbar button, .toolbar select, .toolbar input[type=text]")]
		.filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 32).map(name);
	return {overflow: document.documentElement.scrollWidth - W, width: W, height: window.innerHeight,
		frame: {left: f.left, right: f.right, top: f.top + window.scrollY, width: f.width, height: f.height},
		canvas: {width: cr.width, height: cr.height}, wide: wide.slice(0, 12), short,
		charts: [...document.querySelectorAll("#charts .uplot")].map(e => e.getBoundingClientRect().right),
		play: (p => ({top: p.top + window.scrollY, bottom: p.bottom + window.scrollY}))(document.getElementById("playpause").getBoundingClientRect())};
})()`

func (b *browser) checkPhoneLayout(t *testing.T, what string) {
	t.Helper()
	var l phoneLayout
	b.eval(phoneLayoutJS, &l)
	if l.Width > 400 {
		t.Fatalf("%s: the window is %v px wide, not a phone's", what, l.Width)
	}
	if l.Overflow > 0 {
		t.Errorf("%s: at %v px wide the page scrolls sideways by %v px", what, l.Width, l.Overflow)
	}
	if len(l.Wide) > 0 {
		t.Errorf("%s: elements stick out of the %v px window: %v", what, l.Width, l.Wide)
	}
	if l.Frame.Left < 0 || l.Frame.Right > l.Width+0.5 || l.Frame.Width < 0.85*l.Width || l.Frame.Height < 0.8*l.Frame.Width {
		t.Errorf("%s: the picture's frame is at %+v in a %v px window; want it on screen, nearly the window's width, and at least 4:5", what, l.Frame, l.Width)
	}
	if l.Frame.Top > 0.85*l.Height-100 {
		t.Errorf("%s: the picture starts %v px down a %v px screen: a reader sees only controls until scrolling", what, l.Frame.Top, l.Height)
	}
	if l.Canvas.Width < l.Frame.Width-1 || l.Canvas.Height < l.Frame.Height-1 {
		t.Errorf("%s: the canvas is %+v inside a frame of %+v: it does not fill it", what, l.Canvas, l.Frame)
	}
	if len(l.Short) > 0 {
		t.Errorf("%s: controls too small to tap (under 32 px tall): %v", what, l.Short)
	}
	if len(l.Charts) == 0 {
		t.Errorf("%s: no live chart drawn", what)
	}
	for i, r := range l.Charts {
		if r > l.Width+0.5 {
			t.Errorf("%s: live chart %d ends at %v px, beyond the %v px window", what, i+1, r, l.Width)
		}
	}
}

// canvasDrawn says whether the canvas has drawn something besides its
// background (a screenshot of the frame with more than a few colours).
func (b *browser) canvasDrawn(t *testing.T) bool {
	t.Helper()
	img := b.gameShot(t)
	seen := map[[3]uint32]bool{}
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y += 3 {
		for x := r.Min.X; x < r.Max.X; x += 3 {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			seen[[3]uint32{cr >> 12, cg >> 12, cb >> 12}] = true
			if len(seen) > 8 {
				return true
			}
		}
	}
	return false
}

func TestPhoneLayout(t *testing.T) {
	b := newBrowser(t)
	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	b.goTo("/")
	run := b.subtests(t)
	run("one-case", func(t *testing.T) {
		b.load(t, `{scenario: "vt-pooling"}`)
		b.eval(`loomlab.setSpeed(0.05), loomlab.play(), true`, nil)
		if !b.poll(t, `loomlab.chartPoints() > 3`, 15*time.Second) {
			t.Errorf("the live charts got no samples while playing")
		}
		b.checkPhoneLayout(t, "vt-pooling")
		var l phoneLayout
		b.eval(phoneLayoutJS, &l)
		if l.Frame.Height > 1.3*l.Frame.Width {
			t.Errorf("one run on a phone: the frame is %v × %v px; want 4:5", l.Frame.Width, l.Frame.Height)
		}
		// One run's picture and its Play button on the first screen: a
		// reader shown the page on a phone could not find how to start it.
		if l.Play.Bottom > l.Height {
			t.Errorf("one run on a phone: ▶ Play ends %v px down a %v px screen, under the first screen", l.Play.Bottom, l.Height)
		}
		if !b.canvasDrawn(t) {
			t.Errorf("the canvas shows nothing but its background at phone size")
		}
		b.saveShot(t, "page-phone")
	})
	run("compared-cases", func(t *testing.T) {
		b.load(t, `{scenario: "request-load", case: "pool-200", compare: ["pool-200", "virtual-per-request"]}`)
		b.eval(`loomlab.setSpeed(0.05), loomlab.play(), true`, nil)
		b.poll(t, `loomlab.chartPoints() > 3`, 15*time.Second)
		b.checkPhoneLayout(t, "request-load compared")
		// Two runs stack, each a whole picture: the frame is twice as
		// tall as wide (at 4:5 each run's heap was squeezed out).
		var l phoneLayout
		b.eval(phoneLayoutJS, &l)
		if l.Frame.Height < 1.9*l.Frame.Width {
			t.Errorf("two compared runs on a phone: the frame is %v × %v px; want it at least 1.9 times as tall as wide", l.Frame.Width, l.Frame.Height)
		}
		if !b.canvasDrawn(t) {
			t.Errorf("the canvas shows nothing but its background when comparing at phone size")
		}
		b.saveShot(t, "page-phone-compare")
	})
}

// TestChartsFollowTheme: compared sides are drawn in their marks, named A
// and B in the legends and in the key above the charts, with no ink of the
// picture's colours; in the high-contrast theme the same charts are drawn
// again in its inks.
func TestChartsFollowTheme(t *testing.T) {
	b := newBrowser(t)
	b.goTo("/")
	b.saveShot(t, "page-desktop")
	b.load(t, `{scenario: "request-load", case: "pool-200", compare: ["pool-200", "virtual-per-request"]}`)
	b.eval(`loomlab.setSpeed(0.05), loomlab.play(), true`, nil)
	if !b.poll(t, `loomlab.chartPoints() > 20`, 30*time.Second) {
		t.Fatalf("the live charts got no samples while playing (%d messages: %s)", len(b.messages()), b.messages())
	}
	b.eval(`loomlab.pause(), true`, nil)
	time.Sleep(300 * time.Millisecond)

	if key := b.text("#side-key"); !strings.Contains(key, "A") || !strings.Contains(key, "pool-200") || !strings.Contains(key, "B") || !strings.Contains(key, "virtual-per-request") {
		t.Errorf("the side key above the charts: %q", key)
	}
	var legend []string
	b.eval(`[...document.querySelectorAll("#chart-osthreads .u-legend .u-series .u-label")].map(e => e.textContent)`, &legend)
	if fmt.Sprint(legend) != "[A: pool-200 B: virtual-per-request]" {
		t.Errorf("the OS-threads chart's legend: %q", legend)
	}
	meanings := []string{"m-virtual", "m-platform", "m-on-cpu", "m-request", "m-thread-local", "m-chunk"}
	for _, chart := range []string{"#chart-throughput", "#chart-osthreads", "#chart-heap"} {
		ink := b.chartInk(t, chart, append([]string{"chart-ink", "chart-ink-mid"}, meanings...)...)
		if ink["chart-ink"] < 30 || ink["chart-ink-mid"] < 30 {
			t.Errorf("%s: side A's ink %d px, side B's %d px; want each side's line drawn", chart, ink["chart-ink"], ink["chart-ink-mid"])
		}
		for _, m := range meanings {
			if ink[m] > 0 {
				t.Errorf("%s: %d px of --%s, a colour of the picture's grammar, on a chart of compared sides", chart, ink[m], m)
			}
		}
	}

	var defaultInks []string
	b.eval(`["--chart-ink", "--chart-ink-mid"].map(v => getComputedStyle(document.documentElement).getPropertyValue(v).trim())`, &defaultInks)
	b.eval(`document.getElementById("theme-toggle").click(), true`, nil)
	defer b.eval(`document.documentElement.dataset.theme === "high-contrast" && document.getElementById("theme-toggle").click(), true`, nil)
	time.Sleep(300 * time.Millisecond)
	var bright string
	b.eval(`getComputedStyle(document.documentElement).getPropertyValue("--chart-ink").trim()`, &bright)
	if bright != "#ffffff" {
		t.Fatalf("in high contrast --chart-ink is %q, want #ffffff", bright)
	}
	ink := b.chartInk(t, "#chart-osthreads", "chart-ink", "chart-ink-mid")
	if ink["chart-ink"] < 30 || ink["chart-ink-mid"] < 30 {
		t.Errorf("in high contrast the OS-threads chart has %v px of the theme's side inks; it was not drawn again", ink)
	}
	dark := b.chartInkOf(t, "#chart-osthreads", defaultInks)
	// (a few such pixels are the antialiased edges of a side's letter on its opaque plate)
	if dark[0]+dark[1] > 20 {
		t.Errorf("in high contrast the OS-threads chart still has %v px of the default theme's side inks %v: it was not drawn again", dark, defaultInks)
	}
	var axis string
	b.eval(`getComputedStyle(document.querySelector("#chart-osthreads .u-legend")).color`, &axis)
	if axis != "rgb(255, 255, 255)" {
		t.Errorf("in high contrast the chart's legend text is %s, want white", axis)
	}
	b.saveShot(t, "page-desktop-high-contrast")
}
