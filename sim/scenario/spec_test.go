package scenario

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseSpec(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Spec
		err  string
	}{
		{in: `{"scenario":"request-load"}`, want: Spec{Scenario: "request-load", Knobs: map[string]string{}, Seed: 1}},
		{in: `{"scenario":"request-load","case":"pool-200","seed":7,"knobs":{"requests":200,"pin":true,"executor":"pool","sleep_ms":0.5}}`,
			want: Spec{Scenario: "request-load", Case: "pool-200", Seed: 7,
				Knobs: map[string]string{"requests": "200", "pin": "true", "executor": "pool", "sleep_ms": "0.5"}}},
		{in: `{"scenario":"x","seed":"18446744073709551615"}`, want: Spec{Scenario: "x", Knobs: map[string]string{}, Seed: 1<<64 - 1}},
		{in: `{"scenario":"x","seed":-1}`, err: "seed -1 is not allowed"},
		{in: `{"scenario":"x","seed":1.5}`, err: "seed 1.5"},
		{in: `{"case":"a"}`, err: `"scenario" is missing`},
		{in: `{"scenario":"x","knobs":{"a":null}}`, err: "knob a: no value"},
		{in: `{"scenario":"x","knobs":{"a":[1]}}`, err: "knob a: value [1]"},
		{in: `{"scenario":"x","speed":2}`, err: `unknown field "speed"`},
		{in: `{"scenario":"x","compare":["a","b","c","d"]}`, err: "at most 3"},
		{in: `{"scenario":"x","compare":["a","b"]}`, want: Spec{Scenario: "x", Knobs: map[string]string{}, Seed: 1, Compare: []string{"a", "b"}}},
		{in: `not json`, err: "bad spec:"},
	} {
		got, err := ParseSpec(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseSpec(%s) error = %v, want one containing %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseSpec(%s) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}
