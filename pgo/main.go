// Command pgo writes the CPU profile that guides the compiler's
// optimisation (PGO) of the programs that run the simulator:
//
//	go run ./pgo        (make pgo)
//
// It builds the full-run benchmark of sim/scenario, runs its cases once
// each (the heavy article cases: vt-pooling's three sides dominate) with a
// CPU profile, and writes the profile to pgo/sim.pprof. Each main package
// in guided has a default.pgo that links to that file; `go build` (and
// `go run`, and the wasm builds) use a main package's default.pgo by
// themselves, so nothing else needs a flag.
//
// Why: the compiler then inlines the calls the profile finds hot, which
// the inliner's static budget leaves out (the event loop's queue, a
// pooled virtual thread's park and mount); bench/notes.md has what it
// measured. The profile goes stale as the code moves (a renamed or
// rewritten function loses its guidance, nothing breaks): run this again
// after a change to the simulator's hot path, and commit the profile with
// a measurement.
//
// The benchmark is built without a profile (-pgo=off), so a new profile
// does not depend on the old one, and with -trimpath, so that the
// profile's file names are module paths; the one absolute path left, the
// test binary's in the profile's mappings, is cut to its base name. The
// committed profile then names no directory of the machine that made it.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"

	"github.com/loomlab/loomlab/build/repo"
)

// profileFile is the profile, relative to the repository's root.
const profileFile = "pgo/sim.pprof"

// guided lists the main packages that run the simulator's hot path: the
// CLI (and so the bench's native runs), the page's playground and worker,
// and the bench's wasm runner.
var guided = []string{"cmd/loomsim", "wasm/playground", "wasm/worker", "bench/wasmrun"}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "pgo:", err)
		os.Exit(1)
	}
}

func run() error {
	root, err := repo.Root()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "loomlab-pgo")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin, cpu := filepath.Join(tmp, "scenario.test"), filepath.Join(tmp, "cpu.pprof")
	if err := runIn(root, "go", "test", "-c", "-trimpath", "-pgo=off", "-o", bin, "./sim/scenario"); err != nil {
		return err
	}
	if err := runIn(filepath.Join(root, "sim", "scenario"), bin, "-test.run", "^$", "-test.bench", "^BenchmarkFullRun$", "-test.benchtime", "1x", "-test.cpuprofile", cpu); err != nil {
		return err
	}
	prof, err := os.ReadFile(cpu)
	if err != nil {
		return err
	}
	prof, err = rewriteStrings(prof, baseOfAbsolute)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(root, profileFile), prof, 0o644); err != nil {
		return err
	}
	for _, pkg := range guided {
		if err := linkDefault(root, pkg); err != nil {
			return err
		}
	}
	fmt.Printf("pgo: wrote %s (%d bytes), linked from %d main packages\n", profileFile, len(prof), len(guided))
	return nil
}

// baseOfAbsolute cuts an absolute path to its last element.
func baseOfAbsolute(s string) string {
	if path.IsAbs(s) {
		return path.Base(s)
	}
	return s
}

// linkDefault makes pkg's default.pgo a relative symbolic link to the
// profile, so that one file serves every guided package.
func linkDefault(root, pkg string) error {
	link := filepath.Join(root, filepath.FromSlash(pkg), "default.pgo")
	target, err := filepath.Rel(filepath.Dir(link), filepath.Join(root, profileFile))
	if err != nil {
		return err
	}
	if have, err := os.Readlink(link); err == nil && have == target {
		return nil
	}
	os.Remove(link)
	return os.Symlink(target, link)
}

func runIn(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}
