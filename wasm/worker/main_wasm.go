//go:build js && wasm

// Command worker is the simulator without the picture, for a Web Worker:
// full-length runs and the article-vs-model verification, off the page's
// main thread. It installs globalThis.loomworker and dispatches
// "loomworkerready":
//
//	loomworker.runFull(specJSON, onProgress(fraction)) -> JSON string
//	loomworker.verify(scenarioID, onProgress(fraction, caseID)) -> JSON string
//	loomworker.check(scenarioID, resultsJSON) -> JSON string (verdicts on given runs)
//	loomworker.checkSome(scenarioID, resultsJSON) -> JSON array: a verdict per figure, null where a case is missing
//	loomworker.grade(exerciseID, seed, resultsJSON, answer) -> JSON string (a classroom grade on given runs)
//	loomworker.sweepPlan(requestJSON) -> JSON string (the runs of a sweep, sweep.go)
//	loomworker.sweepCollect(requestJSON, resultsJSON) -> JSON string (the sweep's result and CSV)
//	loomworker.sweepCollectSome(requestJSON, resultsJSON) -> JSON string (what the runs so far show; null: a run to come)
//	loomworker.crashNext("run"|"exit") -> JSON string: test hook, the next call fails (fault.go)
//	loomworker.gclogOpen() -> JSON number: a session reading one GC log (gclog.go)
//	loomworker.gclogFeed(session, Uint8Array) -> JSON {bytes, lines, events} so far
//	loomworker.gclogClose(session, withFit, onProgress) -> JSON {summary, describe, diagnosis, series, bytes, fit, fit_model}
//	loomworker.fitRun(knobsJSON, onProgress) -> JSON: the fitted model run with what-if changes (fit.Model)
//
// They return {"error": "..."} instead of throwing; a panic inside the
// simulator becomes such an error too.
package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"syscall/js"
	"time"

	"github.com/loomlab/loomlab/sim/scenario"
	"github.com/loomlab/loomlab/wasm/jsresult"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("runFull", export(jsRunFull))
	api.Set("verify", export(jsVerify))
	api.Set("check", export(jsCheck))
	api.Set("checkSome", export(jsCheckSome))
	api.Set("grade", export(jsGrade))
	api.Set("gclogOpen", export(func([]js.Value) (any, error) { return gclogs.open(), nil }))
	api.Set("gclogFeed", export(jsGCLogFeed))
	api.Set("gclogClose", export(jsGCLogClose))
	api.Set("fitRun", export(jsFitRun))
	api.Set("sweepPlan", export(jsSweepPlan))
	api.Set("sweepCollect", export(jsSweepCollect))
	api.Set("sweepCollectSome", export(jsSweepCollectSome))
	api.Set("crashNext", js.FuncOf(func(_ js.Value, args []js.Value) any {
		where := ""
		if len(args) > 0 && args[0].Type() == js.TypeString {
			where = args[0].String()
		}
		if err := crashNext(where); err != nil {
			return jsresult.Error(err)
		}
		return jsresult.OK
	}))
	js.Global().Set("loomworker", api)
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("loomworkerready"))
	select {} // keep the exported functions alive
}

// guard turns a panic into an error result.
func guard(out *string) {
	if r := recover(); r != nil {
		*out = jsresult.Error(fmt.Errorf("internal error in the simulator: %v", r))
	}
}

// progressEvery is how often a job reports its progress at most. Each report
// is a message to the page, which redraws a bar and a label for it: at
// 50 ms, the two workers of a sweep kept the page's main thread busy ~4 % of
// a core more than at 500 ms, taken from the workers themselves on a 2-core
// machine. Four reports a second, as often as the page polls the
// playground, still move a bar smoothly enough for jobs that take seconds.
const progressEvery = 250 * time.Millisecond

// progressOf is the progress callback of a job whose report function is
// args[i]: the job's runs call it now and then (scenario.Run every 2^18
// events, fit.RunModel every 1024 steps), and it passes the fraction on to
// args[i] at most every progressEvery of wall time, and always for 1. It
// returns a callback even when args[i] is missing or not a function,
// because every call also yields (runtime.Gosched).
//
// Why yield: in WebAssembly Go has one thread and never preempts a
// goroutine, so while a run goes, its own garbage collector's worker never
// runs; a collection moves on only through the run's allocations, which in
// a run's steady state are few. A collection that started then stayed open
// for seconds with its write barriers on: under node a full 4g-pool run
// took 7.3 s or 8.5 to 9.0 s (about one run in five, then one in two once
// the run allocated less), and the slow runs' profiles had ~15 % in
// runtime.findObject, wbBufFlush1 and gcWriteBarrier. A yield every 2^18
// events (about 50 ms) lets the worker finish the collection.
func progressOf(args []js.Value, i int, report func(frac float64) []any) func(float64) {
	var f js.Value
	if i < len(args) && args[i].Type() == js.TypeFunction {
		f = args[i]
	}
	var last time.Time
	return func(frac float64) {
		runtime.Gosched()
		if f.IsUndefined() {
			return
		}
		if now := time.Now(); frac >= 1 || now.Sub(last) >= progressEvery {
			last = now
			f.Invoke(report(frac)...)
		}
	}
}

// export makes fn one of loomworker's functions: a fault armed by crashNext
// fires first (an exit before the guard, so nothing recovers it; a panic
// inside it), a panic becomes an error result, and the result or the error
// comes back as a JSON string.
func export(fn func(args []js.Value) (any, error)) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (out any) {
		f := takeFault()
		f.fire(faultExit)
		var s string
		defer func() { out = s }()
		defer guard(&s)
		f.fire(faultRun)
		s = jsresult.Value(fn(args))
		return
	})
}

// stringArgs returns the first n arguments as strings, or an error naming
// the call and the argument that is not one.
func stringArgs(args []js.Value, n int, call string) ([]string, error) {
	if len(args) < n {
		return nil, fmt.Errorf("%s: %d string arguments needed, got %d", call, n, len(args))
	}
	str := make([]string, n)
	for i := range str {
		if args[i].Type() != js.TypeString {
			return nil, fmt.Errorf("%s: argument %d must be a string", call, i+1)
		}
		str[i] = args[i].String()
	}
	return str, nil
}

func jsRunFull(args []js.Value) (any, error) {
	a, err := stringArgs(args, 1, "runFull(specJSON, onProgress)")
	if err != nil {
		return nil, err
	}
	sp, err := ParseSpec(a[0])
	if err != nil {
		return nil, err
	}
	return runFull(sp, progressOf(args, 1, func(f float64) []any { return []any{f} }))
}

func jsVerify(args []js.Value) (any, error) {
	a, err := stringArgs(args, 1, "verify(scenarioID, onProgress)")
	if err != nil {
		return nil, err
	}
	var c string
	p := progressOf(args, 1, func(f float64) []any { return []any{f, c} })
	return verify(a[0], func(f float64, caseID string) { c = caseID; p(f) })
}

func jsCheck(args []js.Value) (any, error) {
	id, results, err := checkArgs(args, "check")
	if err != nil {
		return nil, err
	}
	return check(id, results)
}

func jsCheckSome(args []js.Value) (any, error) {
	id, results, err := checkArgs(args, "checkSome")
	if err != nil {
		return nil, err
	}
	return checkSome(id, results)
}

// checkArgs reads (scenarioID, resultsJSON), the arguments of check and
// checkSome.
func checkArgs(args []js.Value, name string) (string, map[string]*scenario.Result, error) {
	a, err := stringArgs(args, 2, name+"(scenarioID, resultsJSON)")
	if err != nil {
		return "", nil, err
	}
	var results map[string]*scenario.Result
	if err := json.Unmarshal([]byte(a[1]), &results); err != nil {
		return "", nil, fmt.Errorf("%s: results: %v", name, err)
	}
	return a[0], results, nil
}

func jsGrade(args []js.Value) (any, error) {
	a, err := stringArgs(args, 4, "grade(exerciseID, seed, resultsJSON, answer)")
	if err != nil {
		return nil, err
	}
	return grade(a[0], a[1], a[2], a[3])
}

func gclogSession(args []js.Value, call string) (int, error) {
	if len(args) < 1 || args[0].Type() != js.TypeNumber {
		return 0, fmt.Errorf("%s: the session number returned by gclogOpen is needed", call)
	}
	return args[0].Int(), nil
}

func jsGCLogFeed(args []js.Value) (any, error) {
	id, err := gclogSession(args, "gclogFeed(session, bytes)")
	if err != nil {
		return nil, err
	}
	if len(args) < 2 || !args[1].InstanceOf(js.Global().Get("Uint8Array")) {
		return nil, fmt.Errorf("gclogFeed(session, bytes): bytes must be a Uint8Array")
	}
	chunk := make([]byte, args[1].Get("length").Int())
	js.CopyBytesToGo(chunk, args[1])
	return gclogs.feed(id, chunk)
}

func jsGCLogClose(args []js.Value) (any, error) {
	id, err := gclogSession(args, "gclogClose(session)")
	if err != nil {
		return nil, err
	}
	withFit := len(args) > 1 && args[1].Type() == js.TypeBoolean && args[1].Bool()
	return gclogs.close(id, withFit, progressOf(args, 2, func(f float64) []any { return []any{f} }))
}

func jsFitRun(args []js.Value) (any, error) {
	a, err := stringArgs(args, 1, "fitRun(knobsJSON, onProgress)")
	if err != nil {
		return nil, err
	}
	return fitRun(a[0], progressOf(args, 1, func(f float64) []any { return []any{f} }))
}

func jsSweepPlan(args []js.Value) (any, error) {
	a, err := stringArgs(args, 1, "sweepPlan(requestJSON)")
	if err != nil {
		return nil, err
	}
	return sweepPlan(a[0])
}

func jsSweepCollect(args []js.Value) (any, error) {
	a, err := stringArgs(args, 2, "sweepCollect(requestJSON, resultsJSON)")
	if err != nil {
		return nil, err
	}
	return sweepCollect(a[0], a[1])
}

func jsSweepCollectSome(args []js.Value) (any, error) {
	a, err := stringArgs(args, 2, "sweepCollectSome(requestJSON, resultsJSON)")
	if err != nil {
		return nil, err
	}
	return sweepCollectSome(a[0], a[1])
}
