package main

import (
	"fmt"
	"strings"
)

// unknownFlag refuses a flag the command does not take, naming it, the
// allowed ones and, when one is a likely typo's target, that one.
func unknownFlag(given string, allowed []string) error {
	if len(allowed) == 0 {
		return &usageError{fmt.Sprintf("unknown flag %s: this command takes no flags", given)}
	}
	list := strings.Join(allowed, ", --")
	if near := nearest(strings.TrimLeft(strings.SplitN(given, "=", 2)[0], "-"), allowed); len(near) > 0 {
		return &usageError{fmt.Sprintf("unknown flag %s: did you mean --%s? (allowed: --%s)", given, strings.Join(near, " or --"), list)}
	}
	return &usageError{fmt.Sprintf("unknown flag %s (allowed: --%s)", given, list)}
}

// nearest returns the candidates within two edits of name, the closest
// only: a typo, not another word. Among equally close ones, those that
// hold name's letters in order win (a dropped letter is the usual typo:
// --sed is --seed more likely than --set).
func nearest(name string, candidates []string) []string {
	var best []string
	// Two edits at most: three turn "json" into "set", another word.
	bestDist := 2
	for _, c := range candidates {
		switch d := editDistance(name, c); {
		case d < bestDist:
			best, bestDist = []string{c}, d
		case d == bestDist:
			best = append(best, c)
		}
	}
	var dropped []string
	for _, c := range best {
		if isSubsequence(name, c) {
			dropped = append(dropped, c)
		}
	}
	if len(dropped) > 0 {
		return dropped
	}
	return best
}

// isSubsequence reports whether s's letters appear in t in order.
func isSubsequence(s, t string) bool {
	i := 0
	for j := 0; j < len(t) && i < len(s); j++ {
		if s[i] == t[j] {
			i++
		}
	}
	return i == len(s)
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// addSet records one --set knob=value in set. A knob set twice with two
// values is refused rather than the later value quietly winning: `--set
// pool=true --set pool=false` reads as two runs, which a sweep spells
// --side (sides says whether the command takes it).
func addSet(set map[string]string, val string, sides bool) error {
	k, v, found := strings.Cut(val, "=")
	if !found || k == "" {
		return &usageError{fmt.Sprintf("--set %q: expected knob=value", val)}
	}
	if old, twice := set[k]; twice && old != v {
		msg := fmt.Sprintf("--set %s is given twice (%s, then %s): a knob takes one value", k, old, v)
		if sides {
			msg += fmt.Sprintf("; for one line per value, give them as sides: --side %s=%s --side %s=%s", k, old, k, v)
		} else {
			msg += "; `loomsim sweep` compares values side by side (--side)"
		}
		return &usageError{msg}
	}
	set[k] = v
	return nil
}
