package play

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/loomlab/loomlab/sim"
)

// request-load's virtual threads keep 11 of the pool's 12 carriers busy
// (carriers start on demand, up to the parallelism): the picture's lanes
// and their title, its caption, its OS threads' panel and the page's
// status line (state().carriers) all count the carriers started. The
// lanes once counted the parallelism: "carriers: 12 of 18 OS threads"
// and 12 boxes stood beside "18 = 11 carriers + 7 JVM" and the status
// line's "11 of them carriers".
func TestCarrierCountsAgree(t *testing.T) {
	p := pausedAt(t, `{"scenario":"request-load","case":"virtual-per-request","seed":1}`, sim.Time(7100*sim.Microsecond))
	st := p.State()
	snap := p.Inputs(nil)[0].Snap
	require.Less(t, snap.CarriersStarted(), snap.Parallelism, "the premise: fewer carriers started than the parallelism")
	want := st.Carriers
	require.Equal(t, snap.CarriersStarted(), want, "the status line's count")
	l := desktopFrame(p)
	txt := frameText(l)
	counted := func(re string) []int {
		var out []int
		for _, m := range regexp.MustCompile(re).FindAllStringSubmatch(txt+st.Caption, -1) {
			n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
			out = append(out, n)
		}
		return out
	}
	for _, c := range [][2]string{
		{`carriers: ([0-9,]+) `, "the lanes' title"},
		{`= ([0-9,]+) carriers`, "the OS threads' sum"},
		{`none of the ([0-9,]+) carriers`, "the caption"},
	} {
		got := counted(c[0])
		if assert.NotEmpty(t, got, "%s counts the carriers: %s", c[1], txt) {
			for _, n := range got {
				assert.Equal(t, want, n, "%s", c[1])
			}
		}
	}
	lanes := 0
	for _, r := range l.Regions() {
		if r.Detail && strings.HasPrefix(r.Text, "worker-") {
			lanes++
		}
	}
	assert.Equal(t, want, lanes, "the carriers drawn")
}

// request-load's memory line names every part, not the JVM's alone:
// "memory 39.0 MB, of it the JVM itself 38.0 MB" left a reader looking
// for the other 1.0 MB (the heap's 786 KB and the carriers' 288 KB, whose
// decimals made the sum too long for the panel).
func TestRequestLoadMemoryLineNamesEveryPart(t *testing.T) {
	p := pausedAt(t, `{"scenario":"request-load","case":"virtual-per-request","seed":1}`, sim.Time(7100*sim.Microsecond))
	txt := frameText(desktopFrame(p))
	assert.Regexp(t, `\nmemory [0-9.]+ MB = [0-9.]+ KB heap \+ [0-9.]+ KB carriers \+ [0-9.]+ MB JVM\n`, txt)
}
