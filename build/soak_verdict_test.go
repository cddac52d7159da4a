package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The soak's verdicts on made-up series: a leak is called growing (and so
// fails `make soak`), a plateau levelled off, a steady line flat.
func TestSoakVerdicts(t *testing.T) {
	series := func(f func(i int) float64) []soakSample {
		var s []soakSample
		for i := 0; i <= 60; i++ {
			s = append(s, soakSample{WallS: float64(i * 10), Runs: 1, WasmMB: f(i), GoHeapMB: 50, JSHeapMB: 3})
		}
		return s
	}
	leak := summarize("x", 1, series(func(i int) float64 { return 40 + 2*float64(i) })) // +12 MB/min
	assert.Equal(t, "growing", leak.Wasm.Verdict)
	plateau := summarize("x", 1, series(func(i int) float64 { return 40 + 10*min(float64(i), 36) }))
	assert.Equal(t, "levelled off", plateau.Wasm.Verdict, "rose until 360 s, then flat to the end: %+v", plateau.Wasm)
	flat := summarize("x", 1, series(func(i int) float64 { return 100 }))
	assert.Equal(t, "flat", flat.Wasm.Verdict)
	assert.Equal(t, "flat", flat.GoHeap.Verdict)
}
