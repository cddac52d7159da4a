// Command build turns the repository into the static site in dist/ and
// serves it.
//
//	go run ./build dist  [-out dist] [-playground ./wasm/playground] [-game web/game.html] [-brotli 11]
//	go run ./build serve [-addr 127.0.0.1:8080] [same flags as dist, -brotli 5]
//
// dist builds the two WebAssembly binaries (the playground: Ebiten view +
// simulator; the worker: simulator only), copies wasm_exec.js from the
// GOROOT that built them, writes scenarios.json from sim/scenario, bundles
// web/ with esbuild's Go API and writes every asset under dist/assets/ with
// a content hash in its name; the HTML pages keep their names and are
// rewritten to point at the hashed files. The wasm, js and css assets get
// pre-compressed .br and .gz copies beside them (compress.go). serve does
// the same and then serves dist/ on a loopback address, sending a copy
// when the browser accepts its encoding.
//
// Every step fails loudly: the first error stops the build with a message
// saying which step and why, and the exit status is 1.
package main

import (
	"flag"
	"fmt"
	"os"
)

const usage = `usage:
  go run ./build dist  [-out DIR] [-playground DIR] [-game FILE] [-brotli 11] [-bounds-checks]
  go run ./build serve [-addr 127.0.0.1:8080] [-out DIR] [-playground DIR] [-game FILE] [-brotli 5] [-bounds-checks]`

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("missing command\n%s", usage)
	}
	cmd := args[0]
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	opts := defaultOptions()
	fs.StringVar(&opts.Out, "out", opts.Out, "output directory (emptied first)")
	fs.StringVar(&opts.Playground, "playground", opts.Playground,
		"directory of the playground's main package (GOOS=js GOARCH=wasm)")
	fs.StringVar(&opts.GameHTML, "game", opts.GameHTML, "the page that hosts the playground canvas")
	fs.BoolVar(&opts.BoundsChecks, "bounds-checks", false,
		"build the worker's simulator with Go's bounds checks (slower; see build/workerflags)")
	addr := fs.String("addr", "127.0.0.1:8080", "address to serve on (serve only)")
	fs.IntVar(&opts.Brotli, "brotli", opts.Brotli,
		"brotli quality 0-11 of the pre-compressed copies (default: 11 for dist, 5 for serve)")
	switch cmd {
	case "dist", "serve":
	case "help", "-h", "--help":
		fmt.Println(usage)
		return nil
	default:
		return fmt.Errorf("unknown command %q\n%s", cmd, usage)
	}
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if cmd == "serve" && !flagSet(fs, "brotli") {
		opts.Brotli = brotliFast // serving locally rebuilds often; dist makes what is deployed
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q\n%s", fs.Args(), usage)
	}
	site, err := Dist(opts, os.Stderr)
	if err != nil || cmd == "dist" {
		return err
	}
	return Serve(site.Dir, *addr, os.Stdout)
}

func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
