package gclog_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/loomlab/loomlab/gclog"
)

func ExampleParse() {
	log := `[0.016s][info][gc] Using Parallel
[0.017s][info][gc,init] Heap Max Capacity: 100M
[3.543s][info][gc,heap] GC(0) PSYoungGen: 9216K(10240K)->1008K(10240K)
[3.543s][info][gc,heap] GC(0) ParOldGen: 0K(91136K)->2164K(91136K)
[3.543s][info][gc] GC(0) Pause Young (Allocation Failure) 9M->3M(99M) 47.315ms
[9.099s][info][gc,heap] GC(75) ParOldGen: 89391K(91136K)->43351K(91136K)
[9.099s][info][gc] GC(75) Pause Full (Ergonomics) 93M->42M(96M) 256.009ms
`
	l, err := gclog.Parse(strings.NewReader(log))
	if err != nil {
		fmt.Println(err)
		return
	}
	s := l.Summary()
	fmt.Println(s.Collector, *s.HeapMaxMB, s.YoungGCs, s.FullGCs, s.PauseTotalMS, *s.OldAfterFullMB)
	b, _ := json.Marshal(s.Causes)
	fmt.Println(string(b))
	// Output:
	// parallel 100 1 1 303.324 42.335
	// [{"kind":"young","cause":"Allocation Failure","count":1},{"kind":"full","cause":"Ergonomics","count":1}]
}

func ExampleParser() {
	// A log that arrives in pieces (a browser worker reading a dropped file) goes line by line.
	p := gclog.NewParser()
	for _, line := range []string{
		"[1.0s][gc] Using G1",
		"[2.0s][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(256M) 3.456ms",
	} {
		if err := p.Line([]byte(line)); err != nil {
			fmt.Println(err)
			return
		}
	}
	l, err := p.Finish()
	fmt.Println(l.Collector, len(l.Events), l.Events[0].Kind, l.Events[0].Phase, err)
	// Output: g1 1 young Normal <nil>
}
