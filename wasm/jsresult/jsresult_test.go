package jsresult

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAnswers(t *testing.T) {
	assert.Equal(t, `{"ok":true}`, Done(nil))
	assert.Equal(t, `{"error":"knob \"x\" is not allowed"}`, Done(errors.New(`knob "x" is not allowed`)))
	assert.Equal(t, `{"found":true}`, Value(map[string]bool{"found": true}, nil))
	assert.Equal(t, `{"error":"nothing loaded"}`, Value(map[string]bool{"found": true}, errors.New("nothing loaded")))
	// A value JSON cannot hold is an error answer, not a panic or "".
	assert.Contains(t, Value(math.NaN(), nil), `"error":"json: unsupported value: NaN"`)
}
