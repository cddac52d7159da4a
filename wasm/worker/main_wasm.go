//go:build js && wasm

// Command worker is the simulator without the picture, for a Web Worker:
// full-length runs and the article-vs-model verification, off the page's
// main thread. It installs globalThis.loomworker and dispatches
// "loomworkerready":
//
//	loomworker.runFull(specJSON, onProgress(fraction)) -> JSON string
//	loomworker.verify(scenarioID, onProgress(fraction, caseID)) -> JSON string
//	loomworker.check(scenarioID, resultsJSON) -> JSON string (verdicts on given runs)
//	loomworker.grade(exerciseID, seed, resultsJSON, answer) -> JSON string (a classroom grade on given runs)
//	loomworker.crashNext("run"|"exit") -> JSON string: test hook, the next call fails (fault.go)
//
// They return {"error": "..."} instead of throwing; a panic inside the
// simulator becomes such an error too.
package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"
	"time"

	"github.com/loomlab/loomlab/sim/scenario"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("runFull", js.FuncOf(jsRunFull))
	api.Set("verify", js.FuncOf(jsVerify))
	api.Set("check", js.FuncOf(jsCheck))
	api.Set("grade", js.FuncOf(jsGrade))
	api.Set("crashNext", js.FuncOf(func(_ js.Value, args []js.Value) any {
		where := ""
		if len(args) > 0 && args[0].Type() == js.TypeString {
			where = args[0].String()
		}
		if err := crashNext(where); err != nil {
			return errorJSON(err)
		}
		return `{"ok":true}`
	}))
	js.Global().Set("loomworker", api)
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("loomworkerready"))
	select {} // keep the exported functions alive
}

// guard turns a panic into an error result.
func guard(out *string) {
	if r := recover(); r != nil {
		*out = errorJSON(fmt.Errorf("internal error in the simulator: %v", r))
	}
}

func errorJSON(err error) string {
	b, _ := json.Marshal(map[string]string{"error": err.Error()})
	return string(b)
}

func toJSON(v any, err error) string {
	if err != nil {
		return errorJSON(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return errorJSON(err)
	}
	return string(b)
}

// throttle calls f at most every 50 ms of wall time, and always for 1.
func throttle(f js.Value, args func(frac float64) []any) func(float64) {
	if f.Type() != js.TypeFunction {
		return nil
	}
	var last time.Time
	return func(frac float64) {
		if now := time.Now(); frac >= 1 || now.Sub(last) >= 50*time.Millisecond {
			last = now
			f.Invoke(args(frac)...)
		}
	}
}

func jsRunFull(_ js.Value, args []js.Value) (out any) {
	f := takeFault()
	f.fire(faultExit) // before guard: nothing recovers it
	var s string
	defer func() { out = s }()
	defer guard(&s)
	f.fire(faultRun)
	if len(args) < 1 || args[0].Type() != js.TypeString {
		s = errorJSON(fmt.Errorf("runFull(specJSON, onProgress): specJSON must be a string"))
		return
	}
	sp, err := ParseSpec(args[0].String())
	if err != nil {
		s = errorJSON(err)
		return
	}
	var progress func(float64)
	if len(args) > 1 {
		progress = throttle(args[1], func(f float64) []any { return []any{f} })
	}
	r, err := runFull(sp, progress)
	s = toJSON(r, err)
	return
}

func jsVerify(_ js.Value, args []js.Value) (out any) {
	f := takeFault()
	f.fire(faultExit) // before guard: nothing recovers it
	var s string
	defer func() { out = s }()
	defer guard(&s)
	f.fire(faultRun)
	if len(args) < 1 || args[0].Type() != js.TypeString {
		s = errorJSON(fmt.Errorf("verify(scenarioID, onProgress): scenarioID must be a string"))
		return
	}
	var progress func(float64, string)
	if len(args) > 1 {
		var c string
		p := throttle(args[1], func(f float64) []any { return []any{f, c} })
		if p != nil {
			progress = func(f float64, caseID string) { c = caseID; p(f) }
		}
	}
	v, err := verify(args[0].String(), progress)
	s = toJSON(v, err)
	return
}

func jsCheck(_ js.Value, args []js.Value) (out any) {
	f := takeFault()
	f.fire(faultExit) // before guard: nothing recovers it
	var s string
	defer func() { out = s }()
	defer guard(&s)
	f.fire(faultRun)
	if len(args) < 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
		s = errorJSON(fmt.Errorf("check(scenarioID, resultsJSON): both must be strings"))
		return
	}
	var results map[string]*scenario.Result
	if err := json.Unmarshal([]byte(args[1].String()), &results); err != nil {
		s = errorJSON(fmt.Errorf("check: results: %v", err))
		return
	}
	v, err := check(args[0].String(), results)
	s = toJSON(v, err)
	return
}

func jsGrade(_ js.Value, args []js.Value) (out any) {
	f := takeFault()
	f.fire(faultExit) // before guard: nothing recovers it
	var s string
	defer func() { out = s }()
	defer guard(&s)
	f.fire(faultRun)
	if len(args) < 4 {
		s = errorJSON(fmt.Errorf("grade(exerciseID, seed, resultsJSON, answer): four strings"))
		return
	}
	str := make([]string, 4)
	for i := range str {
		if args[i].Type() != js.TypeString {
			s = errorJSON(fmt.Errorf("grade(exerciseID, seed, resultsJSON, answer): argument %d must be a string", i+1))
			return
		}
		str[i] = args[i].String()
	}
	g, err := grade(str[0], str[1], str[2], str[3])
	s = toJSON(g, err)
	return
}
