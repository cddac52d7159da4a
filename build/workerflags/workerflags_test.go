package workerflags

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// make test runs the simulator's tests built as the worker is built
// (Makefile's WORKER_FLAGS), so the two lists of flags must be one.
func TestMakefileTestsTheWorkersBuild(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
	require.NoError(t, err)
	assert.Contains(t, string(mk), "\nWORKER_FLAGS := "+strings.Join(GoBuild, " ")+"\n")
	assert.Contains(t, string(mk), "$(WORKER_FLAGS) ./sim ./sim/scenario")
	assert.Contains(t, strings.Join(GoBuild, " "), "-tags="+Tag)
}
