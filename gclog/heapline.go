package gclog

import (
	"errors"
	"strconv"
	"strings"
)

// generationNames maps the names gc+heap lines give heap spaces to what they are.
var generationNames = map[string]Space{
	"PSYoungGen": YoungGen, "DefNew": YoungGen,
	"ParOldGen": OldGen, "PSOldGen": OldGen, "Tenured": OldGen,
	"Eden": Eden, "From": Survivor,
	"Eden regions": Eden, "Survivor regions": Survivor, "Old regions": OldGen,
	"Humongous regions": Humongous, "Archive regions": Archive,
}

// parseGenLine reads a gc+heap line of one GC:
//
//	PSYoungGen: 16384K(18944K)->2544K(18944K) Eden: 16384K(16384K)->0K(16384K) From: 0K(2560K)->2544K(2560K)
//	ParOldGen: 0K(44032K)->1580K(44032K)
//	PSYoungGen: 16384K->2544K(18944K)          (JDK 9 to 16)
//	Eden regions: 24->0(21)                    (G1: region counts)
//	Old regions: 0->2
//
// isGen is false when the line starts with no known space name (Metaspace lines, for one); err is
// set when it does but the numbers do not parse.
func parseGenLine(rest string) (gens []Generation, isGen bool, err error) {
	fields := strings.Fields(rest)
	var name []string
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if !strings.HasSuffix(f, ":") {
			name = append(name, f)
			continue
		}
		name = append(name, strings.TrimSuffix(f, ":"))
		full := strings.Join(name, " ")
		name = name[:0]
		space, known := generationNames[full]
		if !known {
			if len(gens) == 0 {
				return nil, false, nil
			}
			i++ // a space this reader does not use (none in JDK 17): skip its numbers
			continue
		}
		if i+1 >= len(fields) {
			return nil, true, errors.New("no sizes after " + full)
		}
		i++
		g, err := parseGenTransition(space, full, fields[i])
		if err != nil {
			return nil, true, err
		}
		gens = append(gens, g)
	}
	return gens, len(gens) > 0, nil
}

// parseGenTransition reads "a(b)->c(d)", "a->c(d)" (sizes) or, for G1's regions, "a->c(d)" and
// "a->c" (counts). Both forms are read by one path: the four places (before, after, capacity
// before, capacity after) hold sizes, or counts for a space named "... regions", whose count has
// no capacity before the arrow and whose "(d)" is the target G1 aims for.
func parseGenTransition(space Space, name, t string) (Generation, error) {
	g := Generation{Space: space, Name: name}
	l, r, found := strings.Cut(t, "->")
	if !found {
		return g, errors.New("no \"->\" in the sizes of " + name)
	}
	bv, bc := splitCap(l)
	av, ac := splitCap(r)
	regions := strings.HasSuffix(name, "regions")
	var v [4]int64
	for i, f := range [4]string{bv, av, bc, ac} {
		if i >= 2 && f == "" {
			continue // a capacity is optional
		}
		var ok bool
		if regions {
			var n int
			n, ok = regionCount(f)
			ok = ok && i != 2
			v[i] = int64(n)
		} else {
			var b Bytes
			b, ok = parseSize(f)
			v[i] = int64(b)
		}
		if !ok {
			return g, errors.New("unreadable sizes " + strconv.Quote(t) + " of " + name)
		}
	}
	if regions {
		g.RegionsBefore, g.RegionsAfter, g.RegionsTarget = int(v[0]), int(v[1]), int(v[3])
	} else {
		g.Before, g.After, g.CapacityBefore, g.CapacityAfter = Bytes(v[0]), Bytes(v[1]), Bytes(v[2]), Bytes(v[3])
	}
	return g, nil
}

// maxRegions bounds a count of G1 regions: G1 aims at 2048 and allows at most a few hundred
// thousand; with region sizes of at most maxRegionSize, regions × size fits int64.
const maxRegions = 1 << 20

// maxRegionSize bounds G1's region size (JDK 18+ allows 512 MB).
const maxRegionSize = GB

// regionCount reads a count of G1 regions.
func regionCount(s string) (int, bool) {
	if s == "" || len(s) > 9 || !allDigits(s) {
		return 0, false
	}
	n, _ := strconv.Atoi(s)
	return n, n <= maxRegions
}
