package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// stringTableField is the number of the Profile message's string_table
// field in pprof's profile.proto: every name in a profile (functions,
// files, mapped executables) is an index into that table.
const stringTableField = 6

// rewriteStrings returns the gzipped pprof profile with each entry f
// changes in its string table replaced, every other byte as it was. Only
// the top-level fields are walked: the entries are strings, so replacing
// one changes its own length prefix and nothing that refers to it (the
// references are indices). This stands in for a protobuf library, which
// the module does not otherwise need.
func rewriteStrings(gz []byte, f func(string) string) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("not a gzipped profile: %v", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("not a gzipped profile: %v", err)
	}
	out := make([]byte, 0, len(raw))
	for len(raw) > 0 {
		key, n := binary.Uvarint(raw)
		if n <= 0 {
			return nil, errMalformed
		}
		size, payload, err := fieldSize(key&7, raw[n:])
		if err != nil {
			return nil, err
		}
		whole := raw[:n+size]
		raw = raw[n+size:]
		if key>>3 != stringTableField || key&7 != wireBytes {
			out = append(out, whole...)
			continue
		}
		s := string(whole[n+size-payload:])
		t := f(s)
		if t == s {
			out = append(out, whole...)
			continue
		}
		out = binary.AppendUvarint(out, key)
		out = binary.AppendUvarint(out, uint64(len(t)))
		out = append(out, t...)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(out)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Protobuf wire types that a profile uses.
const (
	wireVarint  = 0
	wireFixed64 = 1
	wireBytes   = 2
	wireFixed32 = 5
)

var errMalformed = errors.New("malformed profile")

// fieldSize gives the bytes a field's value takes after its key, and for
// a length-delimited field how many of them are the payload (the rest
// being its length prefix).
func fieldSize(wire uint64, b []byte) (size, payload int, err error) {
	switch wire {
	case wireVarint:
		if _, n := binary.Uvarint(b); n > 0 {
			return n, 0, nil
		}
	case wireFixed64:
		if len(b) >= 8 {
			return 8, 0, nil
		}
	case wireFixed32:
		if len(b) >= 4 {
			return 4, 0, nil
		}
	case wireBytes:
		l, n := binary.Uvarint(b)
		if n > 0 && l <= uint64(len(b)-n) {
			return n + int(l), int(l), nil
		}
	}
	return 0, 0, errMalformed
}
