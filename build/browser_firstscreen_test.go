package main

// The page's first screen at a common laptop's window (1200 × 1000 CSS px)
// ends on a whole row: no line of text, control or timeline row is cut in
// two by the window's foot. A row cut at the foot read as a page that
// does not fit its screen (request-load's status line, vt-pooling's
// "Rewind:" row); web/src/firstscreen.ts gives up a few pixels of the
// picture to end on a whole row. Checked per story: the heading above the
// picture has one to three lines by story, so each one's foot falls apart.

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// cutAtFootJS lists the visible rows of the page's first screen that start
// above the window's foot and end below it. A row is an element that draws
// text of its own (a text node as a direct child), a control, or one of the
// timeline's rows; a box that merely contains rows is not one (a section
// running past the foot is the page going on, not a cut row).
const cutAtFootJS = `(() => {
	window.scrollTo(0, 0);
	const foot = window.innerHeight;
	const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.classList.length ? "." + [...e.classList].join(".") : "");
	const ownText = e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() !== "");
	const isRow = e => ownText(e) || e.matches("button, select, input, textarea, label, canvas, iframe") || e.parentElement?.id === "timeline";
	const cut = [];
	let lastTop = -1, last = "";
	for (const e of document.querySelectorAll("main *")) {
		const r = e.getBoundingClientRect();
		if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === "hidden" || e.closest(".visually-hidden, .skip, details:not([open]) > :not(summary)")) continue;
		if (!isRow(e) || r.top >= foot) continue;
		if (r.top > lastTop) { lastTop = r.top; last = name(e) + " " + Math.round(r.top) + ".." + Math.round(r.bottom); }
		if (r.bottom > foot + 1 && r.top > 0) cut.push(name(e) + " " + Math.round(r.top) + ".." + Math.round(r.bottom));
	}
	return {foot, cut: cut.slice(0, 8), last};
})()`

type footCheck struct {
	Foot float64
	Cut  []string
	Last string // the lowest row starting on the first screen, for the log
}

// openStoryFitted opens the page on story and waits until the story's
// opening has reached its moment (the heading, the line under it and the
// notes settle there) and the picture's height holds. The page fits the
// picture on the animation frame after a row changes size, and a loaded
// machine draws few frames a second: a first screen read or shot before
// that is one no reader sees.
func (b *browser) openStoryFitted(story string) error {
	b.goTo("/")
	if story != "vt-pooling" { // the page opens on vt-pooling's story
		b.eval(fmt.Sprintf(`document.querySelector('#picker button[data-scenario=%q]').click(), true`, story), nil)
	}
	if !b.poll(b.t, `(s => s.scenario === "`+story+`" && (s.opening.done || !s.opening.active))(loomlab.state())`, 90*time.Second) {
		return fmt.Errorf("%s did not open at its moment", story)
	}
	if !b.poll(b.t, `(() => { const h = document.querySelector(".frame-wrap").getBoundingClientRect().height;
		const same = window.__fitH === h; window.__fitH = h; return same })()`, 30*time.Second) {
		return fmt.Errorf("%s: the picture's height kept changing", story)
	}
	return nil
}

func TestFirstScreenEndsOnAWholeRow(t *testing.T) {
	b := newBrowser(t)
	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(1200, 1000)); err != nil {
		t.Fatal(err)
	}
	run := b.subtests(t)
	for _, story := range []string{"vt-pooling", "request-load", "vt-basics", "loom-carrier", "llm-router"} {
		run(story, func(t *testing.T) {
			if err := b.openStoryFitted(story); err != nil {
				t.Fatal(err)
			}
			time.Sleep(time.Second)
			var c footCheck
			b.eval(cutAtFootJS, &c)
			t.Logf("%s: the lowest row starting on the %v px first screen is %s", story, c.Foot, c.Last)
			if c.Last == "" {
				t.Fatalf("%s: no row found on the first screen: the check reads nothing", story)
			}
			if len(c.Cut) > 0 {
				t.Errorf("%s: the first screen (1200 × %v) ends mid-row: %v", story, c.Foot, c.Cut)
				b.saveShot(t, "firstscreen-cut-"+story)
			}
			// The timeline's row on the same first screen.
			b.rewindRowSaysWhatItCan(t, story, story == "loom-carrier")
		})
	}
}
