//go:build js

// Package game is the thin Ebiten layer of the playground: Update ticks the
// playground (package play), Draw asks package view for a display list and
// rasterises it. Everything worth testing lives in those two packages; this
// one measures frame times, recovers panics and talks to the GPU.
//
// It builds only for js/wasm: Ebiten needs cgo and X11 headers natively,
// and the playground only ever runs in a browser, so native `go vet ./...`
// and `go test ./...` skip it (vet it with GOOS=js GOARCH=wasm).
package game

import (
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/loomlab/loomlab/game/play"
	"github.com/loomlab/loomlab/game/view"
)

// MaxDeviceScale caps the device pixel ratio the canvas renders at:
// software rendering (SwiftShader, weak GPUs) drops from 60 to ~25 frames/s
// at a ratio of 2, and the picture is flat shapes and a font that gain
// little from more pixels (package glyph rasterises it for 1 and 1.5).
const MaxDeviceScale = 1.5

// redrawEvery bounds how many frames an unchanged picture is left on the
// screen without drawing it again.
const redrawEvery = 30

// Game implements ebiten.Game over a Playground. Every access to the
// playground goes through Do, which serialises it with the frame loop.
type Game struct {
	mu    sync.Mutex
	pg    *play.Playground
	opts  view.Options
	list  view.List
	prev  view.List // the last list rasterised
	drawn bool      // prev is on the screen
	// Where and how long ago prev was drawn: an unchanged list is still
	// redrawn on a new screen image and every redrawEvery frames, so that a
	// screen Ebiten recreated or restored never stays blank.
	lastScreen *ebiten.Image
	sinceDraw  int
	rend       renderer
	ins        []view.SideInput
	views      []*view.Side
	scale      float64
	// OnError is called (outside the lock) with a recovered panic's
	// message, so the page can show it.
	OnError func(msg string)
	errSent string
	// The frame stats line changes every frame; it is refreshed twice a
	// second so that a paused picture is a list equal to the last one.
	statsText string
	statsAge  int
	// crash makes the next Update or Draw panic (CrashNext; for tests of
	// the error path).
	crash string
	// reducedMotion turns flights off whatever the speed
	// (prefers-reduced-motion); state changes still show at once.
	reducedMotion bool
	// zoom enlarges the picture (presenter view; pick.go).
	zoom float64
	// stillFrames counts the frames in a row that drew nothing new while
	// the playground was still; resting: Ebiten runs frames on demand
	// (rest.go).
	stillFrames int
	resting     bool
}

// CrashNext makes the next Update ("update") or Draw ("draw") panic once,
// so that a browser test can check the error overlay and the loomerror
// event without a real bug.
func (g *Game) CrashNext(where string) {
	g.mu.Lock()
	g.crash = where
	g.wake()
	g.mu.Unlock()
}

func (g *Game) maybeCrash(where string) {
	if g.crash == where {
		g.crash = ""
		panic("forced by crashNext(\"" + where + "\")")
	}
}

// New returns a game over pg.
func New(pg *play.Playground) *Game {
	return &Game{pg: pg, opts: view.Options{Palette: &view.OkabeIto, Scale: 1}, scale: 1}
}

// Do runs f with the playground, serialised with Update and Draw, and
// turns a panic in f into an error. f may change what is shown, so the
// frames run again if the game was at rest.
func (g *Game) Do(f func(pg *play.Playground) error) (err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.wake()
	return g.run(f)
}

// Read is Do for f that only reads the playground (the state the page
// polls): it leaves a game at rest resting.
func (g *Game) Read(f func(pg *play.Playground) error) (err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.run(f)
}

func (g *Game) run(f func(pg *play.Playground) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	return f(g.pg)
}

// SetPalette switches the palette by name ("okabe-ito", "high-contrast").
func (g *Game) SetPalette(name string) {
	g.mu.Lock()
	g.opts.Palette = view.PaletteByName(name)
	g.wake()
	g.mu.Unlock()
}

// SetDevOverlay shows or hides the developer overlay: the tool's own frame
// rate and update/draw times over the picture.
func (g *Game) SetDevOverlay(on bool) {
	g.mu.Lock()
	g.opts.DevOverlay = on
	g.wake()
	g.mu.Unlock()
}

// SetReducedMotion turns animations off (on: true) or leaves them to the
// playground's speed rule.
func (g *Game) SetReducedMotion(on bool) {
	g.mu.Lock()
	g.reducedMotion = on
	g.wake()
	g.mu.Unlock()
}

// Update advances the playground by one tick.
func (g *Game) Update() error {
	msg := func() (msg string) {
		g.mu.Lock()
		defer g.mu.Unlock()
		defer func() {
			if r := recover(); r != nil {
				msg = panicMessage("update", r)
				g.pg.SetError(msg)
			}
		}()
		start := time.Now()
		g.maybeCrash("update")
		g.pg.Tick()
		t := g.pg.Timing()
		t.AddUpdate(ms(time.Since(start)))
		t.FPS, t.TPS = ebiten.ActualFPS(), ebiten.ActualTPS()
		return ""
	}()
	g.report(msg)
	return nil
}

// Draw builds the display list and rasterises it.
func (g *Game) Draw(screen *ebiten.Image) {
	msg := func() (msg string) {
		g.mu.Lock()
		defer g.mu.Unlock()
		defer func() {
			if r := recover(); r != nil {
				msg = panicMessage("draw", r)
				g.pg.SetError(msg)
				g.drawErrorOnly(screen, msg)
				g.drawn = false
				g.wake() // the next frames draw the picture again, or the error
			}
		}()
		start := time.Now()
		g.maybeCrash("draw")
		b := screen.Bounds()
		w, h := float32(b.Dx()), float32(b.Dy())
		g.opts.Scale = g.layoutScale()
		g.opts.Motion = g.pg.Motion() && !g.reducedMotion
		g.followed(&g.opts)
		hdr := g.pg.Header()
		hdr.Stats = g.stats()
		g.views = g.pg.Views(g.views)
		g.ins = g.pg.Build(&g.list, w, h, &hdr, g.views, g.ins, &g.opts)
		// The screen is not cleared between frames (see Run): when nothing
		// changed (paused, no animation) the last frame stays up and the
		// GPU has nothing to do.
		g.sinceDraw++
		changed := !g.drawn || screen != g.lastScreen || !g.list.Equal(&g.prev)
		if changed || g.sinceDraw >= redrawEvery {
			screen.Clear()
			g.rend.draw(screen, &g.list)
			g.list, g.prev = g.prev, g.list
			g.drawn, g.lastScreen, g.sinceDraw = true, screen, 0
		}
		g.noteFrame(changed)
		g.pg.Timing().AddDraw(ms(time.Since(start)))
		return ""
	}()
	g.report(msg)
}

// drawErrorOnly draws just the error overlay: the normal picture is what
// failed, so it must not be attempted again in this frame.
func (g *Game) drawErrorOnly(screen *ebiten.Image, msg string) {
	defer func() { _ = recover() }()
	b := screen.Bounds()
	hdr := view.Header{Scenario: "error", Error: msg}
	view.Build(&g.list, float32(b.Dx()), float32(b.Dy()), &hdr, nil, nil, &g.opts)
	g.rend.vs, g.rend.is = g.rend.vs[:0], g.rend.is[:0]
	screen.Clear()
	g.rend.draw(screen, &g.list)
}

// report passes a new error message to OnError once.
func (g *Game) report(msg string) {
	if msg == "" || msg == g.errSent || g.OnError == nil {
		return
	}
	g.errSent = msg
	g.OnError(msg)
}

func (g *Game) stats() string {
	if g.statsAge > 0 && g.statsAge < 30 {
		g.statsAge++
		return g.statsText
	}
	g.statsAge = 1
	t := g.pg.Timing()
	u, d, u95, d95 := t.Stats()
	g.statsText = strconv.Itoa(int(t.FPS+0.5)) + " fps · update " + fmt1(u) + "/" + fmt1(u95) +
		" ms · draw " + fmt1(d) + "/" + fmt1(d95) + " ms (median/p95)"
	return g.statsText
}

// Run starts the game loop; it returns only if the game fails. The
// screen keeps its pixels between frames so that an unchanged picture is
// not drawn again, and the game keeps running when the iframe has no focus
// (it never has until clicked).
func (g *Game) Run() error {
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetRunnableOnUnfocused(true)
	return ebiten.RunGame(g)
}

// Layout is required by ebiten.Game; LayoutF below is what Ebiten uses.
func (g *Game) Layout(w, h int) (int, int) {
	x, y := g.LayoutF(float64(w), float64(h))
	return int(x), int(y)
}

// LayoutF renders at the device's pixel density, capped at MaxDeviceScale.
func (g *Game) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	s = max(1, min(s, MaxDeviceScale))
	g.mu.Lock()
	g.scale = s
	g.mu.Unlock()
	return w * s, h * s
}

func panicMessage(where string, r any) string {
	stack := string(debug.Stack())
	// Keep one line for the page; the stack goes to the console.
	fmt.Println("loomlab: panic in", where+":", r, "\n"+stack)
	return oneLine(fmt.Sprintf("panic in %s: %v", where, r))
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

func fmt1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }
