package scenario

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// KnobKind is the type of a knob's value.
type KnobKind uint8

const (
	_ KnobKind = iota // the zero value is invalid
	// Int knobs take whole numbers within [Min, Max].
	Int
	// Float knobs take decimal numbers within [Min, Max].
	Float
	// Bool knobs take true or false (ParseBool's words).
	Bool
	// Enum knobs take one of Options.
	Enum
)

func (k KnobKind) String() string { return [...]string{"invalid", "int", "float", "bool", "enum"}[k] }

// Knob is one setting of a scenario: what a user may turn.
type Knob struct {
	Name    string
	Kind    KnobKind
	Default string
	Min     float64
	Max     float64
	Options []string
	Unit    string
	Help    string
	// ZeroMeans, when set, says what 0 does for a knob whose 0 sets
	// nothing (no -XX:NewRatio flag, the JVM's default heap, no container
	// limit): the JVM, the host or the scenario picks its own value, which
	// is not the value 0 on the knob's scale. A sweep's range starts above
	// it (sweep.ParseRange): a point at 0 would be drawn at 0 while it ran
	// another setting.
	ZeroMeans string
	// SweepHint is the range ("LO:HI:N", or "LO:HI:N:log") the page's
	// sweep panel proposes for a ZeroMeans knob that the case leaves at 0:
	// elsewhere the panel proposes half to twice the case's value, and
	// from 0 that gives nothing to sweep (1 to 11 MB of heap). Linear, as
	// the panel's other proposals are: on a log axis a reader took RSS =
	// heap + 230 MB, a straight line, for memory blowing up.
	SweepHint string
}

// Allowed describes the values the knob accepts, for messages and help.
func (k *Knob) Allowed() string {
	switch k.Kind {
	case Int:
		return fmt.Sprintf("an integer from %s to %s%s", fmtNum(k.Min), fmtNum(k.Max), unitSuffix(k.Unit))
	case Float:
		return fmt.Sprintf("a number from %s to %s%s", fmtNum(k.Min), fmtNum(k.Max), unitSuffix(k.Unit))
	case Bool:
		return BoolAllowed
	case Enum:
		return "one of " + strings.Join(k.Options, ", ")
	}
	return "nothing"
}

func unitSuffix(u string) string {
	if u == "" {
		return ""
	}
	return " " + u
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// KnobError is a refused knob value. Its message names the knob and what is
// allowed, on one line.
type KnobError struct {
	Scenario string
	Knob     string
	Value    string
	Allowed  string
	Reason   string
}

func (e *KnobError) Error() string {
	if e.Reason != "" {
		return fmt.Sprintf("%s: knob %s=%q: %s", e.Scenario, e.Knob, e.Value, e.Reason)
	}
	return fmt.Sprintf("%s: knob %s=%q is not allowed: expected %s", e.Scenario, e.Knob, e.Value, e.Allowed)
}

// Accepts says whether text is a value of the knob (its type and range),
// for readers of knob values other than Resolve (the page's links).
func (k *Knob) Accepts(text string) bool {
	_, ok := k.parse(text)
	return ok
}

// parse converts text to the knob's value.
func (k *Knob) parse(text string) (any, bool) {
	t := strings.TrimSpace(text)
	switch k.Kind {
	case Int:
		v, err := strconv.ParseInt(t, 10, 64)
		if err != nil {
			f, ferr := strconv.ParseFloat(t, 64)
			if ferr != nil || f != math.Trunc(f) || math.Abs(f) > 1e15 {
				return nil, false
			}
			v = int64(f)
		}
		if float64(v) < k.Min || float64(v) > k.Max {
			return nil, false
		}
		return v, true
	case Float:
		v, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < k.Min || v > k.Max {
			return nil, false
		}
		return v, true
	case Bool:
		b, ok := ParseBool(t)
		if !ok {
			return nil, false
		}
		return b, true
	case Enum:
		for _, o := range k.Options {
			if t == o {
				return o, true
			}
		}
		return nil, false
	}
	return nil, false
}

// BoolAllowed says what ParseBool accepts, for messages and help.
const BoolAllowed = "true or false (also yes/no, on/off, 1/0)"

// ParseBool reads a yes/no value: a knob's, whether from --set or a link,
// and the page's own switches in a link. Both say true or false, and the
// usual spellings of a switch are taken too, in any case, so one function
// decides for every reader.
func ParseBool(text string) (value, ok bool) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "true", "1", "yes", "on":
		return true, true
	case "false", "0", "no", "off":
		return false, true
	}
	return false, false
}

// Values are a scenario's effective knob values.
type Values struct {
	knobs []Knob
	v     map[string]any
}

// Int returns an Int knob's value.
func (v *Values) Int(name string) int { return int(v.get(name).(int64)) }

// Int64 returns an Int knob's value.
func (v *Values) Int64(name string) int64 { return v.get(name).(int64) }

// Float returns a Float (or Int) knob's value.
func (v *Values) Float(name string) float64 {
	switch x := v.get(name).(type) {
	case float64:
		return x
	case int64:
		return float64(x)
	}
	panic("scenario: knob " + name + " is not numeric")
}

// Bool returns a Bool knob's value.
func (v *Values) Bool(name string) bool { return v.get(name).(bool) }

// Str returns an Enum knob's value.
func (v *Values) Str(name string) string { return v.get(name).(string) }

func (v *Values) get(name string) any {
	x, ok := v.v[name]
	if !ok {
		panic("scenario: no knob " + name)
	}
	return x
}

// Map returns every knob's effective value by name.
func (v *Values) Map() map[string]any {
	m := make(map[string]any, len(v.v))
	for k, x := range v.v {
		m[k] = x
	}
	return m
}

// Text returns a knob's value as text (what a URL or --set would carry).
func (v *Values) Text(name string) string { return FormatValue(v.get(name)) }

// FormatValue renders a knob value as the text a link or --set carries.
func FormatValue(x any) string {
	switch t := x.(type) {
	case int64:
		return strconv.FormatInt(t, 10)
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(t)
	case string:
		return t
	}
	return fmt.Sprint(x)
}

// Names returns the knob names in the scenario's order.
func (v *Values) Names() []string {
	out := make([]string, len(v.knobs))
	for i, k := range v.knobs {
		out[i] = k.Name
	}
	return out
}

// sortedKeys returns the keys of a string-keyed map in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
