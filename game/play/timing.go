package play

import "sort"

// timingFrames is how many recent frames the statistics cover (two
// seconds at 60 frames/s).
const timingFrames = 120

// Timing keeps the Go-side cost of recent frames. The caller measures
// (package play has no clock) and records one sample per Update and per
// Draw.
type Timing struct {
	update, draw ring
	FPS, TPS     float64
	// Draws counts the frames drawn since the playground was made: at rest
	// (game/rest.go) it stands still.
	Draws int64
}

type ring struct {
	v    [timingFrames]float64
	n, i int
}

func (r *ring) add(x float64) {
	r.v[r.i] = x
	r.i = (r.i + 1) % len(r.v)
	r.n = min(r.n+1, len(r.v))
}

// quantile returns the q-quantile of the recorded samples (0 if none).
func (r *ring) quantile(q float64) float64 {
	if r.n == 0 {
		return 0
	}
	s := make([]float64, r.n)
	copy(s, r.v[:r.n])
	sort.Float64s(s)
	k := int(q*float64(r.n-1) + 0.5)
	return s[k]
}

// AddUpdate and AddDraw record one frame's milliseconds.
func (t *Timing) AddUpdate(ms float64) { t.update.add(ms) }
func (t *Timing) AddDraw(ms float64)   { t.draw.add(ms); t.Draws++ }

// Stats returns the median and 95th percentile of update and draw times.
func (t *Timing) Stats() (updateMs, drawMs, updateP95, drawP95 float64) {
	return t.update.quantile(0.5), t.draw.quantile(0.5), t.update.quantile(0.95), t.draw.quantile(0.95)
}
