package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/loomlab/loomlab/build/repo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A dist/ with pre-compressed copies, served through Handler: the encoding
// the request accepts, the original's type, Vary, and the bytes decode to
// the original.

func TestPrecompress(t *testing.T) {
	js := bytes.Repeat([]byte("console.log('loomlab');\n"), 200)
	files := map[string][]byte{
		"assets/main.ABC.js":       js,
		"assets/main.ABC.js.map":   js,
		"assets/style.ABC.css":     bytes.Repeat([]byte("body { color: red }\n"), 100),
		"assets/p.0123456789.wasm": bytes.Repeat([]byte{0, 'a', 's', 'm', 1, 0, 0, 0}, 1000),
		"assets/tiny.ABC.js":       []byte("x"),
		"index.html":               bytes.Repeat([]byte("<p>hi</p>\n"), 100),
	}
	require.NoError(t, precompress(files, brotliFast, io.Discard))
	for _, n := range []string{"assets/main.ABC.js", "assets/style.ABC.css", "assets/p.0123456789.wasm"} {
		assert.Equal(t, files[n], decode(t, "br", files[n+".br"]), n)
		assert.Equal(t, files[n], decode(t, "gzip", files[n+".gz"]), n)
	}
	for _, n := range []string{"assets/main.ABC.js.map", "index.html", "assets/tiny.ABC.js"} {
		assert.NotContains(t, files, n+".br", "%s gets no copy", n)
		assert.NotContains(t, files, n+".gz", "%s gets no copy", n)
	}
	assert.Len(t, files, 12)
	assert.Error(t, precompress(files, 12, io.Discard))
	// The copies are reproducible: the gzip header carries no time and no
	// name (two compressions microseconds apart would match even with a
	// time stamped to the second, so read the header itself).
	gz := compress("gzip", js, brotliFast)
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	require.NoError(t, err)
	assert.True(t, zr.ModTime.IsZero(), "gzip header stamped with %v", zr.ModTime)
	assert.Empty(t, zr.Name)
	assert.Equal(t, []byte{0, 0, 0, 0}, gz[4:8], "MTIME field of the gzip header")
}

func TestServePrecompressed(t *testing.T) {
	dir := t.TempDir()
	js := bytes.Repeat([]byte("console.log('loomlab');\n"), 200)
	wasm := bytes.Repeat([]byte{0, 'a', 's', 'm', 1, 0, 0, 0}, 1000)
	files := map[string][]byte{
		"assets/main.ABC.js":       js,
		"assets/p.0123456789.wasm": wasm,
		"assets/plain.ABC.css":     []byte("body{}"), // too small: no copies
		"index.html":               []byte("<!doctype html><p>hi</p>"),
	}
	require.NoError(t, precompress(files, brotliFast, io.Discard))
	for n, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(n))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, b, 0o644))
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()

	for _, c := range []struct {
		path, method, accept string
		encoding, ctype      string
		body                 []byte
	}{
		{"/assets/main.ABC.js", "GET", "gzip, deflate, br, zstd", "br", "text/javascript; charset=utf-8", js},
		{"/assets/main.ABC.js", "GET", "gzip, deflate", "gzip", "text/javascript; charset=utf-8", js},
		{"/assets/main.ABC.js", "GET", "br;q=0, gzip;q=0.5", "gzip", "text/javascript; charset=utf-8", js},
		{"/assets/main.ABC.js", "GET", "*", "br", "text/javascript; charset=utf-8", js},
		{"/assets/main.ABC.js", "GET", "*, br;q=0", "gzip", "text/javascript; charset=utf-8", js},
		{"/assets/main.ABC.js", "GET", "identity", "", "text/javascript; charset=utf-8", js},
		{"/assets/main.ABC.js", "GET", "", "", "text/javascript; charset=utf-8", js},
		{"/assets/main.ABC.js", "HEAD", "br", "br", "text/javascript; charset=utf-8", nil},
		{"/assets/p.0123456789.wasm", "GET", "gzip, deflate, br", "br", "application/wasm", wasm},
		{"/assets/p.0123456789.wasm", "GET", "gzip", "gzip", "application/wasm", wasm},
		{"/assets/p.0123456789.wasm", "GET", "", "", "application/wasm", wasm},
		{"/assets/plain.ABC.css", "GET", "gzip, br", "", "text/css; charset=utf-8", []byte("body{}")},
		{"/", "GET", "gzip, br", "", "text/html; charset=utf-8", files["index.html"]},
	} {
		name := c.method + " " + c.path + " Accept-Encoding: " + c.accept
		req, err := http.NewRequest(c.method, srv.URL+c.path, nil)
		require.NoError(t, err)
		req.Header.Set("Accept-Encoding", c.accept) // set even when empty: the transport adds its own gzip otherwise
		resp, err := http.DefaultTransport.RoundTrip(req)
		require.NoError(t, err, name)
		raw, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		assert.Equal(t, http.StatusOK, resp.StatusCode, name)
		assert.Equal(t, c.encoding, resp.Header.Get("Content-Encoding"), name)
		assert.Equal(t, c.ctype, resp.Header.Get("Content-Type"), name)
		if strings.HasPrefix(c.path, "/assets/") {
			assert.Equal(t, "public, max-age=31536000, immutable", resp.Header.Get("Cache-Control"), name)
		}
		if c.path != "/" {
			assert.Contains(t, resp.Header.Values("Vary"), "Accept-Encoding", name)
		}
		if c.method == "HEAD" {
			assert.Empty(t, raw, name)
			assert.Equal(t, strconv.Itoa(len(files[strings.TrimPrefix(c.path, "/")+".br"])), resp.Header.Get("Content-Length"), name)
			continue
		}
		assert.Equal(t, c.body, decode(t, c.encoding, raw), name)
		assert.Equal(t, int64(len(raw)), resp.ContentLength, name)
	}

	// Revalidation of an encoded asset.
	req, _ := http.NewRequest("GET", srv.URL+"/assets/main.ABC.js", nil)
	req.Header.Set("Accept-Encoding", "br")
	resp, err := http.DefaultTransport.RoundTrip(req)
	require.NoError(t, err)
	resp.Body.Close()
	req.Header.Set("If-Modified-Since", resp.Header.Get("Last-Modified"))
	resp, err = http.DefaultTransport.RoundTrip(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotModified, resp.StatusCode)

	// A range of the encoded bytes, as HTTP defines it.
	req, _ = http.NewRequest("GET", srv.URL+"/assets/main.ABC.js", nil)
	req.Header.Set("Accept-Encoding", "br")
	req.Header.Set("Range", "bytes=0-9")
	resp, err = http.DefaultTransport.RoundTrip(req)
	require.NoError(t, err)
	part, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusPartialContent, resp.StatusCode)
	assert.Equal(t, files["assets/main.ABC.js.br"][:10], part)
}

func TestAcceptsEncoding(t *testing.T) {
	for _, c := range []struct {
		header, coding string
		want           bool
	}{
		{"gzip, deflate, br", "br", true},
		{"gzip, deflate", "br", false},
		{"GZIP", "gzip", true},
		{"br;q=0", "br", false},
		{"br; q=0.001", "br", true},
		{"br;q=bad", "br", false},
		{"*", "br", true},
		{"*;q=0", "gzip", false},
		{"*;q=0, gzip", "gzip", true},
		{"*, gzip;q=0", "gzip", false},
		{"", "gzip", false},
		{"identity", "gzip", false},
	} {
		assert.Equal(t, c.want, acceptsEncoding(c.header, c.coding), "%q accepts %s", c.header, c.coding)
	}
}

func decode(t *testing.T, enc string, b []byte) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(b)
	switch enc {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		require.NoError(t, err)
		r = zr
	}
	out, err := io.ReadAll(r)
	require.NoError(t, err)
	return out
}

// netlify.toml gives every pre-compressed copy, fetched by name, the type
// and encoding Serve gives it.
func TestNetlifyHeadersForCopies(t *testing.T) {
	root, err := repo.Root()
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(root, "netlify.toml"))
	require.NoError(t, err)
	blocks := map[string]map[string]string{} // for -> header -> value
	for _, block := range strings.Split(string(b), "[[headers]]")[1:] {
		vals := map[string]string{}
		var pattern string
		for _, line := range strings.Split(block, "\n") {
			k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
			if !ok {
				continue
			}
			k, v = strings.TrimSpace(k), strings.Trim(strings.TrimSpace(v), `"`)
			if k == "for" {
				pattern = v
			} else {
				vals[k] = v
			}
		}
		blocks[pattern] = vals
	}
	for _, ext := range []string{".wasm", ".js", ".css"} {
		require.True(t, precompressible(assetsDir+"/x"+ext))
		for _, e := range encodings {
			pattern := "/*" + ext + e.ext
			if assert.Contains(t, blocks, pattern) {
				assert.Equal(t, e.name, blocks[pattern]["Content-Encoding"], pattern)
				assert.Equal(t, mime.TypeByExtension(ext), blocks[pattern]["Content-Type"], pattern)
			}
		}
	}
}
