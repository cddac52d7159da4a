package main

// The knobs of a kept run. `loomsim jvm gc-lab --replay PREFIX` compares
// the model with a JVM run made earlier, so the model must run at the
// knobs that run had: gc-lab's defaults would compare a 64 MB Serial heap
// with a 256 MB Parallel one. The knobs are read back from the run's java
// command, the one record that holds all of them (the twin's result line
// has its own knobs but not the JVM's flags, and the GC log neither
// NewRatio nor SurvivorRatio): PREFIX.command, which --keep writes (the
// committed runs in testdata/jvm-check have theirs too).

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// commandSuffix names the file beside NAME.log and NAME.twin.json that
// holds the run's java command.
const commandSuffix = ".command"

// replayKnobs is where a replay's knobs came from, for the report.
type replayKnobs struct {
	// From names the record the knobs were read from ("" when none was
	// found and the knobs are --set's alone).
	From string `json:"knobs_from"`
	// Kept are the knobs the record gives; Overridden the ones --set
	// changed, as "knob=value (kept: old)".
	Kept       map[string]string `json:"kept_knobs,omitempty"`
	Overridden []string          `json:"overridden,omitempty"`
}

// knobsForReplay finds the knobs of the run kept under prefix and lays
// set over them: the user's values win. Without a record of the run's
// knobs, set must say them (an error naming what is missing otherwise).
func knobsForReplay(prefix string, set map[string]string) (map[string]string, *replayKnobs, error) {
	cmd, from, err := keptCommand(prefix)
	if err != nil {
		return nil, nil, err
	}
	if cmd == "" {
		if len(set) == 0 {
			return nil, nil, &usageError{fmt.Sprintf("--replay %s: the run's knobs were not kept (no %s); "+
				"give them with --set, e.g. --set gc=serial --set heap_mb=64 --set threads=500 (every knob not set takes gc-lab's default)",
				prefix, prefix+commandSuffix)}
		}
		return set, &replayKnobs{}, nil
	}
	kept, err := knobsFromCommand(cmd)
	if err != nil {
		return nil, nil, fmt.Errorf("--replay %s: the command in %s: %v", prefix, from, err)
	}
	if err := agreesWithTwin(kept, prefix+".twin.json"); err != nil {
		return nil, nil, fmt.Errorf("--replay %s: the command in %s is not this run's: %v", prefix, from, err)
	}
	merged := map[string]string{}
	for k, v := range kept {
		merged[k] = v
	}
	note := &replayKnobs{From: from, Kept: kept}
	for k, v := range set {
		if old, ok := kept[k]; ok && old != v {
			note.Overridden = append(note.Overridden, fmt.Sprintf("%s=%s (kept: %s)", k, v, old))
		} else if !ok {
			note.Overridden = append(note.Overridden, fmt.Sprintf("%s=%s (not kept)", k, v))
		}
		merged[k] = v
	}
	sort.Strings(note.Overridden)
	return merged, note, nil
}

// keptCommand reads the run's java command from prefix's command file; ""
// when the run has none. from names the file.
func keptCommand(prefix string) (cmd, from string, err error) {
	file := prefix + commandSuffix
	b, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return "", "", nil
	}
	if err != nil {
		return "", "", err
	}
	return strings.TrimSpace(string(b)), file, nil
}

// knobsFromCommand reads gc-lab's knobs back from a java command that
// javaCommand wrote: the inverse of jvmFlags and the twin's arguments.
// A knob whose flag is absent was at its default (jvmFlags passes none).
func knobsFromCommand(cmd string) (map[string]string, error) {
	f := strings.Fields(cmd)
	if len(f) == 0 || f[0] != "java" {
		return nil, fmt.Errorf("not a java command: %q", clipText(cmd, 60))
	}
	knobs := map[string]string{}
	twin := false
	for _, a := range f[1:] {
		if twin {
			k, v, ok := strings.Cut(a, "=")
			if !ok || !slices.Contains(twinKnobs, k) {
				return nil, fmt.Errorf("%q is not one of the twin's knobs", a)
			}
			knobs[k] = v
			continue
		}
		switch {
		case a == twinFile:
			twin = true
		case strings.HasPrefix(a, "-Xms"), strings.HasPrefix(a, "-Xlog:"):
			// -Xms repeats -Xmx; the log's path is the run's own.
		case strings.HasPrefix(a, "-Xmx") && strings.HasSuffix(a, "m"):
			knobs["heap_mb"] = strings.TrimSuffix(strings.TrimPrefix(a, "-Xmx"), "m")
		case strings.HasPrefix(a, "-XX:NewRatio="):
			knobs["new_ratio"] = strings.TrimPrefix(a, "-XX:NewRatio=")
		case strings.HasPrefix(a, "-XX:SurvivorRatio="):
			knobs["survivor_ratio"] = strings.TrimPrefix(a, "-XX:SurvivorRatio=")
		case strings.HasPrefix(a, "-XX:ActiveProcessorCount="):
			knobs["cores"] = strings.TrimPrefix(a, "-XX:ActiveProcessorCount=")
		case a == "-XX:+UseSerialGC":
			knobs["gc"] = "serial"
		case a == "-XX:+UseG1GC":
			knobs["gc"] = "g1"
		case a == "-XX:+UseParallelGC":
			knobs["gc"] = "parallel"
		default:
			return nil, fmt.Errorf("flag %q is not one loomsim jvm passes", a)
		}
	}
	if !twin {
		return nil, fmt.Errorf("no %s in it", twinFile)
	}
	return knobs, nil
}

// agreesWithTwin checks the kept knobs against the twin's result line,
// which repeats the twin's own knobs: a command of another run (a
// FIDELITY.md rewritten with other points) is refused, not replayed.
func agreesWithTwin(knobs map[string]string, twinFile string) error {
	b, err := os.ReadFile(twinFile)
	if err != nil {
		return err
	}
	var line map[string]any
	if err := json.Unmarshal([]byte(twinLine(b)), &line); err != nil {
		return fmt.Errorf("%s: %v", twinFile, err)
	}
	for _, k := range twinKnobs {
		x, inLine := line[k]
		want, inCmd := knobs[k]
		if !inLine || !inCmd || k == "duration_s" { // the line's duration_s is the measured window
			continue
		}
		got := fmt.Sprint(x)
		if n, ok := x.(float64); ok {
			got = strconv.FormatFloat(n, 'f', -1, 64)
		}
		if got != want {
			return fmt.Errorf("it says %s=%s, the twin's result line %s", k, want, got)
		}
	}
	return nil
}

// sortedKnobs writes knobs as "k=v" in the knobs' order.
func sortedKnobs(knobs map[string]string) []string {
	out := make([]string, 0, len(knobs))
	for k, v := range knobs {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}
