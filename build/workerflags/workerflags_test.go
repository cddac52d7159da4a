package workerflags

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// make test runs the simulator's tests, and the worker's and those of the
// packages it runs the simulator through, built as the worker is built
// (Makefile's WORKER_FLAGS), so the two lists of flags must be one, and
// make vet vets the files only that build compiles.
func TestMakefileTestsTheWorkersBuild(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
	require.NoError(t, err)
	assert.Contains(t, string(mk), "\nWORKER_FLAGS := "+strings.Join(GoBuild, " ")+"\n")
	assert.Contains(t, string(mk), "$(WORKER_FLAGS) ./sim ./sim/scenario ./fit ./sweep ./classroom\n", "the simulator and the packages the worker runs it through")
	assert.Contains(t, string(mk), "$(WORKER_FLAGS) ./wasm/worker\n", "the worker's own tests, built as it ships")
	assert.Contains(t, string(mk), "$(GO) vet -tags "+Tag+" ./sim\n", "make vet looks at the tagged files")
	assert.Contains(t, string(mk), "staticcheck -tags "+Tag+" ./sim\n")
}

// The flags must name what exists: the simulator's package (a -gcflags
// pattern matching nothing is silently ignored) and the build tag its
// self-check files are selected by (a tag nothing reads would leave the
// worker without self-checks, and every test still passing).
func TestFlagsNameTheSimulatorAndItsTag(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	require.NoError(t, err)
	module := strings.Fields(strings.SplitN(string(mod), "\n", 2)[0])[1]
	assert.Contains(t, GoBuild, "-gcflags="+module+"/sim=-B")
	assert.Contains(t, GoBuild, "-tags="+Tag)
	on, err := os.ReadFile("../../sim/selfcheck_unchecked.go")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(on), "//go:build "+Tag+"\n"), "sim/selfcheck_unchecked.go is built with the tag")
	off, err := os.ReadFile("../../sim/selfcheck_checked.go")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(off), "//go:build !"+Tag+"\n"), "sim/selfcheck_checked.go is built without it")
}
