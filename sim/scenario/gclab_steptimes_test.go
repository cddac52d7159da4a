package scenario

import "testing"

// gc-lab times its requests' steps as the twin does: the four steps' sums
// account for the whole requests (less the CPU spin between the
// allocations and the sleep), a sleep is never shorter than backend_ms, and
// without the heap lock no allocation after the sleep waits.
func TestGCLabStepTimesAsTheTwin(t *testing.T) {
	sc, err := Get("gc-lab")
	if err != nil {
		t.Fatal(err)
	}
	for _, lock := range []string{"off", "on"} {
		res, err := sc.Run("tight-pooled", map[string]string{"threads": "200", "requests": "4000", "heap_mb": "32",
			"heap_lock": lock, "cpu_share": "0.5", "wake_us": "500"}, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		steps, ok := res.Metrics["step_ms"].(map[string]any)
		if !ok || len(steps) != 4 {
			t.Fatalf("heap_lock %s: step_ms is %v, want the twin's four steps", lock, res.Metrics["step_ms"])
		}
		get := func(step, figure string) float64 {
			switch x := steps[step].(map[string]any)[figure].(type) {
			case float64:
				return x
			case int64:
				return float64(x)
			}
			t.Fatalf("step_ms %s %s missing", step, figure)
			return 0
		}
		req, parts := get("request", "total_s"), get("alloc_before_sleep", "total_s")+get("sleep", "total_s")+get("alloc_after_sleep", "total_s")
		// The spin (cpu_us 50 at a share of 0.5, about 0.1 ms a request) is
		// the only time outside the three parts.
		if spin := req - parts; spin < 0 || spin > 4000*0.2e-3+0.01 {
			t.Errorf("heap_lock %s: requests took %.3f s, their steps %.3f s: %.3f s unaccounted", lock, req, parts, spin)
		}
		if n := get("request", "over_1ms"); n != 4000 {
			t.Errorf("heap_lock %s: %v requests over 1 ms, want all 4000 (each sleeps 30 ms)", lock, n)
		}
		if p50 := get("sleep", "p50"); p50 < 30 {
			t.Errorf("heap_lock %s: sleep p50 %.3f ms, shorter than backend_ms 30", lock, p50)
		}
		stalled := get("alloc_after_sleep", "over_1ms")
		if lock == "off" && stalled != 0 {
			t.Errorf("heap_lock off: %v requests waited in the allocations after the sleep, want 0", stalled)
		}
		if lock == "on" && stalled == 0 {
			t.Errorf("heap_lock on: no request waited in the allocations after the sleep")
		}
	}
}
