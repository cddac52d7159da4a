package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"time"
)

// site is dist/ built by the build program into a temporary directory,
// and, when the browser is measured, that program's server over it.
type site struct {
	dir  string        // the dist directory
	url  string        // base URL of the server ("" when not serving)
	stop func()        // stops the server
	took time.Duration // build time
}

// buildSite builds the build program and runs it: `serve` (which builds
// dist/ first) when the page is to be measured, the server the README's
// `make serve` runs; `dist` otherwise.
func buildSite(o options, tmp string) (*site, error) {
	tool := filepath.Join(tmp, "loomlab-build")
	if err := goBuild(o.goCmd, nil, tool, "./build"); err != nil {
		return nil, err
	}
	s := &site{dir: filepath.Join(tmp, "dist"), stop: func() {}}
	start := time.Now()
	if !o.browser {
		logf("bench: building dist/ (go run ./build dist)")
		cmd := exec.Command(tool, "dist", "-out", s.dir)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("go run ./build dist: %v", err)
		}
		s.took = time.Since(start)
		return s, nil
	}
	logf("bench: building and serving dist/ (go run ./build serve)")
	// The deployed build's compression (serve's own default is faster), so
	// that the sizes and the transfers are what a visitor gets.
	cmd := exec.Command(tool, "serve", "-out", s.dir, "-addr", "127.0.0.1:0", "-brotli", "11")
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	stopped := false
	s.stop = func() {
		if !stopped {
			stopped = true
			cmd.Process.Kill()
			cmd.Wait()
		}
	}
	url, err := serverURL(stdout)
	if err != nil {
		s.stop()
		return nil, fmt.Errorf("go run ./build serve: %v", err)
	}
	go io.Copy(io.Discard, stdout)
	s.url = url
	s.took = time.Since(start)
	return s, nil
}

var servingAt = regexp.MustCompile(`http://127\.0\.0\.1:\d+`)

// serverURL reads the server's output until it prints its address.
func serverURL(r io.Reader) (string, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if u := servingAt.FindString(sc.Text()); u != "" {
			return u, nil
		}
	}
	return "", errors.New("it stopped before printing its address")
}

// mb formats bytes as megabytes.
func mb(b int64) string {
	return fmt.Sprintf("%.1f MB", float64(b)/(1<<20))
}
