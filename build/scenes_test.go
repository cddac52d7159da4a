package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSceneShots is the picture's screenshot tool: for each scene below it
// loads the case in the page, pauses, moves the playground to the moment
// (a virtual time, then optionally the next event of a kind) and saves the
// playground's canvas alone as a PNG, at desktop (1200×800 page) and phone
// (390 wide) size, into testdata/screenshots/scenes/ (kept out of git).
// The shots are for people to look at (a newcomer's ten-second read of
// each article's picture), so the test only fails when a shot cannot be
// taken. Run it with
//
//	SCENES=1 go test -count=1 -run TestSceneShots ./build
//
// (SCENE=vt-pooling besides: only the scenes whose name has it.)
func TestSceneShots(t *testing.T) {
	if os.Getenv("SCENES") != "1" {
		t.Skip("screenshots only with SCENES=1")
	}
	scenes := []struct {
		name, scenario, caseID string
		ms                     float64
		stepTo                 string // then to the next event of this kind ("" none)
		compare                string // a second case drawn beside caseID ("" none)
		opening                bool   // the page's opening instead: held at its moment
	}{
		// The page's first frame: its story's opening, held at the
		// moment it fast-forwards to (vt-pooling: the first Full GC).
		{"vt-pooling-1g-pool-opening", "vt-pooling", "1g-pool", 0, "", "", true},
		// During a young GC: the next stop-the-world pause after 2.3 s.
		{"vt-pooling-1g-pool-gc", "vt-pooling", "1g-pool", 2300, "gc-pause", "", false},
		{"request-load-pool-200", "request-load", "pool-200", 600, "", "", false},
		// At 300 ms, the next race decided: a race is decided and its
		// scope closed in one instant, so the picture shows the
		// races it saw decided, and a still frame after a seek saw none.
		{"llm-router-virtual", "llm-router", "virtual", 300, "win", "", false},
		// 10,000 sleeping virtual threads, all parked: what they cost.
		{"vt-basics-memory-virtual", "vt-basics", "memory-virtual", 300, "", "", false},
		{"vt-basics-memory-platform", "vt-basics", "memory-platform", 300, "", "", false},
		// Event loops on virtual threads in a 256 MB container, a second
		// in, while a loop runs on a carrier for its moment of work (#75
		// on worker-4 from 1,001.115 to 1,001.145 ms with seed 1; a seek,
		// not a step, so no step line adds to the reading).
		{"loom-carrier-256-vthreads", "loom-carrier", "256-vthreads", 1001.13, "", "", false},
		// The lab's pooled workers half a second in: Parallel on 256 MB.
		{"gc-lab-pooled", "gc-lab", "pooled", 500, "", "", false},
		// The page's comparison at the start: a thread per request vs a pool.
		{"vt-pooling-compare-start", "vt-pooling", "1g-nopool", 5, "", "1g-pool", false},
	}
	b, dir := shotBrowser(t)
	for _, size := range shotSizes(800) {
		b.emulate(t, size)
		b.open()
		for _, s := range scenes {
			if only := os.Getenv("SCENE"); only != "" && !strings.Contains(s.name, only) {
				continue // SCENE=vt-pooling: only the scenes so named
			}
			if s.compare != "" {
				b.load(t, fmt.Sprintf(`{scenario: %q, compare: [%q, %q], seed: 1}`, s.scenario, s.caseID, s.compare))
			} else {
				b.load(t, fmt.Sprintf(`{scenario: %q, case: %q, seed: 1}`, s.scenario, s.caseID))
			}
			var msg string
			b.evalAwait(fmt.Sprintf(`(async () => {
				loomlab.pause();
				const g = document.getElementById("game").contentWindow.loomgame;
				let r;
				if (%v) {
					r = JSON.parse(g.open(true, true));
					if (r.error) return "open: " + r.error;
				} else {
					r = JSON.parse(g.seek(%v));
					if (r.error) return "seek: " + r.error;
				}
				if (%q !== "") {
					r = JSON.parse(g.stepTo(%q, false, 0));
					if (r.error) return "stepTo: " + r.error;
					if (!r.found) return "no %s after the seek";
				}
				// The compared case's run catches up over the frames after a
				// move (game/play's contrastTick): the shot waits for it.
				for (let i = 0; i < 3000 && !JSON.parse(g.state()).contrastReady; i++) await new Promise(res => requestAnimationFrame(res));
				// A move's animations run on the game's ticks, not on
				// frames, and a loaded machine runs fewer ticks a second: a
				// fixed wait caught threads in flight over the counts. Wait
				// until the game says its picture has stopped moving, then
				// for frames that draw it so.
				for (let i = 0; i < 600 && JSON.parse(g.state()).animating; i++) await new Promise(res => setTimeout(res, 50));
				if (JSON.parse(g.state()).animating) return "still animating 30 s after the move";
				for (let i = 0; i < 20; i++) await new Promise(res => requestAnimationFrame(res));
				return "";
			})()`, s.opening, s.ms, s.stepTo, s.stepTo, s.stepTo), &msg, 3*time.Minute)
			if msg != "" {
				t.Errorf("%s: %s", s.name, msg)
				continue
			}
			png, err := chromedp.Run(b.ctx, chromedp.Screenshot(chromedp.CSS("#game")))
			if err != nil {
				t.Fatalf("%s: screenshot of the playground: %v", s.name, err)
			}
			p := filepath.Join(dir, s.name+"-"+size.name+".png")
			if err := os.WriteFile(p, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("saved %s", filepath.Join("testdata", "screenshots", "scenes", filepath.Base(p)))
		}
	}
	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(1200, 800)); err != nil {
		t.Fatal(err)
	}
}

// TestPageShots saves the page's first screen per story, as a newcomer
// opening the page sees it: the window at a laptop's size (1200 × 1000) and
// a phone's (390 wide), the story's opening held at its moment, into
// testdata/screenshots/scenes/page-<story>-<size>.png (kept out of git).
// Like TestSceneShots it is for people to look at and fails only when a
// shot cannot be taken:
//
//	SCENES=1 [SCENE=vt-pooling] go test -count=1 -run TestPageShots ./build
func TestPageShots(t *testing.T) {
	if os.Getenv("SCENES") != "1" {
		t.Skip("screenshots only with SCENES=1")
	}
	b, dir := shotBrowser(t)
	for _, size := range shotSizes(1000) {
		b.emulate(t, size)
		for _, story := range []string{"vt-pooling", "request-load", "vt-basics", "loom-carrier", "llm-router"} {
			if only := os.Getenv("SCENE"); only != "" && !strings.Contains(story, only) {
				continue
			}
			if err := b.openStoryFitted(story); err != nil {
				t.Error(err)
				continue
			}
			// The picture's animations (a Full GC's compaction, threads in
			// flight) run on the game's ticks, which a loaded machine
			// draws slowly: wait until they have ended, as the canvas
			// shots do, so the shot is the settled frame a reader sees.
			if !b.poll(t, `!JSON.parse(document.getElementById("game").contentWindow.loomgame.state()).animating`, 30*time.Second) {
				t.Errorf("%s: the picture was still animating 30 s after the opening", story)
			}
			time.Sleep(500 * time.Millisecond)
			b.eval(`window.scrollTo(0, 0), true`, nil)
			png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatalf("%s: screenshot of the page: %v", story, err)
			}
			p := filepath.Join(dir, "page-"+story+"-"+size.name+".png")
			if err := os.WriteFile(p, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("saved %s", filepath.Join("testdata", "screenshots", "scenes", filepath.Base(p)))
		}
	}
	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(1200, 800)); err != nil {
		t.Fatal(err)
	}
}

// shotSize is a window the screenshot tests emulate.
type shotSize struct {
	name string
	w, h int
	opts []chromedp.EmulateViewportOption
}

// shotSizes are a desktop window desktopH high and a phone (390 wide at
// device scale 2), the two widths the picture's shots are reviewed at.
func shotSizes(desktopH int) []shotSize {
	return []shotSize{
		{"desktop", 1200, desktopH, nil},
		{"phone", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulateScale(2)}},
	}
}

// shotBrowser starts the browser for a screenshot test and makes the
// folder its shots go to (testdata/screenshots/scenes, out of git).
func shotBrowser(t *testing.T) (*browser, string) {
	b := newBrowser(t)
	dir := filepath.Join(suite.root, "testdata", "screenshots", "scenes")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return b, dir
}

// emulate sets the page's window to size.
func (b *browser) emulate(t *testing.T, size shotSize) {
	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(int64(size.w), int64(size.h), size.opts...)); err != nil {
		t.Fatal(err)
	}
}
