package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/andybalholm/brotli"
)

// Size is one file of dist/, raw and compressed. A compressed size is the
// pre-compressed copy dist/ ships (name.gz, name.br) when there is one,
// otherwise computed here at best compression (-1: not measured).
type Size struct {
	Name        string // logical name: playground.wasm
	File        string // path under dist/
	Raw, Gz, Br int64
}

// sizedAssets are the files whose sizes the report lists: the logical
// name and the glob of its hashed name under dist/assets.
var sizedAssets = []struct{ name, glob string }{
	{"playground.wasm", "playground.*.wasm"},
	{"worker.wasm", "worker.*.wasm"},
}

func measureSizes(dist string) ([]Size, error) {
	var out []Size
	for _, a := range sizedAssets {
		m, err := filepath.Glob(filepath.Join(dist, "assets", a.glob))
		if err != nil {
			return nil, err
		}
		if len(m) != 1 {
			return nil, fmt.Errorf("dist/assets/%s: %d files, want 1", a.glob, len(m))
		}
		data, err := os.ReadFile(m[0])
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(dist, m[0])
		s := Size{Name: a.name, File: filepath.ToSlash(rel), Raw: int64(len(data)), Br: -1}
		if s.Gz = fileSize(m[0] + ".gz"); s.Gz < 0 {
			s.Gz = gzipSize(data)
		}
		if s.Br = fileSize(m[0] + ".br"); s.Br < 0 {
			s.Br = brotliSize(data)
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func fileSize(p string) int64 {
	st, err := os.Stat(p)
	if err != nil {
		return -1
	}
	return st.Size()
}

func gzipSize(b []byte) int64 {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return int64(buf.Len())
}

// brotliSize is the size at quality 11, as dist/ writes its copies.
func brotliSize(b []byte) int64 {
	var buf bytes.Buffer
	w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	w.Write(b)
	w.Close()
	return int64(buf.Len())
}
