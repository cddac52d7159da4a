# Loomlab — the two README commands are `make serve` and `make test`.
# Every target installs or fetches what it needs (Go modules, npm packages,
# Debian packages) or stops with a message saying what to run.

GO        ?= go
GOROOT    := $(shell $(GO) env GOROOT)
# The wasm tests run under node through build/wasmexec, which first makes
# the program's forward jumps direct (build/wasmjumps), as the page ships it.
WASMEXEC  := $(CURDIR)/bin/wasmexec

.PHONY: wasmexec test test-go test-wasm test-fuzz test-web node-deps web-deps verify vet bench pgo fuzz soak mutants serve dist clean jvm-check jvm-deps

## test: every test — Go unit and golden tests, the sim under wasm, the articles' figures,
## the page (type check, worker, headless Chromium).
test: vet test-go test-wasm test-fuzz verify test-web

# go vet and staticcheck (a Go tool pinned in go.mod), natively over the
# whole module and under js/wasm over what compiles to WebAssembly, and the
# simulator once more with the worker's build tag (build/workerflags). The
# wasm pass runs the natively built staticcheck with GOOS=js: `go tool`
# under GOOS=js would build the tool itself for wasm.
WASM_PKGS := ./sim/... ./gclog/... ./fit/... ./sweep/... ./classroom/... ./cmd/... ./game/... ./wasm/...
vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./game/... ./wasm/...
	$(GO) tool staticcheck ./...
	GOOS=js GOARCH=wasm "$$($(GO) tool -n staticcheck)" $(WASM_PKGS)
	$(GO) vet -tags loomlab_unchecked ./sim
	$(GO) tool staticcheck -tags loomlab_unchecked ./sim
	@unformatted=$$(gofmt -l sim gclog fit classroom cmd game wasm build bench sweep pgo); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi

test-go:
	$(GO) test -count=1 ./sim/... ./gclog/... ./fit/... ./classroom/... ./cmd/... ./game/... ./bench/... ./sweep/... ./pgo/...

# The runner of the wasm tests, built natively (under GOOS=js, go run would
# build it for wasm).
wasmexec:
	GOOS= GOARCH= $(GO) build -o $(WASMEXEC) ./build/wasmexec

# The simulator's tests under GOOS=js GOARCH=wasm (node), so native and wasm
# must agree on trace hashes; first the rewrite of the jumps itself, which
# runs a Go program under node before and after it; last the simulator's
# own tests again, and those of the packages the worker runs the simulator
# through (fit, sweep, classroom), built as the page's worker builds it
# (WORKER_FLAGS, build/workerflags: without bounds checks, self-checking),
# so that the shipped build must give the same trace hashes and results.
WORKER_FLAGS := -gcflags=github.com/loomlab/loomlab/sim=-B -tags=loomlab_unchecked
test-wasm: node-deps wasmexec
	$(GO) test -count=1 ./build/wasmjumps ./build/wasmexec ./build/workerflags
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec=$(WASMEXEC) ./sim/... ./gclog/... ./fit/... ./classroom/... ./cmd/... ./game/view/... ./game/play/... ./game/link/... ./game/story/... ./sweep/...
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec=$(WASMEXEC) $(WORKER_FLAGS) ./sim ./sim/scenario ./fit ./sweep ./classroom

verify:
	$(GO) run ./cmd/loomsim verify

# Fuzz targets of the link/spec/knob parsers and the simulator, as
# package:target pairs (Go fuzzes one package at a time): a few seconds each
# in `make test`, longer with `make fuzz` (FUZZTIME=10m).
# `make test` bounds each target by a count of executions, not by time: with a
# time bound, Go's fuzz coordinator can report its own deadline as a failure
# ("context deadline exceeded") when the deadline lands mid-run.
FUZZ_TARGETS := ./gclog:FuzzParse ./gclog:FuzzRoundTrip ./gclog:FuzzStream ./game/link:FuzzParseLink ./sim/scenario:FuzzParseSpec ./sim/scenario:FuzzKnobValue ./sim/scenario:FuzzSimulate
FUZZ_TEST    := ./gclog:FuzzParse:20000x ./gclog:FuzzRoundTrip:20000x ./gclog:FuzzStream:20000x ./game/link:FuzzParseLink:20000x ./sim/scenario:FuzzParseSpec:20000x ./sim/scenario:FuzzKnobValue:20000x ./sim/scenario:FuzzSimulate:500x
FUZZTIME ?= 2m
test-fuzz:
	@for pft in $(FUZZ_TEST); do p=$${pft%%:*}; ft=$${pft#*:}; f=$${ft%%:*}; n=$${ft##*:}; \
		$(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $$n $$p || exit 1; done

# A time bound is what a longer run wants; when Go's coordinator reports its
# own deadline and no failing input was written, that is said and the next
# target runs.
fuzz:
	@for pf in $(FUZZ_TARGETS); do p=$${pf%%:*}; f=$${pf##*:}; log=$$(mktemp); \
		{ $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$p; echo $$? > $$log.rc; } 2>&1 | tee $$log; \
		rc=$$(cat $$log.rc); \
		if [ "$$rc" != 0 ] && grep -q 'context deadline exceeded' $$log && ! grep -q 'Failing input written' $$log; then \
			echo "$$f: no failing input; Go's fuzz coordinator reported its own time limit as a failure (a race in the toolchain)"; rc=0; fi; \
		rm -f $$log $$log.rc; [ "$$rc" = 0 ] || exit 1; done

## mutants: mutation testing of the model with gremlins (a Go tool pinned in
## go.mod): each mutant of sim/ (by default only its chunk, heap and GC files)
## and of gclog/ is run against its own package's tests. Writes the mutants
## (testdata/mutants/<pkg>.txt), the score per file (<pkg>-scores.txt: killed
## + timed out over all mutants, a mutant no test covers counting as a
## survivor) and the survivors (<pkg>-survivors.txt). Slow (one `go test` per
## mutant): never part of `make test`. TESTING.md has the last run.
## MUTANTS_SIM_FILES= (empty) mutates every file of sim/ (hours);
## MUTANTS_WORKERS=2 when the machine is idle; MUTANTS_PKGS=sim for one package.
MUTANTS_PKGS      ?= sim gclog
MUTANTS_SIM_FILES ?= stackchunk.go heap.go cohort.go nepotism.go gc.go gc_parallel.go gc_serial.go gc_g1.go collector.go
MUTANTS_WORKERS   ?= 1
# A mutant's `go test` may take this many times gremlins' first, unmutated
# run (`go test -cover` of the package tree, sim/scenario's tests included)
# before it counts as timed out: generous, so a loaded machine does not turn
# a kill or a survivor into a timeout.
MUTANTS_TIMEOUT   ?= 5
# -count=1: a cached first run would take a second and set every timeout to
# a few seconds (every mutant then "times out"). go vet is left out of each
# mutant's run (it checks the code, not the mutant's behaviour).
MUTANTS_GOFLAGS   ?= -count=1 -vet=off
# The mutants build tag leaves out sim's external tests (run_test.go and
# co.), which run whole scenarios: the score is what the package's internal
# tests catch, and a mutant's run does not rebuild sim/scenario.
MUTANTS_TAGS      ?= mutants
mutants:
	@mkdir -p testdata/mutants
	@for pkg in $(MUTANTS_PKGS); do \
		excl="-E /"; \
		if [ "$$pkg" = sim ] && [ -n "$(MUTANTS_SIM_FILES)" ]; then \
			for f in $$(cd sim && ls *.go | grep -v '_test\.go$$'); do \
				case " $(MUTANTS_SIM_FILES) " in *" $$f "*) ;; *) excl="$$excl -E ^$$f$$";; esac; done; fi; \
		mkdir -p testdata/mutants/$$(dirname $$pkg); \
		echo "gremlins over $$pkg/ ($(MUTANTS_WORKERS) worker(s), timeout x$(MUTANTS_TIMEOUT))"; \
		GOFLAGS='$(MUTANTS_GOFLAGS)' $(GO) tool gremlins unleash --workers $(MUTANTS_WORKERS) \
			--timeout-coefficient $(MUTANTS_TIMEOUT) --tags '$(MUTANTS_TAGS)' $$excl ./$$pkg > testdata/mutants/$$pkg.txt 2>&1 || \
			{ cat testdata/mutants/$$pkg.txt; exit 1; }; \
		grep -E '^ *(KILLED|LIVED|TIMED OUT|NOT COVERED|NOT VIABLE) [A-Z_]+ at ' testdata/mutants/$$pkg.txt | \
			sed -E 's/^ *//; s/^(NOT|TIMED) /\1_/; s/^([A-Z_]+) ([A-Z_]+) at (.*)$$/\3 \1 \2/' | \
			sort -t: -k1,1 -k2,2n -k3,3n > testdata/mutants/$$pkg.sorted; \
		awk -f testdata/mutants/score.awk testdata/mutants/$$pkg.sorted > testdata/mutants/$$pkg-scores.txt; \
		grep -E ' (LIVED|NOT_COVERED) ' testdata/mutants/$$pkg.sorted > testdata/mutants/$$pkg-survivors.txt || true; \
		mv testdata/mutants/$$pkg.sorted testdata/mutants/$$pkg.txt; \
		cat testdata/mutants/$$pkg-scores.txt; done

## serve: build dist/ and serve it on 127.0.0.1:8080 (prints the address). ADDR=host:port to change.
ADDR ?= 127.0.0.1:8080
serve: node-deps
	$(GO) run ./build serve -addr $(ADDR)

## dist: build the static site into dist/ (wasm, bundled TypeScript, hashed assets).
dist: node-deps
	$(GO) run ./build dist

# node (the wasm tests run under it) and npm (web/'s packages), from
# Debian's packages: installed when missing and the user is root, otherwise
# the command to run is printed.
NODE_INSTALL := apt-get update && apt-get install -y nodejs npm
node-deps:
	@if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "installing node and npm: $(NODE_INSTALL)"; \
			DEBIAN_FRONTEND=noninteractive sh -c '$(NODE_INSTALL)' || exit 1; \
		else echo "node and npm are needed: run  sudo sh -c '$(NODE_INSTALL)'  and make again"; exit 1; fi; \
	fi

# npm packages of web/ (typescript, uplot, binaryen), from the lock file.
web-deps: node-deps
	@[ -x web/node_modules/.bin/tsc ] && [ -f web/node_modules/uplot/package.json ] && [ -f web/node_modules/binaryen/bin/wasm-opt ] || \
		(cd web && npm ci --no-audit --no-fund --ignore-scripts)

# The page: tsc, the worker's Go tests (native, and in wasm built as the page
# ships it: WORKER_FLAGS), then the build and the browser suite (headless
# Chromium, installed with apt-get if missing).
test-web: web-deps wasmexec
	@unformatted=$$(gofmt -l build wasm/worker wasm/jsresult); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	cd web && ./node_modules/.bin/tsc --noEmit -p .
	$(GO) test -count=1 ./wasm/worker ./wasm/jsresult ./build/wasmopt
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec=$(WASMEXEC) $(WORKER_FLAGS) ./wasm/worker
	$(GO) test -count=1 -timeout 30m ./build

## bench: measure this machine and write BENCHMARKS.md (engine micro-benchmarks,
## every case natively and in wasm, the page in headless Chromium, download
## sizes); 10-15 minutes. BENCHFLAGS="-cases=short -browser=false" for a quick run.
## Never part of `make test` (only the bench program's own tests are).
BENCHFLAGS ?=
bench: web-deps
	$(GO) run ./bench $(BENCHFLAGS)

## pgo: profile the full-run benchmark's cases and write pgo/sim.pprof, the
## profile that guides the compiler (PGO) in every main package that runs the
## simulator (their default.pgo links to it; pgo/main.go says why). Run it
## after a change to the simulator's hot path and commit the profile with a
## measurement (bench/notes.md). A few minutes; never part of `make test`.
pgo:
	$(GO) run ./pgo

## soak: play the heaviest case (vt-pooling/4g-pool) at the highest speed in
## headless Chromium for SOAK_MINUTES (10) and record the wasm memory, the Go
## heap and the JS heap over time (testdata/soak/soak.csv, summary.json).
## SOAK_SPEC=scenario/case[,case...] soaks another case or a comparison.
## Never part of `make test`.
SOAK_MINUTES ?= 10
soak: web-deps
	SOAK=1 SOAK_MINUTES=$(SOAK_MINUTES) $(GO) test -count=1 -run '^TestSoak$$' -timeout 0 -v ./build

clean:
	rm -rf dist bin

## jvm-check: the model against a real JVM. Runs the gc-lab workload's Java twin
## (jvm/GcLab.java) at every point of the sweep (cmd/loomsim/jvm_sweep.go), one
## at a time, keeps each GC log in $(JVM_CHECK_DIR) and writes FIDELITY.md.
## Not part of `make test`. JVM_REPLAY=1 compares the kept runs again without a JVM.
JVM_CHECK_DIR ?= .cache/jvm-check
JAVA_INSTALL  := apt-get update && apt-get install -y openjdk-17-jdk-headless
# The JDK is a prerequisite, not a recursive make: a recipe line naming
# $(MAKE) runs even under `make -n`, which then ran the whole sweep.
jvm-check: $(if $(JVM_REPLAY),,jvm-deps)
	$(GO) run ./cmd/loomsim jvm sweep $(if $(JVM_REPLAY),--replay,--keep) $(JVM_CHECK_DIR) --fidelity FIDELITY.md

# A JDK from Debian's packages: installed when missing and the user is root,
# otherwise the command to run is printed.
jvm-deps:
	@if ! command -v java >/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "installing a JDK: $(JAVA_INSTALL)"; \
			DEBIAN_FRONTEND=noninteractive sh -c '$(JAVA_INSTALL)' || exit 1; \
		else echo "a JDK is needed: run  sudo sh -c '$(JAVA_INSTALL)'  and make jvm-check again"; exit 1; fi; \
	fi
