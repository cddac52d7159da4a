// Package workerflags holds the go build flags of the page's worker: its
// simulator (package sim) compiled without Go's bounds checks (-B), and
// the build tag that makes such a simulator check its own invariants as it
// runs (sim/selfcheck.go).
//
// Why. The worker runs the simulations whose speed the project measures
// (full runs, the article table, the heap sweep). In WebAssembly every
// index of the simulator's records costs a compare and a branch that V8
// keeps, ~520 machine instructions an event of vt-pooling/4g-pool, a fifth
// of them: without the checks (and with the self-checks) a full run took
// 5.85 s under node against 6.75 s (bench/notes.md, 7 December). Natively
// the gain is ~8 %, and loomsim, the tests and the playground keep the
// checks.
//
// The cost. Without the checks an index out of range reads or writes the
// memory beside the slice instead of panicking. The tests and fuzzers run
// the simulator with the checks, on every scenario, and make test runs the
// simulator's tests, the worker's and those of the packages it runs the
// simulator through in this build too; the worker's simulator checks the
// model's invariants every 2^20 events and at the end of every run and
// stops a run whose state is broken; and a run is deterministic, so
// `loomsim run` of the same scenario, knobs and seed (checked) repeats it,
// and panics at the index if one out of range broke the state. `go run
// ./build serve -bounds-checks` builds a worker with the checks.
package workerflags

// GoBuild are the flags added to the go build of the worker's wasm
// (build/dist.go) and of bench/wasmrun, which `make bench` times under
// node in the worker's stead.
var GoBuild = []string{"-gcflags=github.com/loomlab/loomlab/sim=-B", "-tags=" + Tag}

// Tag is the build tag of a simulator without bounds checks.
const Tag = "loomlab_unchecked"
