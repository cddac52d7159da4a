package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Peak RSS of a measured program comes from bench/rssexec, which runs it
// and reports its ru_maxrss (see there for why it is a separate process).

const rssExecLine = "bench-maxrss-bytes: "

// rssHelper is the built bench/rssexec ("" until buildRSSHelper).
var rssHelper string

func buildRSSHelper(goCmd, tmp string) error {
	bin := filepath.Join(tmp, "rssexec")
	if err := goBuild(goCmd, nil, bin, "./bench/rssexec"); err != nil {
		return err
	}
	rssHelper = bin
	return nil
}

// viaRSSExec makes a command that runs a program through the helper.
func viaRSSExec(name string, args ...string) *exec.Cmd {
	return exec.Command(rssHelper, append([]string{name}, args...)...)
}

// cutRSSLine removes the helper's report from stderr and returns the peak
// RSS it gives (-1 when missing).
func cutRSSLine(stderr []byte) ([]byte, int64) {
	i := bytes.LastIndex(stderr, []byte(rssExecLine))
	if i < 0 {
		return stderr, -1
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(stderr[i+len(rssExecLine):])), 10, 64)
	if err != nil {
		return stderr, -1
	}
	return bytes.TrimRight(stderr[:i], "\n"), n
}

// rssFloor is the peak RSS the helper reports for `true` (-1 if unknown).
func rssFloor() int64 {
	cmd := viaRSSExec("true")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return -1
	}
	_, n := cutRSSLine(stderr.Bytes())
	return n
}
