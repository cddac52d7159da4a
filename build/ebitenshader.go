package main

// Ebiten's built-in image shaders, expanded at build time.
//
// Ebiten 2.8 writes the Kage source of its built-in shaders with
// text/template (internal/builtinshader/shader.go), parsed at start-up and
// executed on first use. text/template looks methods up by names known
// only at run time (reflect.Value.MethodByName), and a Go program that can
// do that keeps every exported method of every type it converts to an
// interface: the linker can no longer tell which ones are dead. In the
// playground that was 3.1 MB of its 13.3 MB of wasm, 0.56 MB of 3.27 MB
// gzip, for a template whose inputs are two small enums and a bool.
//
// So the build executes that template here, natively, for every input,
// and compiles the wasm with a replacement of that one file (go build
// -overlay, see ebitenShaderFlags) whose ShaderSource returns the expanded
// text: the bytes Ebiten
// compiles are the template's own output, and the wasm links no
// text/template. Anything in the file other than what this expects (a
// tmpl variable parsed from one literal, enums counted by iota, the
// Execute call's fields) stops the build with the reason, rather than
// producing a wasm that differs from what Ebiten would draw.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"
)

const (
	ebitenModule        = "github.com/hajimehoshi/ebiten/v2"
	builtinShaderFile   = "internal/builtinshader/shader.go"
	builtinShaderSource = "ShaderSource"
)

// ebitenLink is where, under the repository root, the build links
// Ebiten's module (ignored by git; the go command skips directories whose
// names start with a dot). It is relative because the wasm's build
// information records the replacement's path: a temporary directory there
// would change the asset's hash at every build and name this machine.
const ebitenLink = "build/.ebiten/ebiten"

// ebitenShaderFlags prepares what go build needs to compile with the
// expanded file, and returns the flags that say so. The go command will
// not overlay a file in the module cache, so Ebiten's module is reached
// through a link (ebitenLink), a copy of go.mod in dir replaces Ebiten
// with that link (-modfile; go.sum beside it), and the overlay replaces
// the file reached through the link.
func ebitenShaderFlags(goCmd, root, dir string) ([]string, error) {
	moduleDir, err := moduleSource(goCmd, root, ebitenModule)
	if err != nil {
		return nil, err
	}
	src, err := os.ReadFile(filepath.Join(moduleDir, filepath.FromSlash(builtinShaderFile)))
	if err != nil {
		return nil, err
	}
	expanded, err := expandBuiltinShader(src)
	if err != nil {
		return nil, fmt.Errorf("%s's %s: %v (build/ebitenshader.go expects Ebiten 2.8's file)", ebitenModule, builtinShaderFile, err)
	}
	link := filepath.Join(root, filepath.FromSlash(ebitenLink))
	if err := linkTo(link, moduleDir); err != nil {
		return nil, err
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return nil, err
	}
	gomod = fmt.Appendf(gomod, "\nreplace %s => ./%s\n", ebitenModule, ebitenLink)
	repl := filepath.Join(dir, "builtinshader_expanded.go")
	overlay, _ := json.Marshal(map[string]map[string]string{
		"Replace": {filepath.Join(link, filepath.FromSlash(builtinShaderFile)): repl},
	})
	for name, data := range map[string][]byte{"go.mod": gomod, "go.sum": gosum, "overlay.json": overlay, repl: expanded} {
		if !filepath.IsAbs(name) {
			name = filepath.Join(dir, name)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			return nil, err
		}
	}
	return []string{"-modfile=" + filepath.Join(dir, "go.mod"), "-overlay=" + filepath.Join(dir, "overlay.json")}, nil
}

// moduleSource returns the directory of the module's source, at the
// version go.mod requires, downloading it first if the module cache does
// not hold it yet: `go list -m` names no directory for a module it has not
// downloaded, which on a fresh machine is the case until something has
// compiled against Ebiten.
func moduleSource(goCmd, root, module string) (string, error) {
	cmd := exec.Command(goCmd, "mod", "download", "-json", module)
	cmd.Dir = root
	out, err := cmd.Output()
	var got struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &got); jerr != nil || got.Error != "" || got.Dir == "" {
		return "", fmt.Errorf("%s mod download %s: %v %s", goCmd, module, err, got.Error)
	}
	return got.Dir, nil
}

// linkTo makes link a symbolic link to target, leaving one that already
// points there alone and replacing any other at once (a fresh link beside
// it renamed over it), so that builds running together never see it
// missing.
func linkTo(link, target string) error {
	if t, err := os.Readlink(link); err == nil && t == target {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		return err
	}
	fresh := fmt.Sprintf("%s.%d.%d", link, os.Getpid(), time.Now().UnixNano())
	if err := os.Symlink(target, fresh); err != nil {
		return err
	}
	if err := os.Rename(fresh, link); err != nil {
		os.Remove(fresh)
		return err
	}
	return nil
}

// expandBuiltinShader returns src, Ebiten's builtinshader/shader.go, with
// the template executed for every filter, address and colour-matrix choice
// into a table that ShaderSource returns from, and without text/template.
func expandBuiltinShader(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "shader.go", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }

	enums, counts, err := shaderEnums(f)
	if err != nil {
		return nil, err
	}
	tmplDecl, text, err := shaderTemplate(f)
	if err != nil {
		return nil, err
	}
	tmpl, err := template.New("tmpl").Parse(text)
	if err != nil {
		return nil, err
	}
	fn, params, fields, err := shaderExecute(f)
	if err != nil {
		return nil, err
	}
	nFilter, okF := counts["FilterCount"]
	nAddress, okA := counts["AddressCount"]
	if !okF || !okA || len(params) != 3 {
		return nil, fmt.Errorf("want FilterCount, AddressCount and %s(filter, address, useColorM)", builtinShaderSource)
	}

	// The table, in the order ShaderSource indexes it.
	var table strings.Builder
	table.WriteString("\n// builtinShaderSources is tmpl executed by Loomlab's build (build/ebitenshader.go)\n")
	table.WriteString("// for every filter, address and colour-matrix choice: [filter][address][useColorM].\n")
	table.WriteString("var builtinShaderSources = [FilterCount][AddressCount][2][]byte{\n")
	for filter := 0; filter < nFilter; filter++ {
		table.WriteString("\t{\n")
		for address := 0; address < nAddress; address++ {
			table.WriteString("\t\t{")
			for c, useColorM := range []bool{false, true} {
				data := map[string]any{}
				for name, expr := range fields {
					switch {
					case expr == params[0]:
						data[name] = filter
					case expr == params[1]:
						data[name] = address
					case expr == params[2]:
						data[name] = useColorM
					default:
						v, ok := enums[expr]
						if !ok {
							return nil, fmt.Errorf("the template's field %s is %s, neither a parameter nor a constant of the file", name, expr)
						}
						data[name] = v
					}
				}
				var buf bytes.Buffer
				if err := tmpl.Execute(&buf, data); err != nil {
					return nil, err
				}
				if c > 0 {
					table.WriteString(", ")
				}
				table.WriteString("[]byte(" + strconv.Quote(buf.String()) + ")")
			}
			table.WriteString("},\n")
		}
		table.WriteString("\t},\n")
	}
	table.WriteString("}\n")

	body := fmt.Sprintf("{\n\tc := 0\n\tif %s {\n\t\tc = 1\n\t}\n\treturn builtinShaderSources[%s][%s][c]\n}",
		params[2], params[0], params[1])

	// Splice, back to front so that earlier offsets stay valid: the new
	// body, the table in place of tmpl, and the imports left unused.
	type cut struct {
		from, to int
		with     string
	}
	cuts := []cut{
		{off(fn.Body.Lbrace), off(fn.Body.Rbrace) + 1, body},
		{off(tmplDecl.Pos()), off(tmplDecl.End()), table.String()},
	}
	used := usedImports(f, func(p token.Pos) bool {
		return (p >= fn.Body.Lbrace && p <= fn.Body.Rbrace) || (p >= tmplDecl.Pos() && p < tmplDecl.End())
	})
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if !used[importName(imp, path)] {
			cuts = append(cuts, cut{off(imp.Pos()), off(imp.End()), ""})
		}
	}
	slices.SortFunc(cuts, func(a, b cut) int { return b.from - a.from })
	out := slices.Clone(src)
	for _, c := range cuts {
		out = slices.Concat(out[:c.from], []byte(c.with), out[c.to:])
	}
	pkg := off(f.Package)
	out = slices.Concat(out[:pkg], []byte("// Code generated by Loomlab's build (build/ebitenshader.go) from Ebiten's\n"+
		"// "+builtinShaderFile+": tmpl executed for every input; DO NOT EDIT.\n\n"), out[pkg:])
	formatted, err := format.Source(out)
	if err != nil {
		return nil, fmt.Errorf("the expanded file does not parse: %v", err)
	}
	if bytes.Contains(formatted, []byte(`"text/template"`)) {
		return nil, fmt.Errorf("text/template is still imported after the expansion")
	}
	return formatted, nil
}

// shaderEnums reads the file's typed iota constants (FilterNearest = 0,
// FilterLinear = 1, ...) and its untyped integer constants (FilterCount).
func shaderEnums(f *ast.File) (enums map[string]int, counts map[string]int, err error) {
	enums, counts = map[string]int{}, map[string]int{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		iota := false
		for i, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			switch {
			case len(vs.Values) == 0 && iota:
				// continues the block's iota
			case len(vs.Values) == 1 && isIdent(vs.Values[0], "iota") && i == 0:
				iota = true
			case len(vs.Values) == 1 && vs.Type == nil:
				lit, ok := vs.Values[0].(*ast.BasicLit)
				if !ok || lit.Kind != token.INT {
					continue
				}
				n, err := strconv.Atoi(lit.Value)
				if err != nil {
					return nil, nil, err
				}
				for _, name := range vs.Names {
					counts[name.Name] = n
				}
				continue
			default:
				iota = false
				continue
			}
			for _, name := range vs.Names {
				enums[name.Name] = i
			}
		}
	}
	return enums, counts, nil
}

// shaderTemplate finds `var tmpl = template.Must(template.New(...).Parse(text))`.
func shaderTemplate(f *ast.File) (*ast.GenDecl, string, error) {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR || len(g.Specs) != 1 {
			continue
		}
		vs := g.Specs[0].(*ast.ValueSpec)
		if len(vs.Names) != 1 || vs.Names[0].Name != "tmpl" || len(vs.Values) != 1 {
			continue
		}
		var text string
		var err error
		found := false
		ast.Inspect(vs.Values[0], func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found {
				return !found
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Parse" && len(call.Args) == 1 {
				if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					text, err = strconv.Unquote(lit.Value)
					found = true
				}
			}
			return !found
		})
		if !found || err != nil {
			return nil, "", fmt.Errorf("var tmpl is not parsed from one string literal (%v)", err)
		}
		return g, text, nil
	}
	return nil, "", fmt.Errorf("no var tmpl of its own")
}

// shaderExecute finds ShaderSource, its parameters' names, and the fields
// of the value it passes to tmpl.Execute: field name -> the identifier
// given for it.
func shaderExecute(f *ast.File) (*ast.FuncDecl, []string, map[string]string, error) {
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || fn.Name.Name != builtinShaderSource {
			continue
		}
		var params []string
		for _, p := range fn.Type.Params.List {
			for _, n := range p.Names {
				params = append(params, n.Name)
			}
		}
		var fields map[string]string
		var err error
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || fields != nil || err != nil {
				return fields == nil && err == nil
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !isIdent(sel.X, "tmpl") || sel.Sel.Name != "Execute" || len(call.Args) != 2 {
				return true
			}
			lit, ok := call.Args[1].(*ast.CompositeLit)
			if !ok {
				err = fmt.Errorf("tmpl.Execute's data is not a composite literal")
				return false
			}
			fields = map[string]string{}
			for _, e := range lit.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				var k, v *ast.Ident
				if ok {
					k, _ = kv.Key.(*ast.Ident)
					v, _ = kv.Value.(*ast.Ident)
				}
				if k == nil || v == nil {
					err = fmt.Errorf("tmpl.Execute's data has a field that is not Name: identifier")
					return false
				}
				fields[k.Name] = v.Name
			}
			return false
		})
		if err != nil {
			return nil, nil, nil, err
		}
		if fields == nil {
			return nil, nil, nil, fmt.Errorf("%s does not call tmpl.Execute", builtinShaderSource)
		}
		return fn, params, fields, nil
	}
	return nil, nil, nil, fmt.Errorf("no func %s", builtinShaderSource)
}

// usedImports names the packages the file refers to outside the ranges
// removed.
func usedImports(f *ast.File, removed func(token.Pos) bool) map[string]bool {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if ok && !removed(sel.Pos()) {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	return used
}

func importName(imp *ast.ImportSpec, path string) string {
	if imp.Name != nil {
		return imp.Name.Name
	}
	return path[strings.LastIndex(path, "/")+1:]
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
