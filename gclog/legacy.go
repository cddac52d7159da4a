package gclog

import "strings"

// isLegacyLine recognises JDK 8's GC logging (-XX:+PrintGC, -XX:+PrintGCDetails,
// -XX:+PrintHeapAtGC), which has no decorations and writes collections as bracketed records:
//
//	2.345: [GC (Allocation Failure) [PSYoungGen: 16384K->2544K(18944K)] 16384K->4000K(62976K), 0.0101 secs] [Times: ...]
//	2024-05-01T10:00:00.123+0000: 5.678: [Full GC (Ergonomics) [PSYoungGen: ...
//	{Heap before GC invocations=1 (full 0):
//	CommandLine flags: -XX:InitialHeapSize=... -XX:+PrintGCDetails ...
//
// Its date and uptime prefixes ("…+0000: ", "2.345: ") are skipped before looking.
func isLegacyLine(line string) bool {
	s := strings.TrimLeft(line, " ")
	for range 2 {
		head, rest, ok := strings.Cut(s, ": ")
		if !ok || strings.ContainsAny(head, " [") {
			break
		}
		if _, isTime := parseISOTime(head); isTime || isLegacyUptime(head) {
			s = rest
		}
	}
	for _, prefix := range []string{"[GC ", "[GC(", "[Full GC", "{Heap before GC", "CommandLine flags: "} {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

// isLegacyUptime: JDK 8's uptime prefix, seconds with three decimals ("2.345", "2,345").
func isLegacyUptime(s string) bool {
	_, ok := parseFixed(s, 3)
	return ok && strings.ContainsAny(s, ".,")
}
