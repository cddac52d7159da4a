package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// EngineRow is one line of `go test -bench` output: the benchmark's name
// (without "Benchmark" and the -GOMAXPROCS suffix), its iterations and
// every value it reported, by unit ("ns/op", "ns/event", "events/s" ...).
type EngineRow struct {
	Name   string
	N      int64
	Values map[string]float64
}

// Engine is the engine micro-benchmarks section.
type Engine struct {
	Load    Load
	Command string
	CPU     string // the "cpu:" line of go test
	Rows    []EngineRow
	Took    time.Duration
}

// The engine's steady-state event loop, and the display list of a frame
// with 10,000 virtual threads (natively: the view's share of a frame).
const engineCmd = `go test -run '^$' -bench 'Engine|Build10k' -benchmem ./sim ./game/view`

func runEngine(goCmd string) (*Engine, error) {
	logf("bench: engine micro-benchmarks: %s", engineCmd)
	e := &Engine{Load: startLoad(), Command: engineCmd}
	start := time.Now()
	cmd := exec.Command(goCmd, "test", "-run", "^$", "-bench", "Engine|Build10k", "-benchmem", "./sim", "./game/view")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", engineCmd, err, out.Bytes())
	}
	e.Took = time.Since(start)
	e.Load.end()
	e.CPU, e.Rows = parseBench(out.Bytes())
	if len(e.Rows) == 0 {
		return nil, fmt.Errorf("%s printed no benchmark lines:\n%s", engineCmd, out.Bytes())
	}
	return e, nil
}

// parseBench reads `go test -bench` output.
func parseBench(b []byte) (cpu string, rows []EngineRow) {
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "cpu: "); ok {
			cpu = strings.TrimSpace(v)
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") || len(f)%2 != 0 {
			continue
		}
		n, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			continue
		}
		name := strings.TrimPrefix(f[0], "Benchmark")
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i] // the -GOMAXPROCS suffix
			}
		}
		row := EngineRow{Name: name, N: n, Values: map[string]float64{}}
		for i := 2; i+1 < len(f); i += 2 {
			x, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			row.Values[f[i+1]] = x
		}
		rows = append(rows, row)
	}
	return cpu, rows
}
