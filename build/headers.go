package main

import "net/http"

// Security headers, for every response of `make serve` (and of the browser
// tests' server) and, in netlify.toml, of the deployed site;
// TestNetlifyHeaders keeps the two equal.
//
// The Content-Security-Policy allows this origin only: no inline script or
// style (the pages load theirs from files), no eval, and no other origin
// for anything. 'wasm-unsafe-eval' is the one exception: without it a page
// or worker with a CSP may not compile WebAssembly, and both Go programs
// are wasm; Go's wasm_exec.js itself needs no eval. data: images are the
// pages' empty favicon (href="data:,"). Workers are loaded from /assets/
// and receive this policy with their script, so the worker's wasm is
// covered too.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"img-src 'self' data:; connect-src 'self'; worker-src 'self'; frame-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'none'"

// permissionsPolicy turns off the powerful features Loomlab never uses, so
// that nothing in its pages (or in a page framing an embed) can ask for
// them. Gamepads and fullscreen are left alone: Ebiten polls gamepads, and
// the presenter view goes full screen.
const permissionsPolicy = "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), " +
	"gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()"

// header is one response header.
type header struct{ name, value string }

// baseHeaders go on every response. There is no frame-ancestors here:
// embed.html is for other sites' posts, and game.html is framed inside it,
// so both must be framable by any page (frame-ancestors checks every
// ancestor, the blog post's origin included).
var baseHeaders = []header{
	{"Content-Security-Policy", contentSecurityPolicy},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
	{"Permissions-Policy", permissionsPolicy},
}

// selfFramedPages are the pages only Loomlab itself may frame: the main
// page and the sample post. They add frame-ancestors 'self' (and the older
// X-Frame-Options for browsers without it) and their own browsing context
// group.
var selfFramedPages = []string{"/", "/index.html", "/blog-sample.html"}

var selfFramedHeaders = []header{
	{"Content-Security-Policy", contentSecurityPolicy + "; frame-ancestors 'self'"},
	{"X-Frame-Options", "SAMEORIGIN"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
}

// setSecurityHeaders sets the security headers of the response to the
// cleaned path p.
func setSecurityHeaders(h http.Header, p string) {
	for _, x := range baseHeaders {
		h.Set(x.name, x.value)
	}
	for _, page := range selfFramedPages {
		if p == page {
			for _, x := range selfFramedHeaders {
				h.Set(x.name, x.value)
			}
		}
	}
}
