package main

import (
	"bytes"
	"os"
	"testing"
)

// TestTableCommitted fails when atlas.bin is not what the generator
// writes from glyph.Sets and the fonts today: run "go generate
// ./game/glyph" after changing either.
func TestTableCommitted(t *testing.T) {
	want, err := table()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../atlas.bin")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("game/glyph/atlas.bin (%d bytes) differs from a fresh rasterisation (%d bytes): run go generate ./game/glyph", len(got), len(want))
	}
}
