package story

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/loomlab/loomlab/sim"
)

// The captions' numbers at the edges where their form changes: a unit's
// step, one decimal to a whole number, a share that rounds to nothing.
// (Mutation testing found none of these edges checked: game/story's
// format.go at 68 %, TESTING.md "Stop 28".)
func TestFormatsAtTheirEdges(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{count(0), "0"},
		{count(999), "999"},
		{count(1000), "1,000"},
		{count(1234567), "1,234,567"},
		{count(-1234), "-1,234"},
		{plural(1, "thread", "threads"), "thread"},
		{plural(0, "thread", "threads"), "threads"},
		{plural(2, "thread", "threads"), "threads"},

		{size(0), "0 B"},
		{size(1023), "1,023 B"},
		{size(1024), "1 KB"},
		{size(1536), "1.5 KB"},
		{size(1024*1024 - 1), "1,024 KB"},
		{size(1024 * 1024), "1 MB"},
		{size(7*1024*1024 + 819*1024), "7.8 MB"},
		{size(1024*1024*1024 - 1), "1,024 MB"},
		{size(1024 * 1024 * 1024), "1 GB"},
		{size(18*1024*1024*1024 + 768*1024*1024), "19 GB"},
		{size(5*1024*1024*1024 + 512*1024*1024), "5.5 GB"},

		{decimal(9.94), "9.9"},
		{decimal(9.95), "10"},
		{decimal(0.04), "0"},
		{decimal(0.05), "0.1"},
		{decimal(1234.5), "1,235"},

		{duration(999 * sim.Nanosecond), "1 µs"},
		{duration(sim.Microsecond), "1 µs"},
		{duration(sim.Millisecond - sim.Microsecond), "999 µs"},
		{duration(sim.Millisecond), "1 ms"},
		{duration(1500 * sim.Microsecond), "1.5 ms"},
		{duration(sim.Second - sim.Millisecond), "999 ms"},
		{duration(sim.Second), "1 s"},
		{duration(99990 * sim.Millisecond), "99.99 s"},
		{duration(99999 * sim.Millisecond), "100 s"},
		{duration(100 * sim.Second), "100 s"},
		{duration(1234 * sim.Second), "1,234 s"},

		{pauseLength(11300 * sim.Microsecond), "11.3 ms"},
		{pauseLength(999 * sim.Millisecond), "999.0 ms"},
		{pauseLength(sim.Second), "1 s"},
		{pauseLength(1500 * sim.Millisecond), "1.5 s"},

		{percent(1, 0), "0 %"},
		{percent(1, -1), "0 %"},
		{percent(0, 10), "0 %"},
		{percent(0.049, 10), "under 1 %"},
		{percent(0.05, 10), "1 %"},
		{percent(8.2, 10), "82 %"},
		{percent(10, 10), "100 %"},

		{upper(""), ""},
		{upper("main has started"), "Main has started"},
		{lowerFirst("The pool"), "the pool"},
		{lowerFirst("GC stops"), "GC stops"},
		{lowerFirst("C2 compiled"), "C2 compiled"},
		{lowerFirst("A"), "A"},
		{lowerFirst("all done"), "all done"},
		{lowerFirst("#12 runs"), "#12 runs"},
		{lowerFirst("Zed"), "zed"},
		{lowerFirst("@x"), "@x"},
		{lowerFirst("[x"), "[x"},
		{lowerFirst("An x"), "an x"},
		{lowerFirst("AAB"), "AAB"},
		{lowerFirst("AZ"), "AZ"},
		{lowerFirst("A0"), "A0"},
		{lowerFirst("A9"), "A9"},
		{lowerFirst("Ax"), "ax"},
	} {
		assert.Equal(t, c.want, c.got)
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 111: "111th", 1002: "1,002nd"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}
