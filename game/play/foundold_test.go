package play

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// During a Full GC's pause the old gen is drawn as the collector found it
// (the page's opening frame holds on the first one): the bar says the fill
// it had when the pause began, not the compacted result, which read as a
// mostly free old gen beside "the survivors might no longer fit".
func TestFullGCDrawsTheOldGenAsFound(t *testing.T) {
	p := New()
	mustLoad(t, p, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`)
	p.Pause()
	found, err := p.StepTo(EventFilter{Kinds: []sim.EventKind{sim.EvGCFull}})
	require.NoError(t, err)
	require.True(t, found)
	p.SyncContrast(1 << 30)
	snap := p.Inputs(nil)[0].Snap
	require.True(t, snap.PauseFull, "held in the Full GC's pause")
	h := snap.Heap.AsFound()
	require.Greater(t, h.OldUsed, snap.Heap.OldUsed, "the collector found more than it left")
	pct := func(b sim.Bytes) int64 { return int64((200*b + h.OldCap) / (2 * h.OldCap)) }
	words := strings.Join(shownWords(p), " ")
	require.Contains(t, words, fmt.Sprintf("%d %% full when this GC began", pct(h.OldUsed)))
	require.NotContains(t, words, fmt.Sprintf("%d %% full", pct(snap.Heap.OldUsed)), "not the compacted result")
}
