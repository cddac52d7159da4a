package gclog

import "strings"

// summaryLine is a GC line taken apart: "Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(256M)
// 3.456ms" has the name "Pause Young", two parenthesised words, a heap transition and a duration.
type summaryLine struct {
	name     string
	parens   []string
	hasSizes bool
	before   Bytes
	after    Bytes
	commit   Bytes
	hasDur   bool
	dur      Nanos
}

// paren returns the i-th parenthesised part, or "".
func (s summaryLine) paren(i int) string {
	if i < 0 || i >= len(s.parens) {
		return ""
	}
	return s.parens[i]
}

// splitSummary reads the parts from the end: a duration, then a heap transition, then the name and
// its parenthesised parts (which may nest, as in "Pause Full (System.gc())").
func splitSummary(rest string) summaryLine {
	var s summaryLine
	head := rest
	if i := strings.LastIndexByte(head, ' '); i >= 0 {
		if d, ok := parseDuration(head[i+1:]); ok {
			s.dur, s.hasDur, head = d, true, head[:i]
		}
	}
	if i := strings.LastIndexByte(head, ' '); i >= 0 && strings.Contains(head[i+1:], "->") {
		if b, a, c, ok := parseTransition(head[i+1:]); ok {
			s.before, s.after, s.commit, s.hasSizes, head = b, a, c, true, head[:i]
		}
	}
	s.name, s.parens = splitParens(head)
	return s
}

// splitParens splits "Pause Young (Normal) (G1 Evacuation Pause)" into the name and the
// parenthesised parts. Text that does not fit the shape stays in the name.
func splitParens(head string) (string, []string) {
	i := strings.Index(head, " (")
	if i < 0 {
		return head, nil
	}
	name, rest := head[:i], head[i+1:]
	var parts []string
	for rest != "" {
		if rest[0] != '(' {
			return head, nil
		}
		depth, end := 0, -1
		for j := 0; j < len(rest) && end < 0; j++ {
			switch rest[j] {
			case '(':
				depth++
			case ')':
				depth--
				if depth == 0 {
					end = j
				}
			}
		}
		if end < 0 {
			return head, nil
		}
		parts = append(parts, rest[1:end])
		rest = strings.TrimLeft(rest[end+1:], " ")
	}
	return name, parts
}

// parseTransition reads the heap's "before->after(committed)"; ZGC writes
// "before(pct%)->after(pct%)" and gives no committed size.
func parseTransition(t string) (before, after, commit Bytes, ok bool) {
	l, r, found := strings.Cut(t, "->")
	if !found {
		return 0, 0, 0, false
	}
	bv, bp := splitCap(l)
	av, ap := splitCap(r)
	if before, ok = parseSize(bv); !ok {
		return 0, 0, 0, false
	}
	if after, ok = parseSize(av); !ok {
		return 0, 0, 0, false
	}
	if strings.HasSuffix(bp, "%") || strings.HasSuffix(ap, "%") {
		return before, after, 0, true
	}
	if bp != "" {
		return 0, 0, 0, false
	}
	if ap != "" {
		if commit, ok = parseSize(ap); !ok {
			return 0, 0, 0, false
		}
	}
	return before, after, commit, true
}

// splitCap splits "16384K(18944K)" into "16384K" and "18944K"; "16384K" has no capacity.
func splitCap(s string) (value, capacity string) {
	i := strings.IndexByte(s, '(')
	if i < 0 || !strings.HasSuffix(s, ")") {
		return s, ""
	}
	return s[:i], s[i+1 : len(s)-1]
}
