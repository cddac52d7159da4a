// Command loomsim runs Loomlab's simulator from the command line: list the
// scenarios, show their knobs, run a case, verify the articles' figures, or
// print an event trace, or sweep a knob over a range of values.
//
//	loomsim list
//	loomsim params SCENARIO
//	loomsim profile SCENARIO
//	loomsim run SCENARIO[/CASE] [--set k=v]... [--seed N] [--json]
//	loomsim verify [SCENARIO] [--json]
//	loomsim trace SCENARIO[/CASE] --until DURATION [--set k=v]... [--seed N]
//	loomsim jvm gc-lab [--set k=v]... [--keep PREFIX | --replay PREFIX] [--json]
//	loomsim jvm sweep --keep DIR | --replay DIR [--fidelity FILE]
//	loomsim gclog summary|diagnose|fit FILE [--json]
//	loomsim sweep SCENARIO[/CASE] --knob K=LO:HI:N[:log] [--side k=v[,k=v]]... [--set k=v]...
//	              --metric M [--metric M]... [--seed N] [--json|--csv] [--parallel P]
//
// `loomsim help COMMAND` or `loomsim COMMAND --help` explains one command
// (help.go). Without a case, SCENARIO runs its default case and says so on
// stderr.
//
// Exit status: 0 on success (help included); 1 when verify finds a figure out of tolerance,
// or when a command fails for a reason other than its input (its output
// cannot be written, a scenario's own case does not run); 2 on bad input
// (unknown command, flag, scenario, case or knob, a value of the wrong type
// or out of range).
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// usageError is bad input: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

const usage = `usage:
  loomsim list
  loomsim params SCENARIO
  loomsim profile SCENARIO
  loomsim run SCENARIO[/CASE] [--set k=v]... [--seed N] [--json]
  loomsim verify [SCENARIO] [--json]
  loomsim trace SCENARIO[/CASE] --until DURATION [--set k=v]... [--seed N]
  loomsim jvm gc-lab [--set k=v]... [--keep PREFIX | --replay PREFIX] [--json]
                  (runs jvm/GcLab.java under java, compares its GC log with the model)
  loomsim jvm sweep --keep DIR | --replay DIR [--fidelity FILE]
                  (make jvm-check's sweep: every point kept in DIR, the table in FILE)
  loomsim gclog summary|diagnose|fit FILE [--json]
  ` + sweepUsage + `
  loomsim help [COMMAND]`

// cmdHelp prints the overview, or one command's help.
func cmdHelp(args []string, w io.Writer) error {
	switch {
	case len(args) == 0:
		writeOverview(w)
		return nil
	case len(args) > 1:
		return &usageError{fmt.Sprintf("help takes at most one COMMAND, got %q", strings.Join(args, " "))}
	}
	if _, ok := helps[args[0]]; !ok {
		return &usageError{fmt.Sprintf("help %q: no such command; expected list, params, profile, run, verify, trace, sweep, jvm or gclog", args[0])}
	}
	writeCommandHelp(w, args[0])
	return nil
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		writeOverview(stderr)
		return 2
	}
	if _, known := helps[args[0]]; known && wantsHelp(args[1:]) {
		writeCommandHelp(stdout, args[0])
		return 0
	}
	var err error
	code := 0
	switch args[0] {
	case "list":
		err = cmdList(args[1:], stdout)
	case "params":
		err = cmdParams(args[1:], stdout)
	case "profile":
		err = cmdProfile(args[1:], stdout)
	case "run":
		err = cmdRun(args[1:], stdout, stderr)
	case "verify":
		code, err = cmdVerify(args[1:], stdout)
	case "trace":
		err = cmdTrace(args[1:], stdout, stderr)
	case "jvm":
		code, err = cmdJVM(args[1:], stdout, stderr)
	case "gclog":
		err = cmdGCLog(args[1:], stdout)
	case "sweep":
		err = cmdSweep(args[1:], stdout, stderr)
	case "help", "-h", "--help", "-help":
		err = cmdHelp(args[1:], stdout)
	default:
		err = &usageError{fmt.Sprintf("unknown command %q: expected list, params, profile, run, verify, trace, sweep, jvm, gclog or help", args[0])}
	}
	if err != nil {
		fmt.Fprintln(stderr, "loomsim:", err)
		if _, ok := err.(*usageError); ok {
			return 2
		}
		if _, ok := err.(noJVMError); ok {
			return 2
		}
		if code != 0 {
			return code
		}
		return 1
	}
	return code
}
