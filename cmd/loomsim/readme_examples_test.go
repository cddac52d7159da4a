package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeExample is a command the README shows with its output: a line
// "$ go run ./cmd/loomsim ARGS" in a fenced block, then what it prints, up
// to the next "$ " line or the block's end.
type readmeExample struct {
	args   []string
	output string
}

// readmeExamples reads every shown command of a Markdown text.
func readmeExamples(doc string) []readmeExample {
	const prompt = "$ go run ./cmd/loomsim "
	var out []readmeExample
	inBlock := false
	var cur *readmeExample
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	for _, line := range strings.Split(doc, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			flush()
			inBlock = !inBlock
		case inBlock && strings.HasPrefix(line, "$ "):
			flush()
			if rest, ok := strings.CutPrefix(line, prompt); ok {
				cur = &readmeExample{args: strings.Fields(rest)}
			}
		case cur != nil:
			cur.output += line + "\n"
		}
	}
	flush()
	return out
}

// wallTime is the one part of run's output that is not the model's: the
// wall-clock seconds the run took.
var wallTime = regexp.MustCompile(`\d+\.\d+ s wall`)

// comparable masks the wall time and trailing spaces (which editors drop).
func comparable(s string) string {
	s = wallTime.ReplaceAllString(s, "… s wall")
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// The README's example output is the tool's: each command it shows runs,
// and prints exactly what the README says (but for the wall time). A change
// of the model's numbers or of the output's form fails here until the
// README shows the new output. Each example is a short run.
func TestREADMEExamplesAreTheToolsOutput(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	examples := readmeExamples(string(raw))
	shown := map[string]bool{}
	for _, e := range examples {
		shown[strings.Join(e.args, " ")] = true
		code, out, stderr := loomsim(e.args...)
		require.Equal(t, 0, code, "%v: %s", e.args, stderr)
		assert.Equal(t, comparable(e.output), comparable(out), "README's output of loomsim %s", strings.Join(e.args, " "))
	}
	for _, want := range []string{"list", "run request-load/pool-200", "verify request-load"} {
		assert.True(t, shown[want], "the README's quick start shows `loomsim %s` with its output", want)
	}
}

func TestReadmeExamplesParser(t *testing.T) {
	doc := "text\n```\n$ go run ./cmd/loomsim list\na\n  b\n$ go run ./cmd/loomsim run x/y --seed 2\nc\n```\n$ go run ./cmd/loomsim not-in-a-block\n"
	got := readmeExamples(doc)
	require.Len(t, got, 2)
	assert.Equal(t, []string{"list"}, got[0].args)
	assert.Equal(t, "a\n  b\n", got[0].output)
	assert.Equal(t, []string{"run", "x/y", "--seed", "2"}, got[1].args)
	assert.Equal(t, "c\n", got[1].output)
	assert.Equal(t, "x 1.0 s of virtual time (… s wall)", comparable("x 1.0 s of virtual time (0.21 s wall)  \n"))
}
