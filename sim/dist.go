package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// DistKind selects the shape of a Dist.
type DistKind uint8

const (
	distInvalid DistKind = iota
	// DistConst always returns Mean.
	DistConst
	// DistUniform returns a value uniformly in [Min, Max].
	DistUniform
	// DistExp is exponential with mean Mean (Poisson inter-arrival times).
	DistExp
	// DistLogNormal has median Median and shape Sigma (the standard deviation
	// of the underlying normal), shifted right by Min. Latencies of remote
	// services are commonly modelled this way: most calls near the median, a
	// long right tail.
	DistLogNormal
)

// Dist is a distribution of durations. The zero value is invalid.
type Dist struct {
	Kind   DistKind
	Mean   Duration // DistConst, DistExp
	Min    Duration // DistUniform lower bound; DistLogNormal shift
	Max    Duration // DistUniform upper bound; cap for every kind when > 0
	Median Duration // DistLogNormal
	Sigma  float64  // DistLogNormal
}

// Const returns a distribution that is always d.
func Const(d Duration) Dist { return Dist{Kind: DistConst, Mean: d} }

// Uniform returns a distribution uniform on [lo, hi].
func Uniform(lo, hi Duration) Dist { return Dist{Kind: DistUniform, Min: lo, Max: hi} }

// Exp returns an exponential distribution with the given mean.
func Exp(mean Duration) Dist { return Dist{Kind: DistExp, Mean: mean} }

// LogNormal returns a log-normal distribution with the given median and
// sigma, shifted by min, and capped at max when max > 0.
func LogNormal(min, median Duration, sigma float64, max Duration) Dist {
	return Dist{Kind: DistLogNormal, Min: min, Median: median, Sigma: sigma, Max: max}
}

// Validate reports a malformed distribution.
func (d Dist) Validate() error {
	switch d.Kind {
	case DistConst:
		if d.Mean < 0 {
			return fmt.Errorf("constant %v is negative", d.Mean)
		}
	case DistUniform:
		if d.Min < 0 || d.Max < d.Min {
			return fmt.Errorf("uniform bounds [%v, %v] are not 0 <= min <= max", d.Min, d.Max)
		}
	case DistExp:
		if d.Mean <= 0 {
			return fmt.Errorf("exponential mean %v must be positive", d.Mean)
		}
	case DistLogNormal:
		if d.Median <= 0 || d.Sigma < 0 || d.Min < 0 {
			return fmt.Errorf("log-normal needs median > 0, sigma >= 0, min >= 0")
		}
	default:
		return fmt.Errorf("distribution kind %d is not defined", d.Kind)
	}
	return nil
}

// MeanEstimate returns the distribution's mean (for reports and sizing).
func (d Dist) MeanEstimate() Duration {
	switch d.Kind {
	case DistConst, DistExp:
		return d.Mean
	case DistUniform:
		return (d.Min + d.Max) / 2
	case DistLogNormal:
		return d.Min + Duration(float64(d.Median)*detExp(d.Sigma*d.Sigma/2))
	}
	return 0
}

func (d Dist) String() string {
	switch d.Kind {
	case DistConst:
		return d.Mean.String()
	case DistUniform:
		return fmt.Sprintf("uniform(%v..%v)", d.Min, d.Max)
	case DistExp:
		return fmt.Sprintf("exp(mean %v)", d.Mean)
	case DistLogNormal:
		s := fmt.Sprintf("lognormal(median %v, σ %.2f", d.Median, d.Sigma)
		if d.Min > 0 {
			s += fmt.Sprintf(", +%v", d.Min)
		}
		return s + ")"
	}
	return "invalid"
}

// unit returns a uniform float64 in the open interval (0, 1), built from 53
// random bits so that it is identical on every platform.
func unit(r *rand.Rand) float64 {
	return (float64(r.Uint64()>>11) + 0.5) / (1 << 53)
}

// Sample draws one value.
func (d Dist) Sample(r *rand.Rand) Duration { return d.draw(r) }

// draw is Sample through a pointer: the model samples its programs' steps on
// most events, and a 48-byte Dist passed by value is copied through memory
// at each call (in WebAssembly a memory.copy call).
func (d *Dist) draw(r *rand.Rand) Duration {
	var v Duration
	switch d.Kind {
	case DistConst:
		return d.Mean
	case DistUniform:
		if d.Max == d.Min {
			return d.Min
		}
		return d.Min + Duration(r.Uint64N(uint64(d.Max-d.Min)+1))
	case DistExp:
		v = Duration(float64(-detLog(unit(r)) * float64(d.Mean)))
	case DistLogNormal:
		z := invNormal(unit(r))
		v = d.Min + Duration(float64(float64(d.Median)*detExp(float64(d.Sigma*z))))
	default:
		return 0
	}
	if d.Max > 0 && v > d.Max {
		v = d.Max
	}
	if v < 0 {
		v = 0
	}
	return v
}

// invNormal returns the standard normal quantile of p in (0, 1), using
// Acklam's rational approximation (relative error < 1.2e-9), computed with
// detLog and the correctly rounded math.Sqrt so that it is bit-identical on
// every platform.
func invNormal(p float64) float64 {
	const (
		a1   = -3.969683028665376e+01
		a2   = 2.209460984245205e+02
		a3   = -2.759285104469687e+02
		a4   = 1.383577518672690e+02
		a5   = -3.066479806614716e+01
		a6   = 2.506628277459239e+00
		b1   = -5.447609879822406e+01
		b2   = 1.615858368580409e+02
		b3   = -1.556989798598866e+02
		b4   = 6.680131188771972e+01
		b5   = -1.328068155288572e+01
		c1   = -7.784894002430293e-03
		c2   = -3.223964580411365e-01
		c3   = -2.400758277161838e+00
		c4   = -2.549732539343734e+00
		c5   = 4.374664141464968e+00
		c6   = 2.938163982698783e+00
		d1   = 7.784695709041462e-03
		d2   = 3.224671290700398e-01
		d3   = 2.445134137142996e+00
		d4   = 3.754408661907416e+00
		pLow = 0.02425
	)
	tail := func(q float64) float64 {
		return float64(horner(q, c1, c2, c3, c4, c5, c6) / horner(q, d1, d2, d3, d4, 1))
	}
	switch {
	case p < pLow:
		return tail(math.Sqrt(float64(-2 * detLog(p))))
	case p > 1-pLow:
		return -tail(math.Sqrt(float64(-2 * detLog(1-p))))
	default:
		q := float64(p - 0.5)
		r := mul(q, q)
		num := mul(horner(r, a1, a2, a3, a4, a5, a6), q)
		den := horner(r, b1, b2, b3, b4, b5, 1)
		return float64(num / den)
	}
}

// mul returns a*b rounded to float64; the conversion forbids the compiler from
// fusing the product into a following addition.
func mul(a, b float64) float64 { return float64(a * b) }

// horner evaluates the polynomial with coefficients cs (highest degree first)
// at x, rounding every step.
func horner(x float64, cs ...float64) float64 {
	acc := 0.0
	for _, c := range cs {
		acc = float64(mul(acc, x) + c)
	}
	return acc
}
