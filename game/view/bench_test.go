package view

import (
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// BenchmarkBuild10k measures one frame's display list for a side with
// 10,000 virtual threads (most parked, 10,000 StackChunks).
func BenchmarkBuild10k(b *testing.B) {
	t := &testing.T{}
	snap, _ := runCase(t, "virtual-per-request", 60*sim.Millisecond, nil)
	s := NewSide()
	ins := []SideInput{input("v", snap, true)}
	var l List
	b.ReportAllocs()
	for b.Loop() {
		s.Tick(snap, nil, false)
		Build(&l, 1200, 800, &Header{}, []*Side{s}, ins, nil)
	}
	b.ReportMetric(float64(len(l.Items)), "items")
}
