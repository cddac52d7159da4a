//go:build js && wasm

package main

import (
	"sync/atomic"
	"syscall/js"
	"testing"
)

// In WebAssembly a goroutine that never yields keeps every other one from
// running, Go's collector's worker too (progressOf says what that cost).
// A goroutine started before the progress callback runs only if the
// callback yields: with a report function and without one.
func TestProgressCallbackYields(t *testing.T) {
	reports := 0
	report := js.FuncOf(func(js.Value, []js.Value) any { reports++; return nil })
	defer report.Release()
	for _, args := range [][]js.Value{nil, {js.Undefined(), report.Value}} {
		var ran atomic.Bool
		go ran.Store(true)
		progressOf(args, 1, func(f float64) []any { return []any{f} })(0.5)
		if !ran.Load() {
			t.Fatalf("with %d arguments: a goroutine ready before the progress call had not run after it, so the callback does not yield", len(args))
		}
	}
	if reports != 1 {
		t.Fatalf("the report function was called %d times, want 1", reports)
	}
}
