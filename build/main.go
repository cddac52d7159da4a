// Command build turns the repository into the static site in dist/ and
// serves it.
//
//	go run ./build dist  [-out dist] [-playground ./wasm/playground] [-game web/game.html]
//	go run ./build serve [-addr 127.0.0.1:8080] [same flags as dist]
//
// dist builds the two WebAssembly binaries (the playground: Ebiten view +
// simulator; the worker: simulator only), copies wasm_exec.js from the
// GOROOT that built them, writes scenarios.json from sim/scenario, bundles
// web/ with esbuild's Go API and writes every asset under dist/assets/ with
// a content hash in its name; the HTML pages keep their names and are
// rewritten to point at the hashed files. serve does the same and then
// serves dist/ on a loopback address.
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
  go run ./build dist  [-out DIR] [-playground DIR] [-game FILE]
  go run ./build serve [-addr 127.0.0.1:8080] [-out DIR] [-playground DIR] [-game FILE]`

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
	addr := fs.String("addr", "127.0.0.1:8080", "address to serve on (serve only)")
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
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q\n%s", fs.Args(), usage)
	}
	site, err := Dist(opts, os.Stderr)
	if err != nil || cmd == "dist" {
		return err
	}
	return Serve(site.Dir, *addr, os.Stdout)
}
