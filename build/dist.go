package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/loomlab/loomlab/build/repo"
	"github.com/loomlab/loomlab/build/wasmjumps"
	"github.com/loomlab/loomlab/build/wasmopt"
	"github.com/loomlab/loomlab/build/workerflags"
)

// Options say where the build reads and writes. Paths are relative to the
// repository root (the directory holding go.mod) unless absolute.
type Options struct {
	Out        string // output directory; emptied first
	Playground string // main package of the playground wasm
	Worker     string // main package of the sim-only worker wasm
	GameHTML   string // page hosting the playground canvas (iframe)
	Web        string // web/: index.html, src/*.ts, style.css, package.json
	Go         string // the go command
	Brotli     int    // brotli quality (0-11) of the assets' pre-compressed copies
	// BoundsChecks builds the worker's simulator with Go's bounds checks
	// (build/workerflags says why it has none by default).
	BoundsChecks bool
}

func defaultOptions() Options {
	goCmd := os.Getenv("GO")
	if goCmd == "" {
		goCmd = "go"
	}
	return Options{Out: "dist", Playground: "wasm/playground", Worker: "wasm/worker",
		GameHTML: "web/game.html", Web: "web", Go: goCmd, Brotli: brotliBest}
}

// Manifest maps logical asset names (what the pages and the TypeScript
// refer to) to the hashed paths written under the output directory.
type Manifest map[string]string

// Site is what Dist wrote.
type Site struct {
	Dir    string // absolute output directory
	Assets Manifest
}

// Generated assets, by logical name. Pages refer to them by these names and
// the build rewrites the references.
const (
	assetPlayground = "playground.wasm"
	assetWorker     = "worker.wasm"
	assetWasmExec   = "wasm_exec.js"
	assetWorkerJS   = "worker.js"
	assetsDir       = "assets"
)

// Dist builds everything into opts.Out. Progress goes to log.
func Dist(opts Options, log io.Writer) (*Site, error) {
	start := time.Now()
	root, err := repo.Root()
	if err != nil {
		return nil, err
	}
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(root, p)
	}
	out, web := abs(opts.Out), abs(opts.Web)
	if err := checkOut(out, root); err != nil {
		return nil, err
	}
	if err := ensureNodeModules(web, log); err != nil {
		return nil, err
	}
	goroot, err := goEnv(opts.Go, "GOROOT")
	if err != nil {
		return nil, err
	}
	wasmExec := filepath.Join(goroot, "lib", "wasm", "wasm_exec.js")
	if _, err := os.Stat(wasmExec); err != nil {
		return nil, fmt.Errorf("wasm_exec.js is not where Go %s keeps it: %v", goroot, err)
	}

	tmp, err := os.MkdirTemp("", "loomlab-build-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)

	files := map[string][]byte{} // output path (slash, relative to out) -> contents
	m := Manifest{}
	put := func(logical, name string, data []byte) {
		p := assetsDir + "/" + hashedName(name, data)
		files[p] = data
		m[logical] = p
	}

	// 1. The two wasm binaries, from the Go toolchain that also provides
	// wasm_exec.js (the two must match), with Ebiten's built-in shaders
	// expanded at build time (ebitenshader.go).
	shaderDir := filepath.Join(tmp, "ebitenshader")
	if err := os.Mkdir(shaderDir, 0o755); err != nil {
		return nil, err
	}
	wasmFlags, err := ebitenShaderFlags(opts.Go, root, shaderDir)
	if err != nil {
		return nil, err
	}
	// The worker, which runs the simulations whose speed is measured, also
	// goes through binaryen's optimizer (build/wasmopt says why only it).
	// Its simulator is also built without bounds checks (build/workerflags).
	workerFlags := wasmFlags
	if !opts.BoundsChecks {
		workerFlags = append(slices.Clip(wasmFlags), workerflags.GoBuild...)
	}
	for _, w := range []struct {
		logical, pkg string
		optimize     bool
		flags        []string
	}{
		{assetWorker, opts.Worker, true, workerFlags},
		{assetPlayground, opts.Playground, false, wasmFlags},
	} {
		t0 := time.Now()
		bin := filepath.Join(tmp, w.logical)
		jumps, err := buildWasm(opts.Go, abs(w.pkg), bin, w.flags)
		if err != nil {
			return nil, err
		}
		optimized := ""
		if w.optimize {
			if err := wasmopt.Optimize(web, bin); err != nil {
				return nil, err
			}
			optimized = ", wasm-opt -O3"
		}
		data, err := os.ReadFile(bin)
		if err != nil {
			return nil, err
		}
		put(w.logical, w.logical, data)
		fmt.Fprintf(log, "build: %-16s %s raw, %s gzip, %d forward jumps made direct%s (%s)\n", w.logical, kb(len(data)),
			kb(gzipSize(data)), jumps.Forward, optimized, time.Since(t0).Round(10*time.Millisecond))
	}
	data, err := os.ReadFile(wasmExec)
	if err != nil {
		return nil, err
	}
	put(assetWasmExec, assetWasmExec, data)

	// 2. Scenario metadata for the page, straight from sim/scenario.
	meta, err := scenariosJSON()
	if err != nil {
		return nil, fmt.Errorf("scenarios.json: %v", err)
	}
	files["scenarios.json"] = meta

	// 3. TypeScript and CSS. The worker comes first: the page's bundle
	// needs the worker's hashed name.
	// esbuild writes nothing (Write: false); its outdir only decides the
	// paths inside source maps, so keep it at dist/ whatever -out says.
	b := &bundler{web: web, wasmExec: wasmExec, out: filepath.Join(root, "dist"), m: m, files: files}
	workerJS, err := b.bundle(filepath.Join(web, "src", "worker.ts"), api.FormatIIFE)
	if err != nil {
		return nil, err
	}
	m[assetWorkerJS] = workerJS

	// 4. The pages (every web/*.html; game.html may come from elsewhere):
	// bundle what they reference, rewrite the references.
	pages, err := pageSources(web, abs(opts.GameHTML))
	if err != nil {
		return nil, err
	}
	for _, name := range slices.Sorted(maps.Keys(pages)) {
		src := pages[name]
		html, err := os.ReadFile(src)
		if err != nil {
			return nil, fmt.Errorf("page %s: %v", name, err)
		}
		rewritten, err := b.page(name, filepath.Dir(src), html)
		if err != nil {
			return nil, err
		}
		files[name] = rewritten
	}

	// 5. Pre-compressed copies of the assets (compress.go), then write.
	if err := precompress(files, opts.Brotli, log); err != nil {
		return nil, err
	}
	if err := os.RemoveAll(out); err != nil {
		return nil, err
	}
	for _, n := range slices.Sorted(maps.Keys(files)) {
		dst := filepath.Join(out, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(dst, files[n], 0o644); err != nil {
			return nil, err
		}
	}
	fmt.Fprintf(log, "build: wrote %d files to %s in %s\n", len(files), opts.Out, time.Since(start).Round(10*time.Millisecond))
	return &Site{Dir: out, Assets: m}, nil
}

// pageSources maps each page's name in dist/ to its source: every *.html in
// web/, with game.html taken from gameHTML. index.html and game.html must
// exist.
func pageSources(web, gameHTML string) (map[string]string, error) {
	found, err := filepath.Glob(filepath.Join(web, "*.html"))
	if err != nil {
		return nil, err
	}
	pages := map[string]string{}
	for _, p := range found {
		pages[filepath.Base(p)] = p
	}
	pages["game.html"] = gameHTML
	for _, need := range []string{"index.html", "game.html"} {
		if _, err := os.Stat(pages[need]); err != nil {
			return nil, fmt.Errorf("page %s: %v", need, err)
		}
	}
	return pages, nil
}

// bundler runs esbuild over web/ and collects its outputs.
type bundler struct {
	web, wasmExec string
	out           string // where esbuild believes it writes
	m             Manifest
	files         map[string][]byte
	done          map[string]string // source path -> output path
}

// defines are the hashed names the TypeScript needs, as JS string literals.
// URLs are relative to the page, except the worker's wasm, which the worker
// resolves against its own URL (both live in assets/).
func (b *bundler) defines() map[string]string {
	q := func(s string) string { j, _ := json.Marshal(s); return string(j) }
	d := map[string]string{}
	for name, key := range map[string]string{
		assetWorkerJS:   "__LOOM_WORKER_URL__",
		assetPlayground: "__LOOM_PLAYGROUND_WASM_URL__",
		assetWasmExec:   "__LOOM_WASM_EXEC_URL__",
	} {
		d[key] = q(b.m[name])
	}
	d["__LOOM_WORKER_WASM__"] = q(path.Base(b.m[assetWorker]))
	return d
}

// bundle bundles one TypeScript or CSS entry point and returns its output
// path relative to the output directory.
func (b *bundler) bundle(entry string, format api.Format) (string, error) {
	if b.done == nil {
		b.done = map[string]string{}
	}
	if p, ok := b.done[entry]; ok {
		return p, nil
	}
	if _, err := os.Stat(entry); err != nil {
		return "", fmt.Errorf("esbuild entry: %v", err)
	}
	wasmExec := b.wasmExec
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{entry},
		AbsWorkingDir:     b.web,
		Outdir:            filepath.Join(b.out, assetsDir),
		EntryNames:        "[name].[hash]",
		AssetNames:        "[name].[hash]",
		Bundle:            true,
		Write:             false,
		Format:            format,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		MinifyWhitespace:  true,
		MinifySyntax:      true,
		MinifyIdentifiers: true,
		Sourcemap:         api.SourceMapLinked,
		Define:            b.defines(),
		LogLevel:          api.LogLevelSilent,
		Plugins: []api.Plugin{{
			// `import "go:wasm_exec"` is the wasm_exec.js of the Go that
			// built the wasm, never a copy that could drift from it.
			Name: "go-wasm-exec",
			// It is loaded in its own namespace so source maps name it
			// "go:wasm_exec.js", not a path on the build machine.
			Setup: func(pb api.PluginBuild) {
				pb.OnResolve(api.OnResolveOptions{Filter: `^go:wasm_exec$`},
					func(api.OnResolveArgs) (api.OnResolveResult, error) {
						return api.OnResolveResult{Path: "wasm_exec.js", Namespace: "go"}, nil
					})
				pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "go"},
					func(api.OnLoadArgs) (api.OnLoadResult, error) {
						b, err := os.ReadFile(wasmExec)
						if err != nil {
							return api.OnLoadResult{}, err
						}
						text := string(b)
						return api.OnLoadResult{Contents: &text, Loader: api.LoaderJS}, nil
					})
			},
		}},
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return "", fmt.Errorf("esbuild %s:\n%s", filepath.Base(entry), strings.Join(msgs, ""))
	}
	if len(res.Warnings) > 0 {
		msgs := api.FormatMessages(res.Warnings, api.FormatMessagesOptions{Kind: api.WarningMessage})
		return "", fmt.Errorf("esbuild %s (warnings are errors here):\n%s", filepath.Base(entry), strings.Join(msgs, ""))
	}
	want := ".js"
	if strings.HasSuffix(entry, ".css") {
		want = ".css"
	}
	main := ""
	for _, f := range res.OutputFiles {
		rel, err := filepath.Rel(b.out, f.Path)
		if err != nil {
			return "", err
		}
		rel = filepath.ToSlash(rel)
		b.files[rel] = f.Contents
		switch path.Ext(rel) {
		case want:
			main = rel
		case ".css":
			return "", fmt.Errorf("esbuild %s: a script imports CSS; link it from the page instead", filepath.Base(entry))
		}
	}
	if main == "" {
		return "", fmt.Errorf("esbuild %s: no output", filepath.Base(entry))
	}
	b.done[entry] = main
	return main, nil
}

var attrRef = regexp.MustCompile(`\b(src|href)\s*=\s*"([^"]*)"`)

// page rewrites one HTML page: every local src/href is replaced by the hashed
// output it stands for (.ts: bundled; .css: bundled; a generated asset; any
// other file beside the page: copied with a hash), and quoted mentions of a
// generated asset's logical name in inline scripts ("playground.wasm") are
// rewritten too. A reference to nothing is an error.
func (b *bundler) page(name, dir string, html []byte) ([]byte, error) {
	var firstErr error
	out := attrRef.ReplaceAllFunc(html, func(match []byte) []byte {
		sub := attrRef.FindSubmatch(match)
		attr, ref := string(sub[1]), string(sub[2])
		target, err := b.resolve(dir, ref)
		if err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("%s: %s=%q: %v", name, attr, ref, err)
			}
			return match
		}
		return []byte(fmt.Sprintf(`%s="%s"`, attr, target))
	})
	if firstErr != nil {
		return nil, firstErr
	}
	return rewriteLiterals(out, b.m), nil
}

func (b *bundler) resolve(dir, ref string) (string, error) {
	if ref == "" || strings.HasPrefix(ref, "#") || strings.Contains(ref, ":") || strings.HasPrefix(ref, "//") {
		return ref, nil // fragment, data:, https:, mailto: ...
	}
	clean := strings.TrimPrefix(ref, "./")
	clean, suffix, _ := strings.Cut(clean, "?")
	if suffix != "" {
		suffix = "?" + suffix
	}
	if p, ok := b.m[clean]; ok {
		return p + suffix, nil
	}
	if strings.HasSuffix(clean, ".html") || clean == "scenarios.json" {
		return ref, nil // pages and the metadata keep their names
	}
	src := filepath.Join(dir, filepath.FromSlash(clean))
	switch path.Ext(clean) {
	case ".ts":
		return b.bundle(src, api.FormatESModule)
	case ".css":
		return b.bundle(src, api.FormatDefault)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return "", fmt.Errorf("neither a generated asset nor a file beside the page: %v", err)
	}
	p := assetsDir + "/" + hashedName(path.Base(clean), data)
	b.files[p] = data
	return p + suffix, nil
}

// rewriteLiterals replaces quoted logical asset names ("playground.wasm",
// './wasm_exec.js') with their hashed paths.
func rewriteLiterals(src []byte, m Manifest) []byte {
	for _, n := range slices.Sorted(maps.Keys(m)) {
		re := regexp.MustCompile(`(["'` + "`" + `])(\./)?` + regexp.QuoteMeta(n) + `(["'` + "`" + `])`)
		src = re.ReplaceAll(src, []byte("${1}"+m[n]+"${3}"))
	}
	return src
}

// hashedName inserts the first 10 hex digits of the content's SHA-256
// before the extension: worker.wasm -> worker.1a2b3c4d5e.wasm.
func hashedName(name string, data []byte) string {
	sum := sha256.Sum256(data)
	h := hex.EncodeToString(sum[:])[:10]
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + h + ext
}

// buildWasm builds the main package in pkgDir for the browser, without
// symbol tables or DWARF (-s -w), with the extra go build flags given, and
// makes its forward jumps direct (wasmjumps: the same program, ~1.2× as
// fast in V8 for the simulator).
func buildWasm(goCmd, pkgDir, out string, flags []string) (wasmjumps.Stats, error) {
	if st, err := os.Stat(pkgDir); err != nil || !st.IsDir() {
		return wasmjumps.Stats{}, fmt.Errorf("wasm package %s: not found (is it in the repository yet?)", pkgDir)
	}
	args := append([]string{"build", "-trimpath", "-ldflags=-s -w"}, flags...)
	cmd := exec.Command(goCmd, append(args, "-o", out, ".")...)
	cmd.Dir = pkgDir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		return wasmjumps.Stats{}, fmt.Errorf("GOOS=js GOARCH=wasm go build %s: %v\n%s", pkgDir, err, b)
	}
	return wasmjumps.RewriteFile(out)
}

func goEnv(goCmd, name string) (string, error) {
	b, err := exec.Command(goCmd, "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("%s env %s: %v", goCmd, name, err)
	}
	v := strings.TrimSpace(string(b))
	if v == "" {
		return "", fmt.Errorf("%s env %s is empty", goCmd, name)
	}
	return v, nil
}

// checkOut refuses output directories whose removal would hurt.
func checkOut(out, root string) error {
	out = filepath.Clean(out)
	if out == root || out == filepath.Dir(out) || strings.HasPrefix(root, out+string(filepath.Separator)) {
		return fmt.Errorf("refusing to use %s as the output directory: it would be emptied", out)
	}
	for _, keep := range []string{"web", "sim", "wasm", "game", "build"} {
		if out == filepath.Join(root, keep) {
			return fmt.Errorf("refusing to use %s as the output directory: it would be emptied", out)
		}
	}
	return nil
}

// ensureNodeModules installs web/'s npm packages from the lock file when
// they are missing. npm ci never downloads a browser or runs scripts that do.
func ensureNodeModules(web string, log io.Writer) error {
	_, uplot := os.Stat(filepath.Join(web, "node_modules", "uplot", "package.json"))
	_, binaryen := os.Stat(wasmopt.Tool(web))
	if uplot == nil && binaryen == nil {
		return nil
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return errors.New("npm is needed to install web/'s packages: apt-get install -y npm (or nodejs from your distribution), then run the build again")
	}
	fmt.Fprintln(log, "build: web/node_modules is missing or lacks a package of web/package.json: npm ci")
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts")
	cmd.Dir = web
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("npm ci in %s: %v", web, err)
	}
	return nil
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

func kb(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.2f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f KB", float64(n)/1024)
}
