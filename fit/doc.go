// Package fit chooses gc-lab knobs that make the model behave like a HotSpot GC log: the heap,
// collector, young sizing, JDK build and CPUs from the log's header and layout; the allocation
// rate and live set from its collections. It then runs the model (a few short, deterministic
// runs, each correcting the last) and reports how close the model came, metric by metric.
//
// It lives apart from gclog and sim on purpose: gclog stays a portable, stdlib-only reader that
// knows nothing of the model, and sim (with its scenarios) knows nothing of logs. fit is the one
// place that imports both; the CLI (`loomsim gclog fit`) and the page's worker import fit. Like
// both of them it uses no clock, file system or goroutines, so the browser computes the same fit
// as the CLI.
package fit
