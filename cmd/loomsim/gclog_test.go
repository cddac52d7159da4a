package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/gclog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const realLog = "../../testdata/gclog/parallel-100m-nr8-pooled.log"

func TestGCLogSummaryJSONIsTheReadersSummary(t *testing.T) {
	code, out, stderr := loomsim("gclog", "summary", realLog, "--json")
	require.Equal(t, 0, code, stderr)
	b, err := os.ReadFile(realLog)
	require.NoError(t, err)
	l, err := gclog.Parse(bytes.NewReader(b))
	require.NoError(t, err)
	want, err := json.Marshal(l.Summary())
	require.NoError(t, err)
	assert.JSONEq(t, string(want), out)
	var s map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	for _, k := range []string{"collector", "heap_max_mb", "young_gcs", "mixed_gcs", "full_gcs", "pause_total_ms", "pause_max_ms", "duration_s", "old_after_full_gc_mb"} {
		assert.Contains(t, s, k)
	}
	assert.Equal(t, "parallel", s["collector"])
	assert.EqualValues(t, 7, s["full_gcs"])
}

func TestGCLogSummaryText(t *testing.T) {
	code, out, _ := loomsim("gclog", "summary", realLog)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Parallel collector")
	assert.Contains(t, out, "Collections: 238 young, 7 Full")
	assert.NotContains(t, out, "{")
}

func TestGCLogDiagnose(t *testing.T) {
	code, out, _ := loomsim("gclog", "diagnose", realLog)
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Len(t, lines, 4)
	assert.True(t, strings.HasPrefix(lines[0], "- The old gen right after a Full GC still holds 75.2 MB"), lines[0])

	code, out, _ = loomsim("gclog", "diagnose", "../../testdata/gclog/serial-64m-fresh-tags.log")
	require.Equal(t, 0, code)
	assert.Equal(t, gclog.NothingStandsOut+"\n", out)

	code, out, _ = loomsim("gclog", "diagnose", realLog, "--json")
	require.Equal(t, 0, code)
	var fs []gclog.Finding
	require.NoError(t, json.Unmarshal([]byte(out), &fs))
	require.Len(t, fs, 4)
	assert.Equal(t, "live-set-fills-old-gen", fs[0].Rule)
}

// TestGCLogBadInput: every refusal is one line naming the file (and the line), exit 2.
func TestGCLogBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	empty := write("empty.log", "")
	binary := write("binary.log", "[0.1s][gc] Using G1\n\x00\x01\x02garbage\n")
	jdk8 := write("jdk8.log", "2.345: [GC (Allocation Failure) [PSYoungGen: 16384K->2544K(18944K)] 16384K->4000K(62976K), 0.0101 secs]\n")
	prose := write("prose.txt", "hello\nworld\n")
	long := write("long.log", "[0.1s][gc] Using G1\n"+strings.Repeat("y", 10<<20)+"\n")
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"gclog"}, []string{"expected gclog summary FILE"}},
		{[]string{"gclog", "chart", realLog}, []string{`unknown subcommand "chart"`}},
		{[]string{"gclog", "summary"}, []string{"one FILE needed"}},
		{[]string{"gclog", "summary", realLog, realLog}, []string{"one FILE needed, got 2"}},
		{[]string{"gclog", "summary", realLog, "--yaml"}, []string{"unknown flag --yaml"}},
		{[]string{"gclog", "summary", filepath.Join(dir, "missing.log")}, []string{"missing.log", "cannot read", "o such file"}},
		{[]string{"gclog", "summary", dir}, []string{"is a directory"}},
		{[]string{"gclog", "summary", empty}, []string{"empty.log", "empty input"}},
		{[]string{"gclog", "diagnose", binary}, []string{"binary.log", "line 2", "binary data"}},
		{[]string{"gclog", "summary", jdk8}, []string{"jdk8.log", "line 1", "JDK 8", "-Xlog:gc*"}},
		{[]string{"gclog", "summary", prose}, []string{"prose.txt", "not a HotSpot unified GC log"}},
		{[]string{"gclog", "summary", long}, []string{"long.log", "line 2", "line too long"}},
	} {
		code, out, stderr := loomsim(c.args...)
		assert.Equal(t, 2, code, "%v: %s", c.args, stderr)
		assert.Empty(t, out, "%v", c.args)
		// ("o such file": the wasm port's file system writes "No such file".)
		for _, w := range c.want {
			assert.Contains(t, stderr, w, "%v", c.args)
		}
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
	}
}

// `gclog fit --json` prints the scenario, the knobs and the quality; `loomsim run gc-lab` with those
// knobs is the fit's last model run, so it gives the model's rates of the quality table.
func TestGCLogFitKnobsReproduceWithRun(t *testing.T) {
	code, out, stderr := loomsim("gclog", "fit", "../../testdata/jvm-check/serial-64m-pooled-500.log", "--json")
	require.Equal(t, 0, code, stderr)
	var r struct {
		Scenario string            `json:"scenario"`
		Knobs    map[string]string `json:"knobs"`
		Quality  struct {
			Metrics []struct {
				Metric string   `json:"metric"`
				Log    *float64 `json:"log"`
				Model  *float64 `json:"model"`
			} `json:"metrics"`
		} `json:"quality"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, "gc-lab", r.Scenario)
	args := []string{"run", "gc-lab", "--json"}
	for k, v := range r.Knobs {
		args = append(args, "--set", k+"="+v)
	}
	code, runOut, stderr := loomsim(args...)
	require.Equal(t, 0, code, stderr)
	var res struct {
		Metrics map[string]any `json:"metrics"`
	}
	require.NoError(t, json.Unmarshal([]byte(runOut), &res))
	dur, err := strconv.ParseFloat(r.Knobs["duration_s"], 64)
	require.NoError(t, err)
	for _, m := range r.Quality.Metrics {
		switch m.Metric {
		case "young GCs per second":
			assert.InDelta(t, *m.Model, res.Metrics["young_gcs"].(float64)/dur, 0.001)
		case "Full GCs per second":
			assert.InDelta(t, *m.Model, res.Metrics["full_gcs"].(float64)/dur, 0.001)
		case "old gen after Full GC (MB)":
			assert.InDelta(t, *m.Model, res.Metrics["old_live_after_full_gc_mb"].(float64), 0.06)
		}
	}
}

func TestGCLogFitBadInputExits2(t *testing.T) {
	code, _, stderr := loomsim("gclog", "fit", "../../testdata/gclog/zgc-128m-pooled.log")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "the log's collector is z; the model has Serial, Parallel and G1 only")
	empty := filepath.Join(t.TempDir(), "empty.log")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	code, _, stderr = loomsim("gclog", "fit", empty)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "empty.log")
	assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, stderr)
}
