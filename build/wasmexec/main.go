// Command wasmexec runs a Go program built for js/wasm under node as Go's
// own go_js_wasm_exec does, after wasmjumps has made its forward jumps
// direct: the form in which the page ships the simulator. `make test`
// passes it to `go test -exec`, so the simulator's tests under wasm run
// the code the browser runs.
//
//	wasmexec PROGRAM.wasm [ARG ...]
//
// It is built natively (the Makefile builds it before the wasm tests): under
// GOOS=js, `go run` would build it for wasm too.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/loomlab/loomlab/build/wasmjumps"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: wasmexec PROGRAM.wasm [ARG ...]")
		os.Exit(2)
	}
	code, err := run(os.Args[1], os.Args[2:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmexec:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

// run rewrites the program into a temporary file and runs it under node,
// returning node's exit status.
func run(program string, args []string) (int, error) {
	in, err := os.ReadFile(program)
	if err != nil {
		return 0, err
	}
	out, _, err := wasmjumps.Rewrite(in)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", program, err)
	}
	tmp, err := os.MkdirTemp("", "wasmexec")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	direct := filepath.Join(tmp, filepath.Base(program))
	if err := os.WriteFile(direct, out, 0o755); err != nil {
		return 0, err
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return 0, fmt.Errorf("go env GOROOT: %w", err)
	}
	execJS := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js")
	// As go_js_wasm_exec: V8's stack raised from 984K so that deep tests fit.
	cmd := exec.Command("node", append([]string{"--stack-size=8192", execJS, direct}, args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	return 0, err
}
