package scenario

import (
	"fmt"
	"strings"
)

// JDK builds the scenarios name. A feature release alone is not enough for
// Parallel: JDK-8319713 removed its post-scavenge Full GC check
// (PSAdaptiveSizePolicy::should_full_GC) in JDK 22, and the removal was
// backported to 17.0.12 and 21.0.4 — so 17.0.11 and 21.0.3 collect
// differently from the updates that followed (docs/model.md).

// jdkBuild is one JDK build a scenario's jdk knob can name.
type jdkBuild struct {
	Name string // the knob's value
	// Feature is the feature release (17, 21, 25).
	Feature int
	// PostScavengeFullGC: the build still has Parallel's post-scavenge
	// Full GC check.
	PostScavengeFullGC bool
	Help               string
}

// jdkBuilds lists the builds, oldest first. "17" and "21" mean the current
// updates of those releases, which no longer have the check.
var jdkBuilds = []jdkBuild{
	{Name: "17.0.11", Feature: 17, PostScavengeFullGC: true, Help: "17 up to 17.0.11 (Parallel's post-scavenge Full GC check)"},
	{Name: "17", Feature: 17, Help: "17.0.12 or later (no post-scavenge Full GC check, JDK-8319713 backport)"},
	{Name: "21.0.3", Feature: 21, PostScavengeFullGC: true, Help: "21 up to 21.0.3 (Parallel's post-scavenge Full GC check)"},
	{Name: "21", Feature: 21, Help: "21.0.4 or later (no post-scavenge Full GC check)"},
	{Name: "25", Feature: 25, Help: "25 or any 25 update"},
}

// jdkKnobHelp is the help of a jdk knob offering the builds names: each
// name with the build it means, then what differs between them.
func jdkKnobHelp(differs string, names ...string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		b, err := lookupJDK(n)
		if err != nil {
			panic(err) // a scenario's own option list: a programming error
		}
		parts[i] = n + " = " + b.Help
	}
	return "JDK build: " + strings.Join(parts, ", ") + "; " + differs
}

// lookupJDK returns the build a knob value names.
func lookupJDK(name string) (jdkBuild, error) {
	for _, b := range jdkBuilds {
		if b.Name == name {
			return b, nil
		}
	}
	names := make([]string, len(jdkBuilds))
	for i, b := range jdkBuilds {
		names[i] = b.Name
	}
	return jdkBuild{}, fmt.Errorf("jdk %q: expected one of %s", name, strings.Join(names, ", "))
}

// JDKBuildFor names the build of a JVM version string as `java -version`
// or a GC log's header prints it ("17.0.15", "17.0.15+6-Debian-1deb12u1",
// "21.0.3", "25"): the knob value whose Parallel behaviour that JVM has.
// Releases other than 17, 21 and 25 are refused.
func JDKBuildFor(version string) (string, error) {
	v := strings.TrimSpace(version)
	if i := strings.IndexAny(v, "+- "); i >= 0 {
		v = v[:i]
	}
	parts := strings.Split(v, ".")
	num := func(i int) int {
		if i >= len(parts) {
			return 0
		}
		n := 0
		for _, c := range parts[i] {
			if c < '0' || c > '9' {
				return -1
			}
			n = n*10 + int(c-'0')
			if n > 1_000_000 {
				return -1
			}
		}
		return n
	}
	feature, update := num(0), num(2)
	if feature < 0 || update < 0 || v == "" {
		return "", fmt.Errorf("JVM version %q: not a version number such as 17.0.15", version)
	}
	switch {
	case feature == 17 && update <= 11:
		return "17.0.11", nil
	case feature == 17:
		return "17", nil
	case feature == 21 && update <= 3:
		return "21.0.3", nil
	case feature == 21:
		return "21", nil
	case feature == 25:
		return "25", nil
	}
	return "", fmt.Errorf("JVM version %q: the model knows JDK 17, 21 and 25", version)
}
