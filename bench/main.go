// Command bench measures Loomlab on this machine and writes BENCHMARKS.md:
//
//	go run ./bench [-out BENCHMARKS.md] [-cases all|short|none] [-wasm=true]
//	               [-browser=true] [-worker=true] [-sizes=true] [-engine=true] [-min 200ms]
//
// It measures, in this order:
//
//   - the engine micro-benchmarks (`go test -bench Engine ./sim`): ns and
//     heap allocations per event, events per second;
//   - every case of every scenario run to completion by the built loomsim,
//     one subprocess per run: virtual seconds per wall second, events per
//     second and peak RSS;
//   - a heap sweep of vt-pooling (8 heap sizes, pooled and not: `loomsim
//     sweep`), its wall time (-cases=all only);
//   - the same cases in WebAssembly under node (bench/wasmrun) and the
//     ratio of wasm to native wall time;
//   - the page in headless Chromium, served by the build program: Go-side
//     update and draw time per frame with ~1,000 and ~10,000 virtual
//     threads, frames per second, time to first frame, and the worker's
//     full run of vt-pooling/4g-pool;
//   - the sizes of the two wasm files, raw, gzip and brotli.
//
// Budgets (design.md) are reported as met or missed, never enforced: the
// program fails only when a measurement cannot be taken. -cases=short runs
// each case with its scenario's Short knobs (a quick check of the
// pipeline, not comparable with the full runs); -cases=none skips cases.
//
// The machine is shared, so every section notes the load average before
// and after it.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/loomlab/loomlab/build/repo"
)

type options struct {
	out     string
	cases   string
	wasm    bool
	browser bool
	engine  bool
	sizes   bool
	worker  bool
	min     time.Duration
	goCmd   string
}

func main() {
	var o options
	flag.StringVar(&o.out, "out", "BENCHMARKS.md", "where to write the report")
	flag.StringVar(&o.cases, "cases", "all", "article cases: all (full length), short (each scenario's Short knobs) or none")
	flag.BoolVar(&o.wasm, "wasm", true, "also run the cases in wasm under node")
	flag.BoolVar(&o.browser, "browser", true, "measure the page in headless Chromium")
	flag.BoolVar(&o.engine, "engine", true, "run the engine micro-benchmarks")
	flag.BoolVar(&o.worker, "worker", true, "with -browser: time the page's worker on a full vt-pooling/4g-pool run (minutes)")
	flag.BoolVar(&o.sizes, "sizes", true, "measure the wasm files' sizes (builds dist/ into a temporary directory)")
	flag.DurationVar(&o.min, "min", 200*time.Millisecond, "repeat a case until its runs add up to this much wall time")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "bench: unexpected arguments %q\n", flag.Args())
		os.Exit(2)
	}
	switch o.cases {
	case "all", "short", "none":
	default:
		fmt.Fprintf(os.Stderr, "bench: -cases %q: expected all, short or none\n", o.cases)
		os.Exit(2)
	}
	o.goCmd = os.Getenv("GO")
	if o.goCmd == "" {
		o.goCmd = "go"
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	start := time.Now()
	root, err := repo.Root()
	if err != nil {
		return err
	}
	if err := os.Chdir(root); err != nil {
		return err
	}
	logf("bench: %s", loadNote())
	r := &Report{Date: start, Cases: o.cases, Min: o.min}
	if r.Machine, err = describeMachine(o.goCmd); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "loomlab-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	if o.engine {
		if r.Engine, err = runEngine(o.goCmd); err != nil {
			return err
		}
	}
	if o.cases != "none" {
		if err := buildRSSHelper(o.goCmd, tmp); err != nil {
			return err
		}
		if r.Native, err = runNative(o, tmp); err != nil {
			return err
		}
		if o.cases == "all" {
			if r.Sweep, err = runSweep(filepath.Join(tmp, "loomsim")); err != nil {
				return err
			}
		}
		if o.wasm {
			if r.Wasm, err = runWasm(o, tmp); err != nil {
				return err
			}
		}
	}
	if o.sizes || o.browser {
		site, err := buildSite(o, tmp)
		if err != nil {
			return err
		}
		if o.sizes {
			if r.Sizes, err = measureSizes(site.dir); err != nil {
				return err
			}
		}
		if o.browser {
			if r.Browser, err = runBrowser(site, o.worker); err != nil {
				return err
			}
		}
	}
	r.Notes = readNotes()
	r.Took = time.Since(start)
	if err := os.WriteFile(o.out, []byte(r.Markdown()), 0o644); err != nil {
		return err
	}
	logf("bench: wrote %s in %s", o.out, r.Took.Round(time.Second))
	return nil
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
}
