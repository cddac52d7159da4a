// Package jsresult writes the JSON text Loomlab's two wasm programs (the
// playground and the worker) answer JavaScript with: a value, {"ok":true},
// or {"error": "..."}. Errors are answered, never thrown, so the page has
// one way to read every call.
package jsresult

import "encoding/json"

// OK is the answer of a call that has nothing to return.
const OK = `{"ok":true}`

// Error is err as {"error": "..."}.
func Error(err error) string {
	b, _ := json.Marshal(map[string]string{"error": err.Error()})
	return string(b)
}

// Done is OK, or err's answer.
func Done(err error) string {
	if err != nil {
		return Error(err)
	}
	return OK
}

// Value is v as JSON, or err's answer (also when v cannot be encoded).
func Value(v any, err error) string {
	if err != nil {
		return Error(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return Error(err)
	}
	return string(b)
}
