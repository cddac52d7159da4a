// Package wasmtest builds a small Go program for js/wasm and runs it under
// node, for the tests of the build's passes over Go's WebAssembly
// (build/wasmjumps, build/wasmopt): each runs the program before and after
// its pass and compares what it prints.
package wasmtest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// BuildJumpy builds testdata/jumpy (loops, switches, early returns,
// goroutines that block and resume, timers, panics recovered through
// defers) for js/wasm into dir and returns the program's path.
func BuildJumpy(t testing.TB, dir string) string {
	t.Helper()
	_, here, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("wasmtest: cannot find its own source directory")
	}
	out := filepath.Join(dir, "jumpy.wasm")
	cmd := exec.Command("go", "build", "-o", out, ".")
	cmd.Dir = filepath.Join(filepath.Dir(here), "testdata", "jumpy")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go build testdata/jumpy: %v\n%s", err, b)
	}
	return out
}

// Run runs a js/wasm program under node with Go's wasm_exec_node.js, as
// go_js_wasm_exec does, and returns what it printed. A failed run, or a
// missing node, fails the test.
func Run(t testing.TB, wasm string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed (apt-get install -y nodejs)")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	execJS := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js")
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(node, execJS, wasm)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node %s: %v\n%s", filepath.Base(wasm), err, stderr.String())
	}
	return stdout.String()
}
