# Loomlab — the two README commands are `make serve` and `make test`.
# Every target installs or fetches what it needs (Go modules, npm packages,
# Debian packages) or stops with a message saying what to run.

GO        ?= go
GOROOT    := $(shell $(GO) env GOROOT)
WASMEXEC  := $(GOROOT)/lib/wasm/go_js_wasm_exec

.PHONY: test test-go test-wasm verify vet bench serve dist clean

## test: every test — Go unit and golden tests, the sim under wasm, the articles' figures.
test: vet test-go test-wasm verify

vet:
	$(GO) vet ./...
	@unformatted=$$(gofmt -l sim); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi

test-go:
	$(GO) test -count=1 ./sim/...

# The simulator's tests under GOOS=js GOARCH=wasm (node), so native and wasm
# must agree on trace hashes.
test-wasm:
	@command -v node >/dev/null || { echo "node is needed for the wasm tests: apt-get install -y nodejs"; exit 1; }
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec=$(WASMEXEC) ./sim/...

verify:
	$(GO) run ./sim/cmd/loomsim verify

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./sim/...

clean:
	rm -rf dist bin
