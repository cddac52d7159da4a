package sweep

import (
	"sync"

	"github.com/loomlab/loomlab/sim/scenario"
)

// Execute runs every run of st, at most parallel at once (at least one),
// each by calling one, and collects the results. Every run uses the
// sweep's seed and lands in its own slot, so the result is the same
// whatever parallel is. done, if not nil, is called after each run (from
// one goroutine at a time) with how many have finished. The first error,
// in run order, is returned.
func Execute(st *Setup, parallel int, one func(Run) (*scenario.Result, error), done func(finished, total int, r Run)) (*Result, error) {
	runs := st.Runs()
	parallel = max(1, min(parallel, len(runs)))
	results := make([]*scenario.Result, len(runs))
	errs := make([]error, len(runs))
	next := make(chan int)
	var mu sync.Mutex
	finished := 0
	var wg sync.WaitGroup
	for range parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], errs[i] = one(runs[i])
				mu.Lock()
				finished++
				if done != nil {
					done(finished, len(runs), runs[i])
				}
				mu.Unlock()
			}
		}()
	}
	for i := range runs {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return Collect(st, results)
}
