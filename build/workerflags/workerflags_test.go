package workerflags

import (
	"os"
	"os/exec"
	"slices"
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

// Every package of the worker's build that runs the simulator is tested
// built as the worker ships (Makefile's WORKER_FLAGS lines): asked of the
// go command, so that a package the worker gains is not left to a checked
// build only.
func TestMakefileTestsEveryPackageTheWorkerRunsTheSimulatorThrough(t *testing.T) {
	module := modulePath(t)
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Deps \" \"}}", "./wasm/worker")
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	require.NoError(t, err)
	mk, err := os.ReadFile("../../Makefile")
	require.NoError(t, err)
	var flagged []string
	for _, line := range strings.Split(string(mk), "\n") {
		if strings.Contains(line, "$(WORKER_FLAGS) ./") {
			flagged = append(flagged, strings.Fields(line[strings.Index(line, "$(WORKER_FLAGS)"):])[1:]...)
		}
	}
	sim := module + "/sim"
	var found []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if !strings.HasPrefix(f[0], module+"/") || (f[0] != sim && !slices.Contains(f[1:], sim)) {
			continue
		}
		found = append(found, f[0])
		assert.Contains(t, flagged, "./"+strings.TrimPrefix(f[0], module+"/"), "the worker runs the simulator through %s", f[0])
	}
	assert.Contains(t, found, module+"/fit", "the go command's answer was read")
}

// The flags must name what exists: the simulator's package (a -gcflags
// pattern matching nothing is silently ignored) and the build tag its
// self-check files are selected by (a tag nothing reads would leave the
// worker without self-checks, and every test still passing).
func TestFlagsNameTheSimulatorAndItsTag(t *testing.T) {
	module := modulePath(t)
	assert.Contains(t, GoBuild, "-gcflags="+module+"/sim=-B")
	assert.Contains(t, GoBuild, "-tags="+Tag)
	on, err := os.ReadFile("../../sim/selfcheck_unchecked.go")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(on), "//go:build "+Tag+"\n"), "sim/selfcheck_unchecked.go is built with the tag")
	off, err := os.ReadFile("../../sim/selfcheck_checked.go")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(off), "//go:build !"+Tag+"\n"), "sim/selfcheck_checked.go is built without it")
}

// modulePath is the module's path, from the first line of go.mod.
func modulePath(t *testing.T) string {
	mod, err := os.ReadFile("../../go.mod")
	require.NoError(t, err)
	return strings.Fields(strings.SplitN(string(mod), "\n", 2)[0])[1]
}
