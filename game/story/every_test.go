package story

import (
	"regexp"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim/scenario"
)

// badWords are what a rule gone wrong would print.
var badWords = regexp.MustCompile(`NaN|Inf|(^|[ (])-\d|\b0 of 0\b|%!|<nil>|model \d`)

// Every case of every scenario, shortened, with two seeds: the caption is
// never empty or malformed, at most three sentences, and the moments come
// once per kind, in time order, no later than the run.
func TestEveryCaseTellsAWellFormedStory(t *testing.T) {
	for _, sc := range scenario.All() {
		for _, c := range sc.Cases {
			for _, seed := range []uint64{1, 9} {
				r := newRun(t, sc.ID+"/"+c.ID, sc.ShortSet(), seed)
				for step := 0; step < 400 && !r.sm.Done(); step++ {
					caption := r.to(float64(step+1)*5, 5)
					name := sc.ID + "/" + c.ID
					if caption == "" || badWords.MatchString(caption) {
						t.Fatalf("%s seed %d at %v: caption %q", name, seed, r.snap.Time, caption)
					}
					if n := strings.Count(caption, ". "); n > 2 {
						t.Fatalf("%s seed %d: %d sentences in %q", name, seed, n+1, caption)
					}
				}
				kinds := map[Kind]bool{}
				for i, m := range r.seen {
					if kinds[m.Kind] {
						t.Errorf("%s/%s: %s twice", sc.ID, c.ID, m.Kind)
					}
					kinds[m.Kind] = true
					if m.At > r.snap.Time || (i > 0 && m.At < r.seen[i-1].At && m.Kind != FirstGC) {
						t.Errorf("%s/%s: moment %s at %v out of order (run at %v)", sc.ID, c.ID, m.Kind, m.At, r.snap.Time)
					}
					if m.Sentence == "" || badWords.MatchString(m.Sentence) {
						t.Errorf("%s/%s: moment %s says %q", sc.ID, c.ID, m.Kind, m.Sentence)
					}
				}
			}
		}
	}
}
