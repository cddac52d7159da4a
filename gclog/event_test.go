package gclog

import "testing"

// Names of collectors, kinds and spaces: each valid value has its name, and the values either
// side of the valid range (0, and one past the last) have none.
func TestNamesAtTheirBounds(t *testing.T) {
	for c, want := range map[Collector]string{0: "unknown", Serial: "serial", Shenandoah: "shenandoah", Shenandoah + 1: "unknown", -1: "unknown"} {
		if got := c.String(); got != want {
			t.Errorf("Collector(%d) = %q, want %q", int(c), got, want)
		}
	}
	for k, want := range map[Kind]string{0: "invalid", Young: "young", Degenerated: "degenerated", Degenerated + 1: "invalid", -1: "invalid"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d) = %q, want %q", int(k), got, want)
		}
	}
	for s, want := range map[Space]string{0: "invalid", YoungGen: "young", Archive: "archive", Archive + 1: "invalid", -1: "invalid"} {
		if got := s.String(); got != want {
			t.Errorf("Space(%d) = %q, want %q", int(s), got, want)
		}
	}
}
