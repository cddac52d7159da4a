//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/loomlab/loomlab/game"
	"github.com/loomlab/loomlab/game/play"
	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/wasm/jsresult"
)

// timelineAPI adds the timeline, the follow card and the presenter's zoom
// to window.loomgame:
//
//	timeline() string          play.TimelineState: {startNs, endNs, nowNs, live, checkpoints, ...}
//	scrub(ns) string           paused, to virtual time ns (exact; see play.Scrub)
//	stepTo(kinds, back, thread) string  {"found": bool}: to the next (back: previous) event of the
//	                           kinds ("mount", "park", "freeze", "gc", ...), of one thread if not 0
//	pick(x, y) string          {"side", "thread"} under CSS pixel (x, y) of the canvas; thread 0: none
//	follow(side, thread) string, followAny() string ({"side", "thread"}), unfollow()
//	card() string              play.ThreadCard of the followed thread, or null
//	setZoom(z)                 the picture z times larger (1 to 3)
func timelineAPI(api js.Value, g *game.Game) {
	api.Set("timeline", fn(func([]js.Value) string {
		var st play.TimelineState
		err := g.Read(func(pg *play.Playground) error { st = pg.Timeline(); return nil })
		return jsresult.Value(st, err)
	}))
	api.Set("scrub", fn(func(args []js.Value) string {
		x, err := argNumber(args, 0, "time (ns)")
		if err != nil {
			return jsresult.Error(err)
		}
		return jsresult.Done(g.Do(func(pg *play.Playground) error {
			_, err := pg.Scrub(sim.Time(x), seekEvents)
			return err
		}))
	}))
	api.Set("stepTo", fn(func(args []js.Value) string {
		back := len(args) > 1 && args[1].Truthy()
		var thread float64
		if len(args) > 2 && args[2].Type() == js.TypeNumber {
			thread = args[2].Float()
		}
		var found bool
		err := g.Do(func(pg *play.Playground) error {
			side := 0
			if thread != 0 {
				if c := pg.Card(); c != nil && c.ID == int64(thread) {
					side = c.Side
				}
			}
			f, err := play.ParseEventFilter(argString(args, 0), side, int64(thread))
			if err != nil {
				return err
			}
			if back {
				found, err = pg.StepBack(f)
			} else {
				found, err = pg.StepTo(f)
			}
			return err
		})
		return jsresult.Value(map[string]bool{"found": found}, err)
	}))
	api.Set("pick", fn(func(args []js.Value) string {
		x, y, err := argPoint(args)
		if err != nil {
			return jsresult.Error(err)
		}
		side, id, _ := g.Pick(x, y)
		return jsresult.Value(map[string]int64{"side": int64(side), "thread": int64(id)}, nil)
	}))
	api.Set("follow", fn(func(args []js.Value) string {
		side, err := argNumber(args, 0, "side")
		if err != nil {
			return jsresult.Error(err)
		}
		id, err := argNumber(args, 1, "thread")
		if err != nil {
			return jsresult.Error(err)
		}
		return jsresult.Done(g.Do(func(pg *play.Playground) error { return pg.Follow(int(side), sim.ThreadID(id)) }))
	}))
	api.Set("followAny", fn(func([]js.Value) string {
		var side int
		var id sim.ThreadID
		err := g.Do(func(pg *play.Playground) error {
			var err error
			side, id, err = pg.FollowAny()
			return err
		})
		return jsresult.Value(map[string]int64{"side": int64(side), "thread": int64(id)}, err)
	}))
	api.Set("unfollow", fn(func([]js.Value) string {
		return jsresult.Done(g.Do(func(pg *play.Playground) error { pg.Unfollow(); return nil }))
	}))
	api.Set("card", fn(func([]js.Value) string {
		var c *play.ThreadCard
		err := g.Read(func(pg *play.Playground) error { c = pg.Card(); return nil })
		return jsresult.Value(c, err)
	}))
	api.Set("setZoom", fn(func(args []js.Value) string {
		z, err := argNumber(args, 0, "zoom")
		if err != nil {
			return jsresult.Error(err)
		}
		g.SetZoom(z)
		return jsresult.OK
	}))
}
