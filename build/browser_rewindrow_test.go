package main

import (
	"strings"
	"testing"
	"time"
)

// rewindRowSaysWhatItCan checks the timeline's position words at a story's
// first screen. sliver: the story opens so early that its history is a
// sliver of the run (loom-carrier opens at 1.7 ms, its history from 1.67
// ms): the row says what playing on gives ("can rewind back to 1.67 ms" at
// 1.7 ms asked what the rewind was for); otherwise how far back it can go.
func (b *browser) rewindRowSaysWhatItCan(t *testing.T, story string, sliver bool) {
	t.Helper()
	want := "(latest) · can rewind back to "
	if sliver {
		want = "(latest) · what plays from here can be rewound"
	}
	says := func(s string) bool { return strings.Contains(s, want) }
	s := b.textWhen(t, "#tl-pos", says, 5*time.Second)
	tl := b.timeline(t)
	if !says(s) {
		t.Errorf("%s: the rewind row %q with history %d..%d ns (%d checkpoints, live %v); want %q", story, s, tl.StartNs, tl.NowNs, tl.Checkpoints, tl.Live, want)
	}
	t.Logf("%s: the rewind row: %q (%d checkpoints)", story, s, tl.Checkpoints)
}
