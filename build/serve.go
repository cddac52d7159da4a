package main

import (
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"path"
	"strings"
)

func init() {
	// WebAssembly.instantiateStreaming refuses any other type; do not rely
	// on the host's mime tables.
	mime.AddExtensionType(".wasm", "application/wasm")
}

// Handler serves a dist/ directory: hashed assets are cached for a year,
// everything else (the pages, scenarios.json) is revalidated each time;
// every response carries the security headers (headers.go);
// assets with pre-compressed copies are sent brotli- or gzip-encoded when
// the request accepts it.
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := path.Clean(r.URL.Path)
		if strings.HasSuffix(p, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		if strings.HasPrefix(p, "/"+assetsDir+"/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		setSecurityHeaders(w.Header(), p)       // CSP and the rest (headers.go)
		servePrecompressed(w, r, dir, p, files) // a .br or .gz copy if accepted (compress.go)
	})
}

// Serve serves dir on addr until the process is stopped.
func Serve(dir, addr string, log io.Writer) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-addr %q: %v", addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("-addr %q: serve only listens on a loopback address (127.0.0.1, ::1, localhost)", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: %v", err)
	}
	fmt.Fprintf(log, "Loomlab is at http://%s/  (serving %s; Ctrl-C stops)\n", ln.Addr(), dir)
	return http.Serve(ln, Handler(dir))
}
