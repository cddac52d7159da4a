package scenario

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// Fuzz targets. `make test` runs each for a few seconds, `make fuzz` for
// longer; failing inputs land in testdata/fuzz/ and stay as regression
// seeds. The page's link parser has its own in game/link.

// Any text is a spec or a clear error, and an accepted spec's knobs either
// build a simulator or are refused naming the knob.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{`{"scenario":"request-load"}`, `{"scenario":"x","knobs":{"a":1.5e300}}`,
		`{"scenario":"vt-pooling","seed":"7","compare":["1g-pool"]}`, `[]`, `{"knobs":null}`,
		`{"scenario":"request-load","knobs":{"requests":"12"}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sp, err := ParseSpec(text)
		if err != nil {
			if err.Error() == "" || strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: refusal %q is not one clear line", text, err)
			}
			return
		}
		if sp.Scenario == "" {
			t.Fatal("a spec without a scenario was accepted")
		}
		sc, err := Get(sp.Scenario)
		if err != nil {
			return // an unknown scenario is the loader's refusal to make
		}
		sm, v, err := sc.NewSim(sp.Case, sp.Knobs, sp.Seed)
		if err != nil {
			if !namesOneOf(err.Error(), sp.Knobs) && !strings.Contains(err.Error(), "unknown case") {
				t.Fatalf("%q: refusal names neither a knob it was given nor the case: %v", text, err)
			}
			return
		}
		if sm == nil || v == nil {
			t.Fatalf("%q: accepted without a simulator", text)
		}
		for name, given := range sp.Knobs {
			if got := v.Text(name); !sameKnobValue(given, got) {
				t.Fatalf("%q: knob %s=%q was accepted but resolved to %q", text, name, given, got)
			}
		}
	})
}

// Any knob text is refused with a message naming the knob and what it
// allows, or accepted as a value inside the knob's range that the resolved
// values then carry.
func FuzzKnobValue(f *testing.F) {
	f.Add(uint8(0), uint8(0), "4096")
	f.Add(uint8(1), uint8(3), "-1")
	f.Add(uint8(2), uint8(5), "NaN")
	f.Add(uint8(3), uint8(1), "1e999")
	f.Add(uint8(4), uint8(2), "  12  ")
	f.Add(uint8(0), uint8(1), "-1")
	f.Add(uint8(2), uint8(0), "99999999")
	// Every numeric knob just past each end of its range: random text
	// rarely lands there (2,000 inputs never gave a float knob a value
	// over its maximum), and that is where a range check is wrong.
	for si, sc := range All() {
		for ki, k := range sc.Knobs {
			if k.Kind == Int || k.Kind == Float {
				step := max(1, (k.Max-k.Min)/1000)
				f.Add(uint8(si), uint8(ki), strconv.FormatFloat(k.Max+step, 'g', -1, 64))
				f.Add(uint8(si), uint8(ki), strconv.FormatFloat(k.Min-step, 'g', -1, 64))
			}
		}
	}
	f.Fuzz(func(t *testing.T, si, ki uint8, value string) {
		all := All()
		sc := all[int(si)%len(all)]
		k := sc.Knobs[int(ki)%len(sc.Knobs)]
		v, err := sc.Resolve("", map[string]string{k.Name: value})
		if err != nil {
			var ke *KnobError
			if !errors.As(err, &ke) || ke.Knob != k.Name {
				t.Fatalf("refusal of %s=%q is not about that knob: %v", k.Name, value, err)
			}
			if msg := err.Error(); !strings.Contains(msg, k.Name) || !strings.Contains(msg, k.Allowed()) {
				t.Fatalf("refusal of %s=%q does not say what is allowed (%s): %v", k.Name, value, k.Allowed(), msg)
			}
			return
		}
		if !inRange(&k, v.Text(k.Name)) {
			t.Fatalf("%s=%q accepted as %q, outside %s", k.Name, value, v.Text(k.Name), k.Allowed())
		}
	})
}

// inRange says, independently of the knob parser, whether a resolved value's
// text is one the knob allows.
func inRange(k *Knob, text string) bool {
	switch k.Kind {
	case Bool:
		return text == "true" || text == "false"
	case Enum:
		return slices.Contains(k.Options, text)
	}
	x, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsNaN(x) || x < k.Min || x > k.Max {
		return false
	}
	return k.Kind != Int || x == math.Trunc(x)
}

// namesOneOf says whether msg names one of the knobs in set.
func namesOneOf(msg string, set map[string]string) bool {
	for name := range set {
		if strings.Contains(msg, name) {
			return true
		}
	}
	return false
}

// sameKnobValue compares a knob's given text with its resolved text as
// values (12 and 12.0, " true" and true are the same value).
func sameKnobValue(given, resolved string) bool {
	given = strings.TrimSpace(given)
	if given == resolved {
		return true
	}
	a, err1 := strconv.ParseFloat(given, 64)
	b, err2 := strconv.ParseFloat(resolved, 64)
	if err1 == nil && err2 == nil {
		return a == b
	}
	switch strings.ToLower(given) {
	case "true", "1", "yes", "on":
		return resolved == "true"
	case "false", "0", "no", "off":
		return resolved == "false"
	}
	return false
}

// Random knobs within their ranges and random seeds: no panic, every
// invariant holds, and the run ends within an event budget. Sizes are
// capped so that one input runs in well under a second.
func FuzzSimulate(f *testing.F) {
	f.Add(uint8(0), uint64(1), []byte{1, 2, 3, 4, 5, 6})
	f.Add(uint8(3), uint64(99), []byte{255, 0, 255, 0})
	f.Add(uint8(2), uint64(7), []byte{9, 200, 17})
	f.Fuzz(func(t *testing.T, si uint8, seed uint64, data []byte) {
		all := All()
		sc := all[int(si)%len(all)]
		set := sc.ShortSet()
		// Each pair of bytes picks a knob and a value in its range.
		for i := 0; i+1 < len(data) && i < 12; i += 2 {
			k := &sc.Knobs[int(data[i])%len(sc.Knobs)]
			if _, short := set[k.Name]; short {
				continue // keep the shortening knobs short
			}
			set[k.Name] = fuzzValue(k, data[i+1])
		}
		c := sc.Cases[int(seed%uint64(len(sc.Cases)))].ID
		sm, _, err := sc.NewSim(c, set, seed)
		if err != nil {
			// Every value is inside its knob's range, so a refusal is a
			// combination the scenario cannot build: it must say which knob.
			if !strings.Contains(err.Error(), sc.ID) || !namesOneOf(err.Error(), set) {
				t.Fatalf("%s/%s %v: refusal names no knob it was given: %v", sc.ID, c, set, err)
			}
			return
		}
		// Advance in bounded calls: each call does at most its budget of
		// events, and each makes progress (events handled or the clock
		// moved) until the run is done or reaches 20 virtual seconds.
		const perCall = 20000
		for calls := 0; calls < 100 && sm.Now() < sim.Time(20*sim.Second); calls++ {
			before, at := sm.EventsProcessed(), sm.Now()
			done := sm.Advance(sim.Time(20*sim.Second), perCall)
			if n := sm.EventsProcessed() - before; n > perCall {
				t.Fatalf("%s/%s %v seed %d: one Advance handled %d events, over its budget of %d", sc.ID, c, set, seed, n, perCall)
			}
			if err := sm.CheckInvariants(); err != nil {
				t.Fatalf("%s/%s %v seed %d: %v", sc.ID, c, set, seed, err)
			}
			if done {
				break
			}
			if sm.EventsProcessed() == before && sm.Now() == at {
				t.Fatalf("%s/%s %v seed %d: Advance made no progress at %v", sc.ID, c, set, seed, at)
			}
		}
	})
}

// fuzzValue maps a byte to a value of the knob, capped so a run stays small.
func fuzzValue(k *Knob, b byte) string {
	switch k.Kind {
	case Bool:
		return strconv.FormatBool(b%2 == 1)
	case Enum:
		return k.Options[int(b)%len(k.Options)]
	}
	lo, hi := k.Min, k.Max
	if hi > lo+2000 && !strings.HasSuffix(k.Name, "_mb") {
		hi = lo + 2000
	}
	v := lo + (hi-lo)*float64(b)/255
	if k.Kind == Int {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', 3, 64)
}
