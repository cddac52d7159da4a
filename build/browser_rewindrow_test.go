package main

import (
	"strings"
	"testing"
	"time"
)

// rewindRowSaysWhatItCan checks the timeline's position words at a story's
// first screen against the timeline's state: where the history is a sliver
// of the run (loom-carrier opens at 1.7 ms, its history from 1.67 ms) the
// row says what playing on gives ("can rewind back to 1.67 ms" at 1.7 ms
// asked what the rewind was for); otherwise how far back it can go, or,
// held at a rewound moment, how far before live it is.
func (b *browser) rewindRowSaysWhatItCan(t *testing.T, story string) {
	t.Helper()
	tl := b.timeline(t)
	want := "before live"
	switch {
	case tl.Live && (tl.NowNs-tl.StartNs)*20 < tl.NowNs:
		want = "(latest) · what plays from here can be rewound"
	case tl.Live:
		want = "(latest) · can rewind back to "
	}
	says := func(s string) bool { return strings.Contains(s, want) }
	s := b.textWhen(t, "#tl-pos", says, 5*time.Second)
	if !says(s) {
		t.Errorf("%s: the rewind row %q with history %d..%d ns (live %v); want %q", story, s, tl.StartNs, tl.NowNs, tl.Live, want)
	}
	t.Logf("%s: the rewind row: %q", story, s)
}
