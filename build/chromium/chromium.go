// Package chromium starts the headless Chromium that the browser tests and
// the bench drive, with the flags that were found to work on a machine
// without a GPU (browser.md).
package chromium

import (
	"context"
	"os"

	"github.com/chromedp/chromedp"
)

// Path is the browser binary: $LOOMLAB_CHROMIUM, or Debian's chromium.
func Path() string {
	if p := os.Getenv("LOOMLAB_CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// Start returns an allocator context for a headless Chromium at path with
// its profile in profileDir and a 1200×800 window, and the function that
// stops it and waits for it.
func Start(path, profileDir string) (context.Context, context.CancelFunc) {
	return chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path),
		chromedp.UserDataDir(profileDir),
		chromedp.NoSandbox,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Headless,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// WebGL2 through SwiftShader, which Ebiten needs; never
		// --use-gl=swiftshader, which breaks WebGL (browser.md).
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.WindowSize(1200, 800),
	)
}
