package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/template"

	"github.com/loomlab/loomlab/build/repo"
	"github.com/stretchr/testify/require"
)

// ebitenShaderSource reads the builtinshader/shader.go of the Ebiten that
// go.mod names.
func ebitenShaderSource(t *testing.T) []byte {
	t.Helper()
	root, err := repo.Root()
	require.NoError(t, err)
	cmd := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", ebitenModule)
	cmd.Dir = root
	out, err := cmd.Output()
	require.NoError(t, err)
	src, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), filepath.FromSlash(builtinShaderFile)))
	require.NoError(t, err)
	return src
}

// The expanded table holds, for each of the 2 × 3 × 2 inputs, exactly what
// Ebiten's template writes for them. The expected text is computed here
// the way Ebiten 2.8 does it (its data struct and constants written out),
// not through the expansion's reading of the file.
func TestBuiltinShaderExpansionIsTheTemplatesOutput(t *testing.T) {
	src := ebitenShaderSource(t)
	expanded, err := expandBuiltinShader(src)
	require.NoError(t, err)
	require.NotContains(t, string(expanded), "text/template")

	_, text, ok := strings.Cut(string(src), "template.New(\"tmpl\").Parse(`")
	require.True(t, ok, "Ebiten's template literal")
	text, _, ok = strings.Cut(text, "`))")
	require.True(t, ok)
	tmpl := template.Must(template.New("tmpl").Parse(text))
	type data struct {
		Filter, FilterNearest, FilterLinear                       int
		Address, AddressUnsafe, AddressClampToZero, AddressRepeat int
		UseColorM                                                 bool
	}
	var want []string
	for filter := range 2 {
		for address := range 3 {
			for _, c := range []bool{false, true} {
				var b bytes.Buffer
				require.NoError(t, tmpl.Execute(&b, data{filter, 0, 1, address, 0, 1, 2, c}))
				want = append(want, b.String())
			}
		}
	}

	f, err := parser.ParseFile(token.NewFileSet(), "expanded.go", expanded, 0)
	require.NoError(t, err)
	var got []string
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok && vs.Names[0].Name == "builtinShaderSources" {
			ast.Inspect(vs.Values[0], func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, err := strconv.Unquote(lit.Value)
					require.NoError(t, err)
					got = append(got, s)
				}
				return true
			})
		}
		return true
	})
	require.Len(t, got, len(want))
	for i := range want {
		require.Equal(t, want[i], got[i], "filter %d, address %d, useColorM %v", i/6, i/2%3, i%2 == 1)
	}
	require.True(t, slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "adjustTexelForAddressRepeat") }))
}

// A file of another shape stops the build instead of being half expanded.
func TestBuiltinShaderExpansionRefusesAnotherShape(t *testing.T) {
	src := string(ebitenShaderSource(t))
	for what, edit := range map[string]func(string) string{
		"no template": func(s string) string { return strings.Replace(s, "var tmpl =", "var other =", 1) },
		"a field computed": func(s string) string {
			return strings.Replace(s, "UseColorM:          useColorM,", "UseColorM:          !useColorM,", 1)
		},
		"no Execute": func(s string) string { return strings.Replace(s, "tmpl.Execute(", "tmpl.ExecuteTemplate(", 1) },
	} {
		changed := edit(src)
		require.NotEqual(t, src, changed, what)
		_, err := expandBuiltinShader([]byte(changed))
		require.Error(t, err, what)
	}
}

// Built the way dist builds it, the playground links no text/template
// (whose run-time method look-ups keep every exported method alive);
// built plainly it does, which shows that go list sees the package.
func TestPlaygroundLinksNoTextTemplate(t *testing.T) {
	root, err := repo.Root()
	require.NoError(t, err)
	flags, err := ebitenShaderFlags("go", root, t.TempDir())
	require.NoError(t, err)
	require.Contains(t, wasmDeps(t, "./wasm/playground"), "text/template")
	require.NotContains(t, wasmDeps(t, "./wasm/playground", flags...), "text/template")
}

// Two builds of the playground from different temporary directories give
// the same bytes: the build information the wasm carries names the
// replacement of Ebiten by a path relative to the repository, never the
// temporary directory (which would change the asset's hashed name at every
// build and put this machine's paths in what is deployed).
func TestPlaygroundBuildIsReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("two wasm builds; skipped in -short mode")
	}
	root, err := repo.Root()
	require.NoError(t, err)
	var builds [][]byte
	var dirs []string
	for range 2 {
		dir := t.TempDir()
		flags, err := ebitenShaderFlags("go", root, dir)
		require.NoError(t, err)
		out := filepath.Join(dir, "playground.wasm")
		_, err = buildWasm("go", filepath.Join(root, "wasm", "playground"), out, flags)
		require.NoError(t, err)
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		builds, dirs = append(builds, b), append(dirs, dir)
	}
	require.True(t, bytes.Equal(builds[0], builds[1]), "two builds differ")
	for _, d := range dirs {
		require.False(t, bytes.Contains(builds[0], []byte(d)), "the wasm names the build's directory %s", d)
	}
	require.True(t, bytes.Contains(builds[0], []byte("=>\t./"+ebitenLink)), "the replacement is recorded by its relative path")
}
