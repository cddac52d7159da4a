// Package wasmopt runs binaryen's optimizer (wasm-opt -O3) over a Go
// WebAssembly program whose forward jumps build/wasmjumps has made direct.
//
// Before that rewrite every jump in Go's wasm went through its function's
// entry table, so an optimizer saw one merge point per function and could do
// little (bench/notes.md, 5 December: -O3 moved nothing). With the jumps
// direct, binaryen's peephole and local passes find work: on the page
// worker's simulator, ~5 % fewer instructions and ~4 % less time under node
// (bench/notes.md, 7 December). wasm-opt is binaryen's own build for node,
// pinned in web/package.json, so the build needs no native binary and no
// download beyond web/'s npm packages.
//
// -O3 takes ~30 s on the worker (5 MB) and took 1 min 43 s on a 14 MB build
// of the playground, so the page's build runs it on the worker only: the
// worker runs the simulations whose speed is measured (full runs, the
// article table, the heap sweep), the playground's simulation follows the
// picture.
package wasmopt

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// features are the WebAssembly features Go's compiler emits (sign
// extension, saturating conversions, memory.copy and memory.fill, mutable
// globals). wasm-opt validates the program against them, so a feature a
// future Go starts to use fails the build instead of being misread.
var features = []string{
	"--enable-sign-ext",
	"--enable-nontrapping-float-to-int",
	"--enable-bulk-memory",
	"--enable-mutable-globals",
}

// Tool is wasm-opt's path inside web/'s npm packages.
func Tool(webDir string) string {
	return filepath.Join(webDir, "node_modules", "binaryen", "bin", "wasm-opt")
}

// Optimize rewrites the program at path in place with wasm-opt -O3, run by
// node from webDir's npm packages.
func Optimize(webDir, path string) error {
	tool := Tool(webDir)
	if _, err := os.Stat(tool); err != nil {
		return fmt.Errorf("binaryen's wasm-opt is not installed (%s): run  make web-deps  (npm ci in web/) and build again", tool)
	}
	if _, err := exec.LookPath("node"); err != nil {
		return errors.New("node is needed to run binaryen's wasm-opt: apt-get install -y nodejs, then build again")
	}
	tmp := path + ".opt"
	args := append([]string{tool, "-O3"}, features...)
	cmd := exec.Command("node", append(args, path, "-o", tmp)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("wasm-opt -O3 %s: %v\n%s", path, err, out)
	}
	return os.Rename(tmp, path)
}
