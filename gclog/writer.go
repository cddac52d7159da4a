package gclog

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// AppendEvent writes an event as the lines a JVM run with -Xlog:gc*:file=...:uptimenanos,level,tags
// would write for it: its gc+heap lines, then its summary line. Nanosecond uptimes, six-decimal
// milliseconds and sizes in the largest exact unit lose nothing, so reading the lines back gives
// the same event (tests rely on it). The forms are HotSpot's own:
//
//	[1234567ns][info][gc,heap] GC(3) PSYoungGen: 16M(18M)->2M(18M)
//	[1234567ns][info][gc] GC(3) Pause Young (Allocation Failure) 20M->6M(61M) 52.382000ms
//
// Events that no collector writes that way are refused: a mixed GC whose phase is not "Mixed",
// a concurrent event other than G1's "Mark Cycle" or "Undo Cycle" (ZGC and Shenandoah cycles are
// joined from many lines), causes or phases with parentheses, generations on a pause that has none.
func AppendEvent(dst []byte, e *Event) ([]byte, error) {
	if e.ID < 0 || e.ID > 999_999_999 {
		return dst, fmt.Errorf("GC id %d is outside 0..999999999", e.ID)
	}
	if e.Time < 0 || e.Time >= wallClockFloor {
		return dst, fmt.Errorf("time %d ns is not an uptime", e.Time)
	}
	for _, s := range []string{e.Cause, e.Phase} {
		if strings.ContainsAny(s, "\n\r") || strings.Contains(s, "->") || s != strings.TrimSpace(s) || strings.Contains(s, "  ") {
			return dst, fmt.Errorf("cause or phase %q cannot be written on one line", s)
		}
	}
	// A cause may hold balanced parentheses, as "System.gc()" does; a phase is a plain name.
	if strings.ContainsAny(e.Phase, "()") || !balanced(e.Cause) {
		return dst, fmt.Errorf("phase %q or cause %q has parentheses that would not read back", e.Phase, e.Cause)
	}
	if e.Before < 0 || e.After < 0 || e.Commit < 0 {
		return dst, errors.New("negative heap size")
	}
	for _, g := range e.Gens {
		if g.Before < 0 || g.After < 0 || g.CapacityBefore < 0 || g.CapacityAfter < 0 ||
			g.RegionsBefore < 0 || g.RegionsAfter < 0 || g.RegionsTarget < 0 {
			return dst, fmt.Errorf("negative size in %s", g.Name)
		}
	}
	head, err := summaryHead(e)
	if err != nil {
		return dst, err
	}
	prefix := func(tags string) []byte {
		b := append(dst, '[')
		b = strconv.AppendInt(b, int64(e.Time), 10)
		b = append(b, "ns][info]["...)
		b = append(b, tags...)
		b = append(b, "] GC("...)
		b = strconv.AppendInt(b, int64(e.ID), 10)
		return append(b, ") "...)
	}
	for _, g := range e.Gens {
		dst = prefix("gc,heap")
		dst = appendGen(dst, g)
		dst = append(dst, '\n')
	}
	dst = prefix("gc")
	dst = append(dst, head...)
	if e.HasHeap {
		dst = append(dst, ' ')
		dst = append(dst, e.Before.String()...)
		dst = append(dst, "->"...)
		dst = append(dst, e.After.String()...)
		if e.Commit != 0 {
			dst = append(dst, '(')
			dst = append(dst, e.Commit.String()...)
			dst = append(dst, ')')
		}
	}
	d := e.Pause
	if e.Kind == Concurrent {
		d = e.Duration
	}
	dst = fmt.Appendf(dst, " %d.%06dms\n", d/Millisecond, d%Millisecond)
	return dst, nil
}

// summaryHead is the summary line up to its sizes: "Pause Young (Normal) (G1 Evacuation Pause)".
func summaryHead(e *Event) (string, error) {
	paren := func(s string) string {
		if s == "" {
			return ""
		}
		return " (" + s + ")"
	}
	if e.Pause < 0 || e.Duration < 0 {
		return "", errors.New("negative pause or duration")
	}
	if e.Kind != Concurrent && e.Duration != 0 {
		return "", fmt.Errorf("a %v event has a pause, not a duration", e.Kind)
	}
	noGens := func(what string) (string, error) {
		if len(e.Gens) > 0 || e.Cause != "" || e.HasHeap && e.Kind != Remark && e.Kind != Cleanup {
			return "", fmt.Errorf("a %v event has no generations, cause or heap sizes", e.Kind)
		}
		return what, nil
	}
	switch e.Kind {
	case Young:
		if e.Phase == "Mixed" || e.Phase == "Initial Mark" || e.Phase != "" && e.Cause == "" {
			return "", fmt.Errorf("a young GC of phase %q and cause %q is written differently", e.Phase, e.Cause)
		}
		return "Pause Young" + paren(e.Phase) + paren(e.Cause), nil
	case Mixed:
		if e.Phase != "Mixed" || e.Cause == "" {
			return "", errors.New(`a mixed GC has the phase "Mixed" and a cause`)
		}
		return "Pause Young (Mixed)" + paren(e.Cause), nil
	case Full:
		if e.Phase != "" {
			return "", errors.New("a Full GC has no phase")
		}
		return "Pause Full" + paren(e.Cause), nil
	case Degenerated:
		if e.Cause != "" || e.Phase == "" {
			return "", errors.New("a degenerated GC has a phase and no cause")
		}
		return "Pause Degenerated GC" + paren(e.Phase), nil
	case Remark, Cleanup:
		if e.Phase != "" {
			return "", fmt.Errorf("a %v pause has no phase", e.Kind)
		}
		return noGens("Pause " + strings.ToUpper(e.Kind.String()[:1]) + e.Kind.String()[1:])
	case Pause:
		if e.Phase == "" || isWrittenOtherwise(e.Phase) {
			return "", fmt.Errorf("a pause named %q is read as another kind", e.Phase)
		}
		return noGens("Pause " + e.Phase)
	case Concurrent:
		if e.Phase != "Mark Cycle" && e.Phase != "Undo Cycle" || e.Pause != 0 {
			return "", errors.New(`only G1's "Mark Cycle" and "Undo Cycle" are written as one line, with no pause`)
		}
		return noGens("Concurrent " + e.Phase)
	}
	return "", fmt.Errorf("invalid kind %d", e.Kind)
}

// isWrittenOtherwise: pause names that the reader takes for another kind of event.
func isWrittenOtherwise(phase string) bool {
	first, _, _ := strings.Cut(phase, " ")
	switch first {
	case "Young", "Mixed", "Full", "Remark", "Cleanup", "Initial":
		return true
	}
	return strings.HasPrefix(phase, "Degenerated GC")
}

// appendGen writes "PSYoungGen: 16M(18M)->2M(18M)" or, for G1, "Eden regions: 24->0(21)".
func appendGen(dst []byte, g Generation) []byte {
	dst = append(dst, g.Name...)
	dst = append(dst, ": "...)
	if strings.HasSuffix(g.Name, "regions") {
		dst = strconv.AppendInt(dst, int64(g.RegionsBefore), 10)
		dst = append(dst, "->"...)
		dst = strconv.AppendInt(dst, int64(g.RegionsAfter), 10)
		if g.RegionsTarget != 0 {
			dst = fmt.Appendf(dst, "(%d)", g.RegionsTarget)
		}
		return dst
	}
	dst = appendKilo(dst, g.Before)
	if g.CapacityBefore != 0 {
		dst = appendKilo(append(dst, '('), g.CapacityBefore)
		dst = append(dst, ')')
	}
	dst = append(dst, "->"...)
	dst = appendKilo(dst, g.After)
	if g.CapacityAfter != 0 || g.CapacityBefore != 0 {
		dst = appendKilo(append(dst, '('), g.CapacityAfter)
		dst = append(dst, ')')
	}
	return dst
}

// appendKilo writes a size in K, as HotSpot's gc+heap lines do, or in B when not a whole K.
func appendKilo(dst []byte, b Bytes) []byte {
	if b%KB == 0 {
		return append(strconv.AppendInt(dst, int64(b/KB), 10), 'K')
	}
	return append(strconv.AppendInt(dst, int64(b), 10), 'B')
}

// balanced reports whether every parenthesis in s is closed and none closes early.
func balanced(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}
