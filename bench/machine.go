package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
)

// Machine describes where the numbers were taken.
type Machine struct {
	CPU      string // model name from /proc/cpuinfo
	CPUs     int    // logical CPUs
	MemoryMB int    // MemTotal
	Kernel   string
	Go       string // `go version`
	Node     string // `node --version`, if node is installed
}

func describeMachine(goCmd string) (Machine, error) {
	m := Machine{CPUs: runtime.NumCPU(), CPU: "unknown"}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		m.CPU, m.CPUs = parseCPUInfo(b, m.CPUs)
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		m.MemoryMB = parseMemTotalMB(b)
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m.Kernel = runtime.GOOS + " " + strings.TrimSpace(string(b))
	} else {
		m.Kernel = runtime.GOOS
	}
	out, err := exec.Command(goCmd, "version").Output()
	if err != nil {
		return m, fmt.Errorf("%s version: %v", goCmd, err)
	}
	m.Go = strings.TrimSpace(string(out))
	if out, err := exec.Command("node", "--version").Output(); err == nil {
		m.Node = "node " + strings.TrimSpace(string(out))
	}
	return m, nil
}

// parseCPUInfo returns the first "model name" and the number of
// "processor" entries (def when there are none).
func parseCPUInfo(b []byte, def int) (model string, n int) {
	model = "unknown"
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "processor":
			n++
		case "model name":
			if model == "unknown" {
				model = strings.TrimSpace(v)
			}
		}
	}
	if n == 0 {
		n = def
	}
	return model, n
}

func parseMemTotalMB(b []byte) int {
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
			kb, _ := strconv.Atoi(f[1])
			return kb / 1024
		}
	}
	return 0
}

// loadAvg is the 1-minute load average (-1 when unknown).
func loadAvg() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return -1
	}
	x, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return -1
	}
	return x
}

func loadNote() string {
	return fmt.Sprintf("load average %.2f on %d CPUs", loadAvg(), runtime.NumCPU())
}

// Load is the 1-minute load average before and after a section.
type Load struct{ Before, After float64 }

func startLoad() Load { return Load{Before: loadAvg(), After: -1} }
func (l *Load) end()  { l.After = loadAvg() }
func (l Load) String() string {
	f := func(x float64) string {
		if x < 0 {
			return "?"
		}
		return strconv.FormatFloat(x, 'f', 2, 64)
	}
	return "load average " + f(l.Before) + " → " + f(l.After)
}
