package gclog

import (
	"errors"
	"fmt"
)

// The kinds of refusal; a *LineError wraps one of them, so callers test with errors.Is.
var (
	// ErrEmpty: the input has no lines (or only blank ones).
	ErrEmpty = errors.New("empty input")
	// ErrNotGCLog: the input has lines but none is HotSpot unified logging of a collector.
	ErrNotGCLog = errors.New("not a HotSpot unified GC log")
	// ErrLegacyFormat: the input is JDK 8's -XX:+PrintGCDetails / -XX:+PrintGC format.
	ErrLegacyFormat = errors.New("JDK 8 GC log format")
	// ErrBinary: a line holds bytes no text log has (NUL, invalid UTF-8, control characters).
	ErrBinary = errors.New("binary data")
	// ErrLineTooLong: a line is longer than MaxLineBytes.
	ErrLineTooLong = errors.New("line too long")
	// ErrTooLarge: the log holds more than MaxEvents events.
	ErrTooLarge = errors.New("log too large")
	// ErrMalformed: a line has the shape of a GC summary or heap line but its numbers do not parse.
	ErrMalformed = errors.New("malformed line")
)

// LineError says which line of the input was refused and why.
type LineError struct {
	Line int    // 1-based; 0 when the error concerns the whole input
	Kind error  // one of the Err* values above
	Msg  string // what was found and what is expected, in plain words
}

func (e *LineError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%v: %s", e.Kind, e.Msg)
	}
	return fmt.Sprintf("line %d: %v: %s", e.Line, e.Kind, e.Msg)
}

func (e *LineError) Unwrap() error { return e.Kind }

func lineErr(line int, kind error, format string, args ...any) *LineError {
	return &LineError{Line: line, Kind: kind, Msg: fmt.Sprintf(format, args...)}
}
