package scenario

import (
	"strconv"
	"strings"
	"testing"

	"github.com/loomlab/loomlab/sim"
)

// Fuzz targets. `make test` runs each for a few seconds, `make fuzz` for
// longer; failing inputs land in testdata/fuzz/ and stay as regression
// seeds. The page's link parser has its own in game/link.

// Any text is a spec or a clear error.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{`{"scenario":"request-load"}`, `{"scenario":"x","knobs":{"a":1.5e300}}`,
		`{"scenario":"vt-pooling","seed":"7","compare":["1g-pool"]}`, `[]`, `{"knobs":null}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sp, err := ParseSpec(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if sp.Scenario == "" {
			t.Fatal("a spec without a scenario was accepted")
		}
		if sc, err := Get(sp.Scenario); err == nil {
			// Knob text may be anything: Resolve must refuse or accept cleanly.
			_, _, _ = sc.NewSim(sp.Case, sp.Knobs, sp.Seed)
		}
	})
}

// Any knob text is refused with a message naming the knob, or accepted
// into a configuration that builds.
func FuzzKnobValue(f *testing.F) {
	f.Add(uint8(0), uint8(0), "4096")
	f.Add(uint8(1), uint8(3), "-1")
	f.Add(uint8(2), uint8(5), "NaN")
	f.Add(uint8(3), uint8(1), "1e999")
	f.Add(uint8(4), uint8(2), "  12  ")
	f.Fuzz(func(t *testing.T, si, ki uint8, value string) {
		all := All()
		sc := all[int(si)%len(all)]
		k := sc.Knobs[int(ki)%len(sc.Knobs)]
		_, _, err := sc.NewSim("", map[string]string{k.Name: value}, 1)
		if err != nil && !strings.Contains(err.Error(), k.Name) && !strings.Contains(err.Error(), sc.ID) {
			t.Fatalf("refusal of %s=%q does not name it: %v", k.Name, value, err)
		}
	})
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
			if !strings.Contains(err.Error(), sc.ID) {
				t.Fatalf("refusal without the scenario's name: %v", err)
			}
			return
		}
		budget := 0
		for !sm.Advance(sim.Time(20*sim.Second), 20000) {
			if err := sm.CheckInvariants(); err != nil {
				t.Fatalf("%s/%s %v seed %d: %v", sc.ID, c, set, seed, err)
			}
			budget++
			if budget > 100 || sm.Now() >= sim.Time(20*sim.Second) {
				break // a long run is fine; it must simply stay consistent
			}
		}
		if err := sm.CheckInvariants(); err != nil {
			t.Fatalf("%s/%s %v seed %d: %v", sc.ID, c, set, seed, err)
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
