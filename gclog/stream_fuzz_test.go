package gclog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzStream cuts arbitrary input into pieces of a fuzzed size and feeds them to a Stream, as the
// page's worker does. Properties: it never panics; when Parse reads the input, the Stream reads
// the same log, and when Parse refuses it, so does the Stream; and the diagnosis and chart columns of any log it reads encode as JSON.
func FuzzStream(f *testing.F) {
	f.Add([]byte("[1.719s][info][gc] GC(0) Pause Young (Allocation Failure) 16M->4M(61M) 101.380ms\n"), uint16(7))
	f.Add([]byte("[1s][gc] Using G1\r\n[2s][gc] GC(0) Pause Full (System.gc()) 5M->3M(61M) 12.3ms"), uint16(1))
	// A last line of one byte with no newline after it: Close must read it as Parse does.
	f.Add([]byte("[2s][gc] GC(0) Pause Full (System.gc()) 5M->3M(61M) 12.3ms\n}"), uint16(4))
	// A line of exactly MaxLineBytes, which Parse once refused and the Stream read.
	long := []byte("[1.0s][info][gc] Using Parallel ")
	f.Add(append(long, bytes.Repeat([]byte("x"), MaxLineBytes-len(long))...), uint16(4095))
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "gclog", "*.log"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b[:min(len(b), 4000)], uint16(333))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, piece uint16) {
		size := int(piece%4096) + 1
		got, gotErr := streamPieces(data, size)
		want, wantErr := Parse(bytes.NewReader(data))
		if wantErr == nil {
			if gotErr != nil {
				t.Fatalf("Parse read it, the Stream (pieces of %d) refused it: %v", size, gotErr)
			}
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("the Stream (pieces of %d) read another log than Parse", size)
			}
		} else if gotErr == nil {
			// The other way too: what Parse refuses, the Stream refuses (the two once
			// disagreed on a line of exactly MaxLineBytes).
			t.Fatalf("Parse refused it (%v), the Stream (pieces of %d) read it", wantErr, size)
		}
		if gotErr != nil {
			return
		}
		if _, err := json.Marshal(Diagnose(got)); err != nil {
			t.Fatalf("diagnosis: %v", err)
		}
		if _, err := json.Marshal(got.Series()); err != nil {
			t.Fatalf("series: %v", err)
		}
	})
}
