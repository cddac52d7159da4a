package gclog

import "bytes"

// Stream reads a log that arrives in pieces of any size (a browser worker reading a dropped file
// a megabyte at a time): Write splits the bytes into lines and gives them to a Parser, keeping
// the unfinished last line for the next piece; Close reads that last line and finishes. It gives
// the same Log as Parse for the same bytes, however they are cut.
type Stream struct {
	p       *Parser
	partial []byte
	bytes   int64
	err     error
}

// NewStream returns a stream for one log.
func NewStream() *Stream { return &Stream{p: NewParser()} }

// Write reads a piece of the log. After a refusal every later call returns the same error.
func (s *Stream) Write(b []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	s.bytes += int64(len(b))
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			s.partial = append(s.partial, b...)
			if len(s.partial) > MaxLineBytes {
				s.err = lineErr(s.p.log.Lines+1, ErrLineTooLong,
					"longer than %d KiB; a HotSpot GC log's lines are a few hundred bytes", MaxLineBytes>>10)
				return 0, s.err
			}
			break
		}
		line := b[:i]
		if len(s.partial) > 0 {
			s.partial = append(s.partial, line...)
			line = s.partial
		}
		if err := s.p.Line(line); err != nil {
			s.err = err
			return 0, err
		}
		s.partial = s.partial[:0]
		b = b[i+1:]
	}
	return n, nil
}

// Bytes is how many bytes have been written.
func (s *Stream) Bytes() int64 { return s.bytes }

// Lines is how many lines have been read so far.
func (s *Stream) Lines() int { return s.p.log.Lines }

// Events is how many events have been completed so far.
func (s *Stream) Events() int { return len(s.p.log.Events) }

// Close reads the last line if it had no newline and returns the log.
func (s *Stream) Close() (*Log, error) {
	if s.err != nil {
		return nil, s.err
	}
	if len(s.partial) > 0 {
		if err := s.p.Line(s.partial); err != nil {
			s.err = err
			return nil, err
		}
		s.partial = nil
	}
	return s.p.Finish()
}
