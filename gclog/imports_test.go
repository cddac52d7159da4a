package gclog

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// gclog runs in the browser's worker as well as natively: the standard library only, and none of
// the packages that would reach the machine (os, time, sync, syscall). The caller brings the bytes.
var allowedImports = map[string]bool{
	"bufio": true, "bytes": true, "cmp": true, "errors": true, "fmt": true, "io": true, "math": true,
	"slices": true, "strconv": true, "strings": true, "unicode/utf8": true,
}

func TestImportsOnlyThePortableStandardLibrary(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		pf, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range pf.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); !allowedImports[p] {
				t.Errorf("%s imports %q; gclog must stay portable (no os, time, sync, syscall)", f, p)
			}
		}
	}
}
