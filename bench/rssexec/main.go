// Command rssexec runs a program and reports its peak resident set size:
//
//	rssexec PROGRAM [ARGS...]
//
// The program's standard streams pass through; after it exits, rssexec
// writes "bench-maxrss-bytes: N" as the last line of standard error and
// exits with the program's status.
//
// Why a separate process: Linux keeps a process's peak RSS across execve,
// and Go starts a child with vfork, sharing the parent's memory until the
// exec, so a child's ru_maxrss is at least its parent's peak RSS at that
// moment. The bench's own peak (tens of MB, with chromedp and the brotli
// encoder linked in) would hide a small program's; this helper is small,
// so its own RSS is the floor instead.
package main

import (
	"fmt"
	"os"
	"os/exec"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: rssexec PROGRAM [ARGS...]")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "rssexec:", err)
		os.Exit(127)
	}
	fmt.Fprintf(os.Stderr, "\nbench-maxrss-bytes: %d\n", maxRSS(cmd.ProcessState))
	os.Exit(cmd.ProcessState.ExitCode())
}
