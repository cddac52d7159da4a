package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// Without arguments the tool says what it is, how to call it, an example
// and the scenarios with the case each runs by default.
func TestNoArgumentsShowsAnOverview(t *testing.T) {
	code, out, stderr := loomsim()
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, about)
	assert.Contains(t, stderr, "usage:")
	assert.Contains(t, stderr, "example:\n  loomsim run ")
	for _, s := range scenario.All() {
		assert.Contains(t, stderr, s.ID+strings.Repeat(" ", 14-len(s.ID))+"("+s.DefaultCase+")")
	}
	code, out, _ = loomsim("help")
	assert.Equal(t, 0, code)
	assert.Equal(t, stderr, out, "help prints the same overview, on stdout")
}

// Every command explains itself with --help, -h or `help COMMAND`, on
// stdout with exit status 0, and nothing else runs.
func TestEveryCommandHasItsOwnHelp(t *testing.T) {
	for _, name := range []string{"list", "params", "profile", "run", "verify", "trace", "sweep", "gclog", "jvm"} {
		h, ok := helps[name]
		require.True(t, ok, name)
		for _, args := range [][]string{{name, "--help"}, {name, "-h"}, {"help", name}, {name, "request-load/pool-200", "--set", "requests=1", "--help"}} {
			code, out, stderr := loomsim(args...)
			assert.Equal(t, 0, code, "%v: %s", args, stderr)
			assert.Empty(t, stderr, args)
			assert.True(t, strings.HasPrefix(out, "usage:\n  "+h.synopsis+"\n"), "%v: %q", args, out)
			assert.Contains(t, out, "example:\n  loomsim "+name, args)
		}
	}
	code, _, stderr := loomsim("help", "frobnicate")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `help "frobnicate": no such command`)
}

// The trace's help says what every field of a line holds, for every kind
// of event the model can write.
func TestTraceHelpExplainsEveryEventKind(t *testing.T) {
	_, out, _ := loomsim("trace", "--help")
	for _, want := range []string{"nanoseconds", "t=#N", "c=N", "a, b", "1 virtual, 0 platform", "6 carrier", "2 sleep", "trace hash"[:5]} {
		assert.Contains(t, out, want)
	}
	for k := sim.EventKind(1); ; k++ {
		name, ok := kindName(k)
		if !ok {
			break
		}
		assert.Contains(t, out, "\n    "+name+" ", "the legend explains %s", name)
	}
}

// kindName is an event kind's name, or false past the last kind.
func kindName(k sim.EventKind) (name string, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return k.String(), true
}

func TestExtraArgumentsAreNamed(t *testing.T) {
	for _, args := range [][]string{
		{"run", "request-load/pool-200", "extra"},
		{"trace", "request-load/pool-200", "extra", "--until", "1ms"},
		{"params", "request-load", "extra"},
		{"sweep", "request-load/pool-200", "extra", "--knob", "requests=10:20:2", "--metric", "elapsed_ms"},
		{"verify", "request-load", "extra"},
		{"list", "extra"},
		{"gclog", "summary", "a.log", "extra"},
	} {
		code, _, stderr := loomsim(args...)
		assert.Equal(t, 2, code, args)
		assert.Contains(t, stderr, `"extra"`, args)
	}
	code, _, stderr := loomsim("run")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "run needs a SCENARIO argument")
}

func TestUnknownFlagSuggestsTheNearestOne(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "request-load", "--sed", "3"}, "unknown flag --sed: did you mean --seed?"},
		{[]string{"run", "request-load", "--jsn"}, "did you mean --json?"},
		{[]string{"sweep", "request-load", "--paralel", "2"}, "did you mean --parallel?"},
		{[]string{"trace", "request-load", "--untl=1ms"}, "did you mean --until?"},
		{[]string{"params", "request-load", "--json"}, "unknown flag --json: this command takes no flags"},
	} {
		code, _, stderr := loomsim(c.args...)
		assert.Equal(t, 2, code, c.args)
		assert.Contains(t, stderr, c.want, c.args)
	}
	_, _, stderr := loomsim("run", "request-load", "--frobnicate")
	assert.NotContains(t, stderr, "did you mean", "no suggestion for a word that is not a typo")
	// Three edits away ("json" to "set") is another word: trace takes no
	// --json, and suggesting --set sent a reader nowhere.
	_, _, stderr = loomsim("trace", "request-load", "--json")
	assert.Contains(t, stderr, "unknown flag --json (allowed: --set, --seed, --until)")
}

func TestListMarksTheDefaultCase(t *testing.T) {
	_, out, _ := loomsim("list")
	assert.Equal(t, len(scenario.All()), strings.Count(out, " (default)"))
	for _, s := range scenario.All() {
		assert.Contains(t, out, s.DefaultCase+" (default)", s.ID)
		_, out, _ := loomsim("params", s.ID)
		assert.Equal(t, 1, strings.Count(out, "(default: runs when no case is named)"), s.ID)
		assert.Regexp(t, "(?m)^  "+s.DefaultCase+" .*\\(default: runs when no case is named\\)$", out, s.ID)
	}
}

// A scenario without a case runs its default case and says so on stderr;
// stdout stays what was asked for (one JSON object with --json).
func TestDefaultCaseIsAnnouncedOnStderr(t *testing.T) {
	code, out, stderr := loomsim("run", "request-load", "--set", "requests=20", "--json")
	require.Equal(t, 0, code, stderr)
	var r map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, "virtual-per-request", r["case"])
	assert.Contains(t, stderr, "no case given: running request-load/virtual-per-request, the scenario's default case")
	_, _, stderr = loomsim("run", "request-load/pool-200", "--set", "requests=20", "--json")
	assert.Empty(t, stderr, "a named case is not announced")
	_, _, stderr = loomsim("trace", "request-load", "--set", "requests=2", "--until", "1ms")
	assert.Contains(t, stderr, "running request-load/virtual-per-request")
}

// A yes/no knob takes the words its allowed values list, and the refusal
// lists them: what params shows is what --set accepts.
func TestBooleanKnobsSayWhatTheyAccept(t *testing.T) {
	_, out, _ := loomsim("params", "request-load")
	assert.Contains(t, out, scenario.BoolAllowed)
	for _, word := range []string{"true", "yes", "on", "1", "false", "no", "off", "0"} {
		code, _, stderr := loomsim("run", "request-load/pool-200", "--set", "requests=5", "--set", "pin="+word)
		assert.Equal(t, 0, code, "%s: %s", word, stderr)
	}
	code, _, stderr := loomsim("run", "request-load/pool-200", "--set", "pin=maybe")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `pin="maybe" is not allowed: expected `+scenario.BoolAllowed)
	for _, word := range []string{"yes", "no", "1", "0", "maybe"} {
		v, ok := scenario.ParseBool(word)
		assert.Equal(t, word != "maybe", ok, word)
		assert.Equal(t, word == "yes" || word == "1", v, word)
	}
}
