//go:build loomlab_unchecked

package sim

// selfCheckEvents is how many events apart a build without bounds checks
// checks the model's invariants (selfcheck.go). A check of vt-pooling's
// ~10,000 threads takes ~1.3 ms natively, a few in WebAssembly; every
// ~1 M events it costs ~2 % of a run.
const selfCheckEvents = 1 << 20
