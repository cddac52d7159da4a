//go:build !loomlab_unchecked

package sim

// selfCheckEvents: a build with bounds checks does not self-check
// (selfcheck.go).
const selfCheckEvents = 0
