//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// Natively there is nothing to serve: the worker runs in a browser.
// (spec.go is plain Go so its tests run natively and under wasm.)
func main() {
	fmt.Fprintln(os.Stderr, "worker: build with GOOS=js GOARCH=wasm and run it in a Web Worker (go run ./build serve)")
	os.Exit(2)
}
