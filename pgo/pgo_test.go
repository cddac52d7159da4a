package main

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"testing"

	"github.com/loomlab/loomlab/build/repo"
)

// Every guided main package reads the committed profile through its
// default.pgo: a link that is missing or broken would make `go build`
// drop the optimisation without a word.
func TestGuidedPackagesUseTheProfile(t *testing.T) {
	root, want := committedProfile(t)
	for _, pkg := range guided {
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(pkg), "default.pgo"))
		if err != nil {
			t.Errorf("%s: %v", pkg, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s/default.pgo is not %s", pkg, profileFile)
		}
	}
}

// The committed profile names no directory of the machine that made it,
// and it still names the simulator's hot path (so it is a profile of the
// benchmark, not of something else).
func TestCommittedProfileHasNoAbsolutePaths(t *testing.T) {
	_, prof := committedProfile(t)
	names := profileStrings(t, prof)
	hot := false
	for _, s := range names {
		if path.IsAbs(s) {
			t.Errorf("the profile names an absolute path: %q", s)
		}
		hot = hot || s == "github.com/loomlab/loomlab/sim.(*Sim).Advance"
	}
	if !hot {
		t.Errorf("the profile does not name the simulator's event loop (sim.(*Sim).Advance) among its %d strings", len(names))
	}
}

// rewriteStrings changes the entries it is asked to and keeps the rest,
// and the result is still a profile it can read.
func TestRewriteStringsCutsAbsolutePaths(t *testing.T) {
	_, prof := committedProfile(t)
	before := profileStrings(t, prof)
	lengthened, err := rewriteStrings(prof, func(s string) string {
		if s == "" {
			return s
		}
		return "/a/much/longer/machine/dir/" + s
	})
	if err != nil {
		t.Fatal(err)
	}
	back, err := rewriteStrings(lengthened, baseOfAbsolute)
	if err != nil {
		t.Fatal(err)
	}
	after := profileStrings(t, back)
	if len(after) != len(before) {
		t.Fatalf("%d strings after the round trip, %d before", len(after), len(before))
	}
	for i := range before {
		if want := path.Base("/" + before[i]); i > 0 && after[i] != want {
			t.Errorf("string %d: %q after the round trip, want %q", i, after[i], want)
		}
	}
}

func profileStrings(t *testing.T, prof []byte) []string {
	t.Helper()
	var names []string
	if _, err := rewriteStrings(prof, func(s string) string {
		names = append(names, s)
		return s
	}); err != nil {
		t.Fatal(err)
	}
	return names
}

// committedProfile gives the repository's root and the profile in it.
func committedProfile(t *testing.T) (string, []byte) {
	t.Helper()
	root, err := repo.Root()
	if err != nil {
		t.Fatal(err)
	}
	prof, err := os.ReadFile(filepath.Join(root, profileFile))
	if err != nil {
		t.Fatal(err)
	}
	return root, prof
}
