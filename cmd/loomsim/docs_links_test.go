package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// markdownLink is a Markdown link's target: [text](target).
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// Every link inside the README and docs/ leads somewhere: a file of the
// repository and, with #anchor, one of its headings. Links to other sites
// are not followed (no network in tests).
func TestDocumentLinksResolve(t *testing.T) {
	root := filepath.Join("..", "..")
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	docs = append(docs, filepath.Join(root, "README.md"))
	links := 0
	for _, doc := range docs {
		raw, err := os.ReadFile(doc)
		require.NoError(t, err)
		for _, m := range markdownLink.FindAllStringSubmatch(string(raw), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			file, anchor, _ := strings.Cut(target, "#")
			path := doc
			if file != "" {
				path = filepath.Join(filepath.Dir(doc), file)
			}
			info, err := os.Stat(path)
			if !assert.NoError(t, err, "%s links to %s", doc, target) || anchor == "" {
				continue
			}
			require.False(t, info.IsDir(), "%s: an anchor into a directory: %s", doc, target)
			text, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Contains(t, headingAnchors(string(text)), anchor, "%s links to %s: no such heading", doc, target)
		}
	}
	assert.NotZero(t, links, "the README links to its docs")
}

// headingAnchors are the anchors a Markdown renderer gives a file's
// headings, GitHub's way: lower case, punctuation dropped, spaces as
// hyphens, a repeated heading numbered.
func headingAnchors(doc string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	inBlock := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "```") {
			inBlock = !inBlock
		}
		if inBlock || !strings.HasPrefix(line, "#") {
			continue
		}
		a := anchorOf(strings.TrimSpace(strings.TrimLeft(line, "#")))
		if n := seen[a]; n > 0 {
			anchors[a+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

func anchorOf(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestHeadingAnchors(t *testing.T) {
	got := headingAnchors("# Loomlab\n## The articles: what the model reproduces\n### `vt-pooling`\n```\n# not a heading\n```\n## Loomlab\n")
	assert.Equal(t, map[string]bool{"loomlab": true, "the-articles-what-the-model-reproduces": true, "vt-pooling": true, "loomlab-1": true}, got)
}
