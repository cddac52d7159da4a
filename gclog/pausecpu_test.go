package gclog

import (
	"errors"
	"strings"
	"testing"
)

// A gc+cpu line belongs to the pause of its GC id logged before it; comma decimals are read.
func TestPauseCPULine(t *testing.T) {
	l := mustParse(t, usingParallel+
		"[1.000s][info][gc] GC(0) Pause Young (Allocation Failure) 20M->5M(100M) 250.000ms\n"+
		"[1.000s][info][gc,cpu] GC(0) User=0.07s Sys=0.02s Real=0.25s\n"+
		"[2.000s][info][gc] GC(1) Pause Young (Allocation Failure) 25M->6M(100M) 50.000ms\n"+
		"[2.000s][info][gc,cpu] GC(1) User=0,04s Sys=0,01s Real=0,05s\n")
	if len(l.Events) != 2 {
		t.Fatalf("events: %d", len(l.Events))
	}
	c := l.Events[0].CPU
	if c == nil || c.User != 70*Millisecond || c.Sys != 20*Millisecond || c.Real != 250*Millisecond {
		t.Fatalf("GC(0)'s CPU: %+v", c)
	}
	if c := l.Events[1].CPU; c == nil || c.User != 40*Millisecond {
		t.Fatalf("GC(1)'s CPU (comma decimals): %+v", c)
	}
	s := l.Summary()
	// (0.07 + 0.02 + 0.04 + 0.01) / (0.25 + 0.05) = 0.14 / 0.30
	if s.PauseCPUs == nil || *s.PauseCPUs != 0.467 || s.PauseCPUPauses != 2 {
		t.Fatalf("pause CPUs: %v over %d pauses", s.PauseCPUs, s.PauseCPUPauses)
	}
}

// A gc+cpu line with no pause of its id before it is skipped, not given to another pause; one
// that is not User= Sys= Real= is malformed, with its line named.
func TestPauseCPULineEdges(t *testing.T) {
	l := mustParse(t, usingParallel+
		"[1.000s][info][gc,cpu] GC(3) User=0.07s Sys=0.02s Real=0.25s\n"+
		"[1.000s][info][gc] GC(4) Pause Young (Allocation Failure) 20M->5M(100M) 250.000ms\n")
	if l.Events[0].CPU != nil || l.Summary().PauseCPUs != nil {
		t.Fatalf("a CPU line of another GC was taken: %+v", l.Events[0].CPU)
	}
	_, err := parseString(usingParallel +
		"[1.000s][info][gc] GC(0) Pause Young (Allocation Failure) 20M->5M(100M) 250.000ms\n" +
		"[1.000s][info][gc,cpu] GC(0) User=0.07s Real=0.25s\n")
	if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "line 3") {
		t.Fatalf("want a malformed line 3, got %v", err)
	}
}

// TestRealLogPauseCPUs: every gc+cpu line of the real logs is given to its pause, and their sums,
//
//	grep 'gc,cpu' LOG | awk '{for(i=1;i<=NF;i++){if($i~/^User=/)u+=substr($i,6); if($i~/^Sys=/)s+=substr($i,5); if($i~/^Real=/)r+=substr($i,6)}} END{print (u+s)/r}'
//
// are the CPUs the GC threads had in pauses: less than half of the 2 the JVM saw, on the shared
// machine the logs were written on.
func TestRealLogPauseCPUs(t *testing.T) {
	for _, c := range []struct {
		log    string
		pauses int
		cpus   float64
	}{
		{"parallel-100m-nr8-pooled.log", 245, 0.435},
		{"g1-64m-pooled.log", 180, 0.378},
	} {
		s := readLog(t, c.log).Summary()
		if s.PauseCPUPauses != c.pauses || s.PauseCPUs == nil || *s.PauseCPUs != c.cpus {
			t.Errorf("%s: %d pauses with CPU lines, %v CPUs; want %d, %v", c.log, s.PauseCPUPauses, s.PauseCPUs, c.pauses, c.cpus)
		}
	}
}
