package gclog

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// streamPieces feeds b to a Stream in pieces of the given size.
func streamPieces(b []byte, size int) (*Log, error) {
	s := NewStream()
	for len(b) > 0 {
		n := min(size, len(b))
		if _, err := s.Write(b[:n]); err != nil {
			return nil, err
		}
		b = b[n:]
	}
	return s.Close()
}

// TestStreamEqualsParse: however the bytes are cut, a Stream reads what Parse reads.
func TestStreamEqualsParse(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "gclog", "*.log"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		want, err := Parse(bytes.NewReader(b))
		require.NoError(t, err)
		for _, size := range []int{1, 7, 4096, 1 << 20} {
			got, err := streamPieces(b, size)
			require.NoError(t, err, "%s in pieces of %d", p, size)
			assert.Equal(t, want, got, "%s in pieces of %d", p, size)
		}
		// Without the final newline, and with CRLF line ends.
		trimmed, err := streamPieces(bytes.TrimSuffix(b, []byte("\n")), 333)
		require.NoError(t, err)
		assert.Equal(t, want.Summary(), trimmed.Summary(), p)
		crlf, err := streamPieces(bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")), 333)
		require.NoError(t, err)
		assert.Equal(t, want.Summary(), crlf.Summary(), p)
	}
}

func TestStreamRefusals(t *testing.T) {
	_, err := streamPieces([]byte(strings.Repeat("x", MaxLineBytes+1)), 1000)
	assert.True(t, errors.Is(err, ErrLineTooLong), "%v", err)
	var le *LineError
	require.True(t, errors.As(err, &le))
	assert.Equal(t, 1, le.Line)

	s := NewStream()
	_, err = s.Write([]byte("[0.1s][gc] Using G1\nabc\x00def\n"))
	assert.True(t, errors.Is(err, ErrBinary), "%v", err)
	_, again := s.Write([]byte("[0.2s][gc] more\n"))
	assert.Equal(t, err, again, "a refused stream stays refused")
	_, err = s.Close()
	assert.Equal(t, err, again)

	_, err = NewStream().Close()
	assert.True(t, errors.Is(err, ErrEmpty))
	_, err = streamPieces([]byte("2.345: [GC (Allocation Failure) [PSYoungGen: 16384K->2544K(18944K)] 16384K->4000K(62976K), 0.0101 secs]\n"), 10)
	assert.True(t, errors.Is(err, ErrLegacyFormat))
}

// A line of exactly MaxLineBytes may wait whole for its newline in the next piece; one byte more
// is refused as soon as it is seen. The stream counts what it was given as it goes.
func TestStreamLineBound(t *testing.T) {
	line := []byte("[0.040s][info][gc] Using Parallel " + strings.Repeat("x", MaxLineBytes))[:MaxLineBytes]
	s := NewStream()
	_, err := s.Write(line)
	require.NoError(t, err, "a line of MaxLineBytes without its newline yet")
	rest := []byte("\n[1.0s][info][gc] GC(0) Pause Young (Allocation Failure) 16M->4M(61M) 3.400ms\n")
	_, err = s.Write(rest)
	require.NoError(t, err)
	assert.Equal(t, int64(MaxLineBytes+len(rest)), s.Bytes())
	assert.Equal(t, 2, s.Lines())
	assert.Equal(t, 1, s.Events())
	_, err = NewStream().Write(append(line, 'x'))
	assert.True(t, errors.Is(err, ErrLineTooLong), "%v", err)
}
