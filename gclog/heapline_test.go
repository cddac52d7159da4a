package gclog

import (
	"errors"
	"strings"
	"testing"
)

// gc+heap lines at their edges: a space this reader does not use between ones it does, a name
// with no sizes after it, and G1 region counts at their bound.
func TestGenerationLineEdges(t *testing.T) {
	// A space the reader does not know, after one it does, is skipped with its sizes; the spaces
	// around it are kept.
	gens, isGen, err := parseGenLine("PSYoungGen: 9216K(10240K)->1024K(10240K) Scratch: 5K(6K)->6K(6K) From: 0K(1024K)->1024K(1024K)")
	if err != nil || !isGen || len(gens) != 2 || gens[0].Name != "PSYoungGen" || gens[1].Name != "From" || gens[1].After != 1024*KB {
		t.Errorf("unknown space in the middle: %+v, %v, %v; want PSYoungGen and From", gens, isGen, err)
	}
	// A line that starts with an unknown space is no generation line (Metaspace's, say).
	if _, isGen, err := parseGenLine("Metaspace: 8151K(8384K)->8151K(8384K) NonClass: 7194K(7296K)->7194K(7296K)"); isGen || err != nil {
		t.Errorf("a metaspace line read as generations: %v, %v", isGen, err)
	}
	// A known name at the end of the line, with no sizes after it, is refused.
	_, err = parseString("[1.0s][info][gc] Using Parallel\n[1.0s][info][gc,heap] GC(0) ParOldGen:\n")
	if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "no sizes after ParOldGen") {
		t.Errorf("a name without sizes: %v", err)
	}
	_, err = parseString("[1.0s][info][gc] Using Parallel\n[1.0s][info][gc,heap] GC(0) ParOldGen: 1580K(44032K)\n")
	if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), `no "->"`) {
		t.Errorf("sizes without an arrow: %v", err)
	}
}

// A region count is at most 2^20 (with at most nine digits, leading zeros included).
func TestRegionCountBound(t *testing.T) {
	for s, want := range map[string]int{"0": 0, "39": 39, "000000039": 39, "1048576": 1 << 20} {
		if n, ok := regionCount(s); !ok || n != want {
			t.Errorf("regionCount(%q) = %d, %v; want %d", s, n, ok, want)
		}
	}
	for _, s := range []string{"", "1048577", "0000000039", "-1", "3x"} {
		if n, ok := regionCount(s); ok {
			t.Errorf("regionCount(%q) = %d, want refused", s, n)
		}
	}
}
