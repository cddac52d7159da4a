package main

import (
	"strings"
	"testing"
	"time"
)

// extremeInputs loads the inputs at the edges of the knobs' ranges into the
// page: each gives a defined outcome and the page keeps answering and
// drawing. Nothing here is a timing assertion: a check waits (generously)
// for something to happen, and fails only if it never does.
func (b *browser) extremeInputs(t *testing.T) {
	b.open()
	// keepsDrawing: the host page keeps getting animation frames (a hung
	// main thread gets none) and the playground keeps advancing.
	keepsDrawing := func(what string) browserState {
		t.Helper()
		var ok bool
		b.evalAwait(`(async () => { for (let i = 0; i < 10; i++) await new Promise(r => requestAnimationFrame(r)); return true })()`, &ok, 30*time.Second)
		if !ok {
			t.Fatalf("%s: the page stopped drawing", what)
		}
		first := b.state(t)
		moved, cur := b.waitState(t, 60*time.Second, func(first, cur browserState, _ *seenThreads) bool {
			return cur.SimTimeNs > first.SimTimeNs || cur.Done
		})
		if !moved {
			t.Fatalf("%s: virtual time stayed at %d ns for a minute (first %d)", what, cur.SimTimeNs, first.SimTimeNs)
		}
		return cur
	}

	// A million virtual threads: a slow run whose frames keep flowing,
	// because a tick does a bounded number of events.
	b.load(t, `{scenario: "vt-basics", case: "memory-virtual", knobs: {threads: "1000000", sleep_s: "1"}}`)
	b.eval(`loomlab.setSpeed(0.1), loomlab.play(), true`, nil)
	st := keepsDrawing("a million virtual threads")
	ok, st := b.waitState(t, 90*time.Second, func(_, cur browserState, _ *seenThreads) bool { return cur.Virtual >= 100000 })
	t.Logf("a million virtual threads: %d started by %d ns, %.1f fps", st.Virtual, st.SimTimeNs, st.FPS)
	if !ok {
		t.Errorf("a million virtual threads: only %d started in 90 s of playing", st.Virtual)
	}
	keepsDrawing("a million virtual threads, later")

	// One past the documented limit: refused with the knob and its range;
	// the running simulation goes on.
	var refused string
	b.evalAwait(`loomlab.load({scenario: "vt-basics", case: "memory-virtual", knobs: {threads: "1000001"}}).then(() => "", e => e.message)`, &refused, 20*time.Second)
	if !strings.Contains(refused, "threads") || !strings.Contains(refused, "1000000") {
		t.Errorf("threads=1000001: want a refusal naming threads and its limit, got %q", refused)
	}
	if m := b.messages(); !strings.Contains(m, `threads="1000001"`) {
		t.Errorf("threads=1000001: the page shows %q; want the refusal", m)
	}
	if cur := b.state(t); cur.Knobs["threads"] != "1000000" {
		t.Errorf("after the refusal the page runs threads=%s; want the previous 1000000", cur.Knobs["threads"])
	}

	// A heap too small for its live set: the run ends in an
	// OutOfMemoryError ("Java heap space" or the GC overhead limit), said in
	// the state, and the page goes on drawing.
	b.load(t, `{scenario: "vt-pooling", case: "1g-pool", knobs: {heap_mb: "64", connections: "3000", pool_size: "3000", warmup_s: "0", measure_s: "4"}}`)
	b.eval(`loomlab.setSpeed(30), loomlab.play(), true`, nil)
	var oom struct {
		OOM     bool   `json:"oom"`
		Message string `json:"oomMessage"`
	}
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		b.eval(`(s => ({oom: s.sides[0].oom, oomMessage: s.sides[0].oomMessage}))(loomlab.state())`, &oom)
		if oom.OOM {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("heap_mb=64: %+v", oom)
	if !oom.OOM || oom.Message == "" {
		t.Errorf("heap_mb=64 with 3,000 pooled threads: want an OutOfMemoryError outcome, got %+v", oom)
	}
	var ok2 bool
	b.evalAwait(`(async () => { for (let i = 0; i < 5; i++) await new Promise(r => requestAnimationFrame(r)); return true })()`, &ok2, 30*time.Second)
	if !ok2 {
		t.Error("after the OutOfMemoryError the page stopped drawing")
	}

	// One CPU and no backend latency: the runs go on.
	b.load(t, `{scenario: "vt-pooling", case: "1g-nopool", knobs: {cores: "1", backend_ms: "0", connections: "50"}}`)
	b.eval(`loomlab.setSpeed(0.01), loomlab.play(), true`, nil)
	st = keepsDrawing("cores=1, backend_ms=0")
	if st.RequestsDone == 0 {
		if ok, cur := b.waitState(t, 60*time.Second, func(_, cur browserState, _ *seenThreads) bool { return cur.RequestsDone > 0 }); !ok {
			t.Errorf("cores=1, backend_ms=0: no request finished by %d ns", cur.SimTimeNs)
		}
	}
	if m := b.messages(); strings.Contains(m, "internal error") || strings.Contains(m, "panic") {
		t.Errorf("the page reports a failure after the extreme inputs: %s", m)
	}
}
