package wasmopt

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/loomlab/loomlab/build/wasmjumps"
	"github.com/loomlab/loomlab/build/wasmtest"
	"github.com/stretchr/testify/require"
)

// TestOptimizedGoProgramBehavesTheSame builds build/wasmtest's program
// (goroutines, timers, select, recovered panics, switches) for js/wasm,
// makes its jumps direct as the page's build does, optimizes it, and runs
// both under node: the same transcript, from a program wasm-opt changed.
func TestOptimizedGoProgramBehavesTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program for js/wasm and runs binaryen and node")
	}
	web := filepath.Join("..", "..", "web")
	if _, err := os.Stat(Tool(web)); err != nil {
		t.Fatalf("binaryen is needed: make web-deps (%v)", err)
	}
	dir := t.TempDir()
	direct := wasmtest.BuildJumpy(t, dir)
	_, err := wasmjumps.RewriteFile(direct)
	require.NoError(t, err)
	before, err := os.ReadFile(direct)
	require.NoError(t, err)

	optimized := filepath.Join(dir, "jumpy-opt.wasm")
	require.NoError(t, os.WriteFile(optimized, before, 0o644))
	require.NoError(t, Optimize(web, optimized))
	after, err := os.ReadFile(optimized)
	require.NoError(t, err)
	require.Less(t, len(after), len(before), "wasm-opt -O3 left the program's size as it was")

	want := wasmtest.Run(t, direct)
	require.Contains(t, want, "index 3: 0 recovered: runtime error: index out of range [3] with length 3")
	require.Equal(t, want, wasmtest.Run(t, optimized))
}

// TestOptimizeWithoutBinaryenSaysWhatToRun: a web/ without its npm packages
// is an error that names the command, and the program is left as it was.
func TestOptimizeWithoutBinaryenSaysWhatToRun(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.wasm")
	require.NoError(t, os.WriteFile(prog, []byte("\x00asm\x01\x00\x00\x00"), 0o644))
	err := Optimize(dir, prog)
	require.ErrorContains(t, err, "make web-deps")
	got, rerr := os.ReadFile(prog)
	require.NoError(t, rerr)
	require.Equal(t, []byte("\x00asm\x01\x00\x00\x00"), got)
}
