// Package play drives the playground: it holds one to three simulators
// ("sides") lock-stepped on one virtual clock, advances them by the speed
// each tick with a bounded amount of work, steps them event by event, and
// reports their state. It knows nothing about Ebiten or JavaScript, so it
// is tested natively; package game calls Tick from Ebiten's Update and the
// wasm entry point translates the JavaScript API to its methods.
package play

import "github.com/loomlab/loomlab/sim/scenario"

// MaxSides bounds compare mode.
const MaxSides = scenario.MaxCompare

// Spec is what to simulate: the JSON the page passes to load(). The worker
// takes the same object, so both parse it with scenario.ParseSpec.
type Spec = scenario.Spec

// ParseSpec decodes a spec (see scenario.ParseSpec).
func ParseSpec(text string) (Spec, error) { return scenario.ParseSpec(text) }
