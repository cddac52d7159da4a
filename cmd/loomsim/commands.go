package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// opts are the flags shared by run, trace and verify.
type opts struct {
	pos   []string
	set   map[string]string
	seed  uint64
	json  bool
	until string
	// loomsim jvm
	keep, replay, dir, fidelity string
}

func parseOpts(args []string, allowed ...string) (*opts, error) {
	o := &opts{set: map[string]string{}, seed: 1}
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			o.pos = append(o.pos, a)
			continue
		}
		if !ok[name] {
			return nil, unknownFlag(a, allowed)
		}
		if name == "json" {
			o.json = true
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return nil, &usageError{fmt.Sprintf("flag --%s needs a value", name)}
			}
			i++
			val = args[i]
		}
		switch name {
		case "set":
			if err := addSet(o.set, val, false); err != nil {
				return nil, err
			}
		case "seed":
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				return nil, &usageError{fmt.Sprintf("--seed %q: expected a non-negative integer", val)}
			}
			o.seed = n
		case "until":
			o.until = val
		case "keep":
			o.keep = val
		case "replay":
			o.replay = val
		case "dir":
			o.dir = val
		case "fidelity":
			o.fidelity = val
		}
	}
	return o, nil
}

func cmdList(args []string, w io.Writer) error {
	if len(args) > 0 {
		return &usageError{fmt.Sprintf("list takes no arguments; unexpected %q", args[0])}
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, s := range scenario.All() {
		ids := make([]string, len(s.Cases))
		for i, c := range s.Cases {
			ids[i] = c.ID
			if c.ID == s.DefaultCase {
				ids[i] += " (default)"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\n", s.ID, s.Title)
		fmt.Fprintf(tw, "\tcases: %s\n", strings.Join(ids, ", "))
	}
	return tw.Flush()
}

// getScenario resolves the one SCENARIO[/CASE] argument of a command; a
// missing or extra argument is named with what the command takes.
func getScenario(pos []string, what string) (*scenario.Scenario, string, error) {
	switch {
	case len(pos) == 0:
		return nil, "", &usageError{fmt.Sprintf("%s needs a SCENARIO argument (loomsim list shows them)", what)}
	case len(pos) > 1:
		return nil, "", &usageError{fmt.Sprintf("%s takes one SCENARIO argument; unexpected extra argument %q", what, pos[1])}
	}
	s, c, err := scenario.ParseRef(pos[0])
	if err != nil {
		return nil, "", &usageError{err.Error()}
	}
	return s, c, nil
}

// announceDefault says on w (stderr, so --json output stays one object)
// which case runs when ref names none.
func announceDefault(w io.Writer, ref string, s *scenario.Scenario) {
	if _, c, _ := strings.Cut(ref, "/"); c == "" {
		fmt.Fprintf(w, "loomsim: no case given: running %s/%s, the scenario's default case (loomsim list shows the others)\n", s.ID, s.DefaultCase)
	}
}

func cmdParams(args []string, w io.Writer) error {
	o, err := parseOpts(args)
	if err != nil {
		return err
	}
	s, _, err := getScenario(o.pos, "params")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s — %s\n\n", s.ID, s.Title)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "knob\ttype\tdefault\tallowed\tmeaning")
	for _, k := range s.Knobs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", k.Name, k.Kind, k.Default, k.Allowed(), k.Help)
	}
	tw.Flush()
	fmt.Fprintln(w, "\ncases:")
	for _, c := range s.Cases {
		var sets []string
		for _, kv := range c.Set {
			sets = append(sets, kv[0]+"="+kv[1])
		}
		mark := ""
		if c.ID == s.DefaultCase {
			mark = "  (default: runs when no case is named)"
		}
		fmt.Fprintf(w, "  %-22s %s  [%s]%s\n", c.ID, c.Title, strings.Join(sets, " "), mark)
	}
	// What run, verify and sweep report, and over which part of a run.
	window := "the whole run"
	if _, ok := s.Knob("warmup_s"); ok {
		window = "from warmup_s, for measure_s"
	}
	fmt.Fprintf(w, "\nmetrics (the measurement window: %s):\n", window)
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, m := range s.Metrics {
		fmt.Fprintf(tw, "  %s\t%s\n", m, s.MetricMeaning(m))
	}
	return tw.Flush()
}

func cmdProfile(args []string, w io.Writer) error {
	o, err := parseOpts(args)
	if err != nil {
		return err
	}
	s, _, err := getScenario(o.pos, "profile")
	if err != nil {
		return err
	}
	fmt.Fprint(w, scenario.ProfileMarkdown(s))
	return nil
}

func cmdRun(args []string, w, stderr io.Writer) error {
	o, err := parseOpts(args, "set", "seed", "json")
	if err != nil {
		return err
	}
	s, c, err := getScenario(o.pos, "run")
	if err != nil {
		return err
	}
	// Knobs are checked before the default case is announced, so that bad
	// input stays one line.
	if _, err := s.Resolve(c, o.set); err != nil {
		return &usageError{err.Error()}
	}
	announceDefault(stderr, o.pos[0], s)
	start := time.Now()
	r, err := s.Run(c, o.set, o.seed, nil)
	if err != nil {
		return &usageError{err.Error()}
	}
	r.WallSeconds = scenario.RoundWall(time.Since(start).Seconds())
	if o.json {
		enc := json.NewEncoder(w)
		return enc.Encode(r)
	}
	fmt.Fprintf(w, "%s/%s seed %d: %s in %.3f s of virtual time (%d events, %.2f s wall)\n",
		r.Scenario, r.Case, r.Seed, r.Outcome, r.SimSeconds, r.Events, r.WallSeconds)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, k := range sortedMetricNames(r.Metrics) {
		fmt.Fprintf(tw, "  %s\t%v\n", k, r.Metrics[k])
	}
	// Most cases' durations are constants: a reader trying seeds would
	// otherwise look for a difference that cannot come.
	fmt.Fprintf(tw, "  seed\t%s\n", scenario.SeedEffect(r.DrewAtRandom))
	if missing := s.Unmeasured(r); len(missing) > 0 {
		them := "them"
		if len(missing) == 1 {
			them = "it"
		}
		fmt.Fprintf(tw, "  not measured\t%s (nothing to measure %s from: see `loomsim help run`)\n", strings.Join(missing, ", "), them)
	}
	return tw.Flush()
}

func sortedMetricNames(m map[string]any) []string {
	order := map[string]int{}
	for i, n := range scenario.MetricNames {
		order[n] = i
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		oi, iok := order[keys[i]]
		oj, jok := order[keys[j]]
		if iok && jok {
			return oi < oj
		}
		if iok != jok {
			return iok
		}
		return keys[i] < keys[j]
	})
	return keys
}

func cmdVerify(args []string, w io.Writer) (int, error) {
	o, err := parseOpts(args, "json")
	if err != nil {
		return 2, err
	}
	var list []*scenario.Scenario
	switch len(o.pos) {
	case 0:
		for _, s := range scenario.All() {
			if len(s.Figures) > 0 {
				list = append(list, s)
			}
		}
	case 1:
		s, err := scenario.Get(o.pos[0])
		if err != nil {
			return 2, &usageError{err.Error()}
		}
		list = append(list, s)
	default:
		return 2, &usageError{fmt.Sprintf("verify takes at most one SCENARIO; unexpected extra argument %q", o.pos[1])}
	}
	var all []scenario.Check
	for _, s := range list {
		checks, err := s.Verify(func(c string) (*scenario.Result, error) { return s.Run(c, nil, 1, nil) })
		if err != nil {
			return 1, err
		}
		all = append(all, checks...)
	}
	return writeVerdicts(w, all, o.json)
}

func cmdTrace(args []string, w, stderr io.Writer) error {
	o, err := parseOpts(args, "set", "seed", "until")
	if err != nil {
		return err
	}
	s, c, err := getScenario(o.pos, "trace")
	if err != nil {
		return err
	}
	if o.until == "" {
		return &usageError{"trace needs --until DURATION (e.g. 10ms, 2s)"}
	}
	d, err := time.ParseDuration(o.until)
	if err != nil || d <= 0 {
		return &usageError{fmt.Sprintf("--until %q: expected a positive duration such as 500us, 10ms or 2s", o.until)}
	}
	sm, _, err := s.NewSim(c, o.set, o.seed)
	if err != nil {
		return &usageError{err.Error()}
	}
	announceDefault(stderr, o.pos[0], s)
	return scenario.WriteTrace(w, sm, sim.Time(d.Nanoseconds()))
}
