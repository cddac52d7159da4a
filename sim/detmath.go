package sim

// Deterministic floating-point helpers.
//
// The standard library's math.Log and math.Exp use assembly on amd64 and pure
// Go on js/wasm; the two can differ in the last bit, and a last-bit
// difference in a sampled latency changes an integer nanosecond now and then,
// which would make native and wasm traces diverge. These versions use only
// IEEE-754 +, -, *, / with explicit float64 conversions (which forbid fused
// multiply-add, per the Go spec), so every platform computes the same bits.
// They are accurate to a few ulps, far more than the model needs.

const ln2 = 0.6931471805599453

// detLog returns the natural logarithm of x for x > 0.
func detLog(x float64) float64 {
	if x <= 0 {
		return -1e308
	}
	// Reduce x to m * 2^k with m in [sqrt(1/2), sqrt(2)).
	k := 0
	for x >= 1.4142135623730951 {
		x = float64(x / 2)
		k++
	}
	for x < 0.7071067811865476 {
		x = float64(x * 2)
		k--
	}
	// ln(m) = 2 atanh(s) with s = (m-1)/(m+1), |s| < 0.172.
	s := float64((x - 1) / (x + 1))
	s2 := float64(s * s)
	term := s
	sum := 0.0
	for n := 1; n < 40; n += 2 {
		sum = float64(sum + float64(term/float64(n)))
		term = float64(term * s2)
		if term < 1e-18 && term > -1e-18 {
			break
		}
	}
	return float64(float64(2*sum) + float64(float64(k)*ln2))
}

// detExp returns e**x for moderate x (|x| < 700).
func detExp(x float64) float64 {
	if x > 700 {
		x = 700
	}
	if x < -700 {
		return 0
	}
	// Reduce: x = k ln2 + r with |r| <= ln2/2.
	k := int(float64(x / ln2))
	r := float64(x - float64(float64(k)*ln2))
	for r > ln2/2 {
		r = float64(r - ln2)
		k++
	}
	for r < -ln2/2 {
		r = float64(r + ln2)
		k--
	}
	// Taylor series for e**r.
	sum, term := 1.0, 1.0
	for n := 1; n < 30; n++ {
		term = float64(float64(term*r) / float64(n))
		sum = float64(sum + term)
		if term < 1e-18 && term > -1e-18 {
			break
		}
	}
	for ; k > 0; k-- {
		sum = float64(sum * 2)
	}
	for ; k < 0; k++ {
		sum = float64(sum / 2)
	}
	return sum
}
