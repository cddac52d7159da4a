package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// Peak RSS of a child process, without the bench's own.
//
// Linux keeps a process's peak RSS across execve, and Go starts a child
// with vfork, sharing the parent's memory until the exec: so a child's
// getrusage ru_maxrss is at least the bench's own peak RSS at that moment
// (tens of MB late in a run), whatever the child used. The bench therefore
// starts each measured program through a fresh copy of itself in this
// mode, whose RSS is a few MB: it runs the program, passes its output
// through, and reports the program's peak RSS on its last line of
// standard error.

const (
	rssExecArg  = "-rss-exec"
	rssExecLine = "bench-maxrss-bytes: "
)

// rssExecMain is the helper: os.Args = [bench, -rss-exec, program, args...].
func rssExecMain(args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 127
	}
	fmt.Fprintf(os.Stderr, "\n%s%d\n", rssExecLine, maxRSS(cmd.ProcessState))
	return cmd.ProcessState.ExitCode()
}

// viaRSSExec wraps a command so that it runs through the helper.
func viaRSSExec(name string, args ...string) (*exec.Cmd, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return exec.Command(self, append([]string{rssExecArg, name}, args...)...), nil
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
