package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The README's figure roles, deviations and role summary, and
// docs/articles.md's profile tables, are generated from the scenarios, so
// that the numbers documented are the numbers the model uses.
// Refresh with `go test ./sim/scenario -run README -update`.
func TestREADMEProfilesAreCurrent(t *testing.T) {
	readme := []part{{"verify-summary", PassingSummary(All()).String() + ".\n"}}
	var articles []part
	for _, s := range All() {
		readme = append(readme, part{"roles:" + s.ID, RolesMarkdown(s)}, part{"deviations:" + s.ID, DeviationsMarkdown(s)})
		articles = append(articles, part{"profile:" + s.ID, ProfileMarkdown(s)})
	}
	checkGenerated(t, filepath.Join("..", "..", "README.md"), readme)
	raw, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	require.NotContains(t, string(raw), "<!-- profile:", "the profile tables live in docs/articles.md, not in the README (a merge may bring one back)")
	checkGenerated(t, filepath.Join("..", "..", "docs", "articles.md"), articles)
}

// part is a generated section of a Markdown file: the text between
// <!-- tag --> and <!-- /tag -->.
type part struct{ tag, body string }

// checkGenerated requires every part's section of the file to hold its
// body, or, with -update, writes the bodies in.
func checkGenerated(t *testing.T, path string, parts []part) {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	doc := string(raw)
	for _, part := range parts {
		open, close := "<!-- "+part.tag+" -->\n", "<!-- /"+part.tag+" -->"
		i := strings.Index(doc, open)
		j := strings.Index(doc, close)
		require.True(t, i >= 0 && j > i, "%s lacks the %s section", path, part.tag)
		if *update {
			doc = doc[:i+len(open)] + part.body + doc[j:]
			continue
		}
		require.Equal(t, part.body, doc[i+len(open):j], "%s: section %s is stale; run with -update", path, part.tag)
	}
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(doc), 0o644))
	}
}
