// The mutants build tag (make mutants) leaves this external test out: the
// mutation scores count what the package's internal tests catch, not runs
// of whole scenarios.

//go:build !mutants

package sim_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const module = "github.com/loomlab/loomlab"

// sim/ is the pure model: standard library only, and none of the packages
// that would let the outside world in (wall clock, OS, goroutine sync,
// math/rand's global source, the browser). style.md, point 1.
var allowedStdlib = map[string]bool{
	"bufio": true, "bytes": true, "encoding/json": true, "errors": true, "fmt": true, "hash/fnv": true, "io": true,
	"math": true, "math/bits": true, "net/url": true, "math/rand/v2": true, "sort": true, "strconv": true, "strings": true,
	"text/tabwriter": true,
}

// allowedModule is what each package under sim/ may import of the module:
// the core nothing, the scenarios only the core. Everything above them
// (the page under game/, the classroom, the commands, the wasm programs)
// imports sim/, never the other way round. A new package under sim/ needs
// its line here.
var allowedModule = map[string][]string{
	module + "/sim":          nil,
	module + "/sim/scenario": {module + "/sim"},
}

// simImports parses every Go file under sim/ (but testdata) and calls f
// with its package path, its file name and each import path.
func simImports(t *testing.T, f func(pkg, file, imp string)) {
	t.Helper()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		pkg := module + "/sim"
		if dir := filepath.ToSlash(filepath.Dir(path)); dir != "." {
			pkg += "/" + dir
		}
		pf, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range pf.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			f(pkg, path, p)
		}
		return nil
	})
	require.NoError(t, err)
}

func TestSimImportsOnlyTheAllowedStandardLibrary(t *testing.T) {
	simImports(t, func(pkg, file, imp string) {
		if strings.HasSuffix(file, "_test.go") || strings.HasPrefix(imp, module) {
			return
		}
		require.True(t, allowedStdlib[imp], "%s imports %q, which sim/ must not use", file, imp)
	})
}

// The layering: the core imports nothing of the module, the scenarios only
// the core. Tests may reach up into sim/ (the core's tests run scenarios)
// but never out of it.
func TestSimImportsFollowTheLayers(t *testing.T) {
	simImports(t, func(pkg, file, imp string) {
		if !strings.HasPrefix(imp, module+"/") && imp != module {
			return
		}
		if strings.HasSuffix(file, "_test.go") {
			require.True(t, strings.HasPrefix(imp, module+"/sim/") || imp == module+"/sim",
				"%s imports %q: nothing under sim/ may import the page, the classroom, the commands or the wasm programs", file, imp)
			return
		}
		allowed, known := allowedModule[pkg]
		require.True(t, known, "%s is in package %s, which has no line in allowedModule", file, pkg)
		for _, a := range allowed {
			if imp == a {
				return
			}
		}
		require.Failf(t, "import against the layers",
			"%s (package %s) imports %q; it may import only %v of the module", file, pkg, imp, allowed)
	})
}
