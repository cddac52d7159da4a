package main

import (
	"strconv"
	"testing"
	"time"
)

// rest: a paused picture with nothing moving stops drawing frames (the game
// asks Ebiten for frames on demand: game/rest.go), the state the page polls
// does not wake it, and a call that changes the picture does, once.
func (b *browser) rest(t *testing.T) {
	b.load(t, `{scenario: "request-load", case: "pool-200", seed: 1}`)
	b.eval(`loomlab.play(), true`, nil)
	draws := func() (n int64) {
		t.Helper()
		b.eval(`loomlab.state().frame.draws`, &n)
		return n
	}
	d0 := draws()
	time.Sleep(500 * time.Millisecond)
	if d := draws(); d <= d0 {
		t.Fatalf("playing: %d frames drawn, then %d half a second later", d0, d)
	}
	b.eval(`loomlab.pause(), true`, nil)
	// At rest once the picture has not changed for a few frames: the
	// frames drawn stop counting, though the page polls state() meanwhile.
	// (A slow machine draws a frame in 50 ms or more: "still" is no frame
	// in 400 ms.)
	rests := func() bool {
		t.Helper()
		for end := time.Now().Add(10 * time.Second); time.Now().Before(end); {
			d := draws()
			time.Sleep(400 * time.Millisecond)
			if draws() == d {
				return true
			}
		}
		return false
	}
	if !rests() {
		t.Fatalf("paused, the playground kept drawing frames: %d after 10 s", draws())
	}
	d1 := draws()
	time.Sleep(time.Second)
	if d := draws(); d != d1 {
		t.Errorf("paused and still: %d frames drawn in a second, want none", d-d1)
	}
	// Nor does its loop ask the browser for sixty frames a second to find
	// nothing to do: game.html's pacer (web/src/framepace.ts) holds each
	// for a quarter of a second while the game rests.
	asked := func() (n int64) {
		t.Helper()
		b.eval(`document.getElementById("game").contentWindow.loomframes.asked()`, &n)
		return n
	}
	a1 := asked()
	time.Sleep(time.Second)
	if a := asked() - a1; a > 8 {
		t.Errorf("paused and still: the animation loop asked for %d frames in a second, want at most 8", a)
	}
	// A step changes the picture: it is drawn, and the picture rests again.
	var before, after int64
	b.eval(`loomlab.state().simTimeNs`, &before)
	b.eval(`loomlab.step(), true`, nil)
	if !b.poll(t, `loomlab.state().frame.draws > `+strconv.FormatInt(d1, 10), 5*time.Second) {
		t.Fatalf("a step while the picture rested drew no frame")
	}
	b.eval(`loomlab.state().simTimeNs`, &after)
	if after <= before {
		t.Errorf("the step did not move the run: %d then %d", before, after)
	}
	if !rests() {
		t.Errorf("after the step, the playground kept drawing frames")
	}
	// Playing again draws again, at the browser's frame rate.
	b.eval(`loomlab.play(), true`, nil)
	d2 := draws()
	if !b.poll(t, `loomlab.state().frame.draws > `+strconv.FormatInt(d2+5, 10), 5*time.Second) {
		t.Errorf("play after rest drew no frames")
	}
	a2 := asked()
	time.Sleep(time.Second)
	if a := asked() - a2; a < 12 {
		t.Errorf("playing: the animation loop asked for %d frames in a second, want a frame rate", a)
	}
	b.eval(`loomlab.pause(), true`, nil)
}
