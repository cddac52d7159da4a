package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/build/repo"
	"github.com/stretchr/testify/require"
)

// wasmDeps lists the packages a wasm program links (go list -deps), built
// with the extra go flags given.
func wasmDeps(t *testing.T, pkg string, flags ...string) []string {
	t.Helper()
	root, err := repo.Root()
	require.NoError(t, err)
	goCmd := os.Getenv("GO")
	if goCmd == "" {
		goCmd = "go"
	}
	cmd := exec.Command(goCmd, append(append([]string{"list", "-deps"}, flags...), pkg)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go list -deps %s: %s", pkg, out)
	return strings.Fields(string(out))
}

// The playground's canvas stays within its download budget partly by not
// linking the classroom: exercises and grading run in the worker. The
// worker's list is the check that the classroom is visible to go list.
func TestPlaygroundDoesNotLinkTheClassroom(t *testing.T) {
	const classroom = "github.com/loomlab/loomlab/classroom"
	require.Contains(t, wasmDeps(t, "./wasm/worker"), classroom)
	play := wasmDeps(t, "./wasm/playground")
	require.False(t, slices.Contains(play, classroom), "the playground links %s", classroom)
}
