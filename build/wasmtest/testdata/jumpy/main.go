// Command jumpy exercises what Go's WebAssembly does with control flow —
// loops, switches, early returns, goroutines that block and resume, panics
// recovered through defers — and prints a transcript that must not change
// when the build's wasm passes (build/wasmjumps, build/wasmopt) rewrite
// the module.
package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
)

func classify(n int) string {
	switch {
	case n < 0:
		return "negative"
	case n == 0:
		return "zero"
	case n%15 == 0:
		return "fizzbuzz"
	case n%5 == 0:
		return "buzz"
	case n%3 == 0:
		return "fizz"
	}
	return "plain"
}

func collatz(n int) (steps int) {
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	return steps
}

func safeIndex(xs []int, i int) (v int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return xs[i], nil
}

var errOdd = errors.New("odd")

func halve(n int) (int, error) {
	if n%2 != 0 {
		return 0, errOdd
	}
	return n / 2, nil
}

// pipeline passes numbers through goroutines that block on channels and
// timers, so the goroutines are suspended and resumed in the middle of
// their functions.
func pipeline(n int) []int {
	in, out := make(chan int), make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for v := range in {
				if v%4 == w {
					time.Sleep(time.Millisecond)
				}
				out <- v*v + w*0
			}
		}(w)
	}
	go func() {
		for i := 0; i < n; i++ {
			in <- i
		}
		close(in)
	}()
	go func() { wg.Wait(); close(out) }()
	var got []int
	for {
		select {
		case v, ok := <-out:
			if !ok {
				sort.Ints(got)
				return got
			}
			got = append(got, v)
		case <-time.After(5 * time.Second):
			return nil
		}
	}
}

func main() {
	var b strings.Builder
	counts := map[string]int{}
	sum := 0
	for i := -3; i <= 300; i++ {
		counts[classify(i)]++
		if i <= 0 {
			continue
		}
		if i > 250 {
			break
		}
		sum += collatz(i)
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%d ", k, counts[k])
	}
	fmt.Fprintf(&b, "\ncollatz steps 1..250: %d\n", sum)
	xs := []int{10, 20, 30}
	for _, i := range []int{0, 2, 3, -1} {
		v, err := safeIndex(xs, i)
		fmt.Fprintf(&b, "index %d: %d %v\n", i, v, err)
	}
	for _, n := range []int{8, 7, 12} {
		h, err := halve(n)
		fmt.Fprintf(&b, "halve %d: %d %v\n", n, h, err)
	}
	fmt.Fprintf(&b, "pipeline: %v\n", pipeline(12))
	fmt.Print(b.String())
}
