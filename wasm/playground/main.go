//go:build js && wasm

// Command playground is the page's animation: the simulator and the Ebiten
// picture in one wasm, driven from JavaScript through window.loomgame. It
// only translates between JavaScript values and package play; every call
// from JavaScript recovers panics and answers with JSON text.
//
// The API (the contract the page codes against):
//
//	load(specJSON) string   {"ok":true} or {"error":"..."}; on error nothing changes
//	play(), pause(), step(), reset()   each returns {"ok":true} or {"error":...}
//	setSpeed(x) string      virtual seconds per real second
//	state() string          the JSON of play.State
//	running() string        "true" or "false": a cheap state().running that
//	                        leaves the latency window to state()'s reader
//	seek(ms) string         extra: jump (paused) to a virtual time
//	setPalette(name)        extra: "okabe-ito" or "high-contrast"
//	setReducedMotion(on)    extra: no flights (also set from prefers-reduced-motion)
//	setDevOverlay(on)       extra: the tool's frame rate and update/draw times over the picture
//	explainAt(x, y) string  {"text": "..."}: what is drawn under CSS pixel (x, y) of the canvas
//	regions() string        [{X, Y, W, H, Side, Name, Text, Detail}]: every explained region, CSS pixels
//	parseLink(query) string {"link": {...}, "errors": [...]} (play.ParseLinkJSON)
//	linkQuery(linkJSON) string  {"query": "..."} or {"error": "..."} (play.LinkQuery)
//	crashNext(where)        test hook: the next "update" or "draw" panics once (recovered:
//	                        the page offers Reset); "exit" panics where nothing recovers
//	                        it, so the Go program dies as on a fatal error (the page
//	                        offers a reload)
//	memStats(gc) string     {"wasmBytes", "heapAlloc", "heapSys", "sys", "numGC"}: the Go
//	                        heap (after a collection if gc) and the wasm's linear memory
//	                        (for the soak test)
//	timeline(), scrub(ns), stepTo(kinds, back, thread), pick(x, y), follow(side, thread),
//	followAny(), unfollow(), card(), setZoom(z)   the timeline and follow card (timeline.go)
//	tour(), tourContinue(), tourEnd()   the tour: play from the start and stop at each
//	                        moment of the story; state().tour says where it is
//	open(held, instant) string  fast-forward to the story's opening moment and hold
//	                        there (held) or play on; instant: in this call, nothing
//	                        drawn on the way; state().opening says where it is
//
// Events on window: "loomready" before the game loop starts, "loomerror"
// (detail: the message) when a panic was recovered.
//
// Query parameters of the page, for standalone use and screenshots:
// spec (a load() spec as JSON), play=1, speed=x, t=ms (seek), palette.
package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"runtime"
	"strconv"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/loomlab/loomlab/game"
	"github.com/loomlab/loomlab/game/play"
	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/wasm/jsresult"
)

// defaultSpec is loaded when the page names none, so the game page opened
// on its own shows something.
const defaultSpec = `{"scenario":"request-load","case":"virtual-per-request","seed":1}`

// seekEvents bounds the work of one seek per side.
const seekEvents = 50_000_000

func main() {
	pg := play.New()
	g := game.New(pg)
	g.OnError = func(msg string) { dispatch("loomerror", msg) }

	api := js.Global().Get("Object").New()
	api.Set("load", fn(func(args []js.Value) string {
		spec, err := play.ParseSpec(argString(args, 0))
		if err != nil {
			return jsresult.Error(err)
		}
		return jsresult.Done(g.Do(func(pg *play.Playground) error { return pg.Load(spec) }))
	}))
	api.Set("play", fn(func([]js.Value) string {
		return jsresult.Done(g.Do(func(pg *play.Playground) error { pg.Play(); return nil }))
	}))
	api.Set("pause", fn(func([]js.Value) string {
		return jsresult.Done(g.Do(func(pg *play.Playground) error { pg.Pause(); return nil }))
	}))
	api.Set("step", fn(func([]js.Value) string {
		return jsresult.Done(g.Do(func(pg *play.Playground) error { pg.Step(); return nil }))
	}))
	api.Set("reset", fn(func([]js.Value) string {
		return jsresult.Done(g.Do(func(pg *play.Playground) error { return pg.Reset() }))
	}))
	api.Set("setSpeed", fn(func(args []js.Value) string {
		x, err := argNumber(args, 0, "speed")
		if err != nil {
			return jsresult.Error(err)
		}
		return jsresult.Done(g.Do(func(pg *play.Playground) error { return pg.SetSpeed(x) }))
	}))
	api.Set("seek", fn(func(args []js.Value) string {
		x, err := argNumber(args, 0, "time (ms)")
		if err != nil {
			return jsresult.Error(err)
		}
		return jsresult.Done(g.Do(func(pg *play.Playground) error {
			_, err := pg.Seek(sim.Time(x*float64(sim.Millisecond)), seekEvents)
			return err
		}))
	}))
	api.Set("open", fn(func(args []js.Value) string {
		held := len(args) > 0 && args[0].Truthy()
		instant := len(args) > 1 && args[1].Truthy()
		return jsresult.Done(g.Do(func(pg *play.Playground) error { return pg.Open(held, instant) }))
	}))
	api.Set("setPalette", fn(func(args []js.Value) string {
		g.SetPalette(argString(args, 0))
		return jsresult.OK
	}))
	// Links: link.Parse (game/link) is the one parser of link state; the page
	// asks here instead of parsing a query string itself.
	api.Set("parseLink", fn(func(args []js.Value) string {
		return play.ParseLinkJSON(argString(args, 0))
	}))
	api.Set("linkQuery", fn(func(args []js.Value) string {
		q, err := play.LinkQuery(argString(args, 0))
		if err != nil {
			return jsresult.Error(err)
		}
		b, _ := json.Marshal(map[string]string{"query": q})
		return string(b)
	}))
	api.Set("setReducedMotion", fn(func(args []js.Value) string {
		g.SetReducedMotion(len(args) > 0 && args[0].Truthy())
		return jsresult.OK
	}))
	api.Set("crashNext", fn(func(args []js.Value) string {
		if where := argString(args, 0); where == "exit" {
			// A panic on a goroutine of its own: fn's recover cannot
			// reach it, so it ends the program once the goroutine runs.
			go func() { panic(`forced by crashNext("exit")`) }()
		} else {
			g.CrashNext(where)
		}
		return jsresult.OK
	}))
	api.Set("memStats", fn(func(args []js.Value) string {
		if len(args) > 0 && args[0].Truthy() {
			runtime.GC() // heapAlloc is then the live heap
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		var wasm uint64 // the linear memory (game.ts): it grows and never shrinks
		if f := js.Global().Get("loomwasmBytes"); f.Type() == js.TypeFunction {
			wasm = uint64(f.Invoke().Int())
		}
		b, _ := json.Marshal(map[string]uint64{
			"wasmBytes": wasm,
			"heapAlloc": m.HeapAlloc, "heapSys": m.HeapSys, "sys": m.Sys, "numGC": uint64(m.NumGC),
		})
		return string(b)
	}))
	api.Set("setDevOverlay", fn(func(args []js.Value) string {
		g.SetDevOverlay(len(args) > 0 && args[0].Truthy())
		return jsresult.OK
	}))
	// Explain on point: the sentence under a CSS pixel of the canvas, and
	// every explained region (the text description, keyboard stops).
	api.Set("explainAt", fn(func(args []js.Value) string {
		x, y, err := argPoint(args)
		if err != nil {
			return jsresult.Error(err)
		}
		return jsresult.Value(map[string]string{"text": g.ExplainAt(x, y)}, nil)
	}))
	api.Set("regions", fn(func([]js.Value) string {
		type region struct {
			X, Y, W, H float32
			Side       int
			Name, Text string
			Detail     bool
		}
		var out []region
		for _, r := range g.Regions() {
			out = append(out, region{r.R.X, r.R.Y, r.R.W, r.R.H, r.Side, r.Name, r.Text, r.Detail})
		}
		return jsresult.Value(out, nil)
	}))
	api.Set("running", fn(func([]js.Value) string {
		var on bool
		err := g.Read(func(pg *play.Playground) error { on = pg.Running(); return nil })
		return jsresult.Value(on, err)
	}))
	api.Set("state", fn(func([]js.Value) string {
		var out []byte
		err := g.Read(func(pg *play.Playground) error {
			var err error
			out, err = json.Marshal(pg.State())
			return err
		})
		if err != nil {
			return jsresult.Error(err)
		}
		return string(out)
	}))
	api.Set("tour", fn(func([]js.Value) string {
		return jsresult.Done(g.Do(func(pg *play.Playground) error { return pg.StartTour() }))
	}))
	api.Set("tourContinue", fn(func([]js.Value) string {
		return jsresult.Done(g.Do(func(pg *play.Playground) error { return pg.ContinueTour() }))
	}))
	api.Set("tourEnd", fn(func([]js.Value) string {
		return jsresult.Done(g.Do(func(pg *play.Playground) error { pg.EndTour(); return nil }))
	}))
	timelineAPI(api, g)
	js.Global().Set("loomgame", api)

	applyQuery(g)

	ebiten.SetWindowTitle("Loomlab")
	dispatch("loomready", "")
	if err := g.Run(); err != nil {
		dispatch("loomerror", err.Error())
	}
}

// applyQuery loads the page's spec (or the default) and applies play,
// speed, t and palette.
func applyQuery(g *game.Game) {
	q, _ := url.ParseQuery(trimQ(js.Global().Get("location").Get("search").String()))
	text := q.Get("spec")
	if text == "" {
		text = defaultSpec
	}
	err := g.Do(func(pg *play.Playground) error {
		spec, err := play.ParseSpec(text)
		if err != nil {
			return err
		}
		if err := pg.Load(spec); err != nil {
			return err
		}
		if s := q.Get("speed"); s != "" {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return fmt.Errorf("speed %q: %v", s, err)
			}
			if err := pg.SetSpeed(x); err != nil {
				return err
			}
		}
		if s := q.Get("t"); s != "" {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return fmt.Errorf("t %q: %v", s, err)
			}
			if _, err := pg.Seek(sim.Time(x*float64(sim.Millisecond)), seekEvents); err != nil {
				return err
			}
		}
		if q.Get("play") == "1" {
			pg.Play()
		}
		return nil
	})
	if err != nil {
		js.Global().Get("console").Call("error", "loomlab: "+err.Error())
	}
	if p := q.Get("palette"); p != "" {
		g.SetPalette(p)
	}
	// prefers-reduced-motion: no flights, now and whenever it changes.
	if mm := js.Global().Get("matchMedia"); mm.Type() == js.TypeFunction {
		mq := mm.Invoke("(prefers-reduced-motion: reduce)")
		g.SetReducedMotion(mq.Get("matches").Truthy())
		mq.Call("addEventListener", "change", js.FuncOf(func(_ js.Value, args []js.Value) any {
			g.SetReducedMotion(len(args) > 0 && args[0].Get("matches").Truthy())
			return nil
		}))
	}
}

func trimQ(s string) string {
	if len(s) > 0 && s[0] == '?' {
		return s[1:]
	}
	return s
}

// fn wraps f as a JavaScript function that never lets a panic escape.
func fn(f func(args []js.Value) string) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (out any) {
		defer func() {
			if r := recover(); r != nil {
				out = jsresult.Error(fmt.Errorf("internal error: %v", r))
			}
		}()
		return f(args)
	})
}

func argString(args []js.Value, i int) string {
	if i >= len(args) || args[i].Type() != js.TypeString {
		if i < len(args) && args[i].Type() == js.TypeObject {
			// Accept an object too: JSON.stringify it.
			return js.Global().Get("JSON").Call("stringify", args[i]).String()
		}
		return ""
	}
	return args[i].String()
}

// argPoint reads the canvas point (x, y) a call passes as its first two
// arguments (pick and explainAt).
func argPoint(args []js.Value) (x, y float64, err error) {
	if x, err = argNumber(args, 0, "x"); err != nil {
		return 0, 0, err
	}
	y, err = argNumber(args, 1, "y")
	return x, y, err
}

func argNumber(args []js.Value, i int, what string) (float64, error) {
	if i >= len(args) {
		return 0, fmt.Errorf("%s is missing", what)
	}
	switch args[i].Type() {
	case js.TypeNumber:
		return args[i].Float(), nil
	case js.TypeString:
		x, err := strconv.ParseFloat(args[i].String(), 64)
		if err != nil {
			return 0, fmt.Errorf("%s %q is not a number", what, args[i].String())
		}
		return x, nil
	}
	return 0, fmt.Errorf("%s must be a number", what)
}

// dispatch fires an event on window: a plain Event, or a CustomEvent whose
// detail is msg.
func dispatch(name, msg string) {
	w := js.Global()
	var ev js.Value
	if msg == "" {
		ev = w.Get("Event").New(name)
	} else {
		opts := w.Get("Object").New()
		opts.Set("detail", msg)
		ev = w.Get("CustomEvent").New(name, opts)
	}
	w.Call("dispatchEvent", ev)
}
