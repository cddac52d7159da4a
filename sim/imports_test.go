package sim_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sim/ is the pure model: standard library only, and none of the packages
// that would let the outside world in (wall clock, OS, goroutine sync,
// math/rand's global source, the browser). style.md, point 1.
var allowedImports = map[string]bool{
	"bufio": true, "bytes": true, "encoding/json": true, "errors": true, "fmt": true, "hash/fnv": true, "io": true,
	"math": true, "math/bits": true, "net/url": true, "math/rand/v2": true, "sort": true, "strconv": true, "strings": true,
	"text/tabwriter": true, "github.com/loomlab/loomlab/sim": true, "github.com/loomlab/loomlab/sim/scenario": true,
}

func TestSimImportsOnlyTheAllowedStandardLibrary(t *testing.T) {
	for _, dir := range []string{".", "scenario", "exercise"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			pf, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			require.NoError(t, err)
			for _, imp := range pf.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				require.True(t, allowedImports[p], "%s imports %q, which sim/ must not use", f, p)
			}
		}
	}
}
