package main

// Pre-compressed copies of the assets. dist/ carries name.br and name.gz
// beside each wasm, js and css asset, so a server that negotiates
// (Serve here; nginx gzip_static/brotli_static; Caddy's precompressed)
// sends the smallest encoding the browser accepts without compressing on
// every request. Brotli at quality 11 takes a minute for the playground's
// wasm (it is ~15 % smaller than quality 5, which takes under a second):
// `dist`, which makes what is deployed, uses 11; `serve` and the tests,
// which rebuild often and measure nothing about sizes, use 5.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
)

// Brotli qualities: best for what is deployed (the default), fast for
// local serving and the browser suite, which build dist/ often and only
// need the copies to be valid.
const (
	brotliBest = 11
	brotliFast = 5
)

// precompressible says whether a dist/ path gets .br and .gz copies: the
// hashed wasm, js and css assets (not source maps, which only developer
// tools fetch, and not the small, revalidated pages).
func precompressible(p string) bool {
	if !strings.HasPrefix(p, assetsDir+"/") {
		return false
	}
	switch path.Ext(p) {
	case ".wasm", ".js", ".css":
		return true
	}
	return false
}

// encodings a copy can have, in order of preference.
var encodings = []struct {
	name, ext string // Content-Encoding token, file suffix
}{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// precompress adds name.br and name.gz to files for every precompressible
// file, each only when it is smaller than the original. Files are
// compressed in parallel.
func precompress(files map[string][]byte, quality int, log io.Writer) error {
	if quality < brotli.BestSpeed || quality > brotli.BestCompression {
		return fmt.Errorf("brotli quality %d: expected %d to %d", quality, brotli.BestSpeed, brotli.BestCompression)
	}
	start := time.Now()
	type job struct{ name, enc string }
	var jobs []job
	for _, n := range slices.Sorted(maps.Keys(files)) {
		if precompressible(n) {
			for _, e := range encodings {
				jobs = append(jobs, job{n, e.name})
			}
		}
	}
	out := make([][]byte, len(jobs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out[i] = compress(j.enc, files[j.name], quality)
		}()
	}
	wg.Wait()
	var raw, packed [2]int
	for i, j := range jobs {
		k := 0
		if j.enc == "gzip" {
			k = 1
		}
		if len(out[i]) < len(files[j.name]) {
			files[j.name+encodings[k].ext] = out[i]
			raw[k] += len(files[j.name])
			packed[k] += len(out[i])
		}
	}
	fmt.Fprintf(log, "build: pre-compressed %d assets: brotli q%d %s → %s, gzip -9 %s → %s (%s)\n", len(jobs)/2, quality,
		kb(raw[0]), kb(packed[0]), kb(raw[1]), kb(packed[1]), time.Since(start).Round(10*time.Millisecond))
	return nil
}

// compress encodes data with the named encoding at its best compression
// (brotli at the given quality). The gzip header carries no name or time,
// so the same input always gives the same bytes.
func compress(enc string, data []byte, quality int) []byte {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch enc {
	case "br":
		w = brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: quality, LGWin: 24})
	case "gzip":
		w, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression)
	default:
		panic("unknown encoding " + enc)
	}
	w.Write(data) // writes to a bytes.Buffer do not fail
	w.Close()
	return buf.Bytes()
}

// servePrecompressed serves a GET or HEAD of a precompressible path from
// its .br or .gz copy when there is one and the request accepts that
// encoding, with the original's Content-Type; otherwise next serves it.
// Every such response varies with Accept-Encoding, so caches keep the
// encodings apart.
func servePrecompressed(w http.ResponseWriter, r *http.Request, dir, p string, next http.Handler) {
	rel := strings.TrimPrefix(p, "/")
	if (r.Method != http.MethodGet && r.Method != http.MethodHead) || !precompressible(rel) {
		next.ServeHTTP(w, r)
		return
	}
	w.Header().Add("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	for _, e := range encodings {
		if !acceptsEncoding(accept, e.name) {
			continue
		}
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(rel)+e.ext))
		if err != nil {
			continue
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil || st.IsDir() {
			continue
		}
		ctype := mime.TypeByExtension(path.Ext(rel))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Content-Encoding", e.name)
		// ServeContent leaves out Content-Length when Content-Encoding is
		// set (it cannot know whether a wrapper compresses later); these
		// bytes go out as they are, so give it, unless the answer may be
		// partial or a failed precondition (ranges are then of the encoded
		// bytes). A 304 drops it.
		if r.Header.Get("Range") == "" && r.Header.Get("If-Match") == "" && r.Header.Get("If-Unmodified-Since") == "" {
			w.Header().Set("Content-Length", strconv.FormatInt(st.Size(), 10))
		}
		http.ServeContent(w, r, rel, st.ModTime(), f)
		return
	}
	next.ServeHTTP(w, r)
}

// acceptsEncoding reads an Accept-Encoding header (RFC 9110 §12.5.3): the
// coding is acceptable if it is listed with a q-value above 0, or, when it
// is not listed, if "*" is.
func acceptsEncoding(header, coding string) bool {
	explicit, star := -1.0, -1.0
	for _, item := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(item, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		q := 1.0
		for _, param := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(param, "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if x, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = x
				} else {
					q = 0
				}
			}
		}
		switch name {
		case coding:
			explicit = max(explicit, q)
		case "*":
			star = max(star, q)
		}
	}
	if explicit >= 0 {
		return explicit > 0
	}
	return star > 0
}
