package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The README's profile tables, figure roles, deviations and role summary
// are generated from the scenarios, so that the numbers documented are the
// numbers the model uses.
// Refresh with `go test ./sim/scenario -run README -update`.
func TestREADMEProfilesAreCurrent(t *testing.T) {
	path := filepath.Join("..", "..", "README.md")
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	doc := string(raw)
	type part struct{ tag, body string }
	parts := []part{{"verify-summary", PassingSummary(All()).String() + ".\n"}}
	for _, s := range All() {
		parts = append(parts, part{"profile:" + s.ID, ProfileMarkdown(s)}, part{"roles:" + s.ID, RolesMarkdown(s)},
			part{"deviations:" + s.ID, DeviationsMarkdown(s)})
	}
	for _, part := range parts {
		open, close := "<!-- "+part.tag+" -->\n", "<!-- /"+part.tag+" -->"
		i := strings.Index(doc, open)
		j := strings.Index(doc, close)
		require.True(t, i >= 0 && j > i, "README lacks the %s section", part.tag)
		if *update {
			doc = doc[:i+len(open)] + part.body + doc[j:]
			continue
		}
		require.Equal(t, part.body, doc[i+len(open):j], "README section %s is stale; run with -update", part.tag)
	}
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(doc), 0o644))
	}
}
