package scenario

import (
	"fmt"

	"github.com/loomlab/loomlab/sim"
	"os"
	"strings"
	"testing"
)

// TestDebugRun prints raw metrics for LOOMDEBUG=scenario/case[,k=v...].
func TestDebugRun(t *testing.T) {
	spec := os.Getenv("LOOMDEBUG")
	if spec == "" {
		t.Skip()
	}
	parts := strings.Split(spec, ",")
	s, c, err := ParseRef(parts[0])
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]string{}
	for _, kv := range parts[1:] {
		k, v, _ := strings.Cut(kv, "=")
		set[k] = v
	}
	sm, _, err := s.NewSim(c, set, 1)
	if err != nil {
		t.Fatal(err)
	}
	sm.RunToEnd()
	m := sm.Metrics()
	var snap sim.Snapshot
	sm.Fill(&snap)
	fmt.Printf("eden %v surv %v old %v/%v youngLive %v\n", snap.Heap.EdenCap, snap.Heap.SurvivorCap, snap.Heap.OldUsed, snap.Heap.OldCap, snap.Heap.YoungLive)
	fmt.Printf("%s: rps %.0f yg %d fg %d pause %v promoted/yg %.1fMB overflows %d tenuring %d oldlive %.0f..%.0f chunks %d (%.2fGB) inplace %d fix %d\n",
		spec, m.ThroughputRPS, m.YoungGCs, m.FullGCs, m.GCPauseTotal, m.Promoted.MiB()/float64(m.YoungGCs+1), m.SurvivorOverflows,
		m.TenuringThreshold, m.OldLiveAfterFullLo.MiB(), m.OldLiveAfterFullHi.MiB(), m.StackChunksAllocated, float64(m.StackChunkAllocBytes)/1e9,
		m.StackChunkReusedInPlace, m.StackChunkReusedByFix)
}
