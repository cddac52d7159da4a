package main

import "fmt"

// fault is the worker's test hook, the counterpart of the playground's
// crashNext("update"|"draw"): loomworker.crashNext(where) makes the next
// call that runs the simulator fail the way a bug would, so that a browser
// test can check the page's message and its Retry without a real bug.
type fault string

const (
	// faultRun panics inside the call, where guard recovers it: the call
	// answers {"error": "internal error in the simulator: ..."} and the
	// worker lives on.
	faultRun fault = "run"
	// faultExit panics before guard is in place, so nothing recovers it
	// and the Go program exits, as it would on a fatal runtime error (out
	// of memory): every later call into the worker throws.
	faultExit fault = "exit"
)

// pending is the fault the next call takes ("" for none). The worker's
// calls arrive one at a time on the event loop, so it needs no lock.
var pending fault

// crashNext arms the hook; "" disarms it.
func crashNext(where string) error {
	switch f := fault(where); f {
	case "", faultRun, faultExit:
		pending = f
		return nil
	}
	return fmt.Errorf("crashNext(%q): expected \"run\" or \"exit\"", where)
}

// takeFault returns the armed fault and disarms it.
func takeFault() fault {
	f := pending
	pending = ""
	return f
}

// fire panics if f is want.
func (f fault) fire(want fault) {
	if f == want {
		panic(fmt.Sprintf("forced by crashNext(%q)", string(f)))
	}
}
