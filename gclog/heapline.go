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
// "a->c" (counts).
func parseGenTransition(space Space, name, t string) (Generation, error) {
	g := Generation{Space: space, Name: name}
	l, r, found := strings.Cut(t, "->")
	if !found {
		return g, errors.New("no \"->\" in the sizes of " + name)
	}
	bv, bc := splitCap(l)
	av, ac := splitCap(r)
	bad := errors.New("unreadable sizes " + strconv.Quote(t) + " of " + name)
	if strings.HasSuffix(name, "regions") {
		var ok bool
		if g.RegionsBefore, ok = regionCount(bv); !ok || bc != "" {
			return g, bad
		}
		if g.RegionsAfter, ok = regionCount(av); !ok {
			return g, bad
		}
		if ac != "" {
			if g.RegionsTarget, ok = regionCount(ac); !ok {
				return g, bad
			}
		}
		return g, nil
	}
	var ok bool
	if g.Before, ok = parseSize(bv); !ok {
		return g, bad
	}
	if g.After, ok = parseSize(av); !ok {
		return g, bad
	}
	if bc != "" {
		if g.CapacityBefore, ok = parseSize(bc); !ok {
			return g, bad
		}
	}
	if ac != "" {
		if g.CapacityAfter, ok = parseSize(ac); !ok {
			return g, bad
		}
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
