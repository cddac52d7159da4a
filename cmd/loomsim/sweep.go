package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/loomlab/loomlab/sweep"
)

// sweepUsage is the sweep command's line of the usage text.
const sweepUsage = "loomsim sweep SCENARIO[/CASE] --knob K=LO:HI:N[:log] [--side k=v[,k=v]]... [--set k=v]... " +
	"--metric M [--metric M]... [--seed N] [--json|--csv] [--parallel P]"

// cmdSweep runs one scenario case at every point of a knob's range, on each
// side, with the same seed, in parallel goroutines, and prints the chosen
// metrics per point and side (a table, --json or --csv). Progress goes to
// stderr, one line per finished run.
func cmdSweep(args []string, w, progress io.Writer) error {
	q := sweep.Request{Set: map[string]string{}, Seed: 1}
	format := "table"
	parallel := runtime.GOMAXPROCS(0)
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			pos = append(pos, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "json", "csv":
			if format != "table" {
				return &usageError{"sweep: --json and --csv cannot be given together"}
			}
			format = name
			continue
		case "knob", "side", "set", "metric", "seed", "parallel":
		default:
			return unknownFlag(a, []string{"knob", "side", "set", "metric", "seed", "json", "csv", "parallel"})
		}
		if !hasVal {
			if i+1 >= len(args) {
				return &usageError{fmt.Sprintf("flag --%s needs a value", name)}
			}
			i++
			val = args[i]
		}
		switch name {
		case "knob":
			if q.Knob != "" {
				return &usageError{"sweep: --knob is given twice; a sweep turns one knob"}
			}
			q.Knob = val
		case "side":
			q.Sides = append(q.Sides, val)
		case "set":
			if err := addSet(q.Set, val, true); err != nil {
				return err
			}
		case "metric":
			for _, m := range strings.Split(val, ",") {
				q.Metrics = append(q.Metrics, strings.TrimSpace(m))
			}
		case "seed":
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				return &usageError{fmt.Sprintf("--seed %q: expected a non-negative integer", val)}
			}
			q.Seed = n
		case "parallel":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > 256 {
				return &usageError{fmt.Sprintf("--parallel %q: expected a whole number of runs at once from 1 to 256", val)}
			}
			parallel = n
		}
	}
	if len(pos) > 1 {
		return &usageError{fmt.Sprintf("sweep takes one SCENARIO[/CASE] argument; unexpected extra argument %q", pos[1])}
	}
	if len(pos) != 1 {
		return &usageError{"sweep needs one SCENARIO[/CASE] argument: " + sweepUsage}
	}
	q.Ref = pos[0]
	if q.Knob == "" {
		return &usageError{"sweep needs --knob K=LO:HI:N (e.g. --knob heap_mb=512:4096:8)"}
	}
	st, err := sweep.Parse(q)
	if err != nil {
		return &usageError{err.Error()}
	}
	s, err := scenario.Get(st.Scenario)
	if err != nil {
		return err
	}
	announceDefault(progress, q.Ref, s)
	start := time.Now()
	one := func(r sweep.Run) (*scenario.Result, error) {
		t0 := time.Now()
		res, err := s.Run(r.Spec.Case, r.Spec.Knobs, r.Spec.Seed, nil)
		if err != nil {
			return nil, err
		}
		res.WallSeconds = scenario.RoundWall(time.Since(t0).Seconds())
		return res, nil
	}
	points := st.Knob.Points()
	done := func(finished, total int, r sweep.Run) {
		fmt.Fprintf(progress, "sweep: %d/%d runs done (%s=%s on %s), %.1f s\n", finished, total,
			st.Knob.Knob, st.Knob.Text(points[r.Point]), st.Sides[r.Side].Label, time.Since(start).Seconds())
	}
	res, err := sweep.Execute(st, parallel, one, done)
	if err != nil {
		return err
	}
	switch format {
	case "json":
		return json.NewEncoder(w).Encode(res)
	case "csv":
		return res.WriteCSV(w)
	}
	return res.WriteTable(w)
}
