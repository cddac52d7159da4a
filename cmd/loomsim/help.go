package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/loomlab/loomlab/sim"
	"github.com/loomlab/loomlab/sim/scenario"
)

// about is the one line a newcomer reads first: what the tool is.
const about = "loomsim: Loomlab's deterministic simulation of Java virtual threads, their stacks and GC, from the command line."

// commandHelp is what `loomsim help COMMAND` and `loomsim COMMAND --help`
// print: the command's synopsis, what it does, and examples to copy.
type commandHelp struct {
	synopsis string
	text     string
	examples []string
}

// caseRule says what SCENARIO[/CASE] means, for every command that takes one.
const caseRule = "SCENARIO[/CASE] names a scenario and one of its cases (a case is a named set of knob values,\n" +
	"one of the article's runs). Without /CASE the scenario's default case runs: `loomsim list` marks\n" +
	"it, and the command says on stderr which case it chose."

// helps holds every command's help, by command name.
var helps = map[string]commandHelp{
	"list": {
		synopsis: "loomsim list",
		text:     "Lists the scenarios, their titles and their cases; (default) marks the case that runs when none is named.",
		examples: []string{"loomsim list"},
	},
	"params": {
		synopsis: "loomsim params SCENARIO",
		text: "Lists a scenario's knobs (the settings --set changes): type, default, allowed values and meaning,\n" +
			"then its cases and the knob values each sets, then the metrics it reports and what each counts.",
		examples: []string{"loomsim params vt-pooling"},
	},
	"profile": {
		synopsis: "loomsim profile SCENARIO",
		text:     "Prints the scenario's constants taken from its article, how each was derived and which figure, if any, it was fitted to (Markdown).",
		examples: []string{"loomsim profile request-load"},
	},
	"run": {
		synopsis: "loomsim run SCENARIO[/CASE] [--set knob=value]... [--seed N] [--json]",
		text: "Runs one case to its end and prints its metrics: a header line (outcome, virtual time simulated,\n" +
			"events processed, wall-clock time taken), then one metric a line. --json prints one object instead.\n" +
			"--set changes a knob (`loomsim params SCENARIO` lists them); --seed picks the random draws (default 1):\n" +
			"the same scenario, knobs and seed always give the same numbers. A \"seed\" line says whether the run\n" +
			"drew anything at random (--json: drew_at_random); where it drew nothing, another seed gives the same\n" +
			"numbers. A metric the run could not measure is left out (from --json too) and named on a last line,\n" +
			"\"not measured\": throughput when the run ended before its measurement window opened (an\n" +
			"OutOfMemoryError during warmup_s), latencies when no request completed in that window, the carriers'\n" +
			"utilization when the run started no carrier.\n\n" + caseRule,
		examples: []string{"loomsim run request-load/pool-200 --set requests=1000",
			"loomsim run vt-pooling/1g-pool --json"},
	},
	"verify": {
		synopsis: "loomsim verify [SCENARIO] [--json]",
		text: "Runs every case an article's figures need and compares the model with each figure: its role\n" +
			"(calibrated: a constant was fitted to it; predicted: nothing was), the article's value, the model's,\n" +
			"the accepted range (the model values the figure's tolerance lets pass) and the status (pass,\n" +
			"fail, or deviation: a figure the model cannot reproduce honestly, declared with the reason; it\n" +
			"is not a pass). The table rounds the values into the metric's unit; --json keeps the model's\n" +
			"value whole and gives the tolerance's notation too. Exit status 1 if a figure fails.",
		examples: []string{"loomsim verify request-load", "loomsim verify --json"},
	},
	"trace": {
		synopsis: "loomsim trace SCENARIO[/CASE] --until DURATION [--set knob=value]... [--seed N]",
		text:     "Prints every event the picture animates, up to a virtual time (DURATION: 500us, 10ms, 2s).\n\n" + traceLegend() + "\n" + caseRule,
		examples: []string{"loomsim trace request-load/virtual-per-request --set requests=3 --until 5ms"},
	},
	"sweep": {
		synopsis: sweepUsage,
		text: "Runs the case once per point of a numeric knob's range (K=LO:HI:N: N points from LO to HI, evenly\n" +
			"spaced, or :linear; :log for a geometric series) and per --side (knob values such as pool=true, or\n" +
			"case=CASE), and prints the chosen metrics per point and side (a table, --csv or --json). Progress\n" +
			"goes to stderr.\n\n" + caseRule,
		examples: []string{"loomsim sweep vt-pooling/1g-pool --knob heap_mb=512:4096:8 --side pool=true --side pool=false --metric full_gcs"},
	},
	"gclog": {
		synopsis: "loomsim gclog summary|diagnose|fit FILE [--json]",
		text: "Reads a HotSpot GC log (JDK 9+, -Xlog:gc*): summary says what it shows in plain words, diagnose what\n" +
			"it suggests, fit the gc-lab knobs that make the model behave like it and how close it came.",
		examples: []string{"loomsim gclog summary testdata/gclog/serial-64m-pooled.log"},
	},
	"jvm": {
		synopsis: "loomsim jvm gc-lab [--set knob=value]... [--keep PREFIX | --replay PREFIX] [--json]\n" +
			"  loomsim jvm sweep --keep DIR | --replay DIR [--fidelity FILE]",
		text: "Needs a JDK: runs jvm/GcLab.java, the Java twin of the gc-lab scenario, and compares its GC log with\n" +
			"the model (jvm gc-lab), or runs make jvm-check's sweep of points and writes the table (jvm sweep).\n" +
			"--keep PREFIX keeps the run (PREFIX.log, PREFIX.twin.json, PREFIX.command); --replay PREFIX compares a\n" +
			"kept run again without a JDK, at the knobs of its command (PREFIX.command); --set then overrides those\n" +
			"knobs, and the report says which.",
		examples: []string{"loomsim jvm gc-lab --set heap_mb=128", "loomsim jvm gc-lab --replay testdata/jvm-check/serial-64m-pooled-500"},
	},
}

// writeCommandHelp prints one command's help.
func writeCommandHelp(w io.Writer, name string) {
	h := helps[name]
	fmt.Fprintf(w, "usage:\n  %s\n\n%s\n\nexample:\n", h.synopsis, h.text)
	for _, e := range h.examples {
		fmt.Fprintf(w, "  %s\n", e)
	}
}

// writeOverview prints what the tool is, its commands, an example and the
// scenarios with their default cases: what a newcomer needs to start.
func writeOverview(w io.Writer) {
	fmt.Fprintf(w, "%s\n\n%s\n\nexample:\n  loomsim run request-load/pool-200 --set requests=1000\n\nscenarios (default case):\n", about, usage)
	for _, s := range scenario.All() {
		fmt.Fprintf(w, "  %-13s (%s)\n", s.ID, s.DefaultCase)
	}
	fmt.Fprintln(w, "\n`loomsim list` shows every case; `loomsim help COMMAND` or `loomsim COMMAND --help` explains one command.")
}

// wantsHelp reports whether a command's arguments ask for its help.
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			return true
		}
	}
	return false
}

// traceField says what a trace line's a= and b= hold for one event kind.
type traceField struct {
	kind sim.EventKind
	a, b string
}

// traceLegend explains a trace line, with the numbered codes of the
// model's own enumerations, so the help says what the model writes.
func traceLegend() string {
	roles := codes(sim.RoleBase, sim.RoleAcceptor)
	reasons := codes(sim.ParkSocket, sim.ParkFile)
	causes := codes(sim.CauseAllocation, sim.CauseNoRoom)
	tiers := codes(sim.TierInterp, sim.TierC2)
	fields := []traceField{
		{sim.EvThreadStart, "1 virtual, 0 platform", "the thread's role: " + roles},
		{sim.EvThreadEnd, "1 virtual, 0 platform", ""},
		{sim.EvCarrierStart, "the carrier's number", ""},
		{sim.EvMount, "words of stack thawed (copied back from its StackChunk)", ""},
		{sim.EvFreeze, "words of stack frozen", "1 written in place into its chunk, 2 into an empty chunk reused (reuse_fix), 3 into a new chunk"},
		{sim.EvUnmount, "why it parked: " + reasons, "words frozen"},
		{sim.EvPinned, "why it parked while pinned to its carrier (same codes)", ""},
		{sim.EvPark, "why a platform thread blocked (same codes)", ""},
		{sim.EvUnpark, "1 virtual, 0 platform", ""},
		{sim.EvGCYoung, "bytes copied", "bytes promoted to the old generation"},
		{sim.EvGCFull, "live bytes after", "cause: " + causes},
		{sim.EvGCPause, "the pause's length in ns", "1 if it includes a Full GC"},
		{sim.EvGCEnd, "", ""},
		{sim.EvTier, "the method's number", "its new JIT tier: " + tiers},
		{sim.EvFork, "subtasks forked", ""},
		{sim.EvWin, "the winning subtask's index", ""},
		{sim.EvCancel, "the cancelled subtask's index", ""},
		{sim.EvRouterSwitch, "the model chosen", "races so far"},
		{sim.EvOOM, "", ""},
	}
	var b strings.Builder
	b.WriteString("Each line is one event:  TIME KIND t=THREAD c=CARRIER a=A b=B\n")
	b.WriteString("  TIME  virtual time since the run began, in nanoseconds (5200 = 5.2 µs)\n")
	b.WriteString("  t=#N  the thread the event is about (- for none, as in a GC); ids are never reused\n")
	b.WriteString("  c=N   the carrier (a platform thread that runs virtual threads) it is on; 0 for none\n")
	b.WriteString("  a, b  two numbers whose meaning depends on KIND (0 when unused):\n")
	for _, f := range fields {
		line := "    " + fmt.Sprintf("%-14s", f.kind.String())
		switch {
		case f.a == "" && f.b == "":
			line += "-"
		case f.b == "":
			line += "a: " + f.a
		default:
			line += "a: " + f.a + "; b: " + f.b
		}
		b.WriteString(line + "\n")
	}
	b.WriteString("The last line counts the events and hashes them: the same scenario, knobs and seed give the same hash.\n")
	return b.String()
}

// codes lists an enumeration's values from first to last as "1 jvm, 2 main, ...".
func codes[T interface {
	~uint8
	String() string
}](first, last T) string {
	var parts []string
	for v := first; v <= last; v++ {
		parts = append(parts, fmt.Sprintf("%d %s", uint8(v), v.String()))
	}
	return strings.Join(parts, ", ")
}
