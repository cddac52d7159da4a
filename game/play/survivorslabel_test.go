package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/game/view"
)

// The pair's young row names eden and the survivor spaces on one line:
// at vt-pooling's opening (the pooled run at 1.979 s beside a thread per
// request) "eden 50.7 MB" ended where "survivors" began, and a reader
// read "MBsurvivors". Labels on one line keep a character's gap.
func TestYoungRowLabelsKeepApart(t *testing.T) {
	p, _ := openedAtItsMoment(t, `{"scenario":"vt-pooling","case":"1g-pool","seed":1}`, true)
	l := desktopFrame(p)
	var texts []view.Item
	for _, it := range l.Items {
		if it.Kind == view.KindText && strings.TrimSpace(it.Text) != "" {
			texts = append(texts, it)
		}
	}
	survivors := 0
	for _, a := range texts {
		if a.Text != "survivors" {
			continue
		}
		survivors++
		ab := a.Bounds()
		for _, b := range texts {
			bb := b.Bounds()
			if b.Text == a.Text && bb == ab || bb.Y >= ab.Bottom() || ab.Y >= bb.Bottom() {
				continue
			}
			gap := max(ab.X-bb.Right(), bb.X-ab.Right())
			assert.GreaterOrEqual(t, gap, float32(view.CharW)/2, "%q at %v and %q at %v on one line", a.Text, ab, b.Text, bb)
		}
	}
	require.Positive(t, survivors, "the premise: the survivor spaces named by one word")
}
