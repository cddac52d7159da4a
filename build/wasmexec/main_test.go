package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRunPassesArgumentsAndExitStatus: go test reads a failing test from
// the exit status, so a runner that lost it would pass every wasm test.
func TestRunPassesArgumentsAndExitStatus(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is needed (apt-get install -y nodejs)")
	}
	wasm := filepath.Join(t.TempDir(), "exits.wasm")
	build := exec.Command("go", "build", "-o", wasm, "./testdata/exits")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	for _, arg := range []string{"0", "3"} {
		stdout := os.Stdout
		r, w, err := os.Pipe()
		require.NoError(t, err)
		os.Stdout = w
		code, err := run(wasm, []string{arg, "x"})
		os.Stdout = stdout
		require.NoError(t, w.Close())
		printed, _ := io.ReadAll(r)
		require.NoError(t, err)
		require.Equal(t, arg, strconv.Itoa(code))
		require.Contains(t, string(printed), "args: ["+arg+" x]")
	}

	_, err = run(filepath.Join(t.TempDir(), "missing.wasm"), nil)
	require.Error(t, err)
}
