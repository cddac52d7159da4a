package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSweepRefusesBadInputOnOneLine(t *testing.T) {
	base := []string{"sweep", "request-load/pool-200", "--set", "requests=100"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--metric", "elapsed_ms"}, "sweep needs --knob K=LO:HI:N"},
		{[]string{"--knob", "pool_size=10:20:3"}, "needs at least one metric: request-load reports elapsed_ms"},
		{[]string{"--knob", "nope=1:2:2", "--metric", "elapsed_ms"}, `no knob "nope"; numeric knobs are pool_size`},
		{[]string{"--knob", "executor=1:2:2", "--metric", "elapsed_ms"}, "is an enum; only numeric knobs"},
		{[]string{"--knob", "pool_size=20:10:3", "--metric", "elapsed_ms"}, "LO 20 must be below HI 10"},
		{[]string{"--knob", "pool_size=10:20:1", "--metric", "elapsed_ms"}, "from 2 to 64"},
		{[]string{"--knob", "pool_size=10:20:99", "--metric", "elapsed_ms"}, "from 2 to 64"},
		{[]string{"--knob", "pool_size=0:20:3", "--metric", "elapsed_ms"}, `LO "0" is not allowed: expected an integer from 1 to 10000 threads`},
		{[]string{"--knob", "pool_size=10:20:3", "--metric", "throughput_rps"}, `unknown metric "throughput_rps"`},
		{[]string{"--knob", "pool_size=10:20:3", "--metric", "elapsed_ms", "--side", "executor=nope"}, `executor="nope" is not allowed`},
		{[]string{"--knob", "pool_size=10:20:3", "--metric", "elapsed_ms", "--parallel", "0"}, `--parallel "0": expected a whole number of runs at once from 1 to 256`},
		{[]string{"--knob", "pool_size=10:20:3", "--metric", "elapsed_ms", "--json", "--csv"}, "cannot be given together"},
		{[]string{"--knob", "pool_size=10:20:3", "--knob", "cores=1:2:2", "--metric", "elapsed_ms"}, "given twice"},
		{[]string{"--knob", "pool_size=10:20:3", "--metric", "elapsed_ms", "--set", "executor=pool", "--set", "executor=virtual"},
			"--set executor is given twice (pool, then virtual): a knob takes one value; for one line per value, give them as sides: --side executor=pool --side executor=virtual"},
		{[]string{"--knob", "pool_size=10:20:3", "--metric", "elapsed_ms", "--until", "3s"}, "unknown flag --until"},
	} {
		code, _, stderr := loomsim(append(append([]string{}, base...), c.args...)...)
		assert.Equal(t, 2, code, "%v: %s", c.args, stderr)
		assert.Contains(t, stderr, c.want, "%v", c.args)
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %q", stderr)
	}
}

// The same sweep gives the same numbers whatever --parallel, and its JSON
// carries the setup and every run's full result.
func TestSweepJSONIsTheSameWhateverTheParallelism(t *testing.T) {
	args := []string{"sweep", "request-load/pool-200", "--set", "requests=300", "--knob", "pool_size=50:400:4",
		"--side", "executor=pool", "--side", "executor=virtual", "--metric", "elapsed_ms", "--metric", "os_threads_peak",
		"--seed", "5", "--json"}
	read := func(parallel string) map[string]any {
		code, out, stderr := loomsim(append(args, "--parallel", parallel)...)
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stderr, "sweep: 8/8 runs done", "progress on stderr")
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &m))
		for _, r := range m["results"].([]any) {
			for _, run := range r.(map[string]any)["runs"].([]any) {
				delete(run.(map[string]any), "wall_seconds")
			}
		}
		return m
	}
	one, four := read("1"), read("4")
	assert.Equal(t, one, four)
	for _, k := range []string{"scenario", "case", "knob", "points", "sides", "metrics", "seed", "results"} {
		assert.Contains(t, one, k)
	}
	assert.Equal(t, []any{50.0, 167.0, 283.0, 400.0}, one["points"])
	run := one["results"].([]any)[0].(map[string]any)["runs"].([]any)[1].(map[string]any)
	code, out, _ := loomsim("run", "request-load/pool-200", "--set", "requests=300", "--set", "pool_size=167",
		"--set", "executor=pool", "--seed", "5", "--json")
	require.Equal(t, 0, code)
	var alone map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &alone))
	delete(alone, "wall_seconds")
	assert.Equal(t, alone, run, "a sweep's run is what `loomsim run --json` prints for it")
}

func TestSweepTableAndCSV(t *testing.T) {
	args := []string{"sweep", "request-load/pool-200", "--set", "requests=200", "--knob", "pool_size=10:1000:3:log", "--metric", "elapsed_ms"}
	code, out, stderr := loomsim(args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "pool_size from 10 to 1000 threads, 3 points (log spacing), 1 side: pool-200")
	assert.Contains(t, out, "elapsed_ms[pool-200]")
	code, out, _ = loomsim(append(args, "--csv")...)
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 4)
	assert.Equal(t, "pool_size,elapsed_ms[pool-200]", lines[0])
	assert.True(t, strings.HasPrefix(lines[2], "100,"), lines[2])
}
