package main

// Browser tests of the story beside the picture: state().caption is there,
// shown under the picture and changing as the run moves (it names the Full
// GCs once they start in vt-pooling/1g-pool); state().queuedTasks counts
// the tasks waiting for pool-200's threads; state().rssMb is above zero
// wherever a JVM runs; the tour stops at each moment with its sentence and
// resumes, on the main page and in an embed. One tab of the shared Chromium.

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

type storyState struct {
	SimTimeNs   int64
	Running     bool
	Caption     string
	QueuedTasks int
	FullGCs     int64
	RSSMb       float64
	Done        bool
	Moments     []struct{ Kind, Text string }
	Tour        struct {
		Active, Waiting bool
		Step            int
		Text, Kind      string
	}
}

func (b *browser) storyState(t *testing.T) storyState {
	t.Helper()
	var st storyState
	b.eval(`loomlab.state()`, &st)
	return st
}

func TestStory(t *testing.T) {
	start := time.Now()
	b := newBrowser(t)
	run := b.subtests(t)
	b.goTo("/")
	run("caption-names-full-gcs", func(t *testing.T) { b.captionNamesFullGCs(t) })
	run("queued-tasks", func(t *testing.T) { b.queuedTasks(t) })
	run("rss-wherever-a-jvm-runs", func(t *testing.T) { b.rssWhereAJVMRuns(t) })
	run("tour-stops-and-resumes", func(t *testing.T) { b.tourStopsAndResumes(t) })
	run("embed-caption-and-tour", func(t *testing.T) { b.embedCaptionAndTour(t) })
	t.Logf("story took %s", time.Since(start).Round(time.Millisecond))
}

// captionNamesFullGCs plays vt-pooling/1g-pool: before the first Full GC
// the caption says there was none, after it the caption counts them, and
// the page keeps the caption's text for screen readers, out of sight: the
// canvas draws it, and printed under the picture too it was read twice.
func (b *browser) captionNamesFullGCs(t *testing.T) {
	b.load(t, `{scenario: "vt-pooling", case: "1g-pool", seed: 1}`)
	b.eval(`loomlab.pause(), true`, nil)
	first := b.storyState(t)
	if first.Caption == "" {
		t.Fatal("state().caption is empty before the run starts")
	}
	b.eval(`loomlab.setSpeed(0.1), loomlab.play(), true`, nil)
	if !b.poll(t, `loomlab.state().simTimeNs > 100e6`, 60*time.Second) {
		t.Fatalf("vt-pooling/1g-pool did not reach 100 ms: %+v", b.storyState(t))
	}
	early := b.storyState(t)
	if early.FullGCs == 0 && !strings.Contains(early.Caption, "no Full GC yet") {
		t.Errorf("before the first Full GC the caption does not say so: %q", early.Caption)
	}
	if early.Caption == first.Caption {
		t.Errorf("the caption did not change from the start: %q", early.Caption)
	}
	b.eval(`loomlab.setSpeed(1), true`, nil)
	if !b.poll(t, `loomlab.state().fullGCs > 0`, 90*time.Second) {
		t.Fatalf("no Full GC in vt-pooling/1g-pool: %+v", b.storyState(t))
	}
	b.eval(`loomlab.pause(), true`, nil)
	b.frames(2)
	st := b.storyState(t)
	if want := fmt.Sprintf("%d Full GC", st.FullGCs); !strings.Contains(st.Caption, want) || strings.Contains(st.Caption, "no Full GC yet") {
		t.Errorf("after %d Full GCs the caption does not name them (%q): %q", st.FullGCs, want, st.Caption)
	}
	if !strings.Contains(st.Caption, "pooled virtual threads") {
		t.Errorf("the caption does not say why (the pooled threads): %q", st.Caption)
	}
	found := false
	for _, m := range st.Moments {
		found = found || m.Kind == "full-gc"
	}
	if !found {
		t.Errorf("state().moments lacks the first Full GC: %+v", st.Moments)
	}
	if !b.poll(t, `document.getElementById("story-caption").textContent === loomlab.state().caption`, 5*time.Second) {
		t.Errorf("the page's caption %q is not state().caption %q", b.text("#story-caption"), b.storyState(t).Caption)
	}
	var shownPx float64
	b.eval(`(() => { const r = document.getElementById("story-caption").getBoundingClientRect(); return r.width * r.height })()`, &shownPx)
	if shownPx > 4 {
		t.Errorf("the caption is printed under the picture (%v px²) as well as drawn in it", shownPx)
	}
}

// queuedTasks: pool-200's waiting tasks, early in the run.
func (b *browser) queuedTasks(t *testing.T) {
	b.load(t, `{scenario: "request-load", case: "pool-200", seed: 1}`)
	b.eval(`loomlab.setSpeed(0.2), loomlab.play(), true`, nil)
	if !b.poll(t, `loomlab.state().simTimeNs > 150e6`, 60*time.Second) {
		t.Fatalf("pool-200 did not reach 150 ms: %+v", b.storyState(t))
	}
	b.eval(`loomlab.pause(), true`, nil)
	st := b.storyState(t)
	if st.QueuedTasks < 1000 {
		t.Errorf("pool-200 at %d ms: queuedTasks %d, expected thousands waiting for a pool thread", st.SimTimeNs/1e6, st.QueuedTasks)
	}
	if !strings.Contains(st.Caption, "tasks wait for one") {
		t.Errorf("the caption does not mention the waiting tasks: %q", st.Caption)
	}
}

// rssWhereAJVMRuns: every scenario runs a JVM, so its resident set is
// above zero from the first moments.
func (b *browser) rssWhereAJVMRuns(t *testing.T) {
	var ids []string
	b.eval(`loomlab.scenarios().map(s => s.id)`, &ids)
	for _, id := range ids {
		b.load(t, fmt.Sprintf(`{scenario: %q, seed: 1}`, id))
		b.eval(`loomlab.setSpeed(0.01), loomlab.play(), true`, nil)
		if !b.poll(t, `loomlab.state().simTimeNs > 5e6`, 30*time.Second) {
			t.Errorf("%s did not reach 5 ms", id)
			continue
		}
		if st := b.storyState(t); st.RSSMb <= 0 {
			t.Errorf("%s: state().rssMb is %v while a JVM runs", id, st.RSSMb)
		}
	}
	b.eval(`loomlab.pause(), true`, nil)
}

// tourStopsAndResumes: the Tour button plays a short pool run from its
// start; it stops when the pool fills and when the run ends, each time
// with the moment's sentence, the clock held, and Continue goes on.
func (b *browser) tourStopsAndResumes(t *testing.T) {
	b.load(t, `{scenario: "request-load", case: "pool-200", knobs: {requests: 1000}, seed: 2}`)
	b.eval(`loomlab.pause(), loomlab.setSpeed(0.5), true`, nil)
	b.eval(`document.getElementById("tour").click(), true`, nil)
	if !b.poll(t, `loomlab.state().tour.active`, 10*time.Second) {
		t.Fatal("the Tour button did not start the tour")
	}
	var kinds []string
	for stop := 1; stop <= 2; stop++ {
		if !b.poll(t, fmt.Sprintf(`loomlab.state().tour.waiting && loomlab.state().tour.step === %d`, stop), 60*time.Second) {
			t.Fatalf("the tour did not stop a %d. time: %+v", stop, b.storyState(t).Tour)
		}
		st := b.storyState(t)
		kinds = append(kinds, st.Tour.Kind)
		if st.Running || st.Tour.Text == "" {
			t.Errorf("stop %d: running %v, text %q", stop, st.Running, st.Tour.Text)
		}
		b.frames(5)
		if again := b.storyState(t); again.SimTimeNs != st.SimTimeNs {
			t.Errorf("stop %d: the clock moved from %d to %d while stopped", stop, st.SimTimeNs, again.SimTimeNs)
		}
		if !b.poll(t, `document.getElementById("tour-text").textContent === loomlab.state().tour.text && !document.getElementById("tour-panel").hidden`, 5*time.Second) {
			t.Errorf("stop %d: the tour panel does not show %q (shows %q)", stop, st.Tour.Text, b.text("#tour-text"))
		}
		b.eval(`document.getElementById("tour-continue").click(), true`, nil)
	}
	if strings.Join(kinds, ",") != "pool-full,finished" {
		t.Errorf("the tour stopped at %v, want the pool filling, then the end", kinds)
	}
	if !b.poll(t, `!loomlab.state().tour.active && document.getElementById("tour-panel").hidden`, 10*time.Second) {
		t.Errorf("Continue after the last stop did not end the tour: %+v", b.storyState(t).Tour)
	}
	// The API: tour() starts it again from the start.
	b.eval(`loomlab.tour(), true`, nil)
	if st := b.storyState(t); !st.Tour.Active || st.SimTimeNs > 50e6 {
		t.Errorf("loomlab.tour(): %+v at %d ns", st.Tour, st.SimTimeNs)
	}
	b.eval(`loomlab.tourEnd(), loomlab.pause(), true`, nil)
}

// embedCaptionAndTour: an embed with minimal controls carries the caption
// (for screen readers; the canvas draws it) and has the Tour button.
func (b *browser) embedCaptionAndTour(t *testing.T) {
	b.goTo("/embed.html?scenario=request-load&case=pool-200&requests=1000&controls=minimal&speed=0.5")
	if !b.poll(t, `(document.getElementById("story-caption").textContent || "") === loomlab.state().caption && loomlab.state().caption !== ""`, 20*time.Second) {
		t.Fatalf("the embed does not show state().caption: %q", b.text("#story-caption"))
	}
	var visible bool
	b.eval(`(() => { const e = document.getElementById("tour"); return !!e && e.offsetParent !== null })()`, &visible)
	if !visible {
		t.Fatal("no visible Tour button in the embed with minimal controls")
	}
	b.eval(`document.getElementById("tour").click(), true`, nil)
	if !b.poll(t, `loomlab.state().tour.waiting && loomlab.state().tour.step === 1`, 60*time.Second) {
		t.Fatalf("the embed's tour did not stop: %+v", b.storyState(t).Tour)
	}
	b.eval(`loomlab.tourContinue(), true`, nil)
	if !b.poll(t, `loomlab.state().tour.step === 2`, 60*time.Second) {
		t.Errorf("the embed's tour did not resume to its next stop: %+v", b.storyState(t).Tour)
	}
}
