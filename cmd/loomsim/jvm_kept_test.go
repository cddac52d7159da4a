package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A committed run replayed without --set runs the model at the run's own
// knobs (Serial, 64 MB, 500 threads: Full GCs in the model as in the JVM),
// read from its command file, and gives the report
// the knobs given by hand give.
func TestJVMReplayTakesTheKeptRunsKnobs(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	prefix := filepath.Join("..", "..", "testdata", "jvm-check", "serial-64m-pooled-500")
	code, out, stderr := loomsim("jvm", "gc-lab", "--replay", prefix, "--json")
	require.Equal(t, 0, code, stderr)
	rep := decodeReport(t, out)
	assert.Equal(t, "serial", rep.Model.Params["gc"])
	assert.EqualValues(t, 64, rep.Model.Params["heap_mb"])
	assert.EqualValues(t, 500, rep.Model.Params["threads"])
	assert.Positive(t, rep.Model.FullGCs, "Serial at 64 MB has Full GCs; gc-lab's defaults have none")
	require.NotNil(t, rep.Replay)
	assert.Equal(t, prefix+commandSuffix, rep.Replay.From)
	assert.Empty(t, rep.Replay.Overridden)

	byHand := replayReport(t, "jvm", "gc-lab", "--replay", prefix, "--json", "--set", "gc=serial", "--set", "heap_mb=64", "--set", "threads=500")
	assert.Equal(t, byHand.Model.YoungGCs, rep.Model.YoungGCs)
	assert.Equal(t, byHand.Model.FullGCs, rep.Model.FullGCs)
	assert.Equal(t, byHand.Rows, rep.Rows)

	// The text report says where the knobs came from.
	code, out, stderr = loomsim("jvm", "gc-lab", "--replay", prefix)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Replay: the run's knobs from "+prefix+commandSuffix+": ")
	assert.Contains(t, out, " gc=serial heap_mb=64 ")
}

// --set over a replay wins over the kept knobs, and the report says which
// it changed.
func TestJVMReplaySetOverridesTheKeptKnobs(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	prefix := filepath.Join("..", "..", "testdata", "jvm-check", "serial-64m-pooled-500")
	code, out, stderr := loomsim("jvm", "gc-lab", "--replay", prefix, "--set", "heap_mb=128", "--set", "heap_lock=on", "--json")
	require.Equal(t, 0, code, stderr)
	rep := decodeReport(t, out)
	assert.EqualValues(t, 128, rep.Model.Params["heap_mb"])
	assert.Equal(t, "serial", rep.Model.Params["gc"], "the knobs not set stay the run's")
	require.NotNil(t, rep.Replay)
	assert.Equal(t, []string{"heap_lock=on (not kept)", "heap_mb=128 (kept: 64)"}, rep.Replay.Overridden)

	code, out, stderr = loomsim("jvm", "gc-lab", "--replay", prefix, "--set", "heap_mb=128")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "overridden by --set: heap_mb=128 (kept: 64)")
}

// A run kept by --keep keeps its command beside its log, and replays at
// its knobs with no --set (here NewRatio 8, which no other record holds).
func TestJVMKeepsTheCommandForItsReplay(t *testing.T) {
	fakeJava(t, "../../testdata/gclog/parallel-100m-nr8-pooled.log", nr8PooledTwin)
	prefix := filepath.Join(t.TempDir(), "nr8")
	code, _, stderr := loomsim("jvm", "gc-lab", "--set", "heap_mb=100", "--set", "new_ratio=8", "--set", "threads=1000", "--set", "duration_s=2", "--keep", prefix, "--json")
	require.Equal(t, 0, code, stderr)
	cmd, err := os.ReadFile(prefix + commandSuffix)
	require.NoError(t, err)
	assert.Contains(t, string(cmd), "-XX:NewRatio=8")

	t.Setenv("PATH", t.TempDir()) // the replay needs no java
	code, out, stderr := loomsim("jvm", "gc-lab", "--replay", prefix, "--json")
	require.Equal(t, 0, code, stderr)
	rep := decodeReport(t, out)
	assert.EqualValues(t, 8, rep.Model.Params["new_ratio"])
	assert.EqualValues(t, 100, rep.Model.Params["heap_mb"])
	assert.Equal(t, prefix+commandSuffix, rep.Replay.From)
}

// Without a record of the knobs and without --set, a replay refuses (exit
// 2) and says what is missing and how to give them; with --set it runs at
// those and says the rest are defaults.
func TestJVMReplayWithoutKeptKnobs(t *testing.T) {
	args := keptSerialRun(t, "") // a prefix with a log and a twin line only
	prefix := args[len(args)-1]
	code, _, stderr := loomsim("jvm", "gc-lab", "--replay", prefix)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "the run's knobs were not kept (no "+prefix+".command)")
	assert.Contains(t, stderr, "--set gc=serial")

	code, out, stderr := loomsim(args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Replay: the run's knobs were not kept; the model runs at --set's knobs and gc-lab's defaults for the rest")
}

// A command that is not the run's (its twin knobs differ from the twin's
// result line) is refused rather than replayed.
func TestJVMReplayRefusesAnotherRunsCommand(t *testing.T) {
	args := keptSerialRun(t, "")
	prefix := args[len(args)-1]
	require.NoError(t, os.WriteFile(prefix+commandSuffix, []byte("java -Xms64m -Xmx64m -XX:+UseSerialGC -XX:ActiveProcessorCount=2 -Xlog:gc*:file=gc.log jvm/GcLab.java threads=1000 state=pooled\n"), 0o644))
	code, _, stderr := loomsim("jvm", "gc-lab", "--replay", prefix)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "is not this run's: it says threads=1000, the twin's result line 500")
}

// knobsFromCommand reads back every knob javaCommand writes.
func TestKnobsFromCommandInvertsTheCommand(t *testing.T) {
	sc, err := scenario.Get("gc-lab")
	require.NoError(t, err)
	for _, set := range []map[string]string{
		{},
		{"gc": "serial", "heap_mb": "64", "threads": "500", "state": "fresh"},
		{"gc": "g1", "heap_mb": "256", "new_ratio": "8", "survivor_ratio": "4", "cores": "4", "cpu_us": "0", "duration_s": "3"},
	} {
		v, err := sc.Resolve("", set)
		require.NoError(t, err)
		knobs, err := knobsFromCommand(javaCommand(v))
		require.NoError(t, err, set)
		for k, x := range set {
			assert.Equal(t, x, knobs[k], k)
		}
		back, err := sc.Resolve("", knobs)
		require.NoError(t, err)
		assert.Equal(t, javaCommand(v), javaCommand(back))
	}
	_, err = knobsFromCommand("java -XX:+UseZGC jvm/GcLab.java")
	assert.ErrorContains(t, err, "-XX:+UseZGC")
}
