package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func loomsim(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestExitCodesAndMessages(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"list"}, 0, ""},
		{[]string{}, 2, "usage"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate": expected list, params, profile, run, verify, trace, sweep, jvm, gclog or help`},
		{[]string{"params", "nope"}, 2, `unknown scenario "nope": expected one of vt-pooling, `},
		{[]string{"run", "request-load/nope"}, 2, `unknown case "nope": expected one of pool-200, `},
		{[]string{"run", "request-load", "--set", "pool_size=abc"}, 2, `pool_size="abc" is not allowed: expected an integer from 1 to 10000`},
		{[]string{"run", "request-load", "--set", "cores=0"}, 2, `cores="0" is not allowed: expected an integer from 1 to 256`},
		{[]string{"run", "request-load", "--set", "wat=1"}, 2, `wat="1": no such knob; knobs are executor, pool_size, `},
		{[]string{"run", "request-load", "--set", "novalue"}, 2, `--set "novalue": expected knob=value`},
		{[]string{"run", "request-load", "--set", "cores=2", "--set", "cores=4"}, 2, "--set cores is given twice (2, then 4): a knob takes one value; `loomsim sweep` compares"},
		{[]string{"run", "request-load", "--seed", "-4"}, 2, `--seed "-4": expected a non-negative integer`},
		{[]string{"run", "request-load", "--bogus"}, 2, "unknown flag --bogus (allowed: --set, --seed, --json)"},
		{[]string{"trace", "request-load"}, 2, "trace needs --until DURATION"},
		{[]string{"trace", "request-load", "--until", "soon"}, 2, `--until "soon": expected a positive duration such as`},
		{[]string{"verify", "nope"}, 2, `unknown scenario "nope": expected one of vt-pooling, `},
	} {
		code, _, stderr := loomsim(c.args...)
		assert.Equal(t, c.code, code, "%v: %s", c.args, stderr)
		assert.Contains(t, stderr, c.want, "%v", c.args)
		if c.code == 2 && len(c.args) > 0 {
			assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %q", stderr)
		}
	}
}

// A failure that is not bad input (here stdout refuses to be written)
// exits 1, not 2, with its one-line message.
func TestExitOneWhenTheOutputFails(t *testing.T) {
	var errOut bytes.Buffer
	code := run([]string{"list"}, refusingWriter{}, &errOut)
	assert.Equal(t, 1, code)
	assert.Equal(t, "loomsim: no space left on the device\n", errOut.String())
}

// refusingWriter fails every write, as a full disk does.
type refusingWriter struct{}

func (refusingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on the device") }

func TestRunJSONShapeAndDeterminism(t *testing.T) {
	args := []string{"run", "request-load/pool-200", "--set", "requests=300", "--seed", "4", "--json"}
	code, out1, _ := loomsim(args...)
	require.Equal(t, 0, code)
	var r map[string]any
	require.NoError(t, json.Unmarshal([]byte(out1), &r))
	for _, k := range []string{"scenario", "case", "seed", "params", "metrics", "sim_seconds", "wall_seconds", "events", "outcome"} {
		assert.Contains(t, r, k)
	}
	assert.Equal(t, "pool-200", r["case"])
	params := r["params"].(map[string]any)
	assert.Equal(t, "pool", params["executor"], "every knob's effective value")
	assert.EqualValues(t, 300, params["requests"])
	_, out2, _ := loomsim(args...)
	strip := func(s string) string {
		var m map[string]any
		_ = json.Unmarshal([]byte(s), &m)
		delete(m, "wall_seconds")
		b, _ := json.Marshal(m)
		return string(b)
	}
	assert.Equal(t, strip(out1), strip(out2), "same seed, same result")
}

func TestVerifyJSON(t *testing.T) {
	code, out, _ := loomsim("verify", "request-load", "--json")
	require.Equal(t, 0, code)
	var checks []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &checks))
	require.NotEmpty(t, checks)
	for _, c := range checks {
		for _, k := range []string{"scenario", "case", "metric", "article", "model", "tolerance", "accepts", "status", "role", "reason"} {
			assert.Contains(t, c, k)
		}
		assert.Contains(t, []any{"calibrated", "predicted"}, c["role"])
		assert.Contains(t, []any{"pass", "deviation"}, c["status"])
	}
}

func TestTraceAndParams(t *testing.T) {
	code, out, _ := loomsim("trace", "request-load/virtual-per-request", "--set", "requests=3", "--until", "5ms")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "mount")
	assert.Contains(t, out, "trace hash")
	code, out, _ = loomsim("params", "vt-pooling")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "heap_mb")
	assert.Contains(t, out, "1g-pool-reusefix")
	code, out, _ = loomsim("profile", "llm-router")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "| constant |")
}

// The lesson's practice questions: with 1,000 requests the pool of 200
// takes about five rounds of the sleep; with CPU work instead of a sleep,
// virtual threads lose their advantage.
func TestPracticeQuestions(t *testing.T) {
	elapsed := func(args ...string) float64 {
		code, out, stderr := loomsim(append([]string{"run", "--json"}, args...)...)
		require.Equal(t, 0, code, stderr)
		var r struct {
			Metrics map[string]float64 `json:"metrics"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &r))
		return r.Metrics["elapsed_ms"]
	}
	pool := elapsed("request-load/pool-200", "--set", "requests=1000")
	assert.InDelta(t, 500, pool, 50, "five rounds of 100 ms")
	cpuVirtual := elapsed("request-load/virtual-per-request", "--set", "requests=240", "--set", "work=cpu")
	cpuPool := elapsed("request-load/pool-200", "--set", "requests=240", "--set", "work=cpu")
	assert.InEpsilon(t, cpuPool, cpuVirtual, 0.05, "12 cores do the same CPU work either way")
	assert.InDelta(t, 240*100/12, cpuVirtual, 200)
}

// A run that stopped before its measurement window names the metrics it
// has no value for on a last line, instead of leaving them out unsaid.
func TestRunNamesWhatItDidNotMeasure(t *testing.T) {
	code, out, _ := loomsim("run", "vt-pooling/4g-pool", "--set", "heap_mb=512")
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Contains(t, lines[0], "java.lang.OutOfMemoryError")
	assert.Equal(t, []string{"not", "measured", "throughput_rps,", "latency_mean_ms,", "latency_p50_ms,", "latency_p99_ms"},
		strings.Fields(lines[len(lines)-1])[:6], out)
	assert.NotContains(t, out, "throughput_rps  ", "no zero throughput line")
	code, out, _ = loomsim("run", "vt-pooling/4g-pool", "--set", "heap_mb=512", "--set", "warmup_s=0")
	require.Equal(t, 0, code)
	assert.NotContains(t, out, "not measured")
}

// params ends with the metrics the scenario reports, each with what it
// counts, and says where the measurement window is.
func TestParamsSaysWhatEachMetricCounts(t *testing.T) {
	code, out, _ := loomsim("params", "vt-pooling")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "metrics (the measurement window: from warmup_s, for measure_s):")
	assert.Regexp(t, `(?m)^  full_gcs +Full GCs in the whole run, warm-up included: a count, not a rate$`, out)
	code, out, _ = loomsim("params", "request-load")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "metrics (the measurement window: the whole run):")
	assert.Regexp(t, `(?m)^  elapsed_ms +a batch's time`, out)
}
