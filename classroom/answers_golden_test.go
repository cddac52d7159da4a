package classroom

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The model's answer to every exercise and variant is pinned in
// testdata/answers.golden. TestExercisesGradeAgainstTheModel grades each
// answer against the model's own value, which would pass whatever the model
// computed; the golden table is what fails when a model change moves an
// answer, so that it is looked at and re-recorded on purpose:
//
//	go test ./classroom -run TestExercisesGradeAgainstTheModel -update
//
// Values are written in full (the shortest decimal that reads back to the
// same float64): the model is deterministic to the bit, natively and in wasm.
var update = flag.Bool("update", false, "rewrite testdata/answers.golden from the model")

var answersGolden = filepath.Join("testdata", "answers.golden")

const answersHeader = "# The model's answer to each classroom exercise and variant (exercise, variant, seed: kind, value, choice).\n" +
	"# Written by `go test ./classroom -run TestExercisesGradeAgainstTheModel -update`; re-record only on purpose.\n"

// answerKey names one attempt in the golden table.
func answerKey(id string, variant int, seed uint64) string {
	return fmt.Sprintf("%s variant %d seed %d", id, variant, seed)
}

// answerText is the recorded form of a model answer.
func answerText(kind AnswerKind, a Answer) string {
	s := kind.String() + " " + strconv.FormatFloat(a.Value, 'g', -1, 64)
	if a.Choice != "" {
		s += " " + a.Choice
	}
	return s
}

// readAnswers reads the golden table: key → answer text.
func readAnswers(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(answersGolden)
	require.NoError(t, err, "missing %s; run with -update to create it", answersGolden)
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, answer, ok := strings.Cut(line, ": ")
		require.True(t, ok, "%s: malformed line %q", answersGolden, line)
		out[key] = answer
	}
	return out
}

// checkAnswers compares the answers computed in this run with the golden
// table, or rewrites the table with -update. complete says every exercise and
// variant was run, so a recorded attempt that was not computed is stale.
func checkAnswers(t *testing.T, got map[string]string, complete bool) {
	t.Helper()
	if *update {
		require.True(t, complete, "-update needs the full run (not -short, not wasm)")
		keys := make([]string, 0, len(got))
		for k := range got {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var buf bytes.Buffer
		buf.WriteString(answersHeader)
		for _, k := range keys {
			fmt.Fprintf(&buf, "%s: %s\n", k, got[k])
		}
		require.NoError(t, os.WriteFile(answersGolden, buf.Bytes(), 0o644))
		return
	}
	want := readAnswers(t)
	for k, g := range got {
		w, ok := want[k]
		if !assert.True(t, ok, "%s is not in %s; run with -update to record it", k, answersGolden) {
			continue
		}
		assert.Equal(t, w, g, "%s: the model's answer moved from the recorded one; if that is intended, re-record with -update", k)
	}
	if complete {
		for k := range want {
			_, ok := got[k]
			assert.True(t, ok, "%s is recorded in %s but no exercise asks it any more; re-record with -update", k, answersGolden)
		}
	}
}
