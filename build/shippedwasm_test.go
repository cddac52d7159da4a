package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/loomlab/loomlab/build/wasmjumps"
	"github.com/loomlab/loomlab/build/workerflags"
	"github.com/stretchr/testify/require"
)

// TestShippedWasmHasItsForwardJumpsDirect: the page's two programs are the
// rewritten ones (buildWasm), and the worker is also binaryen's -O3 of it
// (build/wasmopt), so the browser suite tests what ships. A build that
// skipped the rewrite would leave thousands of forward jumps; one that
// skipped wasm-opt would leave the worker's ~2,200 functions in Go's shape
// (-O3 restructures all but a few hundred).
func TestShippedWasmHasItsForwardJumpsDirect(t *testing.T) {
	newBrowser(t) // builds the site once for the suite
	for _, logical := range []string{assetPlayground, assetWorker} {
		p, ok := suite.site.Assets[logical]
		require.True(t, ok, "%s is not in the site's manifest", logical)
		data, err := os.ReadFile(filepath.Join(suite.site.Dir, p))
		require.NoError(t, err)
		_, st, err := wasmjumps.Rewrite(data)
		require.NoError(t, err)
		if logical == assetWorker {
			require.Less(t, st.Functions, 1000, "%s: functions still in Go's shape after wasm-opt", logical)
		} else {
			require.Greater(t, st.Functions, 1000, "%s: Go's functions", logical)
		}
		require.Positive(t, st.Functions, "%s: Go's functions", logical)
		require.Zero(t, st.Forward, "%s: forward jumps still through the table", logical)
		require.Positive(t, st.Backward, "%s: loops' jumps stay with the table", logical)
	}
}

// TestShippedWorkerIsBuiltWithoutBoundsChecks: the worker's simulator is
// compiled as build/workerflags says (no bounds checks, self-checking),
// the playground's with Go's checks. The go command records its flags in
// the program's build information, which wasm-opt keeps as data.
func TestShippedWorkerIsBuiltWithoutBoundsChecks(t *testing.T) {
	newBrowser(t)
	for _, logical := range []string{assetWorker, assetPlayground} {
		data, err := os.ReadFile(filepath.Join(suite.site.Dir, suite.site.Assets[logical]))
		require.NoError(t, err)
		for _, f := range workerflags.GoBuild {
			setting := []byte("build\t" + f + "\n")
			if logical == assetWorker {
				require.True(t, bytes.Contains(data, setting), "%s: built without %s", logical, f)
			} else {
				require.False(t, bytes.Contains(data, setting), "%s: built with %s", logical, f)
			}
		}
	}
}
